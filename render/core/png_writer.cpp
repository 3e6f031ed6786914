#include "render/core/png_writer.hpp"

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

// Writes the image's rows, each led by its filter byte 0 (none), into `rows`: RGB, or RGBA with
// the premultiplication undone.
void unfiltered_rows(cairo_surface_t* surface, bool alpha, std::vector<unsigned char>& rows) {
  const int width = cairo_image_surface_get_width(surface);
  const int height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const std::size_t channels = alpha ? 4 : 3;
  const std::size_t row_bytes = 1 + static_cast<std::size_t>(width) * channels;
  rows.resize(row_bytes * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    const auto* px =
        reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    unsigned char* out = rows.data() + row_bytes * static_cast<std::size_t>(y);
    *out++ = 0;
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
}

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

// The calling thread's compressor for `level`, made once (allocating one costs about as much as
// compressing a diagram).
libdeflate_compressor* compressor(int level) {
  thread_local std::unique_ptr<libdeflate_compressor, CompressorDeleter> kept[2];
  auto& c = kept[level];
  if (!c) c.reset(libdeflate_alloc_compressor(level));
  if (!c) throw std::runtime_error("libdeflate: cannot allocate a compressor");
  return c.get();
}

// Levels 0 and 1: unfiltered rows in one zlib stream from libdeflate, chunks written here.
std::string encode_fast(cairo_surface_t* surface, int level, bool alpha) {
  thread_local std::vector<unsigned char> rows, packed;
  unfiltered_rows(surface, alpha, rows);
  libdeflate_compressor* c = compressor(level);
  packed.resize(libdeflate_zlib_compress_bound(c, rows.size()));
  const std::size_t packed_size =
      libdeflate_zlib_compress(c, rows.data(), rows.size(), packed.data(), packed.size());
  if (packed_size == 0) throw std::runtime_error("libdeflate: compression failed");

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

// Levels 2..9: libpng with its per-row filter choice and zlib.
std::string encode_small(cairo_surface_t* surface, int level, bool alpha) {
  const int width = cairo_image_surface_get_width(surface);
  const int height = cairo_image_surface_get_height(surface);
  std::vector<unsigned char> rows;
  unfiltered_rows(surface, alpha, rows);
  const std::size_t row_bytes = rows.size() / static_cast<std::size_t>(height);

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
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y)
    png_write_row(png, rows.data() + row_bytes * static_cast<std::size_t>(y) + 1);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return out;
}

}  // namespace

std::string encode_png(cairo_surface_t* surface, int level, bool alpha) {
  cairo_surface_flush(surface);
  level = std::clamp(level, 0, 9);
  return level <= 1 ? encode_fast(surface, level, alpha) : encode_small(surface, level, alpha);
}

}  // namespace scribe::render
