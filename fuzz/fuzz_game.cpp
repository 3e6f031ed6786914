// libFuzzer target for one game (SCRIBE_FUZZ_GAME), one of three kinds:
//   move      arbitrary tokens applied to positions reached by random play
//   position  arbitrary position text; what parses must print and re-parse to the same text
//   replay    arbitrary movetext replayed as a record of that game (container + replay)
// Every option set of the game's catalog row is used, chosen by the first byte.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"

namespace {

using namespace scribe;

const app::CatalogEntry& entry() {
  static const app::CatalogEntry* e = app::find_entry(SCRIBE_FUZZ_GAME);
  if (e == nullptr) std::abort();
  return *e;
}

std::unique_ptr<engine::Variant> variant(std::uint8_t pick) {
  const auto& opts = entry().representative_options;
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest req{entry().game->info().name, opts[pick % opts.size()], &kNoTags,
                             engine::Mode::kStrict};
  return entry().game->configure(req).variant;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto v = variant(data[0]);
  if (!v) std::abort();
  const engine::Mode mode = (data[1] & 1) ? engine::Mode::kLenient : engine::Mode::kStrict;
  std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
#if defined(SCRIBE_FUZZ_KIND_move)
  // Walk a few random plies (seeded by the input), then try the token with and without a roll.
  auto state = v->initial_state();
  engine::Random rng(data[1]);
  for (int i = 0; i < (data[1] >> 1) % 24 && !state->result(); ++i) {
    std::string roll;
    const auto outcomes = state->chance_outcomes();
    if (!outcomes.empty()) roll = outcomes[rng.below(outcomes.size())].roll;
    const auto moves = state->legal_moves(roll);
    if (moves.empty()) break;
    const engine::RollText rt{roll};
    state->apply(moves[rng.below(moves.size())], roll.empty() ? nullptr : &rt, engine::Mode::kStrict);
  }
  const std::size_t cut = text.find('|');
  const std::string token = text.substr(0, cut);
  const std::string roll = cut == std::string::npos ? "" : text.substr(cut + 1);
  const std::string before = state->position_text();
  (void)state->canonical_move(token);
  const engine::RollText rt{roll};
  const auto out = state->apply(token, cut == std::string::npos ? nullptr : &rt, mode);
  if (!out.applied && state->position_text() != before) std::abort();  // errors leave it unchanged
#elif defined(SCRIBE_FUZZ_KIND_position)
  (void)mode;
  const auto pr = v->parse_position(text);
  if (pr.state) {
    const std::string printed = pr.state->position_text();
    const auto again = v->parse_position(printed);
    if (!again.state || again.state->position_text() != printed) std::abort();
    (void)pr.state->legal_moves("");
    (void)pr.state->text_board();
  }
#else
  std::string record = "[Game \"" + entry().game->info().name + "\"]\n";
  if (!v->options_text().empty()) record += "[Options \"" + v->options_text() + "\"]\n";
  record += "\n" + text;
  engine::ReplayOptions ro;
  ro.mode = mode;
  ro.max_plies = 2000;
  for (const auto& r : notation::read_records("fuzz.rec", record)) {
    const auto rr = engine::replay(app::catalog_games(), r, ro);
    if (rr.valid() != (rr.errors == 0)) std::abort();
  }
#endif
  return 0;
}
