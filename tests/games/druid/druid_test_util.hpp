// Helpers shared by the Druid tests: configuring a variant, reading positions, playing plies,
// and replaying whole records.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/replay.hpp"
#include "tests/support/replay_support.hpp"
#include "engine/games/druid/druid.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid::test {

// Configures Druid with `options` (strict unless told), failing the test on any finding.
inline std::unique_ptr<Variant> variant(const std::string& options, int players3 = 0) {
  std::vector<notation::Tag> tags;
  if (players3 != 0) {
    notation::Tag t;
    t.name = "Player3";
    t.value = "cy";
    tags.push_back(t);
  }
  VariantRequest req{"druid", options, &tags, Mode::kStrict};
  VariantResult vr = druid_game().configure(req);
  for (const auto& f : vr.findings) ADD_FAILURE() << options << ": " << f.code << " " << f.message;
  return std::move(vr.variant);
}

// Position text, read or refused (tests/support/replay_support.hpp).
using scribe::test::position;
using scribe::test::refusal;

// Plays space-separated plies (move numbers "12." skipped); returns the first error Finding's
// code ("" when all were legal).
inline std::string play(State& s, const std::string& plies, Finding* first_error = nullptr) {
  std::istringstream in(plies);
  std::string tok;
  while (in >> tok) {
    if (tok.back() == '.') continue;
    PlyOutcome out = s.apply(tok, nullptr, Mode::kStrict);
    if (!out.applied) {
      if (out.findings.empty()) return "?";
      if (first_error != nullptr) *first_error = out.findings[0];
      return out.findings[0].code;
    }
  }
  return "";
}

using scribe::test::Replayed;

// Replays one record text against druid (strict unless told).
inline Replayed replay_text(const std::string& text, Mode mode = Mode::kStrict) {
  return scribe::test::replay_with(druid_game(), text, mode);
}

// Returns "code@ply" for each diagnostic, e.g. "druid.lintel-shape@5" or "record.bad-option@-".
inline std::vector<std::string> codes(const Replayed& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    out.push_back(d.code + "@" + (d.ply ? std::to_string(*d.ply) : std::string("-")));
  return out;
}

}  // namespace scribe::engine::druid::test
