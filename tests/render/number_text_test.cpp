// The number formatting of scribe's SVG and PDF writers (render/core/number_text.hpp) against
// the C library: append_fixed must write exactly snprintf("%.*f")'s bytes and append_number
// exactly the hundredths of llround(v * 100) without trailing zeros, on values of every size
// and sign, halfway cases, values one bit either side of a rounding boundary, -0.0, huge,
// tiny, NaN and infinities. And the key of an unchanging part on a VectorCanvas
// (paint_cached): the same for the same transformation, different for any other one. And
// TextBuffer, which the writers build their text in.
#include "render/core/number_text.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "render/core/text_buffer.hpp"
#include "render/core/vector_canvas.hpp"

namespace scribe {
namespace {

// Values that test a fixed-point formatter: exact halves at several scales (dyadic, so they
// are exact doubles), decimal boundaries and the doubles next to them, random values of every
// magnitude, random bit patterns, and the special values.
std::vector<double> hard_values() {
  std::vector<double> v = {0.0,
                           -0.0,
                           0.5,
                           1.5,
                           2.5,
                           0.125,
                           0.375,
                           0.0078125,
                           0.0000005,
                           0.0000015,
                           1.005,
                           1.015,
                           2.675,
                           99.995,
                           0.1 + 0.2,
                           1e-7,
                           4e-7,
                           5e-7,
                           6e-7,
                           1e12,
                           1e12 + 0.5,
                           1e14,
                           9.5e14,
                           1e15,
                           4503599627370495.5,
                           9007199254740993.0,
                           1e16,
                           1e19,
                           1.8446744073709552e19,
                           1e22,
                           1e300,
                           DBL_MAX,
                           DBL_MIN,
                           DBL_TRUE_MIN,
                           std::numeric_limits<double>::infinity(),
                           std::numeric_limits<double>::quiet_NaN()};
  // Exact halves k/2^m: halfway at two and six decimals when m is 2-8 and 7-22.
  for (int m = 1; m <= 24; ++m)
    for (int k = 1; k < 200; k += 2) v.push_back(std::ldexp(k, -m));
  // The decimal boundaries (n + 1/2) / 10^d near the doubles and one and two bits either side.
  std::mt19937_64 rng(20261127);
  for (int d : {2, 6})
    for (int i = 0; i < 20000; ++i) {
      const double scale = std::pow(10.0, d);
      const double magnitude = std::pow(10.0, static_cast<double>(rng() % 10));
      const double n = std::floor(static_cast<double>(rng() % 1000000) * magnitude / 1e6 * scale);
      double b = (n + 0.5) / scale;
      for (int step = 0; step < 2; ++step) b = std::nextafter(b, 0.0);
      for (int step = 0; step < 5; ++step, b = std::nextafter(b, INFINITY)) v.push_back(b);
    }
  // Random values of every magnitude from 1e-12 to 1e18, and random bit patterns.
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 100000; ++i)
    v.push_back(unit(rng) * std::pow(10.0, static_cast<double>(static_cast<int>(rng() % 31) - 12)));
  for (int i = 0; i < 20000; ++i) v.push_back(std::bit_cast<double>(rng()));
  // Every value with both signs.
  const std::size_t positives = v.size();
  for (std::size_t i = 0; i < positives; ++i) v.push_back(-v[i]);
  return v;
}

TEST(NumberText, AppendFixedWritesPrintfsBytes) {
  const std::vector<double> values = hard_values();
  int compared = 0;
  for (int decimals = 0; decimals <= 9; ++decimals)
    for (double v : values) {
      if (decimals != 2 && decimals != 6 && compared % 7 != 0) {  // other widths: a sample
        ++compared;
        continue;
      }
      char expected[512];
      std::snprintf(expected, sizeof expected, "%.*f", decimals, v);
      std::string got = "x";  // appended to, not replaced
      render::append_fixed(got, v, decimals);
      ASSERT_EQ(got, std::string("x") + expected)
          << "decimals " << decimals << " value " << std::hexfloat << v;
      ++compared;
    }
  EXPECT_GT(compared, 2000000);
}

TEST(NumberText, AppendFixedByHand) {
  auto text = [](double v, int d) {
    std::string s;
    render::append_fixed(s, v, d);
    return s;
  };
  EXPECT_EQ(text(11.586078, 6), "11.586078");
  EXPECT_EQ(text(-0.0, 6), "-0.000000");
  EXPECT_EQ(text(-0.0000001, 6), "-0.000000");
  EXPECT_EQ(text(0.125, 2), "0.12");  // an exact half: to even
  EXPECT_EQ(text(0.375, 2), "0.38");
  EXPECT_EQ(text(2.675, 2), "2.67");  // 2.67499999... as a double
  EXPECT_EQ(text(0.0078125, 6), "0.007812");
  EXPECT_EQ(text(-37.885, 2), "-37.88");  // -37.88499999...
  EXPECT_EQ(text(1e20, 2), "100000000000000000000.00");
}

// The hundredths as the writers have always printed them: llround(v * 100), then the digits
// with at most two decimals and no trailing zeros (a second implementation, through printf).
std::string reference_number(double v) {
  if (!std::isfinite(v) || std::abs(v) > 1e12) v = 0;
  const long long n = std::llround(v * 100);
  char text[64];
  std::snprintf(text, sizeof text, "%s%lld.%02lld", n < 0 ? "-" : "", std::llabs(n) / 100,
                std::llabs(n) % 100);
  std::string s = text;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

TEST(NumberText, AppendNumberRoundsAsLlround) {
  int compared = 0;
  for (double v : hard_values()) {
    std::string got = "x";
    render::append_number(got, v);
    ASSERT_EQ(got, "x" + reference_number(v)) << std::hexfloat << v;
    ++compared;
  }
  EXPECT_GT(compared, 300000);
  std::string s;
  render::append_number(s, 0.125);  // 12.5 hundredths: away from zero
  render::append_number(s, -0.125);
  render::append_number(s, -0.004);
  EXPECT_EQ(s, "0.13-0.130");
}

// TextBuffer (text_buffer.hpp) against the same text built with std::string appends, across
// many growths of its memory, and reused memory that held other text.
TEST(NumberText, TextBufferMatchesStringAppends) {
  std::string old_memory(100, 'z');
  render::TextBuffer buf(std::move(old_memory));
  std::string expected;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50000; ++i) {
    const double v = static_cast<double>(static_cast<long long>(rng() % 2000001) - 1000000) / 997;
    switch (i % 5) {
      case 0:
        buf.put("m\n");
        expected += "m\n";
        break;
      case 1:
        buf.put(' ');
        expected += ' ';
        break;
      case 2:
        buf.number(v);
        render::append_number(expected, v);
        break;
      case 3:
        buf.fixed(v, 6);
        render::append_fixed(expected, v, 6);
        break;
      case 4:
        buf.integer(static_cast<std::size_t>(i) * 1000003);
        expected += std::to_string(static_cast<std::size_t>(i) * 1000003);
        break;
    }
  }
  ASSERT_EQ(buf.view(), expected);
  buf.truncate(10);
  EXPECT_EQ(buf.view(), expected.substr(0, 10));
  const std::string taken = buf.take();
  EXPECT_EQ(taken, expected.substr(0, 10));
  EXPECT_EQ(buf.size(), 0u);
}

// A writer that keeps the keys it is asked for.
class KeyRecorder final : public render::VectorWriter {
 public:
  void fill(const render::VectorPath&, const render::Colour&) override {}
  void stroke(const render::VectorPath&, const render::StrokeStyle&) override {}
  void paint(const render::Colour&) override {}
  void push_clip(const render::VectorPath&) override {}
  void pop_clip() override {}
  void text(const render::TextRun&) override {}
  bool reuse_static(std::string_view key) override {
    keys.emplace_back(key);
    return false;
  }
  std::vector<std::string> keys;
};

TEST(NumberText, StaticPartKeyNamesTheWholeTransformation) {
  KeyRecorder w;
  render::VectorCanvas cv(w);
  auto ask = [&](std::string_view key) {
    if (cv.begin_static(key)) cv.end_static();
  };
  ask("board");
  ask("board");                               // the same: the same key
  cv.translate(std::nextafter(0.0, 1.0), 0);  // x0 one denormal off
  ask("board");
  cv.translate(-std::nextafter(0.0, 1.0), 0);  // back to 0 (+0.0 again)
  ask("board");
  cv.scale(1, std::nextafter(1.0, 2.0));  // yy one bit off
  ask("board");
  cv.scale(-1, 1);  // xx -1
  ask("board");
  ask("board|");  // a key ending in the separator
  ask("boar");
  ASSERT_EQ(w.keys.size(), 8u);
  EXPECT_EQ(w.keys[0], w.keys[1]);
  EXPECT_EQ(w.keys[0], w.keys[3]);
  EXPECT_EQ(w.keys[0].rfind("board|", 0), 0u);
  const std::size_t distinct[] = {0, 2, 4, 5, 6, 7};
  for (std::size_t i : distinct)
    for (std::size_t j : distinct)
      if (i < j) {
        EXPECT_NE(w.keys[i], w.keys[j]) << i << " " << j;
      }
}

}  // namespace
}  // namespace scribe
