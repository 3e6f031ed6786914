#include "app/commands/options.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <regex>
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

void CommonOptions::add_to(po::options_description& desc, unsigned groups) {
  static const std::string kGameHelp = game_help();
  if (groups & kReading)
    desc.add_options()("game", po::value<std::string>(&game)->notifier(mark_given(&game_given)),
                       kGameHelp.c_str())(
        "options", po::value<std::string>(&options)->notifier(mark_given(&options_given)),
        "options of records of --game without an Options tag, e.g. \"-hex -size=5\"")(
        "lenient", po::bool_switch(&lenient), "accept known harmless slips with a warning")(
        "encoding", po::value<std::string>(&encoding)->notifier(set_input_encoding),
        "read input written in this encoding, converted to UTF-8 (any name iconv knows: latin1, "
        "cp1252, utf-16, ...)");
  if (groups & kJobs)
    desc.add_options()("jobs,j", po::value<int>(&jobs),
                       "worker threads (default 0: all cores; at most 256)");
  if (groups & kJson) desc.add_options()("json", po::bool_switch(&json), "JSON on standard output");
  if (groups & kProgress)
    desc.add_options()("progress", po::bool_switch(&progress), "show progress on standard error")(
        "no-progress", po::bool_switch(&no_progress), "never show progress");
  if (groups & kQuiet)
    desc.add_options()("quiet,q", po::bool_switch(&quiet),
                       "print less (validate: only the summary; show: no board)");
  if (groups & kColor)
    desc.add_options()("color", po::value<std::string>(&color),
                       "colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always "
                       "or never (default auto)");
  if (groups & kShard) add_shard_option(desc, &shard_text);
}

void add_shard_option(po::options_description& desc, std::string* text) {
  // The value is checked as soon as it is read, so that an empty one is an error too.
  auto check = [](const std::string& value) { parse_shard(value); };
  desc.add_options()("shard", po::value<std::string>(text)->notifier(check),
                     "do only share I of N of the run, e.g. 2/4: the run's records, in order, are "
                     "cut into N blocks and this run does block I; the outputs of shards 1..N "
                     "concatenated are the whole run's (see docs/archive.md)");
}

Shard CommonOptions::shard() const {
  return shard_text.empty() ? Shard() : parse_shard(shard_text);
}

void ReadLimits::add_to(po::options_description& desc) {
  desc.add_options()("max-record-bytes", po::value<std::string>(&max_record_bytes_text),
                     "largest record accepted, in bytes (default 67108864)")(
      "max-token-bytes", po::value<std::string>(&max_token_bytes_text),
      "longest movetext token accepted, in bytes (default 1048576)")(
      "max-plies", po::value<int>(&max_plies), "most plies replayed per record (default 100000)")(
      "segment-bytes", po::value<std::string>(&segment_text),
      "a file of 16 segments or more is cut into pieces of about this size (at least 256) "
      "for the workers (0 reads every file whole; default: about 16 pieces per job, 16 KiB "
      "to 64 KiB, and with one job every file whole)");
}

ReadLimits::Checked ReadLimits::checked() const {
  Checked c;
  c.max_record_bytes = parse_unsigned(max_record_bytes_text, "--max-record-bytes");
  c.max_token_bytes = parse_unsigned(max_token_bytes_text, "--max-token-bytes");
  if (max_plies < 1) throw UsageError("--max-plies must be at least 1");
  if (c.max_record_bytes < 1024) throw UsageError("--max-record-bytes must be at least 1024");
  if (c.max_token_bytes < 64) throw UsageError("--max-token-bytes must be at least 64");
  if (!segment_text.empty()) c.segment_bytes = parse_unsigned(segment_text, "--segment-bytes");
  c.max_plies = max_plies;
  return c;
}

int checked_job_count(int jobs) {
  if (jobs < 0 || jobs > kMaxJobs)
    throw UsageError("--jobs must be 0 (all cores) to " + std::to_string(kMaxJobs) + ", not " +
                     std::to_string(jobs));
  if (jobs > 0) return jobs;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min<unsigned>(n, kMaxJobs));
}

int CommonOptions::job_count() const { return checked_job_count(jobs); }

void CommonOptions::check_game_and_options() const {
  if (game_given && game.empty()) throw UsageError("--game: the game name is empty");
  if (options_given && game.empty())
    throw UsageError("--options needs --game: it gives the options of records of that game");
}

