// Savoya's apply_canonical (the canonical text of a played ply from the checked move, for dedup's
// keys) against canonical_move read before the ply, over random games of several option sets,
// with each ply written as generate writes it, in upper case, and with its `Nx` groups written
// out one component at a time.
#include <cctype>

#include "engine/core/random.hpp"
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

// "2xa1-b2,c3-d4" -> "a1-b2,a1-b2,c3-d4".
std::string expanded(const std::string& move) {
  std::string out;
  std::size_t at = 0;
  while (at <= move.size()) {
    std::size_t end = move.find(',', at);
    if (end == std::string::npos) end = move.size();
    std::string part = move.substr(at, end - at);
    int count = 1;
    if (part.size() > 2 && part[1] == 'x' && std::isdigit(static_cast<unsigned char>(part[0]))) {
      count = part[0] - '0';
      part = part.substr(2);
    }
    for (int i = 0; i < count; ++i) out += (out.empty() ? "" : ",") + part;
    at = end + 1;
  }
  return out;
}

std::vector<std::string> spellings(const std::string& move) {
  std::string upper = move;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return {move, upper, expanded(move)};
}

// Plays random games and checks every spelling of every ply in the position it is played in;
// counts the plies checked and those whose canonical text differs from the spelling.
void check_games(const std::string& options, std::uint64_t seed, int games, int* checked,
                 int* rewritten) {
  const std::unique_ptr<Variant> v = variant(options);
  ASSERT_NE(v, nullptr) << options;
  Random rng(seed);
  for (int g = 0; g < games; ++g) {
    std::unique_ptr<State> state = v->initial_state();
    std::string roll, move;
    for (int ply = 0; ply < 150; ++ply) {
      std::unique_ptr<State> draw = state->clone();
      if (!draw->play_random(rng, roll, move)) break;
      const RollText roll_text{roll};
      const RollText* r = roll.empty() ? nullptr : &roll_text;
      for (const std::string& token : spellings(move)) {
        std::unique_ptr<State> before = state->clone();
        const std::optional<std::string> expected = before->canonical_move(token);
        std::string canonical = "unchanged";
        const PlyOutcome out = before->apply_canonical(token, r, Mode::kStrict, canonical);
        if (!out.applied) continue;
        ++*checked;
        EXPECT_EQ(canonical, expected.value_or(token))
            << options << " game " << g << " ply " << ply + 1 << " token " << token;
        if (canonical != token) ++*rewritten;
      }
      ASSERT_TRUE(state->apply(move, r, Mode::kStrict).applied) << move;
    }
  }
}

TEST(SavoyaCanonical, ApplyCanonicalAgreesWithCanonicalMove) {
  int checked = 0, rewritten = 0;
  for (const std::string options :
       {"", "-players=3", "-players=4 -even=3", "-board=savoy", "-stack=2", "-stops=free"})
    check_games(options, 11, 3, &checked, &rewritten);
  // Enough plies were tried, and the upper-case and written-out spellings were rewritten.
  EXPECT_GT(checked, 2000);
  EXPECT_GT(rewritten, 1000);
}

}  // namespace
}  // namespace scribe::engine::savoya::test
