// scribe show: one position of one record as text.
#include <boost/program_options.hpp>
#include <iostream>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"

namespace scribe::app {

namespace po = boost::program_options;

int command_show(const std::vector<std::string>& args) {
  CommonOptions common;
  int record_no = 1;
  int ply = -1;
  bool ply_given = false;
  bool moves = false;
  std::string path;
  po::options_description desc(
      "scribe show PATH [--record N] [--ply N] [--moves]\n\n"
      "Prints one position of one record: the game's text board, its position text and the side\n"
      "to move (or the result). The default is the position after the last legal ply.\n\n"
      "Examples:\n"
      "  scribe show games.rec --record 3 --ply 10\n"
      "  scribe show game.rec --moves\n\nOptions");
  common.add_to(desc);
  desc.add_options()("record", po::value<int>(&record_no), "the Nth record of PATH (default 1)")(
      "ply", po::value<int>(&ply)->notifier(mark_given(&ply_given)),
      "the position after ply N (0 = the start)")(
      "moves", po::bool_switch(&moves), "list the legal moves of that position");
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::string>(&path));
  po::positional_options_description pos;
  pos.add("path", 1);
  if (!parse_command_line(args, desc, hidden, pos)) return kExitOk;
  if (path.empty()) throw UsageError("a PATH is required (see scribe show --help)");
  if (record_no < 1) throw UsageError("--record must be 1 or more");
  if (ply_given && ply < 0) throw UsageError("--ply must be 0 or more");
  if (!ply_given) ply = -1;
  common.check_game_and_options();
  const engine::ReplayOptions ro = replay_options(common.game, common.options, common.lenient);

  const std::vector<Input> inputs = collect_inputs({path});
  if (inputs.size() != 1) throw UsageError("PATH must name one file");
  notation::RecordReader reader(inputs[0].display);
  if (auto problem = open_input(inputs[0], reader)) {
    std::cerr << inputs[0].display << ": unreadable: " << problem->diagnostic.message << "\n";
    return kExitUsage;
  }
  std::optional<notation::Record> record;
  for (int i = 1; i <= record_no; ++i) {
    record = reader.next();
    if (!record) break;
  }
  if (!record) {
    throw UsageError(inputs[0].display + " has no record " + std::to_string(record_no));
  }
  engine::ReplayOptions keep = ro;
  keep.keep_positions = true;
  const engine::ReplayResult rr = engine::replay(catalog_games(), *record, keep);
  for (const auto& d : rr.diagnostics) std::cerr << notation::format_diagnostic(record->file, d);
  if (rr.positions.empty()) {
    std::cerr << record->file << ": record " << record_no << " cannot be replayed\n";
    return kExitInvalid;
  }
  const int last = static_cast<int>(rr.positions.size()) - 1;
  if (ply > last) throw UsageError("--ply " + std::to_string(ply) + " is past the last legal ply (" + std::to_string(last) + ")");
  const int shown = ply < 0 ? last : ply;
  const engine::State& state = *rr.positions[static_cast<std::size_t>(shown)];
  // The result the record stands at (record-format.md C6): the one the game reached, or after
  // the last ply of a record that replayed in full, the one its Termination tag (or the game's
  // spec, e.g. Sava's draw by agreement) made acceptable.
  std::optional<std::string> result = state.result();
  if (!result && shown == last && rr.result != "*") result = rr.result;
  std::string roll;  // the roll of the next ply, when the record has one
  const auto idx = static_cast<std::size_t>(shown);
  if (idx < record->plies.size() && record->plies[idx].roll) roll = record->plies[idx].roll->text;
  const std::vector<engine::MoveSection> listing =
      moves && !result ? state.move_listing(roll) : std::vector<engine::MoveSection>();
  if (common.json) {
    // One JSON object: where, the position, the side to move or the result, the listing.
    std::string o = "{\"file\":";
    append_json_string(o, record->file);
    o += ",\"record\":" + std::to_string(record->index) + ",\"ply\":" + std::to_string(shown) +
         ",\"position\":";
    append_json_string(o, state.position_text());
    o += ",\"to_move\":";
    if (result) o += "null";
    else append_json_string(o, state.side_to_move());
    o += ",\"result\":";
    if (result) append_json_string(o, *result);
    else o += "null";
    if (moves) {  // every move in "moves"; titled sections (Sava) apart, under "sections"
      auto append_moves = [&o](const std::vector<std::string>& list, bool first) {
        for (const auto& m : list) {
          if (!first) o += ',';
          first = false;
          append_json_string(o, m);
        }
        return first;
      };
      o += ",\"moves\":[";
      bool first = true;
      for (const auto& section : listing) first = append_moves(section.moves, first);
      o += "]";
      const bool titled = listing.size() > 1 || (!listing.empty() && !listing[0].title.empty());
      if (titled) o += ",\"sections\":[";
      for (std::size_t i = 0; titled && i < listing.size(); ++i) {
        o += i == 0 ? "{\"title\":" : ",{\"title\":";
        if (listing[i].title.empty()) o += "null";
        else append_json_string(o, listing[i].title);
        o += ",\"moves\":[";
        append_moves(listing[i].moves, true);
        o += "]}";
      }
      if (titled) o += "]";
    }
    std::cout << o << "}\n";
    return rr.valid() ? kExitOk : kExitInvalid;
  }
  if (!common.quiet) std::cout << state.text_board();  // --quiet: the position lines only
  std::cout << "position: " << state.position_text() << "\n";
  if (result) std::cout << "result: " << *result << "\n";
  else std::cout << "to move: " << state.side_to_move() << "\n";
  if (!common.quiet) std::cout << state.text_facts();
  std::cout << engine::listing_text(listing);
  return rr.valid() ? kExitOk : kExitInvalid;
}

}  // namespace scribe::app
