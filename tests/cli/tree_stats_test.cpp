// scribe tree and scribe stats, run through the real binary on records whose answers were
// counted by hand; the charts of stats --charts; and State::position_digest, which find, tree
// --position compare before the position texts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "render/charts/chart.hpp"
#include "render/core/theme.hpp"
#include "tests/support/archive_support.hpp"
#include "tests/support/png_pixels.hpp"

namespace scribe {
namespace {

// The seed's sample game (druid.md D1): Player1 camb plays V and wins at ply 25.
const std::string kSample =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n[Player1 \"camb\"]\n[Player2 \"rognlie\"]\n"
    "[Result \"V\"]\n"
    "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
    "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
    "23. e1 24. f1 25. c1-e1\n\n";
// The same first four stones in the sample's order and in another: after ply 4 all three
// records stand in kPosition; each then plays a different fifth ply. Both are unfinished (*).
const std::string kOrderA =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b4 2. b5 3. b6 4. a5 5. c5\n\n";
const std::string kOrderB =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b6 2. a5 3. b4 4. b5 5. d4\n\n";
const std::string kPosition = "druid square:8 a5=h,b4=v,b5=h,b6=v - - V 0 -";
// D3: an illegal lintel shape at ply 5 (druid.lintel-shape): invalid.
const std::string kBadShape =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n\n1. b2 2. h8 3. c3 4. h7 5. b2-c3\n\n";
// Another configuration of the same game: a tree and a group of its own.
const std::string kSmall = "[Game \"druid\"]\n[Options \"-size=6\"]\n1. c3 2. d4\n\n";

// The JSON lines of `out`, parsed.
std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> v;
  for (const std::string& l : lines_of(out)) v.push_back(nlohmann::json::parse(l));
  return v;
}

// A file of the four druid records above (three valid, one invalid) in `dir`.
std::string four_records(const TempDir& dir) {
  const std::string f = (dir.path() / "a.rec").string();
  write_file(f, kSample + kOrderA + kOrderB + kBadShape);
  return f;
}

TEST(Tree, CountsTheFirstPliesFromTheStart) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = four_records(dir);
  const auto r = run_scribe({"tree", f});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // one record is invalid
  // b4: the sample (V, 25 plies) and order A (*, 5 plies): mean 15; b6: order B alone.
  EXPECT_EQ(r.out,
            "druid -size=8: 3 records reach the start, 0 end there\n"
            "ply       games     V     H  draw     *  mean plies\n"
            "b4            2     1     0     0     1       15.00\n"
            "b6            1     0     0     0     1        5.00\n");
  // Record 4 starts on line 18: the sample takes lines 1-9, each order four lines.
  EXPECT_EQ(r.err, f + ":18: record 4: invalid, not counted (see scribe validate)\n"
                       "4 records read: 3 reach the start (1 tree), 1 invalid (not counted)\n");
}

TEST(Tree, DepthTwoShowsThePliesBelowEachPly) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const auto r = run_scribe({"tree", four_records(dir), "--depth", "2", "--json"});
  const auto rows = json_lines(r.out);
  ASSERT_EQ(rows.size(), 5u) << r.out;  // b4, b4 b5, b6, b6 a5, the summary
  EXPECT_EQ(rows[0]["ply_text"], "b4");
  EXPECT_EQ(rows[0]["count"], 2);
  EXPECT_EQ(rows[0]["depth"], 1);
  EXPECT_EQ(rows[0]["results"], (nlohmann::json{{"V", 1}}));
  EXPECT_EQ(rows[0]["unfinished"], 1);
  EXPECT_EQ(rows[0]["draws"], 0);
  EXPECT_DOUBLE_EQ(rows[0]["mean_plies"].get<double>(), 15.0);
  EXPECT_EQ(rows[1]["path"], (nlohmann::json{"b4", "b5"}));
  EXPECT_EQ(rows[1]["count"], 2);
  EXPECT_EQ(rows[2]["ply_text"], "b6");
  EXPECT_EQ(rows[3]["path"], (nlohmann::json{"b6", "a5"}));
  EXPECT_EQ(rows[3]["game"], "druid");
  EXPECT_EQ(rows[3]["options"], "-size=8");
  const auto s = rows[4]["summary"];
  EXPECT_EQ(s["records"], 4);
  EXPECT_EQ(s["invalid"], 1);
  EXPECT_EQ(s["trees"][0]["reached"], 3);
}

TEST(Tree, MovesStartAfterAnOpeningInCanonicalForm) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  // The sample and order A open b4 b5 and both play b6 next; order B does not open so.
  const auto r = run_scribe({"tree", four_records(dir), "--moves", "1. B4 2. b5", "-q"});
  EXPECT_EQ(r.out,
            "druid -size=8: 2 records reach the position after --moves, 0 end there\n"
            "ply       games     V     H  draw     *  mean plies\n"
            "b6            2     1     0     0     1       15.00\n");
}

