// Internal to the record reader (record.cpp, record_builder.cpp, record_tag_line.cpp): the
// Builder that makes one record from its lines, and the parse of one tag line. Not part of
// scribe_notation's interface.
//
// The work is cut in three: record_tag_line.cpp reads tag lines (the tag grammar and its
// messages), record_builder.cpp reads movetext and decides where records start and end, and
// record.cpp is the public RecordReader that feeds the Builder line by line.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "notation/core/record.hpp"
#include "notation/core/record_grammar.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::notation::detail {

constexpr std::uint64_t kDefaultMaxRecordBytes = 64ull << 20;
constexpr std::size_t kMaxTokenBytes = std::size_t{1} << 20;

// One tag of a tag line, by byte positions in the line.
struct RawTag {
  std::size_t begin = 0, end = 0, name_begin = 0, name_end = 0, value_begin = 0, value_end = 0;
};

// What parsing one tag line found.
struct TagLineParse {
  std::vector<RawTag> tags;        // the well-formed tags
  std::vector<std::string> names;  // every name read, a malformed tag's included
  record_grammar::TagError error = record_grammar::TagError::kNone;
  std::size_t error_at = 0;         // byte of the failure in the line
  std::size_t error_tag_begin = 0;  // byte of the `[` of the malformed tag

  bool well_formed() const { return error == record_grammar::TagError::kNone; }
};

// Parses a line that begins with `[` into `out` (whose vectors are reused).
void parse_tag_line(std::string_view line, TagLineParse& out);

// Returns the value of a well-formed tag with its escapes resolved.
std::string unescape(std::string_view raw);

// Returns the message of a malformed tag line.
std::string tag_error_message(const TagLineParse& p, std::string_view line);

class Builder;

// What the movetext actions need: the builder, the line and its column counter.
struct MoveState {
  Builder& builder;
  const LineView& line;
  ColumnCounter columns;
};

// Builds one record from its lines: decides where records start, reads tags, movetext and
// comments, and collects the container diagnostics.
class Builder {
 public:
  // Forgets the previous input (its parsed tag line is cached by offset).
  void forget_input() { parsed_offset_ = UINT64_MAX; }

  // Sets the longest token accepted (bytes); a longer one is reported and skipped. A ply or a
  // roll keeps its length in 32 bits, so the limit stays below 4 GiB (a token that long would
  // not fit in memory anyway).
  void set_max_token(std::size_t n) { max_token_ = std::min<std::size_t>(n, UINT32_MAX); }

  // Starts a new record whose text begins at `offset` on line `line`.
  void begin(std::uint64_t offset, std::uint32_t line, std::uint64_t max_record);

  // Notes the first bad byte of the record (C10): record.encoding, made by the caller; later
  // ones add nothing. Notes too whether the bad byte stands after the record's tags, not on a
  // tag line (then C2 reports it among the movetext's diagnostics, in text order).
  void note_encoding(Diagnostic d);
  // True once the record holds a bad byte.
  bool spoiled() const { return encoding_.has_value(); }
  // The record.encoding of a record that never started (bad bytes in comments or blank lines
  // of a file without records), taken away.
  std::optional<Diagnostic> take_encoding() { return std::exchange(encoding_, std::nullopt); }

  // True once the record holds a tag line or movetext (and so is a record).
  bool started() const { return has_tags_ || has_movetext_; }

  // Takes the next line: returns true, without taking it, when the line starts a new record.
  bool offer(const LineView& v);

  // Ends the record (at a new record or the end of the input) and hands it out.
  Record finish(const std::string& file, int index);

  // ---- Movetext items, called by the movetext grammar's actions (b, e: the item's bytes)

