// Conformance over the catalog: every game, every representative option set. Random play to the
// end with clone checks, canonical move text round-trips, position text round-trips, and every
// generated record validates with the same final position.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/random.hpp"
#include "engine/core/replay.hpp"

namespace scribe {
namespace {

struct Case {
  const app::CatalogEntry* entry;
  std::string options;
};

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const auto& e : app::catalog())
    for (const auto& o : e.representative_options) cases.push_back({&e, o});
  return cases;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string name = info.param.entry->game->info().name + "_" + std::to_string(info.index);
  for (char c : info.param.options)
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

std::unique_ptr<engine::Variant> configure(const Case& c) {
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest req{c.entry->game->info().name, c.options, &kNoTags, engine::Mode::kStrict};
  engine::VariantResult vr = c.entry->game->configure(req);
  for (const auto& f : vr.findings) ADD_FAILURE() << c.options << ": " << f.code << " " << f.message;
  return std::move(vr.variant);
}

class Conformance : public testing::TestWithParam<Case> {};

TEST_P(Conformance, RandomPlayKeepsEveryInvariant) {
  const auto variant = configure(GetParam());
  ASSERT_NE(variant, nullptr);
  engine::Random rng(12345);
  for (int game = 0; game < 6; ++game) {
    auto state = variant->initial_state();
    int plies = 0;
    while (!state->result() && plies < std::min(variant->generate_ply_limit(), 400)) {
      const std::string text = state->position_text();
      // Position text round-trips.
      const engine::PositionResult pr = variant->parse_position(text);
      ASSERT_NE(pr.state, nullptr) << text << ": " << pr.error;
      ASSERT_EQ(pr.state->position_text(), text);
      // The side to move as a view, where the game gives one, is side_to_move().
      std::string_view side;
      if (state->side_to_move_view(side)) {
        ASSERT_EQ(side, state->side_to_move()) << text;
      }
      std::string roll;
      const auto outcomes = state->chance_outcomes();
      if (!outcomes.empty()) roll = outcomes[rng.below(outcomes.size())].roll;
      const auto moves = state->legal_moves(roll);
      ASSERT_FALSE(moves.empty()) << "no legal move at " << text << " roll " << roll;
      const engine::RollText rt{roll};
      // A sample of legal moves: canonical text is a fixed point, and each applies to a clone
      // without touching the original.
      for (int k = 0; k < 4; ++k) {
        const std::string& m = moves[rng.below(moves.size())];
        ASSERT_EQ(state->canonical_move(m), m) << "at " << text;
        auto copy = state->clone();
        const auto out = copy->apply(m, roll.empty() ? nullptr : &rt, engine::Mode::kStrict);
        ASSERT_TRUE(out.applied) << m << " at " << text << ": "
                                 << (out.findings.empty() ? "" : out.findings[0].message);
        ASSERT_EQ(state->position_text(), text) << "applying to a clone changed the original";
      }
      const std::string& m = moves[rng.below(moves.size())];
      const auto out = state->apply(m, roll.empty() ? nullptr : &rt, engine::Mode::kStrict);
      ASSERT_TRUE(out.applied) << m << " at " << text;
      for (const auto& f : out.findings) ASSERT_NE(f.severity, engine::Severity::kError);
      ++plies;
      ASSERT_EQ(state->plies_played(), plies);
    }
    std::string_view side;  // also once the game is over (""), or cut off
    if (state->side_to_move_view(side)) {
      ASSERT_EQ(side, state->side_to_move());
    }
  }
}

TEST_P(Conformance, GeneratedRecordsValidate) {
  const auto variant = configure(GetParam());
  ASSERT_NE(variant, nullptr);
  const std::string& name = GetParam().entry->game->info().name;
  engine::Random rng(777);
  std::string text;
  std::vector<engine::GeneratedGame> games;
  for (int i = 0; i < 4; ++i) {
    games.push_back(engine::play_random_game(*variant, rng));
    text += engine::format_generated_record(name, *variant, games.back(), 777, 4);
  }
  const auto records = notation::read_records("generated.rec", text);
  ASSERT_EQ(records.size(), games.size());
  // The only diagnostics a generated record may carry are the variant's own notices (such as
  // a reconstructed board's warning) and the warning the game gives about the position the
  // record stops in (Savoya's mutual pin, when the ply limit stops a game there).
  std::vector<std::string> notices;
  for (const auto& f : variant->notices()) notices.push_back(f.code);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto rr = engine::replay(app::catalog_games(), records[i], engine::ReplayOptions{});
    ASSERT_NE(rr.final_state, nullptr);
    const std::optional<engine::Finding> end = rr.final_state->record_end().finding;
    for (const auto& d : rr.diagnostics) {
      const bool notice = std::find(notices.begin(), notices.end(), d.code) != notices.end();
      const bool at_end = end && d.code == end->code;
      if (d.severity == engine::Severity::kError || (!notice && !at_end))
        ADD_FAILURE() << notation::format_diagnostic("generated.rec", d);
    }
    EXPECT_EQ(rr.plies, games[i].plies);
    EXPECT_EQ(rr.result, games[i].result);
  }
}

TEST_P(Conformance, GenerationIsDeterministic) {
  const auto variant = configure(GetParam());
  ASSERT_NE(variant, nullptr);
  engine::Random a(99), b(99);
  EXPECT_EQ(engine::play_random_game(*variant, a).movetext, engine::play_random_game(*variant, b).movetext);
}

INSTANTIATE_TEST_SUITE_P(Catalog, Conformance, testing::ValuesIn(all_cases()), case_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);

}  // namespace
}  // namespace scribe