bool CommonOptions::colour_on(int fd) const {
  if (color == "never") return false;
  if (color == "always") return !json;
  if (color != "auto")
    throw UsageError("--color must be auto, always or never, not '" + color + "'" +
                     did_you_mean(color, {"auto", "always", "never"}));
  if (json) return false;  // never with JSON output
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  return ::isatty(fd) == 1;
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

namespace {

// The edit distance between a and b (insertions, deletions, substitutions, swaps of two
// neighbours).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

// The long names of every option in `desc`, as "--name".
std::vector<std::string> flag_names(const po::options_description& desc) {
  std::vector<std::string> names;
  for (const auto& o : desc.options())
    if (!o->long_name().empty()) names.push_back("--" + o->long_name());
  return names;
}

// Boost's error for a command line, in scribe's words.
std::string usage_message(const po::error& e, const po::options_description& all,
                          const po::positional_options_description& positional) {
  if (const auto* u = dynamic_cast<const po::unknown_option*>(&e)) {
    const std::string name = u->get_option_name();
    return "unknown option '" + name + "'" + did_you_mean(name, flag_names(all));
  }
  if (dynamic_cast<const po::too_many_positional_options_error*>(&e)) {
    const unsigned most = positional.max_total_count();
    return most == 0 ? std::string("this command takes no PATH argument")
                     : "too many arguments: this command takes " +
                           (most == 1 ? std::string("one PATH") : std::to_string(most) + " PATHs");
  }
  if (const auto* s = dynamic_cast<const po::invalid_command_line_syntax*>(&e)) {
    const std::string name = s->get_option_name();
    switch (s->kind()) {
      case po::invalid_command_line_syntax::missing_parameter:
        return "option '" + name + "' needs a value";
      case po::invalid_command_line_syntax::extra_parameter:
        return "option '" + name + "' takes no value";
      default:
        break;
    }
  }
  if (const auto* m = dynamic_cast<const po::multiple_occurrences*>(&e))
    return "option '" + m->get_option_name() + "' is given more than once";
  if (const auto* a = dynamic_cast<const po::ambiguous_option*>(&e)) {
    std::string alts;
    for (const auto& alt : a->alternatives()) alts += (alts.empty() ? "" : ", ") + ("--" + alt);
    return "option '" + a->get_option_name() + "' is ambiguous: it could be " + alts;
  }
  if (const auto* v = dynamic_cast<const po::validation_error*>(&e)) {
    static const std::regex kValue("the argument \\('(.*)'\\) for option '.*' is invalid.*");
    std::smatch m;
    const std::string what = v->what();
    if (std::regex_match(what, m, kValue))
      return "option '" + v->get_option_name() + "': '" + m[1].str() +
             "' is not a valid value (a whole number is expected)";
  }
  return e.what();
}

}  // namespace

bool parse_command_line(const std::vector<std::string>& args,
                        const po::options_description& visible,
                        const po::options_description& hidden,
                        const po::positional_options_description& positional,
                        po::variables_map* vm) {
  po::options_description all;
  all.add(visible).add(hidden);
  all.add_options()("help,h", "show this help");
  po::variables_map own;
  po::variables_map& map = vm ? *vm : own;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), map);
    if (map.count("help")) {
      std::cout << visible << "  -h [ --help ]         show this help\n";
      return false;
    }
    po::notify(map);
  } catch (const po::error& e) {
    throw UsageError(usage_message(e, visible, positional));
  }
  return true;
}

bool parse_path_command(const std::vector<std::string>& args,
                        const po::options_description& visible, const std::string& command,
                        std::vector<std::string>& paths, po::variables_map* vm) {
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, visible, hidden, pos, vm)) return false;
  if (paths.empty())
    throw UsageError("at least one PATH is required (see scribe " + command + " --help)");
  return true;
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::numeric_limits<std::size_t>::max();
  for (const auto& c : candidates) {
    const std::size_t dist = edit_distance(word, c);
    if (dist < best_distance) {
      best_distance = dist;
      best = c;
    }
  }
  // A slip: at most a third of the word changed (and at least one edit allowed).
  const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
  return best_distance <= allowed && best != word ? best : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string best = closest_match(word, candidates);
  return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

}  // namespace scribe::app
