// The worked examples of spec games/soccolot.md §14 (S1-S10), replayed as whole records through
// the generic replay, plus random play checks of the State contract.
#include <gtest/gtest.h>

#include "engine/core/random.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "tests/games/soccolot/soccolot_test_util.hpp"

namespace scribe::engine::soccolot::test {
namespace {

constexpr const char* kS1 = "1. b3rs 2. w3rnw 3. b3rs 4. w1rn 5. b3rs 6. w1rn";

// What one record's replay gave, in short.
struct Outcome {
  std::vector<std::string> diagnostics;  // "code@ply" (ply 0 when none), in order
  std::string final_position;
  std::string result;
  int plies = 0;
  bool valid = false;
};

Outcome run(const std::string& text, Mode mode = Mode::kStrict) {
  const auto records = notation::read_records("t.rec", text);
  EXPECT_EQ(records.size(), 1u);
  Outcome out;
  if (records.empty()) return out;
  ReplayOptions options;
  options.mode = mode;
  const ReplayResult r = replay({&soccolot_game()}, records[0], options);
  for (const auto& d : r.diagnostics)
    out.diagnostics.push_back(d.code + "@" + std::to_string(d.ply.value_or(0)));
  out.final_position = r.final_position.value_or("");
  out.result = r.result;
  out.plies = r.plies;
  out.valid = r.valid();
  return out;
}

std::string record(const std::string& tags, const std::string& moves) {
  return "[Game \"soccolot\"]\n" + tags + "\n" + moves + "\n";
}

using Codes = std::vector<std::string>;

TEST(SoccolotExamples, S1GoalByKick) {
  const std::string tags = "[Player1 \"ann\"]\n[Player2 \"bob\"]\n";
  Outcome o = run(record(tags + "[Result \"Black\"]\n", std::string(kS1) + " 7. b3k4"));
  EXPECT_TRUE(o.valid);
  EXPECT_TRUE(o.diagnostics.empty());
  EXPECT_EQ(o.result, "Black");
  EXPECT_EQ(o.plies, 7);
  EXPECT_EQ(o.final_position, "soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e9 -");

  o = run(record(tags, std::string(kS1) + " 7. b3k3"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.final_position, "soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e8 White");
  EXPECT_EQ(o.result, "*");

  o = run(record(tags, std::string(kS1) + " 7. b3k5"));
  EXPECT_EQ(o.diagnostics, Codes{"soccolot.kick-too-far@7"});
  EXPECT_EQ(o.plies, 6);

  o = run(record(tags + "[Options \"-goal=backrow\"]\n[Result \"Black\"]\n",
                 std::string(kS1) + " 7. b3k3"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.final_position, "soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e8 -");
  EXPECT_EQ(o.result, "Black");

  o = run(record(tags + "[Options \"-goal=backrow\"]\n", std::string(kS1) + " 7. b3k4"));
  EXPECT_EQ(o.diagnostics, Codes{"soccolot.kick-too-far@7"});

  o = run(record(tags + "[Result \"Black\"]\n", std::string(kS1) + " 7. b3k4 8. w1rn"));
  EXPECT_EQ(o.diagnostics, Codes{"soccolot.game-over@8"});

  o = run(record(tags + "[Result \"White\"]\n", std::string(kS1) + " 7. b3k4"));
  EXPECT_EQ(o.diagnostics, Codes{"record.result-mismatch@0"});
}

TEST(SoccolotExamples, S2RunsFromTheStart) {
  Outcome o = run(record("", "1. b6re"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.final_position, "soccolot B=g1,f1,e1,d1,c1,a1 W=g8,f8,e8,d8,c8,b8 O=e5 White");
  o = run(record("", "1. 2rs"));
  EXPECT_EQ(o.final_position, "soccolot B=g1,f2,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 White");
  const std::pair<const char*, const char*> bad[] = {
      {"b5re", "soccolot.occupied@1"},    {"b1rn", "soccolot.off-field@1"},
      {"w2rn", "soccolot.wrong-team@1"},  {"3k1", "soccolot.not-at-ball@1"},
      {"b3dn", "soccolot.not-at-ball@1"},
  };
  for (const auto& [token, code] : bad)
    EXPECT_EQ(run(record("", std::string("1. ") + token)).diagnostics, Codes{code}) << token;
}

TEST(SoccolotExamples, S3Notation) {
  for (const char* token : {"7rn", "b3rx", "3k9", "3kn", "b3", "x3rn"})
    EXPECT_EQ(run(record("", std::string("1. ") + token)).diagnostics, Codes{"soccolot.syntax@1"})
        << token;
  EXPECT_EQ(run(record("", "1. b3k")).diagnostics, Codes{"soccolot.kick-distance-missing@1"});
  EXPECT_EQ(run(record("", "1. b3k"), Mode::kLenient).diagnostics,
            Codes{"soccolot.kick-distance-missing@1"});
  const Outcome upper = run(record("", "1. B3RS"));
  EXPECT_TRUE(upper.valid);
  EXPECT_EQ(upper.final_position, run(record("", "1. b3rs")).final_position);
}

TEST(SoccolotExamples, S4KickDistanceMissingLenient) {
  const std::string setup =
      "[Setup \"soccolot B=g1,f1,e4,d1,c1,b1 W=g8,f8,e7,d8,c8,b8 O=e5 Black\"]\n";
  EXPECT_EQ(run(record(setup, "1. b3k")).diagnostics, Codes{"soccolot.kick-distance-missing@1"});
  const Outcome lenient = run(record(setup, "1. b3k"), Mode::kLenient);
  EXPECT_TRUE(lenient.valid);
  EXPECT_EQ(lenient.diagnostics, Codes{"soccolot.kick-distance-missing@1"});
  EXPECT_EQ(lenient.final_position, "soccolot B=g1,f1,e4,d1,c1,b1 W=g8,f8,e7,d8,c8,b8 O=e6 White");
  EXPECT_EQ(run(record(setup, "1. b3k2")).diagnostics, Codes{"soccolot.kick-blocked@1"});
  // R10: a team letter naming the other side is not repaired; nor is `w3k` read as a team
  // error first.
  EXPECT_EQ(run(record(setup, "1. w3k"), Mode::kLenient).diagnostics,
            Codes{"soccolot.kick-distance-missing@1"});
}

TEST(SoccolotExamples, S7S8S9) {
  const std::string s7 =
      "[Setup \"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e6,d8,c8,b8 O=e7 White\"]\n";
  Outcome o = run(record(s7 + "[Result \"Black\"]\n", "1. w3k2"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.final_position, "soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e6,d8,c8,b8 O=e9 -");
  o = run(record(s7 + "[Options \"-owngoal=illegal\"]\n", "1. w3k2"));
  EXPECT_EQ(o.diagnostics, Codes{"soccolot.own-goal@1"});

  const std::string s8 =
      "[Setup \"soccolot B=g1,f7,e1,d1,c1,b1 W=g8,h7,e8,d8,c8,b8 O=f8 Black\"]\n"
      "[Result \"Black\"]\n";
  o = run(record(s8, "1. b2ds"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.final_position, "soccolot B=g1,f8,e1,d1,c1,b1 W=g8,h7,e8,d8,c8,b8 O=f9 -");
  EXPECT_TRUE(run(record(s8, "1. b2k1")).valid);
  EXPECT_EQ(run(record(s8, "1. b2dse")).diagnostics, Codes{"soccolot.dribble-blocked@1"});
  EXPECT_EQ(run(record(s8, "1. b2dsw")).diagnostics, Codes{"soccolot.dribble-blocked@1"});

  const std::string s9 =
      "[Setup \"soccolot B=a1,b1,c1,a2,b2,c2 W=d1,d2,d3,c3,b3,a4 O=h8 White\"]\n";
  o = run(record(s9 + "[Result \"White\"]\n", "1. w6rn"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.diagnostics, Codes{"soccolot.no-legal-move@1"});
  EXPECT_EQ(o.result, "White");
  EXPECT_EQ(o.final_position, "soccolot B=a1,b1,c1,a2,b2,c2 W=d1,d2,d3,c3,b3,a3 O=h8 Black");
  o = run(record(s9 + "[Options \"-nomove=draw\"]\n[Result \"draw\"]\n", "1. w6rn"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.result, "draw");
  o = run(record(s9 + "[Result \"White\"]\n", "1. w6rn 2. b1rs"));
  EXPECT_EQ(o.diagnostics, (Codes{"soccolot.no-legal-move@1", "soccolot.game-over@2"}));
}

TEST(SoccolotExamples, S10Options) {
  for (const char* options : {"-goal=net", "-owngoal=lose -owngoal=lose", "-size=7"})
    EXPECT_EQ(run(record(std::string("[Options \"") + options + "\"]\n", "1. b3rs")).diagnostics,
              Codes{"record.bad-option@0"})
        << options;
  EXPECT_EQ(run(record("[Player3 \"cy\"]\n", "1. b3rs")).diagnostics, Codes{"record.bad-option@0"});
}

TEST(SoccolotExamples, SeedExampleMovesInOneGame) {
  const Outcome o =
      run(record("[Result \"Black\"]\n",
                 "1. b5rs 2. w2rn 3. b3rse 4. w2rn 5. b3rs 6. w2dne 7. b1rs 8. w4rnw 9. 3k5"));
  EXPECT_TRUE(o.valid);
  EXPECT_EQ(o.final_position, "soccolot B=g2,f1,d3,d1,c2,b1 W=g8,e5,e8,e7,c8,b8 O=d9 -");
}

TEST(SoccolotExamples, RandomPlayKeepsTheStateContract) {
  for (const auto& options : kRepresentativeOptions) {
    auto variant = soccolot_variant(options);
    Random rng(7);
    for (int game = 0; game < 10; ++game) {
      auto s = variant->initial_state();
      for (int ply = 0; ply < 300 && !s->result(); ++ply) {
        const auto moves = s->legal_moves("");
        ASSERT_FALSE(moves.empty()) << s->position_text();
        for (const auto& m : moves) ASSERT_EQ(s->canonical_move(m), m);
        const std::string& m = moves[rng.below(moves.size())];
        auto before = s->clone();
        const PlyOutcome o = s->apply(m, nullptr, Mode::kStrict);
        ASSERT_TRUE(o.applied) << m;
        for (const auto& f : o.findings) EXPECT_EQ(f.severity, Severity::kWarning);
        EXPECT_EQ(before->plies_played() + 1, s->plies_played());
        const PositionResult again = variant->parse_position(s->position_text());
        ASSERT_NE(again.state, nullptr) << again.error;
        EXPECT_EQ(again.state->position_text(), s->position_text());
        EXPECT_EQ(again.state->result(), s->result());
      }
    }
  }
}

}  // namespace
}  // namespace scribe::engine::soccolot::test
