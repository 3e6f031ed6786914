// The Sava ply parser: the only PEGTL translation unit of Sava (sava.md 4.2).
#include <cstring>

#include "notation/games/sava/sava_grammar.hpp"
#include "notation/games/sava/sava_notation.hpp"

namespace scribe::notation::sava {

namespace {

namespace p = tao::pegtl;
namespace g = grammar;

// One element of the token in reading order: a space lexeme, a dash or a capture mark.
struct Event {
  char what;  // 'S' space, '-' dash, 'x' capture mark
  std::uint16_t offset;
  std::uint16_t length;
};

// What the actions collect while the grammar runs.
struct Collect {
  const char* begin = nullptr;
  bool dice = false;
  bool removal = false;
  bool check = false;
  PieceCode piece = PieceCode::kOrc;
  PieceCode promotion = PieceCode::kNone;
  Event events[12];
  int num_events = 0;

  void push(char what, const char* at, std::size_t len) {
    if (num_events < 12)
      events[num_events++] = {what, static_cast<std::uint16_t>(at - begin),
                              static_cast<std::uint16_t>(len)};
  }
};

// A syntax error raised by a must<> rule: where, and what was expected.
struct SyntaxStop {
  std::size_t offset;
  const char* expected;
};

template <typename Rule>
struct Action : p::nothing<Rule> {};

template <>
struct Action<g::space> {
  template <typename Input>
  static void apply(const Input& in, Collect& c) {
    c.push('S', in.begin(), in.size());
  }
};
template <>
struct Action<g::dash> {
  template <typename Input>
  static void apply(const Input& in, Collect& c) {
    c.push('-', in.begin(), 1);
  }
};
template <>
struct Action<g::xmark> {
  template <typename Input>
  static void apply(const Input& in, Collect& c) {
    c.push('x', in.begin(), 1);
  }
};
template <>
struct Action<g::star> {
  static void apply0(Collect& c) { c.dice = true; }
};
template <>
struct Action<g::removal_x> {
  static void apply0(Collect& c) { c.removal = true; }
};
template <>
struct Action<g::plus> {
  static void apply0(Collect& c) { c.check = true; }
};
template <>
struct Action<g::piece_m> {
  static void apply0(Collect& c) { c.piece = PieceCode::kMatron; }
};
template <>
struct Action<g::piece_p> {
  static void apply0(Collect& c) { c.piece = PieceCode::kPriestess; }
};
template <>
struct Action<g::piece_z> {
  static void apply0(Collect& c) { c.piece = PieceCode::kWizard; }
};
template <>
struct Action<g::piece_wm> {
  static void apply0(Collect& c) { c.piece = PieceCode::kWeaponmaster; }
};
template <>
struct Action<g::piece_c> {
  static void apply0(Collect& c) { c.piece = PieceCode::kChampion; }
};
template <>
struct Action<g::promo_p> {
  static void apply0(Collect& c) { c.promotion = PieceCode::kPriestess; }
};
template <>
struct Action<g::promo_wz> {
  static void apply0(Collect& c) { c.promotion = PieceCode::kWizard; }
};
template <>
struct Action<g::promo_wm> {
  static void apply0(Collect& c) { c.promotion = PieceCode::kWeaponmaster; }
};
template <>
struct Action<g::promo_c> {
  static void apply0(Collect& c) { c.promotion = PieceCode::kChampion; }
};

// Raises SyntaxStop with the rule's expectation instead of PEGTL's parse_error.
template <typename Rule>
struct Control : p::normal<Rule> {
  template <typename Input, typename... States>
  [[noreturn]] static void raise(const Input& in, Collect& c, States&&... /*unused*/) {
    static_assert(g::kExpected<Rule> != nullptr, "every must<> rule needs an expectation text");
    throw SyntaxStop{static_cast<std::size_t>(in.current() - c.begin), g::kExpected<Rule>};
  }
};

// Counts the characters (UTF-8 code points) among the first `bytes` bytes of `text`.
std::uint32_t chars_before(std::string_view text, std::size_t bytes) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < bytes && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
  return n;
}

// Looks a lexeme up in upper case.
SpaceLookup lookup(std::string_view token, const Event& e, const SpaceResolver& resolver) {
  char buf[8];
  const std::size_t n = e.length < sizeof(buf) ? e.length : sizeof(buf) - 1;
  for (std::size_t i = 0; i < n; ++i) {
    char ch = token[e.offset + i];
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    buf[i] = ch;
  }
  return resolver.resolve(std::string_view(buf, n));
}

// S2: resolves every space lexeme of the events, in token order, into refs[0..*num_refs).
// Returns false (and sets `error`) at the first lexeme that names no space.
bool resolve_spaces(std::string_view token, const Collect& c, const SpaceResolver& resolver,
                    SpaceRef* refs, int* num_refs, MoveSyntaxError* error) {
  *num_refs = 0;
  for (int i = 0; i < c.num_events; ++i) {
    const Event& e = c.events[i];
    if (e.what != 'S') continue;
    const SpaceLookup l = lookup(token, e, resolver);
    if (l.space < 0) {
      error->unknown_name = true;
      error->offset = chars_before(token, e.offset);
      error->length = e.length;
      error->message =
          "'" + std::string(token.substr(e.offset, e.length)) + "' is not a space of the board";
      return false;
    }
    refs[(*num_refs)++] = {l.space, static_cast<std::uint16_t>(chars_before(token, e.offset)),
                           e.length, l.alias};
  }
  return true;
}

// Walks the events of a piece move, [S -] [x] S [x] [S [x]], into `m` (origin, via,
// destination and capture marks). Returns false when they do not have that shape.
bool assemble_piece_move(const Collect& c, const SpaceRef* refs, ParsedMove& m) {
  int i = 0;
  int r = 0;
  auto at = [&](char w) { return i < c.num_events && c.events[i].what == w; };
  m.kind = MoveKind::kPiece;
  if (at('S') && i + 1 < c.num_events && c.events[i + 1].what == '-') {
    m.has_origin = true;
    m.origin = refs[r++];
    i += 2;
  }
  if (at('x')) {
    m.lead_x = true;
    ++i;
  }
  if (!at('S')) return false;
  const SpaceRef first = refs[r++];
  ++i;
  bool x1 = false;
  if (at('x')) {
    x1 = true;
    ++i;
  }
  if (at('S')) {
    m.has_via = true;
    m.via = first;
    m.dest = refs[r++];
    ++i;
    if (at('x')) {
      m.final_x = true;
      ++i;
    }
  } else {
    m.dest = first;
    m.final_x = x1;
  }
  m.num_spaces = static_cast<std::uint8_t>(r);
  return true;
}

// Turns the collected events into a move: a bare roll, x S for a removal, S S [x] for an Orc
// move, or a piece move. Returns false when a lexeme names no space (then `error` is set) or
// when the events do not have the expected shape (never for a matched token).
bool assemble(std::string_view token, const Collect& c, const SpaceResolver& resolver,
              ParsedMove* move, MoveSyntaxError* error) {
  SpaceRef refs[12];
  int num_refs = 0;
  if (!resolve_spaces(token, c, resolver, refs, &num_refs, error)) return false;
  ParsedMove m;
  m.dice = c.dice;
  m.check = c.check;
  if (c.dice && num_refs == 0 && !c.removal) {
    m.kind = MoveKind::kBareRoll;
  } else if (c.removal) {
    m.kind = MoveKind::kRemoval;
    if (num_refs != 1) return false;
    m.dest = refs[0];
    m.num_spaces = 1;
  } else if (c.piece == PieceCode::kOrc) {
    m.piece = c.piece;
    m.kind = MoveKind::kOrc;
    if (num_refs != 2) return false;
    m.has_origin = true;
    m.origin = refs[0];
    m.dest = refs[1];
    m.num_spaces = 2;
    for (int k = 0; k < c.num_events; ++k)
      if (c.events[k].what == 'x') m.final_x = true;
    m.promotion = c.promotion;
  } else {
    m.piece = c.piece;
    if (!assemble_piece_move(c, refs, m)) return false;
  }
  *move = m;
  return true;
}

// Runs the main grammar; on a syntax error fills `error`.
bool run_main(std::string_view token, Collect* c, MoveSyntaxError* error) {
  p::memory_input<p::tracking_mode::lazy> in(token.data(), token.data() + token.size(), "");
  c->begin = token.data();
  try {
    if (p::parse<g::ply, Action, Control>(in, *c)) return true;
    // Every failure of the main grammar raises; keep a safe answer anyway.
    error->offset = 0;
  } catch (const SyntaxStop& stop) {
    error->unknown_name = false;
    error->offset = chars_before(token, stop.offset);
    error->length = 1;
    error->message = "cannot read '" + std::string(token) + "'";
    if (stop.offset >= token.size())
      error->message += ": the move ends too early; expected ";
    else
      error->message += " at '" + std::string(token.substr(stop.offset)) + "': expected ";
    error->message += stop.expected;
    return false;
  }
  error->message = "cannot read '" + std::string(token) + "'";
  return false;
}

}  // namespace

