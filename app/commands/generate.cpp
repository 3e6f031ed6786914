// scribe generate: random legal records, deterministic for a seed.
#include <algorithm>
#include <atomic>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <thread>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"
#include "engine/core/generate.hpp"

namespace scribe::app {

namespace po = boost::program_options;

int command_generate(const std::vector<std::string>& args) {
  std::string game;
  std::string options;
  long count = 1;
  std::string seed_text = "1";
  std::string out_path;
  int jobs = 0;
  po::options_description desc(
      "scribe generate --game G --count N --seed S [--options \"FLAGS\"] [--out FILE]\n\n"
      "Writes N random legal records (random dice where the game has them). The same seed gives\n"
      "the same records on every platform.\n\n"
      "Examples:\n"
      "  scribe generate --game druid --count 1000 --seed 7 --out druid.rec\n"
      "  scribe generate --game savoya --options \"-players=4 -even=3\" --count 10 --seed 1\n\nOptions");
  desc.add_options()("game", po::value<std::string>(&game), "the game (required)")(
      "options", po::value<std::string>(&options), "the options of every record")(
      "count", po::value<long>(&count), "number of records (default 1)")(
      "seed", po::value<std::string>(&seed_text), "random seed, 0..2^64-1 (default 1)")(
      "out", po::value<std::string>(&out_path), "write to FILE instead of standard output")(
      "jobs", po::value<int>(&jobs),
      "threads making records (default 0: all cores); the output is the same for every value");
  if (!parse_command_line(args, desc, po::options_description(), po::positional_options_description()))
    return kExitOk;
  if (game.empty()) throw UsageError("--game is required");
  const std::uint64_t seed = parse_unsigned(seed_text, "--seed");
  if (count < 0) throw UsageError("--count must be 0 or more");
  const CatalogEntry* entry = find_entry(game);
  if (entry == nullptr) throw UsageError("--game: unknown game '" + game + "'");
  engine::VariantRequest req;
  req.game_name = game;
  req.options = options;
  static const std::vector<notation::Tag> kNoTags;
  req.tags = &kNoTags;
  const engine::VariantResult vr = entry->game->configure(req);
  for (const auto& f : vr.findings)
    if (f.severity == engine::Severity::kError) throw UsageError("--options: " + f.message);
  if (!vr.variant) throw UsageError("--options \"" + options + "\" is not usable");

  if (jobs < 0) throw UsageError("--jobs must be 0 (all cores) or more");
  if (jobs == 0) jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  // The output: standard output, or an AtomicFile renamed to FILE at the end, so a failed run
  // never leaves half a file behind.
  std::optional<AtomicFile> file;
  try {
    if (!out_path.empty()) file.emplace(out_path);
  } catch (const std::runtime_error& e) {
    std::cerr << "scribe generate: cannot write " << e.what() << "\n";
    return kExitUsage;
  }
  // Record i plays with its own generator, seeded from (seed, i): records can be made in any
  // order and on any number of threads, and the output is the same. Batches of records are
  // made by `jobs` threads, then written in order.
  const std::string name = entry->game->info().name;
  auto make = [&](long i) {
    engine::Random rng(seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(i + 1)));
    const engine::GeneratedGame g = engine::play_random_game(*vr.variant, rng);
    return engine::format_generated_record(name, *vr.variant, g, seed, static_cast<int>(count));
  };
  const long batch = static_cast<long>(jobs) * 32;
  std::vector<std::string> texts;
  bool stdout_failed = false;
  try {
    for (long first = 0; first < count && !stdout_failed; first += batch) {
      const long n = std::min(batch, count - first);
      texts.assign(static_cast<std::size_t>(n), std::string());
      std::atomic<long> next{0};
      auto work = [&] {
        for (long k; (k = next.fetch_add(1)) < n;)
          texts[static_cast<std::size_t>(k)] = make(first + k);
      };
      std::vector<std::thread> threads;
      for (int t = 1; t < jobs && t < n; ++t) threads.emplace_back(work);
      work();
      for (auto& t : threads) t.join();
      for (const auto& text : texts) {
        if (file) file->write(text);
        else if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
          stdout_failed = true;
      }
    }
    if (file) file->commit();
  } catch (const std::runtime_error& e) {
    std::cerr << "scribe generate: cannot write " << e.what() << "\n";
    return kExitUsage;
  }
  if (std::fflush(stdout) != 0) stdout_failed = true;
  if (stdout_failed) {
    std::cerr << "scribe generate: cannot write to standard output\n";
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace scribe::app
