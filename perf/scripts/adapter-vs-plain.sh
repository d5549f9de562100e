#!/usr/bin/env bash
# The adapter against a plain client outside the study (SideBySideLoop: the plain client, the
# generated stub on the adapter's ORB and the Catalog adapter, side by side in blocks of 5 calls,
# as the study measures them), in several JVMs one after another: each JVM is one placement of its
# threads on the two CPUs, and the ratios move with it. Prints one line per JVM.
#
#   mvn -q -DskipTests install        # builds everything once (the perf module writes its classpaths)
#   perf/scripts/adapter-vs-plain.sh [ORB] [jvms] [rounds] [calls] [bytes]    # JACORB 3 15 2000 12
#
# Starts omniNames and the server on free loopback ports and stops them by the PIDs it started.
set -euo pipefail
orb=${1:-JACORB}
jvms=${2:-3}
rounds=${3:-15}
calls=${4:-2000}
bytes=${5:-12}
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$(dirname "$0")/catalog-servers.sh"
case $orb in JACORB) file=jacorb ;; ECLIPSE_ORB) file=eclipse-orb ;; OPENJDK_ORB) file=openjdk-orb ;;
  *) echo "ORB: JACORB, ECLIPSE_ORB or OPENJDK_ORB" >&2; exit 2 ;; esac
classpath_file=$here/perf/target/classpath-$file.txt
[ -x "$programs/catalog_server" ] && [ -f "$classpath_file" ] && [ -d "$here/perf/target/classes" ] \
  || { echo "build first: mvn -q -DskipTests install" >&2; exit 2; }
classpath="$here/perf/target/classes:$(cat "$classpath_file")"
start_catalog_servers
for jvm in $(seq "$jvms"); do
  echo "JVM $jvm: $(java -cp "$classpath" org.corbabridge.perf.worker.SideBySideLoop "$naming" "$orb" "$rounds" \
    "$calls" "$bytes" 2>/dev/null | grep ' B:')"
done
