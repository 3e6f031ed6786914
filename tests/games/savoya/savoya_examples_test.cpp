// Every example of savoya.md §16 (X1-X21), replayed as whole records.
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

using Codes = std::vector<std::string>;

// Builds a record: Game, optional Options and Setup, Result, extra tags, then the movetext.
std::string rec(const std::string& moves, const std::string& setup = "",
                const std::string& options = "", const std::string& result = "*",
                const std::string& extra = "") {
  std::string t = "[Game \"savoya\"]\n";
  if (!options.empty()) t += "[Options \"" + options + "\"]\n";
  if (!setup.empty()) t += "[Setup \"" + setup + "\"]\n";
  t += extra;
  t += "[Result \"" + result + "\"]\n\n" + moves + "\n";
  return t;
}

constexpr const char* kStart2 = "savoya 2 a6=RRRRRR,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL * -";

TEST(SavoyaExamples, X1OpeningDieAndPinWithCombinedDice) {
  const auto r = replay_text(rec("1. (5) a6-f6 2. (6-3) f15-f6"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "savoya 2 a6=RRRRR,f6=RB,f15=BBBBB,j1=TTTTTT,o10=LLLLLL Horz -");
}

TEST(SavoyaExamples, X2MovingAPinnedPiece) {
  const auto bad = replay_text(rec("1. (5) a6-f6 2. (6-3) f15-f6 3. (4-2) f6-j6"));
  EXPECT_EQ(codes(bad), Codes{"E:savoya.pinned-piece@3"});
  EXPECT_EQ(message_of(bad, "savoya.pinned-piece"),
            "the Right piece on f6 is pinned by a Bottom piece and cannot move");
  const auto good = replay_text(rec("1. (5) a6-f6 2. (6-3) f15-f6 3. (4-2) a6-e6,o10-m10"));
  EXPECT_EQ(codes(good), Codes{});
  EXPECT_EQ(good.final_position,
            "savoya 2 a6=RRRR,e6=R,f6=RB,f15=BBBBB,j1=TTTTTT,m10=L,o10=LLLLL Vert -");
}

TEST(SavoyaExamples, X3OnePieceCombinesBothDice) {
  const auto r = replay_text(rec("1. (4) o10-k10 2. (5-3) f15-f7"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "savoya 2 a6=RRRRRR,f7=B,f15=BBBBB,j1=TTTTTT,k10=L,o10=LLLLL Horz -");
}

TEST(SavoyaExamples, X4DoubleAndCount) {
  const auto r = replay_text(
      rec("1. (3-3) 3xg10-j10,e6-b6",
          "savoya 2 a6=RRRRR,e6=R,f15=BBBBBB,g10=LLL,j1=TTTTTT,o10=LLL Horz -"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "savoya 2 a6=RRRRR,b6=R,f15=BBBBBB,j1=TTTTTT,j10=LLL,o10=LLL Vert -");
}

TEST(SavoyaExamples, X5SameCellAtTwoDistances) {
  const std::string setup = "savoya 2 a6=RRRRR,d6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Horz -";
  const auto r = replay_text(rec("1. (4-4) d6-h6,a6-e6", setup));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "savoya 2 a6=RRRR,e6=R,f15=BBBBBB,h6=R,j1=TTTTTT,o10=LLLLLL Vert -");
}

TEST(SavoyaExamples, X6BlockedByAFriendlySet) {
  const auto r = replay_text(
      rec("1. (3-1) a6-d6,a6-b6", "savoya 2 a6=RRRRRR,d6=LL,f15=BBBBBB,j1=TTTTTT,o10=LLLL Horz -"));
  EXPECT_EQ(codes(r), Codes{"E:savoya.blocked@1"});
  EXPECT_EQ(message_of(r, "savoya.blocked"),
            "d6 is blocked for a Right piece: it holds 2 pieces topped by Left");
  EXPECT_EQ(r.diagnostics[0].span.col, 10u);  // component a6-d6
  EXPECT_EQ(r.diagnostics[0].span.len, 5u);
}

TEST(SavoyaExamples, X7PinningAFriendlyPiece) {
  const auto r = replay_text(
      rec("1. (3-2) a6-d6,a6-c6", "savoya 2 a6=RRRRRR,d6=L,f15=BBBBBB,j1=TTTTTT,o10=LLLLL Horz -"));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "savoya 2 a6=RRRR,c6=R,d6=LR,f15=BBBBBB,j1=TTTTTT,o10=LLLLL Vert -");
}

TEST(SavoyaExamples, X8StopsAndTheStopsOption) {
  const auto a = replay_text(
      rec("1. (4-3) a6-h6", "savoya 2 a6=RRRRRR,d6=LL,f15=BBBBBB,j1=TTTTTT,o10=LLLL Horz -"));
  EXPECT_EQ(codes(a), Codes{});
  EXPECT_EQ(a.final_position, "savoya 2 a6=RRRRR,d6=LL,f15=BBBBBB,h6=R,j1=TTTTTT,o10=LLLL Vert -");
  const std::string setup_b = "savoya 2 a6=RRRRRR,d6=LL,e6=TT,f15=BBBBBB,j1=TTTT,o10=LLLL Horz -";
  const auto b = replay_text(rec("1. (4-3) a6-h6", setup_b));
  EXPECT_EQ(codes(b), Codes{"E:savoya.blocked-stop@1"});
  EXPECT_EQ(message_of(b, "savoya.blocked-stop"),
            "a6-h6 needs a stop on d6 or e6, which is blocked for a Right piece");
  const auto c = replay_text(rec("1. (4-3) a6-h6", setup_b, "-stops=free"));
  EXPECT_EQ(codes(c), Codes{});
  EXPECT_EQ(c.final_position,
            "savoya 2 a6=RRRRR,d6=LL,e6=TT,f15=BBBBBB,h6=R,j1=TTTT,o10=LLLL Vert -");
}

TEST(SavoyaExamples, X9TheMaximumRule) {
  const auto r = replay_text(rec("1. (5) a6-f6 2. (6-3) f15-f9"));
  EXPECT_EQ(codes(r), Codes{"E:savoya.dice-unused@2"});
  // The example play is the first one found in the search order of §15.
  EXPECT_EQ(message_of(r, "savoya.dice-unused"),
            "the move uses 6 of 9 pips, but a play using more exists, e.g. f15-f9,f15-f12 (9 "
            "pips)");
}

TEST(SavoyaExamples, X10RouteAndCountErrors) {
  const auto a = replay_text(rec("1. (5) a6-f6 2. (4-2) f15-g12"));
  EXPECT_EQ(codes(a), Codes{"E:savoya.not-straight@2"});
  EXPECT_EQ(message_of(a, "savoya.not-straight"),
            "g12 cannot be reached from f15 in a straight line; a piece may not turn during its "
            "move");
  const auto b = replay_text(rec("1. (2) a6-c6 2. (4-2) j1-j8"));
  EXPECT_EQ(codes(b), Codes{"E:savoya.wrong-distance@2"});
  EXPECT_EQ(message_of(b, "savoya.wrong-distance"),
            "j1-j8 is 7 steps; the unused dice (4-2) cannot make that");
  const auto c = replay_text(rec("1. (5) a6-f6 2. (6-3) f15-f12,f15-f14,j1-j2"));
  EXPECT_EQ(codes(c), Codes{"E:savoya.too-many-moves@2"});
  EXPECT_EQ(message_of(c, "savoya.too-many-moves"),
            "3 piece moves need at least 3 dice; the roll 6-3 gives 2");
  const auto d = replay_text(rec("1. (5) a6-f6 2. (6-1) j1-j8"));
  EXPECT_EQ(codes(d), Codes{});
  EXPECT_EQ(d.final_position, "savoya 2 a6=RRRRR,f6=R,f15=BBBBBB,j1=TTTTT,j8=T,o10=LLLLLL Horz -");
}

TEST(SavoyaExamples, X10bNotationEmptyCellsFinishedGame) {
  const auto a = replay_text(rec("1. (5) a6-f6 2. (6-3) f15f6"));
  EXPECT_EQ(codes(a), Codes{"E:savoya.syntax@2"});
  EXPECT_EQ(a.diagnostics[0].span.col, 26u);  // the second f
  EXPECT_EQ(a.diagnostics[0].span.len, 1u);
  const auto b = replay_text(rec("1. (5) a6-f6 2. (6-3) f15-g14"));
  EXPECT_EQ(codes(b), Codes{"E:savoya.not-a-cell@2"});
  EXPECT_EQ(message_of(b, "savoya.not-a-cell"), "g14 is not a cell of the Savoya board");
  const auto c = replay_text(rec("1. (5) a6-f6 2. (6-3) f14-f5"));
  EXPECT_EQ(codes(c), Codes{"E:savoya.empty-cell@2"});
  EXPECT_EQ(message_of(c, "savoya.empty-cell"), "there is no piece on f14");
  const auto d = replay_text(
      rec("1. (6-1) l10-m10 2. (3-2) f10-c10", "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right -",
          "-board=savoy", "Right"));
  EXPECT_EQ(codes(d), Codes({"W:savoya.reconstructed-board@-", "E:savoya.game-over@2"}));
  EXPECT_EQ(message_of(d, "savoya.game-over"), "the game ended at ply 1 (Right); no further moves");
}

TEST(SavoyaExamples, X11OnePieceMovedTwice) {
  const std::string r = rec("1. (5) a6-f6 2. (6-3) f15-f12,f12-f6");
  const auto strict = replay_text(r);
  EXPECT_EQ(codes(strict), Codes{"E:savoya.piece-already-moved@2"});
  EXPECT_EQ(message_of(strict, "savoya.piece-already-moved"),
            "every Bottom piece on f12 has already moved this turn; a piece moves once per turn, "
            "in one straight line (write f15-f6 as one move)");
  const auto lenient = replay_text(r, Mode::kLenient);
  EXPECT_EQ(codes(lenient), Codes{"W:savoya.split-move@2"});
  EXPECT_EQ(message_of(lenient, "savoya.split-move"),
            "f15-f12,f12-f6 moves one piece twice; read as f15-f6");
  EXPECT_EQ(lenient.final_position,
            "savoya 2 a6=RRRRR,f6=RB,f15=BBBBB,j1=TTTTTT,o10=LLLLLL Horz -");
}

TEST(SavoyaExamples, X11SplitMoveMustNotTurn) {
  // f15-f12 then f12-g12 turns at f12: the re-read f15-g12 is not straight, so the error stands.
  const auto r = replay_text(rec("1. (5) a6-f6 2. (3-1) f15-f12,f12-g12"), Mode::kLenient);
  EXPECT_EQ(codes(r), Codes{"E:savoya.piece-already-moved@2"});
}

TEST(SavoyaExamples, X12CircleBackAndNoChange) {
  const auto a = replay_text(
      rec("1. (6-6) h6-h6", "savoya 2 a6=RRRRR,f15=BBBBBB,h6=R,j1=TTTTTT,o10=LLLLLL Horz -"));
  EXPECT_EQ(codes(a), Codes{"E:savoya.circle-back@1"});
  EXPECT_EQ(message_of(a, "savoya.circle-back"),
            "a piece may not circle back to h6, the cell it starts from");
  const auto b = replay_text(rec("1. (1-1) c6-d6,d6-c6",
                                 "savoya 2 a6=RRRR,c6=R,d6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Horz -"));
  EXPECT_EQ(codes(b), Codes{"E:savoya.no-change@1"});
  EXPECT_EQ(message_of(b, "savoya.no-change"), "the move leaves the board as it was");
}

TEST(SavoyaExamples, X13StartOptions) {
  const auto v9 = variant("-stack=9");
  EXPECT_EQ(v9->initial_state()->position_text(),
            "savoya 2 a6=RRRRRRRRR,f15=BBBBBBBBB,j1=TTTTTTTTT,o10=LLLLLLLLL * -");
  const auto a = replay_text(rec("1. (6) f15-f9 2. (2-2) 4xa6-c6", "", "-stack=9"));
  EXPECT_EQ(codes(a), Codes{});
  EXPECT_EQ(a.final_position,
            "savoya 2 a6=RRRRR,c6=RRRR,f9=B,f15=BBBBBBBB,j1=TTTTTTTTT,o10=LLLLLLLLL Vert -");
  const auto b = replay_text(rec("1. (3) c6-f6 2. (6-3) f15-f6", "", "-even=6"));
  EXPECT_EQ(codes(b), Codes{});
  EXPECT_EQ(b.final_position,
            "savoya 2 a6=RR,b6=RR,c6=R,f6=RB,f13=BB,f14=BB,f15=B,j1=TT,j2=TT,j3=TT,m10=LL,n10=LL,"
            "o10=LL Horz -");
  const auto c = replay_text(rec("1. (4) j1-j5 2. (5-4) c6-g6,b6-g6", "", "-step=6"));
  EXPECT_EQ(codes(c), Codes{});
  EXPECT_EQ(c.final_position,
            "savoya 2 a6=RRR,b6=R,f13=B,f14=BB,f15=BBB,g6=RR,j1=TT,j2=TT,j3=T,j5=T,m10=L,n10=LL,"
            "o10=LLL Vert -");
  const auto d = replay_text(rec("1. (5) a6-f6", "", "-stack=9 -even=3"));
  EXPECT_EQ(codes(d), Codes{"E:record.bad-option@-"});
}

TEST(SavoyaExamples, X14ThreePlayers) {
  const std::string players = "[Player1 \"ann\"]\n[Player2 \"bob\"]\n[Player3 \"cy\"]\n";
  const auto r = replay_text(
      rec("1. (5) j1-j6 2. (4-1) a6-e6,a6-b6 3. (6-2) o10-i10,o10-m10", "", "", "*", players));
  EXPECT_EQ(codes(r), Codes{});
  EXPECT_EQ(r.final_position, "savoya 3 a6=RRRR,b6=R,e6=R,i10=L,j1=TTTTT,j6=T,m10=L,o10=LLLL Top -");
  const auto w = replay_text(
      rec("1. (5) j1-j6 2. (4-1) a6-e6,a6-b6 3. (6-2) j1-j7,j6-j8", "", "", "*", players));
  EXPECT_EQ(codes(w), Codes{"E:savoya.wrong-side@3"});
  EXPECT_EQ(message_of(w, "savoya.wrong-side"),
            "the piece on j1 is a Top piece of Top; Left is to move");
}

TEST(SavoyaExamples, X15SavoyOpeningThreeAndDoubleSix) {
  const auto r = replay_text(rec("1. (3) a3-d3 2. (6-6) o10-d3,o10-i10", "", "-board=savoy"));
  EXPECT_EQ(codes(r), Codes{"W:savoya.reconstructed-board@-"});
  EXPECT_EQ(r.final_position, "savoy 2 a3=RRRRR,d3=RL,i10=L,o10=LLLL Right -");
  const auto short_ply = replay_text(rec("1. (3) a3-d3 2. (6-6) o10-d3", "", "-board=savoy"));
  EXPECT_EQ(codes(short_ply),
            Codes({"W:savoya.reconstructed-board@-", "E:savoya.dice-unused@2"}));
  EXPECT_EQ(message_of(short_ply, "savoya.dice-unused").substr(0, 27),
            "the move uses 18 of 24 pips");
}

TEST(SavoyaExamples, X16SavoyBounceBack) {
  const std::string setup = "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right -";
  const auto r = replay_text(rec("1. (6-6) l10-a3", setup, "-board=savoy"));
  EXPECT_EQ(codes(r), Codes{"W:savoya.reconstructed-board@-"});
  EXPECT_EQ(r.final_position, "savoy 2 a3=R,f10=LL,h12=LL,i10=LL,o10=RRRRR Left -");
  const auto g3 = replay_text(rec("1. (6-6) l10-g3", setup, "-board=savoy"));
  EXPECT_EQ(codes(g3), Codes({"W:savoya.reconstructed-board@-", "E:savoya.dice-unused@1"}));
  EXPECT_EQ(message_of(g3, "savoya.dice-unused"),
            "the move uses 12 of 24 pips, but a play using more exists, e.g. l10-a3 (18 pips)");
}

TEST(SavoyaExamples, X17WinningWithADieToSpare) {
  const std::string setup = "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right -";
  const auto r = replay_text(rec("1. (6-1) l10-m10", setup, "-board=savoy", "Right"));
  EXPECT_EQ(codes(r), Codes{"W:savoya.reconstructed-board@-"});
  EXPECT_EQ(r.final_position, "savoy 2 f10=LL,h12=LL,i10=LL,m10=R,o10=RRRRR - -");
  EXPECT_EQ(r.result, "Right");
  const auto after = replay_text(rec("1. (6-1) l10-m10,m10-n10", setup, "-board=savoy"));
  EXPECT_EQ(codes(after), Codes({"W:savoya.reconstructed-board@-", "E:savoya.move-after-win@1"}));
  EXPECT_EQ(message_of(after, "savoya.move-after-win"),
            "Right has already won with l10-m10; nothing may follow");
  EXPECT_EQ(after.diagnostics[1].span.col, 18u);  // component 2
  const auto wrong = replay_text(rec("1. (6-1) l10-m10", setup, "-board=savoy", "Left"));
  EXPECT_EQ(codes(wrong), Codes({"W:savoya.reconstructed-board@-", "E:record.result-mismatch@-"}));
}

TEST(SavoyaExamples, X18ForcedPass) {
  const std::string setup = "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -";
  const auto r = replay_text(rec("1. (6-6) pass 2. (5-1) m10-h10,d10-e10", setup, "-board=savoy"));
  EXPECT_EQ(codes(r), Codes{"W:savoya.reconstructed-board@-"});
  EXPECT_EQ(r.final_position, "savoy 2 a3=L,d10=R,e3=R,e10=L,f10=RL,h10=L,j10=RL,k3=RL,m10=R Right -");
  const auto bad = replay_text(rec("1. (5-1) pass", setup, "-board=savoy"));
  EXPECT_EQ(codes(bad), Codes({"W:savoya.reconstructed-board@-", "E:savoya.illegal-pass@1"}));
  EXPECT_EQ(message_of(bad, "savoya.illegal-pass"),
            "Right must move: with 5-1 a legal play exists, e.g. e3-j3");
}

TEST(SavoyaExamples, X19Rolls) {
  const auto a = replay_text(rec("1. a6-f6"));
  EXPECT_EQ(codes(a), Codes{"E:savoya.roll-missing@1"});
  const auto al = replay_text(rec("1. a6-f6"), Mode::kLenient);
  EXPECT_EQ(codes(al), Codes{"W:savoya.roll-missing@1"});
  EXPECT_NE(message_of(al, "savoya.roll-missing").find("(fits: 5)"), std::string::npos);
  EXPECT_EQ(al.final_position, "savoya 2 a6=RRRRR,f6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert -");
  for (Mode m : {Mode::kStrict, Mode::kLenient}) {
    const auto b = replay_text(rec("1. (3-5) a6-i6"), m);
    EXPECT_EQ(codes(b), Codes{"E:savoya.roll-count@1"});
    EXPECT_EQ(b.diagnostics[0].span.col, 4u);  // the roll, parentheses included
    EXPECT_EQ(b.diagnostics[0].span.len, 5u);
  }
  EXPECT_EQ(codes(replay_text(rec("1. (1) a6-b6"))), Codes{"E:savoya.bad-roll@1"});
  EXPECT_EQ(codes(replay_text(rec("1. (1) a6-b6"), Mode::kLenient)), Codes{"W:savoya.bad-roll@1"});
  EXPECT_EQ(codes(replay_text(rec("1. (5) a6-f6 2. j1-j8"))), Codes{"E:savoya.roll-missing@2"});
  const auto d = replay_text(rec("1. (5) a6-f6 2. j1-j8"), Mode::kLenient);
  EXPECT_EQ(codes(d), Codes{"W:savoya.roll-missing@2"});
  EXPECT_NE(message_of(d, "savoya.roll-missing").find("(fits: 4-3, 5-2, 6-1)"), std::string::npos);
  EXPECT_EQ(codes(replay_text(rec("1. (5) a6-f6 2. j1-j8,f15-f8"))),
            Codes{"E:savoya.roll-missing@2"});
  EXPECT_EQ(codes(replay_text(rec("1. (5) a6-f6 2. j1-j8,f15-f8"), Mode::kLenient)),
            Codes{"E:savoya.no-roll-fits@2"});
}

TEST(SavoyaExamples, X19MalformedRolls) {
  for (const char* roll : {"7", "0-3", "3-", "x", "3-4-5", "6 6"}) {
    const auto r = replay_text(rec(std::string("1. (5) a6-f6 2. (") + roll + ") j1-j8"));
    EXPECT_EQ(codes(r), Codes{"E:savoya.bad-roll@2"}) << roll;
  }
}

TEST(SavoyaExamples, X20UnwrittenPass) {
  const std::string setup = "savoy 2 d10=RL,e3=RL,f10=RL,j10=RL,k3=RL,m10=RL Right -";
  const std::string r = rec("1. (5-1) m10-h10,d10-e10", setup, "-board=savoy");
  const auto strict = replay_text(r);
  EXPECT_EQ(codes(strict), Codes({"W:savoya.reconstructed-board@-", "E:savoya.pinned-piece@1"}));
  EXPECT_EQ(message_of(strict, "savoya.pinned-piece"),
            "the Right piece on m10 is pinned by a Left piece and cannot move");
  const auto lenient = replay_text(r, Mode::kLenient);
  EXPECT_EQ(codes(lenient),
            Codes({"W:savoya.reconstructed-board@-", "W:savoya.implied-pass@1"}));
  EXPECT_EQ(lenient.final_position,
            "savoy 2 d10=R,e3=RL,e10=L,f10=RL,h10=L,j10=RL,k3=RL,m10=R Right -");
  EXPECT_EQ(lenient.plies, 1);
}

TEST(SavoyaExamples, X21MutualPinPosition) {
  const std::string setup = "savoya 2 a6=RRRRR,f6=RB,f15=BBBBB,j1=TTTTT,j6=T,o10=LLLLLL Horz -";
  // The rules part of X21: the ply is legal and ends in a mutual pin, which does not end the
  // game (R29). The savoya.mutual-pin warning and the acceptance of Result "draw" need the
  // replay's end-of-record hook; the state provides both.
  auto v = variant("");
  auto s = position(*v, setup);
  EXPECT_EQ(play(*s, "(6-3)a6-j6"), "");
  EXPECT_EQ(s->position_text(), "savoya 2 a6=RRRR,f6=RB,f15=BBBBB,j1=TTTTT,j6=TR,o10=LLLLLL Vert -");
  EXPECT_FALSE(s->result().has_value());
  const auto* st = dynamic_cast<const SavoyaState*>(s.get());
  ASSERT_NE(st, nullptr);
  const auto f = st->mutual_pin_finding();
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->code, "savoya.mutual-pin");
  EXPECT_EQ(f->severity, Severity::kWarning);
  EXPECT_EQ(f->message,
            "the game stops in a mutual pin: Horz's piece on f6 is pinned by Vert, and Vert's "
            "piece on j6 is pinned by Horz");
  EXPECT_EQ(st->record_end().unfinished_results, std::vector<std::string>{"draw"});
  EXPECT_EQ(st->record_end().finding->message, f->message);
  // Before the ply there is only one pin: no mutual pin.
  auto before = position(*v, setup);
  EXPECT_FALSE(dynamic_cast<const SavoyaState*>(before.get())->mutual_pin_finding().has_value());
  // The record replays with the mutual-pin warning at its last ply; with Result "Horz" it is
  // a mismatch.
  EXPECT_EQ(codes(replay_text(rec("1. (6-3) a6-j6", setup, "", "Horz"))),
            (Codes{"W:savoya.mutual-pin@1", "E:record.result-mismatch@-"}));
}

