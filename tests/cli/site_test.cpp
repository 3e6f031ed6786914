// scribe site: the manifest that makes rebuilds incremental (app/site/site_manifest.cpp), and
// the command run through the real binary - what it writes, what a rebuild rewrites, keeps and
// removes, and how it refuses a folder or manifest it did not make.
#include "app/site/site.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_scribe;
using test::TempDir;
using test::write_file;

const std::string kHashA(32, 'a'), kHashB(32, 'b');

TEST(SiteManifest, TextReadsBackAsItself) {
  app::site::Manifest m;
  m.version = "0.1.0";
  m.entries = {{"index.html", kHashA}, {"games/x/a-1.html", kHashB}};
  const std::string text = app::site::manifest_text(m);
  EXPECT_EQ(text,
            "scribe-site 1 0.1.0\n" + kHashB + " games/x/a-1.html\n" + kHashA + " index.html\n");
  std::string error;
  const auto back = app::site::parse_manifest(text, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->version, "0.1.0");
  EXPECT_EQ(back->entries, m.entries);
}

TEST(SiteManifest, AnythingElseIsRefusedWithTheLineThatIsWrong) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "it is empty"},
      {"scribe-site 1 0.1.0", "line 1 does not end"},
      {"scribe-site 2 0.1.0\n", "line 1 is not"},
      {"scribe-site 1 \n", "line 1 is not"},
      {"scribe-site 1 v\n" + kHashA + "\n", "line 2 is not"},
      {"scribe-site 1 v\n" + kHashA + " ../etc/passwd\n", "line 2 is not"},
      {"scribe-site 1 v\n" + kHashA + " /abs.html\n", "line 2 is not"},
      {"scribe-site 1 v\n" + std::string(32, 'G') + " a.html\n", "line 2 is not"},
      {"scribe-site 1 v\n" + kHashA + " a.html\n" + kHashB + " a.html\n", "line 3 repeats a.html"},
  };
  for (const auto& [text, why] : cases) {
    std::string error;
    EXPECT_FALSE(app::site::parse_manifest(text, &error)) << text;
    EXPECT_NE(error.find(why), std::string::npos) << text << " -> " << error;
  }
}

TEST(SiteManifest, OnlySafeRelativePathsAreSitePaths) {
  for (const char* good : {"index.html", "games/a-1.html", "games/x.y/b_c-2.html"})
    EXPECT_TRUE(app::site::safe_site_path(good)) << good;
  for (const char* bad :
       {"", "/index.html", "a//b", "a/./b", "../a", "games/..", "a b", "a/", "a\\b", "caf\xC3\xA9"})
    EXPECT_FALSE(app::site::safe_site_path(bad)) << bad;
}

TEST(SiteManifest, AFileIsRewrittenOnlyWhenItsHashChangedOrItIsMissing) {
  TempDir dir;
  app::site::Manifest old;
  old.entries = {{"a.html", kHashA}, {"gone.html", kHashA}};
  write_file(dir.path() / "a.html", "x");
  using app::site::FileAction;
  using app::site::plan_file;
  EXPECT_EQ(plan_file(dir.path(), "a.html", kHashA, &old, false), FileAction::kUnchanged);
  EXPECT_EQ(plan_file(dir.path(), "a.html", kHashB, &old, false), FileAction::kWritten);
  EXPECT_EQ(plan_file(dir.path(), "a.html", kHashA, &old, true), FileAction::kWritten);
  EXPECT_EQ(plan_file(dir.path(), "a.html", kHashA, nullptr, false), FileAction::kWritten);
  EXPECT_EQ(plan_file(dir.path(), "gone.html", kHashA, &old, false), FileAction::kWritten);
  EXPECT_EQ(plan_file(dir.path(), "new.html", kHashA, &old, false), FileAction::kWritten);
  app::site::Manifest now;
  now.entries = {{"a.html", kHashB}, {"new.html", kHashA}};
  EXPECT_EQ(app::site::stale_files(old, now), std::vector<std::string>{"gone.html"});
  EXPECT_NE(app::site::content_hash("a"), app::site::content_hash("b"));
  EXPECT_EQ(app::site::content_hash("a").size(), 32u);
  EXPECT_EQ(app::site::index_href_from("games/x/a-1.html"), "../../index.html");
}

