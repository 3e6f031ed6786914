// scribe stats: per game and options, the records, statuses, results, lengths, first plies,
// error codes and players of an archive, as text or JSON, and as charts (--charts DIR).
#include "app/commands/stats.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"
#include "app/commands/archive_out.hpp"
#include "app/commands/archive_run.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/report.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// The largest --top accepted.
constexpr int kMaxTop = 1000;

// How stats runs.
struct StatsRun : ReadingRun {
  std::size_t top = 10;
  std::string charts, theme = "light";
  bool force = false;
};

// How the side `side` fared in a record that stands at `result`.
const char* outcome(const std::string& result, const std::string& side) {
  if (result == "draw") return "drawn";
  if (result == "*") return "unfinished";
  return result == side ? "won" : "lost";
}

}  // namespace

// Replays one record and notes what the figures need: its first ply in canonical form and the
// sides of its first plies (PlayerN plays the Nth side to move from the start).
StatsItem examine_for_stats(const notation::Record& record, const engine::ReplayOptions& replay,
                            engine::ReplayResult* kept) {
  StatsItem item;
  std::vector<std::string>& seats = item.sides;
  engine::ReplayOptions o = replay;
  o.on_position = [&](const engine::ReplayResult& so_far, const engine::State& state, int n) {
    if (n == 0 && !record.plies.empty())
      item.first_ply = canonical_ply(state, std::string(record.text_of(record.plies.front())));
    if (so_far.variant && n < so_far.variant->num_players()) seats.push_back(state.side_to_move());
  };
  engine::ReplayResult replayed = engine::replay(catalog_games(), record, o);
  const engine::ReplayResult& rr = kept ? (*kept = std::move(replayed)) : replayed;
  item.invalid = !rr.valid();
  item.warned = rr.valid() && rr.warnings > 0;
  item.game = rr.game.value_or("");
  item.options = canonical_options(rr);
  item.result = rr.result;
  item.plies = rr.plies;
  if (rr.plies == 0) item.first_ply.clear();
  for (const auto& d : rr.diagnostics)
    item.codes.emplace_back(d.code, d.severity == notation::Severity::kError);
  if (item.invalid) return item;
  for (const auto& tag : record.tags) {
    if (tag.name.size() != 7 || tag.name.rfind("Player", 0) != 0 || tag.value.empty() ||
        tag.value == "?")
      continue;  // "?": an unknown player
    const int seat = tag.name[6] - '1';
    if (seat < 0 || seat >= static_cast<int>(seats.size()) || seats[seat].empty()) continue;
    item.players.emplace_back(tag.value, outcome(rr.result, seats[static_cast<std::size_t>(seat)]));
  }
  return item;
}

// Adds one record to its group.
void add_to(StatsGroup& g, const StatsItem& item) {
  ++g.records;
  for (const auto& [code, error] : item.codes) {
    CodeTally& c = g.codes[code];
    ++c.count;
    if (c.severity.empty()) c.severity = error ? "error" : "warning";
  }
  if (item.invalid) {
    ++g.invalid;
    return;
  }
  ++g.valid;
  g.sides.insert(item.sides.begin(), item.sides.end());
  if (item.warned) ++g.warned;
  g.results.add(item.result, item.plies);
  ++g.lengths[item.plies];
  if (!item.first_ply.empty()) ++g.openings[item.first_ply];
  for (const auto& [name, how] : item.players) {
    PlayerTally& p = g.players[name];
    ++p.games;
    const std::string h = how;
    ++(h == "won" ? p.won : h == "lost" ? p.lost : h == "drawn" ? p.drawn : p.unfinished);
  }
}

