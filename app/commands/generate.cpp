// scribe generate: random legal records, deterministic for a seed.
#include "scribe/generate.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// Makes records [begin, end) with `make` (std::string(long)) on `jobs` threads and hands them
// to `write` (bool(const std::string&), false to stop) in order, on this thread. This thread is
// one of the `jobs`: it starts jobs - 1 others and makes the next record itself whenever the
// one to write is not ready (a writing thread of its own woke for each record and pushed a
// maker off its core: 2,500 context switches for 2,000 Savoya records with --jobs 2). Each
// thread takes the next index as soon as it is free, so a slow record holds up no batch; at
// most 64 records per thread wait made but not yet written.
template <class Make, class Write>
void make_in_order(long begin, long end, int jobs, const Make& make, const Write& write) {
  if (jobs <= 1 || end - begin <= 1) {
    for (long i = begin; i < end; ++i)
      if (!write(make(i))) return;
    return;
  }
  const long window = static_cast<long>(jobs) * 64;
  std::vector<std::optional<std::string>> slots(static_cast<std::size_t>(window));
  std::mutex mutex;
  std::condition_variable room, ready;
  long next_to_make = begin, next_to_write = begin;
  bool stop = false;
  std::exception_ptr failure;
  // Makes record k (taken under the lock, which is held again on return) into its slot;
  // false when it failed, which stops every thread.
  auto make_one = [&](std::unique_lock<std::mutex>& lock, long k) {
    lock.unlock();
    std::optional<std::string> text;
    try {
      text = make(k);
    } catch (...) {
      lock.lock();
      if (!failure) failure = std::current_exception();
      stop = true;
      ready.notify_all();
      room.notify_all();
      return false;
    }
    lock.lock();
    slots[static_cast<std::size_t>(k % window)] = std::move(text);
    return true;
  };
  auto may_make = [&] { return next_to_make < end && next_to_make < next_to_write + window; };
  auto work = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      room.wait(lock, [&] { return stop || next_to_make >= end || may_make(); });
      if (stop || next_to_make >= end) return;
      const long k = next_to_make++;
      if (!make_one(lock, k)) return;
      if (k == next_to_write) ready.notify_one();
    }
  };
  // Stops the workers (and lets them end) however this thread leaves the loop below.
  auto stop_all = [&] {
    std::lock_guard lock(mutex);
    stop = true;
    room.notify_all();
  };
  ThreadGroup threads;
  threads.start_all(jobs - 1, work);
  try {
    while (next_to_write < end) {
      std::unique_lock lock(mutex);
      auto& slot = slots[static_cast<std::size_t>(next_to_write % window)];
      // The record to write is not made yet: make the next one here, or wait when every one
      // the window allows is taken.
      while (!stop && !slot.has_value()) {
        if (may_make())
          make_one(lock, next_to_make++);
        else
          ready.wait(lock);
      }
      if (!slot) break;  // a record failed
      const std::string text = std::move(*slot);
      slot.reset();
      ++next_to_write;
      room.notify_all();
      lock.unlock();
      if (!write(text)) break;
    }
  } catch (...) {
    stop_all();
    threads.join();
    throw;
  }
  stop_all();
  threads.join();
  if (failure) std::rethrow_exception(failure);
}

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
  // threads, and the output is the same: `jobs` threads make them, this one writes them in
  // order.
  auto make = [&generator](long i) { return generator.record(i); };
  // --shard I/N: records floor((I-1)*count/N) up to floor(I*count/N) - 1, each with the seed
  // of its place in the whole run, so the shards' outputs concatenated are the whole output.
  const auto total = static_cast<std::uint64_t>(s.count);
  const auto begin = static_cast<long>(s.shard.first(total));
  const auto end = static_cast<long>(s.shard.end(total));
  bool stdout_failed = false;
  auto write = [&](const std::string& text) {
    if (file)
      file->write(text);
    else if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
      stdout_failed = true;
    return !stdout_failed;
  };
  make_in_order(begin, end, s.jobs, make, write);
  if (file) file->commit();
  if (std::fflush(stdout) != 0) stdout_failed = true;
  if (stdout_failed) {
    std::cerr << "scribe generate: cannot write to standard output\n";
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace scribe::app
