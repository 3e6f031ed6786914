// The end of a ply token as the record reader finds it sixteen bytes at a time
// (notation/core/movetext_bytes.hpp), held to a byte-by-byte reading: every byte value, every
// length of line and token, an ending byte at each place of a sixteen-byte block, and tokens
// that run across blocks or to the end of the line.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>

#include "notation/core/movetext_bytes.hpp"

namespace scribe::notation::detail {
namespace {

// The ends of a ply token: the blanks and the bytes that start a comment, a roll or a brace.
constexpr std::string_view kEnds = " \t\f\v{}(;";

// The byte-by-byte reading: the first byte of [p, end) that ends a token.
const char* slow_token_end(const char* p, const char* end) {
  return std::find_if(p, end, [](char c) { return kEnds.find(c) != std::string_view::npos; });
}

TEST(MovetextBytes, EndsTokenAtExactlyTheBlanksAndSpecials) {
  for (int i = 0; i < 256; ++i) {
    const char c = static_cast<char>(i);
    EXPECT_EQ(ends_token(c), kEnds.find(c) != std::string_view::npos) << "byte " << i;
  }
}

TEST(MovetextBytes, EveryByteValueEndsATokenOnlyIfItShould) {
  // One byte of each value at each place of a line long enough for the sixteen-byte path and
  // at each place of one too short for it.
  for (std::size_t len : {5u, 15u, 16u, 17u, 40u}) {
    for (std::size_t at = 0; at < len; ++at) {
      for (int i = 0; i < 256; ++i) {
        std::string line(len, 'w');
        line[at] = static_cast<char>(i);
        const char* b = line.data();
        const char* e = b + line.size();
        ASSERT_EQ(find_token_end(b, b, e) - b, slow_token_end(b, e) - b)
            << "length " << len << ", byte " << i << " at " << at;
      }
    }
  }
}

TEST(MovetextBytes, TokensStartingAnywhereEndWhereTheBytesSay) {
  // Lines of tokens of every length 1-40 between the ending bytes in turn, read from every
  // start: tokens inside a block, across a block's end, and up to the line's end (the last
  // sixteen bytes read back from there).
  std::string text;
  for (std::size_t n = 1, k = 0; n <= 40; ++n, ++k) {
    text.append(n, static_cast<char>('a' + n % 26));
    text += kEnds[k % kEnds.size()];
  }
  for (std::size_t len = 0; len <= text.size(); len += (len < 70 ? 1 : 13)) {
    const std::string line = text.substr(0, len);
    const char* b = line.data();
    const char* e = b + line.size();
    for (const char* p = b; p <= e; ++p)
      ASSERT_EQ(find_token_end(b, p, e) - b, slow_token_end(p, e) - b)
          << "line of " << len << " bytes, from " << (p - b);
  }
}

TEST(MovetextBytes, ReadsNothingPastTheLine) {
  // The line is the whole of its buffer here: a read past its end would be a read past the
  // allocation (caught by the sanitizer build).
  for (std::size_t len = 0; len <= 48; ++len) {
    auto buffer = std::make_unique<char[]>(len == 0 ? 1 : len);
    std::fill_n(buffer.get(), len, 'x');
    const char* b = buffer.get();
    EXPECT_EQ(find_token_end(b, b, b + len), b + len) << len;
    if (len > 0) {
      EXPECT_EQ(find_token_end(b, b + len - 1, b + len), b + len) << len;
    }
  }
}

}  // namespace
}  // namespace scribe::notation::detail
