// Numbers as the SVG and PDF writers print them: at most two decimals, no exponent, no
// trailing zeros ("12", "3.5", "-0.25"). snprintf("%g") was the largest single cost of Cairo's
// SVG output; this is a few integer divisions.
#pragma once

#include <cmath>
#include <string>

namespace scribe::render {

// Appends `v` rounded to hundredths (0 for a value that is not finite).
inline void append_number(std::string& out, double v) {
  if (!std::isfinite(v) || std::abs(v) > 1e12) v = 0;
  long long n = std::llround(v * 100);
  if (n < 0) {
    out += '-';
    n = -n;
  }
  char digits[24];
  int len = 0;
  long long whole = n / 100;
  do {
    digits[len++] = static_cast<char>('0' + whole % 10);
    whole /= 10;
  } while (whole > 0);
  while (len > 0) out += digits[--len];
  const int frac = static_cast<int>(n % 100);
  if (frac != 0) {
    out += '.';
    out += static_cast<char>('0' + frac / 10);
    if (frac % 10 != 0) out += static_cast<char>('0' + frac % 10);
  }
}

}  // namespace scribe::render
