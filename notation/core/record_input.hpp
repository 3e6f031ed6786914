// Internal to the record reader (record*.cpp): the byte level of reading an
// input: UTF-8 checking (bad bytes out of lines, UTF-16/32), line and column counting, the line
// splitter and bounded reads. Not part of scribe_notation's interface; nothing here knows PEGTL
// or the record grammar.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "notation/core/record.hpp"

namespace scribe::notation::detail {

constexpr std::size_t kReadChunk = std::size_t{1} << 18;
constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

inline bool is_eol(char c) { return c == '\n' || c == '\r'; }

// Returns the index of the first '\n' or '\r' in b[from, limit), or limit; eight bytes at a time.
std::size_t find_eol(const char* b, std::size_t from, std::size_t limit);

// Returns the length (1-4) of the valid UTF-8 character at p (n bytes available), or 0 when
// the bytes there are not a character; a NUL byte is not one either.
std::size_t utf8_char_len(const unsigned char* p, std::size_t n);

// The byte that stands in a line's copy for each bad byte (an invalid UTF-8 byte or a NUL),
// so the record grammar and the offsets see one ordinary byte there (ASCII SUB).
constexpr char kSubstitute = '\x1A';

// Returns the index of the first bad byte in p[from, n): a byte that does not start a valid
// UTF-8 character there (the first byte of a broken character, a stray continuation byte),
// or a NUL byte; n when there is none. A character cut short by the end (n) is bad unless
// `cut_ok`: then a valid start of a character in the last bytes is not bad either.
std::size_t first_bad_byte(const char* p, std::size_t n, std::size_t from = 0, bool cut_ok = false);

// Replaces every bad byte of p[from, n) by kSubstitute (same rules as first_bad_byte).
void substitute_bad_bytes(char* p, std::size_t n, std::size_t from = 0, bool cut_ok = false);

// Replaces every kSubstitute in `s` by U+FFFD, so text shown to people is valid UTF-8.
void show_substitutes(std::string& s);

// Makes the record.encoding diagnostic for the bad byte `bad` bytes into `line` (the raw line,
// or the fragment of it, that the reader holds), at column `col`. `source_encoding` is the
// encoding given with --encoding when the text was converted (then a byte iconv could not
// convert stands as the marker of kUnconvertibleMark), or empty.
Diagnostic encoding_diagnostic(std::string_view line, std::size_t bad, std::uint32_t line_no,
                               std::uint32_t col, std::uint64_t offset,
                               std::string_view source_encoding);

// The problem of a UTF-16 or UTF-32 file (record-format.md C10), if `head` (the first bytes of
// the file) starts with the byte order mark of one, or its first line has NUL in every second
// byte (UTF-16) or three of every four (UTF-32).
std::optional<FileProblem> wide_encoding_problem(std::string_view head);

// How many bytes of a file wide_encoding_problem() looks at.
constexpr std::size_t kWideHead = 4096;

// The record.io problem with the operating system's reason.
FileProblem io_problem(std::string_view what, int err);

// Whether `head` starts with a UTF-8 byte order mark.
bool has_bom(std::string_view head);

// Reads up to n bytes at `offset` (retrying short reads); returns the bytes read, -1 on error.
ssize_t read_at(int fd, char* out, std::size_t n, std::uint64_t offset);

// ---------------------------------------------------------------- lines

// One line of input without its line ending, or a fragment of a line longer than the limit.
struct LineView {
  const char* data = nullptr;
  std::size_t len = 0;         // bytes of text
  std::size_t ending = 0;      // bytes of the line ending: 0, 1 or 2
  std::uint64_t offset = 0;    // file offset of data[0]
  std::uint32_t line = 1;      // 1-based line number
  std::uint32_t col_base = 0;  // characters of the line before data[0] (fragments)
  bool starts_line = true;     // data[0] is the first character of its line
  bool ends_line = true;       // false for a fragment that the rest of its line follows

  std::string_view text() const { return {data, len}; }
};

// Hands out the lines of a file or a string. A view stays valid until the next peek().
class LineSource {
 public:
  LineSource() = default;
  LineSource(const LineSource&) = delete;
  LineSource& operator=(const LineSource&) = delete;
  ~LineSource() { close(); }

  // Reads lines from `text`, starting at byte `skip` (after a byte order mark).
  void reset(std::string text, std::size_t skip) {
    close();
    owned_ = std::move(text);
    data_ = owned_.data();
    begin_ = skip;
    end_ = owned_.size();
    eof_ = true;
    rewind_counters();
  }
  // Reads lines from `text`, which is not copied and must outlive the reading: bytes
  // [base, base + text.size()) of a file whose byte `base` starts line `first_line`.
  void reset_view(std::string_view text, std::uint64_t base, std::uint32_t first_line) {
    close();
    owned_.clear();
    data_ = text.data();
    begin_ = 0;
    end_ = text.size();
    base_ = base;
    eof_ = true;
    rewind_counters();
    line_ = first_line;
  }
  // Reads lines from the open file `fd` (which this source closes), from byte `skip` up to
  // byte `size` (what the encoding check read: bytes appended since are not read).
  void reset(int fd, std::uint64_t skip, std::uint64_t size, std::uint32_t first_line = 1) {
    close();
    owned_.clear();
    fd_ = fd;
    cap_ = kReadChunk;
    buf_.reset(new char[cap_]);
    data_ = buf_.get();
    begin_ = end_ = 0;
    base_ = skip;
    read_offset_ = skip;
    read_end_ = size;
    eof_ = false;
    rewind_counters();
    line_ = first_line;
  }

