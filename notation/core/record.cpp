// The record container reader (record-format.md) and the one PEGTL translation unit of the
// container: tag lines and the items of a movetext line are read with record_grammar.hpp.
//
// How it works:
// - open_file()/open_text() check the encoding of the whole input first (Utf8Checker, with an
//   ASCII fast path of eight bytes at a time): one bad byte makes the input unreadable before
//   any record is handed out. A regular file is then read a second time for its records.
// - LineSource cuts the input into lines (LF, CRLF or a lone CR). This splitter is written by
//   hand: it is simpler and faster than a grammar for it. It reads with read() into a buffer
//   from which consumed lines are dropped, so memory is bounded by the longest line; a line
//   longer than the record limit comes in fragments.
// - The reader (Impl) decides for each line whether it starts a new record (record-format.md,
//   "Where a record starts"), parses tag lines and movetext lines with PEGTL, and appends the
//   line to the record's text. A record larger than the limit keeps its tags and gets one
//   record.limit diagnostic; the rest of its text is skipped, its boundaries still tracked.
#include "notation/core/record.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unordered_set>
#include <utility>

#include "notation/core/record_grammar.hpp"

namespace scribe::notation {

namespace {

namespace pegtl = tao::pegtl;
namespace g = record_grammar;

constexpr std::uint64_t kDefaultMaxRecordBytes = 64ull << 20;
constexpr std::size_t kMaxTokenBytes = std::size_t{1} << 20;
constexpr std::size_t kReadChunk = std::size_t{1} << 18;
constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

using LineInput = pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf, const char*>;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

bool is_eol(char c) { return c == '\n' || c == '\r'; }

// Returns the index of the first '\n' or '\r' in b[from, limit), or limit; eight bytes at a time.
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

// Returns the length (1-4) of the valid UTF-8 character at p (n bytes available), or 0 when
// the bytes there are not a character; a NUL byte is not one either.
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

// Checks UTF-8 chunk by chunk. Finds the first bad byte: the first byte that is not part of
// the longest valid prefix (the first byte of a broken character), or the first NUL byte.
class Utf8Checker {
 public:
  // Checks the next n bytes; returns false once a bad byte was found.
  bool feed(const char* data, std::size_t n) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
    const auto* p = reinterpret_cast<const unsigned char*>(data);
    std::size_t i = 0;
    while (i < n) {
      const unsigned char c = p[i];
      if (need_ > 0) {
        if (c < lo_ || c > hi_) return fail(start_);
        lo_ = 0x80;
        hi_ = 0xBF;
        --need_;
        ++i;
        continue;
      }
      if (c != 0 && c < 0x80) {
        ++i;
        // Skip runs of ASCII without NUL eight bytes at a time.
        for (std::uint64_t w = 0; i + 8 <= n; i += 8) {
          std::memcpy(&w, p + i, 8);
          if (((w | ((w - kOnes) & ~w)) & kHighs) != 0) break;
        }
        continue;
      }
      start_ = pos_ + i;
      if (c == 0) {
        nul_ = true;
        return fail(start_);
      }
      lo_ = 0x80;
      hi_ = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) {
        need_ = 1;
      } else if (c >= 0xE0 && c <= 0xEF) {
        need_ = 2;
        if (c == 0xE0) lo_ = 0xA0;
        if (c == 0xED) hi_ = 0x9F;
      } else if (c >= 0xF0 && c <= 0xF4) {
        need_ = 3;
        if (c == 0xF0) lo_ = 0x90;
        if (c == 0xF4) hi_ = 0x8F;
      } else {
        return fail(start_);
      }
      ++i;
    }
    pos_ += n;
    return true;
  }
  // Ends the input: a character cut short by the end is bad at its first byte.
  bool finish() { return need_ == 0 || fail(start_); }
  // The file offset of the bad byte, once found.
  std::optional<std::uint64_t> bad() const { return bad_; }
  // True when the bad byte is a NUL.
  bool nul() const { return nul_; }

 private:
  bool fail(std::uint64_t at) {
    bad_ = at;
    return false;
  }
  std::uint64_t pos_ = 0, start_ = 0;
  int need_ = 0;
  unsigned char lo_ = 0x80, hi_ = 0xBF;
  bool nul_ = false;
  std::optional<std::uint64_t> bad_;
};

