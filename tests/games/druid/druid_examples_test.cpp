// The worked examples of the spec (games/druid.md §16, D1-D16), replayed as whole records.
#include "tests/games/druid/druid_test_util.hpp"

namespace scribe::engine::druid::test {
namespace {

using Codes = std::vector<std::string>;

std::string rec(const std::string& options, const std::string& moves,
                const std::string& result = "*", const std::string& extra_tags = "") {
  std::string t = "[Game \"druid\"]\n";
  if (!options.empty()) t += "[Options \"" + options + "\"]\n";
  t += extra_tags;
  t += "[Result \"" + result + "\"]\n" + moves + "\n";
  return t;
}

const char* kD1 =
    "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
    "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
    "23. e1 24. f1 25. c1-e1";

TEST(DruidExamples, D1SeedSampleGame) {
  const auto r = replay_text(rec("-size=8", kD1, "V"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.result, "V");
  EXPECT_EQ(r.plies, 25);
  EXPECT_EQ(r.final_position,
            "druid square:8 a5=h,b1=h,b4=vVV,b5=hV,b6=vV,b7=v,b8=v,c1=vV,c4=..V,c5=h,d1=hV,d2=v,"
            "d3=v,d4=vvV,d5=h,e1=vV,e5=h,f1=h,f4=h,f5=h,g5=h,h5=h b4-b6/2,c1-e1/2,b4-d4/3 - - 0 -");
  EXPECT_EQ(codes(replay_text(rec("-size=8", kD1, "H"))), Codes{"record.result-mismatch@-"});
  EXPECT_EQ(codes(replay_text(rec("-size=8", std::string(kD1) + " 26. a1", "V"))),
            Codes{"druid.game-over@26"});
}

TEST(DruidExamples, D1PliesFiveElevenSixteen) {
  // Replays D1 up to ply 16: H's row 5 is complete except b5, which is V-topped: no win.
  auto v = variant("-size=8");
  auto s = v->initial_state();
  ASSERT_EQ(play(*s, "b4 b5 b6 a5 b4-b6 c5 d4 d5 d4 e5 b4-d4 f5 b7 g5 b8 h5"), "");
  EXPECT_FALSE(s->result().has_value());
  EXPECT_NE(s->position_text().find("b4-d4/3"), std::string::npos);
}

TEST(DruidExamples, D2SeedThreeLegalLintels) {
  const auto r = replay_text(rec("-size=6",
                                 "1. b2 2. e2 3. d2 4. e2 5. b2-d2 6. a5 7. c2-e2 8. b4 9. c4 10. "
                                 "f6 11. d4 12. a6 13. b4-d4"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position,
            "druid square:6 a5=h,a6=h,b2=vV,b4=hV,c2=.VV,c4=vV,d2=vVV,d4=vV,e2=hhV,f6=h "
            "b2-d2/2,b4-d4/2,c2-e2/3 - H 0 -");
}

TEST(DruidExamples, D3IllegalLintels) {
  const std::pair<const char*, const char*> table[] = {
      {"1. b2-b4", "druid.lintel-on-ground@1"},
      {"1. b2 2. h8 3. b2 4. h7 5. d2 6. h6 7. b2-d2", "druid.lintel-not-flat@7"},
      {"1. b2 2. h8 3. c2 4. h7 5. c2 6. h6 7. d2 8. h5 9. b2-d2", "druid.lintel-not-flat@9"},
      {"1. b2 2. h8 3. c2 4. h7 5. d2 6. h6 7. b2-d2", "druid.lintel-support@7"},
      {"1. b2 2. d2 3. b2-d2", "druid.lintel-support@3"},
      {"1. b2 2. h8 3. c3 4. h7 5. b2-c3", "druid.lintel-shape@5"},
      {"1. i1", "druid.not-a-cell@1"},
      {"1. c3-", "druid.syntax@1"},
  };
  for (const auto& [moves, code] : table)
    EXPECT_EQ(codes(replay_text(rec("-size=8", moves))), Codes{code}) << moves;
  // The syntax error points one past the end of the token.
  const auto r = replay_text(rec("-size=8", "1. c3-"));
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].span.col, 7u);
  EXPECT_EQ(r.diagnostics[0].span.len, 1u);
}

TEST(DruidExamples, D4SarsensOnStones) {
  EXPECT_EQ(codes(replay_text(rec("", "1. c3 2. c3"))), Codes{"druid.sarsen-on-enemy@2"});
  const auto r = replay_text(rec("", "1. c3 2. d4 3. c3"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "druid square:10 c3=vv,d4=h - - H 0 -");
}

TEST(DruidExamples, D5NoStack) {
  EXPECT_EQ(codes(replay_text(rec("-size=8 -nostack", "1. c3 2. d4 3. c3"))),
            Codes{"druid.sarsen-on-sarsen@3"});
  const auto r =
      replay_text(rec("-size=8 -nostack", "1. b2 2. h8 3. d2 4. h7 5. b2-d2 6. h6 7. c2"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "druid square:8 b2=vV,c2=.Vv,d2=vV,h6=h,h7=h,h8=h b2-d2/2 - H 0 -");
}

TEST(DruidExamples, D6NoGaps) {
  EXPECT_EQ(codes(replay_text(rec("-size=8 -nogaps", "1. b2 2. h8 3. d2 4. h7 5. b2-d2"))),
            Codes{"druid.lintel-gap@5"});
  const auto r = replay_text(rec("-size=8 -nogaps", "1. b2 2. c2 3. d2 4. h8 5. b2-d2"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "druid square:8 b2=vV,c2=hV,d2=vV,h8=h b2-d2/2 - H 0 -");
}

TEST(DruidExamples, D7Swap) {
  const auto r = replay_text(rec("", "1. c3 2. swap 3. d4"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "druid square:10 c3=v,d4=h - - V 0 -");
  EXPECT_EQ(codes(replay_text(rec("", "1. c3 2. d4 3. swap"))), Codes{"druid.swap-not-allowed@3"});
  EXPECT_EQ(codes(replay_text(rec("", "1. pass 2. swap"))), Codes{"druid.swap-not-allowed@2"});
}

TEST(DruidExamples, D8Passing) {
  const auto r = replay_text(rec("", "1. c3 2. pass 3. --", "draw"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.result, "draw");
  EXPECT_EQ(r.final_position, "druid square:10 c3=v - - - 2 -");
  EXPECT_EQ(codes(replay_text(rec("", "1. pass 2. pass 3. c3"))), Codes{"druid.game-over@3"});
  const auto r2 = replay_text(rec("", "1. c3 2. pass 3. d4 4. pass"));
  EXPECT_EQ(codes(r2), Codes{});
  EXPECT_EQ(r2.final_position, "druid square:10 c3=v,d4=v - - V 1 -");
}

const char* kD9 =
    "1. b1 2. a3 3. b2 4. c3 5. n 6. d3 7. b3 8. c1 9. n 10. d1 11. b4 12. pass 13. n";
const char* kD9Final =
    "druid square:4 a3=h,b1=v,b2=v,b3=v,b4=v,c1=h,c3=h,d1=h,d3=h - V@b4>n,H@a3>e - 0 -";

TEST(DruidExamples, D9WalkOnTheSquareBoard) {
  const auto r = replay_text(rec("-size=4 -walk", kD9, "V"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.plies, 13);
  EXPECT_EQ(r.final_position, kD9Final);
  // Ply 11 completes V's column: no win in Walk.
  auto s = variant("-size=4 -walk")->initial_state();
  ASSERT_EQ(play(*s, "b1 a3"), "");
  EXPECT_EQ(s->position_text(), "druid square:4 a3=h,b1=v - V@b1>n,H@a3>e V 0 -");
  ASSERT_EQ(play(*s, "b2 c3 n d3 b3 c1 n d1 b4"), "");
  EXPECT_FALSE(s->result().has_value());
}

TEST(DruidExamples, D9Variants) {
  const std::string ten = "1. b1 2. a3 3. b2 4. c3 5. n 6. d3 7. b3 8. c1 9. n 10. d1";
  const auto r = replay_text(rec("-size=4 -walk", ten + " 11. b4,b4", "V"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.plies, 11);
  EXPECT_EQ(r.final_position, kD9Final);
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk -walkturn=either", ten + " 11. b4,b4"))),
            Codes{"druid.place-and-move@11"});
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk", ten + " 11. b4 12. pass 13. e"))),
            Codes{"druid.druid-target@13"});
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk",
                                  "1. b1 2. a3 3. b2 4. c3 5. n 6. d3 7. b3 8. c1 9. n 10. b3"))),
            Codes{"druid.druid-cell@10"});
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk", "1. c2 2. a3 3. n"))),
            Codes{"druid.no-druid@3"});
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk", "1. b1 2. a3 3. s"))),
            Codes{"druid.druid-off-board@3"});
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk", "1. b1 2. a3 3. ne"))),
            Codes{"druid.bad-direction@3"});
  EXPECT_EQ(codes(replay_text(rec("-size=4 -walk", "1. b1 2. a3 3. b2,a4"))),
            Codes{"druid.druid-not-adjacent@3"});
  EXPECT_EQ(codes(replay_text(rec("-size=4", "1. b1 2. a3 3. b2 4. n"))), Codes{"druid.no-walk@4"});
}

