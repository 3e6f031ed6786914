// The rejection sampler of Savoya's uniform draw first draws without candidate lists, from the
// routes of the side's pieces (Searcher::wide_play), and makes the lists only for the draws that
// go on: in the positions of random games and with a piece on every cell, for every roll and
// option set, the routes must stand for exactly the lists' candidates.
#include <vector>

#include "engine/core/random.hpp"
#include "engine/games/savoya/savoya_searcher.hpp"
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

using search_detail::CandList;
using search_detail::Searcher;

// The sampler first draws without lists, from every route of every piece of the side that may
// move (Searcher::wide_play): the routes that stand for a candidate must give each list's
// candidates whose from-cell has the side's piece on top (the lists also take pinned pieces'
// cells) once each, in the list's order; and its question whether c-y is a candidate must agree
// with the list, for every to-cell y of every piece of the side when `every_to_cell`.
void compare_wide(Searcher& searcher, const Config& cfg, const Position& pos, const Dice& dice,
                  const std::array<CandList, 4>& lists, int side, bool every_to_cell,
                  const std::string& at) {
  const std::array<std::vector<std::uint16_t>, 4> points = searcher.wide_points(side);
  for (int sh = 0; sh < (dice.doubles ? 4 : 3); ++sh) {
    const CandList& list = lists[sh];
    std::vector<std::uint16_t> movable;
    for (int i = 0; i < list.n; ++i) {
      const Stack& from = pos.cells[list.items[i] >> 8];
      if (from.top >= 0 && cfg.side_of_colour[from.top] == side) movable.push_back(list.items[i]);
    }
    ASSERT_EQ(points[sh], movable) << at << " wide shape " << sh;
    for (int i = 0; i < list.n; ++i)
      ASSERT_TRUE(searcher.wide_lists(list.items[i] >> 8, list.items[i] & 0xFF, sh))
          << at << " wide shape " << sh << " item " << i;
    if (!every_to_cell) continue;
    for (int i = 0; i < list.n; ++i) {
      const int c = list.items[i] >> 8;
      if (i > 0 && (list.items[i - 1] >> 8) == c) continue;  // each from-cell once
      for (int y = 0; y < cfg.board->num_cells; ++y)
        ASSERT_EQ(searcher.wide_lists(c, y, sh), list.has(c, y))
            << at << " wide shape " << sh << " " << c << "-" << y;
    }
  }
}

// Compares the routes with the lists for every roll in position `pos` with `side` to move
// (compare_wide), counting the lists compared in `compared`.
void compare_lists(const Config& cfg, const Position& pos, int side, const std::string& where,
                   int& compared, bool every_to_cell = false) {
  for (const Dice& dice : all_rolls()) {
    Searcher searcher(cfg, pos, dice);
    const std::array<CandList, 4> lists = searcher.proposal_lists(side);
    const std::string at = where + " roll " + dice.text();
    // Every shape compare_wide looks at is listed: a pair's three, a double's four.
    ASSERT_EQ(searcher.proposal_shapes(), dice.doubles ? 0xFu : 0x7u) << at;
    compare_wide(searcher, cfg, pos, dice, lists, side, every_to_cell, at);
    if (::testing::Test::HasFatalFailure()) return;
    compared += dice.doubles ? 4 : 3;
  }
}

void compare_lists(const SavoyaState& s, const std::string& where, int& compared) {
  compare_lists(s.config(), s.position(), s.side(), where, compared);
}

TEST(SavoyaSampleLists, RoutesStandForTheListsInRandomGames) {
  int compared = 0;
  for (const char* options : {"", "-players=3", "-players=4 -even=3", "-stops=free", "-step=4",
                              "-players=3 -stack=2 -stops=free", "-board=savoy",
                              "-board=savoy -even=3 -stops=free"}) {
    const std::unique_ptr<Variant> v = variant(options);
    ASSERT_NE(v, nullptr) << options;
    std::unique_ptr<State> state = v->initial_state();
    Random rng(11);
    std::string roll, move;
    for (int ply = 1; ply <= 200 && !state->result(); ++ply) {
      const auto& s = dynamic_cast<const SavoyaState&>(*state);
      if (s.side() >= 0 && ply % 3 == 0)
        compare_lists(s, std::string(options) + " ply " + std::to_string(ply), compared);
      if (::testing::Test::HasFatalFailure()) return;
      ASSERT_TRUE(state->play_random(rng, roll, move)) << options << " ply " << ply;
    }
  }
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace scribe::engine::savoya::test

namespace scribe::engine::savoya::test {
namespace {

// Random games seldom leave a piece where a route of some roll comes back to its own cell (a
// path crossing itself 24 steps on: a 6-6 on Savoya's h6 or h10) or where two of its routes meet
// again: the start position with one more piece of the first side on each cell in turn, for
// every roll, goes through all of them.
TEST(SavoyaSampleLists, RoutesStandForTheListsWithAPieceOnEveryCell) {
  int compared = 0;
  for (const char* options : {"", "-stops=free", "-board=savoy", "-board=savoy -stops=free"}) {
    const std::unique_ptr<Variant> v = variant(options);
    ASSERT_NE(v, nullptr) << options;
    const std::unique_ptr<State> state = v->initial_state();
    const auto& s = dynamic_cast<const SavoyaState&>(*state);
    const Config& cfg = s.config();
    int colour = 0;
    while (cfg.side_of_colour[colour] != 0) ++colour;
    for (int c = 0; c < cfg.board->num_cells; ++c) {
      Position pos = s.position();
      if (pos.cells[c].top >= 0) continue;
      pos.cells[c] = Stack{};
      pos.cells[c].count = 1;
      pos.cells[c].top = static_cast<std::int8_t>(colour);
      compare_lists(cfg, pos, 0, std::string(options) + " cell " + cfg.board->cells[c].name,
                    compared, true);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace scribe::engine::savoya::test
