// Reading records: the tags and plies of each record of a file, a stream or a string.
//
// A file may hold many records (record format: tag lines, then movetext). Reading knows the
// container only; what a record means (its game, whether its moves are legal) is the replay's
// business (scribe/game.hpp). Problems of the container itself (a malformed tag line, a bad
// byte) are reported by the replay among the record's diagnostics.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scribe/diagnostic.hpp"
#include "scribe/export.hpp"

namespace scribe {

// One tag `[Name "value"]` of a record.
struct Tag {
  std::string name;   // as written
  std::string value;  // unescaped
};

// One ply (one player's turn) as written in the movetext.
struct Ply {
  std::string text;                 // the move token, e.g. "c3" or "b1-d3"
  std::optional<std::string> roll;  // the roll written before it, without parentheses ("3-5")
  int line = 0;                     // where the token stands (1-based line and column)
  int col = 0;
};

// One record as read: where it stands, its tags and its plies. A Record is an immutable value;
// copies share their data.
class SCRIBE_API Record {
 public:
  struct Data;  // the library's own view of the record

  // The file name the record reports (the name given to the reader).
  const std::string& file() const;
  // The 1-based index of the record in its input.
  int index() const;
  // The line of its first tag (or of its first movetext when it has no tag).
  int line() const;
  // Every well-formed tag, in text order.
  std::vector<Tag> tags() const;
  // The value of the first tag named `name` (exact case), or nothing.
  std::optional<std::string> tag(std::string_view name) const;
  // Every ply, in order.
  std::vector<Ply> plies() const;
  // The number of plies.
  std::size_t ply_count() const;
  // The record's own text, as it stands in its input.
  const std::string& text() const;

  // For the library itself.
  explicit Record(std::shared_ptr<const Data> data);
  const Data& data() const { return *data_; }

 private:
  std::shared_ptr<const Data> data_;
};

// Hands out the records of one input one at a time, holding only the current record in memory
// (a file of any size).
//
//   scribe::Reader reader = scribe::Reader::open_file("games.rec");
//   while (auto record = reader.next()) { ... }
//   if (auto problem = reader.problem()) { ... unreadable, or no record in it ... }
class SCRIBE_API Reader {
 public:
  // Opens a file; the records name it as written here.
  static Reader open_file(const std::filesystem::path& path);
  // Reads records from text in memory; `name` is the file name the records report.
  static Reader from_string(std::string text, std::string name = "string");
  // Reads a stream to its end, then its records; `name` as for from_string().
  static Reader from_stream(std::istream& in, std::string name = "stream");

  Reader(Reader&&) noexcept;
  Reader& operator=(Reader&&) noexcept;
  ~Reader();

  // Returns the next record, or nothing at the end of the input (or when it cannot be read).
  std::optional<Record> next();
  // The problem of the whole input, once known: it cannot be read (record.io), is UTF-16 or
  // UTF-32 (record.encoding), or - after next() returned nothing - holds no record
  // (record.no-records). Nothing when the input is fine.
  std::optional<Diagnostic> problem() const;
  // Whether the problem is that the input cannot be read at all (not merely empty).
  bool unreadable() const;

 private:
  struct Impl;
  explicit Reader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Every record of an input at once, and the input's problem, if any (see Reader::problem).
struct Records {
  std::vector<Record> records;
  std::optional<Diagnostic> problem;
  bool unreadable = false;
};

// Reads every record of the file `path`.
SCRIBE_API Records read_file(const std::filesystem::path& path);
// Reads every record of `text`; `name` is the file name the records report.
SCRIBE_API Records read_string(std::string text, std::string name = "string");
// Reads every record of the stream `in` (to its end).
SCRIBE_API Records read_stream(std::istream& in, std::string name = "stream");

}  // namespace scribe
