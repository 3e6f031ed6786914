// Generating records through the public API: what `scribe generate` writes, record by record.
#include "scribe/generate.hpp"

#include "api/internal.hpp"
#include "engine/core/generate.hpp"

namespace scribe {

// The configured game of the run and its parameters.
struct Generator::Impl {
  std::string name;  // the canonical game name the records' Game tag gives
  std::unique_ptr<engine::Variant> variant;
  std::uint64_t seed = 1;
  long count = 1;
};

Generator::Generator(std::string_view game, std::string_view options, std::uint64_t seed,
                     long count)
    : impl_(std::make_unique<Impl>()) {
  if (count < 0) throw Error("the count must be 0 or more");
  const app::CatalogEntry& entry = api::entry_of(game);
  impl_->name = entry.game->info().name;
  impl_->variant = api::variant_of(entry, game, options);
  impl_->seed = seed;
  impl_->count = count;
}

Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;
Generator::~Generator() = default;

long Generator::count() const { return impl_->count; }

std::string Generator::record(long i) const {
  // Record i plays with its own generator seeded from (seed, i): the same records for any
  // order and any number of threads.
  engine::Random rng(impl_->seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(i + 1)));
  const engine::GeneratedGame g = engine::play_random_game(*impl_->variant, rng);
  return engine::format_generated_record(impl_->name, *impl_->variant, g, impl_->seed,
                                         static_cast<int>(impl_->count));
}

std::string generate(std::string_view game, std::string_view options, long count,
                     std::uint64_t seed) {
  const Generator generator(game, options, seed, count);
  std::string out;
  for (long i = 0; i < count; ++i) out += generator.record(i);
  return out;
}

}  // namespace scribe
