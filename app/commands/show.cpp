// scribe show: one position of one record (or of a position text) as text or JSON.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <iostream>

#include "api/internal.hpp"
#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/diagnostics.hpp"
#include "app/commands/json.hpp"
#include "app/commands/options.hpp"
#include "scribe/game.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// What the command line asks for.
struct ShowSettings {
  CommonOptions common;
  int record_no = 1;
  int ply = -1;  // -1: the last legal ply
  bool moves = false;
  std::string path, roll, setup;
  bool roll_given = false, record_given = false;
};

// Reads and checks show's command line; nothing for --help.
std::optional<ShowSettings> show_settings(const std::vector<std::string>& args) {
  ShowSettings s;
  bool ply_given = false;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe show PATH [--record N] [--ply N] [--moves] [--roll R]\n"
      "scribe show --setup TEXT [--moves] [--roll R]\n\n"
      "Prints one position of one record: the game's text board, its position text and the side\n"
      "to move (or the result), the record's players, event and date, and the last ply and who\n"
      "played it. The default is the position after the last legal ply.\n\n"
      "Examples:\n"
      "  scribe show games.rec --record 3 --ply 10\n"
      "  scribe show game.rec --moves\n"
      "  scribe show savoya.rec --ply 0 --roll 6-3\n"
      "  scribe show --setup \"druid square:10 c3=v - - H 0 s\" --moves\n\nOptions");
  s.common.add_to(desc, CommonOptions::kReading | CommonOptions::kJson | CommonOptions::kQuiet |
                            CommonOptions::kColor);
  desc.add_options()("record", po::value<int>(&s.record_no)->notifier(mark_given(&s.record_given)),
                     "the Nth record of PATH (default 1)")(
      "ply", po::value<int>(&s.ply)->notifier(mark_given(&ply_given)),
      "the position after ply N (0 = the start)")("moves", po::bool_switch(&s.moves),
                                                  "list the legal moves of that position")(
      "roll", po::value<std::string>(&s.roll)->notifier(mark_given(&s.roll_given)),
      "dice games: list the legal plies of roll R (implies --moves)")(
      "setup", po::value<std::string>(&s.setup),
      "show this position text (its game is its first word, or --game) instead of a record");
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return std::nullopt;
  if (paths.size() > 1) throw UsageError("too many arguments: show takes one PATH");
  if (!paths.empty()) s.path = paths[0];
  if (!s.setup.empty()) {
    if (!s.path.empty()) throw UsageError("--setup shows its own position; give no PATH");
    if (s.record_given || ply_given)
      throw UsageError("--record and --ply pick a position of a record; --setup gives one");
  } else if (s.path.empty()) {
    throw UsageError("a PATH is required (or --setup TEXT)");
  }
  if (s.record_no < 1) throw UsageError("--record must be 1 or more");
  if (ply_given && s.ply < 0) throw UsageError("--ply must be 0 or more");
  if (!ply_given) s.ply = -1;
  if (s.roll_given) s.moves = true;
  s.common.check_game_and_options();
  s.common.colour_on(STDERR_FILENO);  // a bad --color value is a usage error
  return s;
}

// The position shown, and what is known of it. The position and its result come from the
// public API (scribe/game.hpp), as a program linking libscribe would get them.
struct Shown {
  std::optional<scribe::Position> position;
  std::optional<std::string> result;
  std::string roll;  // the roll the listing uses ("" when none)
  int ply = 0;
  const notation::Record* record = nullptr;      // none for --setup
  const engine::ReplayResult* replay = nullptr;  // none for --setup
};

// Checks --roll against the position: a game with dice, and a roll that can come now.
void check_roll(const ShowSettings& s, const scribe::Position& position) {
  if (!s.roll_given) return;
  if (!position.has_dice()) throw UsageError("--roll applies only to a game with dice");
  const std::vector<std::string> rolls = position.rolls();
  if (rolls.empty()) throw UsageError("--roll: no roll is to be made in this position");
  for (const auto& r : rolls)
    if (r == s.roll) return;
  std::string known;
  for (const auto& r : rolls) known += (known.empty() ? "" : ", ") + r;
  throw UsageError("--roll: '" + s.roll + "' is not a roll of this position" +
                   did_you_mean(s.roll, rolls) + " (rolls: " + known + ")");
}

