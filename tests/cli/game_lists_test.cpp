// The catalog is the one list of games (design.md, "Dependency rules"): every other list of
// games is derived from it or from SCRIBE_ALL_GAMES, and this test checks that they agree.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "app/catalog.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

std::vector<std::string> split(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// SCRIBE_ALL_GAMES as cmake/ScribeGames.cmake sets it.
std::vector<std::string> all_games() {
  const std::string cmake = test::read_file(test::source_dir() / "cmake/ScribeGames.cmake");
  const std::string key = "\nset(SCRIBE_ALL_GAMES ";
  const std::size_t at = cmake.find(key);
  if (at == std::string::npos) return {};
  const std::size_t begin = at + key.size();
  return split(cmake.substr(begin, cmake.find(')', begin) - begin));
}

std::vector<std::string> catalog_names() {
  std::vector<std::string> out;
  for (const auto& e : app::catalog()) out.push_back(e.game->info().name);
  return out;
}

TEST(GameLists, TheCatalogHoldsTheGamesOfTheBuildInTheirOrder) {
  const std::vector<std::string> all = all_games();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(catalog_names(), split(SCRIBE_BUILT_GAMES));
  std::size_t next = 0;
  for (const auto& name : catalog_names()) {
    while (next < all.size() && all[next] != name) ++next;
    EXPECT_LT(next, all.size()) << name << " is not in SCRIBE_ALL_GAMES, or out of its order";
    EXPECT_TRUE(std::filesystem::is_directory(test::source_dir() / "engine/games" / name)) << name;
  }
}

TEST(GameLists, FuzzRunBuildsEveryGame) {
  const std::string command = "bash '" + (test::source_dir() / "fuzz/run").string() + "' --games";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  ASSERT_EQ(pclose(pipe), 0);
  EXPECT_EQ(split(out), all_games());
  if (split(SCRIBE_BUILT_GAMES) == all_games()) {
    EXPECT_EQ(split(out), catalog_names());
  }
}

TEST(GameLists, TheGameOptionHelpNamesEveryGameValue) {
  std::string names;
  for (const auto& e : app::catalog())
    for (const auto& n : e.game->info().names) names += (names.empty() ? "" : ", ") + n;
  const test::RunResult r = test::run_scribe({"validate", "--help"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The help wraps long lines: compare with runs of white space made one space.
  std::string flat;
  for (char c : r.out) {
    const bool space = c == ' ' || c == '\n';
    if (space && (flat.empty() || flat.back() == ' ')) continue;
    flat += space ? ' ' : c;
  }
  EXPECT_NE(flat.find("game of records without a Game tag (" + names + ")"), std::string::npos)
      << flat;
}

}  // namespace
}  // namespace scribe