ParseResult parse_sava_move(std::string_view token, const SpaceResolver& resolver) {
  ParseResult result;
  if (token.size() <= 60000) {
    ParsedMove& move = result.move.emplace();
    if (read_plain_sava_move(token, resolver, move)) return result;
    result.move.reset();
  }
  return parse_sava_move_by_grammar(token, resolver);
}

ParseResult parse_sava_move_by_grammar(std::string_view token, const SpaceResolver& resolver) {
  ParseResult result;
  if (token.size() > 60000) {
    result.error.message = "cannot read the token: it is too long";
    return result;
  }
  // Rule 3: a token beginning with C (after an optional star) is first read as a Champion move.
  const std::size_t first = !token.empty() && token[0] == '*' ? 1 : 0;
  if (first < token.size() && (token[first] == 'C' || token[first] == 'c')) {
    Collect c;
    c.begin = token.data();
    p::memory_input<p::tracking_mode::lazy> in(token.data(), token.data() + token.size(), "");
    if (p::parse<g::champion_ply, Action>(in, c)) {
      MoveSyntaxError ignored;
      ParsedMove move;
      if (assemble(token, c, resolver, &move, &ignored)) {
        result.move = move;
        return result;
      }
    }
  }
  Collect c;
  if (!run_main(token, &c, &result.error)) return result;
  ParsedMove move;
  if (!assemble(token, c, resolver, &move, &result.error)) {
    if (result.error.message.empty())
      result.error.message = "cannot read '" + std::string(token) + "'";
    return result;
  }
  result.move = move;
  return result;
}