// Counts lines and columns over the bytes before a place (all of them valid UTF-8).
struct Locator {
  std::uint32_t line = 1, col = 1;
  std::uint64_t pos = 0, line_start = 0;
  bool prev_cr = false;

  void feed(const char* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i, ++pos) {
      const char c = data[i];
      if (c == '\n' || c == '\r') {
        if (c == '\r' || !prev_cr) ++line;
        col = 1;
        line_start = pos + 1;
        prev_cr = c == '\r';
      } else {
        prev_cr = false;
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++col;
      }
    }
  }
};

// Makes the record.encoding problem. `line_text` is the raw text of the bad byte's line, whose
// bad byte stands `bad_in_line` bytes in; bytes from there on that are not UTF-8 are shown as
// U+FFFD, so the caret still lines up.
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

// The record.io problem with the operating system's reason.
FileProblem io_problem(std::string_view what, int err) {
  FileProblem problem;
  problem.unreadable = true;
  problem.diagnostic.code = "record.io";
  problem.diagnostic.message = std::string(what) + ": " + std::strerror(err);
  return problem;
}

bool has_bom(std::string_view head) { return head.substr(0, 3) == "\xEF\xBB\xBF"; }

// Reads up to n bytes at `offset` (retrying short reads); returns the bytes read, -1 on error.
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

// Returns true when the n bytes at p are all ASCII.
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

// ---------------------------------------------------------------- tag lines

// One tag of a tag line, by byte positions in the line.
struct RawTag {
  std::size_t begin = 0, end = 0, name_begin = 0, name_end = 0, value_begin = 0, value_end = 0;
};

// What parsing one tag line found.
struct TagLineParse {
  std::vector<RawTag> tags;        // the well-formed tags
  std::vector<std::string> names;  // every name read, a malformed tag's included
  g::TagError error = g::TagError::kNone;
  std::size_t error_at = 0;         // byte of the failure in the line
  std::size_t error_tag_begin = 0;  // byte of the `[` of the malformed tag

  bool well_formed() const { return error == g::TagError::kNone; }
};

// Thrown by TagControl::raise and caught in parse_tag_line: never leaves this file.
struct TagFailure {};

// Parse state of the tag grammar's actions.
struct TagState {
  const char* line;
  TagLineParse& out;
  RawTag current;
};

template <typename Rule>
struct TagAction : pegtl::nothing<Rule> {};

template <>
struct TagAction<g::tag_open> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current = RawTag{};
    st.current.begin = static_cast<std::size_t>(in.begin() - st.line);
  }
};

template <>
struct TagAction<g::tag_name> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current.name_begin = static_cast<std::size_t>(in.begin() - st.line);
    st.current.name_end = st.current.name_begin + in.size();
    st.out.names.emplace_back(in.begin(), in.size());
  }
};

template <>
struct TagAction<g::value_text> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current.value_begin = static_cast<std::size_t>(in.begin() - st.line);
    st.current.value_end = st.current.value_begin + in.size();
  }
};

template <>
struct TagAction<g::tag> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, TagState& st) {
    st.current.end = static_cast<std::size_t>(in.end() - st.line);
    st.out.tags.push_back(st.current);
  }
};

// Records which must<> failed, and where, instead of building a pegtl::parse_error.
template <typename Rule>
struct TagControl : pegtl::normal<Rule> {
  template <typename ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, TagState& st) {
    st.out.error = g::kTagError<Rule>;
    st.out.error_at = static_cast<std::size_t>(in.current() - st.line);
    st.out.error_tag_begin = st.current.begin;
    throw TagFailure{};
  }
};

// Parses a line that begins with `[` into `out` (whose vectors are reused).
void parse_tag_line(std::string_view line, TagLineParse& out) {
  out.tags.clear();
  out.names.clear();
  out.error = g::TagError::kNone;
  TagState st{line.data(), out, {}};
  LineInput in(line.data(), line.data() + line.size(), "");
  try {
    pegtl::parse<g::tag_line, TagAction, TagControl>(in, st);
  } catch (const TagFailure&) {
  } catch (const pegtl::parse_error&) {
    out.error = g::TagError::kTextAfterTags;  // not reached: every must<> is in the table
  }
}

// Returns the value of a well-formed tag with its escapes resolved.
std::string unescape(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size()) ++i;
    out += raw[i];
  }
  return out;
}

