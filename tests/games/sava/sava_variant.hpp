// A configured Sava variant for the Sava tests (strict mode, no tags); a test fails when the
// options are refused.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/games/sava/sava.hpp"

namespace scribe::test {

// Sava configured with `options` in strict mode.
inline std::unique_ptr<engine::Variant> sava_variant(const std::string& options) {
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest req{"sava", options, &kNoTags, engine::Mode::kStrict};
  auto vr = engine::sava::sava_game().configure(req);
  EXPECT_TRUE(vr.findings.empty()) << options;
  return std::move(vr.variant);
}

}  // namespace scribe::test
