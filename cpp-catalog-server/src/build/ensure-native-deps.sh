#!/usr/bin/env bash
# Makes sure the Debian packages that build and run the C++ side are present: as root it
# installs what is missing, otherwise it stops with the one apt-get line to run.
set -euo pipefail

# clang and its runtime for the libFuzzer target of the query parser; OpenSSL for omniORB's
# SSL transport (giop:ssl) and for the test keys; Chromium, in which the study's report is
# opened by its test (perf's ReportInBrowserTest)
PACKAGES="g++ make cmake pkg-config libomniorb4-dev omniidl omniorb-nameserver omniorb clang libclang-rt-14-dev libssl-dev openssl chromium"

missing=""
for tool in g++ make cmake pkg-config omniidl omniNames clang++ openssl chromium; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if command -v pkg-config >/dev/null 2>&1 && ! pkg-config --exists omniORB4 2>/dev/null; then
  missing="$missing omniORB4-headers"
fi

[ -f /usr/include/openssl/ssl.h ] || missing="$missing openssl-headers"

if ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  missing="$missing libFuzzer-runtime"
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "native prerequisites missing:$missing; installing: $PACKAGES"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # omniorb-nameserver ships a system service; nothing here starts it: tests run their own
  apt-get install -y -qq --no-install-recommends $PACKAGES >/dev/null
  exit 0
fi

echo "ERROR: native prerequisites missing:$missing" >&2
echo "Install them with:  sudo apt-get install -y $PACKAGES" >&2
exit 1
