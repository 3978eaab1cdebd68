#!/bin/sh
# Re-record the stock referee's transcripts listed in cases.tsv (see README.md):
#   tests/data/rogue/record.sh DIR
# where DIR holds the stock Game.java, Dungeon.java, Site.java and In.java.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
stock=${1:?usage: record.sh DIR (the stock Game.java, Dungeon.java, Site.java, In.java)}
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
javac -d "$classes" "$stock/Game.java" "$stock/Dungeon.java" "$stock/Site.java" \
  "$stock/In.java" "$here/players/Script.java" "$here/players/Monster.java" \
  "$here/players/Rogue.java"
grep -v '^#' "$here/cases.tsv" | while IFS='	' read -r name dungeon monster rogue max status; do
  [ -n "$name" ] || continue
  [ "$monster" = - ] && monster=
  [ "$rogue" = - ] && rogue=
  set +e
  java -cp "$classes" -Dmoves.monster="$monster" -Dmoves.rogue="$rogue" Game \
    <"$root/$dungeon" >"$here/$name.stdout" 2>"$here/$name.stderr"
  got=$?
  set -e
  if [ "$got" != "$status" ]; then
    echo "$name: the stock referee exited with $got, cases.tsv says $status" >&2
    exit 1
  fi
  echo "$name: exit $got, $(wc -c <"$here/$name.stdout") bytes"
done
