// scribe tree: the plies played next from a point (the start, after --moves, or at a
// --position), with their counts, results and mean game length, one tree per configuration.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <set>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"
#include "app/commands/archive_run.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/report.hpp"
#include "app/commands/tally.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// The deepest --depth accepted.
constexpr int kMaxDepth = 64;

// How tree runs.
struct TreeRun : ReadingRun {
  std::vector<std::string> moves;            // --moves, as written
  std::shared_ptr<PositionTarget> position;  // --position
  int depth = 1;
};

// What one record (or file problem) gives the tree.
struct TreeItem {
  bool problem = false, unreadable = false, invalid = false;
  bool reached = false;  // the record is valid and stands at the point at some ply
  std::string game, options, result;
  int plies = 0;
  std::vector<std::string> next;   // the canonical plies played from the point, up to --depth
  std::vector<std::string> sides;  // the sides to move at the first positions (one per seat)
  std::string where;               // "FILE:LINE: record N"
  std::string report;              // a file problem's report (human or JSON)
};

// Replays one record and notes the plies it plays from the point (no position is kept).
TreeItem trace(const notation::Record& record, const TreeRun& run) {
  TreeItem item;
  item.where = location_text(record.file, record.line, record.index);
  std::optional<int> start;
  if (run.moves.empty() && !run.position) start = 0;
  bool moves_match = true;
  std::optional<PositionTarget::Text> target;
  engine::ReplayOptions o = run.replay;
  o.on_position = [&](const engine::ReplayResult& so_far, const engine::State& state, int n) {
    const auto i = static_cast<std::size_t>(n);
    if (so_far.variant && n < so_far.variant->num_players())
      item.sides.push_back(state.side_to_move());
    if (!run.moves.empty() && moves_match) {
      if (i < run.moves.size()) {
        const auto given = state.canonical_move(run.moves[i]);
        moves_match = i < record.plies.size() && given &&
                      *given == canonical_ply(state, std::string(record.text_of(record.plies[i])));
      } else if (i == run.moves.size()) {
        start = n;
      }
    }
    if (run.position && !start) {
      if (n == 0) target = run.position->in(so_far);
      if (target && PositionTarget::stands_in(state, *target)) start = n;
    }
    if (start && n - *start < run.depth && i < record.plies.size())
      item.next.push_back(canonical_ply(state, std::string(record.text_of(record.plies[i]))));
  };
  const engine::ReplayResult rr = engine::replay(catalog_games(), record, o);
  item.invalid = !rr.valid();
  item.plies = rr.plies;
  item.game = rr.game.value_or("");
  item.options = canonical_options(rr);
  item.result = rr.result;
  item.reached = start.has_value() && !item.invalid;
  // Plies after the last legal one are never reached; an invalid record counts for nothing.
  if (!item.reached) item.next.clear();
  return item;
}

// One ply of the tree: the records that played it there, and the plies they played next.
struct Node {
  ResultTally tally;
  std::map<std::string, std::unique_ptr<Node>> children;
};

// The tree of one configuration.
struct Tree {
  std::string game, options;
  ResultTally reached;          // every record that stands at the point
  long ended = 0;               // of those, the records with no ply after it
  std::set<std::string> sides;  // the sides of the records' seats
  Node root;
};

// Adds a record that reached the point to `tree`.
void add_to(Tree& tree, const TreeItem& item) {
  tree.reached.add(item.result, item.plies);
  tree.sides.insert(item.sides.begin(), item.sides.end());
  if (item.next.empty()) ++tree.ended;
  Node* node = &tree.root;
  for (const std::string& ply : item.next) {
    auto& child = node->children[ply];
    if (!child) child = std::make_unique<Node>();
    child->tally.add(item.result, item.plies);
    node = child.get();
  }
}

// The children of `node`, most played first (then by ply text).
std::vector<std::pair<const std::string*, const Node*>> ranked(const Node& node) {
  std::vector<std::pair<const std::string*, const Node*>> out;
  for (const auto& [ply, child] : node.children) out.emplace_back(&ply, child.get());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.second->tally.count > b.second->tally.count;
  });
  return out;
}

// Collects every tally of a subtree (for the side columns).
void all_tallies(const Node& node, std::vector<const ResultTally*>& out) {
  for (const auto& [ply, child] : node.children) {
    out.push_back(&child->tally);
    all_tallies(*child, out);
  }
}

