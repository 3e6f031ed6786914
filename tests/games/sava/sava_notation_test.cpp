// Sava notation (sava.md 4.2): the reading rules, table-driven.
#include "notation/games/sava/sava_notation.hpp"

#include <gtest/gtest.h>

#include "engine/games/sava/sava_board.hpp"

namespace scribe {
namespace {

using notation::sava::MoveKind;
using notation::sava::parse_sava_move;
using notation::sava::PieceCode;

const engine::sava::Board& standard() { return engine::sava::sava_board(false, false); }
const engine::sava::Board& wheel() { return engine::sava::sava_board(true, false); }

std::string name(const engine::sava::Board& b, int s) { return s < 0 ? "-" : b.name(s); }

// Summarises a parse as "kind piece origin via dest marks promotion".
std::string summary(std::string_view token, const engine::sava::Board& b) {
  const auto r = parse_sava_move(token, b);
  if (!r.move)
    return std::string(r.error.unknown_name ? "not-a-space@" : "syntax@") +
           std::to_string(r.error.offset) + "+" + std::to_string(r.error.length);
  const auto& m = *r.move;
  std::string t = m.dice ? "*" : "";
  switch (m.kind) {
    case MoveKind::kBareRoll:
      return t + "roll" + (m.check ? "+" : "");
    case MoveKind::kRemoval:
      return t + "remove " + name(b, m.dest.space);
    case MoveKind::kOrc:
      t += "orc ";
      break;
    case MoveKind::kPiece:
      t += std::string(notation::sava::piece_code_text(m.piece)) + " ";
      break;
  }
  if (m.has_origin) t += name(b, m.origin.space) + "-";
  if (m.lead_x) t += "x";
  if (m.has_via) t += name(b, m.via.space) + "x";
  t += name(b, m.dest.space);
  if (m.final_x) t += "x";
  if (m.promotion != PieceCode::kNone)
    t += "=" + std::string(notation::sava::piece_code_text(m.promotion));
  if (m.check) t += "+";
  return t;
}

struct Case {
  const char* token;
  const char* expected;
};

TEST(SavaNotation, ReadsTheSeedForms) {
  const Case cases[] = {
      {"PFG3", "P FG3"},
      {"WzG3", "Wz G3"},
      {"ME1", "M E1"},
      {"WzH2x", "Wz H2x"},
      {"WmxAB2", "Wm xAB2"},
      {"WmxAB2x", "Wm xAB2x"},
      {"D3ED", "orc D3-DE"},
      {"E3DE", "orc E3-DE"},
      {"FG2F2Wm", "orc FG2-F2=Wm"},
      {"*", "*roll"},
      {"*D2D3x", "*orc D2-D3x"},
      {"*WmB2x", "*Wm B2x"},
      {"WzC2-D3", "Wz C2-D3"},
      {"WmHA3xH3", "Wm HA3xH3"},
      {"WmAB3x", "Wm AB3x"},
      {"*xD3", "*remove D3"},
      {"WzA3+", "Wz A3+"},
      {"WzAB1x!", "Wz AB1x"},
      {"WzAB1x+!?", "Wz AB1x+"},
      {"*+", "*roll+"},
      {"F3E3xWz", "orc F3-E3x=Wz"},
      {"wzab1x", "Wz AB1x"},
      {"WZAB1X", "Wz AB1x"},
  };
  for (const auto& c : cases) EXPECT_EQ(summary(c.token, standard()), c.expected) << c.token;
}

TEST(SavaNotation, GreedyLexemes) {
  const Case cases[] = {
      {"HAA3", "orc HA-A3"},
      {"DE2D2", "orc DE2-D2"},
      {"BCC3", "orc BC-C3"},
      {"A3HA", "orc A3-HA"},
  };
  for (const auto& c : cases) EXPECT_EQ(summary(c.token, standard()), c.expected) << c.token;
}

TEST(SavaNotation, LetterCIsChampionFirst) {
  const Case cases[] = {
      {"C1C2", "orc C1-C2"},   {"CD1D1", "orc CD1-D1"}, {"C3BC", "orc C3-BC"},
      {"CD1", "C D1"},         {"CBC3", "C BC3"},       {"CHA", "C HA"},
      {"CBC1", "C BC1"},       {"CBB3", "orc BC-B3"},   {"CBHA", "orc BC-HA"},
      {"CBHAx", "orc BC-HAx"}, {"CBDE", "orc BC-DE"},   {"CBC3xWz", "orc BC-C3x=Wz"},
      {"CGA", "C HA"},         {"*CD3", "*C D3"},
  };
  for (const auto& c : cases) EXPECT_EQ(summary(c.token, standard()), c.expected) << c.token;
  // CDBCx: the Champion reading fails, and the Orc reading's error is reported at CD.
  EXPECT_EQ(summary("CDBCx", standard()), "not-a-space@0+2");
}

TEST(SavaNotation, GreatWheelNames) {
  const Case cases[] = {
      {"CC0C0", "orc CC0-C0"},   {"CC0", "C C0"},
      {"CCC0", "C CC0"},         {"CHub", "C Hub"},
      {"CBC0", "C BC0"},         {"CBB0", "C BB0"},
      {"CBHub", "orc BC-Hub"},   {"HAHubWz", "orc HA-Hub=Wz"},
      {"hubdex", "orc Hub-DEx"}, {"DEHubxP", "orc DE-Hubx=P"},
  };
  for (const auto& c : cases) EXPECT_EQ(summary(c.token, wheel()), c.expected) << c.token;
  EXPECT_EQ(summary("WzHub", standard()), "not-a-space@2+3");
  EXPECT_EQ(summary("DE0DD0", standard()), "not-a-space@0+3");
  EXPECT_EQ(summary("WzHUB1", wheel()), "not-a-space@2+4");
  EXPECT_EQ(summary("WzBB1", wheel()), "not-a-space@2+3");
}

TEST(SavaNotation, AliasesAreMarked) {
  const auto r = parse_sava_move("A3GA", standard());
  ASSERT_TRUE(r.move.has_value());
  EXPECT_TRUE(r.move->dest.alias);
  EXPECT_EQ(standard().name(r.move->dest.space), "HA");
  const auto ring = parse_sava_move("PAG2", standard());
  ASSERT_TRUE(ring.move.has_value());
  EXPECT_EQ(standard().name(ring.move->dest.space), "HA2");
  EXPECT_TRUE(ring.move->dest.alias);
  // Reversed centre names are the same names, not aliases.
  const auto rev = parse_sava_move("D3ED", standard());
  ASSERT_TRUE(rev.move.has_value());
  EXPECT_FALSE(rev.move->dest.alias);
  // Reversed ring-file names are not spaces.
  EXPECT_EQ(summary("PBA2", standard()), "not-a-space@1+3");
}

TEST(SavaNotation, ErrorsPointAtTheFirstUnreadableCharacter) {
  const Case cases[] = {
      {"DE2-D2", "syntax@3+1"},    {"WxG3", "syntax@1+1"},   {"DE2D4", "not-a-space@3+2"},
      {"M", "syntax@1+1"},         {"Mx", "syntax@2+1"},     {"DE2D2!x", "syntax@6+1"},
      {"Z1", "syntax@0+1"},        {"*Z", "syntax@1+1"},     {"*x", "syntax@2+1"},
      {"E3E3E3", "syntax@4+1"},    {"WmA1xx", "syntax@5+1"}, {"A4A3", "not-a-space@0+2"},
      {"WmxHA3xH3", "syntax@7+1"},
  };
  for (const auto& c : cases) EXPECT_EQ(summary(c.token, standard()), c.expected) << c.token;
  const auto r = parse_sava_move("DE2-D2", standard());
  EXPECT_EQ(r.error.message,
            "cannot read 'DE2-D2' at '-D2': expected a space name such as E3 or DE2");
  // A token that ends too early says so, instead of quoting an empty rest (issue 16).
  EXPECT_EQ(parse_sava_move("DE2", standard()).error.message,
            "cannot read 'DE2': the move ends too early; expected a space name such as E3 or DE2");
  EXPECT_EQ(parse_sava_move("WxG3", standard()).error.message,
            "cannot read 'WxG3' at 'xG3': expected z or m after W (Wz, Wm)");
}

}  // namespace
}  // namespace scribe
