#include "app/html/frames.hpp"

#include <algorithm>
#include <unordered_map>

#include "app/commands/json.hpp"
#include "render/core/svg_writer.hpp"
#include "render/core/vector_canvas.hpp"

namespace scribe::html {

void append_json_quoted(std::string& out, std::string_view text) {
  out += '"';
  app::append_json_chars(out, text, true);
  out += '"';
}

std::string json_quoted(const std::string& text) {
  std::string out;
  append_json_quoted(out, text);
  return out;
}

// The page's VectorWriter: each element's line formatted by an SvgWriter once per page and
// found again by the numbers it was drawn with (the key: its kind, colours, style and
// coordinates as bytes); the unchanging parts kept apart.
class FrameCoder::Writer final : public render::VectorWriter {
 public:
  explicit Writer(FrameCoder& coder) : coder_(coder), scratch_(0, 0, {}, {}) {}

  // Forgets everything drawn (the memory of the tables is kept): as a new Writer.
  void clear() {
    scratch_ = render::SvgWriter(0, 0, {}, {});
    scratch_text_.clear();
    taken_.clear();
    memo_.clear();
    memo_lines_.clear();
    parts_.clear();
    part_lines_.clear();
    part_starts_.assign(1, 0);
    pending_part_.clear();
    part_from_ = 0;
    part_depth_ = 0;
    part_clipped_ = false;
    heads_.clear();
    statics_.clear();
    tail_.clear();
    width_ = height_ = 0;
    open_ = 0;
    recording_ = false;
    part_.clear();
    part_key_.clear();
  }

  // Starts a drawing of `size` pixels: its <svg> and <g> lines.
  void begin(const render::VectorSize& size) {
    scratch_.set_clips_made(0);  // each drawing numbers its clips from c1, as render does
    width_ = size.width;
    height_ = size.height;
    key_.assign(1, 'h');
    add(width_);
    add(height_);
    auto it = heads_.find(key_);
    if (it == heads_.end()) {
      // An empty document: the declaration, <svg>, title, description, <g>, </g>, </svg>.
      render::SvgWriter empty(width_, height_, {}, {});
      std::vector<int> head;
      std::string_view doc;
      const std::string text = empty.finish();
      doc = text;
      while (!doc.empty()) {
        const std::size_t end = doc.find('\n');
        const std::string_view line = doc.substr(0, end);
        doc.remove_prefix(end == std::string_view::npos ? doc.size() : end + 1);
        if (line.rfind("<?xml", 0) == 0 || line.rfind("<title>", 0) == 0 ||
            line.rfind("<desc>", 0) == 0)
          continue;
        head.push_back(coder_.line_number(line));
      }
      it = heads_.emplace(key_, std::move(head)).first;
    }
    const std::vector<int>& head = it->second;
    // All but the last two lines (</g>, </svg>) open the document.
    for (std::size_t i = 0; i + 2 < head.size(); ++i) coder_.now_.push_back(head[i]);
    tail_ = {head.end() - std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(head.size())),
             head.end()};
  }

  // Ends the drawing: the clips left open closed, and the document's end.
  void end() {
    while (open_ > 0) pop_clip();
    for (int line : tail_) coder_.now_.push_back(line);
  }

  void fill(const render::VectorPath& path, const render::Colour& colour) override {
    key_.assign(1, 'f');
    add(colour);
    add(path);
    memo([&] { scratch_.fill(path, colour); });
  }

  void stroke(const render::VectorPath& path, const render::StrokeStyle& style) override {
    key_.assign(1, 's');
    add(style.colour);
    add(style.width);
    key_ += static_cast<char>(style.cap);
    key_ += static_cast<char>(style.join);
    const std::size_t dashes = style.dashes == nullptr ? 0 : style.dashes->size();
    add(static_cast<double>(dashes));
    for (std::size_t i = 0; i < dashes; ++i) add((*style.dashes)[i]);
    add(style.dash_offset);
    add(path);
    memo([&] { scratch_.stroke(path, style); });
  }

