// Helpers shared by the tests: paths, files, running the scribe binary.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/catalog.hpp"

// Skips the test in a build without game `g` (cmake/ScribeGames.cmake chooses the games built).
#define SCRIBE_REQUIRE_GAME(g) \
  if (::scribe::app::find_entry(g) == nullptr) GTEST_SKIP() << (g) << " is not in this build"

namespace scribe::test {

// The repository root and the built scribe binary.
std::filesystem::path source_dir();
std::filesystem::path scribe_binary();

// Reads a whole file; fails the current test when it cannot.
std::string read_file(const std::filesystem::path& path);
// Writes a file, creating its folder.
void write_file(const std::filesystem::path& path, const std::string& text);

// A fresh, empty temporary folder for one test, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// What a run of scribe produced.
struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
  long peak_rss_kib = 0;  // the child's peak resident set size (getrusage), KiB
};

// Runs the scribe binary with `args` (no shell), optionally feeding `input` on standard input,
// from the repository root.
RunResult run_scribe(const std::vector<std::string>& args, const std::string& input = "");
// Runs the scribe binary with its standard input read from the file `input_file` (so that the
// test process does not hold a large input in memory). Note that peak_rss_kib also counts what
// the forked test process held before it became scribe: a bound it meets is met by scribe.
RunResult run_scribe_from_file(const std::vector<std::string>& args,
                               const std::filesystem::path& input_file);

// Splits text into lines (without their endings).
std::vector<std::string> lines_of(const std::string& text);

}  // namespace scribe::test
