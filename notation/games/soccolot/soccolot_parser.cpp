// Reads Soccolot move tokens with the PEGTL grammar of soccolot_grammar.hpp. The only PEGTL
// translation unit of Soccolot.
#include <tao/pegtl.hpp>

#include "notation/games/soccolot/soccolot_grammar.hpp"
#include "notation/games/soccolot/soccolot_notation.hpp"

namespace scribe::notation::soccolot {

namespace {

namespace pegtl = tao::pegtl;

// What the actions fill in while a token is read.
struct ParseState {
  const char* begin = nullptr;  // the first character of the token
  std::size_t furthest = 0;     // furthest character index where a rule failed
  Move move;                    // a kick without distance keeps distance 0
};

// Lower-cases one ASCII letter.
constexpr char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

// Does nothing for the rules without an action.
template <typename Rule>
struct action : pegtl::nothing<Rule> {};

// Stores the team letter.
template <>
struct action<grammar::team> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    st.move.team = lower(in.peek_char()) == 'w' ? Team::kWhite : Team::kBlack;
  }
};

// Stores the jersey number.
template <>
struct action<grammar::jersey> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    st.move.jersey = static_cast<std::uint8_t>(in.peek_char() - '0');
  }
};

// Stores run or dribble.
template <>
struct action<grammar::step_letter> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    st.move.action = lower(in.peek_char()) == 'r' ? Action::kRun : Action::kDribble;
  }
};

// Stores the kick.
template <>
struct action<grammar::kick_letter> {
  template <typename ActionInput>
  static void apply(const ActionInput&, ParseState& st) {
    st.move.action = Action::kKick;
  }
};

// Stores the direction from its one or two letters.
template <>
struct action<grammar::direction> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    const std::string_view s = in.string_view();
    const char a = lower(s[0]);
    if (s.size() == 1) {
      st.move.direction = a == 'n'   ? Direction::kN
                          : a == 's' ? Direction::kS
                          : a == 'e' ? Direction::kE
                                     : Direction::kW;
      return;
    }
    const bool east = lower(s[1]) == 'e';
    if (a == 'n')
      st.move.direction = east ? Direction::kNE : Direction::kNW;
    else
      st.move.direction = east ? Direction::kSE : Direction::kSW;
  }
};

// Stores the kick distance.
template <>
struct action<grammar::distance> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& st) {
    st.move.distance = static_cast<std::uint8_t>(in.peek_char() - '0');
  }
};

// The normal control, plus: remembers the furthest place where a rule failed.
template <typename Rule>
struct control : pegtl::normal<Rule> {
  template <typename ParseInput>
  static void failure(const ParseInput& in, ParseState& st) noexcept {
    const auto at = static_cast<std::size_t>(in.current() - st.begin);
    if (at > st.furthest) st.furthest = at;
  }
};

}  // namespace

ParseResult parse_soccolot_move(std::string_view text) {
  if (Move m; read_plain_soccolot_move(text, m)) {
    ParseResult result;
    result.move = m;
    return result;
  }
  return parse_soccolot_move_in_full(text);
}

ParseResult parse_soccolot_move_in_full(std::string_view text) {
  ParseResult result;
  ParseState st;
  st.begin = text.data();
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.data() + text.size(), "");
  const bool ok = pegtl::parse<grammar::ply, action, control>(in, st);
  if (!ok) {
    result.error.offset = static_cast<std::uint32_t>(st.furthest);
    return result;
  }
  result.move = st.move;
  return result;
}

}  // namespace scribe::notation::soccolot
