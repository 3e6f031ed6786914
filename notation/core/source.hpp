// Source locations and diagnostics shared by every layer of scribe.
//
// A SourceSpan names a stretch of one input file by line, column (1-based, counted in
// characters) and byte offset. Spans never hold pointers, so they outlive the buffers the text
// was read from. A Diagnostic is one problem found in a record: a stable code, a severity, a
// message in the game's own words, where it is, and which ply it concerns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scribe::notation {

// A stretch of source text: where it starts and how long it is.
struct SourceSpan {
  std::uint32_t line = 0;    // 1-based line of the first character
  std::uint32_t col = 0;     // 1-based column of the first character, in characters
  std::uint64_t offset = 0;  // byte offset of the first character in the file
  std::uint32_t len = 0;     // length in characters (the caret underline), at least 1 when shown

  friend bool operator==(const SourceSpan&, const SourceSpan&) = default;
};

enum class Severity { kError, kWarning };

// Returns "error" or "warning".
std::string_view severity_name(Severity s);

// One problem found in a record (record-format.md, "Diagnostics").
struct Diagnostic {
  Severity severity = Severity::kError;
  std::string code;        // stable: "record.bad-tag", "druid.lintel-shape", ...
  std::string message;     // what is wrong, in the game's own words
  SourceSpan span;         // where it points; line 0 means "no location"
  std::optional<int> ply;  // the ply it concerns (record-format.md C3), or none
  std::string context;     // the last line: "record 3 (line 33), ply 3, Horz to move, roll 4-2"
  std::string source_line; // the text of line span.line, without its line ending (may be empty)

  friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// Formats the first line of a diagnostic: "FILE:LINE:COL: severity[code]: message".
std::string format_headline(std::string_view file, const Diagnostic& d);

// Formats a diagnostic in full: the headline, the source line indented by four spaces, a caret
// underline (one '^' then '~' for the rest of the span), and the context line indented by two
// spaces. Ends with a newline.
std::string format_diagnostic(std::string_view file, const Diagnostic& d);

// Counts the UTF-8 code points of `text` (the column width used for spans).
std::uint32_t count_chars(std::string_view text);

// Returns the byte offset in `text` of the character with 0-based character index `chars`
// (text.size() when past the end).
std::size_t byte_offset_of_char(std::string_view text, std::uint32_t chars);

}  // namespace scribe::notation
