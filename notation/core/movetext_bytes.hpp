// Internal to the record reader (record_builder.cpp): where a ply token of a movetext line
// ends, found sixteen bytes at a time. Not part of scribe_notation's interface.
#pragma once

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "notation/core/record_input.hpp"

namespace scribe::notation::detail {

// Whether c starts a comment, a roll or a stray brace: the items the hand reading of movetext
// leaves to the grammar.
constexpr bool starts_special(char c) { return c == '{' || c == '}' || c == '(' || c == ';'; }

// Whether c ends a ply token: a blank, or the start of a comment, a roll or a stray brace.
inline bool ends_token(char c) { return is_blank(c) || starts_special(c); }

#if defined(__SSE2__)
// The bits of the bytes that end a ply token among the sixteen at p.
inline unsigned token_end_bits(const char* p) {
  const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  auto eq = [&w](char c) { return _mm_cmpeq_epi8(w, _mm_set1_epi8(c)); };
  const __m128i blank =
      _mm_or_si128(_mm_or_si128(eq(' '), eq('\t')), _mm_or_si128(eq('\f'), eq('\v')));
  const __m128i special =
      _mm_or_si128(_mm_or_si128(eq('{'), eq('}')), _mm_or_si128(eq('('), eq(';')));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(blank, special)));
}
#endif

// Returns the first byte of [p, end) that ends a ply token, or end; `line` is the start of the
// line (at or before p), whose bytes may be read too. A ply token is a few bytes of varying
// length: a loop over its bytes mispredicts its exit at nearly every token, sixteen bytes
// compared at once do not.
inline const char* find_token_end(const char* line, const char* p, const char* end) {
#if defined(__SSE2__)
  for (; end - p >= 16; p += 16)
    if (const unsigned m = token_end_bits(p); m != 0) return p + __builtin_ctz(m);
  // Fewer than sixteen bytes left: the line's last sixteen, less those before p.
  if (end - line >= 16) {
    const char* last = end - 16;
    const unsigned m = token_end_bits(last) >> (p - last);
    return m != 0 ? p + __builtin_ctz(m) : end;
  }
#else
  (void)line;
#endif
  while (p < end && !ends_token(*p)) ++p;
  return p;
}

}  // namespace scribe::notation::detail