TEST(Tree, PositionIsReachedByEveryOrder) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  // All three valid records stand in kPosition after ply 4, by two orders; their fifth plies
  // differ: the sample's lintel, order A's c5, order B's d4.
  const auto r = run_scribe({"tree", four_records(dir), "--position", kPosition, "-q"});
  EXPECT_EQ(r.out,
            "druid -size=8: 3 records reach the position, 0 end there\n"
            "ply       games     V     H  draw     *  mean plies\n"
            "b4-b6         1     1     0     0     0       25.00\n"
            "c5            1     0     0     0     1        5.00\n"
            "d4            1     0     0     0     1        5.00\n");
  // A record that ends in the position counts as reaching it, with no ply after it.
  const std::string g = (dir.path() / "g.rec").string();
  write_file(g, "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b6 2. a5 3. b4 4. b5\n\n");
  const auto e = run_scribe({"tree", g, "--position", kPosition, "--json"});
  const auto rows = json_lines(e.out);
  ASSERT_EQ(rows.size(), 1u) << e.out;
  EXPECT_EQ(rows[0]["summary"]["trees"][0]["reached"], 1);
  EXPECT_EQ(rows[0]["summary"]["trees"][0]["ended"], 1);
}

TEST(Tree, OneTreePerGameAndOptions) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = (dir.path() / "m.rec").string();
  write_file(f, kOrderA + kSmall + kOrderB);
  const auto r = run_scribe({"tree", f, "-q"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "druid -size=8: 2 records reach the start, 0 end there\n"
            "ply       games     V     H  draw     *  mean plies\n"
            "b4            1     0     0     0     1        5.00\n"
            "b6            1     0     0     0     1        5.00\n"
            "\n"
            "druid -size=6: 1 record reaches the start, 0 end there\n"
            "ply       games     V     H  draw     *  mean plies\n"
            "c3            1     0     0     0     1        2.00\n");
}

TEST(Tree, BadOptionsAreUsageErrors) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = four_records(dir);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"tree", f, "--depth", "0"},
        std::vector<std::string>{"tree", f, "--depth", "65"},
        std::vector<std::string>{"tree", f, "--depth", "x"},
        std::vector<std::string>{"tree", f, "--moves", "b4", "--position", kPosition},
        std::vector<std::string>{"tree", f, "--moves", "[Game \"druid\"]"},
        std::vector<std::string>{"tree", f, "--moves", ""},
        std::vector<std::string>{"tree", f, "--position", "chess rnbqkbnr"},
        std::vector<std::string>{"tree", f, "--position", "druid square:8 zz"},
        std::vector<std::string>{"tree"},
        std::vector<std::string>{"tree", (dir.path() / "missing.rec").string()}}) {
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << args.back() << "\n" << r.out;
    EXPECT_FALSE(r.err.empty()) << args.back();
  }
}

