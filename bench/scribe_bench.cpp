// Google Benchmark over the catalog: container parse, move parse (canonical_move), replay,
// heap allocations per replayed ply, position text and one diagram per format, for every game
// of the build.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/diagram.hpp"

namespace {

// Every call of the global operator new since the program started (new[] and the nothrow forms
// call it too; the over-aligned forms are not counted); read by bench_allocations.
std::atomic<long> g_allocations{0};

}  // namespace

// The counting allocator: operator new counts and takes its memory from malloc.
void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace scribe;

struct Corpus {
  std::string text;            // generated records
  std::vector<std::string> moves;       // every ply token met
  std::vector<std::string> positions;   // position texts met
  long plies = 0;
  std::unique_ptr<engine::Variant> variant;
};

// Generates `count` records of `entry`'s default variant.
Corpus make_corpus(const app::CatalogEntry& entry, int count) {
  Corpus c;
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest req{entry.game->info().name, "", &kNoTags, engine::Mode::kStrict};
  c.variant = entry.game->configure(req).variant;
  engine::Random rng(1);
  for (int i = 0; i < count; ++i) {
    const auto g = engine::play_random_game(*c.variant, rng);
    c.plies += g.plies;
    c.text += engine::format_generated_record(entry.game->info().name, *c.variant, g, 1, count);
  }
  for (const auto& r : notation::read_records("bench.rec", c.text)) {
    engine::ReplayOptions ro;
    ro.keep_positions = true;
    const auto rr = engine::replay(app::catalog_games(), r, ro);
    for (const auto& p : r.plies) c.moves.emplace_back(r.text_of(p));
    for (const auto& s : rr.positions) c.positions.push_back(s->position_text());
  }
  return c;
}

void bench_container(benchmark::State& st, const Corpus* c) {
  for (auto _ : st) {
    notation::RecordReader reader("bench.rec");
    reader.open_text(c->text);
    long n = 0;
    while (auto r = reader.next()) n += static_cast<long>(r->plies.size());
    benchmark::DoNotOptimize(n);
  }
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(c->text.size()));
}

void bench_moves(benchmark::State& st, const Corpus* c) {
  auto state = c->variant->initial_state();
  std::size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(state->canonical_move(c->moves[i]));
    if (++i == c->moves.size()) i = 0;
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations()));
}

void bench_replay(benchmark::State& st, const Corpus* c) {
  const auto records = notation::read_records("bench.rec", c->text);
  for (auto _ : st) {
    long plies = 0;
    for (const auto& r : records) plies += engine::replay(app::catalog_games(), r, {}).plies;
    benchmark::DoNotOptimize(plies);
  }
  st.counters["plies/s"] = benchmark::Counter(static_cast<double>(c->plies) * static_cast<double>(st.iterations()),
                                              benchmark::Counter::kIsRate);
}

// Heap allocations of engine::replay. "allocs/ply" counts those made between the start position
// and the position after the last legal ply (on_position sees both), divided by the plies:
// the replay path of one ply. "allocs/record" is the rest: tags, variant, result, diagnostics.
void bench_allocations(benchmark::State& st, const Corpus* c) {
  const auto records = notation::read_records("bench.rec", c->text);
  long in_plies = 0, total = 0, plies = 0;
  for (auto _ : st) {
    in_plies = total = plies = 0;
    long at_start = 0, at_last = 0;  // the count when the start and the last position were seen
    engine::ReplayOptions ro;
    ro.on_position = [&](const engine::ReplayResult&, const engine::State&, int ply) {
      (ply == 0 ? at_start : at_last) = g_allocations.load(std::memory_order_relaxed);
    };
    for (const auto& r : records) {
      at_start = at_last = 0;
      const long before = g_allocations.load(std::memory_order_relaxed);
      const auto rr = engine::replay(app::catalog_games(), r, ro);
      total += g_allocations.load(std::memory_order_relaxed) - before;
      if (rr.plies > 0) in_plies += at_last - at_start;
      plies += rr.plies;
    }
  }
  st.counters["allocs/ply"] =
      plies > 0 ? static_cast<double>(in_plies) / static_cast<double>(plies) : 0;
  st.counters["allocs/record"] =
      static_cast<double>(total - in_plies) / static_cast<double>(records.size());
}

void bench_position_text(benchmark::State& st, const Corpus* c) {
  std::size_t i = 0;
  for (auto _ : st) {
    auto pr = c->variant->parse_position(c->positions[i]);
    benchmark::DoNotOptimize(pr.state->position_text());
    if (++i == c->positions.size()) i = 0;
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations()));
}

void bench_diagram(benchmark::State& st, const app::CatalogEntry* e, const Corpus* c,
                   render::Format format) {
  auto pr = c->variant->parse_position(c->positions[c->positions.size() / 2]);
  render::DiagramRequest req;
  req.variant = c->variant.get();
  req.state = pr.state.get();
  req.style = e->drawer->styles().front();
  render::EncodeOptions eo;
  for (auto _ : st) benchmark::DoNotOptimize(render::render_diagram(*e->drawer, req, format, eo));
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations()));
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::unique_ptr<Corpus>> corpora;
  for (const auto& e : app::catalog()) {
    // Random Savoya plays are slow to draw (a roll can allow ~1M plays), and its games are long.
    const int records = e.game->info().name == "savoya" ? 6 : 200;
    corpora.push_back(std::make_unique<Corpus>(make_corpus(e, records)));
    const Corpus* c = corpora.back().get();
    const std::string g = e.game->info().name;
    benchmark::RegisterBenchmark(("container_parse/" + g).c_str(), bench_container, c);
    benchmark::RegisterBenchmark(("move_parse/" + g).c_str(), bench_moves, c);
    benchmark::RegisterBenchmark(("replay/" + g).c_str(), bench_replay, c)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("allocations/" + g).c_str(), bench_allocations, c)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    benchmark::RegisterBenchmark(("position_text/" + g).c_str(), bench_position_text, c);
    for (auto [name, f] : {std::pair{"png", render::Format::kPng}, std::pair{"svg", render::Format::kSvg},
                           std::pair{"pdf", render::Format::kPdf}})
      benchmark::RegisterBenchmark(("diagram_" + std::string(name) + "/" + g).c_str(), bench_diagram, &e, c, f)
          ->Unit(benchmark::kMicrosecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