  void paint(const render::Colour& colour) override {
    key_.assign(1, 'p');
    add(width_);
    add(height_);
    add(colour);
    memo([&] {
      render::SvgWriter page(width_, height_, {}, {});
      page.paint(colour);
      scratch_text_ = page.take_elements();
    });
  }

  bool reuse_part(std::string_view key) override {
    if (recording_ || part_depth_ > 0) {  // inside an unchanging part or another part: drawn
      ++part_depth_;
      return false;
    }
    if (const int n = parts_.find(key); n >= 0) {
      const auto i = static_cast<std::size_t>(n);
      coder_.now_.insert(coder_.now_.end(),
                         part_lines_.begin() + static_cast<std::ptrdiff_t>(part_starts_[i]),
                         part_lines_.begin() + static_cast<std::ptrdiff_t>(part_starts_[i + 1]));
      return true;
    }
    part_depth_ = 1;
    part_from_ = coder_.now_.size();
    part_clipped_ = false;
    pending_part_.assign(key);
    return false;
  }

  void end_part() override {
    if (part_depth_ == 0 || --part_depth_ > 0 || recording_) return;
    if (part_clipped_) return;  // a clip has an id of its own: such a part is not kept
    parts_.intern(pending_part_);
    part_lines_.insert(part_lines_.end(),
                       coder_.now_.begin() + static_cast<std::ptrdiff_t>(part_from_),
                       coder_.now_.end());
    part_starts_.push_back(part_lines_.size());
  }

  void push_clip(const render::VectorPath& path) override {
    part_clipped_ = true;
    scratch_.push_clip(path);  // not kept: each clip has an id of its own
    put(scratch_.take_elements());
    ++open_;
  }

  void pop_clip() override {
    if (open_ == 0) return;
    --open_;
    scratch_.pop_clip();
    put(scratch_.take_elements());
  }

  void text(const render::TextRun& run) override {
    key_.assign(1, 't');
    for (double v : {run.x, run.y, run.xx, run.yx, run.xy, run.yy}) add(v);
    key_ += static_cast<char>((run.bold ? 1 : 0) + (run.mono ? 2 : 0));
    add(run.colour);
    key_ += run.text;  // last: its length is the key's rest
    memo([&] { scratch_.text(run); });
  }

  bool reuse_static(std::string_view key) override {
    if (recording_) return false;
    if (const auto it = statics_.find(std::string(key)); it != statics_.end()) {
      coder_.now_.push_back(it->second.line);
      // The clips after it are numbered as if it had been drawn here.
      scratch_.set_clips_made(scratch_.clips_made() + it->second.clips);
      return true;
    }
    recording_ = true;
    part_.clear();
    part_key_ = key;
    part_clips_from_ = scratch_.clips_made();
    return false;
  }

  void end_static() override {
    if (!recording_) return;
    recording_ = false;
    const std::size_t n = coder_.statics_.size();
    coder_.statics_.push_back(std::move(part_));
    const int line = coder_.line_number("<static " + std::to_string(n) + ">");
    statics_.emplace(part_key_, StaticPart{line, scratch_.clips_made() - part_clips_from_});
    coder_.now_.push_back(line);
  }

