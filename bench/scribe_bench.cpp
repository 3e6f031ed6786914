// Google Benchmark over the catalog: container parse, move parse (canonical_move), replay,
// position text and one diagram per format, for every game of the build.
#include <benchmark/benchmark.h>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/diagram.hpp"

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
    for (const auto& p : r.plies) c.moves.push_back(p.text);
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
