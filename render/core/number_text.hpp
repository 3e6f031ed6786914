// Numbers as the SVG and PDF writers print them. write_number: at most two decimals, no
// exponent, no trailing zeros ("12", "3.5", "-0.25"). write_fixed: exactly the bytes of
// printf("%.*f"). Both write digits straight into a buffer: printf was the largest single cost
// of Cairo's SVG output and, in scribe's PDF writer, of its text matrices.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <string>

namespace scribe::render {

namespace number_text_detail {

// Writes the decimal digits of `n` ending just before `end`; returns where they start.
inline char* digits_before(char* end, unsigned long long n) {
  static constexpr char kPairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  while (n >= 100) {
    const unsigned pair = static_cast<unsigned>(n % 100) * 2;
    n /= 100;
    *--end = kPairs[pair + 1];
    *--end = kPairs[pair];
  }
  if (n >= 10) {
    *--end = kPairs[n * 2 + 1];
    *--end = kPairs[n * 2];
  } else {
    *--end = static_cast<char>('0' + n);
  }
  return end;
}

}  // namespace number_text_detail

// Room for what write_number() writes (at most 16 characters: "-999999999999.99").
inline constexpr std::size_t kNumberChars = 24;

// Writes `v` rounded to hundredths from `p` (at most kNumberChars characters) and returns the
// end: halves away from zero as std::llround(v * 100) rounds them, 0 for a value that is not
// finite or beyond 1e12, at most two decimals and no trailing zeros.
inline char* write_number(char* p, double v) {
  if (!std::isfinite(v) || std::abs(v) > 1e12) v = 0;
  const double t = v * 100;
  // Truncation, then the exact remainder (|t| < 2^53): llround's result without the call.
  long long n = static_cast<long long>(t);
  const double rest = t - static_cast<double>(n);
  n += rest >= 0.5 ? 1 : rest <= -0.5 ? -1 : 0;
  if (n < 0) *p++ = '-';
  const unsigned long long a =
      n < 0 ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  const unsigned long long whole = a / 100;
  int len = 1;
  for (unsigned long long w = whole; w >= 10; w /= 10) ++len;
  p += len;
  number_text_detail::digits_before(p, whole);
  const unsigned frac = static_cast<unsigned>(a % 100);
  if (frac != 0) {
    *p++ = '.';
    *p++ = static_cast<char>('0' + frac / 10);
    if (frac % 10 != 0) *p++ = static_cast<char>('0' + frac % 10);
  }
  return p;
}

// Appends `v` as write_number() writes it.
inline void append_number(std::string& out, double v) {
  char buf[kNumberChars];
  out.append(buf, write_number(buf, v));
}

// Room for what write_fixed() writes (DBL_MAX has 309 digits before the point).
inline constexpr std::size_t kFixedChars = 330;

// Writes `v` from `p` with `decimals` (0-9) digits after the point, exactly as
// snprintf("%.*f", decimals, v) writes it (a "-" for negative values, -0.0 and those that round
// to zero included; "nan", "inf"), at most kFixedChars characters, and returns the end. Most
// values take one multiplication and integer digits; the few whose product lands exactly
// halfway between two outputs, and large values, go through std::to_chars, which like printf
// rounds the exact binary value (halves to even).
inline char* write_fixed(char* p, double v, int decimals) {
  static constexpr double kScale[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
  static constexpr unsigned long long kUnit[] = {1,      10,      100,      1000,      10000,
                                                 100000, 1000000, 10000000, 100000000, 1000000000};
  if (decimals < 0) decimals = 0;
  if (decimals > 9) decimals = 9;
  const double t = std::abs(v) * kScale[decimals];  // NaN, inf: the comparison below fails
  if (t < 1e15) {
    // Below 2^52 every k + 1/2 is a double, and rounding the product to a double keeps it on
    // the same side of such a boundary as the exact |v| * 10^decimals (rounding is monotonic
    // and the boundary is representable), or puts it exactly on it. Only then (rest 1/2) does
    // the product not tell which way printf rounds.
    const auto whole_t = static_cast<unsigned long long>(t);
    const double rest = t - static_cast<double>(whole_t);  // exact
    if (rest != 0.5) {
      const unsigned long long n = whole_t + (rest > 0.5 ? 1 : 0);
      if (std::signbit(v)) *p++ = '-';
      const unsigned long long whole = n / kUnit[decimals];
      int len = 1;
      for (unsigned long long w = whole; w >= 10; w /= 10) ++len;
      p += len;
      number_text_detail::digits_before(p, whole);
      if (decimals > 0) {
        *p++ = '.';
        unsigned long long frac = n % kUnit[decimals];
        p += decimals;
        for (int i = 1; i <= decimals; ++i, frac /= 10) p[-i] = static_cast<char>('0' + frac % 10);
      }
      return p;
    }
  }
  return std::to_chars(p, p + kFixedChars, v, std::chars_format::fixed, decimals).ptr;
}

// Appends `v` as write_fixed() writes it.
inline void append_fixed(std::string& out, double v, int decimals) {
  char buf[kFixedChars];
  out.append(buf, write_fixed(buf, v, decimals));
}

}  // namespace scribe::render
