// Pieces every subcommand shares: input discovery, usage errors, JSON text, output files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// A usage error: the message goes to standard error and the exit status is 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Exit statuses of cli.md.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

class Utf8Copy;  // encoding.hpp

// One input to read: a file, or standard input ("-").
struct Input {
  std::filesystem::path path;  // empty for standard input
  std::string display;         // the name reported ("stdin" stem for "-")
  bool is_stdin = false;
  std::optional<std::string> error;  // a problem found while walking (reported as record.io)
  // With --encoding: the UTF-8 copy that `path` now names (encoding.hpp, convert_input).
  std::shared_ptr<const Utf8Copy> utf8_copy;
};

// Expands the PATH arguments: files as given, directories walked recursively in byte-wise sorted
// order reading only *.rec files and not following symlinked directories, "-" for standard input.
// A path that does not exist becomes an Input with an error (reported as unreadable).
std::vector<Input> collect_inputs(const std::vector<std::string>& paths);

// Opens one input in `reader`; returns the file problem (record.io, record.encoding) if any.
// With --encoding, the input is converted to UTF-8 first (encoding.hpp).
std::optional<notation::FileProblem> open_input(const Input& input, notation::RecordReader& reader);

// Standard input, copied once (on first use) into an unlinked temporary file, so that it is
// read like a file: in bounded memory, twice when render needs it, in segments by validate.
// Returns the path that opens that file (/proc/self/fd/N), or nothing when no temporary file
// can be made (then `error` says why).
std::optional<std::filesystem::path> stdin_file(std::string* error);

// Appends `s` to `out` as a JSON string literal (with quotes).
void append_json_string(std::string& out, std::string_view s);

// Checks --game and --options (usage errors, exit 2) and returns replay options.
engine::ReplayOptions replay_options(const std::string& game, const std::string& options,
                                     bool lenient);

// Returns the stem used in output names: the file name without its last extension, or "stdin".
std::string input_stem(const Input& input);

// Replaces every character outside [A-Za-z0-9._-] by '_' (and never returns "", "." or "..").
std::string sanitise_name(std::string_view name);

// A file written under a temporary name in its folder and renamed to its own name by commit(),
// so no half-written file is ever left: without commit() the temporary file is removed. Every
// failure throws std::runtime_error "PATH: reason".
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  // Appends `bytes`.
  void write(std::string_view bytes);
  // Closes the file and renames it into place.
  void commit();

 private:
  [[noreturn]] void fail(int err);
  std::filesystem::path path_, tmp_;
  int fd_ = -1;
};

// Writes `bytes` to `path` through an AtomicFile. Throws std::runtime_error with the OS reason
// on failure.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace scribe::app
