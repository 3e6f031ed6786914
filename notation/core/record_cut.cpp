// Cutting a file into segments at certain record starts, for parallel reading (cut_file,
// split_file in record.hpp), and counting the lines of a segment.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "notation/core/record.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::notation {

namespace detail {

namespace {

// Lines longer than this never start a segment, and a longer blank line does not count as
// blank before one (both are rare, and looking at them would cost time).
constexpr std::size_t kLongestCandidate = std::size_t{1} << 16;

// Sixteen bytes, for counting line endings sixteen at a time (GCC and Clang vectors).
using Bytes16 = unsigned char __attribute__((vector_size(16)));
// What comparing two Bytes16 gives: -1 in each byte that compares true, 0 in the others.
using Mask16 = decltype(std::declval<Bytes16>() == std::declval<Bytes16>());

// Returns how many lines end in p[0, n): every LF and CR, except the LF of a CRLF (also of one
// whose CR is the byte before p, when `cr_before`). Looks at each byte and the one after it.
std::uint64_t count_mixed_line_ends_in(const char* p, std::size_t n, bool cr_before) {
  std::uint64_t ends = 0;
  std::size_t i = n > 0 && cr_before && p[0] == '\n' ? 1 : 0;
  const Bytes16 lf = Bytes16{} + '\n', cr = Bytes16{} + '\r';
  // Each byte of `count` counts the endings in its lane, at most 127 of them.
  while (i + 17 <= n) {
    Mask16 count{};
    for (int k = 0; k < 127 && i + 17 <= n; ++k, i += 16) {
      Bytes16 x, next;
      std::memcpy(&x, p + i, 16);
      std::memcpy(&next, p + i + 1, 16);
      count += ((x == lf) | ((x == cr) & ~(next == lf))) & 1;
    }
    for (int b = 0; b < 16; ++b) ends += static_cast<std::uint64_t>(count[b]);
  }
  for (; i < n; ++i) {
    if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n') ++i;
    if (is_eol(p[i])) ++ends;
  }
  return ends;
}

// count_mixed_line_ends_in(), first counting only the LFs and noting whether a CR appears: most
// files have none, and then the LFs are the answer, at half the cost per byte (a segment's lines
// are counted before it is read, so this pass is on validate's path with several jobs).
std::uint64_t count_line_ends_in(const char* p, std::size_t n, bool cr_before) {
  const Bytes16 lf = Bytes16{} + '\n', cr = Bytes16{} + '\r';
  std::uint64_t lfs = 0;
  Bytes16 crs{};  // non-zero in a lane that saw a CR
  std::size_t i = 0;
  while (i + 16 <= n) {
    // Each byte of `count` counts the LFs in its lane, at most 255 of them (a true comparison
    // is 0xFF: subtracting it adds one).
    Bytes16 count{};
    const std::size_t steps = std::min<std::size_t>(255, (n - i) / 16);
    for (std::size_t k = 0; k < steps; ++k, i += 16) {
      Bytes16 x;
      std::memcpy(&x, p + i, 16);
      count -= reinterpret_cast<Bytes16>(x == lf);
      crs |= reinterpret_cast<Bytes16>(x == cr);
    }
    for (int b = 0; b < 16; ++b) lfs += count[b];
  }
  bool any_cr = false;
  for (int b = 0; b < 16; ++b) any_cr = any_cr || crs[b] != 0;
  for (; i < n; ++i) {
    lfs += p[i] == '\n' ? 1 : 0;
    any_cr = any_cr || p[i] == '\r';
  }
  if (any_cr) return count_mixed_line_ends_in(p, n, cr_before);
  return lfs - (n > 0 && cr_before && p[0] == '\n' ? 1 : 0);
}

// Reads a regular file through a small window, for looking at the few lines around the places
// where a file is cut (cutting reads a few KiB per cut, not the whole file).
class FileWindow {
 public:
  FileWindow(int fd, std::uint64_t size) : fd_(fd), size_(size) {}

  // The file's size (smaller when a read found the file shorter or failed).
  std::uint64_t size() const { return size_; }
  // Whether a read failed.
  bool failed() const { return failed_; }

  // The bytes [pos, pos + n) when the window holds them all, else nothing.
  std::optional<std::string_view> held(std::uint64_t pos, std::uint64_t n) const {
    if (pos < start_ || pos + n > start_ + len_) return std::nullopt;
    return std::string_view(buf_.get() + (pos - start_), static_cast<std::size_t>(n));
  }
  // Where the window's bytes start in the file.
  std::uint64_t start() const { return start_; }
  // Gives up the window's bytes (the window is empty after).
  std::unique_ptr<char[]> take() {
    len_ = cap_ = 0;
    start_ = 0;
    return std::move(buf_);
  }

