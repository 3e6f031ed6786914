// The Druid move parser: the actions over druid_grammar.hpp and its one parse<> instantiation.
//
// A control class records the furthest position that any rule reached. When the token does not
// match, that position is the first character that no reading of the token accepts (every
// terminal matches one character), or the token's length when the token ends too early.
#include <algorithm>
#include <cstddef>
#include <exception>
#include <optional>

#include "notation/games/druid/druid_grammar.hpp"
#include "notation/games/druid/druid_notation.hpp"

namespace scribe::notation::druid {

namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// What the actions collect while one token is parsed.
struct ParseState {
  const char* begin = nullptr;  // first character of the token
  std::size_t furthest = 0;     // furthest offset any rule reached
  ParsedMove move;
  int cells = 0;  // cells collected by the current alternative
  CellName cell[3];
  TokenPart part[3];
  bool have_dir = false;
  Direction dir = Direction::kN;
  TokenPart dir_part;
  TokenPart placement_part;

  // Forgets what an abandoned alternative collected.
  void reset_cells() { cells = 0; }
  void reset_all() {
    cells = 0;
    have_dir = false;
  }
};

// Marks the rules at whose start the collected parts are forgotten.
template <typename Rule>
inline constexpr bool kResetsCells =
    std::is_same_v<Rule, g::lintel> || std::is_same_v<Rule, g::sarsen>;
template <typename Rule>
inline constexpr bool kResetsAll =
    std::is_same_v<Rule, g::pass_ply> || std::is_same_v<Rule, g::swap_ply> ||
    std::is_same_v<Rule, g::step_ply> || std::is_same_v<Rule, g::place_ply>;

// Records the furthest position reached and resets the collected parts at each alternative.
template <typename Rule>
struct Control : pegtl::normal<Rule> {
  template <typename ParseInput>
  static void start(const ParseInput& in, ParseState& st) {
    note(in, st);
    if constexpr (kResetsAll<Rule>) st.reset_all();
    if constexpr (kResetsCells<Rule>) st.reset_cells();
  }
  template <typename ParseInput>
  static void success(const ParseInput& in, ParseState& st) {
    note(in, st);
  }
  template <typename ParseInput>
  static void note(const ParseInput& in, ParseState& st) {
    st.furthest = std::max(st.furthest, static_cast<std::size_t>(in.current() - st.begin));
  }
};

TokenPart part_of(const char* from, const char* to, const ParseState& st) {
  return TokenPart{static_cast<std::uint32_t>(from - st.begin),
                   static_cast<std::uint32_t>(to - from)};
}

// Actions: only the rules listed here do anything.
template <typename Rule>
struct Action : pegtl::nothing<Rule> {};

template <>
struct Action<g::cell> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    if (st.cells >= 3) return;
    const char* p = in.begin();
    CellName c;
    c.col = (p[0] | 0x20) - 'a';
    c.row = p[1] - '0';
    if (in.size() == 3) c.row = c.row * 10 + (p[2] - '0');
    st.cell[st.cells] = c;
    st.part[st.cells] = part_of(in.begin(), in.end(), st);
    ++st.cells;
  }
};

template <>
struct Action<g::placement> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    st.placement_part = part_of(in.begin(), in.end(), st);
  }
};

// Sets the direction of the rule `D` when it matched.
template <Direction D>
struct DirectionAction {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    st.have_dir = true;
    st.dir = D;
    st.dir_part = part_of(in.begin(), in.end(), st);
  }
};
template <>
struct Action<g::dir_n> : DirectionAction<Direction::kN> {};
template <>
struct Action<g::dir_s> : DirectionAction<Direction::kS> {};
template <>
struct Action<g::dir_e> : DirectionAction<Direction::kE> {};
template <>
struct Action<g::dir_w> : DirectionAction<Direction::kW> {};
template <>
struct Action<g::dir_ne> : DirectionAction<Direction::kNe> {};
template <>
struct Action<g::dir_nw> : DirectionAction<Direction::kNw> {};
template <>
struct Action<g::dir_se> : DirectionAction<Direction::kSe> {};
template <>
struct Action<g::dir_sw> : DirectionAction<Direction::kSw> {};

