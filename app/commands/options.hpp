// Command-line options shared by the subcommands (Boost.Program_options).
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace scribe::app {

// --game, --options, --lenient, --jobs, --json, --progress, --quiet.
struct CommonOptions {
  std::string game;
  std::string options;
  bool lenient = false;
  int jobs = 0;  // 0 = all cores
  bool json = false;
  bool progress = false;
  bool no_progress = false;
  bool quiet = false;

  // Adds the options; `batch` adds --jobs, --json, --progress and --quiet too.
  void add_to(boost::program_options::options_description& desc, bool batch);
  // The number of worker threads --jobs asks for (all cores when 0).
  int job_count() const;
};

// Parses `args` against `visible` + `hidden` options and positional arguments. Prints help and
// returns false for --help. Throws UsageError for unknown or malformed options.
bool parse_command_line(const std::vector<std::string>& args,
                        const boost::program_options::options_description& visible,
                        const boost::program_options::options_description& hidden,
                        const boost::program_options::positional_options_description& positional);

}  // namespace scribe::app
