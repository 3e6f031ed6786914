// Diagrams of every game: PNG compared with reference images under corpus/<g>/golden/ with a
// small tolerance (a golden record named "<style>-<name>.rec" is drawn in that style, e.g.
// print-square.rec; otherwise in the drawer's default style); SVG and PDF byte-stable between two
// runs of the same build; every format drawn for positions met in random play; the black and
// white "print" style of every game without a coloured pixel; flip, --no-coordinates and
// --no-highlight changing the picture where they should.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/cairo_canvas.hpp"
#include "render/core/theme.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint32_t> pixels;
};

cairo_status_t read_from_string(void* closure, unsigned char* data, unsigned int length) {
  auto* s = static_cast<std::pair<const std::string*, std::size_t>*>(closure);
  if (s->second + length > s->first->size()) return CAIRO_STATUS_READ_ERROR;
  std::copy_n(s->first->data() + s->second, length, data);
  s->second += length;
  return CAIRO_STATUS_SUCCESS;
}

// Decodes PNG bytes; width 0 when they are not a PNG.
Image decode_png(const std::string& bytes) {
  Image img;
  std::pair<const std::string*, std::size_t> cursor{&bytes, 0};
  cairo_surface_t* s = cairo_image_surface_create_from_png_stream(read_from_string, &cursor);
  if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
    img.width = cairo_image_surface_get_width(s);
    img.height = cairo_image_surface_get_height(s);
    const int stride = cairo_image_surface_get_stride(s);
    const unsigned char* data = cairo_image_surface_get_data(s);
    for (int y = 0; y < img.height; ++y)
      for (int x = 0; x < img.width; ++x)
        img.pixels.push_back(reinterpret_cast<const std::uint32_t*>(data + y * stride)[x]);
  }
  cairo_surface_destroy(s);
  return img;
}

// The share of pixels whose channels differ by more than 24 levels.
double differing_share(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height) return 1.0;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    for (int shift : {0, 8, 16}) {
      const int ca = static_cast<int>((a.pixels[i] >> shift) & 0xFF);
      const int cb = static_cast<int>((b.pixels[i] >> shift) & 0xFF);
      if (std::abs(ca - cb) > 24) {
        ++bad;
        break;
      }
    }
  return a.pixels.empty() ? 0.0 : static_cast<double>(bad) / static_cast<double>(a.pixels.size());
}

// The image averaged over blocks of k x k pixels (antialiasing differences fade, shapes stay).
Image block_average(const Image& img, int k) {
  Image out;
  out.width = img.width / k;
  out.height = img.height / k;
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) {
      std::uint32_t sum[3] = {0, 0, 0};
      for (int dy = 0; dy < k; ++dy)
        for (int dx = 0; dx < k; ++dx) {
          const std::uint32_t p =
              img.pixels[static_cast<std::size_t>((y * k + dy) * img.width + x * k + dx)];
          for (int c = 0; c < 3; ++c) sum[c] += (p >> (8 * c)) & 0xFF;
        }
      std::uint32_t q = 0xFF000000u;
      for (int c = 0; c < 3; ++c) q |= (sum[c] / static_cast<std::uint32_t>(k * k)) << (8 * c);
      out.pixels.push_back(q);
    }
  return out;
}

// The share of pixels with a colour: a channel differing from another by more than `tolerance`.
double coloured_share(const Image& img, int tolerance) {
  std::size_t coloured = 0;
  for (std::uint32_t p : img.pixels) {
    const int r = static_cast<int>((p >> 16) & 0xFF), g = static_cast<int>((p >> 8) & 0xFF),
              b = static_cast<int>(p & 0xFF);
    if (std::max({r, g, b}) - std::min({r, g, b}) > tolerance) ++coloured;
  }
  return img.pixels.empty() ? 0.0
                            : static_cast<double>(coloured) / static_cast<double>(img.pixels.size());
}

// The style a golden record asks for: the longest style of the drawer that its file name starts
// with, followed by '-' ("print-square.rec" -> "print"); else the drawer's default.
std::string golden_style(const render::DiagramDrawer& drawer, const fs::path& rec) {
  const std::string stem = rec.stem().string();
  const std::vector<std::string> styles = drawer.styles();
  std::string best = styles.front();
  std::size_t best_len = 0;
  for (const auto& st : styles)
    if (st.size() > best_len && stem.size() > st.size() && stem.rfind(st + "-", 0) == 0) {
      best = st;
      best_len = st.size();
    }
  return best;
}

// Replays the first record of `rec` and returns the request for its final position.
struct Drawn {
  engine::ReplayResult rr;
  render::DiagramRequest req;
  const app::CatalogEntry* entry = nullptr;
};

