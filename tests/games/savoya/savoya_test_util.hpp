// Helpers shared by the Savoya tests: configuring a variant, reading positions, playing plies
// with their rolls, and replaying whole records.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/replay.hpp"
#include "tests/support/replay_support.hpp"
#include "engine/games/savoya/savoya.hpp"
#include "engine/games/savoya/savoya_state.hpp"

namespace scribe::engine::savoya::test {

// Configures Savoya with `options` (Game "savoya", strict), failing the test on any finding.
inline std::unique_ptr<Variant> variant(const std::string& options,
                                        const std::string& game = "savoya") {
  std::vector<notation::Tag> tags;
  VariantRequest req{game, options, &tags, Mode::kStrict};
  VariantResult vr = savoya_game().configure(req);
  for (const auto& f : vr.findings) ADD_FAILURE() << options << ": " << f.code << " " << f.message;
  return std::move(vr.variant);
}

// Position text, read or refused (tests/support/replay_support.hpp).
using scribe::test::position;
using scribe::test::refusal;

// Plays space-separated plies written as "(roll)token" or "token"; returns the first error
// code ("" when all were legal).
inline std::string play(State& s, const std::string& plies, Mode mode = Mode::kStrict,
                        Finding* first_error = nullptr) {
  std::istringstream in(plies);
  std::string tok;
  while (in >> tok) {
    std::string roll;
    bool has_roll = false;
    if (tok[0] == '(') {
      const auto end = tok.find(')');
      roll = tok.substr(1, end - 1);
      tok = tok.substr(end + 1);
      has_roll = true;
    }
    const RollText rt{roll};
    PlyOutcome out = s.apply(tok, has_roll ? &rt : nullptr, mode);
    if (!out.applied) {
      if (out.findings.empty()) return "?";
      if (first_error != nullptr) *first_error = out.findings.back();
      return out.findings.back().code;
    }
  }
  return "";
}

using scribe::test::Replayed;

// Replays one record text against savoya (strict unless told).
inline Replayed replay_text(const std::string& text, Mode mode = Mode::kStrict) {
  return scribe::test::replay_with(savoya_game(), text, mode);
}

// Returns "severity:code@ply" for each diagnostic, e.g. "E:savoya.blocked@1", "W:...@-".
inline std::vector<std::string> codes(const Replayed& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    out.push_back(std::string(d.severity == Severity::kError ? "E:" : "W:") + d.code + "@" +
                  (d.ply ? std::to_string(*d.ply) : std::string("-")));
  return out;
}

// Returns the message of the first diagnostic with `code` ("" when none).
inline std::string message_of(const Replayed& r, const std::string& code) {
  for (const auto& d : r.diagnostics)
    if (d.code == code) return d.message;
  return "";
}

}  // namespace scribe::engine::savoya::test
