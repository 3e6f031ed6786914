// --shard I/N: the outputs of shards 1..N, concatenated in that order, are the output of the
// whole run (the summaries apart, which count each shard's share), for validate, generate,
// find and render; bad values are usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::run_scribe;
using test::TempDir;

// `text` without its lines that start with `prefix` (the JSON summary object).
std::string without_lines(const std::string& text, const std::string& prefix) {
  std::string out;
  for (const std::string& line : test::lines_of(text))
    if (line.rfind(prefix, 0) != 0) out += line + "\n";
  return out;
}

// The number after "key": in the JSON summary line of `out`, or -1.
long summary_field(const std::string& out, const std::string& key) {
  const std::regex re("\\{\"summary\":.*\"" + key + "\":([0-9]+)");
  std::smatch m;
  return std::regex_search(out, m, re) ? std::stol(m[1].str()) : -1;
}

// `args` followed by "--shard I/N".
std::vector<std::string> with_shard(std::vector<std::string> args, int i, int n) {
  args.push_back("--shard");
  args.push_back(std::to_string(i) + "/" + std::to_string(n));
  return args;
}

// A generated Soccolot archive large enough to be read in several segments of 4096 bytes.
fs::path generated_archive(const TempDir& dir) {
  const auto gen = run_scribe({"generate", "--game", "soccolot", "--count", "40", "--seed", "5"});
  EXPECT_EQ(gen.exit_code, 0) << gen.err;
  test::write_file(dir.path() / "big.rec", gen.out);
  return dir.path() / "big.rec";
}

TEST(Shard, ValidateJsonShardsConcatenateToTheWholeRun) {
  SCRIBE_REQUIRE_GAME("soccolot");
  TempDir dir;
  const std::string big = generated_archive(dir).string();
  // The corpus holds unreadable files and files with no record: each is one item.
  for (const std::string jobs : {"1", "3"}) {
    const std::vector<std::string> args = {"validate", "--json", "--jobs",          jobs,
                                           "corpus",   big,      "--segment-bytes", "4096"};
    const auto whole = run_scribe(args);
    ASSERT_EQ(whole.exit_code, 2) << whole.err;  // the corpus has unreadable files
    const std::string records = without_lines(whole.out, "{\"summary\"");
    ASSERT_GT(test::lines_of(records).size(), 100u);
    for (int n : {2, 3}) {
      std::string joined;
      long count = 0, plies = 0, unreadable = 0;
      for (int i = 1; i <= n; ++i) {
        const auto part = run_scribe(with_shard(args, i, n));
        ASSERT_TRUE(part.exit_code == 0 || part.exit_code == 1 || part.exit_code == 2) << part.err;
        const std::string mine = without_lines(part.out, "{\"summary\"");
        EXPECT_FALSE(mine.empty()) << "shard " << i << "/" << n << " got nothing";
        EXPECT_LT(mine.size(), records.size()) << "shard " << i << "/" << n << " got everything";
        joined += mine;
        count += summary_field(part.out, "records");
        plies += summary_field(part.out, "plies");
        unreadable += summary_field(part.out, "unreadable");
      }
      EXPECT_EQ(joined, records) << "jobs " << jobs << ", " << n << " shards";
      EXPECT_EQ(count, summary_field(whole.out, "records"));
      EXPECT_EQ(plies, summary_field(whole.out, "plies"));
      EXPECT_EQ(unreadable, summary_field(whole.out, "unreadable"));
    }
  }
}

TEST(Shard, ValidateHumanReportsConcatenateToTheWholeRun) {
  const auto whole = run_scribe({"validate", "corpus"});
  ASSERT_FALSE(whole.err.empty());
  for (int n : {2, 3}) {
    std::string joined;
    for (int i = 1; i <= n; ++i) joined += run_scribe(with_shard({"validate", "corpus"}, i, n)).err;
    EXPECT_EQ(joined, whole.err) << n << " shards";
  }
}

TEST(Shard, GenerateShardsConcatenateToTheWholeOutput) {
  SCRIBE_REQUIRE_GAME("druid");
  for (const std::string count : {"1", "7", "30"}) {
    const std::vector<std::string> args = {"generate", "--game", "druid",  "--count", count,
                                           "--seed",   "11",     "--jobs", "2"};
    const auto whole = run_scribe(args);
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    for (int n : {2, 3}) {
      std::string joined;
      for (int i = 1; i <= n; ++i) {
        const auto part = run_scribe(with_shard(args, i, n));
        ASSERT_EQ(part.exit_code, 0) << part.err;
        if (count == "30") {
          EXPECT_LT(part.out.size(), whole.out.size());
        }
        joined += part.out;
      }
      EXPECT_EQ(joined, whole.out) << "count " << count << ", " << n << " shards";
    }
  }
}

