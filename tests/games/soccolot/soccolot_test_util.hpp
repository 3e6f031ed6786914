// Helpers for the Soccolot tests: variants from option strings, states from position text.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/games/soccolot/soccolot.hpp"

namespace scribe::engine::soccolot::test {

// Configures Soccolot with `options` (must be valid).
inline std::unique_ptr<Variant> soccolot_variant(const std::string& options = "",
                                                 const std::vector<notation::Tag>* tags = nullptr) {
  VariantRequest req;
  req.game_name = "soccolot";
  req.options = options;
  req.tags = tags;
  VariantResult r = soccolot_game().configure(req);
  EXPECT_TRUE(r.findings.empty()) << options;
  return std::move(r.variant);
}

// Reads position text under `options` (must be valid).
inline std::unique_ptr<State> soccolot_state(const std::string& text,
                                             const std::string& options = "") {
  auto v = soccolot_variant(options);
  PositionResult r = v->parse_position(text);
  EXPECT_TRUE(r.state != nullptr) << text << ": " << r.error;
  return std::move(r.state);
}

// Applies `token` and returns the outcome.
inline PlyOutcome play(State& s, const std::string& token, Mode mode = Mode::kStrict) {
  return s.apply(token, nullptr, mode);
}

// Returns the codes of an outcome's findings, joined by spaces.
inline std::string codes(const PlyOutcome& o) {
  std::string out;
  for (const auto& f : o.findings) out += (out.empty() ? "" : " ") + f.code;
  return out;
}

}  // namespace scribe::engine::soccolot::test