TEST(SiteIndex, RowsAreCompactJsonThatCannotEndTheScriptElement) {
  app::site::IndexRow row;
  row.game = "druid";
  row.players = "a</script><b>";
  row.plies = 7;
  row.status = "valid";
  row.page = "games/a-1.html";
  row.label = "a.rec #1";
  const std::string json = app::site::rows_json({row});
  EXPECT_EQ(json.find('<'), std::string::npos) << json;
  const auto parsed = nlohmann::json::parse(json);
  ASSERT_EQ(parsed.size(), 1u);
  EXPECT_EQ(parsed[0], nlohmann::json::parse(R"(["druid","","a</script><b>","","",7,"valid",
                                                 "games/a-1.html","a.rec #1"])"));
}

// The seed's sample game (druid.md D1), valid; and a record whose ply 3 is illegal (a stone on
// an occupied square).
const std::string kSample =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n[Player1 \"camb\"]\n[Player2 \"rognlie\"]\n"
    "[Date \"2004.05.06\"]\n[Result \"V\"]\n"
    "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
    "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
    "23. e1 24. f1 25. c1-e1\n\n";
const std::string kShort = "[Game \"druid\"]\n[Options \"-size=8\"]\n1. c3 2. d4\n\n";

// The inode of a file: a file replaced whole (written under a temporary name and renamed)
// gets a new one, a file left alone keeps its own.
ino_t inode(const fs::path& p) {
  struct stat st {};
  EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
  return st.st_ino;
}

// The summary object of a --json run.
nlohmann::json summary_of(const test::RunResult& r) {
  const auto lines = test::lines_of(r.out);
  EXPECT_FALSE(lines.empty()) << r.err;
  return lines.empty() ? nlohmann::json() : nlohmann::json::parse(lines.back())["summary"];
}

// Ply 2 is a lintel on bare ground: invalid, replay stops after ply 1.
const std::string kBad = "[Game \"druid\"]\n[Options \"-size=8\"]\n1. c3 2. b2-b4\n\n";

// An archive of three records in two files: a.rec (the sample, a short game) and sub/b.rec
// (the invalid one).
fs::path make_archive(const TempDir& dir) {
  const fs::path archive = dir.path() / "archive";
  write_file(archive / "a.rec", kSample + kShort);
  write_file(archive / "sub" / "b.rec", kBad);
  return archive;
}

TEST(Site, WritesTheIndexAPageARecordTheChartsAndTheManifest) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path archive = make_archive(dir), out = dir.path() / "site";
  const auto r = run_scribe({"site", archive.string(), "--out", out.string(), "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // one record is invalid
  const auto s = summary_of(r);
  EXPECT_EQ(s["records"], 3);
  EXPECT_EQ(s["valid"], 2);
  EXPECT_EQ(s["invalid"], 1);
  EXPECT_EQ(s["pages"], 3);
  // 3 pages, 4 charts of the one group (druid -size=8), the index.
  EXPECT_EQ(s["written"], 8);
  EXPECT_EQ(s["unchanged"], 0);
  EXPECT_EQ(s["removed"], 0);
  const std::string a1 = "games/" + (archive / "a").relative_path().string() + "-1.html";
  for (const std::string& page :
       {a1, "games/" + (archive / "a").relative_path().string() + "-2.html",
        "games/" + (archive / "sub/b").relative_path().string() + "-1.html"})
    EXPECT_TRUE(fs::is_regular_file(out / page)) << page;
  const std::string index = read_file(out / "index.html");
  EXPECT_NE(index.find("<table id=\"records\">"), std::string::npos);
  EXPECT_NE(index.find("<label for=\"filter\">"), std::string::npos);
  EXPECT_NE(index.find("<input id=\"filter\""), std::string::npos);
  EXPECT_NE(index.find("charts/druid-size-8-lengths.svg"), std::string::npos);
  // The invalid record links to its page at ply 1, the last position replay reached.
  EXPECT_NE(index.find("b-1.html#ply=1\""), std::string::npos);
  EXPECT_NE(index.find("druid.lintel-on-ground"), std::string::npos);
  // Nothing outside the page is fetched: no http(s) address in the index.
  EXPECT_EQ(index.find("http://"), std::string::npos);
  EXPECT_EQ(index.find("https://"), std::string::npos);
  // The rows as the page holds them.
  const std::size_t from = index.find("<script id=\"records-data\" type=\"application/json\">");
  ASSERT_NE(from, std::string::npos);
  const std::size_t start = index.find('>', from) + 1;
  const auto rows =
      nlohmann::json::parse(index.substr(start, index.find("</script>", start) - start));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0][0], "druid");
  EXPECT_EQ(rows[0][1], "-size=8");
  EXPECT_EQ(rows[0][2], "camb \xE2\x80\x93 rognlie");
  EXPECT_EQ(rows[0][3], "2004.05.06");
  EXPECT_EQ(rows[0][4], "V");
  EXPECT_EQ(rows[0][5], 25);
  EXPECT_EQ(rows[0][6], "valid");
  EXPECT_EQ(rows[0][7], a1);
  EXPECT_EQ(rows[1][5], 2);
  EXPECT_EQ(rows[1][4], "*");
  EXPECT_EQ(rows[2][6], "invalid");
  EXPECT_EQ(rows[2][5], 1);
  const std::string manifest = read_file(out / ".scribe-site");
  EXPECT_EQ(manifest.rfind("scribe-site 1 ", 0), 0u);
  EXPECT_EQ(test::lines_of(manifest).size(), 9u);  // the first line and 8 files
}

