// scribe's own SVG and PDF writers (render/core/svg_writer.*, pdf_writer.*) against Cairo: every
// game's diagram in every style, written as SVG and PDF and drawn back to pixels by independent
// programs (librsvg's rsvg-convert, poppler's pdftoppm), must look like the PNG Cairo draws from
// the same drawing. Also: well-formed XML, a PDF whose cross-reference table points at its
// objects, number formatting, text escaping, and Cairo's PDF for text the standard PDF fonts
// cannot write.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/number_text.hpp"
#include "render/core/svg_writer.hpp"
#include "tests/support/png_pixels.hpp"
#include "tests/support/generated_game.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;

// A generated game's final position, ready to draw (with these player names).
struct Final {
  test::GeneratedGame game;
  render::DiagramRequest req;
};

Final final_of(const app::CatalogEntry& e, const std::vector<std::string>& players = {}) {
  Final f{test::generated_game(e, 5), {}};
  f.req = f.game.final_request();
  f.req.players = players;
  return f;
}

// Runs a shell command; true when it exits 0.
bool run(const std::string& command) { return std::system(command.c_str()) == 0; }

// How far two pictures of the same drawing are apart: the share of 4x4-pixel blocks whose
// average colour differs by more than `tolerance` in some channel. Renderers differ in
// antialiasing and font hinting by a pixel here and there, which averaging absorbs; a wrong
// colour, a shape left out or misplaced changes whole blocks. Sizes may differ by a pixel
// (a size of 299.6 is rounded or raised); the common area is compared.
double differing_share(const test::PngPixels& a, const test::PngPixels& b, int tolerance) {
  if (a.argb.empty() || b.argb.empty() || std::abs(a.width - b.width) > 1 ||
      std::abs(a.height - b.height) > 1)
    return 1.0;
  const int w = std::min(a.width, b.width) / 4, h = std::min(a.height, b.height) / 4;
  auto block = [](const test::PngPixels& p, int bx, int by, int shift) {
    int sum = 0;
    for (int y = by * 4; y < by * 4 + 4; ++y)
      for (int x = bx * 4; x < bx * 4 + 4; ++x)
        sum += static_cast<int>(
            (p.argb[static_cast<std::size_t>(y) * static_cast<std::size_t>(p.width) +
                    static_cast<std::size_t>(x)] >>
             shift) &
            0xFF);
    return sum / 16;
  };
  int differ = 0;
  for (int by = 0; by < h; ++by)
    for (int bx = 0; bx < w; ++bx)
      for (int shift : {0, 8, 16})
        if (std::abs(block(a, bx, by, shift) - block(b, bx, by, shift)) > tolerance) {
          ++differ;
          break;
        }
  return w * h == 0 ? 1.0 : static_cast<double>(differ) / (static_cast<double>(w) * h);
}

// A scratch folder removed at the end of the test.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("scribe-vector-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() { fs::remove_all(dir); }
};

// Every game, style and theme: the SVG drawn by librsvg and the PDF drawn by poppler look like
// Cairo's PNG. PDF text is in the standard PDF font Helvetica rather than DejaVu Sans, so its
// bound is looser; shapes must still agree.
TEST(VectorWriters, SvgAndPdfLookLikeCairosPngInEveryGameStyleAndTheme) {
  ASSERT_TRUE(run("command -v rsvg-convert >/dev/null && command -v pdftoppm >/dev/null"))
      << "rsvg-convert (librsvg2-bin) and pdftoppm (poppler-utils) are needed: scripts/setup";
  Scratch scratch;
  render::EncodeOptions eo;
  eo.size = 300;
  int compared = 0;
  for (const auto& e : app::catalog()) {
    Final f = final_of(e);
    for (const auto& style : e.drawer->styles())
      for (const char* theme : {"light", "dark"}) {
        render::DiagramRequest req = f.req;
        req.style = style;
        req.theme = theme;
        const std::string where = e.game->info().name + " " + style + " " + theme;
        const auto png = test::decode_png_pixels(
            render::render_diagram(*e.drawer, req, render::Format::kPng, eo));
        const fs::path svg = scratch.dir / "d.svg", pdf = scratch.dir / "d.pdf";
        test::write_file(svg, render::render_diagram(*e.drawer, req, render::Format::kSvg, eo));
        test::write_file(pdf, render::render_diagram(*e.drawer, req, render::Format::kPdf, eo));
        ASSERT_TRUE(run("rsvg-convert '" + svg.string() + "' -o '" +
                        (scratch.dir / "s.png").string() + "'"))
            << where;
        ASSERT_TRUE(run("pdftoppm -png -r 72 -singlefile '" + pdf.string() + "' '" +
                        (scratch.dir / "p").string() + "'"))
            << where;
        const auto from_svg = test::decode_png_pixels(test::read_file(scratch.dir / "s.png"));
        const auto from_pdf = test::decode_png_pixels(test::read_file(scratch.dir / "p.png"));
        EXPECT_LT(differing_share(png, from_svg, 48), 0.02) << where << " (SVG)";
        EXPECT_LT(differing_share(png, from_pdf, 48), 0.06) << where << " (PDF)";
        ++compared;
      }
  }
  EXPECT_GE(compared, 8);
}