// Returns the byte length of the character at byte `at` of `line` (0 at the end).
std::size_t char_len(std::string_view line, std::size_t at) {
  if (at >= line.size()) return 0;
  const auto* c = reinterpret_cast<const unsigned char*>(line.data() + at);
  return std::max<std::size_t>(1, utf8_char_len(c, line.size() - at));
}

// Returns the message of a malformed tag line.
std::string tag_error_message(const TagLineParse& p, std::string_view line) {
  const std::string name =
      p.names.empty() || p.tags.size() == p.names.size() ? std::string() : p.names.back();
  const std::size_t at = std::min(p.error_at, line.size());
  switch (p.error) {
    case g::TagError::kNoName:
      return "malformed tag: '[' must be followed by a tag name (letters, digits and _)";
    case g::TagError::kBadNameChar:
      return "malformed tag: '" + std::string(line.substr(at, char_len(line, at))) +
             "' cannot stand in a tag name (letters, digits and _ only)";
    case g::TagError::kNoOpenQuote:
      return "malformed tag: the value of tag " + name + " must be in double quotes";
    case g::TagError::kBadEscape:
      if (at < line.size())
        return "malformed tag: '\\" + std::string(line.substr(at, char_len(line, at))) +
               "' in the value of tag " + name + " is not an escape (only \\\" and \\\\ are)";
      [[fallthrough]];
    case g::TagError::kNoCloseQuote:
      return "malformed tag: the value of tag " + name + " has no closing quote";
    case g::TagError::kNoCloseBracket:
      return "malformed tag: expected ']' after the value of tag " + name;
    case g::TagError::kTextAfterTags:
    case g::TagError::kNone:
      break;
  }
  return "text after the tags on a tag line";
}

}  // namespace

// ---------------------------------------------------------------- records

namespace {

class Builder;

// The actions of the movetext grammar: each item goes to the Builder (specialized below it).
template <typename Rule>
struct MoveAction : pegtl::nothing<Rule> {};

// What the movetext actions need: the builder, the line and its column counter.
struct MoveState {
  Builder& builder;
  const LineView& line;
  ColumnCounter columns;
};

// Builds one record from its lines: decides where records start, reads tags and movetext, and
// collects the container diagnostics.
class Builder {
 public:
  // Sets the longest token accepted (bytes); a longer one is reported and skipped.
  void set_max_token(std::size_t n) { max_token_ = n; }

  // Starts a new record whose text begins at `offset` on line `line`.
  void begin(std::uint64_t offset, std::uint32_t line, std::uint64_t max_record) {
    cur_ = Record{};
    cur_.offset = offset;
    cur_.first_line = line;
    max_record_ = max_record;
    has_tags_ = has_movetext_ = separated_ = overflow_ = false;
    in_comment_ = skip_rest_of_line_ = anchored_ = false;
    head_len_ = 0;
    names_.clear();
    pending_roll_.reset();
  }

  // True once the record holds a tag line or movetext (and so is a record).
  bool started() const { return has_tags_ || has_movetext_; }

  // Takes the next line: returns true, without taking it, when the line starts a new record.
  bool offer(const LineView& v) {
    if (v.starts_line) skip_rest_of_line_ = false;
    const TagLineParse* tags = tag_line_of(v);
    if (tags != nullptr && in_comment_) {
      in_comment_ = false;
      if (!overflow_)
        add(cur_.movetext_diagnostics, "record.unclosed-comment",
            "unclosed comment: this '{' is never closed before the next tag line (line " +
                std::to_string(v.line) + ")",
            comment_open_);
    }
    if (tags != nullptr && started()) {
      bool repeats = has_movetext_ || separated_;
      for (const auto& n : tags->names) repeats = repeats || (!n.empty() && names_.count(n) > 0);
      if (repeats) return true;
    }
    if (!overflow_ && v.offset + v.len + v.ending - cur_.offset > max_record_) start_overflow();
    bool head_line = false;
    if (tags != nullptr) {
      take_tag_line(v, *tags);
      head_line = true;
    } else if (!v.starts_line && skip_rest_of_line_) {
      // The rest of a long tag line, `;` comment or unclosed `(`.
    } else if (in_comment_) {
      if (const void* close = std::memchr(v.data, '}', v.len)) {
        in_comment_ = false;
        head_line = scan(v, static_cast<const char*>(close) + 1);
      }
    } else if (v.starts_line && std::all_of(v.data, v.data + v.len, is_blank)) {
      if (has_tags_) separated_ = true;
    } else {
      head_line = scan(v, v.data);
    }
    if (!overflow_) {
      cur_.text.append(v.data, v.len + v.ending);
      if (head_line) head_len_ = cur_.text.size();
    }
    return false;
  }

