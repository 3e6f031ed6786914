// The byte level of reading an input (record_input.hpp).
#include "notation/core/record_input.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace scribe::notation {

namespace detail {

std::size_t find_eol(const char* b, std::size_t from, std::size_t limit) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
  std::size_t i = from;
#if defined(__SSE2__)
  // Sixteen bytes a step where SSE2 is there (every x86-64): a line of movetext is a few steps.
  const __m128i lfs = _mm_set1_epi8('\n'), crs = _mm_set1_epi8('\r');
  for (; i + 16 <= limit; i += 16) {
    const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
    const int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(w, lfs), _mm_cmpeq_epi8(w, crs)));
    if (m != 0) return i + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(m)));
  }
#endif
  for (std::uint64_t w = 0; i + 8 <= limit; i += 8) {
    std::memcpy(&w, b + i, 8);
    const std::uint64_t lf = w ^ (kOnes * '\n'), cr = w ^ (kOnes * '\r');
    if ((((lf - kOnes) & ~lf) | ((cr - kOnes) & ~cr)) & kHighs) break;
  }
  while (i < limit && !is_eol(b[i])) ++i;
  return i;
}

namespace {

// What the bytes at p (n available) are: the length (1-4) of the character they start, and
// whether the bytes that are there are a valid start of it (all of it when n >= length).
struct CharStart {
  std::size_t len = 0;  // 0: the first byte starts no character
  bool ok = false;
};

CharStart char_start(const unsigned char* p, std::size_t n) {
  const unsigned char c = p[0];
  if (c != 0 && c < 0x80) return {1, true};
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return {};
  }
  if (n > 1 && (p[1] < lo || p[1] > hi)) return {len, false};
  for (std::size_t i = 2; i < std::min(len, n); ++i)
    if ((p[i] & 0xC0) != 0x80) return {len, false};
  return {len, true};
}

// The characters of Windows-1252 at 0x80-0x9F (0: no character), as code points.
constexpr std::uint16_t kCp1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

// Appends the code point c (below U+10000) as UTF-8.
void append_utf8(std::string& out, std::uint32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

std::string hex_byte(unsigned char b) {
  static const char* kHex = "0123456789ABCDEF";
  return std::string("0x") + kHex[b >> 4] + kHex[b & 15];
}

// The message of a bad byte that is not a NUL: Latin-1 and Windows-1252 readings get a hint.
std::string bad_byte_message(unsigned char b) {
  std::string m = "invalid UTF-8 (byte " + hex_byte(b) + "); the record is not replayed";
  if (b >= 0xA0) {
    m += ". If the file is Latin-1, where " + hex_byte(b) + " is '";
    append_utf8(m, b);
    m += "', read it with --encoding latin1";
  } else if (b >= 0x80 && kCp1252High[b - 0x80] != 0) {
    m += ". If the file is Windows-1252, where " + hex_byte(b) + " is '";
    append_utf8(m, kCp1252High[b - 0x80]);
    m += "', read it with --encoding cp1252";
  }
  return m;
}

}  // namespace

std::size_t utf8_char_len(const unsigned char* p, std::size_t n) {
  const CharStart s = char_start(p, n);
  return s.ok && n >= s.len ? s.len : 0;
}

std::size_t first_bad_byte(const char* data, std::size_t n, std::size_t from, bool cut_ok) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
  const auto* p = reinterpret_cast<const unsigned char*>(data);
  std::size_t i = from;
  while (i < n) {
    // Skip runs of ASCII without NUL sixteen (SSE2) and eight bytes at a time.
#if defined(__SSE2__)
    auto plain = [p](std::size_t at) {  // the sixteen bytes at `at` are ASCII without NUL
      const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
      return _mm_movemask_epi8(_mm_or_si128(w, _mm_cmpeq_epi8(w, _mm_setzero_si128()))) == 0;
    };
    for (; i + 16 <= n; i += 16)
      if (!plain(i)) break;
    // Fewer than sixteen bytes left (the end of most lines): the last sixteen bytes, those
    // before i already read, settle them at once.
    if (n - i < 16 && n >= 16 && plain(n - 16)) return n;
#endif
    for (std::uint64_t w = 0; i + 8 <= n; i += 8) {
      std::memcpy(&w, p + i, 8);
      if (((w | ((w - kOnes) & ~w)) & kHighs) != 0) break;
    }
    if (i >= n) break;
    const CharStart s = char_start(p + i, n - i);
    if (s.ok && s.len <= n - i) {
      i += s.len;
      continue;
    }
    if (cut_ok && s.ok) return n;  // a character that the next fragment finishes
    return i;
  }
  return n;
}

void substitute_bad_bytes(char* p, std::size_t n, std::size_t from, bool cut_ok) {
  for (std::size_t i = first_bad_byte(p, n, from, cut_ok); i < n;
       i = first_bad_byte(p, n, i + 1, cut_ok))
    p[i] = kSubstitute;
}