  // A `;` comment (to the end of its line), or a `{...}` comment closed on its line.
  void comment(MoveState& s, const char* b, const char* e, bool to_end_of_line);
  // A `{` whose comment goes on past the line.
  void open_comment(MoveState& s, const char* b, const char* e);
  // A roll `(...)` closed on its line.
  void roll(MoveState& s, const char* b, const char* e);
  // A `(` not closed on its line: junk to the end of the line.
  void unclosed_roll(MoveState& s, const char* b, const char* e);
  // A `}` outside a comment.
  void stray_brace(MoveState& s, const char* b);
  // A move number `12.` or `12...`.
  void move_number(MoveState& s, const char* b, const char* e);
  // Digits with a wrong number of dots.
  void bad_move_number(MoveState& s, const char* b, const char* e);
  // A ply token.
  void ply(MoveState& s, const char* b, const char* e);

 private:
  // The pending roll is not followed by a ply: keep it for the replay to judge.
  void stray_pending_roll();
  // Keeps a comment of the record (not in a record over the size limit): its text so far, its
  // place among the plies and its span `sp` (from its `{` or `;` to the end of its first line).
  void keep_comment(const SourceSpan& sp, std::string_view text, bool braced);
  // Reads one line inside a `{` comment: its text up to the `}`, or all of it. Returns true
  // when the record's first movetext stands after the `}` on this line.
  bool continue_comment(const LineView& v);

  // In a record with bad bytes, shows each (0x1A in the text) as U+FFFD where text leaves the
  // record for people: tag values, comments and the source lines and messages of diagnostics.
  // Plies and rolls keep the byte, so they stay as long as their spans (the record is not
  // replayed).
  void show_substitutes_in_record();

  // Returns the parsed tag line when v is one: a line beginning with `[` outside a comment, or
  // a well-formed tag line inside one. A fragment of a too long line is never well-formed.
  const TagLineParse* tag_line_of(const LineView& v);
  // Takes a tag line of the record: its tags, their names (for the rule that a repeated name
  // starts a new record) and its record.bad-tag.
  void take_tag_line(const LineView& v, const TagLineParse& p);

  // Parses movetext from `from` to the end of the line; returns true when the record's first
  // movetext stands on this line (for a record without tags).
  bool scan(const LineView& v, const char* from);

  // The span of the bytes [b, e) of the line being scanned (at least one column long).
  SourceSpan span(MoveState& s, const char* b, const char* e);
  // Notes a movetext item (anything but a comment) and returns its span.
  SourceSpan movetext(MoveState& s, const char* b, const char* e);
  // Keeps a move number of `value` (digits already read) at `sp`, written with "..." or not.
  void add_move_number(const SourceSpan& sp, std::uint32_t value, bool ellipsis);
  // Keeps a ply token of `bytes` bytes at `sp`, with the pending roll.
  void add_ply(const SourceSpan& sp, std::size_t bytes);
  // Reports a token longer than the token limit (record.limit); returns true when it is.
  bool too_long(const SourceSpan& sp, std::ptrdiff_t bytes);
  // The record outgrows the limit: keep its head (tag lines), drop its movetext.
  void start_overflow();

  // Adds a diagnostic (error) with this code, message and span to `list`.
  static void add(std::vector<Diagnostic>& list, std::string code, std::string message,
                  const SourceSpan& span);

  Record cur_;
  std::uint64_t max_record_ = kDefaultMaxRecordBytes;
  std::size_t max_token_ = kMaxTokenBytes;
  bool has_tags_ = false, has_movetext_ = false, separated_ = false, overflow_ = false;
  bool in_comment_ = false, skip_rest_of_line_ = false, anchored_ = false;
  SourceSpan anchor_, comment_open_;
  std::size_t head_len_ = 0;
  // The plies to reserve: the most of the recent records, forgetting an eighth a record (a
  // record longer than the one before grew its vectors two or three times).
  std::size_t expected_plies_ = 16;
  std::unordered_set<std::string> names_;
  std::optional<Roll> pending_roll_;
  std::uint64_t parsed_offset_ = UINT64_MAX;
  TagLineParse parsed_;
  std::optional<Diagnostic> encoding_;  // record.encoding at the record's first bad byte
  bool encoding_in_movetext_ = false;   // encoding_ goes with the movetext's diagnostics
  bool last_line_tags_ = false;         // the line offered last (its start) is a tag line
};

}  // namespace scribe::notation::detail