// Text cell `s` right-aligned in `width` columns.
std::string right(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// Writes the rows of `node`'s children (indented two spaces per level) as text.
void text_rows(const Node& node, int level, const std::vector<std::string>& sides,
               std::size_t ply_width, std::string& o) {
  for (const auto& [ply, child] : ranked(node)) {
    const ResultTally& t = child->tally;
    std::string label = std::string(static_cast<std::size_t>(2 * level), ' ') + *ply;
    o += label + std::string(ply_width > label.size() ? ply_width - label.size() : 0, ' ');
    o += right(std::to_string(t.count), 7);
    for (const std::string& side : sides) {
      const auto it = t.wins.find(side);
      o += right(std::to_string(it == t.wins.end() ? 0 : it->second),
                 std::max<std::size_t>(6, side.size() + 1));
    }
    o += right(std::to_string(t.draws), 6) + right(std::to_string(t.unfinished), 6);
    o += right(t.mean_text(), 12) + "\n";
    text_rows(*child, level + 1, sides, ply_width, o);
  }
}

// The widest ply label of a subtree (with its indentation).
std::size_t label_width(const Node& node, int level) {
  std::size_t w = 0;
  for (const auto& [ply, child] : node.children)
    w = std::max(
        {w, ply.size() + static_cast<std::size_t>(2 * level), label_width(*child, level + 1)});
  return w;
}

// The point the trees start from, in words.
std::string point_words(const TreeRun& run) {
  if (run.position) return "the position";
  if (!run.moves.empty()) return "the position after --moves";
  return "the start";
}

// One tree as a text table.
std::string tree_text(const Tree& tree, const TreeRun& run) {
  std::vector<const ResultTally*> tallies;
  all_tallies(tree.root, tallies);
  const std::vector<std::string> sides = sides_in_order(tree.game, tallies, tree.sides);
  std::string o = configuration_label(tree.game, tree.options) + ": " +
                  count_of(tree.reached.count, "record") +
                  (tree.reached.count == 1 ? " reaches " : " reach ") + point_words(run) + ", " +
                  std::to_string(tree.ended) + " end there\n";
  const std::size_t ply_width = std::max<std::size_t>(8, label_width(tree.root, 0) + 2);
  o += "ply" + std::string(ply_width - 3, ' ') + right("games", 7);
  for (const std::string& side : sides) o += right(side, std::max<std::size_t>(6, side.size() + 1));
  o += right("draw", 6) + right("*", 6) + right("mean plies", 12) + "\n";
  text_rows(tree.root, 0, sides, ply_width, o);
  return o;
}

// Writes one JSON object per node of `node`'s subtree, depth first, most played first.
void json_rows(const Tree& tree, const Node& node, std::vector<std::string>& path, std::string& o) {
  for (const auto& [ply, child] : ranked(node)) {
    path.push_back(*ply);
    const ResultTally& t = child->tally;
    JsonWriter w(o);
    w.begin_object().key("game").value(tree.game).key("options").value(tree.options);
    w.key("depth").value(static_cast<long>(path.size())).key("path").strings(path);
    w.key("ply_text").value(*ply).key("count").value(t.count);
    w.key("results").begin_object();
    for (const auto& [side, n] : t.wins) w.key(side).value(n);
    w.end_object().key("draws").value(t.draws).key("unfinished").value(t.unfinished);
    w.key("mean_plies").number_text(t.mean_text()).end_object().newline();
    json_rows(tree, *child, path, o);
    path.pop_back();
  }
}

// The summary object of --json.
std::string json_summary(const Summary& totals, const std::vector<Tree>& trees) {
  std::string o;
  JsonWriter w(o);
  w.begin_object().key("summary").begin_object().key("records").value(totals.records);
  w.key("invalid").value(totals.invalid).key("unreadable").value(totals.unreadable);
  w.key("plies").value(totals.plies).key("trees").begin_array();
  for (const Tree& t : trees)
    w.begin_object()
        .key("game")
        .value(t.game)
        .key("options")
        .value(t.options)
        .key("reached")
        .value(t.reached.count)
        .key("ended")
        .value(t.ended)
        .key("mean_plies")
        .number_text(t.reached.mean_text())
        .end_object();
  w.end_array().end_object().end_object().newline();
  return o;
}

// Reads every record of `paths` and prints the trees; returns the exit status.
int run_tree(const std::vector<std::string>& paths, const TreeRun& run) {
  ArchiveRun<TreeItem> scan(run.json, run.colour, run.progress);
  const Summary& totals = scan.totals;
  std::vector<Tree> trees;  // in the order their configurations first appear
  std::map<std::pair<std::string, std::string>, std::size_t> tree_of;
  auto each = [&](const TreeItem& item) {
    if (item.problem) {
      scan.report_problem(item);
    } else if (item.invalid && !run.json && !run.quiet) {
      const std::string l = item.where + ": invalid, not counted (see scribe validate)\n";
      std::fwrite(l.data(), 1, l.size(), stderr);
    } else if (item.reached) {
      auto [it, fresh] = tree_of.try_emplace({item.game, item.options}, trees.size());
      if (fresh) trees.push_back(Tree{item.game, item.options, {}, 0, {}, {}});
      add_to(trees[it->second], item);
    }
  };
  scan.scan(
      paths, run.scan, [&run](const notation::Record& r) { return trace(r, run); }, each);
  if (run.position && !run.position->readable())
    throw UsageError("--position: invalid position text: " + run.position->error +
                     " (and no record read has options in which it is a position)");
  std::string o;
  for (std::size_t i = 0; i < trees.size(); ++i) {
    if (run.json) {
      std::vector<std::string> path;
      json_rows(trees[i], trees[i].root, path, o);
    } else {
      o += (i > 0 ? "\n" : "") + tree_text(trees[i], run);
    }
  }
  if (run.json) o += json_summary(totals, trees);
  std::fwrite(o.data(), 1, o.size(), stdout);
  if (!run.json && !run.quiet) {
    long reached = 0;
    for (const Tree& t : trees) reached += t.reached.count;
    std::string l = count_of(totals.records, "record") + " read: " + std::to_string(reached) +
                    (reached == 1 ? " reaches " : " reach ") + point_words(run) + " (" +
                    std::to_string(trees.size()) + (trees.size() == 1 ? " tree), " : " trees), ") +
                    std::to_string(totals.invalid) + " invalid (not counted)";
    l += totals.unreadable_note();
    l += "\n";
    std::fwrite(l.data(), 1, l.size(), stderr);
  }
  return scan.status(totals.invalid > 0);
}

}  // namespace