  // Returns the bytes from `pos`: at least n of them (fewer only at the end of the file), and
  // as many more as the window holds. Valid until the next call.
  std::string_view get(std::uint64_t pos, std::size_t n) {
    if (pos >= size_) return {};
    n = static_cast<std::size_t>(std::min<std::uint64_t>(n, size_ - pos));
    const std::uint64_t held_end = start_ + len_;
    if (pos < start_ || pos + n > held_end) {
      const auto want = static_cast<std::size_t>(
          std::min<std::uint64_t>(std::max(n, kMinRead), size_ - pos));
      if (want > cap_) {  // not zeroed: the read fills what is used
        buf_.reset(new char[want]);
        cap_ = want;
      }
      const ssize_t got = read_at(fd_, buf_.get(), want, pos);
      failed_ = failed_ || got < 0;
      len_ = got < 0 ? 0 : static_cast<std::size_t>(got);
      start_ = pos;
      if (len_ < want) size_ = pos + len_;  // the file shrank, or a read failed
    }
    return std::string_view(buf_.get() + (pos - start_), len_ - static_cast<std::size_t>(pos - start_));
  }

 private:
  static constexpr std::size_t kMinRead = std::size_t{16} << 10;
  int fd_;
  std::uint64_t size_;
  std::uint64_t start_ = 0;  // the file offset of buf_[0]
  std::unique_ptr<char[]> buf_;
  std::size_t len_ = 0, cap_ = 0;  // bytes held, bytes allocated
  bool failed_ = false;
};

// Returns where the line after the one holding byte `from` starts (the file's size when there
// is none): after the first LF or CR from `from` on, a CRLF counting as one ending.
std::uint64_t skip_line(FileWindow& w, std::uint64_t from) {
  for (std::uint64_t pos = from;;) {
    const std::string_view v = w.get(pos, 1);
    if (v.empty()) return w.size();
    const std::size_t e = find_eol(v.data(), 0, v.size());
    if (e == v.size()) {
      pos += v.size();
      continue;
    }
    const std::uint64_t next = pos + e + 1;
    if (v[e] != '\r') return next;
    const std::string_view after = e + 1 < v.size() ? v.substr(e + 1) : w.get(next, 1);
    return next + (!after.empty() && after[0] == '\n' ? 1 : 0);
  }
}

// One line of the file, as cutting sees it.
struct LineAt {
  std::uint64_t next = 0;  // where the next line starts (the file's size after the last line)
  bool short_line = false;  // at most kLongestCandidate bytes: `text` holds it
  bool ended = false;       // it has a line ending (the file's last line may have none)
  std::string_view text;    // the line without its ending (valid until the next read)