void show_substitutes(std::string& s) {
  if (s.find(kSubstitute) == std::string::npos) return;
  std::string out;
  out.reserve(s.size() + 8);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != kSubstitute) {
      out += s[i];
      continue;
    }
    out += kReplacementChar;
    // The two halves of an unconvertible byte's mark that LineCleaner keeps after it.
    while (i + 1 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xC0) == 0x80) ++i;
  }
  s = std::move(out);
}

Diagnostic encoding_diagnostic(std::string_view line, std::size_t bad, std::uint32_t line_no,
                               std::uint32_t col, std::uint64_t offset,
                               std::string_view source_encoding) {
  Diagnostic d;
  d.code = "record.encoding";
  d.span = SourceSpan{line_no, col, offset, 1};
  const auto* u = reinterpret_cast<const unsigned char*>(line.data());
  const unsigned char b = u[bad];
  auto low4 = [&](std::size_t i) {
    return i < line.size() && (u[i] & 0xF0) == 0x80 ? u[i] & 15 : -1;
  };
  // The marks of unconvertible bytes in a row (up to one code unit of UTF-32) name them all.
  auto marked = [&](std::size_t i) {
    return u[i] == kUnconvertibleMark && low4(i + 1) >= 0 && low4(i + 2) >= 0;
  };
  if (!source_encoding.empty() && marked(bad)) {
    std::string bytes;
    std::size_t count = 0;
    for (std::size_t i = bad; i + 2 < line.size() && count < 4 && marked(i); i += 3, ++count)
      bytes += (count == 0 ? "" : " ") +
               hex_byte(static_cast<unsigned char>((low4(i + 1) << 4) | low4(i + 2)));
    d.message = std::string(count == 1 ? "byte " : "bytes ") + bytes +
                " cannot be converted from " + std::string(source_encoding) +
                "; the record is not replayed";
  } else if (b == 0) {
    d.message = "a NUL byte (0x00) in the text; the record is not replayed";
  } else {
    d.message = bad_byte_message(b);
  }
  // Bad bytes are shown as U+FFFD, one character each, so the caret still lines up (the mark
  // of an unconvertible byte too).
  std::string shown(line);
  substitute_bad_bytes(shown.data(), shown.size(), bad);
  if (!source_encoding.empty()) {
    std::size_t keep = bad;
    for (std::size_t i = bad; i < line.size(); ++i) {
      shown[keep++] = shown[i];
      if (marked(i)) i += 2;
    }
    shown.resize(keep);
  }
  show_substitutes(shown);
  d.source_line = std::move(shown);
  return d;
}

namespace {

// The first line of a UTF-16 or UTF-32 text (`unit` bytes a character, `big` endian), with
// characters other than printable ASCII shown as U+FFFD; for the source line of its
// diagnostic.
std::string wide_first_line(std::string_view head, std::size_t unit, bool big) {
  std::string out;
  const auto* u = reinterpret_cast<const unsigned char*>(head.data());
  for (std::size_t i = 0; i + unit <= head.size() && out.size() < 240; i += unit) {
    std::uint32_t c = 0;
    for (std::size_t b = 0; b < unit; ++b)
      c |= std::uint32_t{u[i + b]} << (8 * (big ? unit - 1 - b : b));
    if (i == 0 && c == 0xFEFF) continue;
    if (c == '\n' || c == '\r') break;
    if ((c >= 0x20 && c < 0x7F) || c == '\t')
      out += static_cast<char>(c);
    else
      out += kReplacementChar;
  }
  return out;
}

}  // namespace