// The SVG is well-formed XML (checked by Python's XML parser), with hostile text in the caption
// escaped; the PDF's cross-reference table points at each object.
TEST(VectorWriters, SvgIsWellFormedAndPdfCrossReferencesItsObjects) {
  Scratch scratch;
  for (const auto& e : app::catalog()) {
    Final f = final_of(e, {"Ann & <Bob> \"quoted\"", "Ça va \x01"});
    const std::string svg = render::render_diagram(*e.drawer, f.req, render::Format::kSvg, {});
    test::write_file(scratch.dir / "x.svg", svg);
    EXPECT_TRUE(run("/usr/bin/python3 -c 'import sys, xml.dom.minidom as m; "
                    "m.parse(sys.argv[1])' '" +
                    (scratch.dir / "x.svg").string() + "'"))
        << e.game->info().name;
    EXPECT_NE(svg.find("Ann &amp; &lt;Bob&gt; &quot;quoted&quot;"), std::string::npos);

    const std::string pdf = render::render_diagram(*e.drawer, f.req, render::Format::kPdf, {});
    ASSERT_EQ(pdf.rfind("%PDF-1.4\n", 0), 0u);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(pdf, m, std::regex("startxref\n([0-9]+)\n%%EOF\n$")));
    const std::size_t xref = std::stoul(m[1]);
    ASSERT_EQ(pdf.compare(xref, 5, "xref\n"), 0);
    // Each "nnnnnnnnnn 00000 n" entry i is the offset of "i 0 obj".
    std::size_t at = pdf.find("65535 f \n", xref) + 9;
    for (int i = 1; pdf.compare(at + 11, 5, "00000") == 0; ++i, at += 20) {
      const std::size_t offset = std::stoul(pdf.substr(at, 10));
      EXPECT_EQ(pdf.compare(offset, std::to_string(i).size() + 6, std::to_string(i) + " 0 obj"),
                0)
          << e.game->info().name << " object " << i;
    }
    EXPECT_NE(pdf.find("/BaseFont /Helvetica"), std::string::npos);
  }
}

// A caption the standard PDF fonts cannot write (here Chinese and Greek player names) still
// comes out whole: that diagram goes through Cairo's PDF surface, which embeds its font.
TEST(VectorWriters, PdfTextOutsideWindows1252GoesThroughCairo) {
  const auto& e = app::catalog().front();
  Final plain = final_of(e, {"Ann", "Bob"});
  Final wide = final_of(e, {"\xE6\x9D\x8E", "\xCE\xA9mega"});
  const std::string a = render::render_diagram(*e.drawer, plain.req, render::Format::kPdf, {});
  const std::string b = render::render_diagram(*e.drawer, wide.req, render::Format::kPdf, {});
  EXPECT_NE(a.find("/BaseFont /Helvetica"), std::string::npos);
  EXPECT_EQ(b.find("/BaseFont /Helvetica"), std::string::npos);
  EXPECT_NE(b.find("cairo"), std::string::npos);  // Cairo names itself the producer
}

TEST(VectorWriters, NumbersHaveAtMostTwoDecimalsAndNoTrailingZeros) {
  auto text = [](double v) {
    std::string s;
    render::append_number(s, v);
    return s;
  };
  EXPECT_EQ(text(0), "0");
  EXPECT_EQ(text(12), "12");
  EXPECT_EQ(text(3.5), "3.5");
  EXPECT_EQ(text(-0.25), "-0.25");
  EXPECT_EQ(text(1.005001), "1.01");
  EXPECT_EQ(text(99.999), "100");
  EXPECT_EQ(text(-0.001), "0");
  EXPECT_EQ(text(1234567.891), "1234567.89");
  EXPECT_EQ(text(0.1 + 0.2), "0.3");
}

}  // namespace
}  // namespace scribe
