#!/usr/bin/env bash
# What the char code set costs omniORB itself: the C++ catalog_client against catalog_server at
# 1 KB and 300 KB, with its native char code set ISO 8859-1 (omniORB's default, as the server's)
# and UTF-8 (which makes the server convert every string it sends, as for a JacORB client with
# JacORB's own default). Interleaved rounds; prints each round's medians and the median ratio.
#
#   mvn -q -DskipTests install -pl cpp-catalog-server -am   # builds the programs once
#   perf/scripts/omniorb-char-codeset.sh [rounds] [calls]
#
# Starts omniNames and the server on free loopback ports and stops them by the PIDs it started.
set -euo pipefail
rounds=${1:-5}
calls=${2:-300}
source "$(dirname "$0")/catalog-servers.sh"
[ -x "$programs/catalog_client" ] || { echo "build first: mvn -q -DskipTests install -pl cpp-catalog-server -am" >&2; exit 2; }
start_catalog_servers
median_us() { sort -n | awk '{a[NR]=$1} END {printf "%.1f", (NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2) / 1000}'; }
client() { ORBnativeCharCodeSet=$1 "$programs/catalog_client" --naming "$naming" --query "bytes=$2" --calls "$3" --warmup 50 | cut -d' ' -f1 | median_us; }
for bytes in 1024 307200; do
  n=$calls; [ "$bytes" -gt 10240 ] && n=$((calls / 3))
  ratios=()
  for round in $(seq "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then latin1=$(client ISO-8859-1 "$bytes" "$n"); utf8=$(client UTF-8 "$bytes" "$n");
    else utf8=$(client UTF-8 "$bytes" "$n"); latin1=$(client ISO-8859-1 "$bytes" "$n"); fi
    ratio=$(awk -v u="$utf8" -v l="$latin1" 'BEGIN {printf "%.2f", u / l}')
    ratios+=("$ratio")
    echo "bytes=$bytes round $round: ISO-8859-1 $latin1 us, UTF-8 $utf8 us, UTF-8/ISO-8859-1 $ratio"
  done
  printf '%s\n' "${ratios[@]}" | sort -n | awk -v b="$bytes" '{a[NR]=$1} END {printf "bytes=%s: median UTF-8/ISO-8859-1 %.2f (rounds %.2f-%.2f)\n", b, (NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2), a[1], a[NR]}'
done
