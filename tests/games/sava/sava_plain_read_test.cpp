// The hand reading of the usual Sava tokens (notation/games/sava/sava_plain_read.cpp) against
// the PEGTL grammar: parse_sava_move must give exactly what the grammar alone gives (the move's
// every part, or the error's code, place and words) for every token.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/games/sava/sava_board.hpp"
#include "notation/games/sava/sava_notation.hpp"

namespace scribe {
namespace {

using notation::sava::ParseResult;
using notation::sava::SpaceRef;

std::string ref_text(const SpaceRef& r) {
  return std::to_string(r.space) + "@" + std::to_string(r.offset) + "+" + std::to_string(r.length) +
         (r.alias ? "a" : "");
}

// Every field of a parse result, as text.
std::string describe(const ParseResult& r) {
  if (!r.move)
    return "error " + std::to_string(r.error.offset) + "+" + std::to_string(r.error.length) +
           (r.error.unknown_name ? " name " : " syntax ") + r.error.message;
  const auto& m = *r.move;
  return "move d" + std::to_string(m.dice) + " k" + std::to_string(static_cast<int>(m.kind)) +
         " p" + std::to_string(static_cast<int>(m.piece)) + " o" + std::to_string(m.has_origin) +
         ref_text(m.origin) + " lx" + std::to_string(m.lead_x) + " v" + std::to_string(m.has_via) +
         ref_text(m.via) + " d" + ref_text(m.dest) + " fx" + std::to_string(m.final_x) + " pr" +
         std::to_string(static_cast<int>(m.promotion)) + " c" + std::to_string(m.check) + " n" +
         std::to_string(m.num_spaces);
}

// Checks one token on every board; counts the tokens that read as moves.
void expect_same(const std::string& token, int* moves) {
  for (const auto* b :
       {&engine::sava::sava_board(false, false), &engine::sava::sava_board(true, false)}) {
    const ParseResult fast = notation::sava::parse_sava_move(token, *b);
    const ParseResult slow = notation::sava::parse_sava_move_by_grammar(token, *b);
    ASSERT_EQ(describe(fast), describe(slow)) << "token '" << token << "'";
    if (slow.move) ++*moves;
  }
}

TEST(SavaPlainRead, EveryShortTokenReadsAsTheGrammarReadsIt) {
  const std::string alphabet = "ACDHBczuWMPx-*+!3";
  int moves = 0;
  std::vector<std::string> tokens = {""};
  for (int len = 1; len <= 4; ++len) {
    std::vector<std::string> longer;
    for (const std::string& t : tokens)
      for (char c : alphabet) longer.push_back(t + c);
    for (const std::string& t : longer) expect_same(t, &moves);
    if (HasFatalFailure()) return;
    tokens = std::move(longer);
  }
  EXPECT_GT(moves, 500);  // the alphabet makes moves of every shape, not only errors
}

TEST(SavaPlainRead, TokensBuiltFromPartsReadAsTheGrammarReadsThem) {
  // Pieces of tokens: piece letters, space names and near-names of both boards, marks,
  // promotions, annotations and a non-ASCII letter.
  const std::vector<std::string> parts = {
      "*",   "*x", "x",   "X",   "-",   "M",   "m",    "P",  "p",   "Wz", "wZ",  "Wm",  "W",
      "C",   "c",  "A1",  "a3",  "DE",  "DE2", "de3",  "HA", "HA3", "GA", "AG2", "CD1", "C",
      "BB3", "E4", "E0",  "CC0", "Hub", "HUB", "hub1", "HU", "H",   "BC", "CB",  "FG1", "+",
      "!",   "?!", "+!?", "é",   "1",   "2",   "Wz",   "P",  "C",   "Wm", "xx",  "--"};
  std::mt19937 rng(20261127);
  int moves = 0;
  for (int i = 0; i < 60000; ++i) {
    const int n = 1 + static_cast<int>(rng() % 5);
    std::string token;
    for (int k = 0; k < n; ++k) token += parts[rng() % parts.size()];
    expect_same(token, &moves);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(moves, 2000);
}

TEST(SavaPlainRead, TheUsualTokensAreReadByHand) {
  // The forms generate writes and players use; the grammar is left only the rest.
  const char* tokens[] = {"WzGH2",  "B3BC",     "WzA1x",   "HA1A1x", "PB2",    "WmEF3",  "MF1",
                          "*",      "*WmxHA3",  "FGF3xWz", "WmxG3x", "CD1D1",  "C2BC2",  "*xD3",
                          "CD3",    "WmHA3xH3", "WzC2-D3", "*CD3x",  "DE2D2+", "wzab1x", "F2F3P",
                          "G3GH3C", "WmAB3x",   "*+",      "A3GA",   "PAG2!?", "WmGH1",  "E1E2Wm"};
  int moves = 0;
  for (const char* token : tokens) {
    notation::sava::ParsedMove m;
    EXPECT_TRUE(
        notation::sava::read_plain_sava_move(token, engine::sava::sava_board(false, false), m))
        << token;
    expect_same(token, &moves);
  }
}

}  // namespace
}  // namespace scribe