  // Shows the next line (at most max_len bytes of it) without consuming it; false at the end.
  bool peek(LineView& v, std::size_t max_len) {
    for (;;) {
      const char* b = data_ + begin_;
      const std::size_t avail = end_ - begin_;
      const std::size_t limit = std::min(avail, max_len);
      const std::size_t i = find_eol(b, scanned_, limit);
      if (i < limit) {
        std::size_t ending = 1;
        if (b[i] == '\r' && i + 1 < avail) {
          ending = b[i + 1] == '\n' ? 2 : 1;
        } else if (b[i] == '\r' && !eof_) {
          scanned_ = i;
          fill(max_len);
          continue;
        }
        return make(v, i, ending, true);
      }
      scanned_ = limit;
      if (avail >= max_len) return make(v, max_len, 0, false);
      if (eof_) return avail > 0 && make(v, avail, 0, true);
      fill(max_len);
    }
  }

  // Consumes the line last shown by peek().
  void consume(const LineView& v) {
    begin_ += v.len + v.ending;
    scanned_ = 0;
    if (v.ends_line) {
      ++line_;
      col_base_ = 0;
      starts_line_ = true;
    } else {
      col_base_ += count_chars(v.text());
      starts_line_ = false;
    }
  }

 private:
  void rewind_counters() {
    line_ = 1;
    col_base_ = 0;
    starts_line_ = true;
    scanned_ = 0;
  }
  bool make(LineView& v, std::size_t len, std::size_t ending, bool ends_line) const {
    v.data = data_ + begin_;
    v.len = len;
    v.ending = ending;
    v.offset = base_ + begin_;
    v.line = line_;
    v.col_base = col_base_;
    v.starts_line = starts_line_;
    v.ends_line = ends_line;
    return true;
  }
  // Reads more of the file, first dropping consumed bytes or growing the buffer if full.
  void fill(std::size_t max_len) {
    if (fd_ < 0) {
      eof_ = true;
      return;
    }
    if (begin_ > 0 && (end_ == cap_ || begin_ >= cap_ / 2)) {
      std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
      base_ += begin_;
      end_ -= begin_;
      begin_ = 0;
    }
    if (end_ == cap_) {
      // A line longer than the buffer: double, but near the fragment size go straight to what
      // one fragment needs (max_len plus a read), so no second copy of a large buffer follows.
      const std::size_t bigger_cap =
          std::max(cap_ + kReadChunk, cap_ * 4 > max_len ? max_len + kReadChunk : cap_ * 2);
      std::unique_ptr<char[]> bigger(new char[bigger_cap]);
      std::memcpy(bigger.get(), buf_.get(), end_);
      buf_ = std::move(bigger);
      cap_ = bigger_cap;
    }
    data_ = buf_.get();
    // pread from our own offset: the encoding check already moved the file position.
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(cap_ - end_, read_end_ - read_offset_));
    const ssize_t n = want == 0 ? 0 : read_at(fd_, buf_.get() + end_, want, read_offset_);
    if (n <= 0) {
      eof_ = true;
      close();
      return;
    }
    end_ += static_cast<std::size_t>(n);
    read_offset_ += static_cast<std::uint64_t>(n);
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  std::string owned_;
  std::unique_ptr<char[]> buf_;
  const char* data_ = nullptr;
  std::size_t cap_ = 0, begin_ = 0, end_ = 0, scanned_ = 0;
  std::uint64_t base_ = 0, read_offset_ = 0, read_end_ = 0;
  int fd_ = -1;
  bool eof_ = true;
  std::uint32_t line_ = 1, col_base_ = 0;
  bool starts_line_ = true;
};

// Takes bad bytes out of the lines a LineSource hands out (C10): a line with one is handed on
// as a copy with each bad byte replaced by kSubstitute, so record boundaries, offsets and
// columns stay those of the bytes. A character cut by the end of a fragment of a long line is
// not bad: the next fragment finishes it.
class LineCleaner {
 public:
  // Forgets the previous input.
  void reset() { carry_ = 0; }
  // Says whether the text was converted with --encoding (it may then hold the marks of
  // unconvertible bytes, record.hpp).
  void set_converted(bool converted) { converted_ = converted; }
  // Returns `v` itself, or a copy (valid until the next call) with its bad bytes replaced;
  // `bad` receives the index of the first bad byte, or v.len.
  LineView clean(const LineView& v, std::size_t& bad);
  // Notes that `v` was consumed (for a character that the next fragment finishes).
  void consumed(const LineView& v);

 private:
  std::string scratch_;
  std::size_t carry_ = 0;  // bytes of a cut character at the start of the next fragment
  bool converted_ = false;
};

// Returns true when the n bytes at p are all ASCII.
bool all_ascii(const char* p, std::size_t n);

// Gives the columns of increasing positions along one line (of `len` bytes from `start`).
class ColumnCounter {
 public:
  ColumnCounter(const char* start, std::size_t len, std::uint32_t first_col)
      : start_(start),
        pos_(start),
        col_(first_col),
        first_col_(first_col),
        ascii_(all_ascii(start, len)) {}
  // Returns the column of p; p must not lie before the previous query.
  std::uint32_t at(const char* p) {
    if (ascii_) return first_col_ + static_cast<std::uint32_t>(p - start_);
    for (; pos_ < p; ++pos_)
      if ((static_cast<unsigned char>(*pos_) & 0xC0) != 0x80) ++col_;
    return col_;
  }

 private:
  const char* start_;
  const char* pos_;
  std::uint32_t col_, first_col_;
  bool ascii_;
};


// Whether `line` (without its ending) is a well-formed tag line (record_tag_line.cpp: the PEGTL
// grammar).
bool well_formed_tag_line(std::string_view line);

}  // namespace scribe::notation::detail
