// Shared PEGTL pieces for the container grammar (record_grammar.hpp) and the game grammars
// (notation/games/<g>/<g>_grammar.hpp). Include only from *_grammar.hpp and *_parser.cpp: PEGTL
// stays out of every public header (design.md, "Dependency rules").
//
// Besides a few rules, this file offers try_parse(), which runs a parse and turns a
// pegtl::parse_error (raised by must<>) into a returned error, so that no PEGTL exception ever
// leaves notation/ (design.md, House style 6).
#pragma once

#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <tao/pegtl.hpp>

namespace scribe::notation::pegtl_common {

namespace pegtl = tao::pegtl;

// clang-format off
// One blank inside a line: space, tab, form feed or vertical tab (never a line ending).
struct blank : pegtl::one<' ', '\t', '\f', '\v'> {};
// One or more blanks.
struct blanks : pegtl::plus<blank> {};
// Zero or more blanks.
struct opt_blanks : pegtl::star<blank> {};
// One decimal digit.
struct digit : pegtl::digit {};
// A run of decimal digits.
struct digits : pegtl::plus<pegtl::digit> {};
// A word read in any case that is not followed by a letter, digit or underscore, e.g.
// iword<'p','a','s','s'> matches "pass", "PASS" and "Pass" but not "passes".
template <char... Cs> struct iword : pegtl::seq<pegtl::istring<Cs...>, pegtl::not_at<pegtl::identifier_other>> {};
// clang-format on

// Returns the upper-case form of an ASCII lower-case letter, other characters unchanged.
constexpr char ascii_upper(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

// One character from the given ones in either case (PEGTL 3.2 has no ione): ione<'w', 'b'>
// matches w, W, b and B. Write the letters in lower case.
template <char... Cs>
struct ione : pegtl::one<Cs..., ascii_upper(Cs)...> {};

// Consumes everything that is left of the input (the rest of a line or token); always matches.
struct rest_of_input {
  using rule_t = rest_of_input;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) noexcept {
    in.bump(in.size());
    return true;
  }
};

// Consumes everything up to and including the first byte C (found with memchr); fails, without
// consuming anything, when the input holds no C. For single-byte closers such as '}' and ')'.
template <char C>
struct through_byte {
  using rule_t = through_byte;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) noexcept {
    const char* begin = in.current();
    const void* hit = std::memchr(begin, C, in.size());
    if (hit == nullptr) return false;
    in.bump(static_cast<std::size_t>(static_cast<const char*>(hit) - begin) + 1);
    return true;
  }
};

// Consumes one or more bytes that `Table::contains(c)` accepts; a fast replacement for
// plus<not_one<...>> over long runs. Table is a type with `static bool contains(unsigned char)`.
template <typename Table>
struct run_of {
  using rule_t = run_of;
  using subs_t = pegtl::empty_list;

  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) noexcept {
    const char* begin = in.current();
    const char* end = begin + in.size();
    const char* p = begin;
    while (p != end && Table::contains(static_cast<unsigned char>(*p))) ++p;
    if (p == begin) return false;
    in.bump(static_cast<std::size_t>(p - begin));
    return true;
  }
};

// A 256-entry byte set built at compile time: all bytes except Cs (Except = true), or only Cs.
template <bool Except, char... Cs>
struct byte_set {
  static constexpr bool contains(unsigned char c) { return kTable[c]; }

 private:
  struct Table {
    bool bits[256] = {};
    constexpr Table() {
      for (auto& b : bits) b = Except;
      ((bits[static_cast<unsigned char>(Cs)] = !Except), ...);
    }
  };
  static constexpr Table kTableObject{};
  static constexpr const bool* kTable = kTableObject.bits;
};

// Where and why a parse failed.
struct ParseFailure {
  std::size_t byte = 0;  // byte offset in the input of the failing position
  std::string message;   // the must<> error message
};

// Runs pegtl::parse<Rule, Action, Control> over `text` and returns the failure raised by a
// must<> (or nothing on success). A plain mismatch of Rule (no must<> involved) is reported as a
// failure at byte 0 with `mismatch_message`. Never lets a PEGTL exception escape.
template <typename Rule, template <typename...> class Action = pegtl::nothing,
          template <typename...> class Control = pegtl::normal, typename... States>
std::optional<ParseFailure> try_parse(std::string_view text, std::string_view mismatch_message,
                                      States&&... st) {
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*> in(
      text.data(), text.data() + text.size(), "");
  try {
    if (pegtl::parse<Rule, Action, Control>(in, st...)) return std::nullopt;
    return ParseFailure{0, std::string(mismatch_message)};
  } catch (const pegtl::parse_error& e) {
    ParseFailure f;
    f.message = e.message();
    if (!e.positions().empty()) f.byte = e.positions().front().byte;
    return f;
  }
}

}  // namespace scribe::notation::pegtl_common
