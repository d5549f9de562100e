#!/usr/bin/env bash
# What the JIT compiles while the payload part's rounds run: the payload part with every JVM
# logging its compilations (-Xlog:jit+compilation, through JAVA_TOOL_OPTIONS), the study's output
# time-stamped, then per worker the compilations between the first round and the last, by tier,
# by package and by minute.
#
#   perf/scripts/jit-in-rounds.sh [plan]      # plan: standard (default, ~4 min) or full (~18 min)
#
# The workers are told apart by what their logs compiled: StandaloneCaller is CC's JVM, OpenEJB
# an EJB worker's (ASIO or ASRO); the ORB by its packages.
set -euo pipefail
plan=${1:-standard}
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d)
echo "JIT logs and the study's output in $out"
cd "$here"
JAVA_TOOL_OPTIONS="-Xlog:jit+compilation=debug:file=$out/jit-%p.log:time" \
  mvn -B -Pstudy -DskipTests verify -Dstudy.plan="$plan" -Dstudy.parts=payload 2>&1 \
  | while IFS= read -r line; do printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%S.%3N)" "$line"; done \
  > "$out/study.log"
python3 - "$out" <<'EOF'
import collections, glob, re, sys
out = sys.argv[1]
rounds = [l.split(' ', 1)[0] for l in open(f'{out}/study.log') if re.search(r'study: round \d+/\d+ ', l)]
if not rounds:
    sys.exit('no rounds in the study output: see ' + out + '/study.log')
start, end = rounds[0], rounds[-1]
print(f'rounds from {start} to {end} (UTC)')
line = re.compile(r'\[(\S+?)[+-]\d{4}\]\s+\d+\s+\S*\s+(\d)\s+(\S+)')
seen = collections.Counter()
for path in sorted(glob.glob(f'{out}/jit-*.log')):
    text = open(path, errors='replace').read()
    worker = 'CC' if 'StandaloneCaller' in text else 'EJB' if 'openejb' in text else None
    orb = 'JacORB' if 'org.jacorb' in text else 'Eclipse ORB' if 'com.sun.corba.ee' in text \
        else 'OpenJDK ORB' if 'com.sun.corba.se' in text else None
    if worker is None or orb is None or 'PayloadWorker' not in text and worker == 'CC':
        continue
    seen[(worker, orb)] += 1
    tiers, packages, minutes, not_entrant = collections.Counter(), collections.Counter(), collections.Counter(), 0
    for l in text.splitlines():
        m = line.match(l)
        if not m or not (start <= m.group(1) <= end):
            continue
        if 'made not entrant' in l:
            not_entrant += 1
            continue
        tiers[m.group(2)] += 1
        packages['.'.join(m.group(3).split('::')[0].split('.')[:3])] += 1
        minutes[m.group(1)[11:16]] += 1
    name = f'{worker} {orb}' + (f' ({seen[(worker, orb)]})' if worker == 'EJB' else '')
    print(f'\n{name}: {sum(tiers.values())} compilations during the rounds, by tier {dict(sorted(tiers.items()))}, '
          f'{not_entrant} made not entrant')
    print('  by package:', ', '.join(f'{p} {n}' for p, n in packages.most_common(8)))
    print('  by minute: ', ', '.join(f'{t} {n}' for t, n in sorted(minutes.items())))
EOF
