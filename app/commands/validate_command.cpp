// scribe validate: option parsing.
#include <unistd.h>

#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"
#include "app/commands/validate.hpp"

namespace scribe::app {

namespace po = boost::program_options;

int command_validate(const std::vector<std::string>& args) {
  CommonOptions common;
  bool stats = false;
  ReadLimits limits;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe validate PATH... [options]\n\n"
      "Parses and replays every record; reports each record's status and every diagnostic.\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Exit status: 0 all valid, 1 some record invalid, 2 usage error or unreadable input.\n\n"
      "Examples:\n"
      "  scribe validate corpus/*/valid\n"
      "  scribe validate --lenient --json archive/ > report.jsonl\n"
      "  scribe validate --game druid --options \"-hex\" games.rec\n"
      "  scribe validate -q --stats archive/\n\nOptions");
  common.add_to(desc);
  desc.add_options()("stats", po::bool_switch(&stats),
                     "per-game counts, results, mean and longest record, errors by code");
  limits.add_to(desc);
  if (!parse_path_command(args, desc, "validate", paths)) return kExitOk;
  common.check_game_and_options();
  const ReadLimits::Checked checked = limits.checked();

  ValidateSettings s;
  s.replay = replay_options(common.game, common.options, common.lenient);
  s.replay.max_plies = checked.max_plies;
  s.json = common.json;
  s.quiet = common.quiet;
  s.stats = stats;
  s.jobs = common.job_count();
  s.shard = common.shard();
  s.max_record_bytes = checked.max_record_bytes;
  s.max_token_bytes = checked.max_token_bytes;
  if (checked.segment_bytes) s.segment_bytes = *checked.segment_bytes;
  s.colour = common.colour_on(STDERR_FILENO);
  s.progress = !common.no_progress && !common.quiet &&
               (common.progress || ::isatty(STDERR_FILENO) == 1);
  return run_validate(paths, s);
}

}  // namespace scribe::app
