// scribe find: the records that match every criterion given, verbatim, listed or as JSON.
#include <unistd.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// The criteria of one run; a record matches when it meets every one given.
struct Criteria {
  std::optional<std::string> game;     // canonical game name (--game)
  std::optional<std::string> options;  // canonical options (--options)
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> players;
  std::optional<std::string> result;
  std::optional<bool> valid;
  std::vector<std::string> codes;
  int min_plies = 0, max_plies = INT_MAX;
  std::vector<std::string> moves;            // --moves, as written
  std::shared_ptr<PositionTarget> position;  // --position
  bool final_only = false;                   // --final
  bool needs_positions() const { return !moves.empty() || position != nullptr; }
};

// How matches are written.
enum class Style { kRecords, kList, kJson };

// What one record (or file problem) gives the output.
struct FindItem {
  bool problem = false, unreadable = false, invalid = false, matched = false;
  int plies = 0;
  RecordShape shape;  // what the output stream must know of the record
  std::string file;   // where a match stands (for a report when it is left out)
  std::uint32_t line_no = 0;
  int index = 0;
  std::string record_text;  // the record verbatim (matches, when records are written)
  std::string line;         // the --list line or --json object of a match, or a problem's JSON
  std::string err;          // a file problem's human report
};

// Reads "N", "MIN-MAX", "MIN-" or "-MAX" into `c`.
void parse_plies(const std::string& text, Criteria& c) {
  static const std::regex kRange("([0-9]{1,9})?(-)?([0-9]{1,9})?");
  std::smatch m;
  if (text.empty() || !std::regex_match(text, m, kRange) || (!m[1].matched && !m[3].matched))
    throw UsageError("--plies '" + text + "': expected N, MIN-MAX, MIN- or -MAX (whole numbers)");
  const int lo = m[1].matched ? std::stoi(m[1].str()) : 0;
  const int hi = m[3].matched ? std::stoi(m[3].str()) : (m[2].matched ? INT_MAX : lo);
  if (!m[2].matched && m[3].matched)
    throw UsageError("--plies '" + text + "': expected N, MIN-MAX, MIN- or -MAX");
  if (lo > hi) throw UsageError("--plies '" + text + "': MIN is above MAX");
  c.min_plies = lo;
  c.max_plies = hi;
}