std::optional<FileProblem> wide_encoding_problem(std::string_view head) {
  const auto* u = reinterpret_cast<const unsigned char*>(head.data());
  const std::size_t n = head.size();
  std::string what, suggest;
  std::size_t unit = 2;
  bool big = false;
  if (head.substr(0, 4) == std::string_view("\xFF\xFE\0\0", 4) ||
      head.substr(0, 4) == std::string_view("\0\0\xFE\xFF", 4)) {
    what = "UTF-32 (it starts with a UTF-32 byte order mark)";
    suggest = "utf-32";
    unit = 4;
    big = u[0] == 0;
  } else if (head.substr(0, 2) == "\xFF\xFE" || head.substr(0, 2) == "\xFE\xFF") {
    what = "UTF-16 (it starts with a UTF-16 byte order mark)";
    suggest = "utf-16";
    big = u[0] == 0xFE;
  } else {
    // The first line: NUL where the high bytes of ASCII characters stand.
    std::size_t k = 0;
    while (k < n && u[k] != '\n' && u[k] != '\r') ++k;
    // Whether every byte of the line at a position p with nul(p) is NUL, and another is not.
    auto pattern = [&](auto nul) {
      bool other = false;
      for (std::size_t i = 0; i < k; ++i) {
        if (nul(i) && u[i] != 0) return false;
        if (!nul(i) && u[i] != 0) other = true;
      }
      return other;
    };
    if (k >= 4 && pattern([](std::size_t i) { return i % 4 != 0; })) {
      what = "UTF-32 (little-endian: its first line has NUL in three bytes of every four)";
      suggest = "utf-32le";
      unit = 4;
    } else if (k >= 4 && pattern([](std::size_t i) { return i % 4 != 3; })) {
      what = "UTF-32 (big-endian: its first line has NUL in three bytes of every four)";
      suggest = "utf-32be";
      unit = 4;
      big = true;
    } else if (k >= 2 && pattern([](std::size_t i) { return i % 2 != 0; })) {
      what = "UTF-16 (little-endian: its first line has NUL in every second byte)";
      suggest = "utf-16le";
    } else if (k >= 2 && pattern([](std::size_t i) { return i % 2 == 0; })) {
      what = "UTF-16 (big-endian: its first line has NUL in every second byte)";
      suggest = "utf-16be";
      big = true;
    } else {
      return std::nullopt;
    }
  }
  FileProblem problem;
  problem.unreadable = true;
  problem.diagnostic.code = "record.encoding";
  problem.diagnostic.message =
      "the file is " + what + ", not UTF-8; read it with --encoding " + suggest;
  problem.diagnostic.span = SourceSpan{1, 1, 0, 1};
  problem.diagnostic.source_line = wide_first_line(head, unit, big);
  return problem;
}

FileProblem io_problem(std::string_view what, int err) {
  FileProblem problem;
  problem.unreadable = true;
  problem.diagnostic.code = "record.io";
  problem.diagnostic.message = std::string(what) + ": " + std::strerror(err);
  return problem;
}

bool has_bom(std::string_view head) { return head.substr(0, 3) == "\xEF\xBB\xBF"; }

ssize_t read_at(int fd, char* out, std::size_t n, std::uint64_t offset) {
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::pread(fd, out + got, n - got, static_cast<off_t>(offset + got));
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  return static_cast<ssize_t>(got);
}

LineView LineCleaner::clean(const LineView& v, std::size_t& bad) {
  std::size_t from = 0;
  if (!v.starts_line) {  // the end of a character that the previous fragment started
    from = std::min(carry_, v.len);
    for (std::size_t i = 0; i < from; ++i)
      if ((static_cast<unsigned char>(v.data[i]) & 0xC0) != 0x80) from = 0;
  }
  bad = first_bad_byte(v.data, v.len, from, !v.ends_line);
  if (bad == v.len) return v;
  scratch_.assign(v.data, v.len + v.ending);
  substitute_bad_bytes(scratch_.data(), v.len, bad, !v.ends_line);
  // In converted text, the mark of an unconvertible byte keeps its two halves (continuation
  // bytes) after the substitute, so it counts as one character, as the byte of the source
  // text does (C10: columns count characters of the converted text).
  const auto* u = reinterpret_cast<const unsigned char*>(v.data);
  auto half = [&](std::size_t i) { return (u[i] & 0xF0) == 0x80; };
  if (converted_)
    for (std::size_t i = bad; i + 2 < v.len; ++i)
      if (u[i] == kUnconvertibleMark && half(i + 1) && half(i + 2)) {
        scratch_[i + 1] = v.data[i + 1];
        scratch_[i + 2] = v.data[i + 2];
        i += 2;
      }
  LineView c = v;
  c.data = scratch_.data();
  return c;
}

void LineCleaner::consumed(const LineView& v) {
  carry_ = 0;
  if (v.ends_line) return;
  for (std::size_t back = 1; back <= std::min<std::size_t>(3, v.len); ++back) {
    const auto c = static_cast<unsigned char>(v.data[v.len - back]);
    if ((c & 0xC0) == 0x80) continue;
    const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 1;
    if (len > back) carry_ = len - back;
    return;
  }
}

bool all_ascii(const char* p, std::size_t n) {
  std::size_t i = 0;
#if defined(__SSE2__)
  auto ascii16 = [p](std::size_t at) {
    return _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at))) == 0;
  };
  for (; i + 16 <= n; i += 16)
    if (!ascii16(i)) return false;
  // The last bytes: the line's last sixteen, of which those before i are ASCII already.
  if (n >= 16) return ascii16(n - 16);
#endif
  for (std::uint64_t w = 0; i + 8 <= n; i += 8) {
    std::memcpy(&w, p + i, 8);
    if ((w & 0x8080808080808080ull) != 0) return false;
  }
  for (; i < n; ++i)
    if ((static_cast<unsigned char>(p[i]) & 0x80) != 0) return false;
  return true;
}

}  // namespace detail

}  // namespace scribe::notation