  // Ends the record (at a new record or the end of the input) and hands it out.
  Record finish(const std::string& file, int index) {
    if (overflow_) {
      add(cur_.tag_diagnostics, "record.limit",
          "record is larger than the " + std::to_string(max_record_) +
              "-byte limit; raise it with --max-record-bytes",
          SourceSpan{anchor_.line, anchor_.col, anchor_.offset, 1});
    } else {
      if (in_comment_)
        add(cur_.movetext_diagnostics, "record.unclosed-comment",
            "unclosed comment: this '{' is never closed before the end of the file", comment_open_);
      if (pending_roll_) stray_pending_roll();
      for (const auto& mn : cur_.move_numbers)
        if (mn.before_ply > static_cast<int>(cur_.plies.size()))
          add(cur_.movetext_diagnostics, "record.bad-token",
              "move number '" + cur_.text.substr(mn.span.offset - cur_.offset, mn.span.len) +
                  "' has no ply after it",
              mn.span);
    }
    auto by_offset = [](const Diagnostic& a, const Diagnostic& b) {
      return a.span.offset < b.span.offset;
    };
    std::stable_sort(cur_.tag_diagnostics.begin(), cur_.tag_diagnostics.end(), by_offset);
    std::stable_sort(cur_.movetext_diagnostics.begin(), cur_.movetext_diagnostics.end(), by_offset);
    for (auto* list : {&cur_.tag_diagnostics, &cur_.movetext_diagnostics})
      for (auto& d : *list) d.source_line.assign(cur_.source_line(d.span.line));
    cur_.file = file;
    cur_.index = index;
    expected_plies_ = std::clamp<std::size_t>(cur_.plies.size(), 16, 1024);
    Record out = std::move(cur_);
    begin(0, 1, max_record_);
    return out;
  }

  // ---- Movetext items, called by MoveAction

