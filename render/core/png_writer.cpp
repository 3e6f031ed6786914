#include "render/core/png_writer.hpp"

#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <png.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace scribe::render {

namespace {

// Writes row `y` of the image to `out`: RGB, or RGBA with the premultiplication undone.
void convert_row(cairo_surface_t* surface, int y, bool alpha, unsigned char* out) {
  const int width = cairo_image_surface_get_width(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const std::size_t channels = alpha ? 4 : 3;
  const auto* px =
      reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
  for (int x = 0; x < width; ++x, out += channels) {
    const std::uint32_t p = px[x];
    const std::uint32_t a = p >> 24;
    for (int c = 0; c < 3; ++c) {
      const std::uint32_t v = (p >> (16 - 8 * c)) & 0xFF;
      // Opaque pixels are stored as they are (premultiplication changes nothing there).
      out[c] = static_cast<unsigned char>(
          !alpha   ? v
          : a == 0 ? 0
                   : std::min<std::uint32_t>(255, (v * 255 + a / 2) / a));
    }
    if (alpha) out[3] = static_cast<unsigned char>(a);
  }
}

// The bytes of one PNG row without its filter byte.
std::size_t row_bytes(cairo_surface_t* surface, bool alpha) {
  return static_cast<std::size_t>(cairo_image_surface_get_width(surface)) * (alpha ? 4 : 3);
}

// Images up to this many pixels take the fast path (the whole image filtered and compressed in
// memory at once); larger ones stream row by row through libpng, so memory stays one image.
constexpr std::size_t kFastPathPixels = std::size_t{2048} * 2048;

void put_u32(std::string& out, std::uint32_t v) {
  const char bytes[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                         static_cast<char>(v >> 8), static_cast<char>(v)};
  out.append(bytes, 4);
}

// Appends one PNG chunk: length, type, data, CRC of type and data.
void put_chunk(std::string& out, std::string_view type, const unsigned char* data,
               std::size_t size) {
  put_u32(out, static_cast<std::uint32_t>(size));
  const std::size_t type_at = out.size();
  out.append(type);
  out.append(reinterpret_cast<const char*>(data), size);
  put_u32(out, libdeflate_crc32(0, out.data() + type_at, size + 4));
}

struct CompressorDeleter {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// The calling thread's libdeflate compressor for `level` (0: stored, or 1), made once
// (allocating one costs about as much as compressing a diagram).
libdeflate_compressor* compressor(int level) {
  thread_local std::unique_ptr<libdeflate_compressor, CompressorDeleter> c[2];
  auto& slot = c[level == 0 ? 0 : 1];
  if (!slot) slot.reset(libdeflate_alloc_compressor(level == 0 ? 0 : 1));
  if (!slot) throw std::runtime_error("libdeflate: cannot allocate a compressor");
  return slot.get();
}

// The rows in a zlib stream by libdeflate at `level` (0 or 1); returns the bytes written to
// `packed`.
std::size_t libdeflate_rows(const std::vector<unsigned char>& rows, int level,
                            std::vector<unsigned char>& packed) {
  libdeflate_compressor* c = compressor(level);
  packed.resize(libdeflate_zlib_compress_bound(c, rows.size()));
  const std::size_t size =
      libdeflate_zlib_compress(c, rows.data(), rows.size(), packed.data(), packed.size());
  if (size == 0) throw std::runtime_error("libdeflate: compression failed");
  return size;
}

// Level 1: the rows deflated into a zlib stream by ISA-L's igzip at its level 0 (one pass with
// its built-in Huffman tables). igzip's level 1 took the same CPU and made files 16 % smaller,
// but inside scribe it gave other (equally valid) bytes for the same rows about once in 10,000
// diagrams, which breaks byte-stable output; no such difference in about 100,000 diagrams
// compressed twice at level 0, nor with libdeflate, whose level 1 took 60 % more CPU. Rows
// that level 0 would grow past the buffer (noise; never a diagram) go to libdeflate's level 1.
std::size_t deflate_fast(const std::vector<unsigned char>& rows,
                         std::vector<unsigned char>& packed) {
  // Deflate never grows data by more than a few bytes per 64 KiB block; this is ample.
  packed.resize(rows.size() + rows.size() / 8 + 1024);
  isal_zstream z;
  isal_deflate_init(&z);
  z.level = 0;
  z.gzip_flag = IGZIP_ZLIB;
  z.end_of_stream = 1;
  z.flush = NO_FLUSH;
  z.next_in = const_cast<unsigned char*>(rows.data());
  z.avail_in = static_cast<std::uint32_t>(rows.size());
  z.next_out = packed.data();
  z.avail_out = static_cast<std::uint32_t>(packed.size());
  if (isal_deflate(&z) != COMP_OK || z.internal_state.state != ZSTATE_END)
    return libdeflate_rows(rows, 1, packed);
  return z.total_out;
}

// Levels 0 and 1: unfiltered rows in one zlib stream (libdeflate or igzip), chunks written here.
std::string encode_fast(cairo_surface_t* surface, int level, bool alpha) {
  thread_local std::vector<unsigned char> rows, packed;
  const int height = cairo_image_surface_get_height(surface);
  const std::size_t bytes = row_bytes(surface, alpha) + 1;  // with the filter byte 0 (none)
  rows.resize(bytes * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    rows[bytes * static_cast<std::size_t>(y)] = 0;
    convert_row(surface, y, alpha, &rows[bytes * static_cast<std::size_t>(y) + 1]);
  }
  const std::size_t packed_size =
      level == 0 ? libdeflate_rows(rows, 0, packed) : deflate_fast(rows, packed);

  std::string out;
  out.reserve(packed_size + 64);
  out.append("\x89PNG\r\n\x1a\n", 8);
  unsigned char header[13] = {};
  const auto w = static_cast<std::uint32_t>(cairo_image_surface_get_width(surface));
  const auto h = static_cast<std::uint32_t>(cairo_image_surface_get_height(surface));
  for (int i = 0; i < 4; ++i) {
    header[i] = static_cast<unsigned char>(w >> (24 - 8 * i));
    header[4 + i] = static_cast<unsigned char>(h >> (24 - 8 * i));
  }
  header[8] = 8;              // bits per sample
  header[9] = alpha ? 6 : 2;  // RGBA or RGB; compression, filter, interlace methods 0
  put_chunk(out, "IHDR", header, sizeof header);
  put_chunk(out, "IDAT", packed.data(), packed_size);
  put_chunk(out, "IEND", nullptr, 0);
  return out;
}

void png_write_to_string(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))
      ->append(reinterpret_cast<const char*>(data), length);
}

void png_flush_nothing(png_structp) {}

// Levels 2..9 (libpng's per-row filter choice), and large images at 0 and 1 (no filter): libpng
// and zlib, row by row.
std::string encode_libpng(cairo_surface_t* surface, int level, bool alpha) {
  const int width = cairo_image_surface_get_width(surface);
  const int height = cairo_image_surface_get_height(surface);
  std::vector<unsigned char> row(row_bytes(surface, alpha));

  std::string out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (png == nullptr) throw std::runtime_error("libpng: cannot create a write struct");
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("libpng: encoding failed");
  }
  png_set_write_fn(png, &out, png_write_to_string, png_flush_nothing);
  png_set_compression_level(png, level);
  // At the fast levels no filter: diagrams are flat colour with antialiased edges, which
  // deflate finds as runs without help; measured faster and smaller than SUB or UP.
  png_set_filter(png, PNG_FILTER_TYPE_BASE, level <= 1 ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y) {
    convert_row(surface, y, alpha, row.data());
    png_write_row(png, row.data());
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return out;
}

}  // namespace

std::string encode_png(cairo_surface_t* surface, int level, bool alpha) {
  cairo_surface_flush(surface);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ||
      cairo_image_surface_get_data(surface) == nullptr)
    throw std::runtime_error("cannot make an image of this size (out of memory)");
  level = std::clamp(level, 0, 9);
  const std::size_t pixels = static_cast<std::size_t>(cairo_image_surface_get_width(surface)) *
                             static_cast<std::size_t>(cairo_image_surface_get_height(surface));
  return level <= 1 && pixels <= kFastPathPixels ? encode_fast(surface, level, alpha)
                                                 : encode_libpng(surface, level, alpha);
}

}  // namespace scribe::render