// Reads --tag NAME=VALUE.
std::pair<std::string, std::string> parse_tag(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--tag '" + text + "': expected NAME=VALUE, e.g. --tag Event=Open");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

// What replay saw of a record, for --moves and --position: whether its first plies are the
// --moves plies, and the first ply after which it stood in the --position.
struct Seen {
  bool moves_match = true;
  std::optional<PositionTarget::Text> target;  // the --position in the record's configuration
  std::optional<int> position_ply;
};

// Replays `record`, noting in `seen` what --moves and --position need (no position is kept).
engine::ReplayResult replay_seeing(const notation::Record& record,
                                   const engine::ReplayOptions& replay, const Criteria& c,
                                   Seen& seen) {
  if (c.moves.empty() && (!c.position || c.final_only))
    return engine::replay(catalog_games(), record, replay);
  engine::ReplayOptions o = replay;
  const bool all_positions = c.position && !c.final_only;
  o.on_position = [&](const engine::ReplayResult& so_far, const engine::State& state, int n) {
    const auto i = static_cast<std::size_t>(n);
    if (i < c.moves.size() && seen.moves_match) {
      const auto given = state.canonical_move(c.moves[i]);
      seen.moves_match =
          i < record.plies.size() && given &&
          *given == canonical_ply(state, std::string(record.text_of(record.plies[i])));
    }
    if (!all_positions) return;
    if (n == 0) seen.target = c.position->in(so_far);
    if (seen.target && !seen.position_ply && PositionTarget::stands_in(state, *seen.target))
      seen.position_ply = n;
  };
  return engine::replay(catalog_games(), record, o);
}

// The first ply (0 = the start) at which the record stands in `c.position`, if any.
std::optional<int> position_ply(const engine::ReplayResult& rr, const Criteria& c,
                                const Seen& seen) {
  if (!c.final_only) return seen.position_ply;
  const auto target = c.position->in(rr);
  if (target && rr.final_state && rr.final_state->position_text() == target->canonical)
    return rr.plies;
  return std::nullopt;
}

// Whether the record's tags and replay meet the criteria that need no positions.
bool meets_plain(const notation::Record& record, const engine::ReplayResult& rr,
                 const Criteria& c) {
  if (c.game && rr.game.value_or("") != *c.game) return false;
  if (c.options && (!rr.variant || canonical_options(rr) != *c.options)) return false;
  for (const auto& [name, value] : c.tags) {
    const notation::Tag* t = record.find_tag(name);
    if (t == nullptr || t->value != value) return false;
  }
  for (const std::string& player : c.players) {
    bool found = false;
    for (const auto& t : record.tags)
      found = found || (t.name.rfind("Player", 0) == 0 && t.name.size() > 6 && t.value == player);
    if (!found) return false;
  }
  if (c.result && rr.result != *c.result) return false;
  if (c.valid && rr.valid() != *c.valid) return false;
  for (const std::string& code : c.codes) {
    bool found = false;
    for (const auto& d : rr.diagnostics) found = found || d.code == code;
    if (!found) return false;
  }
  return rr.plies >= c.min_plies && rr.plies <= c.max_plies;
}

// Replays one record and says whether and how it matches.
FindItem check(const notation::Record& record, const engine::ReplayOptions& replay,
               const Criteria& c, Style style, bool write_records) {
  Seen seen;
  const engine::ReplayResult rr = replay_seeing(record, replay, c, seen);
  FindItem item;
  item.invalid = !rr.valid();
  item.plies = rr.plies;
  if (!meets_plain(record, rr, c)) return item;
  if (!c.moves.empty() && (!seen.moves_match || rr.plies < static_cast<int>(c.moves.size())))
    return item;
  std::optional<int> ply;
  if (c.position && !(ply = position_ply(rr, c, seen))) return item;
  item.matched = true;
  item.file = record.file;
  item.line_no = record.line;
  item.index = record.index;
  if (write_records) {
    item.record_text = separated_text(record.text);
    item.shape = shape_of(record);
  }
  if (style == Style::kList)
    item.line = location_text(record.file, record.line, record.index) + "\n";
  if (style == Style::kJson) {
    JsonWriter w(item.line);
    w.begin_object().key("file").value(record.file).key("index").value(record.index);
    w.key("line").value(record.line).key("game").value(rr.game);
    w.key("status").value(rr.valid() ? "valid" : "invalid").key("plies").value(rr.plies);
    w.key("result").value(rr.result);
    if (ply) w.key("ply").value(*ply);
    w.end_object().newline();
  }
  return item;
}

}  // namespace