TEST(Stats, CountsByHand) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const auto r = run_scribe({"stats", four_records(dir), "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto rows = json_lines(r.out);
  ASSERT_EQ(rows.size(), 2u) << r.out;
  const auto& g = rows[0];
  EXPECT_EQ(g["game"], "druid");
  EXPECT_EQ(g["options"], "-size=8");
  EXPECT_EQ(g["records"], 4);
  EXPECT_EQ(g["valid"], 3);
  EXPECT_EQ(g["invalid"], 1);
  EXPECT_EQ(g["results"], (nlohmann::json{{"V", 1}}));
  EXPECT_EQ(g["unfinished"], 2);
  // Lengths 25, 5 and 5: mean 35/3; buckets two plies wide from 4 (4-5 ... 24-25).
  EXPECT_EQ(g["length"]["min"], 5);
  EXPECT_EQ(g["length"]["median"], 5);
  EXPECT_DOUBLE_EQ(g["length"]["mean"].get<double>(), 11.67);
  EXPECT_EQ(g["length"]["max"], 25);
  const auto& h = g["length"]["histogram"];
  ASSERT_EQ(h.size(), 11u);
  EXPECT_EQ(h[0], (nlohmann::json{{"from", 4}, {"to", 5}, {"count", 2}}));
  EXPECT_EQ(h[10], (nlohmann::json{{"from", 24}, {"to", 25}, {"count", 1}}));
  EXPECT_EQ(g["first_plies"], (nlohmann::json{{{"ply_text", "b4"}, {"count", 2}},
                                              {{"ply_text", "b6"}, {"count", 1}}}));
  EXPECT_EQ(
      g["codes"],
      (nlohmann::json{{{"code", "druid.lintel-shape"}, {"severity", "error"}, {"count", 1}}}));
  ASSERT_EQ(g["players"].size(), 2u);
  EXPECT_EQ(g["players"][0], (nlohmann::json{{"name", "camb"},
                                             {"games", 1},
                                             {"won", 1},
                                             {"lost", 0},
                                             {"drawn", 0},
                                             {"unfinished", 0}}));
  EXPECT_EQ(g["players"][1]["name"], "rognlie");
  EXPECT_EQ(g["players"][1]["lost"], 1);
  EXPECT_EQ(rows[1]["summary"]["records"], 4);
  EXPECT_EQ(rows[1]["summary"]["groups"], 1);
}

TEST(Stats, TextReportAndGroupsPerOptions) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = (dir.path() / "m.rec").string();
  write_file(f, kOrderA + kSmall + kOrderB);
  const auto r = run_scribe({"stats", f});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "druid -size=8: 2 records, 2 valid (0 with warnings), 0 invalid\n"
            "  results: V 0, H 0, draw 0, * 2\n"
            "  length (plies): min 5, median 5, mean 5.00, max 5\n"
            "    5                  2  ########################################\n"
            "  first plies: b4 1, b6 1\n"
            "  codes: none\n"
            "  players (games, won, lost, drawn, unfinished): none\n"
            "\n"
            "druid -size=6: 1 record, 1 valid (0 with warnings), 0 invalid\n"
            "  results: V 0, H 0, draw 0, * 1\n"
            "  length (plies): min 2, median 2, mean 2.00, max 2\n"
            "    2                  1  ########################################\n"
            "  first plies: c3 1\n"
            "  codes: none\n"
            "  players (games, won, lost, drawn, unfinished): none\n");
  EXPECT_EQ(r.err, "3 records read in 2 groups, 0 invalid\n");
}

TEST(Stats, ChartsArePngAndSvgWrittenWholeAndNeverOverwrittenWithoutForce) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = four_records(dir);
  const fs::path charts = dir.path() / "charts";
  auto r = run_scribe({"stats", f, "--charts", charts.string(), "-q"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(charts)) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names,
            (std::vector<std::string>{"druid-size-8-codes.png", "druid-size-8-codes.svg",
                                      "druid-size-8-lengths.png", "druid-size-8-lengths.svg",
                                      "druid-size-8-openings.png", "druid-size-8-openings.svg",
                                      "druid-size-8-results.png", "druid-size-8-results.svg"}));
  const std::string png = read_file(charts / "druid-size-8-lengths.png");
  const auto pixels = test::decode_png_pixels(png);
  EXPECT_EQ(pixels.width, render::kChartWidth);
  EXPECT_GT(pixels.height, 100);
  EXPECT_NE(read_file(charts / "druid-size-8-openings.svg").find("<svg"), std::string::npos);
  // Again: refused (exit 2) and the file left as it was; with --force, replaced.
  write_file(charts / "druid-size-8-codes.svg", "mine");
  r = run_scribe({"stats", f, "--charts", charts.string(), "-q"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("exists; give --force"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(charts / "druid-size-8-codes.svg"), "mine");
  r = run_scribe({"stats", f, "--charts", charts.string(), "--force", "--theme", "dark", "-q"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(read_file(charts / "druid-size-8-codes.svg"), "mine");
  for (const auto& e : fs::directory_iterator(charts))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

TEST(Stats, BadOptionsAreUsageErrors) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = four_records(dir);
  write_file(dir.path() / "plain", "x");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"stats", f, "--top", "0"},
        std::vector<std::string>{"stats", f, "--theme", "blue"},
        std::vector<std::string>{"stats", f, "--charts", (dir.path() / "plain").string()},
        std::vector<std::string>{"stats", f, "--charts", ""}, std::vector<std::string>{"stats"}}) {
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << args.back();
    EXPECT_FALSE(r.err.empty()) << args.back();
  }
}

// Every text of every chart, in every theme, is drawn at 9 px or more at the default width.
TEST(Stats, ChartTextIsLegible) {
  render::Chart columns{"druid: game length (plies)", {}, false};
  for (int i = 0; i < 12; ++i)
    columns.bars.push_back({std::to_string(i * 1000) + "-" + std::to_string(i * 1000 + 999), i});
  render::Chart rows{"druid: most played first plies", {{"b4", 12}, {"c1-e1", 3}}, true};
  for (const auto* chart : {&columns, &rows})
    for (const char* theme : {"light", "dark", "print"}) {
      render::TextProbe probe;
      render::set_text_probe(&probe);
      const std::string png = render::draw_chart(*chart, render::Format::kPng, theme);
      render::set_text_probe(nullptr);
      ASSERT_FALSE(probe.texts.empty());
      for (const auto& t : probe.texts) EXPECT_GE(t.px, 9.0) << t.text << " " << theme;
      EXPECT_EQ(test::decode_png_pixels(png).width, render::kChartWidth);
    }
}

