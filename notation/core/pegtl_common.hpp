// Shared PEGTL pieces for the grammars of notation/ (today the container grammar,
// record_grammar.hpp). Include only from *_grammar.hpp and *_parser.cpp: PEGTL stays out of
// every public header (design.md, "Dependency rules").
#pragma once

#include <cstddef>
#include <cstring>
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
// A run of decimal digits.
struct digits : pegtl::plus<pegtl::digit> {};
// clang-format on

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

}  // namespace scribe::notation::pegtl_common
