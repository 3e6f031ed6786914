#include "render/core/cairo_canvas.hpp"

#include <atomic>
#include <cstring>
#include <string>

#include "render/core/theme.hpp"
#include "render/core/vector_canvas.hpp"

namespace scribe::render {

namespace {

// The four faces every diagram uses, made once; selecting a toy face by name on every text
// is slower.
std::atomic<cairo_font_face_t*> g_faces[4];

// Cairo wants NUL-terminated text: a short text is copied on the stack.
template <typename F>
void with_c_string(std::string_view text, F&& f) {
  char small[128];
  if (text.size() < sizeof small) {
    text.copy(small, text.size());
    small[text.size()] = '\0';
    f(small);
  } else {
    const std::string s(text);
    f(s.c_str());
  }
}

}  // namespace

cairo_font_face_t* diagram_face(bool bold, bool mono) {
  std::atomic<cairo_font_face_t*>& slot = g_faces[(mono ? 2 : 0) + (bold ? 1 : 0)];
  cairo_font_face_t* f = slot.load(std::memory_order_acquire);
  if (f != nullptr) return f;
  cairo_font_face_t* made = cairo_toy_font_face_create(
      mono ? kMonoFamily : kFontFamily, CAIRO_FONT_SLANT_NORMAL,
      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  if (slot.compare_exchange_strong(f, made, std::memory_order_acq_rel)) return made;
  cairo_font_face_destroy(made);  // another thread was first
  return f;
}

void release_cached_fonts() {
  release_text_measure();
  for (auto& slot : g_faces)
    if (cairo_font_face_t* f = slot.exchange(nullptr)) cairo_font_face_destroy(f);
}

const std::vector<unsigned char>* StaticCache::find(const std::string& key) const {
  for (const auto& [k, pixels] : entries_)
    if (k == key) return &pixels;
  return nullptr;
}

void StaticCache::keep(const std::string& key, std::vector<unsigned char> pixels) {
  // At most four parts and 32 MiB per worker: a --size 2000 image (16 MiB) is kept alone,
  // a larger one not at all.
  constexpr std::size_t kBudget = 32u << 20;
  if (pixels.size() > kBudget / 2) return;
  std::size_t total = pixels.size();
  for (const auto& entry : entries_) total += entry.second.size();
  while (!entries_.empty() && (entries_.size() >= 4 || total > kBudget)) {
    total -= entries_.front().second.size();
    entries_.erase(entries_.begin());
  }
  entries_.emplace_back(key, std::move(pixels));
}

bool CairoCanvas::paint_cached(std::string_view key) {
  pending_key_.clear();
  if (cache_ == nullptr) return false;
  cairo_surface_t* s = cairo_get_target(cr_);
  if (cairo_surface_get_type(s) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_image_surface_get_format(s) != CAIRO_FORMAT_ARGB32)
    return false;
  cairo_matrix_t m;
  cairo_get_matrix(cr_, &m);
  // The key, then the image's size and the transformation as bytes (a fixed length after the
  // separator: different keys, sizes or matrices never give the same text).
  const int size[2] = {cairo_image_surface_get_width(s), cairo_image_surface_get_height(s)};
  const double where[6] = {m.xx, m.yx, m.xy, m.yy, m.x0, m.y0};
  pending_key_.assign(key);
  pending_key_ += '|';
  pending_key_.append(reinterpret_cast<const char*>(size), sizeof size);
  pending_key_.append(reinterpret_cast<const char*>(where), sizeof where);
  const std::vector<unsigned char>* pixels = cache_->find(pending_key_);
  if (pixels == nullptr) return false;
  cairo_surface_flush(s);
  std::memcpy(cairo_image_surface_get_data(s), pixels->data(), pixels->size());
  cairo_surface_mark_dirty(s);
  pending_key_.clear();
  return true;
}

void CairoCanvas::keep_static() {
  if (cache_ == nullptr || pending_key_.empty()) return;
  cairo_surface_t* s = cairo_get_target(cr_);
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  const std::size_t size = static_cast<std::size_t>(cairo_image_surface_get_stride(s)) *
                           static_cast<std::size_t>(cairo_image_surface_get_height(s));
  cache_->keep(pending_key_, std::vector<unsigned char>(data, data + size));
  pending_key_.clear();
}

CairoCanvas::~CairoCanvas() {
  if (stashed_ != nullptr) cairo_path_destroy(stashed_);
}

void CairoCanvas::set_line_cap(LineCap cap) {
  cairo_set_line_cap(cr_, cap == LineCap::kRound    ? CAIRO_LINE_CAP_ROUND
                          : cap == LineCap::kSquare ? CAIRO_LINE_CAP_SQUARE
                                                    : CAIRO_LINE_CAP_BUTT);
}

void CairoCanvas::set_line_join(LineJoin join) {
  cairo_set_line_join(cr_, join == LineJoin::kRound   ? CAIRO_LINE_JOIN_ROUND
                           : join == LineJoin::kBevel ? CAIRO_LINE_JOIN_BEVEL
                                                      : CAIRO_LINE_JOIN_MITER);
}

void CairoCanvas::stash_path() {
  if (stashed_ != nullptr) cairo_path_destroy(stashed_);
  stashed_ = cairo_copy_path(cr_);
}

void CairoCanvas::unstash_path() {
  if (stashed_ != nullptr) cairo_append_path(cr_, stashed_);
}

void CairoCanvas::set_font(double size, bool bold, bool mono) {
  cairo_set_font_face(cr_, diagram_face(bold, mono));
  cairo_set_font_size(cr_, size);
}

TextExtents CairoCanvas::text_extents(std::string_view text) {
  cairo_text_extents_t e;
  with_c_string(text, [&](const char* s) { cairo_text_extents(cr_, s, &e); });
  return {e.x_bearing, e.y_bearing, e.width, e.height, e.x_advance};
}

void CairoCanvas::show_text(std::string_view text) {
  with_c_string(text, [&](const char* s) { cairo_show_text(cr_, s); });
}

}  // namespace scribe::render
