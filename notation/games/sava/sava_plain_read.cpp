// The hand reading of Sava ply tokens (sava.md 4.2) that parse_sava_move tries before the PEGTL
// grammar. It follows grammar::ply and grammar::champion_ply rule by rule and gives up, leaving
// the token to the grammar, wherever the grammar would raise an error or the reading is not
// certain; the grammar still reads every such token and words every error.
#include <cstddef>

#include "notation/games/sava/sava_notation.hpp"

namespace scribe::notation::sava {

namespace {

bool is_file(char c) { return (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char to_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }
// A reading position in a token. A lexeme that names no space, or that may be read as the
// Hub, marks the reading unsure: the caller then leaves the token to the grammar, which reads
// HUB and words sava.not-a-space.
class Reader {
 public:
  Reader(std::string_view token, const SpaceResolver& resolver)
      : t_(token), end_(token.size()), resolver_(resolver) {}

  bool unsure() const { return unsure_; }
  // Whether the rest of the token is grammar::annotation (an optional + and an optional glyph
  // of one or two of ! and ?) and nothing else, as grammar::end and eof ask after a move; sets
  // *check when the + is there.
  bool annotation_to_end(bool* check) const {
    if (i_ == end_) return true;  // the usual token: no annotation
    std::size_t j = i_;
    *check = t_[j] == '+';
    if (*check) ++j;
    for (int glyph = 0; glyph < 2 && j < end_ && (t_[j] == '!' || t_[j] == '?'); ++glyph) ++j;
    return j == end_;
  }

  // Takes the character `upper` in either case.
  bool take(char upper) {
    if (i_ < end_ && to_upper(t_[i_]) == upper) {
      ++i_;
      return true;
    }
    return false;
  }
  // Takes the two characters `a` and `b` in either case (an istring of two).
  bool take2(char a, char b) {
    if (i_ + 1 < end_ && to_upper(t_[i_]) == a && to_upper(t_[i_ + 1]) == b) {
      i_ += 2;
      return true;
    }
    return false;
  }
  // Takes a capture mark x or X.
  bool take_x() { return take('X'); }
  char peek() const { return i_ < end_ ? to_upper(t_[i_]) : '\0'; }

  // Takes a space lexeme as grammar::space does (one or two file letters and an optional
  // digit, greedy) and resolves it into `ref`. False when none is there; false and unsure when
  // one is there that names no space or may be the Hub.
  bool take_space(SpaceRef& ref) {
    if (i_ >= end_ || !is_file(t_[i_])) return false;
    if (to_upper(t_[i_]) == 'H' && i_ + 1 < end_ && to_upper(t_[i_ + 1]) == 'U') {
      unsure_ = true;
      return false;
    }
    std::size_t j = i_ + 1;
    char second = 0;
    char digit = 0;
    if (j < end_ && is_file(t_[j])) second = to_upper(t_[j++]);
    if (j < end_ && is_digit(t_[j])) digit = t_[j++];
    const SpaceLookup l = resolver_.resolve_short(to_upper(t_[i_]), second, digit);
    if (l.space < 0) {
      unsure_ = true;
      return false;
    }
    ref = {l.space, static_cast<std::uint16_t>(i_), static_cast<std::uint16_t>(j - i_), l.alias};
    i_ = j;
    return true;
  }

 private:
  std::string_view t_;
  std::size_t end_;
  const SpaceResolver& resolver_;
  std::size_t i_ = 0;
  bool unsure_ = false;
};

// x, a space and an optional x (grammar::lead_x_form): the destination of `m`.
bool read_lead_x(Reader& r, ParsedMove& m) {
  m.lead_x = true;
  if (!r.take_space(m.dest)) return false;
  m.final_x = r.take_x();
  return true;
}

// The rest of a piece move after its letters (grammar::piece_tail with plain_tail, or with
// wm_tail for the Weaponmaster): [origin -] then x space [x], or space and the tail.
bool read_piece_tail(Reader& r, bool weaponmaster, ParsedMove& m) {
  m.kind = MoveKind::kPiece;
  bool done = false;
  if (r.take_x()) {
    if (!read_lead_x(r, m)) return false;
    done = true;
  } else {
    SpaceRef first;
    if (!r.take_space(first)) return false;
    if (r.take('-')) {
      m.has_origin = true;
      m.origin = first;
      if (r.take_x()) {
        if (!read_lead_x(r, m)) return false;
        done = true;
      } else if (!r.take_space(first)) {
        return false;
      }
    }
    if (!done) {
      m.dest = first;
      if (r.take_x()) {
        m.final_x = true;
        // wm_tail: x and a second space make the first the via.
        if (weaponmaster && r.take_space(m.dest)) {
          m.has_via = true;
          m.via = first;
          m.final_x = r.take_x();
        }
      }
    }
  }
  m.num_spaces = static_cast<std::uint8_t>(1 + (m.has_origin ? 1 : 0) + (m.has_via ? 1 : 0));
  return true;
}

// An Orc move (grammar::orc_move): from-space, to-space, optional x, optional promotion.
bool read_orc(Reader& r, ParsedMove& m) {
  m.kind = MoveKind::kOrc;
  m.piece = PieceCode::kOrc;
  m.has_origin = true;
  if (!r.take_space(m.origin) || !r.take_space(m.dest)) return false;
  m.num_spaces = 2;
  m.final_x = r.take_x();
  if (r.take('P'))
    m.promotion = PieceCode::kPriestess;
  else if (r.take2('W', 'Z'))
    m.promotion = PieceCode::kWizard;
  else if (r.take2('W', 'M'))
    m.promotion = PieceCode::kWeaponmaster;
  else if (r.take('C'))
    m.promotion = PieceCode::kChampion;
  return true;
}

// grammar::action: M, P, Wz or Wm and their tails, or an Orc move (C begins an Orc move here).
bool read_action(Reader& r, ParsedMove& m) {
  const char c = r.peek();
  if (r.take('M')) {
    m.piece = PieceCode::kMatron;
    return read_piece_tail(r, false, m);
  }
  if (r.take('P')) {
    m.piece = PieceCode::kPriestess;
    return read_piece_tail(r, false, m);
  }
  if (r.take('W')) {
    if (r.take('Z')) {
      m.piece = PieceCode::kWizard;
      return read_piece_tail(r, false, m);
    }
    if (r.take('M')) {
      m.piece = PieceCode::kWeaponmaster;
      return read_piece_tail(r, true, m);
    }
    return false;
  }
  return is_file(c) && read_orc(r, m);
}

// grammar::ply: a dice ply (a bare roll, a removal or a turncoat move) or a normal move, and
// the annotation.
bool read_main(Reader& r, ParsedMove& m) {
  if (r.take('*')) {
    m.dice = true;
    if (r.take_x()) {
      m.kind = MoveKind::kRemoval;
      if (!r.take_space(m.dest)) return false;
      m.num_spaces = 1;
      return r.annotation_to_end(&m.check);
    }
    // No action (its first character would be a letter): the bare roll and its annotation.
    if (r.annotation_to_end(&m.check)) {
      m.kind = MoveKind::kBareRoll;
      return true;
    }
  }
  return read_action(r, m) && r.annotation_to_end(&m.check);
}

// grammar::champion_ply: [*] C, then x space [x], or space with `- [x] space [x]` or [x], and
// the annotation. True when it reads the whole token.
bool read_champion(Reader& r, ParsedMove& m) {
  m.dice = r.take('*');
  r.take('C');
  m.kind = MoveKind::kPiece;
  m.piece = PieceCode::kChampion;
  if (r.take_x()) {
    if (!read_lead_x(r, m)) return false;
  } else {
    SpaceRef first;
    if (!r.take_space(first)) return false;
    if (r.take('-')) {
      m.has_origin = true;
      m.origin = first;
      if (r.take_x()) {
        if (!read_lead_x(r, m)) return false;
      } else {
        if (!r.take_space(m.dest)) return false;
        m.final_x = r.take_x();
      }
    } else {
      m.dest = first;
      m.final_x = r.take_x();
    }
  }
  m.num_spaces = static_cast<std::uint8_t>(m.has_origin ? 2 : 1);
  return r.annotation_to_end(&m.check);
}

}  // namespace

bool read_plain_sava_move(std::string_view token, const SpaceResolver& resolver, ParsedMove& move) {
  // Rule 3: a token beginning with C (after an optional star) is first read as a Champion move.
  const std::size_t first = !token.empty() && token[0] == '*' ? 1 : 0;
  if (first < token.size() && to_upper(token[first]) == 'C') {
    Reader r(token, resolver);
    const bool read = read_champion(r, move);
    if (r.unsure()) return false;
    if (read) return true;
    move = ParsedMove();
  }
  Reader r(token, resolver);
  return read_main(r, move) && !r.unsure();
}

}  // namespace scribe::notation::sava
