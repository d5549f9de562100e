# Sourced by the scripts beside it: omniNames and catalog_server on free loopback ports, stopped
# by the PIDs started here when the script exits.
#
#   source "$(dirname "$0")/catalog-servers.sh"
#   start_catalog_servers [command prefix for the server, e.g. taskset -c 1]
#   ... "$naming" is the name service's corbaname URL, "$programs" the native programs' directory
#   perf_classpath ORB     # sets "$classpath": the perf module's classes and that ORB's jars, or exits
programs=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/cpp-catalog-server/target/classes/org/corbabridge/fixture/programs
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
start_catalog_servers() {
  local port
  port=$(free_port)
  omniNames -start "$port" -always -datadir "$work" -ORBendPoint "giop:tcp:127.0.0.1:$port" >"$work/names.log" 2>&1 &
  pids+=($!)
  naming=corbaname::127.0.0.1:$port
  for _ in $(seq 50); do nameclt -ORBInitRef "NameService=$naming" list >/dev/null 2>&1 && break; sleep 0.1; done
  # a prefix such as taskset execs the server: $! is still the server's PID
  "$@" "$programs/catalog_server" --naming "$naming" >"$work/server.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do nameclt -ORBInitRef "NameService=$naming" list 2>/dev/null | grep -q Catalog && break; sleep 0.1; done
}
perf_classpath() {
  local here file
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  case $1 in JACORB) file=jacorb ;; ECLIPSE_ORB) file=eclipse-orb ;; OPENJDK_ORB) file=openjdk-orb ;;
    *) echo "ORB: JACORB, ECLIPSE_ORB or OPENJDK_ORB" >&2; exit 2 ;; esac
  [ -x "$programs/catalog_server" ] && [ -f "$here/perf/target/classpath-$file.txt" ] && [ -d "$here/perf/target/classes" ] \
    || { echo "build first: mvn -q -DskipTests install" >&2; exit 2; }
  classpath="$here/perf/target/classes:$(cat "$here/perf/target/classpath-$file.txt")"
}
