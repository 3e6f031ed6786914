// libFuzzer target for one game (SCRIBE_FUZZ_GAME), one of three kinds:
//   move      arbitrary tokens applied to positions reached by random play
//   position  arbitrary position text; what parses must print and re-parse to the same text
//   replay    arbitrary movetext replayed as a record of that game (container + replay)
// Every option set of the game's catalog row is used, chosen by the first byte.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// The variant of option set `pick` (modulo their number), configured on first use and kept:
// configuring is set-up, not what an input tests.
const engine::Variant& variant(std::uint8_t pick) {
  const auto& opts = entry().representative_options;
  static std::vector<std::unique_ptr<engine::Variant>> made(opts.size());
  std::unique_ptr<engine::Variant>& v = made[pick % opts.size()];
  if (!v) {
    static const std::vector<notation::Tag> kNoTags;
    engine::VariantRequest req{entry().game->info().name, opts[pick % opts.size()], &kNoTags,
                               engine::Mode::kStrict};
    v = entry().game->configure(req).variant;
    if (!v) std::abort();
  }
  return *v;
}

#if defined(SCRIBE_FUZZ_KIND_move)
// A position reached by random play, with its text (an input's `before`, computed once).
struct Walked {
  std::unique_ptr<engine::State> state;
  std::string text;
};

// The position after a few random plies of variant `pick` from its start, chosen by `byte`
// (its bits 1-7: one of 6 random walks, and how many of its first 0-23 plies are played).
// Each walk is played once, on first use, keeping the position after each of its plies; each
// input then works on a copy. A walk depends only on (pick, walk), never on earlier inputs, so
// an input replays alone. A ply's roll is drawn uniformly from the chance outcomes, its play
// by random_move (which equals a uniform draw from legal_moves, but Savoya draws without
// listing its up to ~1M plays), and it is played through apply().
const Walked& walked(std::uint8_t pick, std::uint8_t byte) {
  constexpr int kLongest = 23;
  const int plies = (byte >> 1) % (kLongest + 1), walk = (byte >> 1) / (kLongest + 1);
  static std::map<std::pair<std::size_t, int>, std::vector<Walked>> kept;
  auto& positions = kept[{pick % entry().representative_options.size(), walk}];
  if (positions.empty()) {
    std::unique_ptr<engine::State> state = variant(pick).initial_state();
    engine::Random rng(static_cast<std::uint64_t>(walk));
    while (true) {
      std::string text = state->position_text();
      const bool last = static_cast<int>(positions.size()) == kLongest || state->result();
      std::unique_ptr<engine::State> next = last ? nullptr : state->clone();
      positions.push_back({std::move(state), std::move(text)});
      if (last) break;
      std::string roll;
      const auto outcomes = next->chance_outcomes();
      if (!outcomes.empty()) roll = outcomes[rng.below(outcomes.size())].roll;
      const std::string move = next->random_move(roll, rng);
      if (move.empty()) break;
      const engine::RollText rt{roll};
      next->apply(move, roll.empty() ? nullptr : &rt, engine::Mode::kStrict);
      state = std::move(next);
    }
  }
  return positions[std::min<std::size_t>(static_cast<std::size_t>(plies), positions.size() - 1)];
}
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const engine::Variant& v = variant(data[0]);
  const engine::Mode mode = (data[1] & 1) ? engine::Mode::kLenient : engine::Mode::kStrict;
#if defined(SCRIBE_FUZZ_KIND_move)
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  // A copy of a position that a few random plies reach (chosen by the input's second byte);
  // then try the token with and without a roll.
  (void)v;
  const Walked& from = walked(data[0], data[1]);
  const auto state = from.state->clone();
  const std::size_t cut = text.find('|');
  const std::string_view token = text.substr(0, cut);
  const engine::RollText rt{cut == text.npos ? std::string_view() : text.substr(cut + 1)};
  (void)state->canonical_move(token);
  const auto out = state->apply(token, cut == text.npos ? nullptr : &rt, mode);
  if (!out.applied && state->position_text() != from.text) std::abort();  // errors change nothing
#elif defined(SCRIBE_FUZZ_KIND_position)
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  (void)mode;
  const auto pr = v.parse_position(text);
  if (pr.state) {
    const std::string printed = pr.state->position_text();
    const auto again = v.parse_position(printed);
    if (!again.state || again.state->position_text() != printed) std::abort();
    (void)pr.state->legal_moves("");
    (void)pr.state->text_board();
  }
#else
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string record = "[Game \"" + entry().game->info().name + "\"]\n";
  if (!v.options_text().empty()) record += "[Options \"" + v.options_text() + "\"]\n";
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
