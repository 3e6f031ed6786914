#!/usr/bin/env bash
# Checks the generated bash completion: usage completion_test.sh scribe.bash path/to/scribe
# Each check completes a command line and looks for one word in the answer (or its absence).
set -u
comp="$1"
scribe="$2"
[[ -f $comp ]] || { echo "FAIL: $comp was not generated"; exit 1; }
# shellcheck source=/dev/null
source "$comp"
fail=0

complete_line() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _scribe
  echo "${COMPREPLY[*]}"
}
expect() {  # expect WORD COMMAND-LINE... : the completion of the line offers WORD
  local want="$1" got
  shift
  got=$(complete_line "$@")
  if [[ " $got " != *" $want "* ]]; then
    echo "FAIL: '$*' completes to '$got'; expected '$want' among them"
    fail=1
  fi
}
expect_not() {  # expect_not WORD COMMAND-LINE... : WORD is not offered
  local unwanted="$1" got
  shift
  got=$(complete_line "$@")
  if [[ " $got " == *" $unwanted "* ]]; then
    echo "FAIL: '$*' completes to '$got'; '$unwanted' should not be there"
    fail=1
  fi
}

expect validate scribe val
expect render scribe ""
expect --version scribe --ver
expect --lenient scribe validate --le
expect --stats scribe validate --st
expect_not --stats scribe show --st
expect --style scribe render --st
expect --count scribe generate --co
expect_not --lenient scribe games --le
expect soccolot scribe show --game so
expect savoy scribe validate --game sav
expect flat scribe render --style fl
expect iso scribe render --style i
expect a,full scribe render --style a
# Every command that scribe's help lists is offered.
while read -r cmd _; do
  expect "$cmd" scribe ""
done < <("$scribe" --help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z]*\).*/\1/p')

[[ $fail -eq 0 ]] && echo "completion: all checks passed"
exit $fail
