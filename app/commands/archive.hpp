// Pieces shared by the archive commands (find, dedup): canonical plies, 128-bit keys of games,
// record locations and the output file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/commands/common.hpp"
#include "app/commands/options.hpp"
#include "app/commands/pipeline.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::app {

// A 128-bit hash: what dedup keeps of a game instead of the game itself.
struct Hash128 {
  std::uint64_t hi = 0, lo = 0;
  bool operator==(const Hash128&) const = default;
};

// Hashes a Hash128 for unordered containers (its low half is already well mixed).
struct Hash128Hash {
  std::size_t operator()(const Hash128& h) const { return static_cast<std::size_t>(h.lo ^ h.hi); }
};

// A 128-bit hash (multiply and fold, eight bytes a step), fed piece by piece; each piece is
// ended by its length and a separator so that ("ab", "c") and ("a", "bc") differ.
class Hasher {
 public:
  Hasher();
  // Adds `bytes` and a separator.
  void add(std::string_view bytes);
  Hash128 value() const;

 private:
  std::uint64_t hi_, lo_;
};

// The canonical text of `token` as `state` would play it; the text as written when the game
// cannot read it.
std::string canonical_ply(const engine::State& state, const std::string& token);

// The canonical options of a replayed record ("" for the defaults or when unusable).
std::string canonical_options(const engine::ReplayResult& rr);

// Replays `record` and computes its key: its game, options, start position and canonical plies
// (each in the position where it is played, with its roll in dice games); with `final_only`,
// its game, options and final position instead (records that end in the same position by any
// order). The key means something only when the record is valid. No position is kept.
Hash128 replay_with_key(const notation::Record& record, const engine::ReplayOptions& options,
                        bool final_only, engine::ReplayResult* rr);

// A record's text as written, ended by a blank line when it has none, so that records written
// one after another stay apart.
std::string separated_text(const std::string& text);

// What an output stream must know of a record to tell whether, written after the records
// before it, it reads back as itself (record-format.md, "Where a record starts": only a tag line
// starts a record after another one, and a well-formed tag line also ends an open `{`).
struct RecordShape {
  bool tagless = false;    // no tag line: it starts a record only at the top of a file
  bool tag_first = false;  // its text starts with a well-formed tag line
  bool ends_open = false;  // its text ends inside a `{` never closed
  bool cut = false;        // over the size limit: only its start is held, not its whole text
  bool recoded = false;    // held bytes that are not UTF-8, kept as 0x1A: its text is not the file's
};

// The shape of `record` as read.
RecordShape shape_of(const notation::Record& record);

// The shape of a record that normalize writes: tags first, every comment closed.
inline RecordShape canonical_shape() { return RecordShape{false, true, false, false, false}; }

// One output stream (a file, or standard output) that records are written to, each ended by a
// blank line (separated_text). It says which record cannot be written next without merging
// into the record before it or changing it: every command that writes records asks it first,
// and reports a refused record rather than writing an archive that reads back otherwise.
class RecordStream {
 public:
  // Why a record of `shape` cannot be written next, as a phrase after "record N: " ("" when it
  // can).
  std::string refusal(const RecordShape& shape) const;
  // Notes that a record of `shape` was written.
  void wrote(const RecordShape& shape) {
    started_ = true;
    open_ = shape.ends_open;
  }
  // Whether a record was written.
  bool started() const { return started_; }

 private:
  bool started_ = false;
  bool open_ = false;  // the last record written ends inside an open `{`
};

// Where a record stands: "FILE:LINE: record N".
std::string location_text(const std::string& file, std::uint32_t line, int index);

// Checks that --out FILE may be written: a usage error when it is a directory, or when it exists
// and `force` is false.
void check_out_path(const std::filesystem::path& path, bool force);

// The --position text of find and tree, read in the configuration of each record's game (the
// text alone does not say every option): its canonical text per canonical option string, read
// once each; safe to share between worker threads.
class PositionTarget {
 public:
  PositionTarget(std::string text, std::string game) : text_(std::move(text)), game_(game) {}

  // The position in one configuration: its digest (compared first, as it costs least), its
  // canonical text and its side to move.
  struct Text {
    std::string canonical, side;
    std::uint64_t digest = 0;
    std::shared_ptr<const engine::State> state;  // the position read in that configuration
  };
  // Notes the position in a configuration read at the start.
  void known(const std::string& options, const engine::State& state);
  // The position in the configuration of `rr` (its game must be the target's), or nothing when
  // the text is not a position of that configuration.
  std::optional<Text> in(const engine::ReplayResult& rr);
  // Whether `state` stands in the position `target`: the side to move first, then
  // State::may_be_position_of, the text only when it says maybe.
  static bool stands_in(const engine::State& state, const Text& target);
  // Whether some configuration read the text.
  bool readable();
  std::string error;  // why the text is not a position of the default configuration

 private:
  const std::string text_, game_;
  std::mutex mutex_;
  std::map<std::string, std::optional<Text>> cache_;
  bool readable_ = false;
};

// Reads --position: a usage error for an unknown game, or for a text that is not a position of
// --game with --options; without --options, each record's configuration reads it.
std::shared_ptr<PositionTarget> position_target(const std::string& text,
                                                const CommonOptions& common);

// Reads --moves MOVETEXT into its ply tokens (usage errors for anything but movetext); with
// --game and --options, checks that they are legal from the start.
std::vector<std::string> read_moves_option(const std::string& text, const CommonOptions& common);

// The common options and the reading limits every archive command takes.
// What every archive command's run takes from the reading options: the replay and scan
// settings and the output switches (ArchiveOptions::reading_run).
struct ReadingRun {
  engine::ReplayOptions replay;
  ScanSettings scan;
  bool json = false, quiet = false, colour = false, progress = false;
};

struct ArchiveOptions {
  CommonOptions common;
  std::string out;
  bool force = false;
  ReadLimits limits;

  // Adds the common options, --out, --force and the limits to `desc`.
  void add_to(boost::program_options::options_description& desc, const char* out_help);
  // Checks them (usage errors) and returns the scan settings and the replay options.
  ScanSettings scan_settings() const;
  engine::ReplayOptions replay() const;
  // Whether the progress line is shown.
  bool progress_on() const;
  // The replay and scan settings (checked as above) and the output switches of a run.
  ReadingRun reading_run() const;
};

}  // namespace scribe::app