template <>
struct Action<g::pass_ply> {
  static void apply0(ParseState& st) { st.move.kind = ParsedMove::Kind::kPass; }
};
template <>
struct Action<g::swap_ply> {
  static void apply0(ParseState& st) { st.move.kind = ParsedMove::Kind::kSwap; }
};
template <>
struct Action<g::step_ply> {
  static void apply0(ParseState& st) {
    st.move.kind = ParsedMove::Kind::kStep;
    st.move.step = st.dir;
  }
};
template <>
struct Action<g::place_ply> {
  static void apply0(ParseState& st) {
    ParsedMove& m = st.move;
    m.kind = ParsedMove::Kind::kPlace;
    m.placement_part = st.placement_part;
    // The placement's cells come first; a destination cell, if any, is the last one.
    const std::uint32_t placement_end = st.placement_part.offset + st.placement_part.length;
    int n_place = 0;
    for (int i = 0; i < st.cells; ++i)
      if (st.part[i].offset < placement_end) ++n_place;
    m.a = st.cell[0];
    m.a_part = st.part[0];
    m.lintel = n_place == 2;
    if (m.lintel) {
      m.b = st.cell[1];
      m.b_part = st.part[1];
    }
    m.has_destination = st.cells > n_place || st.have_dir;
    if (st.cells > n_place) {
      m.destination_is_cell = true;
      m.destination_cell = st.cell[n_place];
      m.destination_part = st.part[n_place];
    } else if (st.have_dir) {
      m.destination_is_cell = false;
      m.destination_dir = st.dir;
      m.destination_part = st.dir_part;
    }
  }
};

}  // namespace

std::string_view direction_name(Direction d) {
  switch (d) {
    case Direction::kN:
      return "n";
    case Direction::kS:
      return "s";
    case Direction::kE:
      return "e";
    case Direction::kW:
      return "w";
    case Direction::kNe:
      return "ne";
    case Direction::kNw:
      return "nw";
    case Direction::kSe:
      return "se";
    case Direction::kSw:
      return "sw";
  }
  return "?";
}

std::string cell_text(const CellName& c) {
  std::string s(1, static_cast<char>('a' + c.col));
  s += std::to_string(c.row);
  return s;
}

namespace {

// Reads a cell name (column letter, row 1..99 without a leading zero) at token[at]; returns its
// length (2 or 3), or 0 when none stands there.
std::size_t read_cell(std::string_view token, std::size_t at, CellName& c) {
  if (at + 2 > token.size()) return 0;
  const char letter = static_cast<char>(token[at] | 0x20);
  const char d1 = token[at + 1];
  if (letter < 'a' || letter > 'z' || d1 < '1' || d1 > '9') return 0;
  c.col = letter - 'a';
  c.row = d1 - '0';
  if (at + 2 < token.size() && token[at + 2] >= '0' && token[at + 2] <= '9') {
    c.row = c.row * 10 + (token[at + 2] - '0');
    return 3;
  }
  return 2;
}

}  // namespace

bool read_plain_druid_move(std::string_view token, ParsedMove& m) {
  const std::size_t a = read_cell(token, 0, m.a);
  if (a == 0) return false;
  m.kind = ParsedMove::Kind::kPlace;
  m.a_part = TokenPart{0, static_cast<std::uint32_t>(a)};
  if (a < token.size()) {
    if (token[a] != '-') return false;
    const std::size_t b = read_cell(token, a + 1, m.b);
    if (b == 0 || a + 1 + b != token.size()) return false;
    m.lintel = true;
    m.b_part = TokenPart{static_cast<std::uint32_t>(a + 1), static_cast<std::uint32_t>(b)};
  }
  m.placement_part = TokenPart{0, static_cast<std::uint32_t>(token.size())};
  return true;
}

ParseResult parse_druid_move(std::string_view token) {
  ParseResult result;
  if (read_plain_druid_move(token, result.move.emplace())) return result;
  result.move.reset();
  ParseState st;
  st.begin = token.data();
  bool ok = false;
  try {
    pegtl::memory_input<pegtl::tracking_mode::lazy> in(token.data(), token.size(), "token");
    ok = pegtl::parse<g::ply, Action, Control>(in, st);
  } catch (const std::exception&) {
    ok = false;  // the grammar has no must<>; this is only a safety net
  }
  if (ok) {
    result.move = st.move;
    return result;
  }
  result.error.offset = static_cast<std::uint32_t>(std::min(st.furthest, token.size()));
  return result;
}

}  // namespace scribe::notation::druid
