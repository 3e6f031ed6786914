#include "app/commands/options.hpp"

#include <iostream>
#include <limits>
#include <thread>

#include "app/catalog.hpp"
#include "app/commands/common.hpp"
#include "app/commands/encoding.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// The help of --game, naming every Game value of the catalog: "... (druid, savoya, savoy, ...)".
std::string game_help() {
  std::string names;
  for (const auto& entry : catalog())
    for (const auto& name : entry.game->info().names) names += (names.empty() ? "" : ", ") + name;
  return "game of records without a Game tag (" + names + ")";
}

}  // namespace

void CommonOptions::add_to(po::options_description& desc) {
  static const std::string kGameHelp = game_help();
  desc.add_options()("game",
                     po::value<std::string>(&game)->notifier(mark_given(&game_given)),
                     kGameHelp.c_str())(
      "options", po::value<std::string>(&options)->notifier(mark_given(&options_given)),
      "options of records of --game without an Options tag, e.g. \"-hex -size=5\"")(
      "lenient", po::bool_switch(&lenient), "accept known harmless slips with a warning");
  desc.add_options()(
      "encoding", po::value<std::string>(&encoding)->notifier(set_input_encoding),
      "read input written in this encoding, converted to UTF-8 (any name iconv knows: latin1, "
      "cp1252, utf-16, ...)");
  desc.add_options()("jobs,j", po::value<int>(&jobs), "worker threads (default: all cores)")(
      "json", po::bool_switch(&json), "JSON on standard output")(
      "progress", po::bool_switch(&progress), "show progress on standard error")(
      "no-progress", po::bool_switch(&no_progress), "never show progress")(
      "quiet,q", po::bool_switch(&quiet), "print less (validate: only the summary)");
}

int CommonOptions::job_count() const {
  if (jobs < 0) throw UsageError("--jobs must be 0 (all cores) or more");
  if (jobs > 0) return jobs;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

void CommonOptions::check_game_and_options() const {
  if (game_given && game.empty()) throw UsageError("--game: the game name is empty");
  if (options_given && game.empty())
    throw UsageError("--options needs --game: it gives the options of records of that game");
}

std::uint64_t parse_unsigned(const std::string& text, const std::string& option) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  bool ok = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  std::uint64_t v = 0;
  for (std::size_t i = 0; ok && i < text.size(); ++i) {
    const std::uint64_t d = static_cast<std::uint64_t>(text[i] - '0');
    if (v > (kMax - d) / 10) ok = false;
    v = v * 10 + d;
  }
  if (!ok)
    throw UsageError("the argument ('" + text + "') for option '" + option +
                     "' is invalid: expected a whole number 0.." + std::to_string(kMax));
  return v;
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