namespace {

// What find writes and the totals it keeps.
struct FindRun {
  Criteria criteria;
  Style style = Style::kRecords;
  std::string out;  // --out FILE, or "" for standard output
  bool quiet = false;
  bool colour = false;
  bool progress = false;
};

// Reads every record of `paths` and writes the matches; returns the exit status.
int run_find(const std::vector<std::string>& paths, const ScanSettings& scan,
             const engine::ReplayOptions& replay, const FindRun& run) {
  const auto start = std::chrono::steady_clock::now();
  const bool write_records = !run.out.empty() || run.style == Style::kRecords;
  std::unique_ptr<AtomicFile> file;
  if (!run.out.empty()) file = std::make_unique<AtomicFile>(run.out);
  ValidateSettings problem_settings;
  problem_settings.json = run.style == Style::kJson;
  problem_settings.colour = run.colour;
  Summary totals;
  long matched = 0, left_out = 0;
  RecordStream stream;
  Progress progress(run.progress);

  auto on_record = [&](const notation::Record& record) {
    return check(record, replay, run.criteria, run.style, write_records);
  };
  auto on_problem = [&](const std::string& display, const notation::FileProblem& problem) {
    const RecordReport r = file_report(display, problem, problem_settings);
    FindItem item;
    item.problem = true;
    item.unreadable = problem.unreadable;
    item.invalid = !problem.unreadable;
    item.line = r.json;
    item.err = r.human;
    return item;
  };
  auto emit = [&](const FindItem& item, std::uint64_t done, std::uint64_t total) {
    totals.count_item(item);
    if (item.problem) {
      if (run.style == Style::kJson)
        std::fwrite(item.line.data(), 1, item.line.size(), stdout);
      else
        std::fwrite(item.err.data(), 1, item.err.size(), stderr);
    } else if (item.matched) {
      ++matched;
      const std::string refused = write_records ? stream.refusal(item.shape) : std::string();
      if (!refused.empty()) {
        ++left_out;
        const std::string l = location_text(item.file, item.line_no, item.index) +
                              ": matched, but " + refused + "; it is left out\n";
        std::fwrite(l.data(), 1, l.size(), stderr);
      } else if (write_records) {
        stream.wrote(item.shape);
        if (file) file->write(item.record_text);
      }
      // Standard output gets the record (when no file does) or the --list / --json line.
      if (run.style != Style::kRecords)
        std::fwrite(item.line.data(), 1, item.line.size(), stdout);
      else if (!file && refused.empty())
        std::fwrite(item.record_text.data(), 1, item.record_text.size(), stdout);
    }
    progress.update(totals, start, done, total);
  };
  scan_records<FindItem>(paths, scan, on_record, on_problem, emit);
  progress.clear();
  if (run.criteria.position && !run.criteria.position->readable())
    throw UsageError("--position: invalid position text: " + run.criteria.position->error +
                     " (and no record read has options in which it is a position)");
  if (file) file->commit();

  if (run.style == Style::kJson) {
    std::string o;
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("matched").value(matched).key("invalid").value(totals.invalid);
    if (left_out > 0) w.key("left_out").value(left_out);
    w.key("unreadable").value(totals.unreadable).key("plies").value(totals.plies);
    w.end_object().end_object().newline();
    std::fwrite(o.data(), 1, o.size(), stdout);
  } else if (!run.quiet) {
    std::string tail = totals.unreadable_note();
    if (left_out > 0) tail += "; " + std::to_string(left_out) + " matches left out (see above)";
    std::fprintf(stderr, "%ld records read: %ld matched, %ld invalid%s\n", totals.records, matched,
                 totals.invalid, tail.c_str());
  }
  std::fflush(stdout);
  if (totals.unreadable > 0) return kExitUsage;
  return matched > 0 && left_out == 0 ? kExitOk : kExitInvalid;
}

// Fills the criteria from the command line (usage errors for bad values).
Criteria criteria_of(const po::variables_map& vm, const CommonOptions& common, bool final_only) {
  Criteria c;
  auto get = [&vm](const char* name) { return vm[name].as<std::string>(); };
  auto many = [&vm](const char* name) {
    return vm.count(name) ? vm[name].as<std::vector<std::string>>() : std::vector<std::string>{};
  };
  if (!common.game.empty()) {
    const CatalogEntry& entry = game_entry(common.game, "--game");
    c.game = entry.game->info().name;
    if (common.options_given)
      c.options =
          usable_variant(entry, common.game, common.options, engine::Mode::kStrict)->options_text();
  }
  for (const std::string& t : many("tag")) c.tags.push_back(parse_tag(t));
  c.players = many("player");
  if (vm.count("result")) c.result = get("result");
  if (vm.count("status")) {
    const std::string s = get("status");
    if (s != "valid" && s != "invalid")
      throw UsageError("--status must be valid or invalid, not '" + s + "'" +
                       did_you_mean(s, {"valid", "invalid"}));
    c.valid = s == "valid";
  }
  static const std::regex kCode("[a-z0-9-]+\\.[a-z0-9.-]+");
  for (const std::string& code : many("code")) {
    if (!std::regex_match(code, kCode))
      throw UsageError("--code '" + code +
                       "': expected a diagnostic code such as druid.lintel-shape"
                       " (scribe games lists them)");
    c.codes.push_back(code);
  }
  if (vm.count("plies")) parse_plies(get("plies"), c);
  if (vm.count("moves")) c.moves = read_moves_option(get("moves"), common);
  if (vm.count("position")) c.position = position_target(get("position"), common);
  if (final_only && !c.position) throw UsageError("--final needs --position");
  c.final_only = final_only;
  return c;
}

}  // namespace