Drawn final_position(const fs::path& rec) {
  Drawn d;
  const auto records = notation::read_records(rec.filename().string(), test::read_file(rec));
  EXPECT_FALSE(records.empty());
  if (records.empty()) return d;
  engine::ReplayOptions ro;
  ro.keep_positions = true;
  d.rr = engine::replay(app::catalog_games(), records[0], ro);
  EXPECT_TRUE(d.rr.replayed) << rec;
  if (!d.rr.replayed) return d;
  d.entry = app::find_entry(*d.rr.game);
  const int ply = d.rr.plies;
  d.req.variant = d.rr.variant.get();
  d.req.state = d.rr.positions.back().get();
  d.req.ply = ply;
  if (ply > 0) {
    d.req.last_move = records[0].text_of(records[0].plies[static_cast<std::size_t>(ply - 1)]);
    d.req.last_mover = d.rr.positions[static_cast<std::size_t>(ply - 1)]->side_to_move();
  }
  d.req.players = records[0].players();  // the caption names them, as render does
  d.req.style = golden_style(*d.entry->drawer, rec);
  return d;
}

std::vector<fs::path> golden_records() {
  std::vector<fs::path> out;
  for (const auto& e : app::catalog()) {
    const fs::path dir = test::source_dir() / "corpus" / e.game->info().name / "golden";
    if (!fs::is_directory(dir)) continue;
    for (const auto& f : fs::directory_iterator(dir))
      if (f.path().extension() == ".rec") out.push_back(f.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class GoldenDiagram : public testing::TestWithParam<fs::path> {};

// SCRIBE_UPDATE_GOLDENS=1 rewrites the references; a failure writes <name>.actual.png beside.
TEST_P(GoldenDiagram, PngMatchesTheReference) {
  // Cairo's glyph caches make text antialiasing depend on what the process drew before; start
  // from a fresh state so the result does not depend on which tests ran first.
  render::release_cached_fonts();
  cairo_debug_reset_static_data();
  const fs::path rec = GetParam();
  Drawn d = final_position(rec);
  ASSERT_NE(d.entry, nullptr);
  const std::string png =
      render::render_diagram(*d.entry->drawer, d.req, render::Format::kPng, render::EncodeOptions{});
  fs::path ref = rec;
  ref.replace_extension(".png");
  if (std::getenv("SCRIBE_UPDATE_GOLDENS") != nullptr) {
    test::write_file(ref, png);
    return;
  }
  ASSERT_TRUE(fs::exists(ref)) << ref << " is missing (SCRIBE_UPDATE_GOLDENS=1 writes it)";
  const double share = differing_share(decode_png(png), decode_png(test::read_file(ref)));
  if (share > 0.002) {
    fs::path actual = rec;
    actual.replace_extension(".actual.png");
    test::write_file(actual, png);
    FAIL() << rec << ": " << share * 100 << "% of pixels differ; see " << actual;
  }
}

std::string golden_name(const testing::TestParamInfo<fs::path>& info) {
  std::string name;
  for (char c : info.param.parent_path().parent_path().filename().string() + "_" + info.param.stem().string())
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenDiagram, testing::ValuesIn(golden_records()), golden_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GoldenDiagram);

// Every game and representative option set: every format draws positions met in random play,
// the PNG has the requested size, and a second run gives the same bytes.
TEST(RenderEveryGame, AllFormatsAreWellFormedAndByteStable) {
  for (const auto& e : app::catalog()) {
    for (const auto& options : e.representative_options) {
      static const std::vector<notation::Tag> kNoTags;
      engine::VariantRequest vreq{e.game->info().name, options, &kNoTags, engine::Mode::kStrict};
      auto vr = e.game->configure(vreq);
      ASSERT_NE(vr.variant, nullptr) << options;
      engine::Random rng(3);
      const auto g = engine::play_random_game(*vr.variant, rng);
      const auto records = notation::read_records(
          "r.rec", engine::format_generated_record(e.game->info().name, *vr.variant, g, 3, 1));
      engine::ReplayOptions ro;
      ro.keep_positions = true;
      const auto rr = engine::replay(app::catalog_games(), records.at(0), ro);
      ASSERT_FALSE(rr.positions.empty());
      for (std::size_t ply : {std::size_t{0}, rr.positions.size() / 2, rr.positions.size() - 1}) {
        render::DiagramRequest req;
        req.variant = rr.variant.get();
        req.state = rr.positions[ply].get();
        req.ply = static_cast<int>(ply);
        if (ply > 0) {
          req.last_move = records[0].text_of(records[0].plies[ply - 1]);
          req.last_mover = rr.positions[ply - 1]->side_to_move();
        }
        for (const auto& style : e.drawer->styles()) {
          req.style = style;
          render::EncodeOptions eo;
          eo.size = 300;
          const std::string png = render::render_diagram(*e.drawer, req, render::Format::kPng, eo);
          const Image img = decode_png(png);
          // --size sets the longer side, or the width in the "full" styles (their position
          // text makes them as tall as it needs).
          const bool full = style.find("full") != std::string::npos;
          EXPECT_EQ(full ? img.width : std::max(img.width, img.height), 300)
              << e.game->info().name << " " << options << " " << style;
          const std::string svg = render::render_diagram(*e.drawer, req, render::Format::kSvg, eo);
          EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
          EXPECT_EQ(svg, render::render_diagram(*e.drawer, req, render::Format::kSvg, eo));
          EXPECT_EQ(svg.find("<image"), std::string::npos) << "SVG must be shapes, not bitmaps";
          const std::string pdf = render::render_diagram(*e.drawer, req, render::Format::kPdf, eo);
          EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u);
          EXPECT_EQ(pdf, render::render_diagram(*e.drawer, req, render::Format::kPdf, eo));
          EXPECT_EQ(png, render::render_diagram(*e.drawer, req, render::Format::kPng, eo));
        }
      }
    }
  }
}

// The positions of one random game of a game and option set, as requests (ply 0, the middle,
// the end).
struct RandomPositions {
  engine::ReplayResult rr;
  std::vector<render::DiagramRequest> requests;
};

RandomPositions random_positions(const app::CatalogEntry& e, const std::string& options,
                                 std::uint64_t seed) {
  RandomPositions out;
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest vreq{e.game->info().name, options, &kNoTags, engine::Mode::kStrict};
  auto vr = e.game->configure(vreq);
  EXPECT_NE(vr.variant, nullptr) << options;
  if (vr.variant == nullptr) return out;
  engine::Random rng(seed);
  const auto g = engine::play_random_game(*vr.variant, rng);
  const auto records = notation::read_records(
      "r.rec", engine::format_generated_record(e.game->info().name, *vr.variant, g, seed, 1));
  engine::ReplayOptions ro;
  ro.keep_positions = true;
  out.rr = engine::replay(app::catalog_games(), records.at(0), ro);
  if (out.rr.positions.empty()) return out;
  for (std::size_t ply : {std::size_t{0}, out.rr.positions.size() / 2, out.rr.positions.size() - 1}) {
    render::DiagramRequest req;
    req.variant = out.rr.variant.get();
    req.state = out.rr.positions[ply].get();
    req.ply = static_cast<int>(ply);
    if (ply > 0) {
      req.last_move = records[0].text_of(records[0].plies[ply - 1]);
      req.last_mover = out.rr.positions[ply - 1]->side_to_move();
    }
    out.requests.push_back(req);
  }
  return out;
}

std::string png_of(const render::DiagramDrawer& drawer, const render::DiagramRequest& req,
                   int size = 300) {
  render::EncodeOptions eo;
  eo.size = size;
  return render::render_diagram(drawer, req, render::Format::kPng, eo);
}

// Every game has a "print" style; every print style ("print", "print,full", "iso-print") draws
// in PNG, SVG and PDF, stays byte-stable, and its PNG has no coloured pixel (antialiasing greys
// are fine). The default style of the same positions does have colour, so the check can fail.
TEST(RenderPrintStyle, EveryGameDrawsInBlackAndWhite) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    const auto styles = e.drawer->styles();
    ASSERT_NE(std::find(styles.begin(), styles.end(), "print"), styles.end()) << game;
    double default_colour = 0;
    for (const auto& options : e.representative_options) {
      const RandomPositions rp = random_positions(e, options, 5);
      ASSERT_FALSE(rp.requests.empty()) << game << " " << options;
      for (render::DiagramRequest req : rp.requests) {
        req.style = styles.front();
        default_colour = std::max(default_colour, coloured_share(decode_png(png_of(*e.drawer, req)), 12));
        for (const auto& style : styles) {
          if (style.find("print") == std::string::npos) continue;
          req.style = style;
          const std::string where = game + " " + options + " " + style + " ply " +
                                    std::to_string(req.ply);
          for (bool flip : {false, true}) {
            req.flip = flip;
            const Image img = decode_png(png_of(*e.drawer, req));
            ASSERT_GT(img.width, 0) << where;
            EXPECT_EQ(coloured_share(img, 12), 0.0) << where << (flip ? " flipped" : "");
          }
          req.flip = false;
          render::EncodeOptions eo;
          eo.size = 300;
          const std::string svg = render::render_diagram(*e.drawer, req, render::Format::kSvg, eo);
          EXPECT_EQ(svg.rfind("<?xml", 0), 0u) << where;
          EXPECT_EQ(svg, render::render_diagram(*e.drawer, req, render::Format::kSvg, eo)) << where;
          EXPECT_EQ(svg.find("<image"), std::string::npos) << where;
          const std::string pdf = render::render_diagram(*e.drawer, req, render::Format::kPdf, eo);
          EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u) << where;
          EXPECT_EQ(pdf, render::render_diagram(*e.drawer, req, render::Format::kPdf, eo)) << where;
        }
      }
    }
    EXPECT_GT(default_colour, 0.01) << game << ": the default style should have colour";
  }
}

