#include "app/html/page.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "app/catalog.hpp"
#include "app/commands/common.hpp"
#include "app/commands/ply_request.hpp"
#include "app/html/assets.hpp"
#include "app/html/frames.hpp"
#include "render/core/diagram.hpp"

namespace scribe::html {

namespace {

// "12. (3-5) c3": ply `n` as show prints it (the ply number, its roll, its text).
std::string ply_label(const notation::Record& record, int n) {
  const notation::Ply& p = record.plies[static_cast<std::size_t>(n - 1)];
  std::string out = std::to_string(n) + ". ";
  if (p.roll) out += "(" + p.roll->text + ") ";
  out += record.text_of(p);
  return out;
}

// The page's title: the players, else the file and record number; then the game.
std::string page_title(const notation::Record& record, const engine::ReplayResult& rr) {
  std::string players;
  for (const std::string& p : record.players())
    if (!p.empty() && p != "?") players += (players.empty() ? "" : " \u2013 ") + p;
  std::string title = players.empty() ? std::filesystem::path(record.file).filename().string() +
                                            ", record " + std::to_string(record.index)
                                      : players;
  if (rr.game) title += " \u00b7 " + *rr.game;
  return title;
}

// Draws the position after ply `ply` into `frames`.
void draw_ply(FrameCoder& frames, const render::DiagramDrawer& drawer,
              const notation::Record& record, const engine::ReplayResult& rr, int ply,
              const PageOptions& o) {
  render::DiagramRequest req = app::ply_request(rr, record, ply);
  if (!o.style.empty())
    req.style = o.style;
  else
    req.style = drawer.styles().front();
  req.coordinates = o.coordinates;
  req.theme = o.theme;
  for (const auto& c : record.comments)
    if (!c.before_tags && c.after_ply == ply)
      render::add_comment_annotations(drawer, c, req, nullptr);
  render::EncodeOptions eo;
  eo.size = o.size;
  frames.draw(drawer, req, eo);
}

// `text` cut after each ',' and ' ' into `pieces` (the pieces joined give it back).
void text_pieces(std::string_view text, std::vector<std::string_view>& pieces) {
  pieces.clear();
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find_first_of(", ", at);
    const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    pieces.push_back(text.substr(at, next - at));
    at = next;
  }
}

// Appends the pieces of `now` (text_pieces) coded from those of `before` as a JSON array: a
// string is a piece, and two numbers s, n copy the pieces s..s+n-1 of `before`. Consecutive
// position texts differ in a few pieces, and a long game's texts would otherwise dominate its
// page. A piece is looked for where the copy before it left off in `before`, or one place to
// either side (a piece that came or went shifts the rest by one).
void append_text_delta(std::string& out, const std::vector<std::string_view>& before,
                       const std::vector<std::string_view>& now) {
  out += '[';
  const auto size = static_cast<std::ptrdiff_t>(before.size());
  std::ptrdiff_t offset = 0;  // where in `before` the piece after the last copy would be
  std::size_t i = 0;
  bool first = true;
  while (i < now.size()) {
    if (!first) out += ',';
    first = false;
    std::size_t n = 0;
    std::ptrdiff_t from = 0;
    for (const std::ptrdiff_t shift : {0, 1, -1}) {
      const std::ptrdiff_t k = static_cast<std::ptrdiff_t>(i) + offset + shift;
      if (k < 0 || k >= size) continue;
      std::size_t length = 0;
      while (i + length < now.size() && k + static_cast<std::ptrdiff_t>(length) < size &&
             before[static_cast<std::size_t>(k) + length] == now[i + length])
        ++length;
      if (length >= 2) {
        n = length;
        from = k;
        break;
      }
    }
    if (n < 2) {  // a single piece costs less as itself
      append_json_quoted(out, now[i++]);
      continue;
    }
    out += std::to_string(from);
    out += ',';
    out += std::to_string(n);
    offset = from - static_cast<std::ptrdiff_t>(i);
    i += n;
  }
  out += ']';
}

// Appends the script data (the boards and, per ply, its position text, last ply and state),
// closes its element and opens the page's script.
void append_page_data(std::string& out, const notation::Record& record,
                      const engine::ReplayResult& rr, const PageOptions& o) {
  const app::CatalogEntry* entry = rr.game ? app::find_entry(*rr.game) : nullptr;
  const int shown = rr.positions.empty() ? 0 : static_cast<int>(rr.positions.size());
  if (shown > 0 && (entry == nullptr || entry->drawer == nullptr))
    throw std::runtime_error("no diagram drawer for game " + rr.game.value_or("?"));
  // One coder per thread, emptied for each page: its tables keep their memory.
  thread_local FrameCoder frames;
  frames.clear();
  std::string plies;
  std::string texts[2];  // the position texts of this ply and of the one before, in turn
  std::vector<std::string_view> previous, position;  // their pieces
  for (int ply = 0; ply < shown; ++ply) {
    draw_ply(frames, *entry->drawer, record, rr, ply, o);
    const engine::State& state = *rr.positions[static_cast<std::size_t>(ply)];
    std::string now;
    if (ply == shown - 1 && rr.result != "*")
      now = "Result " + rr.result;
    else if (const auto result = state.result())
      now = "Result " + *result;
    else
      now = state.side_to_move() + " to move";
    if (ply > 0) plies += ",\n";
    std::string& text = texts[ply % 2];  // the other one holds the characters of `previous`
    text = state.position_text();
    text_pieces(text, position);
    plies += "{\"position\":";
    append_text_delta(plies, previous, position);
    plies += ",\"last\":";
    previous.swap(position);
    plies += ply > 0 ? json_quoted(ply_label(record, ply) + " by " +
                                   rr.positions[static_cast<std::size_t>(ply - 1)]->side_to_move())
                     : std::string("null");
    plies += ",\"state\":" + json_quoted(now) + "}";
  }
  out += "{\"plies\":[";
  out += plies;
  out += "],\n";
  frames.append_json_members(out);
  out += "}</script>\n<script type=\"text/plain\" id=\"scribe-lines\">";
  frames.append_lines_text(out);
  out += "</script>\n<script>\n";
}

// The tags as a table.
std::string tags_html(const notation::Record& record) {
  if (record.tags.empty()) return "<p class=\"meta\">This record has no tags.</p>\n";
  std::string out = "<table class=\"tags\" aria-labelledby=\"tags-heading\">\n";
  for (const notation::Tag& t : record.tags)
    out += "<tr><th scope=\"row\">" + html_escaped(t.name) + "</th><td>" + html_escaped(t.value) +
           "</td></tr>\n";
  return out + "</table>\n";
}

// One diagnostic as an element of class "diagnostic" (data-ply: the position it stands at).
std::string diagnostic_html(const notation::Record& record, const notation::Diagnostic& d,
                            int legal_plies) {
  const bool warning = d.severity != notation::Severity::kError;
  std::string out = "<div class=\"diagnostic" + std::string(warning ? " warning" : "") + "\"";
  if (d.ply) out += " data-at-ply=\"" + std::to_string(std::min(*d.ply, legal_plies)) + "\"";
  out += " role=\"note\"><span class=\"code\">" +
         html_escaped(notation::format_headline(record.file, d)) + "</span>";
  if (!d.context.empty()) out += "<br>" + html_escaped(d.context);
  return out + "</div>";
}

// The comments that stand after ply `n` (0: before the first ply).
std::string comments_at(const notation::Record& record, int n) {
  std::string out;
  for (const notation::Comment& c : record.comments)
    if (c.after_ply == n && !c.before_tags)
      out += "<span class=\"comment\">" + html_escaped(c.text) + "</span>";
  return out;
}

}  // namespace