TEST(Shard, FindListShardsConcatenateToTheWholeList) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"find", "--list", "corpus"},
        std::vector<std::string>{"find", "--list", "--status", "invalid", "--jobs", "2",
                                 "corpus"}}) {
    const auto whole = run_scribe(args);
    ASSERT_GT(test::lines_of(whole.out).size(), 50u) << whole.err;
    for (int n : {2, 3}) {
      std::string joined;
      for (int i = 1; i <= n; ++i) {
        const auto part = run_scribe(with_shard(args, i, n));
        EXPECT_LT(part.out.size(), whole.out.size());
        joined += part.out;
      }
      EXPECT_EQ(joined, whole.out) << n << " shards";
    }
  }
}

// The files under `dir`, relative to it, in sorted order.
std::vector<std::string> files_under(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(fs::relative(e.path(), dir).string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Shard, RenderShardsWriteTheWholeRunsFiles) {
  SCRIBE_REQUIRE_GAME("soccolot");
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::vector<std::string> inputs = {"corpus/soccolot/valid", "corpus/druid/invalid"};
  auto render = [&](const fs::path& out) {
    std::vector<std::string> args = {"render", "--json", "--format", "svg",
                                     "--size", "64",     "--out",    out.string()};
    args.insert(args.end(), inputs.begin(), inputs.end());
    return args;
  };
  const auto whole = run_scribe(render(dir.path() / "whole"));
  ASSERT_EQ(whole.exit_code, 1) << whole.err;  // druid/invalid
  const std::vector<std::string> files = files_under(dir.path() / "whole");
  ASSERT_GT(files.size(), 20u);
  for (int n : {2, 3}) {
    const fs::path out = dir.path() / ("shards" + std::to_string(n));
    std::string list, err;
    for (int i = 1; i <= n; ++i) {
      const auto part = run_scribe(with_shard(render(out), i, n));
      list += part.out;
      err += part.err;
    }
    // The JSON file list names the files written; the shards wrote into another folder.
    EXPECT_EQ(std::regex_replace(list, std::regex("shards" + std::to_string(n)), "whole"),
              whole.out);
    EXPECT_EQ(err, whole.err);
    EXPECT_EQ(files_under(out), files);
    for (const std::string& f : files)
      EXPECT_EQ(test::read_file(out / f), test::read_file(dir.path() / "whole" / f)) << f;
  }
}

TEST(Shard, BadValuesAreUsageErrors) {
  TempDir dir;
  const std::vector<std::vector<std::string>> commands = {
      {"validate", "corpus/druid/valid"},
      {"generate", "--game", "druid"},
      {"render", "--out", (dir.path() / "r").string(), "corpus/druid/valid"},
      {"find", "corpus/druid/valid"},
      {"dedup", "corpus/druid/valid"},
      {"normalize", "--out", (dir.path() / "n.rec").string(), "corpus/druid/valid"},
      {"split", "--every", "2", "--out", (dir.path() / "s").string(), "corpus/druid/valid"},
      {"tree", "corpus/druid/valid"},
      {"stats", "corpus/druid/valid"}};
  for (const auto& command : commands)
    for (const std::string value : {"0/2", "3/2", "1/0", "0/0", "2", "x", "", "1/2/3", "-1/2",
                                    "1/-2", "a/b", "1/99999999999"}) {
      std::vector<std::string> args = command;
      args.insert(args.end(), {"--shard", value});
      const auto r = run_scribe(args);
      EXPECT_EQ(r.exit_code, 2) << command[0] << " --shard '" << value << "'";
      EXPECT_NE(r.err.find("--shard must be I/N"), std::string::npos)
          << command[0] << " --shard '" << value << "': " << r.err;
      EXPECT_TRUE(r.out.empty()) << command[0];
    }
  EXPECT_FALSE(fs::exists(dir.path() / "r"));
  const auto setup = run_scribe({"render", "--game", "druid", "--setup", "x", "--out",
                                 (dir.path() / "p").string(), "--shard", "1/2"});
  EXPECT_EQ(setup.exit_code, 2);
  EXPECT_NE(setup.err.find("--shard applies only to PATHs"), std::string::npos) << setup.err;
}

}  // namespace
}  // namespace scribe