void SpaceResolver::index_short_lexemes() {
  const char digits[] = {0, '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'};
  for (char a = 'A'; a <= 'H'; ++a)
    for (char b = '@'; b <= 'H'; ++b)  // '@': no second letter
      for (char d : digits) {
        const char second = b == '@' ? 0 : b;
        short_[short_index(a, second, d)] = resolve_unindexed(a, second, d);
      }
  indexed_ = true;
}

SpaceLookup SpaceResolver::resolve_unindexed(char a, char b, char d) const {
  char text[3];
  std::size_t n = 0;
  text[n++] = a;
  if (b != 0) text[n++] = b;
  if (d != 0) text[n++] = d;
  return resolve(std::string_view(text, n));
}

std::string_view piece_code_text(PieceCode p) {
  switch (p) {
    case PieceCode::kMatron:
      return "M";
    case PieceCode::kPriestess:
      return "P";
    case PieceCode::kWizard:
      return "Wz";
    case PieceCode::kWeaponmaster:
      return "Wm";
    case PieceCode::kChampion:
      return "C";
    case PieceCode::kOrc:
      return "O";
    case PieceCode::kNone:
      break;
  }
  return "";
}

PieceCode piece_code_of(std::string_view code) {
  for (int k = 0; k < static_cast<int>(PieceCode::kNone); ++k)
    if (piece_code_text(static_cast<PieceCode>(k)) == code) return static_cast<PieceCode>(k);
  return PieceCode::kNone;
}

}  // namespace scribe::notation::sava
