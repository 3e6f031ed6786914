// scribe: validate, show, render and generate recorded games (cli.md).
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"

namespace {

constexpr const char* kUsage =
    "usage: scribe COMMAND [options]\n\n"
    "Reads recorded games, replays every move through the rules, and draws diagrams.\n\n"
    "commands:\n"
    "  validate PATH...   parse and replay every record; report each record's status\n"
    "  show PATH          print one position of one record as text\n"
    "  render PATH...     draw diagrams of positions (PNG, SVG, PDF)\n"
    "  games              list the games, their options and their error codes\n"
    "  generate           write random legal records\n\n"
    "Run 'scribe COMMAND --help' for the options of a command.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace scribe::app;
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  try {
    if (command == "validate") return command_validate(args);
    if (command == "show") return command_show(args);
    if (command == "render") return command_render(args);
    if (command == "games") return command_games(args);
    if (command == "generate") return command_generate(args);
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << kUsage;
      return kExitOk;
    }
    if (command == "--version") {
      std::cout << "scribe 0.1.0\n";
      return kExitOk;
    }
    std::cerr << "scribe: unknown command '" << command << "'\n\n" << kUsage;
    return kExitUsage;
  } catch (const UsageError& e) {
    std::cerr << "scribe " << command << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "scribe " << command << ": " << e.what() << "\n";
    return kExitUsage;
  }
}
