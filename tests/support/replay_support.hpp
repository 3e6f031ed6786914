// Replaying one record text against one game, for the per-game tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::test {

// What a replayed record gave.
struct Replayed {
  std::vector<notation::Diagnostic> diagnostics;
  std::string final_position;
  std::string result;
  int plies = 0;
};

// Replays the first record of `text` with `game` as the only game (strict unless told).
inline Replayed replay_with(const engine::Game& game, const std::string& text,
                            engine::Mode mode = engine::Mode::kStrict) {
  const auto records = notation::read_records("test.rec", text);
  Replayed out;
  if (records.empty()) {
    ADD_FAILURE() << "no record in: " << text;
    return out;
  }
  engine::ReplayOptions opts;
  opts.mode = mode;
  const engine::GameList games{&game};
  const engine::ReplayResult rr = engine::replay(games, records[0], opts);
  out.diagnostics = rr.diagnostics;
  out.final_position = rr.final_position.value_or("");
  out.result = rr.result;
  out.plies = rr.plies;
  return out;
}

// Reads position text, failing the test when it is invalid.
inline std::unique_ptr<engine::State> position(const engine::Variant& v, const std::string& text) {
  engine::PositionResult pr = v.parse_position(text);
  EXPECT_NE(pr.state, nullptr) << text << ": " << pr.error;
  return std::move(pr.state);
}

// Returns the reason a position text is refused ("" when it is accepted).
inline std::string refusal(const engine::Variant& v, const std::string& text) {
  engine::PositionResult pr = v.parse_position(text);
  return pr.state ? std::string() : pr.error;
}

}  // namespace scribe::test