namespace {

// The median as text: a whole number, or with ".5".
std::string median_text(double m) {
  const long whole = static_cast<long>(m);
  return std::to_string(whole) + (static_cast<double>(whole) == m ? "" : ".5");
}

// "name n, name n, ..." of `entries`, or "none".
std::string counts_line(const std::vector<std::pair<std::string, long>>& entries) {
  std::string o;
  for (const auto& [name, n] : entries)
    o += (o.empty() ? "" : ", ") + name + " " + std::to_string(n);
  return o.empty() ? "none" : o;
}

// One group as text.
std::string group_text(const StatsGroup& g, std::size_t top) {
  std::string o = configuration_label(g.game, g.options) + ": " + count_of(g.records, "record") +
                  ", " + std::to_string(g.valid) + " valid (" + std::to_string(g.warned) +
                  " with warnings), " + std::to_string(g.invalid) + " invalid\n";
  std::vector<std::pair<std::string, long>> results;
  for (const std::string& side : sides_in_order(g.game, {&g.results}, g.sides)) {
    const auto it = g.results.wins.find(side);
    results.emplace_back(side, it == g.results.wins.end() ? 0 : it->second);
  }
  results.emplace_back("draw", g.results.draws);
  results.emplace_back("*", g.results.unfinished);
  o += "  results: " + counts_line(results) + "\n";
  if (!g.lengths.empty()) {
    o += "  length (plies): min " + std::to_string(g.lengths.begin()->first) + ", median " +
         median_text(g.median()) + ", mean " + g.results.mean_text() + ", max " +
         std::to_string(g.lengths.rbegin()->first) + "\n";
    const auto buckets = g.histogram();
    long most = 1;
    for (const auto& b : buckets) most = std::max(most, b.count);
    for (const auto& b : buckets) {
      std::string range =
          std::to_string(b.from) + (b.to > b.from ? "-" + std::to_string(b.to) : "");
      range.resize(std::max<std::size_t>(range.size(), 12), ' ');
      std::string n = std::to_string(b.count);
      n = std::string(n.size() < 8 ? 8 - n.size() : 0, ' ') + n;
      std::string row = "    " + range + n + "  " +
                        std::string(static_cast<std::size_t>(b.count * 40 / most), '#');
      while (row.back() == ' ') row.pop_back();
      o += row + "\n";
    }
  }
  o += "  first plies: " + counts_line(StatsGroup::most(g.openings, top)) + "\n";
  std::vector<std::pair<std::string, long>> codes;
  for (const auto& [code, c] : g.top_codes(top))
    codes.emplace_back(code + " (" + c.severity + ")", c.count);
  o += "  codes: " + counts_line(codes) + "\n";
  const auto players = g.top_players(top);
  o += "  players (games, won, lost, drawn, unfinished)" +
       std::string(players.empty() ? ": none" : ":") + "\n";
  for (const auto& [name, p] : players)
    o += "    " + name + ": " + std::to_string(p.games) + ", " + std::to_string(p.won) + ", " +
         std::to_string(p.lost) + ", " + std::to_string(p.drawn) + ", " +
         std::to_string(p.unfinished) + "\n";
  if (g.players.size() > players.size())
    o += "    (" + std::to_string(g.players.size() - players.size()) + " more players)\n";
  return o;
}

// One group as a JSON object.
std::string group_json(const StatsGroup& g, std::size_t top) {
  std::string o;
  JsonWriter w(o);
  w.begin_object().key("game").value(g.game).key("options").value(g.options);
  w.key("records").value(g.records).key("valid").value(g.valid).key("warned").value(g.warned);
  w.key("invalid").value(g.invalid).key("results").begin_object();
  for (const auto& [side, n] : g.results.wins) w.key(side).value(n);
  w.end_object().key("draws").value(g.results.draws).key("unfinished").value(g.results.unfinished);
  w.key("length").begin_object();
  if (!g.lengths.empty()) {
    w.key("min").value(g.lengths.begin()->first).key("median").number_text(median_text(g.median()));
    w.key("mean").number_text(g.results.mean_text()).key("max").value(g.lengths.rbegin()->first);
  }
  w.key("histogram").begin_array();
  for (const auto& b : g.histogram())
    w.begin_object()
        .key("from")
        .value(b.from)
        .key("to")
        .value(b.to)
        .key("count")
        .value(b.count)
        .end_object();
  w.end_array().end_object().key("first_plies").begin_array();
  for (const auto& [ply, n] : StatsGroup::most(g.openings, top))
    w.begin_object().key("ply_text").value(ply).key("count").value(n).end_object();
  w.end_array().key("codes").begin_array();
  for (const auto& [code, c] : g.top_codes(top))
    w.begin_object()
        .key("code")
        .value(code)
        .key("severity")
        .value(c.severity)
        .key("count")
        .value(c.count)
        .end_object();
  w.end_array().key("players").begin_array();
  for (const auto& [name, p] : g.top_players(top))
    w.begin_object()
        .key("name")
        .value(name)
        .key("games")
        .value(p.games)
        .key("won")
        .value(p.won)
        .key("lost")
        .value(p.lost)
        .key("drawn")
        .value(p.drawn)
        .key("unfinished")
        .value(p.unfinished)
        .end_object();
  w.end_array().key("players_total").value(static_cast<long>(g.players.size()));
  w.end_object().newline();
  return o;
}

// Reads every record of `paths` and prints the figures; returns the exit status.
int run_stats(const std::vector<std::string>& paths, const StatsRun& run) {
  ArchiveRun<StatsItem> scan(run.json, run.colour, run.progress);
  const Summary& totals = scan.totals;
  std::vector<StatsGroup> groups;  // in the order their configurations first appear
  std::map<std::pair<std::string, std::string>, std::size_t> group_of;
  auto each = [&](const StatsItem& item) {
    if (item.problem) {
      scan.report_problem(item);
    } else {
      auto [it, fresh] = group_of.try_emplace({item.game, item.options}, groups.size());
      if (fresh) {
        groups.emplace_back();
        groups.back().game = item.game;
        groups.back().options = item.options;
      }
      add_to(groups[it->second], item);
    }
  };
  const engine::ReplayOptions& replay = run.replay;
  scan.scan(
      paths, run.scan,
      [&replay](const notation::Record& r) { return examine_for_stats(r, replay); }, each);
  std::vector<std::string> written;
  if (!run.charts.empty())
    written = write_stats_charts(groups, run.charts, run.theme, run.top, run.force);
  std::string o;
  for (std::size_t i = 0; i < groups.size(); ++i)
    o += run.json ? group_json(groups[i], run.top)
                  : (i > 0 ? "\n" : "") + group_text(groups[i], run.top);
  if (run.json) {
    JsonWriter w(o);
    w.begin_object().key("summary").begin_object().key("records").value(totals.records);
    w.key("invalid").value(totals.invalid).key("unreadable").value(totals.unreadable);
    w.key("plies").value(totals.plies).key("groups").value(static_cast<long>(groups.size()));
    w.key("charts").strings(written).end_object().end_object().newline();
  }
  std::fwrite(o.data(), 1, o.size(), stdout);
  if (!run.json && !run.quiet) {
    std::string l = count_of(totals.records, "record") + " read in " +
                    std::to_string(groups.size()) +
                    (groups.size() == 1 ? " group, " : " groups, ") +
                    std::to_string(totals.invalid) + " invalid";
    l += totals.unreadable_note();
    if (!written.empty())
      l += "; " + std::to_string(written.size()) + " charts written to " + run.charts;
    l += "\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
  }
  return scan.status(totals.invalid > 0);
}

}  // namespace