  // A `;` comment, or a `{...}` comment closed on its line.
  void comment(MoveState& s, bool to_end_of_line) {
    if (has_tags_) separated_ = true;
    if (to_end_of_line && !s.line.ends_line) skip_rest_of_line_ = true;
  }
  // A `{` whose comment goes on past the line.
  void open_comment(MoveState& s, const char* at) {
    comment(s, false);
    in_comment_ = true;
    comment_open_ = span(s, at, at + 1);
  }
  // A roll `(...)` closed on its line.
  void roll(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_ || too_long(sp, e - b)) return;
    if (pending_roll_) stray_pending_roll();
    pending_roll_ = Roll{std::string(b + 1, e - 1), sp};
  }
  // The pending roll is not followed by a ply: keep it for the replay to judge.
  void stray_pending_roll() {
    cur_.stray_rolls.push_back(
        StrayRoll{std::move(*pending_roll_), static_cast<int>(cur_.plies.size()) + 1});
    pending_roll_.reset();
  }
  // A `(` not closed on its line: junk to the end of the line.
  void unclosed_roll(MoveState& s, const char* b, const char* e) {
    if (!s.line.ends_line) skip_rest_of_line_ = true;
    while (e > b + 1 && is_blank(e[-1])) --e;
    const SourceSpan sp = movetext(s, b, e);
    if (!overflow_)
      add(cur_.movetext_diagnostics, "record.bad-token",
          "unclosed '(': no ')' follows on this line; the rest of the line is skipped", sp);
  }
  // A `}` outside a comment.
  void stray_brace(MoveState& s, const char* b) {
    const SourceSpan sp = movetext(s, b, b + 1);
    if (!overflow_)
      add(cur_.movetext_diagnostics, "record.bad-token", "stray '}' outside a comment", sp);
  }
  // A move number `12.` or `12...`.
  void move_number(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_) return;
    const char* p = b;
    std::uint64_t value = 0;
    for (; *p != '.'; ++p) value = std::min<std::uint64_t>(value * 10 + (*p - '0'), 1ull << 40);
    if (value > UINT32_MAX) {
      add(cur_.movetext_diagnostics, "record.bad-token",
          "move number '" + std::string(b, e) + "' is too large", sp);
      return;
    }
    if (cur_.move_numbers.empty()) cur_.move_numbers.reserve(expected_plies_);
    cur_.move_numbers.push_back(MoveNumber{static_cast<std::uint32_t>(value), e - p == 3,
                                           static_cast<int>(cur_.plies.size()) + 1, sp});
  }
  // Digits with a wrong number of dots.
  void bad_move_number(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_) return;
    const std::string_view digits(b, static_cast<std::size_t>(std::find(b, e, '.') - b));
    add(cur_.movetext_diagnostics, "record.bad-token",
        "malformed move number '" + std::string(b, e) + "': write " + std::string(digits) +
            ". or " + std::string(digits) + "...",
        sp);
  }
  // A ply token.
  void ply(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = movetext(s, b, e);
    if (overflow_ || too_long(sp, e - b)) return;
    if (cur_.plies.empty()) cur_.plies.reserve(expected_plies_);
    Ply& p = cur_.plies.emplace_back();
    p.text.assign(b, static_cast<std::size_t>(e - b));
    p.span = sp;
    if (pending_roll_) {
      p.roll.emplace(std::move(*pending_roll_));
      pending_roll_.reset();
    }
  }

 private:
  // Returns the parsed tag line when v is one: a line beginning with `[` outside a comment, or
  // a well-formed tag line inside one. A fragment of a too long line is never well-formed.
  const TagLineParse* tag_line_of(const LineView& v) {
    if (!v.starts_line || v.len == 0 || v.data[0] != '[') return nullptr;
    if (parsed_offset_ != v.offset) {
      parsed_offset_ = v.offset;
      parse_tag_line(v.ends_line ? v.text() : std::string_view(), parsed_);
      if (!v.ends_line) parsed_.error = g::TagError::kTextAfterTags;
    }
    if (in_comment_ && !parsed_.well_formed()) return nullptr;
    return &parsed_;
  }

  void take_tag_line(const LineView& v, const TagLineParse& p) {
    if (!anchored_) {
      anchored_ = true;
      anchor_ = SourceSpan{v.line, 1, v.offset, 1};
      cur_.line = v.line;
    }
    has_tags_ = true;
    for (const auto& n : p.names)
      if (!n.empty()) names_.insert(n);
    if (!v.ends_line) skip_rest_of_line_ = true;
    if (overflow_ || !v.ends_line) return;
    ColumnCounter cols(v.data, v.len, 1);
    auto at = [&](std::size_t byte, std::size_t end) {
      const std::uint32_t col = cols.at(v.data + byte);
      return SourceSpan{v.line, col, v.offset + byte, cols.at(v.data + end) - col};
    };
    for (const RawTag& r : p.tags) {
      Tag& t = cur_.tags.emplace_back();
      t.span = at(r.begin, r.begin);
      t.name_span = at(r.name_begin, r.name_end);
      t.value_span = at(r.value_begin, r.value_end);
      t.span.len = cols.at(v.data + r.end) - t.span.col;
      t.name.assign(v.data + r.name_begin, r.name_end - r.name_begin);
      t.value = unescape(v.text().substr(r.value_begin, r.value_end - r.value_begin));
    }
    if (p.well_formed()) return;
    std::size_t end = v.len;
    while (end > 0 && is_blank(v.data[end - 1])) --end;
    std::size_t begin = p.error_at;
    if (p.error != g::TagError::kTextAfterTags) {
      begin = p.error_tag_begin;
      const std::size_t close = v.text().find(']', p.error_at);
      if (close != std::string_view::npos) end = close + 1;
    }
    add(cur_.tag_diagnostics, "record.bad-tag", tag_error_message(p, v.text()),
        at(begin, std::max(end, begin)));
  }

  // Parses movetext from `from` to the end of the line; returns true when the record's first
  // movetext stands on this line (for a record without tags).
  bool scan(const LineView& v, const char* from);

  SourceSpan span(MoveState& s, const char* b, const char* e) {
    SourceSpan sp;
    sp.line = s.line.line;
    sp.col = s.columns.at(b);
    sp.offset = s.line.offset + static_cast<std::uint64_t>(b - s.line.data);
    sp.len = std::max<std::uint32_t>(1, s.columns.at(e) - sp.col);
    return sp;
  }

  // Notes a movetext item (anything but a comment) and returns its span.
  SourceSpan movetext(MoveState& s, const char* b, const char* e) {
    const SourceSpan sp = span(s, b, e);
    if (!anchored_) {
      anchored_ = true;
      anchor_ = sp;
      cur_.line = sp.line;
    }
    has_movetext_ = true;
    return sp;
  }

  // Reports a token longer than the token limit (record.limit); returns true when it is.
  bool too_long(const SourceSpan& sp, std::ptrdiff_t bytes) {
    if (static_cast<std::size_t>(bytes) <= max_token_) return false;
    add(cur_.movetext_diagnostics, "record.limit",
        "token is longer than the " + std::to_string(max_token_) +
            "-byte limit; it is skipped (raise it with --max-token-bytes)",
        SourceSpan{sp.line, sp.col, sp.offset, 1});
    return true;
  }

  // The record outgrows the limit: keep its head (tag lines), drop its movetext.
  void start_overflow() {
    overflow_ = true;
    std::vector<Ply>().swap(cur_.plies);
    std::vector<MoveNumber>().swap(cur_.move_numbers);
    std::vector<Diagnostic>().swap(cur_.movetext_diagnostics);
    pending_roll_.reset();
    cur_.text.resize(head_len_);
    cur_.text.shrink_to_fit();
  }

  static void add(std::vector<Diagnostic>& list, std::string code, std::string message,
                  const SourceSpan& span) {
    Diagnostic& d = list.emplace_back();
    d.code = std::move(code);
    d.message = std::move(message);
    d.span = span;
    if (d.span.len == 0) d.span.len = 1;
  }

  Record cur_;
  std::uint64_t max_record_ = kDefaultMaxRecordBytes;
  std::size_t max_token_ = kMaxTokenBytes;
  bool has_tags_ = false, has_movetext_ = false, separated_ = false, overflow_ = false;
  bool in_comment_ = false, skip_rest_of_line_ = false, anchored_ = false;
  SourceSpan anchor_, comment_open_;
  std::size_t head_len_ = 0;
  std::size_t expected_plies_ = 16;  // the previous record's ply count, to reserve
  std::unordered_set<std::string> names_;
  std::optional<Roll> pending_roll_;
  std::uint64_t parsed_offset_ = UINT64_MAX;
  TagLineParse parsed_;
};

}  // namespace

