// scribe generate: random legal records, deterministic for a seed.
#include "scribe/generate.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// What the command line asks for.
struct GenerateSettings {
  std::string game, options, out_path;
  long count = 1;
  std::uint64_t seed = 1;
  int jobs = 1;
  bool force = false;
  Shard shard;  // --shard: only this share of the records
};

// Reads the command line; returns nothing for --help.
std::optional<GenerateSettings> generate_settings(const std::vector<std::string>& args) {
  GenerateSettings s;
  std::string seed_text = "1";
  int jobs = 0;
  std::string shard_text;
  po::options_description desc(
      "scribe generate --game G --count N --seed S [--options \"FLAGS\"] [--out FILE]\n\n"
      "Writes N random legal records (random dice where the game has them). The same seed gives\n"
      "the same records on every platform.\n\n"
      "Examples:\n"
      "  scribe generate --game druid --count 1000 --seed 7 --out druid.rec\n"
      "  scribe generate --game savoya --options \"-players=4 -even=3\" --count 10 --seed 1\n\n"
      "Options");
  desc.add_options()("game", po::value<std::string>(&s.game), "the game (required)")(
      "options", po::value<std::string>(&s.options), "the options of every record")(
      "count", po::value<long>(&s.count), "number of records (default 1)")(
      "seed", po::value<std::string>(&seed_text), "random seed, 0..2^64-1 (default 1)")(
      "out", po::value<std::string>(&s.out_path), "write to FILE instead of standard output")(
      "force", po::bool_switch(&s.force), "overwrite FILE when it exists")(
      "jobs,j", po::value<int>(&jobs),
      "threads making records (default 0: all cores; at most 256); the output is the same for "
      "every value");
  add_shard_option(desc, &shard_text);
  if (!parse_command_line(args, desc, po::options_description(),
                          po::positional_options_description()))
    return std::nullopt;
  if (s.game.empty()) throw UsageError("--game is required");
  s.seed = parse_unsigned(seed_text, "--seed");
  if (s.count < 0) throw UsageError("--count must be 0 or more");
  if (s.force && s.out_path.empty()) throw UsageError("--force applies only with --out FILE");
  s.jobs = checked_job_count(jobs);
  if (!shard_text.empty()) s.shard = parse_shard(shard_text);
  std::error_code ec;
  if (!s.out_path.empty() && !s.force && std::filesystem::exists(s.out_path, ec))
    throw UsageError(s.out_path + " already exists (use --force to overwrite)");
  return s;
}

}  // namespace

int command_generate(const std::vector<std::string>& args) {
  const std::optional<GenerateSettings> settings = generate_settings(args);
  if (!settings) return kExitOk;
  const GenerateSettings& s = *settings;
  // The game and options are checked as every command checks them (usage errors naming the
  // flag); the records are made by the public API's Generator (scribe/generate.hpp).
  usable_variant(game_entry(s.game, "--game"), s.game, s.options, engine::Mode::kStrict);
  const scribe::Generator generator(s.game, s.options, s.seed, s.count);

  // The output: standard output, or an AtomicFile renamed to FILE at the end, so a failed run
  // never leaves half a file behind.
  std::optional<AtomicFile> file;
  if (!s.out_path.empty()) file.emplace(s.out_path);
  // Record i depends only on (seed, i): records can be made in any order and on any number of
  // threads, and the output is the same. Batches of records are made by `jobs` threads, then
  // written in order.
  auto make = [&generator](long i) { return generator.record(i); };
  // --shard I/N: records floor((I-1)*count/N) up to floor(I*count/N) - 1, each with the seed
  // of its place in the whole run, so the shards' outputs concatenated are the whole output.
  const auto total = static_cast<std::uint64_t>(s.count);
  const auto begin = static_cast<long>(s.shard.first(total));
  const auto end = static_cast<long>(s.shard.end(total));
  const long batch = static_cast<long>(s.jobs) * 32;
  std::vector<std::string> texts;
  bool stdout_failed = false;
  for (long first = begin; first < end && !stdout_failed; first += batch) {
    const long n = std::min(batch, end - first);
    texts.assign(static_cast<std::size_t>(n), std::string());
    std::atomic<long> next{0};
    auto work = [&] {
      for (long k; (k = next.fetch_add(1)) < n;)
        texts[static_cast<std::size_t>(k)] = make(first + k);
    };
    {
      ThreadGroup threads;
      threads.start_all(static_cast<int>(std::min<long>(s.jobs, n)) - 1, work);
      work();
      threads.join();
    }
    for (const auto& text : texts) {
      if (file)
        file->write(text);
      else if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
        stdout_failed = true;
    }
  }
  if (file) file->commit();
  if (std::fflush(stdout) != 0) stdout_failed = true;
  if (stdout_failed) {
    std::cerr << "scribe generate: cannot write to standard output\n";
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace scribe::app
