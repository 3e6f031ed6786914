#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds the example consumer
# (examples/consumer) against it both ways, with CMake (find_package(scribe)) and with
# pkg-config, then runs each on a valid record (exit 0) and an invalid one (exit 1).
# Usage: tests/install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || {
  cat "$tmp/install.log" >&2; fail "cmake --install failed"; }
for f in bin/scribe include/scribe/scribe.hpp include/scribe/version.hpp lib/libscribe.so \
         lib/libscribe.so.0 lib/cmake/scribe/scribeConfig.cmake \
         lib/cmake/scribe/scribeConfigVersion.cmake lib/cmake/scribe/scribeTargets.cmake \
         lib/pkgconfig/scribe.pc share/bash-completion/completions/scribe; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done
if [ -f "$build/scribe.1" ]; then
  [ -e "$prefix/share/man/man1/scribe.1" ] || fail "share/man/man1/scribe.1 is not installed"
fi
version=$(sed -n 's/^project(scribe VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ "$(readlink "$prefix/lib/libscribe.so.0")" = "libscribe.so.$version" ] ||
  fail "libscribe.so.0 does not point at libscribe.so.$version"
soname=$(objdump -p "$prefix/lib/libscribe.so.$version" | awk '/SONAME/ {print $2}')
[ "$soname" = "libscribe.so.0" ] || fail "SONAME is '$soname', not libscribe.so.0"
# Only the public API (namespace scribe) and standard-library template code is exported.
if nm -DC --defined-only "$prefix/lib/libscribe.so" | grep -E 'scribe::(engine|notation|render|app)::' >&2; then
  fail "libscribe.so exports internal symbols"
fi
"$prefix/bin/scribe" games >/dev/null || fail "the installed scribe does not run"

# Each public header compiles on its own and includes nothing but the standard library and
# other public headers.
for h in "$prefix"/include/scribe/*.hpp; do
  if grep -E '^#include' "$h" | grep -vE '^#include (<[a-z_]+>|"scribe/[a-z_]+\.hpp")$' >&2; then
    fail "$(basename "$h") includes something that is not public"
  fi
  echo "#include \"scribe/$(basename "$h")\"" |
    c++ -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I"$prefix/include" -x c++ - ||
    fail "$(basename "$h") does not compile on its own"
done

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion scribe)" = "$version" ] || fail "pkg-config --modversion scribe"
cflags=$(pkg-config --cflags scribe)
case "$cflags" in *cairo*|*png*|*pegtl*|*boost*) fail "private dependencies leak into --cflags: $cflags";; esac
libs=$(pkg-config --libs scribe)
case "$libs" in *cairo*|*png*|*deflate*) fail "private dependencies leak into --libs: $libs";; esac

# 1. CMake: find_package(scribe) in a fresh project.
cmake -S "$src/examples/consumer" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$tmp/configure.log" 2>&1 || {
  cat "$tmp/configure.log" >&2; fail "the consumer does not configure"; }
cmake --build "$tmp/cmake-build" >"$tmp/build.log" 2>&1 || {
  cat "$tmp/build.log" >&2; fail "the consumer does not build with CMake"; }
# 2. pkg-config, the README's line.
# shellcheck disable=SC2046
c++ -std=c++20 -o "$tmp/pc-consumer" "$src"/examples/consumer/*.cpp $(pkg-config --cflags --libs scribe) ||
  fail "the consumer does not build with pkg-config"

valid="$src/corpus/druid/valid/001-d1-seed-sample-game.rec"
invalid="$src/corpus/druid/invalid/003-d3-lintel-on-ground.rec"
for exe in "$tmp/cmake-build/validate_record" "$tmp/pc-consumer"; do
  LD_LIBRARY_PATH="$prefix/lib" "$exe" "$valid" >/dev/null || fail "$exe: the valid record fails"
  set +e
  LD_LIBRARY_PATH="$prefix/lib" "$exe" "$invalid" >/dev/null 2>"$tmp/err"
  status=$?
  set -e
  [ "$status" -eq 1 ] || fail "$exe: the invalid record exits $status, not 1"
  grep -q 'error\[druid.lintel-on-ground\]' "$tmp/err" || fail "$exe: no diagnostic printed"
  # The program runs against the installed library, not a copy of the internals.
  # (ldd's whole output first: `grep -q` stops reading early, and under pipefail the SIGPIPE
  # that ldd then gets would fail the check now and then.)
  libs=$(LD_LIBRARY_PATH="$prefix/lib" ldd "$exe")
  grep -q "$prefix/lib/libscribe.so.0" <<<"$libs" ||
    fail "$exe does not load the installed libscribe.so.0"
done
echo "install_test: installed into $prefix; the consumer builds with CMake and pkg-config and runs"