int command_stats(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  StatsRun run;
  int top = 10;
  bool charts_given = false;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe stats PATH... [--json] [--charts DIR] [options]\n\n"
      "Figures per game and options: records and their status (valid, valid with warnings,\n"
      "invalid), results by side, game lengths (min, median, mean, max and a histogram), the\n"
      "most played first plies, the most frequent diagnostic codes, and the players with their\n"
      "games and results. Statuses and codes count every record; the rest counts valid ones.\n"
      "PlayerN plays the Nth side to move from the start.\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Exit status: 0 done, 1 some record invalid, 2 usage error, unreadable input or a chart\n"
      "not written.\n\n"
      "Examples:\n"
      "  scribe stats archive/\n"
      "  scribe stats archive/ --json --top 20\n"
      "  scribe stats archive/ --charts charts/ --theme dark\n\nOptions");
  ao.common.add_to(desc);
  desc.add_options()("top", po::value<int>(&top),
                     "list the N most played first plies, codes and players (default 10)")(
      "charts", po::value<std::string>(&run.charts)->notifier(mark_given(&charts_given)),
      "draw the figures of each group as PNG and SVG files into DIR (created if missing)")(
      "theme", po::value<std::string>(&run.theme), "charts: light (default), dark or print")(
      "force", po::bool_switch(&run.force), "overwrite chart files that exist");
  ao.limits.add_to(desc);
  if (!parse_path_command(args, desc, "stats", paths)) return kExitOk;
  if (top < 1 || top > kMaxTop)
    throw UsageError("--top must be 1 to " + std::to_string(kMaxTop) + ", not " +
                     std::to_string(top));
  run.top = static_cast<std::size_t>(top);
  if (charts_given && run.charts.empty()) throw UsageError("--charts: the directory name is empty");
  if (run.theme != "light" && run.theme != "dark" && run.theme != "print")
    throw UsageError("--theme must be light, dark or print, not '" + run.theme + "'" +
                     did_you_mean(run.theme, {"light", "dark", "print"}));
  static_cast<ReadingRun&>(run) = ao.reading_run();
  if (!run.charts.empty()) {
    // Made before the scan, so that an unusable DIR stops the run before any work.
    make_out_folder(run.charts, "--charts");
  }
  return run_stats(paths, run);
}

}  // namespace scribe::app