// The tag lines of text output: players (unless the game's facts already say who plays),
// event and date, when the record has them.
std::string tag_lines(const notation::Record& record, const std::string& facts) {
  std::string players;
  for (int n = 1; n <= 9; ++n)
    if (const notation::Tag* t = record.find_tag("Player" + std::to_string(n)))
      players += (players.empty() ? "" : ", ") + t->value;
  std::string out;
  const bool facts_name_players =
      facts.rfind("players:", 0) == 0 || facts.find("\nplayers:") != std::string::npos;
  if (!players.empty() && !facts_name_players) out += "players: " + players + "\n";
  for (const char* name : {"Event", "Date"})
    if (const notation::Tag* t = record.find_tag(name)) {
      std::string key = name;
      key[0] = static_cast<char>(key[0] - 'A' + 'a');
      out += key + ": " + t->value + "\n";
    }
  return out;
}

// The ply that led to the position shown ("25. (6-3) c1-e1") and who played it, or nothing at
// the start.
std::optional<std::pair<std::string, std::string>> last_ply(const Shown& sh) {
  if (sh.record == nullptr || sh.ply == 0) return std::nullopt;
  const auto& ply = sh.record->plies[static_cast<std::size_t>(sh.ply - 1)];
  std::string text = std::to_string(sh.ply) + ". ";
  if (ply.roll) text += "(" + ply.roll->text + ") ";
  text += sh.record->text_of(ply);
  return std::pair{text, sh.position->last_mover()};
}

// show --json: one object.
std::string show_json(const Shown& sh, bool moves, const std::vector<scribe::MoveGroup>& listing) {
  std::string o;
  JsonWriter w(o);
  w.begin_object().key("file");
  if (sh.record)
    w.value(sh.record->file).key("record").value(sh.record->index);
  else
    w.null().key("record").null();
  w.key("ply").value(sh.ply).key("position").value(sh.position->text());
  w.key("to_move");
  if (sh.result)
    w.null();
  else
    w.value(sh.position->side_to_move());
  w.key("result").value(sh.result);
  if (moves) {  // every move in "moves"; titled sections (Sava) apart, under "sections"
    w.key("moves").begin_array();
    for (const auto& section : listing)
      for (const auto& m : section.moves) w.value(m);
    w.end_array();
    if (listing.size() > 1 || (!listing.empty() && !listing[0].title.empty())) {
      w.key("sections").begin_array();
      for (const auto& section : listing) {
        w.begin_object().key("title");
        if (section.title.empty())
          w.null();
        else
          w.value(section.title);
        w.key("moves").begin_array();
        for (const auto& m : section.moves) w.value(m);
        w.end_array().end_object();
      }
      w.end_array();
    }
  }
  w.key("tags").begin_object();
  if (sh.record)
    for (const auto& t : sh.record->tags) w.key(t.name).value(t.value);
  w.end_object();
  const auto last = last_ply(sh);
  w.key("last_ply").value(last ? std::optional(last->first) : std::nullopt);
  w.key("last_mover").value(last ? std::optional(last->second) : std::nullopt);
  w.key("status").value(sh.replay == nullptr || sh.replay->valid() ? "valid" : "invalid");
  write_diagnostics_json(w,
                         sh.replay ? sh.replay->diagnostics : std::vector<notation::Diagnostic>{});
  w.end_object().newline();
  return o;
}

