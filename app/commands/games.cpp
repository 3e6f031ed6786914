// scribe games: the games, their sides, options (from each game's option rows) and error codes.
#include <iostream>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/json.hpp"
#include "app/commands/options.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

struct ContainerCode {
  const char* code;
  const char* severity;
  const char* meaning;
};

// record-format.md, "Container codes", plus scribe's protective limits.
constexpr ContainerCode kContainerCodes[] = {
    {"record.io", "error", "the file cannot be read (the operating system's reason); the file is unreadable"},
    {"record.encoding", "error", "invalid UTF-8 or a NUL byte: that record is invalid; a UTF-16/32 file is unreadable"},
    {"record.no-records", "error", "the file holds no record"},
    {"record.bad-tag", "error", "a line beginning with [ that is not a well-formed tag line, or text after the tags"},
    {"record.missing-game", "error", "no Game tag and no --game"},
    {"record.unknown-game", "error", "a Game value that names no game"},
    {"record.bad-option", "error", "a bad Options tag, or a PlayerN tag beyond the number of players"},
    {"record.bad-setup", "error", "invalid position text in Setup"},
    {"record.bad-result", "error", "a Result that is not a side name of the game, draw or *"},
    {"record.move-number", "error (lenient: warning)", "a move number that does not fit"},
    {"record.unclosed-comment", "error", "a { still open where a tag line or the end of the file ends the movetext"},
    {"record.bad-token", "error", "junk in the movetext: a roll in a game without dice, an unclosed (, a stray }, a move number with no ply, a malformed move number"},
    {"record.result-mismatch", "error", "a Result that the replay does not reach"},
    {"record.limit", "error", "a record, token or ply count beyond scribe's limits (--max-record-bytes, --max-plies)"},
    {"record.internal", "error", "an internal error in scribe (please report it)"},
};

// The kind of an option row as `scribe games --json` names it.
std::string_view kind_name(engine::OptionKind kind) {
  switch (kind) {
    case engine::OptionKind::kSwitch:
      return "switch";
    case engine::OptionKind::kNumber:
      return "number";
    case engine::OptionKind::kChoice:
      return "choice";
  }
  return "";
}

// Writes one game as a JSON Lines object: names, sides, dice, styles, option rows, codes.
void write_game_json(const CatalogEntry& entry, std::string& out) {
  const engine::GameInfo& g = entry.game->info();
  JsonWriter w(out);
  w.begin_object().key("game").value(g.name).key("title").value(g.title);
  w.key("names").strings(g.names).key("sides").strings(g.side_names);
  w.key("dice").value(g.has_dice).key("styles").strings(entry.drawer->styles());
  w.key("options").begin_array();
  for (const auto& o : g.options)
    w.begin_object()
        .key("flag")
        .value(engine::option_flag_text(o))
        .key("kind")
        .value(kind_name(o.kind))
        .key("values")
        .value(engine::option_values_text(o))
        .key("default")
        .value(engine::option_default_text(o))
        .key("applies_to")
        .value(engine::option_applies_text(o))
        .key("meaning")
        .value(o.meaning)
        .end_object();
  w.end_array().key("codes").begin_array();
  for (const auto& c : g.codes) {
    w.begin_object().key("code").value(c.code).key("severity").value(c.severity);
    w.key("meaning").value(c.meaning).end_object();
  }
  w.end_array().end_object().newline();
}

// Writes one game as the text block of `scribe games`.
void write_game_text(const CatalogEntry& entry, std::string& out) {
  const engine::GameInfo& g = entry.game->info();
  out += g.name + " - " + g.title + "\n";
  out += "  game names: ";
  for (std::size_t i = 0; i < g.names.size(); ++i) out += (i ? ", " : "") + g.names[i];
  out += "\n  sides: ";
  for (std::size_t i = 0; i < g.side_names.size(); ++i) out += (i ? ", " : "") + g.side_names[i];
  out += g.has_dice ? "\n  dice: yes\n" : "\n  dice: no\n";
  out += "  styles:";
  for (const auto& st : entry.drawer->styles()) out += " " + st;
  out += "\n";
  out += "  options:\n";
  for (const auto& o : g.options) {
    out += "    " + engine::option_flag_text(o) + "  (" + engine::option_values_text(o) +
           "; default " + engine::option_default_text(o);
    if (!o.applies_to.empty()) out += "; " + std::string(o.applies_to);
    out += ")  " + std::string(o.meaning) + "\n";
  }
  out += "  codes:\n";
  for (const auto& c : g.codes)
    out += "    " + c.code + " (" + c.severity + ")  " + c.meaning + "\n";
  out += "\n";
}

// Writes the container's codes (the pseudo-game "record"), as JSON or as text.
void write_container_codes(bool json, std::string& out) {
  if (!json) {
    out += "record - the record container (every game)\n  codes:\n";
    for (const auto& c : kContainerCodes)
      out += std::string("    ") + c.code + " (" + c.severity + ")  " + c.meaning + "\n";
    return;
  }
  JsonWriter w(out);
  w.begin_object().key("game").value("record").key("codes").begin_array();
  for (const auto& c : kContainerCodes) {
    w.begin_object().key("code").value(c.code).key("severity").value(c.severity);
    w.key("meaning").value(c.meaning).end_object();
  }
  w.end_array().end_object().newline();
}

}  // namespace

int command_games(const std::vector<std::string>& args) {
  bool json = false;
  po::options_description desc(
      "scribe games [--json]\n\nLists the games, their side names, their options with defaults, and "
      "their error codes.\n\nOptions");
  desc.add_options()("json", po::bool_switch(&json), "one JSON object per game");
  if (!parse_command_line(args, desc, po::options_description(), po::positional_options_description()))
    return kExitOk;
  std::string out;
  for (const auto& entry : catalog()) {
    if (json)
      write_game_json(entry, out);
    else
      write_game_text(entry, out);
  }
  write_container_codes(json, out);
  std::cout << out;
  return kExitOk;
}

}  // namespace scribe::app