namespace {

// The move list: move numbers as written, rolls, plies (buttons with data-ply up to the last
// legal one; the ply replay stopped at struck out), comments, and the diagnostics that concern
// a ply after it. Nothing past the ply where replay stopped.
std::string moves_html(const notation::Record& record, const engine::ReplayResult& rr) {
  const int legal = rr.positions.empty() ? 0 : static_cast<int>(rr.positions.size()) - 1;
  const int tokens =
      rr.positions.empty() ? 0 : std::min(static_cast<int>(record.plies.size()), legal + 1);
  std::multimap<int, const notation::Diagnostic*> at;
  for (const notation::Diagnostic& d : rr.diagnostics)
    if (d.ply) at.emplace(std::min(*d.ply, tokens), &d);
  std::string out = comments_at(record, 0);
  auto diagnostics = [&](int n) {
    for (auto [it, end] = at.equal_range(n); it != end; ++it)
      out += diagnostic_html(record, *it->second, legal);
  };
  diagnostics(0);
  for (int n = 1; n <= tokens; ++n) {
    out += "<span class=\"ply\">";
    for (const notation::MoveNumber& m : record.move_numbers)
      if (m.before_ply == n)
        out += "<span class=\"num\">" + std::to_string(m.value) + (m.ellipsis ? "..." : ".") +
               "</span>";
    for (const notation::StrayRoll& s : record.stray_rolls)
      if (s.before_ply == n)
        out += "<span class=\"roll stray\">(" + html_escaped(s.roll.text) + ")</span> ";
    const notation::Ply& p = record.plies[static_cast<std::size_t>(n - 1)];
    const std::string_view token = record.text_of(p);
    if (p.roll) out += "<span class=\"roll\">(" + html_escaped(p.roll->text) + ")</span>";
    if (n <= legal) {
      out += "<button type=\"button\" class=\"move\" data-ply=\"" + std::to_string(n) +
             "\" aria-label=\"Ply " + std::to_string(n) + ": " + html_escaped(token) + "\">" +
             html_escaped(token) + "</button></span> ";
      out += comments_at(record, n);
    } else {
      out += "<span class=\"illegal\" title=\"not played: replay stopped here\">" +
             html_escaped(token) + "</span></span> ";
    }
    diagnostics(n);
  }
  if (tokens == 0 && rr.positions.empty())
    out += "<p>This record was not replayed: see its diagnostics.</p>";
  else if (record.plies.empty())
    out += "<p>This record has no moves.</p>";
  return out;
}

// The header: the link back, the title, what the record is, its tags and the diagnostics that
// concern no ply.
std::string header_html(const notation::Record& record, const engine::ReplayResult& rr,
                        const PageOptions& o) {
  std::string out = "<header>\n";
  if (!o.index_href.empty())
    out += "<a class=\"back\" href=\"" + html_escaped(o.index_href) + "\">\u2190 " +
           html_escaped(o.index_label) + "</a>\n";
  out += "<h1>" + html_escaped(page_title(record, rr)) + "</h1>\n<p class=\"meta\">";
  if (rr.game)
    out += html_escaped(*rr.game) +
           (rr.options && !rr.options->empty() ? " (" + html_escaped(*rr.options) + ")" : "") +
           " \u00b7 ";
  out += std::to_string(rr.plies) + (rr.plies == 1 ? " ply" : " plies") + " \u00b7 ";
  out += rr.valid() ? "<span class=\"status-valid\">valid</span>"
                    : "<span class=\"status-invalid\">invalid</span>";
  if (rr.warnings > 0)
    out += " (" + std::to_string(rr.warnings) + (rr.warnings == 1 ? " warning" : " warnings") + ")";
  out += " \u00b7 " + html_escaped(record.file) + ", record " + std::to_string(record.index) +
         "</p>\n";
  std::string general;
  for (const notation::Diagnostic& d : rr.diagnostics)
    if (!d.ply) general += diagnostic_html(record, d, 0) + "\n";
  if (!rr.valid() && !rr.positions.empty()) {
    const int stop = static_cast<int>(rr.positions.size()) - 1;
    std::string first;
    for (const notation::Diagnostic& d : rr.diagnostics)
      if (d.severity == notation::Severity::kError && d.ply) {
        first = " at ply " + std::to_string(*d.ply) + " (" + d.code + ")";
        break;
      }
    general += "<p>Replay stopped" + html_escaped(first) +
               ": its diagnostic stands in the move list. " + "<a class=\"goto\" data-ply=\"" +
               std::to_string(stop) + "\" href=\"#ply=" + std::to_string(stop) +
               "\">Show the position after ply " + std::to_string(stop) + "</a>.</p>\n";
  }
  if (!general.empty())
    out +=
        "<section aria-labelledby=\"diagnostics-heading\">\n<h2 id=\"diagnostics-heading\">"
        "Diagnostics</h2>\n" +
        general + "</section>\n";
  return out + "</header>\n";
}

// The board, its controls and its text.
std::string board_html(const engine::ReplayResult& rr) {
  std::string out =
      "<section class=\"board-panel\" aria-labelledby=\"board-heading\">\n"
      "<h2 id=\"board-heading\">Board</h2>\n";
  if (rr.positions.empty())
    return out + "<div id=\"board\">This record could not be replayed.</div>\n</section>\n";
  out +=
      "<div id=\"board\" role=\"img\" aria-label=\"Board at the start position\" "
      "data-ply=\"0\" data-position=\"" +
      html_escaped(rr.positions[0]->position_text()) + "\"></div>\n";
  out +=
      "<div class=\"controls\" role=\"group\" aria-label=\"Replay controls\">\n"
      "<button type=\"button\" id=\"first\" aria-label=\"First position\" "
      "title=\"First position (Home)\">\u00ab First</button>\n"
      "<button type=\"button\" id=\"prev\" aria-label=\"Previous ply\" "
      "title=\"Previous ply (Left arrow)\">\u2039 Back</button>\n"
      "<span id=\"counter\" aria-live=\"polite\"></span>\n"
      "<button type=\"button\" id=\"next\" aria-label=\"Next ply\" "
      "title=\"Next ply (Right arrow)\">Next \u203a</button>\n"
      "<button type=\"button\" id=\"last\" aria-label=\"Last position\" "
      "title=\"Last position (End)\">Last \u00bb</button>\n"
      "<button type=\"button\" id=\"flip\" aria-pressed=\"false\">Flip board</button>\n"
      "</div>\n<p id=\"board-text\" aria-live=\"polite\"></p>\n"
      "<p class=\"help\">Keys: <kbd>\u2190</kbd> <kbd>\u2192</kbd> step, <kbd>Home</kbd> "
      "<kbd>End</kbd> first and last position. The address ends in #ply=N.</p>\n";
  return out + "</section>\n";
}

}  // namespace