TEST(Site, ARebuildRewritesOnlyWhatChangedAndRemovesWhatWentAway) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path archive = make_archive(dir), out = dir.path() / "site";
  ASSERT_EQ(run_scribe({"site", archive.string(), "--out", out.string(), "-q"}).exit_code, 1);
  const fs::path games = out / "games" / archive.relative_path();
  const fs::path a1 = games / "a-1.html", a2 = games / "a-2.html", b1 = games / "sub/b-1.html";
  const ino_t a1_before = inode(a1), a2_before = inode(a2), b1_before = inode(b1),
              index_before = inode(out / "index.html");
  // Nothing changed: nothing written.
  auto r = run_scribe({"site", archive.string(), "--out", out.string(), "--json"});
  auto s = summary_of(r);
  EXPECT_EQ(s["written"], 0) << r.out;
  EXPECT_EQ(s["unchanged"], 8);
  EXPECT_EQ(inode(a1), a1_before);
  EXPECT_EQ(inode(out / "index.html"), index_before);
  // sub/b.rec fixed: its page and the index (and the charts whose figures moved) rewritten,
  // a.rec's pages left alone.
  write_file(archive / "sub" / "b.rec", kShort);
  r = run_scribe({"site", archive.string(), "--out", out.string(), "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  s = summary_of(r);
  EXPECT_EQ(s["removed"], 0);
  EXPECT_EQ(inode(a1), a1_before);
  EXPECT_EQ(inode(a2), a2_before);
  EXPECT_NE(inode(b1), b1_before);
  EXPECT_NE(inode(out / "index.html"), index_before);
  const long written = s["written"];
  EXPECT_GE(written, 2);  // b's page and the index, and charts whose figures changed
  EXPECT_LE(written, 6);
  EXPECT_EQ(written + s["unchanged"].get<long>(), 8);
  // A human summary says the same.
  r = run_scribe({"site", archive.string(), "--out", out.string()});
  EXPECT_NE(r.out.find("0 files written, 8 unchanged, 0 removed"), std::string::npos) << r.out;
  // sub/b.rec gone: its page removed, and its folder, which it leaves empty.
  fs::remove_all(archive / "sub");
  r = run_scribe({"site", archive.string(), "--out", out.string(), "--json"});
  s = summary_of(r);
  EXPECT_EQ(s["removed"], 1);
  EXPECT_EQ(s["pages"], 2);
  EXPECT_FALSE(fs::exists(b1));
  EXPECT_FALSE(fs::exists(games / "sub"));
  EXPECT_EQ(inode(a1), a1_before);
  // --force rewrites everything.
  r = run_scribe({"site", archive.string(), "--out", out.string(), "--json", "--force"});
  s = summary_of(r);
  EXPECT_EQ(s["unchanged"], 0);
  EXPECT_EQ(s["written"], 7);
  EXPECT_NE(inode(a1), a1_before);
}

TEST(Site, AFolderOrManifestItDidNotMakeIsRefusedWithoutForce) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path archive = make_archive(dir), out = dir.path() / "site";
  write_file(out / "notes.txt", "mine");
  auto r = run_scribe({"site", archive.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not a site scribe built"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out / "index.html"));
  r = run_scribe({"site", archive.string(), "--out", out.string(), "--force", "-q"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(fs::exists(out / "index.html"));
  EXPECT_EQ(read_file(out / "notes.txt"), "mine");  // never removed: not the site's
  // A damaged manifest: refused, then rebuilt with --force.
  write_file(out / ".scribe-site", "scribe-site 1 0.1.0\nnonsense\n");
  r = run_scribe({"site", archive.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not a site manifest (line 2 is not"), std::string::npos) << r.err;
  r = run_scribe({"site", archive.string(), "--out", out.string(), "--force", "-q"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(read_file(out / "notes.txt"), "mine");
  // A page's name taken by a file the site did not write: refused without --force.
  write_file(archive / "c.rec", kShort);
  write_file(out / "games" / archive.relative_path() / "c-1.html", "mine");
  r = run_scribe({"site", archive.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not a file of this site; give --force"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(out / "games" / archive.relative_path() / "c-1.html"), "mine");
}

TEST(Site, TheSiteIsTheSameForEveryNumberOfJobs) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path archive = make_archive(dir);
  write_file(archive / "c.rec", kShort + kSample + kBad + kShort);
  std::vector<std::string> indexes, manifests;
  for (const char* jobs : {"1", "2", "3"}) {
    const fs::path out = dir.path() / (std::string("site-") + jobs);
    const auto r = run_scribe({"site", archive.string(), "--out", out.string(), "-q", "--jobs",
                               jobs, "--segment-bytes", "1024"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    indexes.push_back(read_file(out / "index.html"));
    manifests.push_back(read_file(out / ".scribe-site"));
  }
  EXPECT_EQ(indexes[0], indexes[1]);
  EXPECT_EQ(indexes[0], indexes[2]);
  EXPECT_EQ(manifests[0], manifests[1]);
  EXPECT_EQ(manifests[0], manifests[2]);
  EXPECT_EQ(test::lines_of(manifests[0]).size(), 1u + 7u + 4u + 1u);  // 7 pages, charts, index
}

TEST(Site, BadInputAndBadOptionsGetADiagnosticAndExit2) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path archive = make_archive(dir), out = dir.path() / "site";
  write_file(dir.path() / "plain", "x");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"site", archive.string()},
        std::vector<std::string>{"site", "--out", out.string()},
        std::vector<std::string>{"site", archive.string(), "--out",
                                 (dir.path() / "plain").string()},
        std::vector<std::string>{"site", archive.string(), "--out", out.string(), "--shard", "1/2"},
        std::vector<std::string>{"site", archive.string(), "--out", out.string(), "--title", ""},
        std::vector<std::string>{"site", archive.string(), "--out", out.string(), "--game",
                                 "go"}}) {
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << args.back();
    EXPECT_FALSE(r.err.empty()) << args.back();
  }
  // A file that cannot be read: reported, listed in the index, exit 2; the site is still built.
  const auto r = run_scribe({"site", archive.string(), (dir.path() / "missing.rec").string(),
                             "--out", out.string(), "-q"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.rec"), std::string::npos) << r.err;
  const std::string index = read_file(out / "index.html");
  EXPECT_NE(index.find("missing.rec (unreadable, no page)"), std::string::npos);
}

}  // namespace
}  // namespace scribe
