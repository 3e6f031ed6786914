// The subcommands other than validate. Each takes its own arguments (after the subcommand name)
// and returns the exit status; usage errors throw UsageError.
#pragma once

#include <string>
#include <vector>

namespace scribe::app {

int command_validate(const std::vector<std::string>& args);
int command_show(const std::vector<std::string>& args);
int command_render(const std::vector<std::string>& args);
int command_games(const std::vector<std::string>& args);
int command_generate(const std::vector<std::string>& args);
int command_find(const std::vector<std::string>& args);
int command_dedup(const std::vector<std::string>& args);
// normalize and split (docs/archive.md).
int command_normalize(const std::vector<std::string>& args);
int command_split(const std::vector<std::string>& args);
// tree and stats (app/commands/tree.cpp, stats.cpp).
int command_tree(const std::vector<std::string>& args);
int command_stats(const std::vector<std::string>& args);
// html: one replay page per record (app/commands/html.cpp, app/html/).
int command_html(const std::vector<std::string>& args);
// site: an archive site of every record (app/commands/site.cpp, app/site/).
int command_site(const std::vector<std::string>& args);

}  // namespace scribe::app
