// Sava move notation (sava.md section 4): the parsed form of one ply token, PEGTL-free.
//
// A token is read by the deterministic rules of sava.md 4.2: case-insensitive, greedy space
// lexemes, `C` tried first as a Champion move and then as an Orc move. Space lexemes depend on
// the board in use (the Great Wheel adds rank 0 and the Hub), so the caller passes a
// SpaceResolver that looks a lexeme up; the parser reports sava.syntax (S1) and
// sava.not-a-space (S2) itself and marks aliases (S3) for the engine to report.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "notation/core/move_parse.hpp"

namespace scribe::notation::sava {

// The kinds of piece, in the order of the captured piles (sava.md 12): M, P, Wz, Wm, C, O.
enum class PieceCode : std::uint8_t {
  kMatron = 0,
  kPriestess = 1,
  kWizard = 2,
  kWeaponmaster = 3,
  kChampion = 4,
  kOrc = 5,
  kNone = 6,
};

// What the board in use makes of one space lexeme.
struct SpaceLookup {
  std::int16_t space = -1;  // index on the board; -1 when the lexeme names no space
  bool alias = false;       // read through an alias of sava.md 2.4 (sava.alias)
};

// Looks space lexemes up on one board. `upper` is the lexeme in upper case ("HA3", "HUB").
class SpaceResolver {
 public:
  virtual ~SpaceResolver() = default;
  virtual SpaceLookup resolve(std::string_view upper) const = 0;

  // resolve() of a short lexeme in upper case: the file letter `a` (A-H), the file letter `b`
  // (A-H) or 0, the digit `d` or 0. From a table once index_short_lexemes() has run.
  SpaceLookup resolve_short(char a, char b, char d) const {
    return indexed_ ? short_[short_index(a, b, d)] : resolve_unindexed(a, b, d);
  }

 protected:
  // Fills the table of resolve_short from resolve(); a derived class calls it once its names
  // are known.
  void index_short_lexemes();

 private:
  SpaceLookup resolve_unindexed(char a, char b, char d) const;
  static int short_index(char a, char b, char d) {
    return ((a - 'A') * 9 + (b != 0 ? b - 'A' + 1 : 0)) * 11 + (d != 0 ? d - '0' + 1 : 0);
  }
  std::array<SpaceLookup, 8 * 9 * 11> short_{};
  bool indexed_ = false;
};

// One space written in the token: where it stands and what it names.
struct SpaceRef {
  std::int16_t space = -1;
  std::uint16_t offset = 0;  // characters into the token
  std::uint16_t length = 0;  // characters of the lexeme
  bool alias = false;
};

// The four shapes of a ply.
enum class MoveKind : std::uint8_t {
  kBareRoll,  // `*` alone
  kRemoval,   // `*x` + space (Dice Sava)
  kPiece,     // M, P, Wz, Wm, C + destination
  kOrc,       // from-space + to-space
};

// A ply token read into its parts. Spaces are resolved on the board given to the parser.
struct ParsedMove {
  bool dice = false;  // begins with `*`
  MoveKind kind = MoveKind::kBareRoll;
  PieceCode piece = PieceCode::kNone;  // the moving piece's kind (kOrc for Orc moves)
  bool has_origin = false;             // piece move with `origin-`; always true for Orc moves
  SpaceRef origin;                     // the origin (Orc: the from-space)
  bool lead_x = false;   // `x` before the destination (Weaponmaster capture on the way)
  bool has_via = false;  // Weaponmaster via form
  SpaceRef via;
  SpaceRef dest;                           // destination (removal: the space)
  bool final_x = false;                    // `x` after the destination
  PieceCode promotion = PieceCode::kNone;  // P, Wz, Wm or C suffix of an Orc move
  bool check = false;                      // trailing `+`
  std::uint8_t num_spaces = 0;             // how many of origin/via/dest are set (for alias scans)
};

// Either a move or an error: sava.syntax, or sava.not-a-space (error.unknown_name), located in
// the token, with the message of sava.md 5.6 (S1 or S2).
using ParseResult = MoveParse<ParsedMove>;

// Reads one ply token (sava.md 4.2) with the space names of `resolver`'s board. The usual
// tokens are read by hand (sava_plain_read.cpp); the PEGTL grammar reads the rest and words
// every error.
ParseResult parse_sava_move(std::string_view token, const SpaceResolver& resolver);
// Reads `token` by hand when it is a usual token (sava_plain_read.cpp) into `move`, exactly as
// parse_sava_move reads it. Returns false, leaving the token to parse_sava_move, whenever it is
// not sure: a token the grammar rejects, a lexeme that names no space or may be the Hub, a
// non-ASCII character; `move` is then left in no particular state.
bool read_plain_sava_move(std::string_view token, const SpaceResolver& resolver, ParsedMove& move);
// Reads one ply token with the PEGTL grammar alone: the same result as parse_sava_move for
// every token (the reference a test holds the hand reading to).
ParseResult parse_sava_move_by_grammar(std::string_view token, const SpaceResolver& resolver);

// Returns the piece code as written in moves and position text: "M", "P", "Wz", "Wm", "C",
// "O" (the Orc has no letter in moves; "O" is its position-text code).
std::string_view piece_code_text(PieceCode p);
// Returns the piece whose code (as piece_code_text writes it) is `code`, or PieceCode::kNone.
PieceCode piece_code_of(std::string_view code);

}  // namespace scribe::notation::sava