std::string page_html(const notation::Record& record, const engine::ReplayResult& rr,
                      const PageOptions& options) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"scribe html\">\n<title>" +
      html_escaped(page_title(record, rr)) + "</title>\n<style>\n";
  out += kPageCss;
  out += "</style>\n</head>\n<body class=\"theme-" + html_escaped(options.theme) + "\">\n" +
         header_html(record, rr, options);
  out += "<main class=\"layout\">\n" + board_html(rr);
  out +=
      "<section class=\"moves-panel\" aria-labelledby=\"moves-heading\">\n"
      "<h2 id=\"tags-heading\">Tags</h2>\n" +
      tags_html(record) + "<h2 id=\"moves-heading\">Moves</h2>\n<div id=\"moves\">\n";
  out += moves_html(record, rr) + "\n</div>\n</section>\n</main>\n";
  if (!rr.positions.empty()) {
    out += "<noscript><p>Stepping through the positions needs JavaScript.</p></noscript>\n";
    out += "<script type=\"application/json\" id=\"scribe-data\">";
    append_page_data(out, record, rr, options);
    out += kPageJs;
    out += "</script>\n";
  }
  return out + "</body>\n</html>\n";
}

std::string html_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string page_file_name(const std::string& file, int index) {
  namespace fs = std::filesystem;
  const std::string suffix = "-" + std::to_string(index) + ".html";
  if (file == "-" || file.empty()) return "stdin" + suffix;
  std::vector<std::string> parts;
  for (const auto& part : fs::path(file).relative_path()) {
    const std::string p = part.string();
    if (p.empty() || p == "." || p == "..") continue;
    parts.push_back(p);
  }
  if (parts.empty()) return "record" + suffix;
  std::string& name = parts.back();
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".rec") == 0)
    name.resize(name.size() - 4);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i > 0 ? "/" : "") + app::sanitise_name(parts[i]);
  return out + suffix;
}

}  // namespace scribe::html
