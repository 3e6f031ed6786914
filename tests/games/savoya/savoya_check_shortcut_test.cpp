// SavoyaState::check takes a shortcut for the usual ply (a known roll, no more components than
// dice, valid without a warning) and the general steps (attempt(), lenient repairs) for every
// other. Here each ply of random games, and damaged versions of it (components swapped or
// repeated, a piece moved twice, other rolls, no roll, a pass), is applied to two copies of the
// state, one with the shortcut and one without, strict and lenient: the outcomes (findings,
// shown roll, canonical text) and the states after them must be the same.
#include <string>
#include <vector>

#include "engine/core/random.hpp"
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

// What applying one ply gave, in full, with the state it left.
std::string describe(State& s, std::string_view token, const std::string* roll, Mode mode) {
  const RollText rt{roll != nullptr ? std::string_view(*roll) : std::string_view()};
  std::string canonical;
  const PlyOutcome out = s.apply_canonical(token, roll != nullptr ? &rt : nullptr, mode, canonical);
  std::string text = out.applied ? "applied" : "stopped";
  for (const Finding& f : out.findings)
    text += " | " + std::to_string(static_cast<int>(f.severity)) + " " + f.code + " " +
            f.message + " @" + std::to_string(static_cast<int>(f.anchor)) + ":" +
            std::to_string(f.offset) + "+" + std::to_string(f.length);
  text += " | roll " + out.roll + " inferred " + out.inferred_roll;
  if (!out.applied) return text;
  const auto& savoya = dynamic_cast<const SavoyaState&>(s);
  const LastPly last = savoya.last_ply();
  text += " | canonical " + canonical + " | " + s.position_text() + " | plies " +
          std::to_string(s.plies_played()) + " mover " + s.last_mover() + " result " +
          s.result().value_or("-") + " | last side " + std::to_string(last.side) + " pass " +
          std::to_string(last.pass) + " dice " + (last.dice_known ? last.dice.text() : "?");
  for (int i = 0; i < last.comps.n; ++i)
    text += " " + std::to_string(last.comps.items[i].from) + ">" +
            std::to_string(last.comps.items[i].to);
  return text;
}

// The components of a ply token ("a6-f6,j1-j3" -> {"a6-f6", "j1-j3"}).
std::vector<std::string> components(const std::string& token) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (std::size_t comma; (comma = token.find(',', at)) != std::string::npos; at = comma + 1)
    out.push_back(token.substr(at, comma - at));
  out.push_back(token.substr(at));
  return out;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ",") + p;
  return out;
}

// Damaged versions of the ply `token` played with `roll` (a roll of "" stands for none).
std::vector<std::pair<std::string, std::string>> variants_of(const std::string& roll,
                                                             const std::string& token) {
  std::vector<std::pair<std::string, std::string>> out = {{roll, token}, {"", token}, {roll, "pass"}};
  if (roll.size() == 3) {
    out.push_back({std::string{roll[2], '-', roll[0]}, token});
    out.push_back({roll[0] == '6' ? "5-1" : "6-1", token});
  }
  std::vector<std::string> parts = components(token);
  if (parts.size() < 2) return out;
  const std::string first = parts[0];
  const std::string second = parts[1];
  std::vector<std::string> swapped = parts;
  std::swap(swapped[0], swapped[1]);
  out.push_back({roll, joined(swapped)});
  out.push_back({roll, first});                              // dice left unused
  out.push_back({roll, first + "," + first});                // the same move twice
  const std::size_t dash = first.find('-');
  const std::string first_to = first.substr(dash + 1);
  const std::string second_to = second.substr(second.find('-') + 1);
  std::vector<std::string> twice = parts;                    // a piece moved on (split move)
  twice[1] = first_to + "-" + second_to;
  out.push_back({roll, joined(twice)});
  out.push_back({"", joined(twice)});
  return out;
}

TEST(SavoyaCheckShortcut, GivesWhatTheGeneralStepsGive) {
  int compared = 0, split_moves = 0, valid = 0, invalid = 0;
  for (const char* options : {"", "-players=3", "-players=4 -even=3", "-stops=free",
                              "-board=savoy", "-step=5", "-stack=9"}) {
    const std::unique_ptr<Variant> v = variant(options);
    ASSERT_NE(v, nullptr) << options;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      // The game's own plies come from a third state; the two compared follow them.
      std::unique_ptr<State> source = v->initial_state();
      std::unique_ptr<State> with = v->initial_state();
      std::unique_ptr<State> without = v->initial_state();
      dynamic_cast<SavoyaState&>(*without).set_check_shortcut(false);
      Random rng(seed);
      std::string roll, move;
      for (int ply = 1; ply <= 150 && source->play_random(rng, roll, move); ++ply) {
        for (const auto& [r, token] : variants_of(roll, move)) {
          for (const Mode mode : {Mode::kStrict, Mode::kLenient}) {
            const std::unique_ptr<State> a = with->clone();
            const std::unique_ptr<State> b = without->clone();
            const std::string* given = r.empty() ? nullptr : &r;
            const std::string fast = describe(*a, token, given, mode);
            ASSERT_EQ(fast, describe(*b, token, given, mode))
                << options << " seed " << seed << " ply " << ply << " (" << r << ") " << token
                << (mode == Mode::kLenient ? " lenient" : " strict");
            ++compared;
            if (fast.find("savoya.split-move") != std::string::npos) ++split_moves;
            ++(fast.rfind("applied", 0) == 0 ? valid : invalid);
          }
        }
        const std::string* given = roll.empty() ? nullptr : &roll;
        ASSERT_EQ(describe(*with, move, given, Mode::kStrict),
                  describe(*without, move, given, Mode::kStrict))
            << options << " seed " << seed << " ply " << ply;
      }
    }
  }
  // Both ways and the lenient re-reading were taken often enough to mean something.
  EXPECT_GT(compared, 10000);
  EXPECT_GT(valid, 3000);
  EXPECT_GT(invalid, 3000);
  EXPECT_GT(split_moves, 20);
}

}  // namespace
}  // namespace scribe::engine::savoya::test