int command_find(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  bool final_only = false, list = false;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe find PATH... [criteria] [options]\n\n"
      "Prints the records that meet every criterion given, verbatim (or --list, --json).\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "--game and --options are criteria too: only records of that game (and options) match;\n"
      "records without a Game tag are read as --game. Invalid records are counted and found by\n"
      "--status invalid. A summary goes to standard error.\n"
      "A record that cannot follow another in one output (one without tags) is reported and\n"
      "left out.\n"
      "Exit status: 0 some record matched (and all were written), 1 none matched or some match\n"
      "was left out, 2 usage error or unreadable input.\n\n"
      "Examples:\n"
      "  scribe find archive/ --player camb --result V\n"
      "  scribe find games.rec --game druid --moves \"1. b4 2. b5\" --list\n"
      "  scribe find archive/ --position \"druid square:8 a5=h,b4=v,b5=h,b6=v - - V 0 -\" --json\n"
      "  scribe find archive/ --status invalid --code druid.lintel-shape --out bad.rec\n"
      "  scribe find archive/ --tag Event=Open --plies 20-40\n\nOptions");
  ao.add_to(desc,
            "write the matching records to FILE (whole, or not at all) instead of "
            "standard output");
  desc.add_options()("tag", po::value<std::vector<std::string>>()->composing(),
                     "NAME=VALUE: records with this tag, exactly (repeatable)")(
      "player", po::value<std::vector<std::string>>()->composing(),
      "records where a PlayerN tag is NAME, exactly (repeatable)")(
      "result", po::value<std::string>(), "records that stand at this result (V, H, draw, *, ...)")(
      "status", po::value<std::string>(), "valid or invalid")(
      "code", po::value<std::vector<std::string>>()->composing(),
      "records with a diagnostic of this code (repeatable)")(
      "plies", po::value<std::string>(), "records of N, MIN-MAX, MIN- or -MAX plies")(
      "moves", po::value<std::string>(),
      "records that start with this movetext, compared ply by ply in canonical form")(
      "position", po::value<std::string>(),
      "records that reach this position text at any ply, by any order")(
      "final", po::bool_switch(&final_only), "with --position: the final position only")(
      "list", po::bool_switch(&list), "print FILE:LINE: record N for each match");
  po::variables_map vm;
  if (!parse_path_command(args, desc, "find", paths, &vm)) return kExitOk;
  if (list && ao.common.json) throw UsageError("--list and --json cannot be given together");
  const engine::ReplayOptions replay = ao.replay();
  FindRun run;
  run.criteria = criteria_of(vm, ao.common, final_only);
  run.style = list ? Style::kList : ao.common.json ? Style::kJson : Style::kRecords;
  run.out = ao.out;
  if (!run.out.empty()) check_out_path(run.out, ao.force);
  run.quiet = ao.common.quiet;
  run.colour = ao.common.colour_on(STDERR_FILENO);
  run.progress = ao.progress_on();
  return run_find(paths, ao.scan_settings(), replay, run);
}

}  // namespace scribe::app