const char* kD10 =
    "1. c1 2. a1 3. e1 4. c2 5. a2 6. e2 7. c3 8. b1 9. d1 10. c4 11. b2 12. d2 13. c5";
const char* kPlayers = "[Player1 \"ann\"]\n[Player2 \"bob\"]\n[Player3 \"cy\"]\n";

TEST(DruidExamples, D10ThreePlayerHex) {
  const auto r = replay_text(rec("-hex -size=3", kD10, "X", kPlayers));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.plies, 13);
  EXPECT_EQ(
      r.final_position,
      "druid hex3:3 a1=o,a2=o,b1=o,b2=o,c1=x,c2=x,c3=x,c4=x,c5=x,d1=y,d2=y,e1=y,e2=y - - - 0 -");
  const auto bad = replay_text(rec("-size=3", kD10, "X", kPlayers));
  EXPECT_EQ(codes(bad), Codes{"record.bad-option@-"});
}

TEST(DruidExamples, D11FirstWinningPathForO) {
  const auto r = replay_text(rec(
      "-hex",
      "1. a1 2. c7 3. a2 4. d7 5. a3 6. d6 7. a4 8. e6 9. a5 10. d4 11. b1 12. d3 13. b2\n"
      "14. c2 15. b3 16. c1 17. b4 18. f4 19. b5 20. g4 21. b6 22. h3 23. c3 24. i3 25. c4 26. e5",
      "O"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.plies, 26);
  EXPECT_EQ(
      r.final_position,
      "druid hex:5 a1=x,a2=x,a3=x,a4=x,a5=x,b1=x,b2=x,b3=x,b4=x,b5=x,b6=x,c1=o,c2=o,c3=x,c4=x,"
      "c7=o,d3=o,d4=o,d6=o,d7=o,e5=o,e6=o,f4=o,g4=o,h3=o,i3=o - - - 0 -");
}

TEST(DruidExamples, D12SecondWinningPathForOAndItsThirteenVariants) {
  const std::vector<std::string> group = {"a3", "b4", "c4", "d5", "e4", "e5", "f2",
                                          "f3", "f5", "f6", "g1", "g6", "g7"};
  auto v = variant("-hex");
  for (const auto& missing : group) {
    std::string stacks;
    for (const auto& c : group)
      if (c != missing) stacks += (stacks.empty() ? "" : ",") + c + "=o";
    const std::string setup = "druid hex:5 " + stacks + " - - O 0 -";
    auto s = position(*v, setup);
    ASSERT_NE(s, nullptr) << missing;
    EXPECT_FALSE(s->result().has_value()) << missing;
    ASSERT_EQ(play(*s, missing), "") << missing;
    EXPECT_EQ(s->result(), std::optional<std::string>("O")) << missing;
    EXPECT_EQ(
        s->position_text(),
        "druid hex:5 a3=o,b4=o,c4=o,d5=o,e4=o,e5=o,f2=o,f3=o,f5=o,f6=o,g1=o,g6=o,g7=o - - - 0 -");
  }
  const auto r = replay_text(
      "[Game \"druid\"]\n[Options \"-hex\"]\n"
      "[Setup \"druid hex:5 a3=o,b4=o,c4=o,d5=o,e4=o,f2=o,f3=o,f5=o,f6=o,g1=o,g6=o,g7=o - - O 0 "
      "-\"]\n"
      "[Result \"O\"]\n1. e5\n");
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.result, "O");
}