TEST(SavoyaExamples, InitialPositionsOfSection3) {
  EXPECT_EQ(variant("")->initial_state()->position_text(), kStart2);
  EXPECT_EQ(variant("-players=3")->initial_state()->position_text(),
            "savoya 3 a6=RRRRRR,j1=TTTTTT,o10=LLLLLL * -");
  EXPECT_EQ(variant("-players=4")->initial_state()->position_text(),
            "savoya 4 a6=RRRRRR,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL * -");
  EXPECT_EQ(variant("-board=savoy")->initial_state()->position_text(),
            "savoy 2 a3=RRRRRR,o10=LLLLLL * -");
  EXPECT_EQ(variant("", "savoy")->initial_state()->position_text(),
            "savoy 2 a3=RRRRRR,o10=LLLLLL * -");
  EXPECT_EQ(variant("-even=6")->initial_state()->position_text(),
            "savoya 2 a6=RR,b6=RR,c6=RR,f13=BB,f14=BB,f15=BB,j1=TT,j2=TT,j3=TT,m10=LL,n10=LL,"
            "o10=LL * -");
  EXPECT_EQ(variant("-step=6")->initial_state()->position_text(),
            "savoya 2 a6=RRR,b6=RR,c6=R,f13=B,f14=BB,f15=BBB,j1=TTT,j2=TT,j3=T,m10=L,n10=LL,"
            "o10=LLL * -");
}

}  // namespace
}  // namespace scribe::engine::savoya::test