// Flip turns the board: the picture of a position that is not symmetric changes, in every style,
// and the picture keeps its size.
TEST(RenderFlip, FlipTurnsTheBoardInEveryStyle) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    const RandomPositions rp = random_positions(e, e.representative_options.front(), 7);
    ASSERT_EQ(rp.requests.size(), 3u) << game;
    for (const auto& style : e.drawer->styles()) {
      render::DiagramRequest req = rp.requests[1];  // the middle of the game
      req.style = style;
      const Image plain = decode_png(png_of(*e.drawer, req));
      req.flip = true;
      const Image flipped = decode_png(png_of(*e.drawer, req));
      EXPECT_EQ(plain.width, flipped.width) << game << " " << style;
      EXPECT_EQ(plain.height, flipped.height) << game << " " << style;
      EXPECT_GT(differing_share(plain, flipped), 0.003) << game << " " << style;
    }
  }
}

// Flip is a half turn: the empty square Druid board (its edges V, H, V, H all round) looks the
// same turned, without coordinates; one stone in a corner makes the two pictures differ.
TEST(RenderFlip, DruidHalfTurnKeepsASymmetricPositionAndChangesAnOther) {
  const app::CatalogEntry* entry = nullptr;
  for (const auto& e : app::catalog())
    if (e.game->info().name == std::string("druid")) entry = &e;
  if (entry == nullptr) GTEST_SKIP() << "druid is not in this build";
  for (const std::string style : {"flat", "print", "iso"}) {
    const auto records =
        notation::read_records("f.rec", "[Game \"druid\"]\n[Options \"-size=6\"]\n[Result \"*\"]\n\n1. a1\n");
    engine::ReplayOptions ro;
    ro.keep_positions = true;
    const auto rr = engine::replay(app::catalog_games(), records.at(0), ro);
    ASSERT_EQ(rr.positions.size(), 2u);
    render::DiagramRequest req;
    req.variant = rr.variant.get();
    req.style = style;
    req.coordinates = false;
    req.state = rr.positions[0].get();
    const Image start = decode_png(png_of(*entry->drawer, req));
    req.flip = true;
    const Image start_flipped = decode_png(png_of(*entry->drawer, req));
    // Only antialiasing differs (thin grid lines land on other pixel phases), which averaging
    // 4x4 blocks smooths out: well under the share of the one stone below (about 1 % of the
    // picture, twice over when turned).
    EXPECT_LT(differing_share(block_average(start, 4), block_average(start_flipped, 4)), 0.005)
        << style;
    req.state = rr.positions[1].get();
    req.ply = 1;
    req.last_move = "a1";
    req.last_mover = "V";
    req.highlight_last = false;
    const Image one_flipped = decode_png(png_of(*entry->drawer, req));
    req.flip = false;
    const Image one = decode_png(png_of(*entry->drawer, req));
    EXPECT_GT(differing_share(one, one_flipped), 0.01) << style;
  }
}

// --no-coordinates and --no-highlight change the picture of a position with a last move, in
// every style of every game (the final positions of the golden records). The smallest change is
// a druid's arrow over its own dark stones (hex3-walk, about 0.04 % of the pixels).
TEST(RenderOptions, CoordinatesAndHighlightShowInEveryStyle) {
  for (const fs::path& rec : golden_records()) {
    Drawn d = final_position(rec);
    ASSERT_NE(d.entry, nullptr) << rec;
    ASSERT_GT(d.req.ply, 0) << rec;
    for (const auto& style : d.entry->drawer->styles()) {
      render::DiagramRequest req = d.req;
      req.style = style;
      const Image base = decode_png(png_of(*d.entry->drawer, req, 500));
      req.coordinates = false;
      EXPECT_GT(differing_share(base, decode_png(png_of(*d.entry->drawer, req, 500))), 0.0002)
          << rec << " " << style << ": no coordinates";
      req.coordinates = true;
      req.highlight_last = false;
      EXPECT_GT(differing_share(base, decode_png(png_of(*d.entry->drawer, req, 500))), 0.0002)
          << rec << " " << style << ": no highlight";
    }
  }
}

}  // namespace
}  // namespace scribe
