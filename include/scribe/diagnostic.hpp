// Diagnostics and errors of the scribe library.
//
// A Diagnostic is one problem found in a record or a move, as `scribe validate` reports it:
// a stable code ("record.bad-tag", "druid.lintel-shape"), a severity, a message, where it
// points (line and column, 1-based, columns counted in characters) and the ply it concerns.
// Functions that cannot do what they are asked throw scribe::Error (a bad game name, options,
// position text, style) or its kind scribe::IllegalMove (a move the position does not allow).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "scribe/export.hpp"

namespace scribe {

// How serious a diagnostic is: an error makes a record invalid, a warning does not.
enum class Severity { kError, kWarning };

// Returns "error" or "warning".
SCRIBE_API std::string_view severity_name(Severity severity) noexcept;

// One problem found in a record or a move.
struct Diagnostic {
  Severity severity = Severity::kError;
  std::string code;         // stable identifier, e.g. "record.bad-tag", "sava.blocked"
  std::string message;      // what is wrong, in the game's own words
  std::string file;         // the file the record came from ("" for a move applied directly)
  int line = 0;             // 1-based line; 0 when the diagnostic has no place
  int col = 0;              // 1-based column in characters; 0 when it has no place
  int length = 0;           // characters the place spans (the caret underline)
  std::optional<int> ply;   // the ply it concerns, or none (a tag, the whole record)
  std::string context;      // "record 3 (line 33), ply 3, Horz to move, roll 4-2"
  std::string source_line;  // the text of line `line`, without its line ending

  // Returns the first line as validate writes it: "FILE:LINE:COL: severity[code]: message".
  SCRIBE_API std::string headline() const;
  // Returns the whole report: the headline, the source line with a caret under the place,
  // and the context line; ends with a newline.
  SCRIBE_API std::string full_text() const;
};

// What the library throws when it cannot do what it is asked: an unknown game, options that
// do not configure it, a position text that does not read, an unknown style or theme.
class SCRIBE_API Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what);
  ~Error() override;
};

// Thrown by Position::apply() for a move the position does not allow (or cannot read); it
// carries the diagnostic the game gives, whose `col` and `length` point into the move text.
class SCRIBE_API IllegalMove : public Error {
 public:
  explicit IllegalMove(Diagnostic diagnostic);
  ~IllegalMove() override;
  // The game's diagnostic for the move (line 0, `ply` the number the move would have had).
  const Diagnostic& diagnostic() const noexcept { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

}  // namespace scribe
