// --encoding NAME (record-format.md C10): records written in another encoding are converted to
// UTF-8 through iconv (glibc) before they are read. The conversion goes to an unlinked
// temporary file, as standard input is copied: the reader then reads it like any file, in
// bounded memory and in segments, so the output is the same for every --jobs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "app/commands/common.hpp"

namespace scribe::app {

// Checks `name` with iconv and makes it the encoding of every input read from now on ("" for
// UTF-8: nothing is converted). Throws UsageError for a name that iconv does not know.
void set_input_encoding(const std::string& name);

// The encoding that --encoding gave, or "" (UTF-8).
const std::string& input_encoding();

// An unlinked temporary file that holds the UTF-8 text of one input; it exists while this
// object (or a descriptor opened from path()) lives.
class Utf8Copy {
 public:
  Utf8Copy(int fd, std::uint64_t size);
  ~Utf8Copy();
  Utf8Copy(const Utf8Copy&) = delete;
  Utf8Copy& operator=(const Utf8Copy&) = delete;
  // The path that opens the copy (/proc/self/fd/N).
  const std::filesystem::path& path() const { return path_; }
  // Its size in bytes.
  std::uint64_t size() const { return size_; }

 private:
  int fd_;
  std::uint64_t size_;
  std::filesystem::path path_;
};

// Converts the file at `source` from `encoding` to UTF-8 in a temporary file, streaming (1 MiB
// at a time). A byte that iconv cannot convert is written as three bytes that are never UTF-8
// (notation's kUnconvertibleMark, then its two halves), so the reader reports it in its record
// (C10); a UTF-16 or UTF-32 name skips a whole code unit, so the lines that follow stay in step.
// Returns nothing, with the reason in *error, when the file cannot be read or no temporary file
// can be written.
std::shared_ptr<const Utf8Copy> convert_to_utf8(const std::filesystem::path& source,
                                                const std::string& encoding, std::string* error);

// When --encoding was given, replaces `input` by its UTF-8 copy (`path`, kept open by
// input.utf8_copy; standard input is copied first); a failure becomes input.error (reported as
// record.io). Does nothing without --encoding, for an input already converted or in error.
void convert_input(Input& input);

}  // namespace scribe::app