  // Whether the line is a well-formed tag line that cutting may look at (a last line without
  // an ending is not looked at).
  bool tag_line() const {
    return short_line && ended && !text.empty() && text[0] == '[' && well_formed_tag_line(text);
  }
  // Whether the line is blank (and short).
  bool blank() const { return short_line && std::all_of(text.begin(), text.end(), is_blank); }
};

// Returns the line that starts at byte `at` (below the file's size).
LineAt line_at(FileWindow& w, std::uint64_t at) {
  std::string_view v = w.get(at, 1);
  std::size_t e = find_eol(v.data(), 0, v.size());
  // The ending (or the LF after a CR) may lie beyond the window: look again with room for the
  // longest line that matters.
  if (e + 1 >= v.size() && at + v.size() < w.size()) {
    v = w.get(at, kLongestCandidate + 2);
    e = find_eol(v.data(), 0, v.size());
  }
  LineAt line;
  if (e > kLongestCandidate) {
    line.next = skip_line(w, at + e);
    return line;
  }
  line.short_line = true;
  line.text = v.substr(0, e);
  line.next = at + e;
  line.ended = e < v.size();
  if (line.ended) line.next += (v[e] == '\r' && e + 1 < v.size() && v[e + 1] == '\n') ? 2 : 1;
  return line;
}

// Whether the line before the line that starts at `at` is blank (and short); `text_begin` is
// where the file's first line starts (after a byte order mark), `at` lies after it.
bool line_before_is_blank(FileWindow& w, std::uint64_t at, std::uint64_t text_begin) {
  // Looks back `back` bytes: true or false when that decides it, nothing when it does not.
  auto look_back = [&](std::uint64_t back) -> std::optional<bool> {
    const std::uint64_t from = at - std::min(back, at - text_begin);
    const std::string_view v = w.get(from, static_cast<std::size_t>(at - from));
    if (v.size() < at - from) return false;  // a read failed
    std::size_t i = static_cast<std::size_t>(at - from) - 1;  // the ending's last byte
    if (v[i] == '\n' && i > 0 && v[i - 1] == '\r') --i;
    const std::size_t line_end = i;
    for (; i > 0; --i) {
      if (is_eol(v[i - 1])) return line_end - i <= kLongestCandidate;
      if (!is_blank(v[i - 1])) return false;
    }
    if (from == text_begin) return line_end <= kLongestCandidate;
    return std::nullopt;
  };
  if (const auto blank = look_back(512)) return *blank;
  return look_back(kLongestCandidate + 3).value_or(false);
}

// Returns where the file's first well-formed tag line starts, or the file's size.
std::uint64_t first_tag_line(FileWindow& w, std::uint64_t text_begin) {
  for (std::uint64_t at = text_begin; at < w.size();) {
    const LineAt line = line_at(w, at);
    if (line.tag_line()) return at;
    at = line.next;
  }
  return w.size();
}

// Returns the first certain record start at or after byte `from` (the file's size when there
// is none): a well-formed tag line after a blank line, after the file's first tag line (at
// `first_tag`; from then on a record is always open, and a blank line ends its tags or
// movetext).
std::uint64_t record_start_from(FileWindow& w, std::uint64_t from, std::uint64_t first_tag,
                                std::uint64_t text_begin) {
  from = std::max(from, first_tag + 1);
  if (from >= w.size()) return w.size();
  std::uint64_t at = skip_line(w, from - 1);  // the first line that starts at `from` or after
  bool blank_before = at < w.size() && line_before_is_blank(w, at, text_begin);
  while (at < w.size()) {
    const LineAt line = line_at(w, at);
    if (blank_before && line.tag_line()) return at;
    blank_before = line.blank();
    at = line.next;
  }
  return w.size();
}

// A file opened for cutting, closed when it goes out of scope.
class CutFile {
 public:
  explicit CutFile(const std::filesystem::path& path)
      : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~CutFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  CutFile(const CutFile&) = delete;
  CutFile& operator=(const CutFile&) = delete;

  // The descriptor (negative when the file could not be opened).
  int fd() const { return fd_; }
  // The file's size, or nothing when it could not be opened or looked at.
  std::optional<std::uint64_t> size() const {
    struct stat st {};
    if (fd_ < 0 || ::fstat(fd_, &st) != 0) return std::nullopt;
    return static_cast<std::uint64_t>(st.st_size);
  }

 private:
  int fd_;
};

// What a file's head says for cutting it: where its text starts (after a byte order mark) and
// where its first well-formed tag line starts; nothing for a UTF-16 or UTF-32 file, which is
// not cut (bad bytes do not matter here: record boundaries are found in the bytes, C10).
struct CutHead {
  std::uint64_t text_begin = 0;
  std::uint64_t first_tag = 0;
};
std::optional<CutHead> read_cut_head(FileWindow& w) {
  const std::string_view head = w.get(0, kWideHead).substr(0, kWideHead);
  if (wide_encoding_problem(head)) return std::nullopt;
  CutHead h;
  h.text_begin = has_bom(head) ? 3 : 0;
  h.first_tag = first_tag_line(w, h.text_begin);
  return h;
}

}  // namespace

}  // namespace detail

std::optional<std::vector<FileSegment>> cut_file(const std::filesystem::path& path,
                                                 std::uint64_t target) {
  const detail::CutFile file(path);
  const auto size = file.size();
  if (!size) return std::nullopt;
  detail::FileWindow w(file.fd(), *size);
  const auto head = detail::read_cut_head(w);
  if (!head) return std::nullopt;
  std::vector<FileSegment> out{FileSegment{head->text_begin, 0, 1}};
  for (;;) {
    const std::uint64_t from =
        out.back().begin + std::max<std::uint64_t>(1, std::min(target, w.size()));
    const std::uint64_t start =
        detail::record_start_from(w, from, head->first_tag, head->text_begin);
    if (start >= w.size()) break;
    out.back().end = start;
    out.push_back(FileSegment{start, 0, 0});
  }
  out.back().end = w.size();
  if (w.failed()) return std::nullopt;
  return out;
}

std::uint64_t count_line_ends(std::string_view text) {
  return detail::count_line_ends_in(text.data(), text.size(), false);
}

