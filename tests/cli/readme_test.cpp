// The README's example session, run exactly as written from a copy of the repository root, its
// output compared line by line (only the elapsed time of the summary line is masked).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::source_dir;
using test::TempDir;

// One command of the session and the output the README shows for it.
struct Step {
  std::string command;
  std::string expected;
};

// The steps of the first code block under "## Example session": a line "$ CMD" starts a step,
// the lines up to the next "$ " line are its output (blank lines before that line excluded).
std::vector<Step> example_session(const std::string& readme) {
  std::vector<Step> steps;
  const std::size_t section = readme.find("\n## Example session\n");
  if (section == std::string::npos) return steps;
  const std::size_t open = readme.find("\n```\n", section);
  const std::size_t next_section = readme.find("\n## ", section + 1);
  if (open == std::string::npos || (next_section != std::string::npos && open > next_section))
    return steps;
  const std::size_t close = readme.find("\n```\n", open + 4);
  if (close == std::string::npos) return steps;
  for (const std::string& line : test::lines_of(readme.substr(open + 5, close - open - 4))) {
    if (line.rfind("$ ", 0) == 0) {
      steps.push_back({line.substr(2), ""});
    } else if (!steps.empty()) {
      steps.back().expected += line + "\n";
    }
  }
  for (Step& s : steps)
    while (s.expected.size() >= 2 && s.expected.substr(s.expected.size() - 2) == "\n\n")
      s.expected.pop_back();
  return steps;
}

// The elapsed time of validate's summary line, the one part of the output that may differ.
std::string mask_time(const std::string& text) {
  static const std::regex kTime(R"re( in [0-9]+\.[0-9]+ s\n)re");
  return std::regex_replace(text, kTime, " in <time> s\n");
}

// Runs `command` with /bin/sh in `dir`, standard error merged into standard output.
std::string run_shell(const fs::path& dir, const std::string& command, int* status) {
  // In a sanitizer build LeakSanitizer would add its list of suppressions to the output.
  const char* lsan = std::getenv("LSAN_OPTIONS");
  const std::string quiet_lsan =
      std::string(lsan != nullptr && *lsan != '\0' ? std::string(lsan) + ":" : "") +
      "print_suppressions=0";
  const std::string line = "cd '" + dir.string() + "' && LSAN_OPTIONS='" + quiet_lsan +
                           "' && export LSAN_OPTIONS && { " + command + " ; } 2>&1";
  FILE* pipe = ::popen(line.c_str(), "r");
  if (pipe == nullptr) {
    *status = -1;
    return "";
  }
  std::string out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  const int rc = ::pclose(pipe);
  *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

TEST(Readme, ExampleSessionIsFound) {
  const auto steps = example_session(read_file(source_dir() / "README.md"));
  ASSERT_GE(steps.size(), 3u) << "README.md has no example session with $ commands";
  for (const Step& s : steps)
    EXPECT_TRUE(s.command.rfind("build/scribe ", 0) == 0 || s.command.rfind("ls ", 0) == 0)
        << "a step the test does not expect: " << s.command;
}

// The session runs in a fresh folder that looks like the repository root after the build:
// build/ is the folder of the scribe binary under test and corpus/ the repository's corpus, so
// files the session writes (pics/) do not land in the source tree.
TEST(Readme, ExampleSessionRunsAsWritten) {
  const auto steps = example_session(read_file(source_dir() / "README.md"));
  ASSERT_FALSE(steps.empty());
  TempDir dir;
  fs::create_directory_symlink(test::scribe_binary().parent_path(), dir.path() / "build");
  fs::create_directory_symlink(source_dir() / "corpus", dir.path() / "corpus");
  for (const Step& s : steps) {
    int status = 0;
    const std::string out = run_shell(dir.path(), s.command, &status);
    EXPECT_EQ(mask_time(out), mask_time(s.expected)) << "$ " << s.command;
  }
}

// The parser and the mask on a made-up README, so that a change that breaks them shows here.
TEST(Readme, SessionParserAndTimeMask) {
  const std::string readme =
      "# x\n\n## Example session\n\nText.\n\n```\n$ build/scribe a\none\n\n$ ls b\ntwo\nthree\n"
      "```\n\n## Next\n";
  const auto steps = example_session(readme);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].command, "build/scribe a");
  EXPECT_EQ(steps[0].expected, "one\n");
  EXPECT_EQ(steps[1].command, "ls b");
  EXPECT_EQ(steps[1].expected, "two\nthree\n");
  EXPECT_EQ(mask_time("1 records: ...; 4 plies in 12.34 s\n"),
            "1 records: ...; 4 plies in <time> s\n");
  EXPECT_NE(mask_time("4 plies in 0.00 s\n"), mask_time("5 plies in 0.00 s\n"));
}

}  // namespace
}  // namespace scribe
