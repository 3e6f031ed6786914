// Pieces every subcommand shares: input discovery, usage errors, JSON text, output files.
#pragma once

#include <pthread.h>

#include <cstdint>
#include <filesystem>
#include <exception>
#include <functional>
#include <mutex>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "app/commands/json.hpp"
#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// A usage error: the message goes to standard error and the exit status is 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file that cannot be written: "PATH: reason" (reported as "cannot write PATH: reason").
class WriteError : public std::runtime_error {
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
  // For a file found by walking a directory: its folder relative to that directory ("" for a
  // file named on the command line), so outputs can keep the same tree.
  std::filesystem::path relative;
};

// Expands the PATH arguments: files as given, directories walked recursively in byte-wise sorted
// order reading only *.rec files and not following symlinked directories, "-" for standard input.
// A path that does not exist becomes an Input with an error (reported as unreadable). A
// directory with no *.rec file in it is a usage error that says what was looked for.
std::vector<Input> collect_inputs(const std::vector<std::string>& paths);

// Opens one input in `reader`; returns the file problem (record.io, record.encoding) if any.
// With --encoding, the input is converted to UTF-8 first (encoding.hpp).
std::optional<notation::FileProblem> open_input(const Input& input, notation::RecordReader& reader);

// Standard input, copied once (on first use) into an unlinked temporary file, so that it is
// read like a file: in bounded memory, twice when render needs it, in segments by validate.
// Returns the path that opens that file (/proc/self/fd/N), or nothing when no temporary file
// can be made (then `error` says why).
std::optional<std::filesystem::path> stdin_file(std::string* error);

// Threads that are joined when the group dies, so no running thread is ever left to terminate
// the process. start() throws std::runtime_error when the system will not start a thread; an
// exception that escapes a thread's function is kept and rethrown by join(). Each thread starts
// on a CPU other than the starting thread's (then may run on any): see start().
class ThreadGroup {
 public:
  ThreadGroup() = default;
  ~ThreadGroup() { wait(); }
  ThreadGroup(const ThreadGroup&) = delete;
  ThreadGroup& operator=(const ThreadGroup&) = delete;
  // Starts a thread running `fn`; throws "cannot start a worker thread (N running): REASON".
  void start(std::function<void()> fn);
  // Starts `count` threads running `fn`, none of which begins before all have started: when
  // one cannot start, none runs `fn` and this throws as start() does.
  void start_all(int count, const std::function<void()>& fn);
  // Waits for every thread started; rethrows the first exception a thread let escape.
  void join();

 private:
  // Waits for every thread started.
  void wait();
  std::vector<pthread_t> threads_;
  std::mutex mutex_;
  std::exception_ptr failure_;
};

// The catalog entry of `game`; a usage error naming `what` (e.g. "--game") otherwise, with
// the known games and the closest name.
const CatalogEntry& game_entry(const std::string& game, const std::string& what);

// The variant `options` configure for `game` of `entry`; a usage error when they are bad.
std::unique_ptr<engine::Variant> usable_variant(const CatalogEntry& entry, const std::string& game,
                                                const std::string& options, engine::Mode mode);

// A position read from a position text (--setup).
struct SetupPosition {
  const CatalogEntry* entry = nullptr;
  std::unique_ptr<engine::Variant> variant;
  std::unique_ptr<engine::State> state;
};

// Reads `text` as a position of `game` (when not empty) or of the game the text starts with
// (a position text begins with its game's name); usage errors for a bad game, options or text.
SetupPosition setup_position(const std::string& game, const std::string& options,
                             const std::string& text);

// Checks --game and --options (usage errors, exit 2) and returns replay options.
engine::ReplayOptions replay_options(const std::string& game, const std::string& options,
                                     bool lenient);

// Returns the stem used in output names: the file name without its last extension, or "stdin".
std::string input_stem(const Input& input);

// Replaces every character outside [A-Za-z0-9._-] by '_' (and never returns "", "." or "..").
std::string sanitise_name(std::string_view name);

// A file written under a temporary name in its folder and renamed to its own name by commit(),
// so no half-written file is ever left: without commit() the temporary file is removed. Every
// failure throws WriteError "PATH: reason".
class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  // Appends `bytes`. Small writes are gathered into one system call per kBuffer bytes (generate
  // writes a record at a time: a call each cost 5 % of making 2,000 Savoya records).
  void write(std::string_view bytes);
  // Writes what is gathered, closes the file and renames it into place.
  void commit();

 private:
  static constexpr std::size_t kBuffer = std::size_t{1} << 16;
  // Writes the gathered bytes out.
  void flush();
  [[noreturn]] void fail(int err);
  std::filesystem::path path_, tmp_;
  int fd_ = -1;
  std::string buffer_;
};

// Writes `bytes` to `path` through an AtomicFile. Throws std::runtime_error with the OS reason
// on failure.
void write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace scribe::app