TEST(TreeStats, HostileInputIsReportedNotFatal) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path junk = dir.path() / "junk.rec";
  write_file(junk, std::string("\x00\xff\xfe[Game \"druid\"\n1. ((((", 20) +
                       std::string(5000, '(') + "\n[Game \"druid\"]\n1. " + std::string(3000, 'b') +
                       "\n");
  for (const char* cmd : {"tree", "stats"}) {
    const auto r = run_scribe({cmd, junk.string(), "--max-token-bytes", "1024"});
    EXPECT_TRUE(r.exit_code == 1 || r.exit_code == 2) << cmd << " " << r.exit_code << r.err;
    EXPECT_FALSE(r.err.empty()) << cmd;
    const auto e = run_scribe({cmd, "-", "--json"}, "");  // empty standard input
    EXPECT_NE(e.exit_code, 0) << cmd;
    EXPECT_EQ(json_lines(e.out).back()["summary"]["records"].is_number(), true) << e.out;
  }
}

TEST(TreeStats, OutputIsTheSameForEveryJobCount) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path gen = dir.path() / "g.rec", all = dir.path() / "all.rec";
  auto g = run_scribe(
      {"generate", "--game", "druid", "--count", "300", "--seed", "11", "--out", gen.string()});
  ASSERT_EQ(g.exit_code, 0) << g.err;
  const std::string text = read_file(gen);
  write_file(all, text + kBadShape + kSmall + text);
  for (const std::vector<std::string>& cmd :
       {std::vector<std::string>{"tree", all.string(), "--depth", "3"},
        std::vector<std::string>{"tree", all.string(), "--json", "--moves", "c3"},
        std::vector<std::string>{"stats", all.string()},
        std::vector<std::string>{"stats", all.string(), "--json", "--top", "50"}}) {
    std::vector<std::string> one = cmd, two = cmd;
    for (auto* v : {&one, &two}) v->insert(v->end(), {"--segment-bytes", "2048"});
    one.insert(one.end(), {"--jobs", "1"});
    two.insert(two.end(), {"--jobs", "2"});
    const auto a = run_scribe(one), b = run_scribe(two);
    EXPECT_EQ(a.exit_code, b.exit_code) << cmd[0];
    EXPECT_EQ(a.out, b.out) << cmd[0];
    EXPECT_FALSE(a.out.empty()) << cmd[0];
  }
}

// position_digest and may_be_position_of never tell two equal positions apart: at every position of
// every valid corpus record, the state read back from its own text has the same digest and text;
// and the digests of the positions of a record are not all alike.
TEST(PositionDigest, EqualTextsHaveEqualDigests) {
  int positions = 0;
  for (const auto& entry : app::catalog()) {
    const std::string game = entry.game->info().name;
    const fs::path dir = test::source_dir() / "corpus" / game / "valid";
    if (!fs::is_directory(dir)) continue;
    for (const auto& file : fs::directory_iterator(dir)) {
      if (file.path().extension() != ".rec") continue;
      for (const auto& record : notation::read_records(file.path().string(), read_file(file))) {
        engine::ReplayOptions o;
        o.keep_positions = true;
        const auto rr = engine::replay(app::catalog_games(), record, o);
        if (!rr.valid() || !rr.variant) continue;
        std::vector<std::uint64_t> seen;
        for (const auto& state : rr.positions) {
          const auto back = rr.variant->parse_position(state->position_text());
          ASSERT_TRUE(back.state) << file.path() << ": " << back.error;
          ASSERT_EQ(back.state->position_text(), state->position_text());
          EXPECT_EQ(back.state->position_digest(), state->position_digest())
              << file.path() << " " << state->position_text();
          EXPECT_TRUE(back.state->may_be_position_of(*state)) << state->position_text();
          EXPECT_TRUE(state->may_be_position_of(*back.state)) << state->position_text();
          if (&state != &rr.positions.front()) {
            // The start position of a record is not the position after its first ply.
            EXPECT_FALSE(rr.positions.front()->position_text() == state->position_text() &&
                         !state->may_be_position_of(*rr.positions.front()));
          }
          seen.push_back(state->position_digest());
          ++positions;
        }
        std::sort(seen.begin(), seen.end());
        if (rr.positions.size() > 2) {
          EXPECT_GT(std::unique(seen.begin(), seen.end()) - seen.begin(), 1) << file.path();
        }
      }
    }
  }
  EXPECT_GT(positions, 100);
}

}  // namespace
}  // namespace scribe
