#!/usr/bin/env bash
# The KB's evaluation on a clinic's own documents (README "Your own documents"): for each set, a fresh data
# directory with the shipped data, that set's documents ingested as the user's, then `cita eval` on its questions
# (hybrid + cross-encoder). Usage: scripts/eval-user-docs.sh [SET ...]   (SET: holdout, holdout-2, holdout-3,
# holdout-4, holdout-5, holdout-6, holdout-7, holdout-8, holdout-9, holdout-10, holdout-11, holdout-12, dev-a, dev-b; default all). Needs `npm run build:node` and the local models.
set -euo pipefail
cd "$(dirname "$0")/.."
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(holdout holdout-2 holdout-3 holdout-4 holdout-5 holdout-6 holdout-7 holdout-8 holdout-9 holdout-10 holdout-11 holdout-12 dev-a dev-b)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npx cita seed --data-dir "$work/seeded" >/dev/null
for set in "${sets[@]}"; do
  case "$set" in
    holdout) docs=kb/eval/user-docs ;;
    holdout-*) docs="kb/eval/user-docs-${set#holdout-}" ;;
    *) docs="kb/eval/user-docs-$set" ;;
  esac
  questions="kb/eval/user-docs-$set.json"
  [ -d "$docs" ] && [ -f "$questions" ] || { echo "no set $set ($docs, $questions)" >&2; exit 2; }
  cp -r "$work/seeded" "$work/$set"
  npx cita ingest --corpus kb --from "$docs" --data-dir "$work/$set" >/dev/null
  npx cita eval --corpus kb --strategy hybrid --rerank on --set "$questions" --data-dir "$work/$set" --json |
    node -e 'const rows = JSON.parse(require("fs").readFileSync(0, "utf8")).rows; const all = rows.find((row) => row.subset === null); const r = all.refusal;
      console.log(`${process.argv[1]}: unanswerable refused ${r.refused_unanswerable}/${r.unanswerable}, answerable refused ${r.refused_answerable}/${r.answerable}, HR@3 ${all.hit_rate["@3"].toFixed(3)}`);' "$set"
done
