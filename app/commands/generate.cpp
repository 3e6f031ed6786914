// scribe generate: random legal records, deterministic for a seed.
#include <iostream>

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
  std::uint64_t seed = 1;
  std::string out_path;
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
      "seed", po::value<std::uint64_t>(&seed), "random seed (default 1)")(
      "out", po::value<std::string>(&out_path), "write to FILE instead of standard output");
  if (!parse_command_line(args, desc, po::options_description(), po::positional_options_description()))
    return kExitOk;
  if (game.empty()) throw UsageError("generate: --game is required");
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

  engine::Random rng(seed);
  std::string buffer;
  FILE* out = stdout;
  std::string all;
  for (long i = 0; i < count; ++i) {
    const engine::GeneratedGame g = engine::play_random_game(*vr.variant, rng);
    buffer = engine::format_generated_record(entry->game->info().name, *vr.variant, g, seed,
                                             static_cast<int>(count));
    if (out_path.empty()) std::fwrite(buffer.data(), 1, buffer.size(), out);
    else all += buffer;
  }
  if (!out_path.empty()) {
    try {
      write_file_atomically(out_path, all);
    } catch (const std::exception& e) {
      std::cerr << "scribe generate: cannot write " << e.what() << "\n";
      return kExitUsage;
    }
  }
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace scribe::app
