// scribe html through the real binary: page names, --out and --force, statuses, exit codes,
// JSON lines, an invalid record's page, and pages that need nothing outside themselves. The
// pages' behaviour in a browser is tested in tests/browser/.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "app/html/page.hpp"
#include "tests/support/archive_support.hpp"

namespace scribe {
namespace {

// A Druid record of two plies with the given tags.
std::string druid_record(const std::string& tags) {
  return "[Game \"druid\"]\n[Options \"-size=8\"]\n" + tags + "1. b4 2. b5\n\n";
}

// The value of attribute `name` on the element with id="board" in `page`.
std::string board_attribute(const std::string& page, const std::string& name) {
  const std::size_t at = page.find("id=\"board\"");
  if (at == std::string::npos) return "<no board>";
  const std::size_t end = page.find('>', at);
  const std::string tag = page.substr(at, end - at);
  const std::size_t a = tag.find(" " + name + "=\"");
  if (a == std::string::npos) return "<no " + name + ">";
  const std::size_t v = a + name.size() + 3;
  return tag.substr(v, tag.find('"', v) - v);
}

TEST(HtmlPageName, KeepsThePathAndNumbersTheRecord) {
  EXPECT_EQ(html::page_file_name("games/a.rec", 3), "games/a-3.html");
  EXPECT_EQ(html::page_file_name("-", 1), "stdin-1.html");
  EXPECT_EQ(html::page_file_name("/tmp/../x y.rec", 2), "tmp/x_y-2.html");
  EXPECT_EQ(html::page_file_name("./notes.txt", 1), "notes.txt-1.html");
}

TEST(HtmlCli, OnePagePerRecordWithOneStatusEach) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path in = dir.path() / "in" / "two.rec";
  fs::create_directories(in.parent_path());
  write_file(in, druid_record("[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n") +
                     "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b4 2. b4\n\n");
  const fs::path out = dir.path() / "pages";
  const auto r = run_scribe({"html", in.string(), "--out", out.string(), "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the second record is invalid
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  const std::string name1 = html::page_file_name(in.string(), 1);
  const auto first = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(first["status"], "valid");
  EXPECT_EQ(first["page"], name1);
  EXPECT_EQ(first["plies"], 2);
  const auto second = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(second["status"], "invalid");
  EXPECT_EQ(second["plies"], 1);
  EXPECT_EQ(nlohmann::json::parse(lines[2])["summary"],
            nlohmann::json::parse(R"({"records":2,"invalid":1,"unreadable":0,"pages":2})"));
  const std::string page = read_file(out / name1);
  EXPECT_NE(page.find("<title>Ann \u2013 Bob \u00b7 druid</title>"), std::string::npos);
  EXPECT_EQ(board_attribute(page, "data-ply"), "0");
  const auto show = run_scribe({"show", in.string(), "--ply", "0", "--json"});
  EXPECT_EQ(board_attribute(page, "data-position"),
            nlohmann::json::parse(show.out)["position"].get<std::string>());
  // Both plies are moves to click, each with its data-ply.
  EXPECT_NE(page.find("class=\"move\" data-ply=\"1\""), std::string::npos);
  EXPECT_NE(page.find("class=\"move\" data-ply=\"2\""), std::string::npos);
  // The invalid record: its diagnostic, its moves up to the ply that failed.
  const std::string bad = read_file(out / html::page_file_name(in.string(), 2));
  EXPECT_NE(bad.find("class=\"diagnostic\""), std::string::npos);
  EXPECT_NE(bad.find("class=\"move\" data-ply=\"1\""), std::string::npos);
  EXPECT_EQ(bad.find("data-ply=\"2\""), std::string::npos);
  EXPECT_NE(bad.find("class=\"illegal\""), std::string::npos);
}

// The drawings a page holds, rebuilt as page.js rebuilds them (the data in "scribe-data", the
// dictionary of lines in "scribe-lines").
std::vector<std::string> page_drawings(const std::string& page) {
  auto element = [&](const std::string& id) {
    const std::size_t at = page.find('>', page.find("id=\"" + id + "\""));
    return page.substr(at + 1, page.find("</script>", at) - at - 1);
  };
  const auto data = nlohmann::json::parse(element("scribe-data"));
  const std::string font = data["font"];
  auto with_font = [&](std::string text, const std::string& mark) {
    for (std::size_t at; (at = text.find(mark)) != std::string::npos;)
      text.replace(at, mark.size(), font);
    return text;
  };
  std::vector<std::string> lines;
  for (const std::string& line : lines_of(element("scribe-lines"))) {
    if (line.rfind("<static ", 0) == 0) {
      lines.push_back(with_font(data["statics"][std::stoul(line.substr(8))], "\u0001"));
    } else if (line.rfind("<#", 0) == 0) {  // a path whose opening is a style of the page
      const std::size_t end = line.find('>');
      lines.push_back(data["styles"][std::stoul(line.substr(2, end - 2))].get<std::string>() +
                      line.substr(end + 1));
    } else {
      lines.push_back(with_font(line, "<%>"));
    }
  }
  std::vector<std::string> drawings;
  std::vector<int> before;
  for (const auto& code : data["frames"]) {
    std::vector<int> now;
    for (std::size_t j = 0; j < code.size(); ++j) {
      const int v = code[j];
      if (v >= 0) {
        now.push_back(v);
      } else {
        const int n = code[++j];
        for (int m = 0; m < n; ++m) now.push_back(before[static_cast<std::size_t>(-v - 1 + m)]);
      }
    }
    std::string svg;
    for (int i : now) svg += lines[static_cast<std::size_t>(i)] + "\n";
    drawings.push_back(svg);
    before = now;
  }
  return drawings;
}

// `svg` without its XML declaration, title and description, and without the lone moves
// ("M x y" followed by another move: they draw nothing) that a drawer leaves in its path when
// it draws the board, which a page draws once.
std::string comparable_svg(std::string svg) {
  svg = std::regex_replace(svg, std::regex("<\\?xml[^\n]*\n|<title>[\\s\\S]*?</desc>\n"), "");
  return std::regex_replace(svg, std::regex("M-?[0-9.]+ -?[0-9.]+(?=M)"), "");
}

TEST(HtmlCli, EveryDrawingIsWhatRenderDraws) {
  SCRIBE_REQUIRE_GAME("druid");
  SCRIBE_REQUIRE_GAME("sava");
  SCRIBE_REQUIRE_GAME("savoya");
  SCRIBE_REQUIRE_GAME("soccolot");
  TempDir dir;
  std::vector<fs::path> records = {
      test::source_dir() / "corpus/druid/valid/001-d1-seed-sample-game.rec",
      test::source_dir() / "corpus/sava/valid/001-sample-game-1.rec"};
  // Generated games: Savoya's 500 plies of pieces, badges and pins (parts), and a Soccolot game
  // that ends in a goal, whose field (an unchanging part with clip paths) is drawn a second time.
  for (const char* game : {"savoya", "soccolot"}) {
    records.push_back(dir.path() / (std::string(game) + ".rec"));
    ASSERT_EQ(run_scribe({"generate", "--game", game, "--count", "1", "--seed", "7", "--out",
                          records.back().string()})
                  .exit_code,
              0);
  }
  for (const fs::path& in : records) {
    const fs::path pages = dir.path() / "pages", svgs = dir.path() / "svg";
    ASSERT_EQ(run_scribe({"html", in.string(), "--out", pages.string(), "--force"}).exit_code, 0);
    ASSERT_EQ(run_scribe({"render", in.string(), "--all", "--format", "svg", "--size", "480",
                          "--out", svgs.string(), "--force"})
                  .exit_code,
              0);
    const std::vector<std::string> drawings =
        page_drawings(read_file(pages / html::page_file_name(in.string(), 1)));
    ASSERT_GT(drawings.size(), 10u) << in;
    for (std::size_t ply = 0; ply < drawings.size(); ++ply) {
      const fs::path svg = svgs / (in.stem().string() + "-r1-p" + std::to_string(ply) + ".svg");
      EXPECT_EQ(comparable_svg(drawings[ply]), comparable_svg(read_file(svg)))
          << in << " ply " << ply;
    }
  }
}

TEST(HtmlCli, PagesNeedNothingOutsideThemselves) {
  SCRIBE_REQUIRE_GAME("sava");
  TempDir dir;
  const auto r = run_scribe(
      {"html", "corpus/sava/valid/001-sample-game-1.rec", "--out", dir.path().string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = read_file(dir.path() / "corpus/sava/valid/001-sample-game-1-1.html");
  // No external script, style, image, font or frame: the only URL is the SVG namespace.
  static const std::regex kExternal(R"((src=|<link|@import|url\(|https?:)\S*)");
  for (std::sregex_iterator it(page.begin(), page.end(), kExternal), end; it != end; ++it)
    EXPECT_EQ(it->str().rfind("http://www.w3.org/2000/svg", 0), 0u)
        << "reference out of the page: " << it->str();
  EXPECT_NE(page.find("<script>"), std::string::npos);
  EXPECT_NE(page.find("<style>"), std::string::npos);
}

TEST(HtmlCli, NoOverwriteWithoutForceAndNothingHalfWritten) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path in = dir.path() / "a.rec";
  write_file(in, druid_record("") + druid_record(""));
  const fs::path out = dir.path() / "out";
  const fs::path second = out / html::page_file_name(in.string(), 2);
  fs::create_directories(second.parent_path());
  write_file(second, "mine");
  const auto r = run_scribe({"html", in.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("already exists (use --force to overwrite it); nothing was written"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(second), "mine");
  EXPECT_FALSE(fs::exists(out / html::page_file_name(in.string(), 1)));
  for (const auto& e : fs::recursive_directory_iterator(out))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  const auto forced = run_scribe({"html", in.string(), "--out", out.string(), "--force"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(read_file(second).find("<!DOCTYPE html>"), std::string::npos);
  EXPECT_EQ(forced.err,
            "2 records read: 0 invalid (their pages stop where replay stopped); 2 "
            "pages written to " +
                out.string() + "\n");
}

TEST(HtmlCli, BadInputIsAUsageError) {
  TempDir dir;
  const std::string out = (dir.path() / "o").string();
  EXPECT_EQ(run_scribe({"html", "--out", out}).exit_code, 2);
  EXPECT_EQ(run_scribe({"html", "corpus/druid/valid"}).exit_code, 2);
  const auto theme = run_scribe({"html", "corpus/druid/valid", "--out", out, "--theme", "drak"});
  EXPECT_EQ(theme.exit_code, 2);
  EXPECT_NE(theme.err.find("--theme must be light, dark or print"), std::string::npos);
  EXPECT_EQ(run_scribe({"html", "corpus/druid/valid", "--out", out, "--size", "9"}).exit_code, 2);
  const auto missing = run_scribe({"html", (dir.path() / "none.rec").string(), "--out", out});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("none.rec"), std::string::npos);
  write_file(dir.path() / "file", "x");
  EXPECT_EQ(
      run_scribe({"html", "corpus/druid/valid", "--out", (dir.path() / "file").string()}).exit_code,
      2);
}

TEST(HtmlCli, SameFileTwiceIsRefusedBeforeWriting) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path in = dir.path() / "a.rec";
  write_file(in, druid_record(""));
  const fs::path out = dir.path() / "out";
  const auto r = run_scribe({"html", in.string(), in.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is already the page of another record"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out / html::page_file_name(in.string(), 1)));
}

}  // namespace
}  // namespace scribe
