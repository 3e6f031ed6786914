// Command-line options shared by the subcommands (Boost.Program_options), and scribe's own
// wording of every command-line mistake.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/commands/shard.hpp"

namespace scribe::app {

// The most worker threads any command starts (--jobs above it is a usage error).
inline constexpr int kMaxJobs = 256;

// --game, --options, --lenient, --encoding, --jobs, --json, --progress, --quiet, --color,
// --shard.
struct CommonOptions {
  // Groups of common options; a command adds only the groups that apply to it.
  enum Group : unsigned {
    kReading = 1,   // --game, --options, --lenient
    kJobs = 2,      // --jobs
    kJson = 4,      // --json
    kProgress = 8,  // --progress, --no-progress
    kQuiet = 16,    // --quiet
    kColor = 32,    // --color
    kShard = 64,    // --shard I/N
    kAll = 127,
  };

  std::string game;
  std::string options;
  bool lenient = false;
  int jobs = 0;  // 0 = all cores
  bool json = false;
  bool progress = false;
  bool no_progress = false;
  bool quiet = false;
  std::string color = "auto";
  std::string encoding;        // --encoding NAME (checked and put in effect while parsing)
  bool game_given = false;     // --game was on the command line
  bool options_given = false;  // --options was on the command line (even with an empty value)
  std::string shard_text;      // --shard I/N ("" = the whole run)

  // Adds the common options of cli.md in `groups` (cli.md: commands that read records share
  // them; each command lists only those that apply to it).
  void add_to(boost::program_options::options_description& desc, unsigned groups = kAll);
  // The number of worker threads --jobs asks for (all cores when 0, at most kMaxJobs).
  int job_count() const;
  // Throws UsageError for an empty --game and for --options without --game (cli.md), even when
  // the value of --options is empty.
  void check_game_and_options() const;
  // Whether human output on the stream `fd` is coloured: never with --json; --color=always, or
  // auto (the default) on a terminal when NO_COLOR is unset or empty. Throws UsageError for a
  // bad --color value.
  bool colour_on(int fd) const;
  // The share of the run --shard asks for (the whole run without it); throws UsageError for a
  // bad value.
  Shard shard() const;
};

// Adds --shard I/N (shard.hpp), its value read into `*text`.
void add_shard_option(boost::program_options::options_description& desc, std::string* text);

// The number of worker threads `jobs` asks for: all cores when 0; a usage error when negative
// or above kMaxJobs.
int checked_job_count(int jobs);

// Reads a decimal number with no sign (a value of `option`); throws UsageError otherwise.
// Boost's own parsing would read "-1" as 2^64-1.
std::uint64_t parse_unsigned(const std::string& text, const std::string& option);

// The reading limits validate and the archive commands take: --max-record-bytes,
// --max-token-bytes, --max-plies, --segment-bytes.
struct ReadLimits {
  std::string max_record_bytes_text = "67108864";
  std::string max_token_bytes_text = "1048576";
  std::string segment_text;  // "" = the command's default segment size
  int max_plies = 100000;

  // The limits as checked values.
  struct Checked {
    std::uint64_t max_record_bytes = 0;
    std::uint64_t max_token_bytes = 0;
    std::optional<std::uint64_t> segment_bytes;  // when --segment-bytes was given
    int max_plies = 0;
  };

  // Adds the four options to `desc`.
  void add_to(boost::program_options::options_description& desc);
  // Checks them; throws UsageError for a malformed or too small value.
  Checked checked() const;
};

// Returns a notifier that sets `*given` when the option appears on the command line.
inline auto mark_given(bool* given) {
  return [given](const auto&) { *given = true; };
}

// Parses `args` against `visible` + `hidden` options and positional arguments. Prints help and
// returns false for --help. Throws UsageError, in scribe's words, for unknown or malformed
// options (with a "did you mean" for a misspelt flag).
// `vm`, when given, receives the options as parsed.
bool parse_command_line(const std::vector<std::string>& args,
                        const boost::program_options::options_description& visible,
                        const boost::program_options::options_description& hidden,
                        const boost::program_options::positional_options_description& positional,
                        boost::program_options::variables_map* vm = nullptr);

// parse_command_line for a command that reads PATH... (files, directories or -): the positional
// arguments go to `paths`, and none is a usage error ("see scribe COMMAND --help"). Returns
// false for --help; `vm`, when given, receives the options as parsed.
bool parse_path_command(const std::vector<std::string>& args,
                        const boost::program_options::options_description& visible,
                        const std::string& command, std::vector<std::string>& paths,
                        boost::program_options::variables_map* vm = nullptr);

// The candidate closest to `word` by edit distance when it is close enough to be a slip
// ("vaildate" -> "validate"), else "".
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean 'X'?)" for the candidate closest to `word`, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace scribe::app