std::optional<GridCut> plan_grid_cut(const std::filesystem::path& path, std::uint64_t piece) {
  const detail::CutFile file(path);
  const auto size = file.size();
  if (!size) return std::nullopt;
  detail::FileWindow w(file.fd(), *size);
  const auto head = detail::read_cut_head(w);
  if (!head || w.failed()) return std::nullopt;
  GridCut cut;
  cut.text_begin = head->text_begin;
  cut.first_tag = head->first_tag;
  cut.size = w.size();
  const std::uint64_t text = cut.size - std::min(cut.size, cut.text_begin);
  const std::uint64_t segments =
      std::max<std::uint64_t>(1, text / std::max<std::uint64_t>(1, piece));
  cut.segments = static_cast<std::size_t>(segments);
  // The text shared evenly (the last segment holds fewer than `segments` bytes more than the
  // others): with the step asked for, it held the rest besides its own step, up to twice the
  // others, and the worker that read it finished last, alone.
  cut.piece = std::max<std::uint64_t>(1, text / segments);
  return cut;
}

std::optional<FileProblem> read_grid_segment(const std::filesystem::path& path,
                                             const GridCut& cut, std::size_t k,
                                             SegmentText* out) {
  const detail::CutFile file(path);
  if (file.fd() < 0) return detail::io_problem("cannot open", errno);
  detail::FileWindow w(file.fd(), cut.size);
  const std::uint64_t from = cut.text_begin + k * cut.piece;
  const bool last = k + 1 >= cut.segments;
  const std::uint64_t to = last ? cut.size : from + cut.piece;
  // One read covers the segment and the lines that decide its ends: the line before a grid
  // point (a blank line there) and the lines after the next one up to a record start, which
  // is usually within a record's length (else the window reads there, and the segment is read
  // again below).
  constexpr std::uint64_t kBefore = 1024, kAfter = std::uint64_t{8} << 10;
  const std::uint64_t lo = from > kBefore ? from - kBefore : 0;
  const std::uint64_t hi = last ? cut.size : std::min(cut.size, to + kAfter + cut.piece / 8);
  if (hi > lo) w.get(lo, static_cast<std::size_t>(hi - lo));
  const std::uint64_t begin =
      k == 0 ? cut.text_begin : detail::record_start_from(w, from, cut.first_tag, cut.text_begin);
  const std::uint64_t end = std::max(
      begin, last ? w.size() : detail::record_start_from(w, to, cut.first_tag, cut.text_begin));
  out->segment = FileSegment{begin, end, k == 0 ? 1u : 0u};
  bool failed = w.failed();
  const auto n = static_cast<std::size_t>(end - begin);
  if (!failed && w.held(begin, n)) {
    const auto at = static_cast<std::size_t>(begin - w.start());
    out->buffer = w.take();
    out->text = std::string_view(out->buffer.get() + at, n);
  } else if (!failed) {
    out->buffer.reset(new char[std::max<std::size_t>(n, 1)]);
    const ssize_t got = n == 0 ? 0 : detail::read_at(file.fd(), out->buffer.get(), n, begin);
    failed = got < 0 || static_cast<std::size_t>(got) < n;
    out->text = std::string_view(out->buffer.get(), n);
  }
  if (failed) return detail::io_problem("cannot read", errno != 0 ? errno : EIO);
  return std::nullopt;
}

std::optional<std::uint64_t> count_line_ends(const std::filesystem::path& path,
                                             std::uint64_t begin, std::uint64_t end) {
  const detail::CutFile file(path);
  if (file.fd() < 0) return std::nullopt;
  constexpr std::size_t kChunk = std::size_t{1} << 18;
  std::unique_ptr<char[]> buf(new char[kChunk]);
  std::uint64_t ends = 0;
  bool cr_before = false;  // the byte before the chunk is a CR
  std::uint64_t pos = begin;
  while (pos < end) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, end - pos));
    const ssize_t got = detail::read_at(file.fd(), buf.get(), want, pos);
    if (got <= 0) break;
    const char* p = buf.get();
    const auto n = static_cast<std::size_t>(got);
    ends += detail::count_line_ends_in(p, n, cr_before);
    cr_before = p[n - 1] == '\r';
    pos += n;
  }
  if (pos < end) return std::nullopt;
  return ends;
}

std::optional<std::vector<FileSegment>> split_file(const std::filesystem::path& path,
                                                   std::uint64_t target) {
  auto segments = cut_file(path, target);
  if (!segments) return std::nullopt;
  std::uint64_t line = 1;
  for (FileSegment& seg : *segments) {
    seg.first_line = static_cast<std::uint32_t>(line);
    const auto ends = count_line_ends(path, seg.begin, seg.end);
    if (!ends) return std::nullopt;
    line += *ends;
  }
  return segments;
}

}  // namespace scribe::notation
