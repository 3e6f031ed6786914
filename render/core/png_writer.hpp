// Writing a Cairo image as PNG bytes (include only from render/ sources).
#pragma once

#include <cairo.h>

#include <string>

namespace scribe::render {

// Encodes a Cairo ARGB32 image as an 8-bit RGB PNG, or RGBA when `alpha` (a transparent
// background; Cairo's premultiplied colours are divided back out). `level` is the zlib level
// 0..9: at 0 and 1 rows are unfiltered and, in one call, stored by libdeflate (0) or deflated by
// ISA-L's igzip (1: the fast path of `render --all`; images over 2048x2048 pixels stream through libpng and zlib instead,
// to keep memory at one image); from 2 up libpng chooses a filter per row and deflates with
// zlib. The bytes depend only on the pixels, the level and the size. Throws when the image
// could not be made (Cairo's error image).
std::string encode_png(cairo_surface_t* surface, int level, bool alpha);

}  // namespace scribe::render
