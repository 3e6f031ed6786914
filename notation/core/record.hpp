// The record container shared by all games (record-format.md): tags, movetext, rolls,
// comments, move numbers, several records per file, and the reader that hands them out one at a
// time from a bounded buffer.
//
// The reader knows syntax only. It does not know which game a record is, so it leaves to the
// replay (engine/core/replay.hpp) everything that needs the game: move-number styles (C5), rolls
// in games without dice, tag meanings.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/core/source.hpp"

namespace scribe::notation {

// One well-formed `[Name "value"]` tag. A malformed tag is not listed (its record gets a
// record.bad-tag), but the reader still uses what it could read of its name for the rule that a
// repeated tag name starts a new record.
struct Tag {
  std::string name;        // as written (case kept)
  std::string value;       // unescaped
  SourceSpan span;         // the whole `[...]`
  SourceSpan name_span;    // the name
  SourceSpan value_span;   // the value between the quotes (len 0 if empty: col still points there)
};

// A chance roll written before a ply: `(3-5)`. `text` is what stands between the parentheses.
// A roll keeps its own copy, short enough to need no allocation: the stray rolls of a record
// over the size limit outlive the part of its text that the record keeps.
struct Roll {
  std::string text;
  SourceSpan span;  // including the parentheses
};

// One movetext token that is a ply (one player's turn). Its text, the token as written, is
// Record::text_of(ply): a ply holds only where it stands, so reading a record makes no string
// per ply (a Soccolot record has hundreds of short plies).
struct Ply {
  // Sets each member to its default. Written out, not `= default`, so that a ply made in place
  // (std::vector::emplace_back) is not first cleared whole: GCC clears its bytes with
  // `rep stos`, which cost more than the rest of reading a Soccolot ply.
  Ply() {}

  SourceSpan span;           // the token
  std::uint32_t bytes = 0;   // bytes of the token (span.len counts characters)
  std::optional<Roll> roll;  // the roll written directly before it, if any
};

// A roll not directly followed by a ply: one of two rolls in a row, or a roll at the end of the
// movetext. What it means is the game's business (the replay reports it).
struct StrayRoll {
  Roll roll;
  int before_ply = 0;  // the ply that follows it (1-based; plies.size() + 1 when none does)
};

// A move number `12.` or `12...` standing before ply `before_ply` (1-based).
struct MoveNumber {
  std::uint32_t value = 0;   // the number
  bool ellipsis = false;     // written with "..."
  int before_ply = 0;        // the ply it stands before
  SourceSpan span;           // the whole number with its dots
};

// A comment of a record: `{ ... }` (it may span lines) or `;` to the end of its line, with the
// place where it stands among the plies, so that a rewrite can keep it there and a drawing can
// read annotations such as `{[%cal Gb2b4] [%csl Rc3]}` from it.
struct Comment {
  // What stands between `{` and `}` (the lines of a comment that spans lines joined by "\n",
  // whatever their line endings), or after `;` up to the end of its line; as written.
  std::string text;
  bool braced = true;        // `{...}`; false for a `;` comment
  bool closed = true;        // false for a `{` never closed (record.unclosed-comment)
  int after_ply = 0;         // the plies before it: 0 before the first ply, N after ply N
  bool before_tags = false;  // it stands above the record's first tag line and movetext
  SourceSpan span;           // from its `{` or `;` to its end, or to the end of its first line
};

// One record: its identity, tags, movetext and the container diagnostics that need no game.
struct Record {
  std::string file;          // the file name as reported (e.g. "corpus/druid/valid/001.rec")
  int index = 0;             // 1-based index of the record in its file
  std::uint32_t line = 0;    // line of its first tag, or of its first movetext when it has none
  std::uint64_t offset = 0;  // byte offset in the file where the record's text starts

  std::vector<Tag> tags;
  std::vector<Ply> plies;
  std::vector<MoveNumber> move_numbers;
  std::vector<StrayRoll> stray_rolls;  // in text order
  std::vector<Comment> comments;       // in text order; none in a record over the size limit