 private:
  void add(double v) { key_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void add(const render::Colour& c) {
    for (double v : {c.r, c.g, c.b, c.a}) add(v);
  }
  void add(const render::VectorPath& p) {
    add(static_cast<double>(p.kinds.size()));
    add(static_cast<double>(p.coords.size()));
    key_.append(reinterpret_cast<const char*>(p.kinds.data()), p.kinds.size());
    key_.append(reinterpret_cast<const char*>(p.coords.data()), p.coords.size() * sizeof(double));
  }

  // Adds the element of key_ to the drawing: its line found again, or formatted by `format`
  // (onto scratch_, or into scratch_text_) and kept. In an unchanging part, it is formatted.
  template <class Format>
  void memo(Format format) {
    if (recording_) {
      scratch_text_.clear();
      format();
      part_ += scratch_text_.empty() ? scratch_.take_elements() : scratch_text_;
      return;
    }
    const auto [n, added] = memo_.intern(key_);
    if (added) {
      scratch_text_.clear();
      format();
      std::string_view text = scratch_text_;
      if (text.empty()) {
        taken_ = scratch_.take_elements();
        text = taken_;
      }
      if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
      memo_lines_.push_back(coder_.line_number(text));
    }
    coder_.now_.push_back(memo_lines_[static_cast<std::size_t>(n)]);
  }

  // Adds lines formatted elsewhere (clips), each ending in '\n'.
  void put(std::string_view text) {
    if (recording_) {
      part_ += text;
      return;
    }
    while (!text.empty()) {
      const std::size_t end = text.find('\n');
      coder_.now_.push_back(coder_.line_number(text.substr(0, end)));
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
  }

  FrameCoder& coder_;
  render::SvgWriter scratch_;  // formats one element at a time (take_elements)
  std::string scratch_text_;
  std::string taken_;  // the last element formatted by scratch_
  std::string key_;
  InternTable memo_;                         // element keys, numbered
  std::vector<int> memo_lines_;              // per element key: its line
  InternTable parts_;                        // the keys of the parts (Canvas::begin_part)
  std::vector<int> part_lines_;              // their lines, part after part
  std::vector<std::size_t> part_starts_{0};  // part n: part_lines_[part_starts_[n], [n + 1])
  std::string pending_part_;                 // the key of the part being drawn
  std::size_t part_from_ = 0;                // where its lines start in now_
  int part_depth_ = 0;                       // begin_part()s not yet ended
  bool part_clipped_ = false;                // a clip was pushed in the part
  std::unordered_map<std::string, std::vector<int>> heads_;  // size -> the empty document
  // An unchanging part: its "<static N>" line and the clip paths it makes.
  struct StaticPart {
    int line = 0;
    int clips = 0;
  };
  std::unordered_map<std::string, StaticPart> statics_;  // by the part's key
  int part_clips_from_ = 0;  // the clips made before the unchanging part being drawn
  std::vector<int> tail_;
  double width_ = 0, height_ = 0;
  int open_ = 0;
  bool recording_ = false;
  std::string part_;  // the unchanging part being drawn
  std::string part_key_;
};

FrameCoder::FrameCoder() : writer_(std::make_unique<Writer>(*this)) {}

FrameCoder::~FrameCoder() = default;

void FrameCoder::clear() {
  writer_->clear();
  statics_.clear();
  lines_.clear();
  previous_.clear();
  now_.clear();
  where_.clear();
  coded_.clear();
  frames_ = 0;
}

int FrameCoder::line_number(std::string_view line) {
  const auto [n, added] = lines_.intern(line);
  if (added) where_.push_back(0);
  return n;
}

void FrameCoder::draw(const render::DiagramDrawer& drawer, const render::DiagramRequest& request,
                      const render::EncodeOptions& options) {
  const render::VectorSize size = render::vector_size(drawer, request, options);
  now_.clear();
  writer_->begin(size);
  render::draw_vector(drawer, request, size, *writer_);
  writer_->end();
  add_frame();
}

void FrameCoder::add_frame() {
  // Coded as copies from the drawing before (each run of lines found there in a row: -(its
  // start + 1) and its length) and new lines (their numbers).
  for (std::size_t i = previous_.size(); i-- > 0;)
    where_[static_cast<std::size_t>(previous_[i])] = static_cast<int>(i) + 1;
  if (frames_ > 0) coded_ += ',';
  coded_ += '[';
  bool first = true;
  auto put = [&](int v) {
    if (!first) coded_ += ',';
    first = false;
    coded_ += std::to_string(v);
  };
  std::size_t i = 0;
  while (i < now_.size()) {
    const int at = where_[static_cast<std::size_t>(now_[i])];
    std::size_t length = 0;
    if (at > 0) {
      const std::size_t from = static_cast<std::size_t>(at - 1);
      while (i + length < now_.size() && from + length < previous_.size() &&
             previous_[from + length] == now_[i + length])
        ++length;
    }
    if (length < 2) {  // a single line costs less as itself
      put(now_[i++]);
      continue;
    }
    put(-at);
    put(static_cast<int>(length));
    i += length;
  }
  coded_ += ']';
  for (int line : previous_) where_[static_cast<std::size_t>(line)] = 0;
  previous_.swap(now_);
  ++frames_;
}

namespace {

// Appends `text` as a JSON string with each `font` in it written \u0001.
void append_font_marked(std::string& out, std::string_view text, std::string_view font) {
  out += '"';
  if (!font.empty()) {
    for (std::size_t hit; (hit = text.find(font)) != std::string_view::npos;) {
      app::append_json_chars(out, text.substr(0, hit), true);
      out += "\\u0001";
      text.remove_prefix(hit + font.size());
    }
  }
  app::append_json_chars(out, text, true);
  out += '"';
}

}  // namespace

std::string FrameCoder::font() const {
  // The font of the texts is written once: nearly every text names it.
  std::string font;
  auto find_font = [&](std::string_view line) {
    const std::size_t at = line.find(" font-family=\"");
    if (at == std::string::npos) return false;
    const std::size_t end = line.find('"', at + 14);
    if (end != std::string::npos) font = line.substr(at, end + 1 - at);
    return true;
  };
  for (std::size_t i = 0; i < lines_.size(); ++i)
    if (find_font(lines_.at(static_cast<int>(i)))) break;
  if (font.empty())
    for (const std::string& part : statics_)
      if (find_font(part)) break;
  return font;
}

namespace {

// Where a path line's ` d="` starts, or npos (not a path, or a path opening too short to be
// worth a style number).
std::size_t style_end(std::string_view line) {
  if (line.rfind("<path ", 0) != 0) return std::string_view::npos;
  const std::size_t at = line.find(" d=\"");
  return at != std::string_view::npos && at >= 16 ? at : std::string_view::npos;
}

}  // namespace

FrameCoder::Styles FrameCoder::style_prefixes() const {
  Styles styles;
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    const std::string_view line = lines_.at(static_cast<int>(i));
    const std::size_t end = style_end(line);
    if (end == std::string_view::npos) continue;
    if (styles.numbers.emplace(line.substr(0, end), static_cast<int>(styles.list.size())).second)
      styles.list.push_back(line.substr(0, end));
  }
  return styles;
}

void FrameCoder::append_json_members(std::string& out) const {
  const std::string font = this->font();
  out += "\"font\":";
  append_json_quoted(out, font);
  out += ",\n\"styles\":[";
  const std::vector<std::string_view> styles = style_prefixes().list;
  for (std::size_t i = 0; i < styles.size(); ++i) {
    if (i > 0) out += ",\n";
    append_json_quoted(out, styles[i]);
  }
  out += "],\n\"statics\":[";
  for (std::size_t i = 0; i < statics_.size(); ++i) {
    std::string_view part = statics_[i];
    if (!part.empty() && part.back() == '\n') part.remove_suffix(1);
    if (i > 0) out += ",\n";
    append_font_marked(out, part, font);
  }
  out += "],\n\"frames\":[";
  out += coded_;
  out += ']';
}

void FrameCoder::append_lines_text(std::string& out) const {
  const std::string font = this->font();
  const Styles styles = style_prefixes();
  out.reserve(out.size() + lines_.bytes() + lines_.size());
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out += '\n';
    std::string_view line = lines_.at(static_cast<int>(i));
    if (const std::size_t end = style_end(line); end != std::string_view::npos) {
      out += "<#";
      out += std::to_string(styles.numbers.at(line.substr(0, end)));
      out += '>';
      out += line.substr(end);
      continue;
    }
    if (line.rfind("<text", 0) != 0) {  // only texts have a font or a line break
      out += line;
      continue;
    }
    // A text's line break (the only one a line can hold) as a character reference.
    while (!line.empty()) {
      const std::size_t stop = line.find_first_of("\n\r");
      std::string_view run = line.substr(0, stop);
      if (!font.empty())
        for (std::size_t hit; (hit = run.find(font)) != std::string_view::npos;) {
          out.append(run.substr(0, hit)) += "<%>";
          run.remove_prefix(hit + font.size());
        }
      out.append(run);
      if (stop == std::string_view::npos) break;
      out += line[stop] == '\n' ? "&#10;" : "&#13;";
      line.remove_prefix(stop + 1);
    }
  }
}

}  // namespace scribe::html
