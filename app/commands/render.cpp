// scribe render: diagrams of positions as PNG, SVG or PDF files.
//
// Two passes: the first replays every record and plans every output name, so that name clashes
// and existing files are errors before anything is written; the second draws and writes each
// file through a temporary name and a rename.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <thread>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/options.hpp"
#include "render/core/sheet.hpp"

namespace scribe::app {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

enum class Which { kFinal, kPly, kAll };

struct RenderSettings {
  fs::path out_dir;
  render::Format format = render::Format::kPng;
  render::EncodeOptions encode;
  Which which = Which::kFinal;
  int ply = 0;
  std::string style;
  bool force = false;
  bool coordinates = true;
  bool highlight = true;
  bool flip = false;
  bool sheet = false;   // one PDF game sheet per record
  bool gif = false;     // one animated GIF per record
  std::string paper = "a4";
  int every = 10;
  int delay_ms = 700;
  int final_delay_ms = 3000;  // gif: how long the last frame stays
  std::string theme = "light";
  bool transparent = false;  // --background none
  std::vector<std::pair<std::string, std::string>> arrows;  // --arrow FROM-TO
  std::vector<std::string> marks;                          // --mark CELL
};

// The diagram options of issue 17, kept together: what the command line gives...
struct DiagramFlags {
  int final_delay_ms = 3000;
  std::string theme = "light";
  std::string background = "theme";
  std::vector<std::string> arrows;
  std::vector<std::string> marks;
};

// ...how they are described...
void add_diagram_options(po::options_description& desc, DiagramFlags& f) {
  desc.add_options()("final-delay", po::value<int>(&f.final_delay_ms),
                     "gif: milliseconds the last frame stays (default 3000)")(
      "theme", po::value<std::string>(&f.theme),
      "light (default), dark (a dark page) or print (black and white)")(
      "background", po::value<std::string>(&f.background),
      "none: a transparent background (PNG, SVG, PDF)")(
      "arrow", po::value<std::vector<std::string>>(&f.arrows),
      "draw an arrow FROM-TO (cells in the game's notation; repeatable)")(
      "mark", po::value<std::vector<std::string>>(&f.marks),
      "ring the cell CELL (in the game's notation; repeatable)");
}

// ...and how they are checked and copied into the settings.
void apply_diagram_options(const DiagramFlags& f, RenderSettings& s) {
  if (f.final_delay_ms < 10 || f.final_delay_ms > 600000)
    throw UsageError("--final-delay must be 10..600000 ms");
  s.final_delay_ms = f.final_delay_ms;
  if (!render::known_theme(f.theme))
    throw UsageError("--theme must be light, dark or print, not '" + f.theme + "'");
  if (f.background != "theme" && f.background != "none")
    throw UsageError("--background must be none (or left out), not '" + f.background + "'");
  s.theme = f.theme;
  s.transparent = f.background == "none";
  for (const auto& a : f.arrows) {
    const std::size_t dash = a.find('-');
    if (dash == std::string::npos || dash == 0 || dash + 1 == a.size())
      throw UsageError("--arrow must be FROM-TO (two cells joined by '-'), not '" + a + "'");
    s.arrows.emplace_back(a.substr(0, dash), a.substr(dash + 1));
  }
  for (const auto& m : f.marks)
    if (m.empty()) throw UsageError("--mark needs a cell");
  s.marks = f.marks;
}

// Throws a usage error when an --arrow or --mark cell is not on the board of `req`.
void check_cells(const render::DiagramDrawer& drawer, const render::DiagramRequest& req) {
  const std::string problem = render::check_annotations(drawer, req);
  if (!problem.empty()) throw UsageError(problem);
}

// The extension of the files this run writes.
std::string extension(const RenderSettings& s) {
  if (s.sheet) return "pdf";
  if (s.gif) return "gif";
  return std::string(render::format_extension(s.format));
}

// One file to write: which record and ply, and where.
struct PlannedFile {
  std::size_t input = 0;
  int record = 0;
  int ply = 0;
  fs::path path;
};

// The record's Player1, Player2, ... tags in order ("" where one is absent), for captions.
std::vector<std::string> players_of(const notation::Record& record) {
  std::vector<std::string> players;
  for (int n = 1; n <= 4; ++n)
    if (const notation::Tag* t = record.find_tag("Player" + std::to_string(n))) {
      players.resize(static_cast<std::size_t>(n));
      players.back() = t->value;
    }
  return players;
}

render::DiagramRequest make_request(const engine::ReplayResult& rr, const notation::Record& record,
                                    int ply, const RenderSettings& s) {
  render::DiagramRequest req;
  req.variant = rr.variant.get();
  req.state = rr.positions[static_cast<std::size_t>(ply)].get();
  req.ply = ply;
  if (ply > 0) {
    req.last_move = record.plies[static_cast<std::size_t>(ply - 1)].text;
    req.last_mover = rr.positions[static_cast<std::size_t>(ply - 1)]->side_to_move();
  }
  req.coordinates = s.coordinates;
  req.highlight_last = s.highlight;
  req.flip = s.flip;
  req.players = players_of(record);
  req.theme = s.theme;
  req.transparent = s.transparent;
  req.arrows = s.arrows;
  req.marks = s.marks;
  return req;
}

// The style to use with `drawer`: the one asked for when the drawer knows it, else its default.
std::string style_for(const render::DiagramDrawer& drawer, const std::string& asked) {
  const std::vector<std::string> styles = drawer.styles();
  for (const auto& st : styles)
    if (st == asked) return st;
  return styles.empty() ? std::string() : styles.front();
}

// Throws a usage error when no game of the build knows `style`.
void check_style(const std::string& style) {
  if (style.empty()) return;
  std::string known;
  for (const auto& e : catalog())
    for (const auto& st : e.drawer->styles()) {
      if (st == style) return;
      known += (known.empty() ? "" : ", ") + st;
    }
  throw UsageError("--style: unknown style '" + style + "' (known: " + known + ")");
}

// The plies of a record to draw, or an error message for that record.
std::vector<int> plies_to_draw(int last_legal, const RenderSettings& s, std::string* error) {
  switch (s.which) {
    case Which::kFinal: return {last_legal};
    case Which::kPly:
      if (s.ply > last_legal) {
        *error = "--ply " + std::to_string(s.ply) + " is past the last legal ply (" +
                 std::to_string(last_legal) + ")";
        return {};
      }
      return {s.ply};
    case Which::kAll: {
      std::vector<int> v;
      for (int p = 0; p <= last_legal; ++p) v.push_back(p);
      return v;
    }
  }
  return {};
}

// Draws a whole record: its game sheet (PDF) or its animated GIF.
std::string whole_record(const CatalogEntry& entry, const engine::ReplayResult& rr,
                         const notation::Record& record, const RenderSettings& s) {
  std::vector<render::DiagramRequest> frames;
  const int last = rr.plies;
  for (int p = 0; p <= last; ++p) {
    if (s.sheet && p != last && (p == 0 || p % s.every != 0)) continue;
    render::DiagramRequest req = make_request(rr, record, p, s);
    req.style = style_for(*entry.drawer, s.style);
    frames.push_back(req);
  }
  if (s.gif)
    return render::render_gif(*entry.drawer, frames, s.encode.size, s.delay_ms, s.final_delay_ms);
  render::SheetRequest sheet;
  sheet.paper = s.paper;
  sheet.title = entry.game->info().title + " - " + record.file + ", record " +
                std::to_string(record.index);
  sheet.header.emplace_back("Variant", rr.variant->describe());
  for (const char* name : {"Player1", "Player2", "Player3", "Player4", "Event", "Site", "Date",
                           "Round", "Result", "Termination", "Options"})
    if (const notation::Tag* t = record.find_tag(name)) sheet.header.emplace_back(name, t->value);
  for (int p = 0; p < last; ++p) {
    const auto& ply = record.plies[static_cast<std::size_t>(p)];
    sheet.moves.push_back(ply.roll ? "(" + ply.roll->text + ") " + ply.text : ply.text);
  }
  sheet.diagrams = std::move(frames);
  return render::render_sheet(*entry.drawer, sheet);
}

bool write_output(const fs::path& path, const std::string& bytes) {
  try {
    write_file_atomically(path, bytes);
    return true;
  } catch (const std::exception& e) {
    std::cerr << "scribe render: cannot write " << e.what() << "\n";
    return false;
  }
}

int render_setup(const std::string& game, const std::string& options, const std::string& setup,
                 const std::string& name, const RenderSettings& s) {
  const CatalogEntry* entry = find_entry(game);
  if (entry == nullptr) throw UsageError("--game: unknown game '" + game + "'");
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest vreq{game, options, &kNoTags, engine::Mode::kStrict};
  engine::VariantResult vr = entry->game->configure(vreq);
  for (const auto& f : vr.findings)
    if (f.severity == engine::Severity::kError) throw UsageError("--options: " + f.message);
  if (!vr.variant) throw UsageError("--options \"" + options + "\" is not usable");
  engine::PositionResult pr = vr.variant->parse_position(setup);
  if (!pr.state) throw UsageError("--setup: invalid position text: " + pr.error);
  if (s.sheet || s.gif) throw UsageError("--setup draws one position: use png, svg or pdf");
  const fs::path path = s.out_dir / (sanitise_name(name.empty() ? "position" : name) + "." +
                                     std::string(render::format_extension(s.format)));
  if (!s.force && fs::exists(path))
    throw UsageError(path.string() + " already exists (use --force to overwrite)");
  render::DiagramRequest req;
  req.variant = vr.variant.get();
  req.state = pr.state.get();
  req.style = style_for(*entry->drawer, s.style);
  req.coordinates = s.coordinates;
  req.highlight_last = s.highlight;
  req.flip = s.flip;
  req.theme = s.theme;
  req.transparent = s.transparent;
  req.arrows = s.arrows;
  req.marks = s.marks;
  check_cells(*entry->drawer, req);
  return write_output(path, render::render_diagram(*entry->drawer, req, s.format, s.encode))
             ? kExitOk
             : kExitUsage;
}

}  // namespace

