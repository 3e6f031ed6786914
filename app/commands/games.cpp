// scribe games: the games, their sides, options (from each game's option rows) and error codes.
#include <initializer_list>
#include <iostream>
#include <utility>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
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

// Appends {"k1":"v1","k2":"v2",...} with every value a JSON string.
void append_json_object(std::string& out,
                        std::initializer_list<std::pair<const char*, std::string_view>> fields) {
  out += '{';
  bool first = true;
  for (const auto& [key, value] : fields) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, key);
    out += ':';
    append_json_string(out, value);
  }
  out += '}';
}

// Appends ["a","b",...].
void append_json_array(std::string& out, const std::vector<std::string>& items) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    append_json_string(out, items[i]);
  }
  out += ']';
}

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
    const engine::GameInfo& g = entry.game->info();
    if (json) {
      out += "{\"game\":";
      append_json_string(out, g.name);
      out += ",\"title\":";
      append_json_string(out, g.title);
      out += ",\"names\":";
      append_json_array(out, g.names);
      out += ",\"sides\":";
      append_json_array(out, g.side_names);
      out += ",\"dice\":";
      out += g.has_dice ? "true" : "false";
      out += ",\"styles\":";
      append_json_array(out, entry.drawer->styles());
      out += ",\"options\":[";
      for (std::size_t i = 0; i < g.options.size(); ++i) {
        const auto& o = g.options[i];
        if (i) out += ',';
        append_json_object(out, {{"flag", engine::option_flag_text(o)},
                                 {"kind", kind_name(o.kind)},
                                 {"values", engine::option_values_text(o)},
                                 {"default", engine::option_default_text(o)},
                                 {"applies_to", engine::option_applies_text(o)},
                                 {"meaning", o.meaning}});
      }
      out += "],\"codes\":[";
      for (std::size_t i = 0; i < g.codes.size(); ++i) {
        const auto& c = g.codes[i];
        if (i) out += ',';
        append_json_object(out, {{"code", c.code}, {"severity", c.severity}, {"meaning", c.meaning}});
      }
      out += "]}\n";
      continue;
    }
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
    for (const auto& c : g.codes) out += "    " + c.code + " (" + c.severity + ")  " + c.meaning + "\n";
    out += "\n";
  }
  if (json) {
    out += "{\"game\":\"record\",\"codes\":[";
    bool first = true;
    for (const auto& c : kContainerCodes) {
      if (!first) out += ',';
      first = false;
      append_json_object(out, {{"code", c.code}, {"severity", c.severity}, {"meaning", c.meaning}});
    }
    out += "]}\n";
  } else {
    out += "record - the record container (every game)\n  codes:\n";
    for (const auto& c : kContainerCodes)
      out += std::string("    ") + c.code + " (" + c.severity + ")  " + c.meaning + "\n";
  }
  std::cout << out;
  return kExitOk;
}

}  // namespace scribe::app