namespace {

// Gives one movetext item to the builder with its begin and end.
#define SCRIBE_MOVE_ACTION(rule, call)                       \
  template <>                                                \
  struct MoveAction<g::rule> {                               \
    template <typename ActionInput>                          \
    static void apply(const ActionInput& in, MoveState& s) { \
      [[maybe_unused]] const char* b = in.begin();           \
      [[maybe_unused]] const char* e = in.end();             \
      s.builder.call;                                        \
    }                                                        \
  };
SCRIBE_MOVE_ACTION(line_comment, comment(s, true))
SCRIBE_MOVE_ACTION(brace_comment, comment(s, false))
SCRIBE_MOVE_ACTION(open_comment, open_comment(s, b))
SCRIBE_MOVE_ACTION(roll, roll(s, b, e))
SCRIBE_MOVE_ACTION(unclosed_roll, unclosed_roll(s, b, e))
SCRIBE_MOVE_ACTION(stray_brace, stray_brace(s, b))
SCRIBE_MOVE_ACTION(move_number, move_number(s, b, e))
SCRIBE_MOVE_ACTION(bad_move_number, bad_move_number(s, b, e))
SCRIBE_MOVE_ACTION(ply_token, ply(s, b, e))
#undef SCRIBE_MOVE_ACTION

bool Builder::scan(const LineView& v, const char* from) {
  const bool was_anchored = anchored_;
  MoveState s{*this, v, ColumnCounter(v.data, v.len, v.col_base + 1)};
  LineInput in(from, v.data + v.len, "");
  (void)pegtl::parse<g::movetext_line, MoveAction>(in, s);
  return !was_anchored && anchored_;
}

}  // namespace

// ---------------------------------------------------------------- public API

struct RecordReader::Impl {
  explicit Impl(std::string display_name) : name(std::move(display_name)) {}

  // Forgets the previous input.
  void reset() {
    reading = opened = false;
    count = 0;
    first_seen = false;
    first_line.clear();
  }
  // Starts reading records; the first one begins at `offset` (after a byte order mark) on
  // line `line`.
  void start(std::uint64_t offset, std::uint32_t line = 1) {
    reading = opened = true;
    first_offset = offset;
    builder.begin(offset, line, max_record);
  }
  // The longest line (or fragment) the line source hands out.
  std::size_t max_line() const {
    return static_cast<std::size_t>(std::min<std::uint64_t>(max_record, SIZE_MAX / 4) + 1);
  }

