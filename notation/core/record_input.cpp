// The byte level of reading an input (record_input.hpp), and split_file(): cutting a large
// file into segments at certain record starts, for parallel reading.
#include "notation/core/record_input.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace scribe::notation {

namespace detail {

std::size_t find_eol(const char* b, std::size_t from, std::size_t limit) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
  std::size_t i = from;
  for (std::uint64_t w = 0; i + 8 <= limit; i += 8) {
    std::memcpy(&w, b + i, 8);
    const std::uint64_t lf = w ^ (kOnes * '\n'), cr = w ^ (kOnes * '\r');
    if ((((lf - kOnes) & ~lf) | ((cr - kOnes) & ~cr)) & kHighs) break;
  }
  while (i < limit && !is_eol(b[i])) ++i;
  return i;
}

std::size_t utf8_char_len(const unsigned char* p, std::size_t n) {
  const unsigned char c = p[0];
  if (c != 0 && c < 0x80) return 1;
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
    return 0;
  }
  if (n < len || p[1] < lo || p[1] > hi) return 0;
  for (std::size_t i = 2; i < len; ++i)
    if ((p[i] & 0xC0) != 0x80) return 0;
  return len;
}

FileProblem encoding_problem(const Locator& at, std::uint64_t bad, bool nul,
                             std::string_view line_text, std::size_t bad_in_line) {
  FileProblem problem;
  problem.unreadable = true;
  Diagnostic& d = problem.diagnostic;
  d.code = "record.encoding";
  if (nul) {
    d.message = "the file holds a NUL byte; none of its records is read";
  } else {
    static const char* kHex = "0123456789ABCDEF";
    const unsigned char byte =
        bad_in_line < line_text.size() ? static_cast<unsigned char>(line_text[bad_in_line]) : 0;
    d.message = std::string("the file is not valid UTF-8 (byte 0x") + kHex[byte >> 4] +
                kHex[byte & 15] + " here); none of its records is read";
  }
  d.span = SourceSpan{at.line, at.col, bad, 1};
  const std::size_t keep = std::min(bad_in_line, line_text.size());
  d.source_line.assign(line_text.substr(0, keep));
  const auto* p = reinterpret_cast<const unsigned char*>(line_text.data());
  for (std::size_t i = keep; i < line_text.size();) {
    const std::size_t len = utf8_char_len(p + i, line_text.size() - i);
    if (len == 0) {
      d.source_line += kReplacementChar;
      ++i;
    } else {
      d.source_line.append(line_text.substr(i, len));
      i += len;
    }
  }
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

bool all_ascii(const char* p, std::size_t n) {
  std::size_t i = 0;
  for (std::uint64_t w = 0; i + 8 <= n; i += 8) {
    std::memcpy(&w, p + i, 8);
    if ((w & 0x8080808080808080ull) != 0) return false;
  }
  for (; i < n; ++i)
    if ((static_cast<unsigned char>(p[i]) & 0x80) != 0) return false;
  return true;
}

}  // namespace detail

std::optional<std::vector<FileSegment>> split_file(const std::filesystem::path& path,
                                                   std::uint64_t target) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  constexpr std::size_t kLongestCandidate = std::size_t{1} << 16;
  std::vector<FileSegment> out(1);
  std::unique_ptr<char[]> buf(new char[kChunk]);
  std::string carry;         // the start of a line that goes on in the next chunk
  bool carry_long = false;   // that line is longer than kLongestCandidate: never a candidate
  bool prev_blank = false;   // the line before is blank
  bool seen_tags = false;    // a well-formed tag line has been read
  bool prev_cr = false;      // the last byte read was a CR (a CRLF is one line ending)
  std::uint32_t line_no = 1;
  std::uint64_t line_start = 0, pos = 0;
  detail::Utf8Checker check;
  // One whole line (without its ending) that starts at byte `start`.
  auto take_line = [&](std::string_view text, bool too_long, std::uint64_t start) {
    const bool blank = !too_long && std::all_of(text.begin(), text.end(), detail::is_blank);
    if (!too_long && !text.empty() && text[0] == '[') {
      if (detail::well_formed_tag_line(text)) {
        if (seen_tags && prev_blank && start - out.back().begin >= target) {
          out.back().end = start;
          out.push_back(FileSegment{start, 0, line_no});
        }
        seen_tags = true;
      }
    }
    prev_blank = blank;
  };
  // Keeps a piece of a line that crosses a chunk boundary (only its first bytes matter).
  auto keep = [&](const char* from, std::size_t len) {
    if (carry_long) return;
    carry.append(from, std::min(len, kLongestCandidate + 1 - carry.size()));
    carry_long = carry.size() > kLongestCandidate;
  };
  bool ok = true;
  for (;;) {
    const ssize_t got = detail::read_at(fd, buf.get(), kChunk, pos);
    if (got < 0) ok = false;
    if (got <= 0) break;
    const char* p = buf.get();
    const auto n = static_cast<std::size_t>(got);
    if (!check.feed(p, n)) {
      ok = false;
      break;
    }
    std::size_t i = 0;
    if (pos == 0 && detail::has_bom(std::string_view(p, std::min<std::size_t>(n, 3)))) {
      i = 3;
      out.front().begin = line_start = 3;
    }
    if (prev_cr && i < n && p[i] == '\n') line_start = pos + ++i;  // the LF of a CRLF
    prev_cr = false;
    while (i < n) {
      // The line ends at the first LF or CR (memchr is much faster than a byte loop).
      const void* lf = std::memchr(p + i, '\n', n - i);
      std::size_t e = lf != nullptr ? static_cast<std::size_t>(static_cast<const char*>(lf) - p) : n;
      if (const void* cr = std::memchr(p + i, '\r', e - i))
        e = static_cast<std::size_t>(static_cast<const char*>(cr) - p);
      if (e == n) {  // the line goes on in the next chunk
        keep(p + i, n - i);
        break;
      }
      if (carry.empty() && !carry_long) {
        take_line(std::string_view(p + i, e - i), e - i > kLongestCandidate, line_start);
      } else {
        keep(p + i, e - i);
        take_line(carry, carry_long, line_start);
        carry.clear();
        carry_long = false;
      }
      ++line_no;
      i = e + 1;
      if (p[e] == '\r') {
        if (i < n && p[i] == '\n') ++i;
        else if (i == n) prev_cr = true;
      }
      line_start = pos + i;
    }
    pos += n;
  }
  ::close(fd);
  if (!ok || !check.finish()) return std::nullopt;
  out.back().end = pos;
  return out;
}

}  // namespace scribe::notation
