#!/usr/bin/env bash
# Makes sure the Debian packages that build and run the C++ side are present: as root it
# installs what is missing, otherwise it stops with the one apt-get line to run.
set -euo pipefail

# clang and its runtime for the libFuzzer target of the query parser; OpenSSL for omniORB's
# SSL transport (giop:ssl) and for the test keys; Chromium, in which the study's report is
# opened by its test (perf's ReportInBrowserTest); omniORB's own examples, prebuilt (omniorb-doc: cb_server,
# bd_server), the OMG services' IDL (omniorb-idl) and the omniEvents event channel (omnievents), which
# adapter-tests' OmniOrbCallBackExamplesTest and OmniEventsChannelTest start as a user would
PACKAGES="g++ make cmake pkg-config libomniorb4-dev omniidl omniorb-nameserver omniorb clang libclang-rt-14-dev libssl-dev openssl chromium omniorb-doc omniorb-idl omnievents"

missing=""
for tool in g++ make cmake pkg-config omniidl omniNames clang++ openssl chromium; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if command -v pkg-config >/dev/null 2>&1 && ! pkg-config --exists omniORB4 2>/dev/null; then
  missing="$missing omniORB4-headers"
fi

[ -f /usr/include/openssl/ssl.h ] || missing="$missing openssl-headers"
[ -x /usr/lib/omniorb/examples/call_back/cb_server ] || missing="$missing omniorb-doc"
[ -f /usr/share/idl/omniORB/COS/CosEventChannelAdmin.idl ] || missing="$missing omniorb-idl"
[ -x /usr/sbin/omniEvents ] || missing="$missing omnievents"

if ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  missing="$missing libFuzzer-runtime"
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "native prerequisites missing:$missing; installing: $PACKAGES"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # omniorb-nameserver and omnievents ship system services; nothing here starts them: tests run their own
  apt-get install -y -qq --no-install-recommends $PACKAGES >/dev/null
  exit 0
fi

echo "ERROR: native prerequisites missing:$missing" >&2
echo "Install them with:  sudo apt-get install -y $PACKAGES" >&2
exit 1