  std::string name;
  std::uint64_t max_record = kDefaultMaxRecordBytes;
  LineSource source;
  Builder builder;
  bool reading = false;  // an input is open and has more lines
  bool opened = false;   // the input opened without a problem
  int count = 0;         // records handed out
  bool first_seen = false;
  std::string first_line;  // the text of line 1, for record.no-records
  std::uint64_t first_offset = 0;
};

RecordReader::RecordReader(std::string display_name)
    : impl_(std::make_unique<Impl>(std::move(display_name))) {}

RecordReader::~RecordReader() = default;

void RecordReader::set_max_record_bytes(std::uint64_t n) {
  impl_->max_record = std::max<std::uint64_t>(n, 1);
}

void RecordReader::set_max_token_bytes(std::uint64_t n) {
  impl_->builder.set_max_token(static_cast<std::size_t>(std::max<std::uint64_t>(n, 1)));
}

std::optional<FileProblem> RecordReader::open_text(std::string text) {
  impl_->reset();
  Utf8Checker check;
  const std::size_t skip = has_bom(text) ? 3 : 0;
  if (!check.feed(text.data(), text.size()) || !check.finish()) {
    const std::uint64_t bad = *check.bad();
    Locator at;
    at.pos = at.line_start = skip;
    at.feed(text.data() + skip, bad - skip);
    const std::string_view rest = std::string_view(text).substr(bad);
    const std::size_t line_end = bad + std::min(rest.find_first_of("\r\n"), rest.size());
    return encoding_problem(at, bad, check.nul(),
                            std::string_view(text).substr(at.line_start, line_end - at.line_start),
                            bad - at.line_start);
  }
  impl_->source.reset(std::move(text), skip);
  impl_->start(skip);
  return std::nullopt;
}

std::optional<FileProblem> RecordReader::open_file(const std::filesystem::path& path) {
  impl_->reset();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_problem("cannot open", errno);
  auto fail = [fd](std::string_view what, int err) {
    ::close(fd);
    return io_problem(what, err);
  };
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail("cannot read", errno);
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  std::unique_ptr<char[]> buf(new char[kChunk]);
  if (!S_ISREG(st.st_mode)) {
    // A pipe or a device cannot be read twice: read it whole, then check it as text.
    std::string text;
    for (;;) {
      ssize_t n = ::read(fd, buf.get(), kChunk);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return fail("cannot read", errno);
      if (n == 0) break;
      text.append(buf.get(), static_cast<std::size_t>(n));
    }
    ::close(fd);
    return open_text(std::move(text));
  }
  // First pass: the encoding of the whole file.
  Utf8Checker check;
  std::string head;
  bool ok = true;
  std::uint64_t size = 0;
  for (;;) {
    const ssize_t n = read_at(fd, buf.get(), kChunk, size);
    if (n < 0) return fail("cannot read", errno);
    if (n == 0) break;
    if (head.size() < 3)
      head.append(buf.get(), std::min<std::size_t>(3, static_cast<std::size_t>(n)));
    if (!check.feed(buf.get(), static_cast<std::size_t>(n))) {
      ok = false;
      break;
    }
    size += static_cast<std::uint64_t>(n);
  }
  const std::size_t skip = has_bom(head) ? 3 : 0;
  if (ok && check.finish()) {
    impl_->source.reset(fd, skip, size);
    impl_->start(skip);
    return std::nullopt;
  }
  // Find the line and column of the bad byte, then read its line.
  const std::uint64_t bad = *check.bad();
  Locator at;
  at.pos = at.line_start = skip;
  for (std::uint64_t offset = skip; offset < bad;) {
    const ssize_t n = read_at(fd, buf.get(), std::min<std::uint64_t>(kChunk, bad - offset), offset);
    if (n <= 0) return fail("cannot read", n < 0 ? errno : EIO);
    at.feed(buf.get(), static_cast<std::size_t>(n));
    offset += static_cast<std::uint64_t>(n);
  }
  std::string line;
  for (std::uint64_t offset = at.line_start; line.size() <= impl_->max_line();) {
    const ssize_t n = read_at(fd, buf.get(), kChunk, offset);
    if (n <= 0) break;
    const std::string_view got(buf.get(), static_cast<std::size_t>(n));
    const std::size_t from =
        offset < bad ? static_cast<std::size_t>(std::min<std::uint64_t>(bad - offset, got.size()))
                     : 0;
    const std::size_t eol = got.find_first_of("\r\n", from);
    line.append(got.substr(0, eol));
    if (eol != std::string_view::npos) break;
    offset += static_cast<std::uint64_t>(n);
  }
  ::close(fd);
  return encoding_problem(at, bad, check.nul(), line,
                          static_cast<std::size_t>(bad - at.line_start));
}