  // Diagnostics at the tags (record.bad-tag; record.limit for a record over the size limit,
  // which then keeps only its tags; record.encoding at the record's first bad byte, wherever it
  // stands, C10), in text order. ply is unset. Each diagnostic here keeps the record from
  // being replayed (C1). In a record with a bad byte, each bad byte reads as U+FFFD in tag
  // values and diagnostics, and as the byte 0x1A in `text`, plies and rolls, so offsets and
  // columns stay those of the file.
  std::vector<Diagnostic> tag_diagnostics;
  // Whether the record.encoding of tag_diagnostics stands after the tags (not on a tag line):
  // a report then puts it among the movetext's diagnostics, in text order (C2).
  bool encoding_in_movetext = false;
  // Diagnostics of the movetext that need no game (record.bad-token for a stray `}`, an
  // unclosed `(`, a move number with no ply after it, a malformed move number;
  // record.unclosed-comment; record.limit for a token over 1 MiB), in text order.
  // ply is unset.
  std::vector<Diagnostic> movetext_diagnostics;

  // The record's own text, from `offset`, starting at line `first_line`.
  std::string text;
  std::uint32_t first_line = 1;

  // The token of a ply of this record, as written (a view of `text`).
  std::string_view text_of(const Ply& ply) const {
    return {text.data() + (ply.span.offset - offset), ply.bytes};
  }

  // Returns the first tag with exactly this name, or nullptr.
  const Tag* find_tag(std::string_view name) const;
  // Returns the Player1..Player4 tag values by seat (index 0 = Player1), up to the last seat
  // with a tag; a seat without a tag is an empty string.
  std::vector<std::string> players() const;
  // Returns the text of source line `line` (1-based, file numbering) without its line ending,
  // or an empty view when the line is not inside this record.
  std::string_view source_line(std::uint32_t line) const;
};

// A problem with a whole file: it cannot be read (record.io), it is UTF-16 or UTF-32
// (record.encoding at 1:1), or it holds no record (record.no-records; record.encoding instead
// when a bad byte stands in the comments or blank lines of a file with no record).
struct FileProblem {
  Diagnostic diagnostic;
  bool unreadable = false;  // true for record.io and a UTF-16/32 file
};

// A byte that --encoding could not convert stands in the converted UTF-8 text as three bytes
// that are never UTF-8: this mark, then 0x80 | its high four bits, then 0x80 | its low four
// bits. A reader told the source encoding (set_source_encoding) names the byte in its
// record.encoding.
constexpr unsigned char kUnconvertibleMark = 0xFF;

// A stretch of a regular file for one worker (parallel validation): it starts at the file's
// start or at a line that certainly starts a record, and ends where the next stretch starts.
struct FileSegment {
  std::uint64_t begin = 0;       // byte offset of its first line
  std::uint64_t end = 0;         // byte offset one past its last byte
  std::uint32_t first_line = 1;  // the line number of `begin` (0 from cut_file: not counted)
};

// Cuts a regular file into segments of at least `target` bytes, reading only the lines near
// the cuts. Bad bytes do not move record boundaries (C10), so they do not matter here.
// A cut is made only where the serial reader certainly starts a record: before a well-formed
// tag line that follows a blank line, once a well-formed tag line has been read earlier (from
// then on a record is always open, and a blank line ends its tags or movetext); each cut is
// the first such place at least `target` bytes after the previous one. So reading the segments
// one by one gives exactly the records of reading the whole file. A file with no such place is
// one segment. The first segment's first_line is 1, the others' 0: count_line_ends gives them
// (workers count their own segments at once). Returns nothing when the file cannot be read or
// is UTF-16 or UTF-32 (RecordReader::open_file then says why).
std::optional<std::vector<FileSegment>> cut_file(const std::filesystem::path& path,
                                                 std::uint64_t target);

// Returns how many lines end in bytes [begin, end) of a file (LF, CR and CRLF each end one;
// `end` must not split a CRLF), or nothing when the bytes cannot be read.
std::optional<std::uint64_t> count_line_ends(const std::filesystem::path& path,
                                             std::uint64_t begin, std::uint64_t end);

// Returns how many lines end in `text` (LF, CR and CRLF each end one; it must not end inside a
// CRLF).
std::uint64_t count_line_ends(std::string_view text);

// A file cut on a grid, each worker finding its own segment's ends (read_grid_segment), so
// that nothing reads the file serially before the workers start: segment k runs from the first
// certain record start (as cut_file() says) at or after grid point text_begin + k * piece to
// the one at or after the next grid point (the text's start for k = 0, the file's end for the
// last one). A segment may be empty (a record longer than the piece); reading segments 0..n-1
// one by one gives exactly the records of reading the whole file.
struct GridCut {
  std::uint64_t size = 0;        // the file's size when the cut was planned
  std::uint64_t text_begin = 0;  // where its text starts (after a byte order mark)
  std::uint64_t first_tag = 0;   // where its first well-formed tag line starts (or size)
  std::uint64_t piece = 1;       // the grid's step
  std::size_t segments = 1;      // how many segments (the grid points below size, with 0)
};

// Plans a grid cut of a regular file into segments of about `piece` (> 0) bytes, reading only
// its head (up to its first tag line). Nothing when the file cannot be read or is UTF-16 or
// UTF-32 (RecordReader::open_file then says why).
std::optional<GridCut> plan_grid_cut(const std::filesystem::path& path, std::uint64_t piece);

// The bytes of one segment of a grid cut, read at once.
struct SegmentText {
  FileSegment segment;    // its place; first_line is 1 for segment 0, else 0 (not counted)
  std::string_view text;  // its bytes, inside `buffer`
  std::unique_ptr<char[]> buffer;
};

// Finds segment k of `cut` (k < cut.segments) and reads its bytes into `out`, reading the file
// once around the segment (a little before it and after it, where its ends are looked for).
// Returns the problem when the file cannot be read (record.io).
std::optional<FileProblem> read_grid_segment(const std::filesystem::path& path,
                                             const GridCut& cut, std::size_t k,
                                             SegmentText* out);

// cut_file() with every segment's first_line counted (serially).
std::optional<std::vector<FileSegment>> split_file(const std::filesystem::path& path,
                                                   std::uint64_t target);

// Reads the records of one input, one at a time, from a bounded buffer.
//
// Usage:
//   RecordReader reader("games.rec");
//   if (auto problem = reader.open_file(path)) { ...report, skip the file... }
//   while (auto record = reader.next()) { ... }
//   if (auto problem = reader.finish()) { ...no records... }
class RecordReader {
 public:
  // Creates a reader whose records report `display_name` as their file.
  explicit RecordReader(std::string display_name);
  ~RecordReader();
  RecordReader(const RecordReader&) = delete;
  RecordReader& operator=(const RecordReader&) = delete;

