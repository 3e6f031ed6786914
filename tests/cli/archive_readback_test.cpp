// What find, dedup, normalize and split write reads back, with the record reader, as exactly
// the records they meant to write (docs/archive.md, "Records in one file"): a record without
// tags, or one that does not start with a well-formed tag line after a record that ends inside
// an unclosed '{', is never written where it would merge into the record before it.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "notation/core/record.hpp"
#include "tests/support/archive_support.hpp"

namespace scribe {
namespace {

// The plies (as written) of every record of `text`, read as a file is read.
std::vector<std::vector<std::string>> plies_of(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  for (const notation::Record& r : notation::read_records("out.rec", text)) {
    out.emplace_back();
    for (const notation::Ply& p : r.plies) out.back().emplace_back(r.text_of(p));
  }
  return out;
}

using Plies = std::vector<std::vector<std::string>>;

// Four inputs, each one record of druid (default options), in this order:
// a.rec: tagged, three plies; t.rec: no tag line (valid with --game druid, else no game);
// o.rec: tagged, one ply, then a '{' never closed (invalid); c.rec: a `;` comment above its
// tags that holds a '}', one ply (valid).
struct Inputs {
  TempDir dir;
  std::vector<std::string> paths;
  Inputs() {
    const std::vector<std::pair<std::string, std::string>> files = {
        {"a.rec", "[Game \"druid\"]\n\n1. b4 2. b5 3. b6\n"},
        {"t.rec", "1. c3 2. c4\n"},
        {"o.rec", "[Game \"druid\"]\n\n1. d4 { never closed\n"},
        {"c.rec", "; note } e6\n[Game \"druid\"]\n\n1. e5\n"}};
    for (const auto& [name, text] : files) {
      write_file(dir.path() / name, text);
      paths.push_back((dir.path() / name).string());
    }
  }
  // `args` followed by the four inputs (`order` gives which, by index).
  std::vector<std::string> with(std::vector<std::string> args,
                                const std::vector<int>& order = {0, 1, 2, 3}) const {
    for (int i : order) args.push_back(paths[static_cast<std::size_t>(i)]);
    return args;
  }
};

TEST(ArchiveReadback, FindWritesNoRecordThatWouldMerge) {
  SCRIBE_REQUIRE_GAME("druid");
  Inputs in;
  const fs::path out = in.dir.path() / "found.rec";
  // After a.rec, t.rec (no tags) would read as more plies of a.rec; after o.rec, the '}' of
  // c.rec's first line would close o.rec's '{' and make e6 a ply of o.rec: both are left out
  // and reported.
  auto r = run_scribe(in.with({"find", "--game", "druid", "--out", out.string()}));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(plies_of(read_file(out)), (Plies{{"b4", "b5", "b6"}, {"d4"}}));
  EXPECT_NE(r.err.find("t.rec:1: record 1: matched, but has no tag line: written after another "
                       "record it would read back as part of that record; it is left out\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("c.rec:2: record 1: matched, but does not start with a well-formed tag "
                       "line"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("4 records read: 4 matched, 1 invalid; 2 matches left out (see above)\n"),
            std::string::npos)
      << r.err;
  // Standard output follows the same rule; a record without tags may stand first.
  r = run_scribe(in.with({"find", "--game", "druid"}, {1, 0, 2, 3}));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(plies_of(r.out), (Plies{{"c3", "c4"}, {"b4", "b5", "b6"}, {"d4"}}));
  r = run_scribe(
      in.with({"find", "--game", "druid", "--json", "--out", (in.dir.path() / "j.rec").string()}));
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_EQ(nlohmann::json::parse(lines[4])["summary"]["left_out"], 2);
  // Nothing to refuse: exit 0, every match written.
  r = run_scribe(in.with({"find", "--game", "druid"}, {1, 0, 3}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(plies_of(r.out), (Plies{{"c3", "c4"}, {"b4", "b5", "b6"}, {"e5"}}));
}

TEST(ArchiveReadback, DedupOutWritesNoRecordThatWouldMerge) {
  SCRIBE_REQUIRE_GAME("druid");
  Inputs in;
  for (const char* keep : {"first", "most-tags"}) {
    const fs::path out = in.dir.path() / (std::string(keep) + ".rec");
    const auto r =
        run_scribe(in.with({"dedup", "--game", "druid", "--keep", keep, "--out", out.string()}));
    EXPECT_EQ(r.exit_code, 1) << keep << r.err;
    EXPECT_EQ(plies_of(read_file(out)), (Plies{{"b4", "b5", "b6"}, {"d4"}})) << keep;
    EXPECT_NE(r.err.find("t.rec:1: record 1: has no tag line"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("c.rec:2: record 1: does not start with a well-formed tag line"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("; 2 records written to " + out.string() + " (2 left out, see above)\n"),
              std::string::npos)
        << r.err;
  }
}

TEST(ArchiveReadback, NormalizeWritesNoRecordThatWouldMerge) {
  SCRIBE_REQUIRE_GAME("druid");
  Inputs in;
  const fs::path out = in.dir.path() / "n.rec";
  // Without --game, t.rec is invalid (no game): --keep-invalid would copy it after a.rec, so it
  // is left out. c.rec is normalized: its canonical text starts with its Game tag, which ends
  // o.rec's open '{' and starts a record, so it is written after o.rec.
  const auto r = run_scribe(in.with({"normalize", "--keep-invalid", "--out", out.string()}));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(plies_of(read_file(out)), (Plies{{"b4", "b5", "b6"}, {"d4"}, {"e5"}}));
  EXPECT_NE(r.err.find("t.rec:1: record 1: has no tag line"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 invalid (copied unchanged), 1 of them left out (see above)"),
            std::string::npos)
      << r.err;
}

TEST(ArchiveReadback, SplitGivesARecordThatWouldMergeAFileOfItsOwn) {
  SCRIBE_REQUIRE_GAME("druid");
  Inputs in;
  const fs::path out = in.dir.path() / "parts";
  const auto r = run_scribe(in.with({"split", "--every", "10", "--out", out.string()}));
  EXPECT_EQ(r.exit_code, 1) << r.err;  // t.rec has no game, o.rec has an unclosed comment
  EXPECT_EQ(plies_of(read_file(out / "records-000001-000002.rec")),
            (Plies{{"b4", "b5", "b6"}, {"d4"}}));
  EXPECT_EQ(plies_of(read_file(out / "untagged-1.rec")), (Plies{{"c3", "c4"}}));
  EXPECT_EQ(plies_of(read_file(out / "apart-1.rec")), (Plies{{"e5"}}));
  EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator()), 3);
}

TEST(ArchiveReadback, ARecordOverTheSizeLimitIsNotCopiedCut) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  // Over a 1024-byte limit only the record's start is held: copied, it would read back as a
  // record with fewer plies, so it is left out.
  const fs::path big = dir.path() / "big.rec";
  write_file(big, "[Game \"druid\"]\n\n1. b4 {" + std::string(2000, 'x') + "} 2. b5\n");
  const fs::path out = dir.path() / "cut.rec";
  auto r = run_scribe({"find", big.string(), "--max-record-bytes", "1024", "--out", out.string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("big.rec:1: record 1: matched, but is larger than the record size limit"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(out), "");
  r = run_scribe({"split", big.string(), "--every", "1", "--max-record-bytes", "1024", "--out",
                  (dir.path() / "parts").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("big.rec:1: record 1: is larger than the record size limit"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_empty(dir.path() / "parts"));
}

TEST(ArchiveReadback, ARecordWithBytesThatAreNotUtf8IsNotCopiedAltered) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  // 0xE9 (Latin-1 'e' with an accent) in a comment makes the record invalid (record.encoding);
  // the reader keeps it as 0x1A, so a copy would be another record, one that validates.
  const fs::path bad = dir.path() / "latin1.rec";
  write_file(bad, "[Game \"druid\"]\n\n1. b4 {caf\xE9} 2. b5\n");
  const fs::path out = dir.path() / "copy.rec";
  auto r = run_scribe({"find", bad.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("latin1.rec:1: record 1: matched, but holds bytes that are not UTF-8"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(out), "");
  r = run_scribe({"split", bad.string(), "--every", "1", "--out", (dir.path() / "parts").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("latin1.rec:1: record 1: holds bytes that are not UTF-8"), std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::is_empty(dir.path() / "parts"));
}

}  // namespace
}  // namespace scribe