std::optional<FileProblem> RecordReader::open_segment(const std::filesystem::path& path,
                                                      const FileSegment& segment) {
  impl_->reset();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_problem("cannot open", errno);
  impl_->source.reset(fd, segment.begin, segment.end, segment.first_line);
  impl_->start(segment.begin, segment.first_line);
  return std::nullopt;
}

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
  TagLineParse parsed;
  Utf8Checker check;
  // One whole line (without its ending) that starts at byte `start`.
  auto take_line = [&](std::string_view text, bool too_long, std::uint64_t start) {
    const bool blank = !too_long && std::all_of(text.begin(), text.end(), is_blank);
    if (!too_long && !text.empty() && text[0] == '[') {
      parse_tag_line(text, parsed);
      if (parsed.well_formed()) {
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
    const ssize_t got = read_at(fd, buf.get(), kChunk, pos);
    if (got < 0) ok = false;
    if (got <= 0) break;
    const char* p = buf.get();
    const auto n = static_cast<std::size_t>(got);
    if (!check.feed(p, n)) {
      ok = false;
      break;
    }
    std::size_t i = 0;
    if (pos == 0 && has_bom(std::string_view(p, std::min<std::size_t>(n, 3)))) {
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

std::optional<Record> RecordReader::next() {
  Impl& r = *impl_;
  if (!r.reading) return std::nullopt;
  LineView v;
  while (r.source.peek(v, r.max_line())) {
    if (!r.first_seen) {
      r.first_seen = true;
      if (v.ends_line) r.first_line.assign(v.text());
    }
    if (r.builder.offer(v)) {
      Record done = r.builder.finish(r.name, ++r.count);
      r.builder.begin(v.offset, v.line, r.max_record);
      return done;
    }
    r.source.consume(v);
  }
  r.reading = false;
  if (r.builder.started()) return r.builder.finish(r.name, ++r.count);
  return std::nullopt;
}

std::optional<FileProblem> RecordReader::finish() const {
  const Impl& r = *impl_;
  if (!r.opened || r.reading || r.count > 0) return std::nullopt;
  FileProblem problem;
  Diagnostic& d = problem.diagnostic;
  d.code = "record.no-records";
  d.message = "the file holds no record: it is empty or holds only blank lines and comments";
  d.span = SourceSpan{1, 1, r.first_offset, 1};
  d.source_line = r.first_line;
  return problem;
}

const Tag* Record::find_tag(std::string_view tag_name) const {
  for (const auto& t : tags)
    if (t.name == tag_name) return &t;
  return nullptr;
}

std::string_view Record::source_line(std::uint32_t wanted) const {
  if (wanted < first_line) return {};
  const std::string_view all(text);
  std::size_t pos = 0;
  for (std::uint32_t n = first_line; n < wanted; ++n) {
    const std::size_t eol = all.find_first_of("\r\n", pos);
    if (eol == std::string_view::npos) return {};
    pos = eol + (all[eol] == '\r' && eol + 1 < all.size() && all[eol + 1] == '\n' ? 2 : 1);
  }
  if (pos >= all.size()) return {};
  return all.substr(pos, std::min(all.find_first_of("\r\n", pos), all.size()) - pos);
}

std::vector<Record> read_records(std::string_view display_name, std::string text,
                                 std::optional<FileProblem>* problem) {
  std::vector<Record> out;
  RecordReader reader{std::string(display_name)};
  std::optional<FileProblem> p = reader.open_text(std::move(text));
  if (!p) {
    while (auto record = reader.next()) out.push_back(std::move(*record));
    p = reader.finish();
  }
  if (problem != nullptr) *problem = std::move(p);
  return out;
}

}  // namespace scribe::notation
