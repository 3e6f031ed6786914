// Legibility of the diagrams at the default 400 px, read through the drawing context: every text
// a drawer draws reports its font size in device pixels (render::TextProbe), so a text drawn
// below the minimum fails here whatever its colour or place. Also: captions say what the record
// says (its players when it names them, nothing invented when it does not).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/theme.hpp"
#include "tests/support/generated_game.hpp"

namespace scribe {
namespace {

// About 9 px: DejaVu Sans's capitals are then 6.6 px tall.
constexpr double kMinimumPx = 9.0;

// Positions of one random game (start, middle, end) with their requests.
struct Game {
  test::GeneratedGame game;
  std::vector<render::DiagramRequest> requests;
};

Game random_game(const app::CatalogEntry& e, const std::string& options, std::uint64_t seed) {
  Game out;
  out.game = test::generated_game(e, seed, options);
  if (out.game.rr.positions.empty()) return out;
  const int n = out.game.plies() + 1;
  for (int ply : {0, n / 2, n - 1}) out.requests.push_back(out.game.request(ply));
  return out;
}

// The texts drawn for `req` at `size` px.
std::vector<render::TextProbe::Text> texts_of(const render::DiagramDrawer& drawer,
                                              const render::DiagramRequest& req, int size = 400) {
  render::TextProbe probe;
  render::set_text_probe(&probe);
  render::EncodeOptions eo;
  eo.size = size;
  (void)render::render_diagram(drawer, req, render::Format::kPng, eo);
  render::set_text_probe(nullptr);
  return probe.texts;
}

// Every text of every style of every game, at the start, middle and end of random games of
// every representative option set, with players named and coordinates shown, is 9 px or more.
TEST(RenderLegibility, NoTextBelowNinePixelsAt400) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    double smallest = 1e9;
    std::string smallest_where;
    // The largest boards too, where the labels are smallest.
    std::vector<std::string> option_sets = e.representative_options;
    if (game == "druid") option_sets.insert(option_sets.end(), {"-size=13", "-hex -size=8"});
    for (const auto& options : option_sets)
      for (std::uint64_t seed : {3u, 8u}) {
        Game g = random_game(e, options, seed);
        for (render::DiagramRequest req : g.requests)
          for (const auto& style : e.drawer->styles()) {
            req.style = style;
            req.players = {"Ann Example", "Bob Example", "Cy Example", "Di Example"};
            const auto texts = texts_of(*e.drawer, req);
            ASSERT_FALSE(texts.empty()) << game << " " << style;
            for (const auto& t : texts) {
              const std::string where = game + " [" + options + "] " + style + " ply " +
                                        std::to_string(req.ply) + ": '" + t.text + "'";
              EXPECT_GE(t.px, kMinimumPx) << where;
              if (t.px < smallest) {
                smallest = t.px;
                smallest_where = where;
              }
            }
          }
      }
    std::printf("%s: smallest text %.1f px (%s)\n", game.c_str(), smallest, smallest_where.c_str());
  }
}

// The probe sees sizes in device pixels: the same diagram at 800 px draws its smallest text
// twice as large as at 400 px (so the check above cannot pass by measuring in drawer units).
TEST(RenderLegibility, ProbeMeasuresDevicePixels) {
  for (const auto& e : app::catalog()) {
    Game g = random_game(e, e.representative_options.front(), 3);
    const render::DiagramRequest& req = g.requests.back();
    auto smallest = [](const std::vector<render::TextProbe::Text>& texts) {
      double m = 1e9;
      for (const auto& t : texts) m = std::min(m, t.px);
      return m;
    };
    const double at400 = smallest(texts_of(*e.drawer, req, 400));
    const double at800 = smallest(texts_of(*e.drawer, req, 800));
    EXPECT_NEAR(at800, 2 * at400, 0.01 * at400) << e.game->info().name;
  }
}

// Captions name the players the record names, and nobody when it names none.
TEST(RenderCaption, PlayersComeFromTheRecordAndAreNeverInvented) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    Game g = random_game(e, e.representative_options.front(), 3);
    render::DiagramRequest req = g.requests.back();
    req.players.clear();
    for (const auto& t : texts_of(*e.drawer, req)) {
      std::string lower = t.text;
      std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
      EXPECT_EQ(lower.find("player"), std::string::npos) << game << ": '" << t.text << "'";
    }
    req.players = {"Ann Example", "Bob Example"};
    bool ann = false, bob = false;
    for (const auto& t : texts_of(*e.drawer, req)) {
      ann = ann || t.text.find("Ann Example") != std::string::npos;
      bob = bob || t.text.find("Bob Example") != std::string::npos;
    }
    EXPECT_TRUE(ann && bob) << game;
    // The first line is the ply and its text.
    const auto texts = texts_of(*e.drawer, req);
    const std::string first = std::to_string(req.ply) + ". ";
    bool found = false;
    for (const auto& t : texts)
      found =
          found || (t.text.rfind(first, 0) == 0 && t.text.find(req.last_move) != std::string::npos);
    EXPECT_TRUE(found) << game << ": no caption line '" << first << "... " << req.last_move << "'";
  }
}

}  // namespace
}  // namespace scribe
