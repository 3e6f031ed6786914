// Command-line options shared by the subcommands (Boost.Program_options).
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace scribe::app {

// --game, --options, --lenient, --encoding, --jobs, --json, --progress, --quiet.
struct CommonOptions {
  std::string game;
  std::string options;
  bool lenient = false;
  int jobs = 0;  // 0 = all cores
  bool json = false;
  bool progress = false;
  bool no_progress = false;
  bool quiet = false;
  std::string encoding;        // --encoding NAME (checked and put in effect while parsing)
  bool game_given = false;     // --game was on the command line
  bool options_given = false;  // --options was on the command line (even with an empty value)

  // Adds the common options of cli.md (--game, --options, --lenient, --encoding, --jobs, --json,
  // --progress, --no-progress, --quiet); every command takes them all.
  void add_to(boost::program_options::options_description& desc);
  // The number of worker threads --jobs asks for (all cores when 0).
  int job_count() const;
  // Throws UsageError for an empty --game and for --options without --game (cli.md), even when
  // the value of --options is empty.
  void check_game_and_options() const;
};

// Reads a decimal number with no sign (a value of `option`); throws UsageError otherwise.
// Boost's own parsing would read "-1" as 2^64-1.
std::uint64_t parse_unsigned(const std::string& text, const std::string& option);

// Returns a notifier that sets `*given` when the option appears on the command line.
inline auto mark_given(bool* given) {
  return [given](const auto&) { *given = true; };
}

// Parses `args` against `visible` + `hidden` options and positional arguments. Prints help and
// returns false for --help. Throws UsageError for unknown or malformed options.
bool parse_command_line(const std::vector<std::string>& args,
                        const boost::program_options::options_description& visible,
                        const boost::program_options::options_description& hidden,
                        const boost::program_options::positional_options_description& positional);

}  // namespace scribe::app
