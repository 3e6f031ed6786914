// scribe: validate, show, render and generate recorded games (cli.md).
#include <malloc.h>

#include <cstdio>
#include <exception>
#include <new>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"

namespace {

using scribe::app::kExitOk;
using scribe::app::kExitUsage;

// One subcommand: its name, a line for the general usage, and what runs it.
struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>&);
};

constexpr Command kCommands[] = {
    {"validate", "validate PATH...   parse and replay every record; report each record's status",
     scribe::app::command_validate},
    {"show", "show PATH          print one position of one record as text",
     scribe::app::command_show},
    {"render", "render PATH...     draw diagrams of positions (PNG, SVG, PDF, GIF)",
     scribe::app::command_render},
    {"games", "games              list the games, their options, styles and error codes",
     scribe::app::command_games},
    {"generate", "generate           write random legal records", scribe::app::command_generate},
    {"find", "find PATH...       the records that match tags, players, results, moves, positions",
     scribe::app::command_find},
    {"dedup", "dedup PATH...      groups of duplicate games; --out writes each game once",
     scribe::app::command_dedup},
    {"normalize", "normalize PATH...  records rewritten in one canonical form, same positions",
     scribe::app::command_normalize},
    {"split", "split PATH...      records copied into files by count, tag or game",
     scribe::app::command_split},
    {"tree", "tree PATH...       the plies played next from a point, with counts and results",
     scribe::app::command_tree},
    {"stats", "stats PATH...      counts, results, lengths, openings, codes, players; --charts",
     scribe::app::command_stats},
    {"html", "html PATH...       one self-contained replay page per record (--out DIR)",
     scribe::app::command_html},
    {"site", "site PATH... --out  an archive site: a sortable index, summaries, one page a record",
     scribe::app::command_site},
};

// The general usage text.
std::string usage() {
  std::string u =
      "usage: scribe COMMAND [options]\n\n"
      "Reads recorded games, replays every move through the rules, and draws diagrams.\n\n"
      "commands:\n";
  for (const Command& c : kCommands) u += std::string("  ") + c.summary + "\n";
  u += "  help [COMMAND]     the general usage, or the options of COMMAND\n\n"
       "Run 'scribe help COMMAND' or 'scribe COMMAND --help' for the options of a command.\n";
  return u;
}

const Command* find_command(const std::string& name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

// "unknown command 'X'" with the closest command name, if one is close.
std::string unknown_command(const std::string& name) {
  std::vector<std::string> names = {"help"};
  for (const Command& c : kCommands) names.push_back(c.name);
  return "unknown command '" + name + "'" + scribe::app::did_you_mean(name, names);
}

// Runs `command`, turning its usage errors and other failures into a message and exit 2.
int run(const Command& command, const std::vector<std::string>& args) {
  try {
    return command.run(args);
  } catch (const scribe::app::UsageError& e) {
    std::cerr << "scribe " << command.name << ": " << e.what() << "\n"
              << "(see 'scribe help " << command.name << "')\n";
  } catch (const scribe::app::WriteError& e) {
    std::cerr << "scribe " << command.name << ": cannot write " << e.what() << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << "scribe " << command.name << ": out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "scribe " << command.name << ": " << e.what() << "\n";
  }
  return kExitUsage;
}

// scribe help [COMMAND]: the same text as scribe COMMAND --help.
int help(const std::vector<std::string>& args) {
  if (args.empty() || (args.size() == 1 && args[0] == "help")) {
    std::cout << usage();
    return kExitOk;
  }
  if (args.size() > 1) {
    std::cerr << "scribe help: give one COMMAND\n";
    return kExitUsage;
  }
  if (const Command* c = find_command(args[0])) return run(*c, {"--help"});
  std::cerr << "scribe help: " << unknown_command(args[0]) << "\n";
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  // Memory freed stays with the allocator (up to 32 MiB at the top of each heap) instead of
  // going back to the system at once: the workers of a scan free and allocate a segment's
  // records and bytes many times a second, and each page given back was faulted in again by
  // the next segment. Blocks up to 4 MiB (a reader's buffers) come from the heaps too.
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  if (argc < 2) {
    std::cerr << usage();
    return kExitUsage;
  }
  const std::string name = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (const Command* c = find_command(name)) return run(*c, args);
  if (name == "help" || name == "--help" || name == "-h") return help(args);
  if (name == "--version") {
    std::cout << "scribe 0.1.0\n";
    return kExitOk;
  }
  std::cerr << "scribe: " << unknown_command(name) << "\n\n" << usage();
  return kExitUsage;
}
