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
source "$(dirname "$0")/catalog-servers.sh"
perf_classpath "$orb"
start_catalog_servers
for jvm in $(seq "$jvms"); do
  echo "JVM $jvm: $(java -cp "$classpath" org.corbabridge.perf.worker.SideBySideLoop "$naming" "$orb" "$rounds" \
    "$calls" "$bytes" 2>/dev/null | grep ' B:')"
done
