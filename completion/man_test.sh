#!/usr/bin/env bash
# Checks the generated manual page: usage man_test.sh scribe.1 path/to/scribe
set -u
page="$1"
scribe="$2"
[[ -f $page ]] || { echo "FAIL: $page was not generated"; exit 1; }
fail=0
grep -q '^\.TH SCRIBE "1"' "$page" || { echo "FAIL: no .TH SCRIBE \"1\" line"; fail=1; }
version=$("$scribe" --version | sed -n '1s/^scribe //p')
grep -q "$version" "$page" || { echo "FAIL: the version '$version' is not in the page"; fail=1; }
# Every command of the general help has its own subsection with its help.
while read -r cmd _; do
  grep -q "^\.SS \"scribe $cmd\"" "$page" || { echo "FAIL: no subsection for $cmd"; fail=1; }
done < <("$scribe" --help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z]*\).*/\1/p')
grep -q -- '--max-plies' "$page" || { echo "FAIL: validate's --max-plies is missing"; fail=1; }
[[ $fail -eq 0 ]] && echo "man page: all checks passed"
exit $fail
