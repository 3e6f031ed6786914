// The byte checks of the record reader's input (notation/core/record_input.hpp), which read
// sixteen bytes at a time and settle a line's last bytes with its last sixteen: a bad byte, a
// non-ASCII byte and a line ending at each place of lines of every length up to three blocks,
// held to a byte-by-byte reading.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "notation/core/record_input.hpp"

namespace scribe::notation::detail {
namespace {

// The line `text` in a buffer of its own size, so that a read past its end is a read past the
// allocation (caught by the sanitizer build).
struct Exact {
  explicit Exact(const std::string& text) : bytes(new char[text.size() + 1]), n(text.size()) {
    text.copy(bytes.get(), n);
  }
  const char* data() const { return bytes.get(); }
  std::unique_ptr<char[]> bytes;
  std::size_t n;
};

TEST(RecordBytes, FindsABadByteAtEveryPlace) {
  // A NUL, a stray continuation byte, a byte that is never UTF-8 and a character cut short by
  // the next byte, each alone among ASCII bytes.
  const std::string bad[] = {std::string(1, '\0'), "\x80", "\xFF", "\xC3x", "\xE2\x82x"};
  for (std::size_t len = 1; len <= 48; ++len) {
    for (const std::string& b : bad) {
      for (std::size_t at = 0; at + b.size() <= len; ++at) {
        std::string line(len, 'a');
        line.replace(at, b.size(), b);
        const Exact e(line);
        EXPECT_EQ(first_bad_byte(e.data(), e.n), at) << "length " << len << ", at " << at;
        EXPECT_EQ(first_bad_byte(e.data(), e.n, at), at) << "length " << len << ", from " << at;
      }
    }
  }
}

TEST(RecordBytes, ValidCharactersAnywhereAreNotBad) {
  // A 2-, 3- or 4-byte character at each place, also among the last sixteen bytes (where the
  // quick check of the last block fails and the bytes are read one by one).
  for (const std::string c : {"\xC3\xA4", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"}) {
    for (std::size_t len = c.size(); len <= 48; ++len) {
      for (std::size_t at = 0; at + c.size() <= len; ++at) {
        std::string line(len, 'a');
        line.replace(at, c.size(), c);
        const Exact e(line);
        EXPECT_EQ(first_bad_byte(e.data(), e.n), len) << "length " << len << ", at " << at;
        EXPECT_FALSE(all_ascii(e.data(), e.n)) << "length " << len << ", at " << at;
      }
      // Cut by the end of the line: bad, unless the next fragment may finish it.
      std::string cut(len, 'a');
      cut.replace(len - c.size(), c.size(), c.substr(0, c.size() - 1) + "a");
      const Exact e(cut.substr(0, len - 1));
      EXPECT_EQ(first_bad_byte(e.data(), e.n), len - c.size()) << "length " << len;
      EXPECT_EQ(first_bad_byte(e.data(), e.n, 0, true), e.n) << "length " << len;
    }
  }
}

TEST(RecordBytes, AllAsciiSeesAHighByteAtEveryPlace) {
  for (std::size_t len = 0; len <= 48; ++len) {
    const Exact plain(std::string(len, 'a'));
    EXPECT_TRUE(all_ascii(plain.data(), plain.n)) << len;
    EXPECT_EQ(first_bad_byte(plain.data(), plain.n), len) << len;
    for (std::size_t at = 0; at < len; ++at) {
      std::string line(len, 'a');
      line[at] = '\x80';
      const Exact e(line);
      EXPECT_FALSE(all_ascii(e.data(), e.n)) << "length " << len << ", at " << at;
    }
  }
}

}  // namespace
}  // namespace scribe::notation::detail