int command_tree(const std::vector<std::string>& args) {
  ArchiveOptions ao;
  TreeRun run;
  std::string moves, position;
  bool moves_given = false, position_given = false;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe tree PATH... [--moves MOVETEXT | --position TEXT] [--depth N] [options]\n\n"
      "The plies played next from a point (the start, the position after --moves, or a\n"
      "--position reached by any order), each with the number of games, the results by side,\n"
      "draws (draw), unfinished games (*) and the mean game length. One tree per game and\n"
      "options. Plies are compared in canonical form; rolls are not part of a ply here.\n"
      "PATH is a file, a directory (walked for *.rec files) or - for standard input.\n"
      "Invalid records are reported and not counted.\n"
      "Exit status: 0 done, 1 some record invalid, 2 usage error or unreadable input.\n\n"
      "Examples:\n"
      "  scribe tree archive/\n"
      "  scribe tree games.rec --moves \"1. b4 2. b5\" --depth 2\n"
      "  scribe tree archive/ --position \"druid square:8 a5=h,b4=v,b5=h,b6=v - - V 0 -\"\n"
      "  scribe tree archive/ --json\n\nOptions");
  ao.common.add_to(desc);
  desc.add_options()("moves", po::value<std::string>(&moves)->notifier(mark_given(&moves_given)),
                     "start after these plies (records that begin with them, in canonical form)")(
      "position", po::value<std::string>(&position)->notifier(mark_given(&position_given)),
      "start where a record first stands in this position text, at any ply")(
      "depth", po::value<int>(&run.depth),
      "show the plies N deep below the point (default 1; at most 64)");
  ao.limits.add_to(desc);
  if (!parse_path_command(args, desc, "tree", paths)) return kExitOk;
  if (run.depth < 1 || run.depth > kMaxDepth)
    throw UsageError("--depth must be 1 to " + std::to_string(kMaxDepth) + ", not " +
                     std::to_string(run.depth));
  if (moves_given && position_given)
    throw UsageError("--moves and --position cannot be given together");
  static_cast<ReadingRun&>(run) = ao.reading_run();
  if (moves_given) run.moves = read_moves_option(moves, ao.common);
  if (position_given) run.position = position_target(position, ao.common);
  return run_tree(paths, run);
}

}  // namespace scribe::app
