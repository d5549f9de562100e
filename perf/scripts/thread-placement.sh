#!/usr/bin/env bash
# What the scheduler's placement of threads does to a small call on this 2-core machine: a plain
# client (PlainLoop: the generated stub on an ORB created with its class names, in a tight loop)
# against catalog_server, first with nothing pinned, then with the client's JVM on CPU 0 and the
# server on CPU 1 (taskset), twice over. Prints each run's round medians.
#
#   mvn -q -DskipTests install        # builds everything once (the perf module writes its classpaths)
#   perf/scripts/thread-placement.sh [ORB] [rounds] [calls] [bytes]    # JACORB 20 1000 1024
#
# Starts omniNames and the server on free loopback ports and stops them by the PIDs it started.
set -euo pipefail
orb=${1:-JACORB}
rounds=${2:-20}
calls=${3:-1000}
bytes=${4:-1024}
source "$(dirname "$0")/catalog-servers.sh"
perf_classpath "$orb"
# the server on CPU 1 for every run: only the client moves between pinned and not
start_catalog_servers taskset -c 1
loop() { "$@" java -cp "$classpath" org.corbabridge.perf.worker.PlainLoop "$naming" "$orb" "$rounds" "$calls" "$bytes" 2>/dev/null | grep 'round medians'; }
for pass in 1 2; do
  echo "pass $pass, $orb, $bytes bytes, client not pinned: $(loop)"
  echo "pass $pass, $orb, $bytes bytes, client on CPU 0:  $(loop taskset -c 0)"
done
