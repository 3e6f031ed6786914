// Every record under corpus/<game>/ against its expectation (design.md, "Tests"):
//   valid/            every record valid; with a .expected beside it, exactly those warnings,
//                     otherwise no diagnostic at all
//   invalid/          the first line of every diagnostic equals the .expected file
//   lenient/valid/    as valid/, with --lenient
//   lenient/invalid/  as invalid/, with --lenient
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;

struct CorpusFile {
  fs::path path;      // absolute
  std::string rel;    // relative to corpus/, with '/'
  bool lenient = false;
  bool expect_valid = true;
};

// Names the file in test output (instead of its bytes).
void PrintTo(const CorpusFile& f, std::ostream* os) { *os << f.rel; }

std::vector<CorpusFile> corpus_files() {
  std::vector<CorpusFile> files;
  const fs::path root = test::source_dir() / "corpus";
  // corpus/container/ holds records about the container itself (record.* codes).
  std::vector<std::string> folders;
  for (const auto& entry : app::catalog()) folders.push_back(entry.game->info().name);
  if (!folders.empty()) folders.push_back("container");
  for (const auto& folder : folders) {
    const fs::path game_dir = root / folder;
    for (const auto& [sub, lenient, valid] :
         {std::tuple{"valid", false, true}, std::tuple{"invalid", false, false},
          std::tuple{"lenient/valid", true, true}, std::tuple{"lenient/invalid", true, false}}) {
      const fs::path dir = game_dir / sub;
      if (!fs::is_directory(dir)) continue;
      std::vector<fs::path> recs;
      for (const auto& f : fs::directory_iterator(dir))
        if (f.path().extension() == ".rec") recs.push_back(f.path());
      std::sort(recs.begin(), recs.end());
      for (const auto& p : recs)
        files.push_back({p, fs::relative(p, root).generic_string(), lenient, valid});
    }
  }
  return files;
}

std::string file_name(const testing::TestParamInfo<CorpusFile>& info) {
  std::string name;
  for (char c : info.param.rel) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

// Validates one corpus file in-process and returns the headline of every diagnostic.
std::vector<std::string> headlines(const CorpusFile& f, bool* all_valid) {
  notation::RecordReader reader(f.rel);
  std::vector<std::string> out;
  *all_valid = true;
  if (auto problem = reader.open_file(f.path)) {
    *all_valid = false;
    out.push_back(notation::format_headline(f.rel, problem->diagnostic));
    return out;
  }
  engine::ReplayOptions ro;
  ro.mode = f.lenient ? engine::Mode::kLenient : engine::Mode::kStrict;
  while (auto record = reader.next()) {
    const auto rr = engine::replay(app::catalog_games(), *record, ro);
    if (!rr.valid()) *all_valid = false;
    for (const auto& d : rr.diagnostics) out.push_back(notation::format_headline(f.rel, d));
  }
  if (auto problem = reader.finish()) {
    *all_valid = false;
    out.push_back(notation::format_headline(f.rel, problem->diagnostic));
  }
  return out;
}

class Corpus : public testing::TestWithParam<CorpusFile> {};

TEST_P(Corpus, MatchesItsExpectation) {
  const CorpusFile& f = GetParam();
  bool all_valid = false;
  const std::vector<std::string> actual = headlines(f, &all_valid);
  fs::path expected_path = f.path;
  expected_path.replace_extension(".expected");
  std::vector<std::string> expected;
  if (fs::exists(expected_path)) {
    for (const auto& line : test::lines_of(test::read_file(expected_path)))
      if (!line.empty()) expected.push_back(line);
  } else {
    ASSERT_TRUE(f.expect_valid) << f.rel << ": an invalid record needs its .expected file";
  }
  if (f.expect_valid) EXPECT_TRUE(all_valid) << f.rel << " should be valid";
  else EXPECT_FALSE(all_valid) << f.rel << " should be invalid";
  EXPECT_EQ(actual, expected) << f.rel;
}

INSTANTIATE_TEST_SUITE_P(Records, Corpus, testing::ValuesIn(corpus_files()), file_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Corpus);

}  // namespace
}  // namespace scribe

namespace scribe {
namespace {

// Every text of every .expected file under corpus/.
std::string all_expectations() {
  std::string all;
  const fs::path root = test::source_dir() / "corpus";
  if (!fs::is_directory(root)) return all;
  for (const auto& f : fs::recursive_directory_iterator(root))
    if (f.path().extension() == ".expected") all += test::read_file(f.path());
  return all;
}

// spec/README.md: every error code of a game spec and of record-format.md has at least one
// invalid record in corpus/ that produces it.
TEST(CorpusCoverage, EveryGameCodeHasAnInvalidRecord) {
  const std::string all = all_expectations();
  // Codes a spec lists that no position can produce, each with the reason:
  // savoya.stalemate (savoya.md 8.3): a side is stuck only if every cell within 6 steps of each
  // movable piece, in each direction, holds two or more pieces topped by another colour; those
  // stacks are movable by their own sides, so the same holds for them, and the chain covers
  // whole paths. Any 7 consecutive cells would then need 7 different top colours, and there
  // are only 4. The code stays listed (the spec names it) and the engine still checks it.
  const std::vector<std::string> unreachable = {"savoya.stalemate"};
  for (const auto& entry : app::catalog()) {
    for (const auto& code : entry.game->info().codes) {
      if (std::find(unreachable.begin(), unreachable.end(), code.code) == unreachable.end()) {
        EXPECT_NE(all.find("[" + code.code + "]"), std::string::npos)
          << code.code << " has no record in corpus/ that produces it";
      }
    }
  }
}

TEST(CorpusCoverage, EveryContainerCodeHasAnInvalidRecord) {
  if (app::catalog().empty()) GTEST_SKIP() << "no game in this build";
  const std::string all = all_expectations();
  // record.io needs a file the system cannot read, which git cannot hold; it is tested in
  // tests/cli. record.internal is never expected.
  for (const char* code :
       {"record.encoding", "record.no-records", "record.bad-tag", "record.missing-game",
        "record.unknown-game", "record.bad-option", "record.bad-setup", "record.bad-result",
        "record.move-number", "record.unclosed-comment", "record.bad-token",
        "record.result-mismatch"})
    EXPECT_NE(all.find(std::string("[") + code + "]"), std::string::npos)
        << code << " has no record in corpus/ that produces it";
}

}  // namespace
}  // namespace scribe
