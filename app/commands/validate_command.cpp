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
  std::string max_record_bytes_text = "67108864";
  std::string max_token_bytes_text = "1048576";
  std::string segment_text;
  int max_plies = 100000;
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
                     "per-game counts, results, mean and longest record, errors by code")(
      "max-record-bytes", po::value<std::string>(&max_record_bytes_text),
      "largest record accepted, in bytes (default 67108864)")(
      "max-token-bytes", po::value<std::string>(&max_token_bytes_text),
      "longest movetext token accepted, in bytes (default 1048576)")(
      "max-plies", po::value<int>(&max_plies), "most plies replayed per record (default 100000)")(
      "segment-bytes", po::value<std::string>(&segment_text),
      "a file of 16 segments or more is cut into pieces of about this size for the workers "
      "(default 262144; 0 reads every file whole)");
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return kExitOk;
  if (paths.empty()) throw UsageError("at least one PATH is required (see scribe validate --help)");
  common.check_game_and_options();
  const std::uint64_t max_record_bytes =
      parse_unsigned(max_record_bytes_text, "--max-record-bytes");
  const std::uint64_t max_token_bytes = parse_unsigned(max_token_bytes_text, "--max-token-bytes");
  if (max_plies < 1) throw UsageError("--max-plies must be at least 1");
  if (max_record_bytes < 1024) throw UsageError("--max-record-bytes must be at least 1024");
  if (max_token_bytes < 64) throw UsageError("--max-token-bytes must be at least 64");

  ValidateSettings s;
  s.replay = replay_options(common.game, common.options, common.lenient);
  s.replay.max_plies = max_plies;
  s.json = common.json;
  s.quiet = common.quiet;
  s.stats = stats;
  s.jobs = common.job_count();
  s.max_record_bytes = max_record_bytes;
  s.max_token_bytes = max_token_bytes;
  if (!segment_text.empty()) s.segment_bytes = parse_unsigned(segment_text, "--segment-bytes");
  s.colour = common.colour_on(STDERR_FILENO);
  s.progress = !common.no_progress && !common.quiet &&
               (common.progress || ::isatty(STDERR_FILENO) == 1);
  return run_validate(paths, s);
}

}  // namespace scribe::app