TEST(DruidExamples, D13DruidsY) {
  const auto r = replay_text(rec("-y -size=4", "1. a1 2. b2 3. a2 4. c1 5. a3 6. b3 7. a4", "X"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "druid y:4 a1=x,a2=x,a3=x,a4=x,b2=o,b3=o,c1=o - - - 0 -");
  const auto r2 = replay_text(rec("-y -size=4", "1. a1 2. b2 3. c1 4. a3 5. a1-c1"));
  EXPECT_EQ(codes(r2), Codes{});
  EXPECT_EQ(r2.final_position, "druid y:4 a1=xX,a3=o,b1=.X,b2=o,c1=xX a1-c1/2 - O 0 -");
  EXPECT_EQ(codes(replay_text(rec("-y -hex", "1. a1"))), Codes{"record.bad-option@-"});
  EXPECT_EQ(codes(replay_text(rec("-y -walk", "1. a1"))), Codes{"record.bad-option@-"});
}

TEST(DruidExamples, D14HexLintelsAndBuildingOverAWall) {
  const auto r = replay_text(rec("-hex", "1. c3 2. e5 3. c5 4. e6 5. c3-c5"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "druid hex:5 c3=xX,c4=.X,c5=xX,e5=o,e6=o c3-c5/2 - O 0 -");
  EXPECT_EQ(codes(replay_text(rec("-hex", "1. c3 2. e5 3. d5 4. e6 5. c3-d5"))),
            Codes{"druid.lintel-shape@5"});
  const auto w = replay_text(
      "[Game \"druid\"]\n[Options \"-hex\"]\n"
      "[Setup \"druid hex:5 c1=o,c2=o,c3=o,c4=o,c5=o,c6=o,c7=o,g1=x,g2=x,g3=x,g4=x,g5=x,g6=x,g7=x "
      "- "
      "- X 0 -\"]\n1. b4 2. a1 3. d4 4. a2 5. b4-d4\n");
  EXPECT_EQ(codes(w), Codes{});
  EXPECT_EQ(w.final_position,
            "druid hex:5 a1=o,a2=o,b4=xX,c1=o,c2=o,c3=o,c4=oX,c5=o,c6=o,c7=o,d4=xX,g1=x,g2=x,g3=x,"
            "g4=x,g5=x,g6=x,g7=x b4-d4/2 - O 0 -");
}

const char* kD15 =
    "1. c1 2. b4 3. a2 4. c2,c2 5. pass 6. pass 7. c3,n 8. pass 9. pass 10. c4 11. pass 12. pass\n"
    "13. c5 14. pass 15. pass 16. n 17. pass 18. pass 19. n";

TEST(DruidExamples, D15WalkWithThreePlayers) {
  const auto r = replay_text(rec("-hex -size=3 -walk", kD15, "X", kPlayers));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.plies, 19);
  EXPECT_EQ(r.final_position,
            "druid hex3:3 a2=y,b4=o,c1=x,c2=x,c3=x,c4=x,c5=x - X@c5>ne,O@b4>se,Y@a2>e - 0 -");
  std::string bad = kD15;
  bad.replace(bad.find("c3,n"), 4, "e");
  EXPECT_EQ(codes(replay_text(rec("-hex -size=3 -walk", bad, "X", kPlayers))),
            Codes{"druid.bad-direction@7"});
}

TEST(DruidExamples, D16BadOptions) {
  for (const char* options :
       {"-hex -walk", "-size=2", "-hex -size=14", "-size=8 -size=8", "-walkturn=either", "-huge"})
    EXPECT_EQ(codes(replay_text(rec(options, "1. c3"))), Codes{"record.bad-option@-"}) << options;
}

}  // namespace
}  // namespace scribe::engine::druid::test
