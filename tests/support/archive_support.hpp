// What the archive command tests (find, dedup, normalize, split, tree, stats, html) take from
// tests/support, named once for all of them: a test file includes this header only (test code;
// no other file includes it).
#pragma once

#include <filesystem>

#include "tests/support/support.hpp"

namespace scribe {

namespace fs = std::filesystem;
using test::lines_of;
using test::read_file;
using test::run_scribe;
using test::TempDir;
using test::write_file;

}  // namespace scribe
