// Druid's apply_canonical (the canonical text of a played ply from the ply as read, for dedup's
// keys) against canonical_move read before the ply, over random games of several option sets,
// with the plies written as generate writes them and otherwise.
#include <cctype>

#include "engine/core/random.hpp"
#include "tests/games/druid/druid_test_util.hpp"

namespace scribe::engine::druid::test {
namespace {

// The spellings of one ply that the test tries: as drawn, in upper case, and with a lintel's
// ends the other way round.
std::vector<std::string> spellings(const std::string& move) {
  std::vector<std::string> out{move};
  std::string upper = move;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out.push_back(upper);
  const std::size_t dash = move.find('-');
  if (dash != std::string::npos) {
    const std::size_t comma = move.find(',');
    const std::size_t end = comma == std::string::npos ? move.size() : comma;
    out.push_back(move.substr(dash + 1, end - dash - 1) + "-" + move.substr(0, dash) +
                  move.substr(end));
  }
  return out;
}

// Plays random games and checks every spelling of every ply in the position it is played in.
// Returns the number of plies checked whose canonical text differs from the token.
int check_games(const std::string& options, std::uint64_t seed, int games, int* checked) {
  const std::unique_ptr<Variant> v = variant(options);
  Random rng(seed);
  int rewritten = 0;
  for (int g = 0; g < games; ++g) {
    std::unique_ptr<State> state = v->initial_state();
    std::string roll, move;
    for (int ply = 0; ply < 400 && !state->result(); ++ply) {
      std::unique_ptr<State> draw = state->clone();
      if (!draw->play_random(rng, roll, move)) break;
      for (const std::string& token : spellings(move)) {
        std::unique_ptr<State> before = state->clone();
        const std::optional<std::string> expected = before->canonical_move(token);
        std::string canonical = "unchanged";
        const PlyOutcome out = before->apply_canonical(token, nullptr, Mode::kStrict, canonical);
        if (!out.applied) {
          EXPECT_EQ(canonical, "unchanged");
          continue;
        }
        ++*checked;
        EXPECT_EQ(canonical, expected.value_or(token))
            << options << " game " << g << " ply " << ply + 1 << " token " << token;
        if (canonical != token) ++rewritten;
      }
      if (!state->apply(move, nullptr, Mode::kStrict).applied) {
        ADD_FAILURE() << "the drawn ply " << move << " was refused";
        break;
      }
    }
  }
  return rewritten;
}

TEST(DruidCanonical, ApplyCanonicalAgreesWithCanonicalMove) {
  int checked = 0, rewritten = 0;
  for (const char* options : {"", "-hex", "-y -size=12", "-walk", "-walk -walkturn=either",
                              "-nostack -nogaps -size=26", "-hex -players=3 -walk"})
    rewritten += check_games(options, 5, 4, &checked);
  // Enough plies were tried, and the upper-case and turned spellings were rewritten.
  EXPECT_GT(checked, 5000);
  EXPECT_GT(rewritten, 2000);
}

}  // namespace
}  // namespace scribe::engine::druid::test