// Prints the position as text or JSON.
void print_shown(const Shown& sh, const ShowSettings& s) {
  const scribe::Position& position = *sh.position;
  const std::vector<scribe::MoveGroup> listing =
      s.moves && !sh.result ? position.move_groups(sh.roll) : std::vector<scribe::MoveGroup>();
  if (s.common.json) {
    std::cout << show_json(sh, s.moves, listing);
    return;
  }
  if (!s.common.quiet) std::cout << position.board();  // --quiet: the position lines only
  std::cout << "position: " << position.text() << "\n";
  if (sh.result)
    std::cout << "result: " << *sh.result << "\n";
  else
    std::cout << "to move: " << position.side_to_move() << "\n";
  if (!s.common.quiet) {
    const std::string facts = position.facts();
    std::cout << facts;
    if (const auto last = last_ply(sh))
      std::cout << "last ply: " << last->first << " by " << last->second << "\n";
    if (sh.record) std::cout << tag_lines(*sh.record, facts);
  }
  std::vector<engine::MoveSection> sections;
  for (const auto& g : listing) sections.push_back({g.title, g.moves});
  std::cout << engine::listing_text(sections);
}

// show --setup TEXT.
int show_setup(const ShowSettings& s) {
  // The game and options are checked as every command checks them (usage errors naming the
  // flag), then the text is read by the public API.
  const SetupPosition setup = setup_position(s.common.game, s.common.options, s.setup);
  Shown sh;
  try {
    sh.position = scribe::Position::from_text(s.setup, s.common.game, s.common.options);
  } catch (const scribe::Error& e) {
    throw UsageError(std::string("--setup: ") + e.what());
  }
  sh.result = sh.position->result();
  sh.ply = sh.position->ply();
  check_roll(s, *sh.position);
  sh.roll = s.roll;
  print_shown(sh, s);
  return kExitOk;
}

}  // namespace

int command_show(const std::vector<std::string>& args) {
  const std::optional<ShowSettings> settings = show_settings(args);
  if (!settings) return kExitOk;
  const ShowSettings& s = *settings;
  if (!s.setup.empty()) return show_setup(s);
  engine::ReplayOptions ro = replay_options(s.common.game, s.common.options, s.common.lenient);
  const std::vector<Input> inputs = collect_inputs({s.path});
  if (inputs.size() != 1) throw UsageError("PATH must name one file");
  notation::RecordReader reader(inputs[0].display);
  if (auto problem = open_input(inputs[0], reader)) {
    std::cerr << inputs[0].display << ": unreadable\n"
              << diagnostics_text(inputs[0].display, {problem->diagnostic},
                                  s.common.colour_on(STDERR_FILENO));
    return kExitUsage;
  }
  std::optional<notation::Record> record;
  for (int i = 1; i <= s.record_no; ++i) {
    record = reader.next();
    if (!record) break;
  }
  if (!record)
    throw UsageError(inputs[0].display + " has no record " + std::to_string(s.record_no));
  ro.keep_positions = true;
  const scribe::Game game =
      scribe::replay(scribe::api::borrow(*record), scribe::api::public_options(ro));
  const engine::ReplayResult& rr = scribe::api::replay_result(game);
  std::cerr << record_report_text(*record, rr, s.common.colour_on(STDERR_FILENO));
  if (game.position_count() == 0) {
    std::cerr << record->file << ": record " << s.record_no << " cannot be replayed\n";
    return kExitInvalid;
  }
  const int last = static_cast<int>(game.position_count()) - 1;
  if (s.ply > last)
    throw UsageError("--ply " + std::to_string(s.ply) + " is past the last legal ply (" +
                     std::to_string(last) + ")");
  Shown sh;
  sh.record = &*record;
  sh.replay = &rr;
  sh.ply = s.ply < 0 ? last : s.ply;
  sh.position = game.position(static_cast<std::size_t>(sh.ply));
  // The result the record stands at (record-format.md C6): the API's result of the position,
  // which at the last one is also what the Termination tag (or the game's spec) lets stand.
  sh.result = sh.position->result();
  // The roll of the listing: --roll, else the roll of the next ply when the record has one.
  check_roll(s, *sh.position);
  const auto idx = static_cast<std::size_t>(sh.ply);
  if (s.roll_given)
    sh.roll = s.roll;
  else if (idx < record->plies.size() && record->plies[idx].roll)
    sh.roll = record->plies[idx].roll->text;
  print_shown(sh, s);
  return rr.valid() ? kExitOk : kExitInvalid;
}

}  // namespace scribe::app
