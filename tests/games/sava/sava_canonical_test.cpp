// Sava's apply_canonical (the canonical text of a played ply from the rules' own check, for
// dedup's keys) against canonical_move read before the ply, over random games of every
// representative option set, with the plies written as generate writes them and otherwise.
#include <gtest/gtest.h>

#include <cctype>

#include "engine/core/random.hpp"
#include "engine/games/sava/sava.hpp"
#include "tests/games/sava/sava_variant.hpp"

namespace scribe {
namespace {

using engine::Mode;

std::unique_ptr<engine::Variant> variant(const std::string& options) {
  return test::sava_variant(options);
}

// The spellings of one ply that the test tries: as drawn, in lower case, and with a check mark
// and a glyph (read in lenient mode, where a false + is only a warning).
struct Spelling {
  std::string token;
  Mode mode;
};

std::vector<Spelling> spellings(const std::string& move) {
  std::string lower = move;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return {{move, Mode::kStrict}, {lower, Mode::kStrict}, {move + "+!", Mode::kLenient}};
}

// Plays random games and checks every spelling of every ply in the position it is played in.
// Returns the number of plies checked whose canonical text differs from the token.
int check_games(const std::string& options, std::uint64_t seed, int games, int* checked) {
  const auto v = variant(options);
  engine::Random rng(seed);
  int rewritten = 0;
  for (int g = 0; g < games; ++g) {
    auto state = v->initial_state();
    std::string roll, move;
    for (int ply = 0; ply < 200; ++ply) {
      auto draw = state->clone();
      if (!draw->play_random(rng, roll, move)) break;
      const engine::RollText roll_text{roll};
      const engine::RollText* r = roll.empty() ? nullptr : &roll_text;
      for (const Spelling& s : spellings(move)) {
        auto before = state->clone();
        const std::optional<std::string> expected = before->canonical_move(s.token);
        std::string canonical = "unchanged";
        const engine::PlyOutcome out = before->apply_canonical(s.token, r, s.mode, canonical);
        if (!out.applied) {
          EXPECT_EQ(canonical, "unchanged");
          continue;
        }
        ++*checked;
        EXPECT_EQ(canonical, expected.value_or(s.token))
            << options << " game " << g << " ply " << ply + 1 << " token " << s.token << " in "
            << state->position_text();
        if (canonical != s.token) ++rewritten;
      }
      EXPECT_TRUE(state->apply(move, r, Mode::kStrict).applied) << move;
    }
  }
  return rewritten;
}

TEST(SavaCanonical, ApplyCanonicalAgreesWithCanonicalMove) {
  int checked = 0, rewritten = 0;
  for (const std::string& options : engine::sava::kRepresentativeOptions)
    rewritten += check_games(options, 7, 12, &checked);
  // Enough plies were tried, and the lower-case and marked spellings were rewritten.
  EXPECT_GT(checked, 10000);
  EXPECT_GT(rewritten, 3000);
}

TEST(SavaCanonical, ApplyCanonicalWritesNothingForARefusedPly) {
  auto state = variant("")->initial_state();
  std::string canonical = "kept";
  EXPECT_FALSE(state->apply_canonical("WzA1", nullptr, Mode::kStrict, canonical).applied);
  EXPECT_EQ(canonical, "kept");
  EXPECT_TRUE(state->apply_canonical("de2d2", nullptr, Mode::kStrict, canonical).applied);
  EXPECT_EQ(canonical, "DE2D2");
}

}  // namespace
}  // namespace scribe
