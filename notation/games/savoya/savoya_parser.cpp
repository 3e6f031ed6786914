// The Savoya move parser: actions over savoya_grammar.hpp. The only PEGTL translation unit of
// Savoya; PEGTL's parse_error never leaves this file.
#include <string>

#include "notation/games/savoya/savoya_grammar.hpp"
#include "notation/games/savoya/savoya_notation.hpp"

namespace scribe::notation::savoya {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// What the parser is building.
struct ParseState {
  const char* base = nullptr;  // the token's first byte
  Move* move = nullptr;
  Component current;
};

// Reads a cell's text ("g10", "A6") into a CellRef.
CellRef read_cell(std::string_view text, std::size_t offset) {
  CellRef c;
  const char col = text[0];
  c.column = static_cast<std::uint8_t>((col >= 'a' ? col - 'a' : col - 'A'));
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) row = row * 10 + (text[i] - '0');
  c.row = static_cast<std::uint8_t>(row);
  c.offset = static_cast<std::uint32_t>(offset);
  c.length = static_cast<std::uint32_t>(text.size());
  return c;
}

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<g::count> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.current.count = static_cast<std::uint8_t>(in.peek_char() - '0');
  }
};

template <>
struct action<g::from_cell> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.current.from = read_cell(in.string_view(), static_cast<std::size_t>(in.begin() - st.base));
  }
};

template <>
struct action<g::to_cell> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.current.to = read_cell(in.string_view(), static_cast<std::size_t>(in.begin() - st.base));
  }
};

template <>
struct action<g::component> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.current.offset = static_cast<std::uint32_t>(in.begin() - st.base);
    st.current.length = static_cast<std::uint32_t>(in.size());
    st.move->components.push_back(st.current);
    st.current = Component{};
  }
};

template <>
struct action<g::pass> {
  template <typename Input>
  static void apply(const Input& /*in*/, ParseState& st) {
    st.move->pass = true;
  }
};

// What was expected where a rule failed under must<>.
template <typename Rule>
inline constexpr const char* kExpected = nullptr;
template <> inline constexpr const char* kExpected<g::row> = "a row number 1 to 99 after the column letter";
template <> inline constexpr const char* kExpected<g::from_cell> = "a cell such as a6";
template <> inline constexpr const char* kExpected<g::to_cell> = "a cell such as c6";
template <> inline constexpr const char* kExpected<g::dash> = "'-' between the two cells";
template <> inline constexpr const char* kExpected<g::times> = "'x' after the count";
template <> inline constexpr const char* kExpected<g::component> = "a move such as a6-c6";
template <> inline constexpr const char* kExpected<g::end> = "',' or the end of the move";
template <> inline constexpr const char* kExpected<g::letter_s> = "'s' (pass)";

// Raises parse errors carrying the expectation text of the failing rule.
template <typename Rule>
struct control : pegtl::normal<Rule> {
  template <typename Input, typename... States>
  [[noreturn]] static void raise(const Input& in, States&&... /*st*/) {
    static_assert(kExpected<Rule> != nullptr, "every must<> rule needs an expectation text");
    throw pegtl::parse_error(kExpected<Rule>, in);
  }
};

// Returns the UTF-8 character starting at byte `at` of `text`.
std::string_view char_at(std::string_view text, std::size_t at) {
  std::size_t end = at + 1;
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  return text.substr(at, end - at);
}

// Counts the characters (UTF-8 code points) of the first `bytes` bytes of `text`.
std::uint32_t chars_before(std::string_view text, std::size_t bytes) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < bytes && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
  return n;
}

}  // namespace

bool read_plain_play(std::string_view token, Move& move) {
  return scan_plain_play(token, [&move](const Component& c) {
    move.components.push_back(c);
    return true;
  });
}

ParseResult parse_savoya_move(std::string_view token) {
  ParseResult result;
  MoveSyntaxError& error = result.error;
  if (read_plain_play(token, result.move.emplace())) return result;
  ParseState st;
  st.move = &result.move.emplace();  // built in place: the result is not copied
  st.base = token.data();
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
      token.data(), token.size(), "move");
  try {
    if (pegtl::parse<g::ply, action, control>(in, st)) return result;
    result.move.reset();
    // Only reachable when `pass` failed before committing and `play` failed at its very start
    // without raising (cannot happen: play's from-cell is under must<>). Report the start.
    error.offset = 0;
    error.message = "expected a move such as a6-c6 or pass";
    return result;
  } catch (const pegtl::parse_error& e) {
    result.move.reset();
    const std::size_t at = e.positions().empty() ? 0 : e.positions().front().byte;
    error.offset = chars_before(token, at);
    if (at >= token.size()) {
      error.message = "the move ends too early: expected ";
    } else {
      error.message = "unexpected '";
      error.message += char_at(token, at);
      error.message += "': expected ";
    }
    error.message += e.message();
    return result;
  }
}

std::string cell_text(const CellRef& cell) {
  std::string s(1, static_cast<char>('a' + cell.column));
  s += std::to_string(cell.row);
  return s;
}

std::string canonical_text(const Move& move) {
  if (move.pass) return "pass";
  std::string out;
  // Walk the expanded components and merge runs of identical ones (at most 9 per group).
  int run = 0;
  const CellRef* run_from = nullptr;
  const CellRef* run_to = nullptr;
  auto same = [](const CellRef& a, const CellRef& b) {
    return a.column == b.column && a.row == b.row;
  };
  auto flush = [&]() {
    if (run == 0) return;
    if (!out.empty()) out += ',';
    if (run > 1) {
      out += static_cast<char>('0' + run);
      out += 'x';
    }
    out += cell_text(*run_from);
    out += '-';
    out += cell_text(*run_to);
    run = 0;
  };
  for (const Component& c : move.components) {
    for (int i = 0; i < c.count; ++i) {
      if (run > 0 && run < 9 && same(*run_from, c.from) && same(*run_to, c.to)) {
        ++run;
        continue;
      }
      flush();
      run_from = &c.from;
      run_to = &c.to;
      run = 1;
    }
  }
  flush();
  return out;
}

}  // namespace scribe::notation::savoya