  // Opens a file. Returns the problem that makes it unreadable (record.io; record.encoding for
  // a UTF-16 or UTF-32 file), if any. A bad byte (invalid UTF-8, NUL) spoils only its record:
  // that record gets record.encoding among its tag_diagnostics (C10) and is not replayed.
  std::optional<FileProblem> open_file(const std::filesystem::path& path);
  // Same for text already in memory (standard input, tests).
  std::optional<FileProblem> open_text(std::string text);
  // Opens one segment of a file (from split_file) without looking for UTF-16/32 again. Records
  // are numbered from 1 within the segment; lines and offsets are the file's.
  std::optional<FileProblem> open_segment(const std::filesystem::path& path,
                                          const FileSegment& segment);

  // Opens one segment already read into memory (read_grid_segment): `text` holds bytes
  // [segment.begin, segment.end) of the file and must outlive the reading; line numbers start at
  // segment.first_line. Records are numbered from 1 within the segment.
  void open_segment_text(std::string_view text, const FileSegment& segment);

  // Returns the next record, or nothing at the end of the input.
  std::optional<Record> next();

  // After next() returned nothing: the record.no-records problem when the input held no record.
  std::optional<FileProblem> finish() const;

  // Says that the input is a UTF-8 copy converted from `encoding` (--encoding): a byte that the
  // conversion could not convert is then named as such in its record.encoding.
  void set_source_encoding(std::string encoding);

  // Largest record size (bytes) the reader accepts; a larger record is reported, not held.
  void set_max_record_bytes(std::uint64_t n);
  // Longest single token (bytes, default 1 MiB); a longer one is reported (record.limit) and
  // skipped.
  void set_max_token_bytes(std::uint64_t n);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads every record of `text` (a whole file's contents) at once; for tests and small inputs.
// `problem` receives the file problem, if any.
std::vector<Record> read_records(std::string_view display_name, std::string text,
                                 std::optional<FileProblem>* problem = nullptr);

}  // namespace scribe::notation
