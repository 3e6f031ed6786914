// The record container reader (record-format.md): the public RecordReader, which feeds the
// lines of an input to the Builder (record_builder.hpp: movetext in record_builder.cpp, tag
// lines in record_tag_line.cpp, both read with the PEGTL rules of record_grammar.hpp).
//
// How it works:
// - open_file()/open_text() look at the first bytes for UTF-16 and UTF-32 (the file is then
//   unreadable, C10). Every line is checked for bad bytes (invalid UTF-8, NUL) as it is read,
//   with an ASCII fast path of eight bytes at a time; a line with one is handed on as a copy
//   with each bad byte replaced by one byte 0x1A, so record boundaries, offsets and columns are
//   those of the bytes, and the record that takes the line gets record.encoding at its first.
// - LineSource (record_input.hpp, with the UTF-8 checker and the other byte-level helpers)
//   cuts the input into lines (LF, CRLF or a lone CR). This splitter is written by
//   hand: it is simpler and faster than a grammar for it. It reads with read() into a buffer
//   from which consumed lines are dropped, so memory is bounded by the longest line; a line
//   longer than the record limit comes in fragments.
// - The Builder decides for each line whether it starts a new record (record-format.md,
//   "Where a record starts"), parses tag lines and movetext lines with PEGTL, keeps comments
//   at their plies, and appends the line to the record's text. A record larger than the limit
//   keeps its tags and gets one record.limit diagnostic; the rest of its text is skipped, its
//   boundaries still tracked.
#include "notation/core/record.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "notation/core/record_builder.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::notation {

using namespace detail;  // the Builder (record_builder.hpp) and the byte level

// ---------------------------------------------------------------- public API

struct RecordReader::Impl {
  explicit Impl(std::string display_name) : name(std::move(display_name)) {}

  // Forgets the previous input.
  void reset() {
    reading = opened = false;
    count = 0;
    first_seen = false;
    first_line.clear();
    cleaner.reset();
    builder.forget_input();
    orphan.reset();
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
  std::string source_encoding;       // --encoding, when the input is a converted copy
  LineCleaner cleaner;               // bad bytes out of lines
  std::optional<Diagnostic> orphan;  // a bad byte in a file without records
};

RecordReader::RecordReader(std::string display_name)
    : impl_(std::make_unique<Impl>(std::move(display_name))) {}

RecordReader::~RecordReader() = default;

void RecordReader::set_max_record_bytes(std::uint64_t n) {
  impl_->max_record = std::max<std::uint64_t>(n, 1);
}

void RecordReader::set_source_encoding(std::string encoding) {
  impl_->source_encoding = std::move(encoding);
  impl_->cleaner.set_converted(!impl_->source_encoding.empty());
}

void RecordReader::set_max_token_bytes(std::uint64_t n) {
  impl_->builder.set_max_token(static_cast<std::size_t>(std::max<std::uint64_t>(n, 1)));
}

std::optional<FileProblem> RecordReader::open_text(std::string text) {
  impl_->reset();
  if (auto problem = wide_encoding_problem(std::string_view(text).substr(0, kWideHead)))
    return problem;
  const std::size_t skip = has_bom(text) ? 3 : 0;
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
  if (!S_ISREG(st.st_mode)) {
    // A pipe or a device cannot be read twice: read it whole, then read it as text.
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::unique_ptr<char[]> buf(new char[kChunk]);
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
  // The first bytes tell UTF-16 and UTF-32 (and the byte order mark).
  char head[kWideHead];
  const ssize_t n = read_at(fd, head, sizeof head, 0);
  if (n < 0) return fail("cannot read", errno);
  const std::string_view got(head, static_cast<std::size_t>(n));
  if (auto problem = wide_encoding_problem(got)) {
    ::close(fd);
    return problem;
  }
  const std::size_t skip = has_bom(got) ? 3 : 0;
  impl_->source.reset(fd, skip, static_cast<std::uint64_t>(st.st_size));
  impl_->start(skip);
  return std::nullopt;
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

void RecordReader::open_segment_text(std::string_view text, const FileSegment& segment) {
  impl_->reset();
  impl_->source.reset_view(text, segment.begin, segment.first_line);
  impl_->start(segment.begin, segment.first_line);
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
    std::size_t bad = 0;
    if (r.builder.offer(r.cleaner.clean(v, bad))) {
      Record done = r.builder.finish(r.name, ++r.count);
      r.builder.begin(v.offset, v.line, r.max_record);
      return done;
    }
    if (bad < v.len && !r.builder.spoiled()) {
      const std::uint32_t col = v.col_base + 1 + count_chars(std::string_view(v.data, bad));
      r.builder.note_encoding(
          encoding_diagnostic(v.text(), bad, v.line, col, v.offset + bad, r.source_encoding));
    }
    r.source.consume(v);
    r.cleaner.consumed(v);
  }
  r.reading = false;
  if (r.builder.started()) return r.builder.finish(r.name, ++r.count);
  r.orphan = r.builder.take_encoding();
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
  // A bad byte in those comments belongs to no record (C10): the file still gets only
  // record.no-records at 1:1, whose message names the byte and where it stands.
  if (r.orphan) {
    std::string detail = r.orphan->message;
    const std::string_view kReplay = "; the record is not replayed";
    if (const std::size_t at = detail.find(kReplay); at != std::string::npos)
      detail.erase(at, kReplay.size());
    d.message = "the file holds no record, only blank lines and comments; at line " +
                std::to_string(r.orphan->span.line) + ", column " +
                std::to_string(r.orphan->span.col) + ": " + detail;
    substitute_bad_bytes(d.source_line.data(), d.source_line.size());
    show_substitutes(d.source_line);
  }
  return problem;
}

const Tag* Record::find_tag(std::string_view tag_name) const {
  for (const auto& t : tags)
    if (t.name == tag_name) return &t;
  return nullptr;
}

std::vector<std::string> Record::players() const {
  std::vector<std::string> out;
  for (int n = 1; n <= 4; ++n)
    if (const Tag* t = find_tag("Player" + std::to_string(n))) {
      out.resize(static_cast<std::size_t>(n));
      out.back() = t->value;
    }
  return out;
}

std::string_view Record::source_line(std::uint32_t wanted) const {
  if (wanted < first_line) return {};
  const std::string_view all(text);
  // Line ends are found sixteen bytes at a time (detail::find_eol), not with find_first_of,
  // which calls memchr once per byte: a warning on the last line of a long record (a Savoya
  // record's mutual pin) walked the whole record that way.
  std::size_t pos = 0;
  for (std::uint32_t n = first_line; n < wanted; ++n) {
    const std::size_t eol = detail::find_eol(all.data(), pos, all.size());
    if (eol == all.size()) return {};
    pos = eol + (all[eol] == '\r' && eol + 1 < all.size() && all[eol + 1] == '\n' ? 2 : 1);
  }
  if (pos >= all.size()) return {};
  return all.substr(pos, detail::find_eol(all.data(), pos, all.size()) - pos);
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
