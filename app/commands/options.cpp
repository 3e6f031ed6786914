#include "app/commands/options.hpp"

#include <iostream>
#include <thread>

#include "app/commands/common.hpp"

namespace scribe::app {

namespace po = boost::program_options;

void CommonOptions::add_to(po::options_description& desc, bool batch) {
  desc.add_options()("game", po::value<std::string>(&game),
                     "game of records without a Game tag (druid, savoya, sava, soccolot)")(
      "options", po::value<std::string>(&options),
      "options of records of --game without an Options tag, e.g. \"-hex -size=5\"")(
      "lenient", po::bool_switch(&lenient), "accept known harmless slips with a warning");
  if (batch)
    desc.add_options()("jobs,j", po::value<int>(&jobs), "worker threads (default: all cores)")(
        "json", po::bool_switch(&json), "JSON Lines on standard output")(
        "progress", po::bool_switch(&progress), "show progress on standard error")(
        "no-progress", po::bool_switch(&no_progress), "never show progress")(
        "quiet,q", po::bool_switch(&quiet), "print only the summary");
}

int CommonOptions::job_count() const {
  if (jobs < 0) throw UsageError("--jobs must be 0 (all cores) or more");
  if (jobs > 0) return jobs;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

bool parse_command_line(const std::vector<std::string>& args, const po::options_description& visible,
                        const po::options_description& hidden,
                        const po::positional_options_description& positional) {
  po::options_description all;
  all.add(visible).add(hidden);
  all.add_options()("help,h", "show this help");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << visible << "  -h [ --help ]         show this help\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return true;
}

}  // namespace scribe::app
