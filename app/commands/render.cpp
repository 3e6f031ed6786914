// scribe render: diagrams of positions as PNG, SVG or PDF files, game sheets and animated GIFs.
//
// Two passes: the first replays every record and plans every output name, so that name clashes,
// styles a game lacks and existing files are errors before anything is written; the second
// draws and writes each file through a temporary name and a rename.
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "app/catalog.hpp"
#include "app/commands/commands.hpp"
#include "app/commands/common.hpp"
#include "app/commands/diagnostics.hpp"
#include "app/commands/json.hpp"
#include "app/commands/pipeline.hpp"
#include "app/commands/ply_request.hpp"
#include "app/commands/render_settings.hpp"
#include "render/core/sheet.hpp"

namespace scribe::app {

namespace fs = std::filesystem;

namespace {

// The extension of the files this run writes.
std::string extension(const RenderSettings& s) {
  if (s.sheet) return "pdf";
  if (s.gif) return "gif";
  return std::string(render::format_extension(s.format));
}

// One file to write: which record and ply (-1: the whole record), and where.
struct PlannedFile {
  std::size_t input = 0;
  int record = 0;
  int ply = 0;
  fs::path path;
};

// What pass 1 found: the files to write, in input order, and how the run went so far.
struct Plan {
  std::vector<PlannedFile> files;
  std::map<fs::path, std::size_t> owner;  // output path -> the input that writes it
  bool any_invalid = false;
  bool any_unreadable = false;
};

// Copies the theme, background and annotations of the settings into a request.
void add_diagram_settings(render::DiagramRequest& req, const RenderSettings& s) {
  req.theme = s.theme;
  req.transparent = s.transparent;
  req.arrows = s.arrows;
  req.marks = s.marks;
}

// Throws a usage error when an --arrow or --mark cell is not on the board of `req`.
void check_cells(const render::DiagramDrawer& drawer, const render::DiagramRequest& req) {
  const std::string problem = render::check_annotations(drawer, req);
  if (!problem.empty()) throw UsageError(problem);
}

// Adds to `req` the annotations of the record's comments at ply `ply` (a comment after ply N
// belongs to the position after ply N); malformed ones are left out (report_annotations says
// why).
void add_record_annotations(const CatalogEntry& entry, const notation::Record& record, int ply,
                            render::DiagramRequest& req) {
  for (const auto& c : record.comments)
    if (!c.before_tags && c.after_ply == ply)
      render::add_comment_annotations(*entry.drawer, c, req, nullptr);
}

// Warns about each malformed annotation in the record's comments, at its line and column.
void report_annotations(const CatalogEntry& entry, const engine::ReplayResult& rr,
                        const notation::Record& record, const RenderSettings& s) {
  const auto start = rr.variant->initial_state();
  render::DiagramRequest req;
  req.variant = rr.variant.get();
  req.state = start.get();
  std::vector<notation::Diagnostic> warnings;
  for (const auto& c : record.comments)
    if (!c.before_tags) render::add_comment_annotations(*entry.drawer, c, req, &warnings);
  for (auto& w : warnings) {
    w.source_line = std::string(record.source_line(w.span.line));
    w.context = "record " + std::to_string(record.index) + " (line " +
                std::to_string(record.line) + ")";
  }
  if (!warnings.empty()) std::cerr << diagnostics_text(record.file, warnings, s.colour);
}

render::DiagramRequest make_request(const engine::ReplayResult& rr, const notation::Record& record,
                                    int ply, const RenderSettings& s) {
  render::DiagramRequest req = ply_request(rr, record, ply);
  req.coordinates = s.coordinates;
  req.highlight_last = s.highlight;
  req.flip = s.flip;
  add_diagram_settings(req, s);
  return req;
}

// "flat, iso, full" for a list of names.
std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The style to draw `entry`'s game with: --style when given (a usage error, naming the game and
// its styles, when that game has no such style), else the game's default.
std::string style_for(const CatalogEntry& entry, const std::string& asked) {
  const std::vector<std::string> styles = entry.drawer->styles();
  if (asked.empty()) return styles.empty() ? std::string() : styles.front();
  for (const auto& st : styles)
    if (st == asked) return st;
  const std::string& game = entry.game->info().name;
  throw UsageError("--style: " + game + " has no style '" + asked + "'" +
                   did_you_mean(asked, styles) + "; " + game + "'s styles are " + joined(styles));
}

// Throws a usage error when no game of the build knows `style`, listing each game's styles.
void check_style_known(const std::string& style) {
  if (style.empty()) return;
  std::string known;
  std::vector<std::string> all;
  for (const auto& e : catalog()) {
    const std::vector<std::string> styles = e.drawer->styles();
    for (const auto& st : styles) {
      if (st == style) return;
      all.push_back(st);
    }
    known += (known.empty() ? "" : "; ") + e.game->info().name + ": " + joined(styles);
  }
  throw UsageError("--style: no game has a style '" + style + "'" + did_you_mean(style, all) +
                   " (" + known + ")");
}

// The plies of a record to draw, or an error message for that record.
std::vector<int> plies_to_draw(int last_legal, const RenderSettings& s, std::string* error) {
  if (s.sheet || s.gif) return {-1};  // one file for the whole record
  switch (s.which) {
    case Which::kFinal:
      return {last_legal};
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

// The folder of an input's files under --out: the input's folder relative to the directory
// named on the command line, each part made safe.
fs::path output_folder(const Input& input, const RenderSettings& s) {
  fs::path dir = s.out_dir;
  for (const auto& part : input.relative) dir /= sanitise_name(part.string());
  return dir;
}

// Adds a file to the plan; a usage error when the file exists (without --force) or when
// another input would write the same file.
void plan_file(Plan& plan, const std::vector<Input>& inputs, PlannedFile f,
               const RenderSettings& s) {
  const auto [it, fresh] = plan.owner.emplace(f.path, f.input);
  if (!fresh && it->second != f.input)
    throw UsageError(inputs[it->second].display + " and " + inputs[f.input].display +
                     " would both write " + f.path.string() +
                     "; render their common folder (its tree is kept under --out) or render "
                     "them in separate runs");
  std::error_code ec;
  if (!s.force && fs::exists(f.path, ec))
    throw UsageError(f.path.string() + " already exists (use --force to overwrite)");
  plan.files.push_back(std::move(f));
}

// Says what render does with an invalid record: its diagnostics as validate prints them, and
// where its diagrams stop.
void report_invalid(const notation::Record& record, const engine::ReplayResult& rr,
                    const RenderSettings& s) {
  std::cerr << record_report_text(record, rr, s.colour);
  if (!rr.replayed) {
    std::cerr << record.file << ": record " << record.index
              << " cannot be replayed; nothing drawn\n";
    return;
  }
  for (const auto& d : rr.diagnostics)
    if (d.severity == notation::Severity::kError && d.ply) {
      if (s.which != Which::kPly || s.sheet || s.gif)
        std::cerr << record.file << ": record " << record.index << ": the diagram stops before ply "
                  << *d.ply << ", the first ply in error; the last position drawn is after ply "
                  << rr.plies << "\n";
      return;
    }
}

// Pass 1 for one record: replays it and plans its files.
void plan_record(Plan& plan, const std::vector<Input>& inputs, std::size_t i,
                 const notation::Record& record, const engine::ReplayOptions& ro,
                 const RenderSettings& s) {
  const engine::ReplayResult rr = engine::replay(catalog_games(), record, ro);
  if (!rr.valid()) {
    plan.any_invalid = true;
    report_invalid(record, rr, s);
  }
  if (!rr.replayed) return;
  style_for(*find_entry(*rr.game), s.style);  // a style this game lacks is a usage error
  if (!s.sheet) report_annotations(*find_entry(*rr.game), rr, record, s);
  if (!s.arrows.empty() || !s.marks.empty()) {  // the cells exist on this record's board
    const auto start = rr.variant->initial_state();
    render::DiagramRequest req;
    req.variant = rr.variant.get();
    req.state = start.get();
    add_diagram_settings(req, s);
    check_cells(*find_entry(*rr.game)->drawer, req);
  }
  std::string error;
  const fs::path folder = output_folder(inputs[i], s);
  const std::string stem = input_stem(inputs[i]) + "-r" + std::to_string(record.index);
  for (int p : plies_to_draw(rr.plies, s, &error)) {
    const std::string name =
        p < 0 ? stem + "." + extension(s) : stem + "-p" + std::to_string(p) + "." + extension(s);
    plan_file(plan, inputs, PlannedFile{i, record.index, p, folder / name}, s);
  }
  if (!error.empty()) {
    std::cerr << record.file << ": record " << record.index << ": " << error << "\n";
    plan.any_invalid = true;
  }
}

// The items of `inputs` that --shard owns (shard.hpp): all of them without --shard.
ShardFilter shard_filter(const std::vector<Input>& inputs, const RenderSettings& s) {
  const Shard shard = s.common.shard();
  if (!shard.on()) return ShardFilter();
  ScanSettings scan;
  scan.jobs = s.jobs;
  scan.segment_bytes = 0;  // render reads every file whole
  std::uint64_t total = 0;
  for (const ScanTaskItems& n :
       count_scan_items(inputs, std::vector<std::uint64_t>(inputs.size()), scan))
    total += n.items;
  return ShardFilter(0, shard.first(total), shard.end(total));
}

// Pass 1: replays every record (of the shard) and plans every file, writing nothing.
Plan plan_files(const std::vector<Input>& inputs, const engine::ReplayOptions& ro,
                const RenderSettings& s) {
  Plan plan;
  ShardFilter shard = shard_filter(inputs, s);
  for (std::size_t i = 0; i < inputs.size() && !shard.past(); ++i) {
    notation::RecordReader reader(inputs[i].display);
    if (auto problem = open_input(inputs[i], reader)) {
      if (!shard.take()) continue;
      std::cerr << inputs[i].display << ": unreadable\n"
                << diagnostics_text(inputs[i].display, {problem->diagnostic}, s.colour);
      plan.any_unreadable = true;
      continue;
    }
    while (!shard.past()) {
      auto record = reader.next();
      if (!record) break;
      if (shard.take()) plan_record(plan, inputs, i, *record, ro, s);
    }
    if (shard.past()) break;
    if (auto problem = reader.finish(); problem && shard.take()) {
      std::cerr << inputs[i].display << ": no records\n"
                << diagnostics_text(inputs[i].display, {problem->diagnostic}, s.colour);
      plan.any_invalid = true;
    }
  }
  return plan;
}

// Draws a whole record: its game sheet (PDF) or its animated GIF.
std::string whole_record(const CatalogEntry& entry, const engine::ReplayResult& rr,
                         const notation::Record& record, const RenderSettings& s) {
  std::vector<render::DiagramRequest> frames;
  const int last = rr.plies;
  for (int p = 0; p <= last; ++p) {
    if (s.sheet && p != last && (p == 0 || p % s.every != 0)) continue;
    render::DiagramRequest req = make_request(rr, record, p, s);
    req.style = style_for(entry, s.style);
    if (s.gif) add_record_annotations(entry, record, p, req);
    frames.push_back(req);
  }
  if (s.gif)
    return render::render_gif(*entry.drawer, frames, s.encode.size, s.delay_ms, s.final_delay_ms);
  render::SheetRequest sheet;
  sheet.paper = s.paper;
  sheet.title =
      entry.game->info().title + " - " + record.file + ", record " + std::to_string(record.index);
  sheet.header.emplace_back("Variant", rr.variant->describe());
  for (const char* name : {"Player1", "Player2", "Player3", "Player4", "Event", "Site", "Date",
                           "Round", "Result", "Termination", "Options"})
    if (const notation::Tag* t = record.find_tag(name)) sheet.header.emplace_back(name, t->value);
  for (int p = 0; p < last; ++p) {
    const auto& ply = record.plies[static_cast<std::size_t>(p)];
    std::string move = ply.roll ? "(" + ply.roll->text + ") " : "";
    move += record.text_of(ply);
    sheet.moves.push_back(std::move(move));
  }
  sheet.diagrams = std::move(frames);
  return render::render_sheet(*entry.drawer, sheet);
}

// One file of a batch: the record it comes from and where it goes.
struct Draw {
  std::shared_ptr<const engine::ReplayResult> rr;
  std::shared_ptr<const notation::Record> record;
  const CatalogEntry* entry = nullptr;
  const PlannedFile* file = nullptr;
};

// Draws and writes one planned file.
void draw_file(const Draw& d, const RenderSettings& s) {
  std::string bytes;
  if (d.file->ply < 0) {
    bytes = whole_record(*d.entry, *d.rr, *d.record, s);
  } else {
    render::DiagramRequest req = make_request(*d.rr, *d.record, d.file->ply, s);
    req.style = style_for(*d.entry, s.style);
    add_record_annotations(*d.entry, *d.record, d.file->ply, req);
    bytes = render::render_diagram(*d.entry->drawer, req, s.format, s.encode);
  }
  std::error_code ec;
  fs::create_directories(d.file->path.parent_path(), ec);
  if (ec) throw WriteError(d.file->path.parent_path().string() + ": " + ec.message());
  write_file_atomically(d.file->path, bytes);
}

// Pass 2: draws the planned files in batches, --jobs at once, reporting in plan order.
class BatchDrawer {
 public:
  BatchDrawer(const RenderSettings& s, std::size_t total) : s_(s), total_(total) {}

  void add(Draw d) {
    batch_.push_back(std::move(d));
    if (batch_.size() >= static_cast<std::size_t>(s_.jobs) * 16) flush();
  }

  // Draws what is queued: each file is independent (its own Cairo surface, the positions
  // shared read-only), so --jobs threads draw at once.
  void flush() {
    std::vector<std::string> errors(batch_.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
      for (std::size_t k; (k = next.fetch_add(1)) < batch_.size();) {
        try {
          draw_file(batch_[k], s_);
        } catch (const std::exception& e) {
          errors[k] = e.what();
        }
      }
    };
    {
      ThreadGroup threads;
      const std::size_t helpers =
          std::min(static_cast<std::size_t>(s_.jobs), std::max<std::size_t>(batch_.size(), 1)) - 1;
      threads.start_all(static_cast<int>(helpers), work);
      work();
      threads.join();
    }
    for (std::size_t k = 0; k < batch_.size(); ++k) report(*batch_[k].file, errors[k]);
    drawn_ += batch_.size();
    if (s_.progress) {
      std::fprintf(stderr, "\r%zu / %zu files\x1b[K", drawn_, total_);
      std::fflush(stderr);
    }
    batch_.clear();
  }

  ~BatchDrawer() {
    if (s_.progress && drawn_ > 0) std::fprintf(stderr, "\r\x1b[K");
  }

  bool write_failed() const { return write_failed_; }

 private:
  // A write failure on standard error, or with --json one line per file written.
  void report(const PlannedFile& f, const std::string& error) {
    if (!error.empty()) {
      std::cerr << "scribe render: cannot write " << error << "\n";
      write_failed_ = true;
      return;
    }
    if (!s_.common.json) return;
    std::string o;
    JsonWriter w(o);
    w.begin_object().key("file").value(f.path.string()).key("record").value(f.record);
    w.key("ply");
    if (f.ply < 0)
      w.null();
    else
      w.value(f.ply);
    w.end_object().newline();
    std::cout << o;
  }

  const RenderSettings& s_;
  const std::size_t total_;
  std::vector<Draw> batch_;
  std::size_t drawn_ = 0;
  bool write_failed_ = false;
};

// Warns, once per record, when the drawer cannot show everything in diagrams of that record
// (Druid's iso view of tall stacks): names the plies from the first such diagram of `files`
// [begin, end) (the files of one record) and gives the reason for the last, the worst one.
void warn_limitation(const Draw& d, const std::vector<PlannedFile>& files, std::size_t begin,
                     std::size_t end, const RenderSettings& s) {
  if (s.sheet) return;
  auto why_at = [&](const PlannedFile& f, int* ply) {
    *ply = f.ply < 0 ? d.rr->plies : f.ply;
    render::DiagramRequest req = make_request(*d.rr, *d.record, *ply, s);
    req.style = style_for(*d.entry, s.style);
    return d.entry->drawer->limitation(req, s.encode.size);
  };
  for (std::size_t k = begin; k < end; ++k) {
    int first = 0, last = 0;
    std::string why = why_at(files[k], &first);
    if (why.empty()) continue;
    if (const std::string worst = why_at(files[end - 1], &last); !worst.empty()) why = worst;
    std::cerr << d.record->file << ": record " << d.record->index
              << (last > first ? ", plies " + std::to_string(first) + " to " + std::to_string(last)
                               : ", ply " + std::to_string(first))
              << ": warning: " << why << "\n";
    return;
  }
}

// Pass 2: replays the records again keeping positions, and draws what was planned.
bool draw_planned(const std::vector<Input>& inputs, const Plan& plan, engine::ReplayOptions ro,
                  const RenderSettings& s) {
  ro.keep_positions = true;
  BatchDrawer drawer(s, plan.files.size());
  std::size_t next = 0;
  for (std::size_t i = 0; i < inputs.size() && next < plan.files.size(); ++i) {
    if (plan.files[next].input != i) continue;
    notation::RecordReader reader(inputs[i].display);
    if (open_input(inputs[i], reader)) continue;
    while (auto record = reader.next()) {
      if (next >= plan.files.size() || plan.files[next].input != i) break;
      if (plan.files[next].record != record->index) continue;
      auto shared_record = std::make_shared<const notation::Record>(std::move(*record));
      auto rr = std::make_shared<const engine::ReplayResult>(
          engine::replay(catalog_games(), *shared_record, ro));
      const CatalogEntry* entry = find_entry(*rr->game);
      std::size_t end = next;
      while (end < plan.files.size() && plan.files[end].input == i &&
             plan.files[end].record == shared_record->index)
        ++end;
      warn_limitation(Draw{rr, shared_record, entry, nullptr}, plan.files, next, end, s);
      for (; next < plan.files.size() && plan.files[next].input == i &&
             plan.files[next].record == shared_record->index;
           ++next)
        drawer.add(Draw{rr, shared_record, entry, &plan.files[next]});
    }
  }
  drawer.flush();
  return !drawer.write_failed();
}

// --setup TEXT: one position drawn from its text.
int render_setup(const RenderSettings& s) {
  const SetupPosition setup = setup_position(s.common.game, s.common.options, s.setup);
  const fs::path path = s.out_dir / (sanitise_name(s.name.empty() ? "position" : s.name) + "." +
                                     std::string(render::format_extension(s.format)));
  if (!s.force && fs::exists(path))
    throw UsageError(path.string() + " already exists (use --force to overwrite)");
  render::DiagramRequest req;
  req.variant = setup.variant.get();
  req.state = setup.state.get();
  req.style = style_for(*setup.entry, s.style);
  req.coordinates = s.coordinates;
  req.highlight_last = s.highlight;
  req.flip = s.flip;
  add_diagram_settings(req, s);
  check_cells(*setup.entry->drawer, req);
  const std::string why = setup.entry->drawer->limitation(req, s.encode.size);
  if (!why.empty()) std::cerr << "scribe render: warning: " << why << "\n";
  write_file_atomically(path,
                        render::render_diagram(*setup.entry->drawer, req, s.format, s.encode));
  return kExitOk;
}

// Makes the --out folder.
void make_out_dir(const RenderSettings& s) {
  std::error_code ec;
  fs::create_directories(s.out_dir, ec);
  if (ec || !fs::is_directory(s.out_dir))
    throw UsageError("--out " + s.out_dir.string() + ": cannot create the folder" +
                     (ec ? ": " + ec.message() : ""));
}

}  // namespace

int command_render(const std::vector<std::string>& args) {
  const std::optional<RenderSettings> settings = render_settings(args);
  if (!settings) return kExitOk;
  const RenderSettings& s = *settings;
  check_style_known(s.style);
  if (!s.setup.empty()) {
    make_out_dir(s);
    return render_setup(s);
  }
  const engine::ReplayOptions ro =
      replay_options(s.common.game, s.common.options, s.common.lenient);
  const std::vector<Input> inputs = collect_inputs(s.paths);
  const Plan plan = plan_files(inputs, ro, s);
  make_out_dir(s);
  const bool written = draw_planned(inputs, plan, ro, s);
  if (!written || plan.any_unreadable) return kExitUsage;
  return plan.any_invalid ? kExitInvalid : kExitOk;
}

}  // namespace scribe::app