int command_render(const std::vector<std::string>& args) {
  CommonOptions common;
  RenderSettings s;
  std::string out_dir, format = "png", setup, name;
  int size = 400;
  int png_level = 1;
  bool final_pos = false, all = false, no_coords = false, no_highlight = false;
  int ply = -1;
  bool ply_given = false;
  std::vector<std::string> paths;
  po::options_description desc(
      "scribe render PATH... --out DIR [options]\n\n"
      "Draws diagrams of positions. Files are named <input-stem>-r<record>-p<ply>.<ext>.\n"
      "Nothing is written outside --out; existing files are kept unless --force.\n\n"
      "Examples:\n"
      "  scribe render game.rec --out pics\n"
      "  scribe render games/ --all --format svg --out pics\n"
      "  scribe render --game druid --setup \"druid square:10 c3=v - - H 0 s\" --out pics\n\nOptions");
  common.add_to(desc);
  DiagramFlags diagram_flags;
  desc.add_options()("out", po::value<std::string>(&out_dir), "the folder for every file written (required)")(
      "format", po::value<std::string>(&format), "png, svg, pdf, or gif: one animated GIF per record (default png)")(
      "size", po::value<int>(&size), "pixels (PNG) or points (SVG, PDF) of the longer side (default 400)")(
      "final", po::bool_switch(&final_pos), "the position after the last legal ply (default)")(
      "ply", po::value<int>(&ply)->notifier(mark_given(&ply_given)),
      "the position after ply N (0 = the start)")(
      "all", po::bool_switch(&all), "every position from ply 0 to the last legal ply")(
      "style", po::value<std::string>(&s.style), "the render style (see each game's styles)")(
      "no-coordinates", po::bool_switch(&no_coords), "leave out the coordinates")(
      "no-highlight", po::bool_switch(&no_highlight), "do not mark the last move")(
      "flip", po::bool_switch(&s.flip), "turn the board 180 degrees (the other side's view)")(
      "png-compression", po::value<int>(&png_level), "zlib level 0-9 for PNG (default 1: fast)")(

      "setup", po::value<std::string>(&setup), "draw this position text (with --game)")(
      "name", po::value<std::string>(&name), "file stem for --setup (default position)")(
      "sheet", po::bool_switch(&s.sheet), "one PDF game sheet per record: tags, moves, diagrams")(
      "paper", po::value<std::string>(&s.paper), "sheet paper: a4 or letter (default a4)")(
      "every", po::value<int>(&s.every), "sheet: a diagram every N plies, and the final one (default 10)")(
      "delay", po::value<int>(&s.delay_ms), "gif: milliseconds per frame (default 700)")(
      "force", po::bool_switch(&s.force), "overwrite existing files");
  add_diagram_options(desc, diagram_flags);
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return kExitOk;

  if (ply_given && ply < 0) throw UsageError("--ply must be 0 or more");
  if (!ply_given) ply = -1;
  common.check_game_and_options();
  if (out_dir.empty()) throw UsageError("--out DIR is required");
  if (format == "gif") {
    s.gif = true;
  } else if (!render::parse_format(format, &s.format)) {
    throw UsageError("--format must be png, svg, pdf or gif, not '" + format + "'");
  }
  // A sheet is always PDF: --format may be left at its default or say pdf.
  if (s.sheet && format != "png" && format != "pdf")
    throw UsageError("--sheet writes PDF; leave out --format or use --format pdf");
  if (!render::known_paper(s.paper)) throw UsageError("--paper must be a4 or letter");
  if (s.every < 1) throw UsageError("--every must be 1 or more");
  if (s.delay_ms < 10 || s.delay_ms > 60000) throw UsageError("--delay must be 10..60000 ms");
  if ((s.sheet || s.gif) && (ply >= 0 || all))
    throw UsageError("--sheet and --format gif draw whole records; leave out --ply and --all");
  if (size < 16 || size > 20000) throw UsageError("--size must be between 16 and 20000");
  if (png_level < 0 || png_level > 9) throw UsageError("--png-compression must be 0..9");
  if (int(final_pos) + int(all) + int(ply >= 0) > 1)
    throw UsageError("choose one of --final, --ply N and --all");
  apply_diagram_options(diagram_flags, s);
  s.encode.size = size;
  s.encode.png_compression = png_level;
  s.which = all ? Which::kAll : (ply >= 0 ? Which::kPly : Which::kFinal);
  s.ply = ply;
  s.coordinates = !no_coords;
  s.highlight = !no_highlight;
  s.out_dir = out_dir;
  check_style(s.style);
  {
    std::error_code ec;
    fs::create_directories(s.out_dir, ec);
    if (ec || !fs::is_directory(s.out_dir))
      throw UsageError("--out " + out_dir + ": cannot create the folder" +
                       (ec ? ": " + ec.message() : ""));
  }

  if (!setup.empty()) {
    if (common.game.empty()) throw UsageError("--setup needs --game");
    if (!paths.empty()) throw UsageError("--setup draws one position; give no PATH");
    return render_setup(common.game, common.options, setup, name, s);
  }
  if (paths.empty()) throw UsageError("at least one PATH is required");
  engine::ReplayOptions ro = replay_options(common.game, common.options, common.lenient);

  const std::vector<Input> inputs = collect_inputs(paths);
  // Pass 1: plan every file name.
  std::set<std::string> stems;
  for (const auto& in : inputs)
    if (!stems.insert(input_stem(in)).second)
      throw UsageError("two inputs have the same stem '" + input_stem(in) +
                       "'; their output names would clash");
  bool any_invalid = false, any_unreadable = false;
  std::vector<PlannedFile> plan;
  std::set<fs::path> seen;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    notation::RecordReader reader(inputs[i].display);
    if (auto problem = open_input(inputs[i], reader)) {
      std::cerr << inputs[i].display << ": unreadable: " << problem->diagnostic.message << "\n";
      any_unreadable = true;
      continue;
    }
    while (auto record = reader.next()) {
      engine::ReplayResult rr = engine::replay(catalog_games(), *record, ro);
      if (!rr.valid()) any_invalid = true;
      if (!rr.replayed) {
        std::cerr << record->file << ": record " << record->index
                  << " cannot be replayed; nothing drawn\n";
        for (const auto& d : rr.diagnostics) std::cerr << notation::format_diagnostic(record->file, d);
        continue;
      }
      if (!s.arrows.empty() || !s.marks.empty()) {  // the cells exist on this record's board
        const auto start = rr.variant->initial_state();
        render::DiagramRequest req;
        req.variant = rr.variant.get();
        req.state = start.get();
        req.arrows = s.arrows;
        req.marks = s.marks;
        check_cells(*find_entry(*rr.game)->drawer, req);
      }
      std::string error;
      std::vector<int> plies;
      if (s.sheet || s.gif) plies = {-1};  // one file for the whole record
      else plies = plies_to_draw(rr.plies, s, &error);
      for (int p : plies) {
        const std::string stem = input_stem(inputs[i]) + "-r" + std::to_string(record->index);
        PlannedFile f{i, record->index, p,
                      s.out_dir / (p < 0 ? stem + "." + extension(s)
                                         : stem + "-p" + std::to_string(p) + "." + extension(s))};
        if (!s.force && fs::exists(f.path))
          throw UsageError(f.path.string() + " already exists (use --force to overwrite)");
        seen.insert(f.path);
        plan.push_back(std::move(f));
      }
      if (!error.empty()) {
        std::cerr << record->file << ": record " << record->index << ": " << error << "\n";
        any_invalid = true;
      }
    }
    if (auto problem = reader.finish()) {
      std::cerr << inputs[i].display << ": no records\n";
      any_invalid = true;
    }
  }

  // Pass 2: replay again keeping positions, and draw what was planned. The files of a batch of
  // records are drawn by --jobs threads at once (each file is independent: its own Cairo
  // surface, the positions shared read-only); problems are reported in plan order.
  ro.keep_positions = true;
  const int jobs = common.job_count();
  struct Draw {
    std::shared_ptr<const engine::ReplayResult> rr;
    std::shared_ptr<const notation::Record> record;
    const CatalogEntry* entry = nullptr;
    const PlannedFile* file = nullptr;
  };
  std::vector<Draw> batch;
  bool write_failed = false;
  std::size_t drawn = 0;
  const bool show_progress = !common.no_progress && !common.quiet &&
                             (common.progress || ::isatty(STDERR_FILENO) == 1);
  auto draw_batch = [&] {
    std::vector<std::string> errors(batch.size());
    std::atomic<std::size_t> next_draw{0};
    auto work = [&] {
      for (std::size_t k; (k = next_draw.fetch_add(1)) < batch.size();) {
        const Draw& d = batch[k];
        try {
          std::string bytes;
          if (d.file->ply < 0) {
            bytes = whole_record(*d.entry, *d.rr, *d.record, s);
          } else {
            render::DiagramRequest req = make_request(*d.rr, *d.record, d.file->ply, s);
            req.style = style_for(*d.entry->drawer, s.style);
            bytes = render::render_diagram(*d.entry->drawer, req, s.format, s.encode);
          }
          write_file_atomically(d.file->path, bytes);
        } catch (const std::exception& e) {
          errors[k] = e.what();
        }
      }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < jobs && static_cast<std::size_t>(t) < batch.size(); ++t)
      threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();
    for (std::size_t k = 0; k < batch.size(); ++k) {
      if (!errors[k].empty()) {
        std::cerr << "scribe render: cannot write " << errors[k] << "\n";
        write_failed = true;
      } else if (common.json) {
        // --json: one line per file written, in plan order.
        std::string o = "{\"file\":";
        append_json_string(o, batch[k].file->path.string());
        o += ",\"record\":" + std::to_string(batch[k].file->record) + ",\"ply\":";
        o += batch[k].file->ply < 0 ? "null" : std::to_string(batch[k].file->ply);
        std::cout << o << "}\n";
      }
    }
    drawn += batch.size();
    if (show_progress) {
      std::fprintf(stderr, "\r%zu / %zu files\x1b[K", drawn, plan.size());
      std::fflush(stderr);
    }
    batch.clear();
  };
  const std::size_t batch_files = static_cast<std::size_t>(jobs) * 16;
  std::size_t next = 0;
  for (std::size_t i = 0; i < inputs.size() && next < plan.size(); ++i) {
    if (plan[next].input != i) continue;
    notation::RecordReader reader(inputs[i].display);
    if (open_input(inputs[i], reader)) continue;
    while (auto record = reader.next()) {
      if (next >= plan.size() || plan[next].input != i) break;
      if (plan[next].record != record->index) continue;
      auto shared_record = std::make_shared<const notation::Record>(std::move(*record));
      auto rr = std::make_shared<const engine::ReplayResult>(
          engine::replay(catalog_games(), *shared_record, ro));
      const CatalogEntry* entry = find_entry(*rr->game);
      for (; next < plan.size() && plan[next].input == i &&
             plan[next].record == shared_record->index;
           ++next)
        batch.push_back(Draw{rr, shared_record, entry, &plan[next]});
      if (batch.size() >= batch_files) draw_batch();
    }
  }
  draw_batch();
  if (show_progress && drawn > 0) std::fprintf(stderr, "\r\x1b[K");
  if (write_failed || any_unreadable) return kExitUsage;
  return any_invalid ? kExitInvalid : kExitOk;
}

}  // namespace scribe::app
