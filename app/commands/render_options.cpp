// scribe render: reading and checking the command line.
#include <unistd.h>

#include "app/commands/common.hpp"
#include "app/commands/render_settings.hpp"
#include "render/core/sheet.hpp"

namespace scribe::app {

namespace po = boost::program_options;

namespace {

// The raw command line, before it is checked.
struct RenderArgs {
  std::string out_dir, format = "png";
  int size = 400, png_level = 1, ply = -1;
  bool final_pos = false, all = false, no_coords = false, no_highlight = false;
  // Which flags were given (a flag that cannot apply is a usage error).
  bool ply_given = false, format_given = false, name_given = false, paper_given = false,
       every_given = false, delay_given = false, png_level_given = false,
       final_delay_given = false;
  // The diagram options (theme, background, annotations).
  std::string background = "theme";
  std::vector<std::string> arrows, marks;
};

constexpr const char* kRenderHelp =
    "scribe render PATH... --out DIR [options]\n\n"
    "Draws diagrams of positions. Files are named <input-stem>-r<record>-p<ply>.<ext>; the\n"
    "files of a directory keep its tree under --out. Nothing is written outside --out;\n"
    "existing files are kept unless --force.\n\n"
    "Examples:\n"
    "  scribe render game.rec --out pics\n"
    "  scribe render games/ --all --format svg --out pics\n"
    "  scribe render game.rec --sheet --out sheets\n"
    "  scribe render game.rec --format gif --delay 500 --out anim\n"
    "  scribe render --setup \"druid square:10 c3=v - - H 0 s\" --out pics\n"
    "  scribe render game.rec --theme print --arrow b2-b4 --mark c3 --out pics\n\nOptions";

// Declares render's own options (after the common ones).
void add_render_options(po::options_description& desc, RenderArgs& a, RenderSettings& s) {
  desc.add_options()("out", po::value<std::string>(&a.out_dir),
                     "the folder for every file written (required)")(
      "format", po::value<std::string>(&a.format)->notifier(mark_given(&a.format_given)),
      "png, svg, pdf, or gif: one animated GIF per record (default png)")(
      "size", po::value<int>(&a.size),
      "pixels (PNG, GIF) or points (SVG, PDF) of the longer side (of the width in the full "
      "styles; default 400)")(
      "final", po::bool_switch(&a.final_pos), "the position after the last legal ply (default)")(
      "ply", po::value<int>(&a.ply)->notifier(mark_given(&a.ply_given)),
      "the position after ply N (0 = the start)")(
      "all", po::bool_switch(&a.all), "every position from ply 0 to the last legal ply")(
      "style", po::value<std::string>(&s.style),
      "the render style (scribe games lists each game's styles)")(
      "no-coordinates", po::bool_switch(&a.no_coords), "leave out the coordinates")(
      "no-highlight", po::bool_switch(&a.no_highlight), "do not mark the last move")(
      "flip", po::bool_switch(&s.flip), "turn the board 180 degrees (the other side's view)")(
      "png-compression", po::value<int>(&a.png_level)->notifier(mark_given(&a.png_level_given)),
      "zlib level 0-9 for PNG (default 1: fast)");
  desc.add_options()("setup", po::value<std::string>(&s.setup),
                     "draw this position text (its game is its first word, or --game)")(
      "name", po::value<std::string>(&s.name)->notifier(mark_given(&a.name_given)),
      "file stem for --setup (default position)")(
      "sheet", po::bool_switch(&s.sheet), "one PDF game sheet per record: tags, moves, diagrams")(
      "paper", po::value<std::string>(&s.paper)->notifier(mark_given(&a.paper_given)),
      "sheet paper: a4 or letter (default a4)")(
      "every", po::value<int>(&s.every)->notifier(mark_given(&a.every_given)),
      "sheet: a diagram every N plies, and the final one (default 10)")(
      "delay", po::value<int>(&s.delay_ms)->notifier(mark_given(&a.delay_given)),
      "gif: milliseconds per frame (default 700)")(
      "final-delay", po::value<int>(&s.final_delay_ms)->notifier(mark_given(&a.final_delay_given)),
      "gif: milliseconds the last frame stays (default 3000)")("force", po::bool_switch(&s.force),
                                                               "overwrite existing files");
  desc.add_options()("theme", po::value<std::string>(&s.theme),
                     "light (default), dark (a dark page) or print (black and white)")(
      "background", po::value<std::string>(&a.background),
      "none: a transparent background (PNG, SVG, PDF)")(
      "arrow", po::value<std::vector<std::string>>(&a.arrows),
      "draw an arrow FROM-TO (cells in the game's notation; repeatable)")(
      "mark", po::value<std::vector<std::string>>(&a.marks),
      "ring the cell CELL (in the game's notation; repeatable)");
}

// Checks the theme, background and annotation flags and copies them into the settings.
void apply_diagram_values(const RenderArgs& a, RenderSettings& s) {
  if (s.final_delay_ms < 10 || s.final_delay_ms > 600000)
    throw UsageError("--final-delay must be 10..600000 ms");
  if (!render::known_theme(s.theme))
    throw UsageError("--theme must be light, dark or print, not '" + s.theme + "'" +
                     did_you_mean(s.theme, {"light", "dark", "print"}));
  if (a.background != "theme" && a.background != "none")
    throw UsageError("--background must be none (or left out), not '" + a.background + "'");
  s.transparent = a.background == "none";
  for (const auto& arrow : a.arrows) {
    const std::size_t dash = arrow.find('-');
    if (dash == std::string::npos || dash == 0 || dash + 1 == arrow.size())
      throw UsageError("--arrow must be FROM-TO (two cells joined by '-'), not '" + arrow + "'");
    s.arrows.emplace_back(arrow.substr(0, dash), arrow.substr(dash + 1));
  }
  for (const auto& m : a.marks)
    if (m.empty()) throw UsageError("--mark needs a cell");
  s.marks = a.marks;
}

// Usage errors for flags that cannot apply in the combination given.
void check_combinations(const RenderArgs& a, const RenderSettings& s) {
  const bool whole = s.sheet || s.gif;
  if (s.sheet && a.format_given && a.format != "pdf")
    throw UsageError("--sheet writes PDF; leave out --format or use --format pdf");
  if (whole && (a.ply_given || a.all || a.final_pos))
    throw UsageError(
        "--sheet and --format gif draw whole records; leave out --final, --ply and "
        "--all");
  if (int(a.final_pos) + int(a.all) + int(a.ply_given) > 1)
    throw UsageError("choose one of --final, --ply N and --all");
  if (a.name_given && s.setup.empty()) throw UsageError("--name applies only with --setup");
  if (!s.sheet && (a.paper_given || a.every_given))
    throw UsageError(std::string(a.paper_given ? "--paper" : "--every") +
                     " applies only with --sheet");
  if (!s.gif && a.delay_given) throw UsageError("--delay applies only with --format gif");
  if (!s.gif && a.final_delay_given)
    throw UsageError("--final-delay applies only with --format gif");
  if (a.png_level_given && (whole || s.format != render::Format::kPng))
    throw UsageError("--png-compression applies only to PNG files");
  if (!s.setup.empty()) {
    if (whole) throw UsageError("--setup draws one position: use png, svg or pdf");
    if (a.ply_given || a.all || a.final_pos)
      throw UsageError("--setup draws one position; leave out --final, --ply and --all");
    if (!s.paths.empty()) throw UsageError("--setup draws one position; give no PATH");
    if (!s.common.shard_text.empty())
      throw UsageError("--setup draws one position; --shard applies only to PATHs");
  } else if (s.paths.empty()) {
    throw UsageError("at least one PATH is required (or --setup TEXT)");
  }
}

// Checks the values and fills the settings from them.
void apply_values(const RenderArgs& a, RenderSettings& s) {
  if (a.ply_given && a.ply < 0) throw UsageError("--ply must be 0 or more");
  s.common.check_game_and_options();
  if (a.out_dir.empty()) throw UsageError("--out DIR is required");
  if (a.format == "gif") {
    s.gif = true;
  } else if (!render::parse_format(a.format, &s.format)) {
    throw UsageError("--format must be png, svg, pdf or gif, not '" + a.format + "'" +
                     did_you_mean(a.format, {"png", "svg", "pdf", "gif"}));
  }
  if (!render::known_paper(s.paper)) throw UsageError("--paper must be a4 or letter");
  if (s.every < 1) throw UsageError("--every must be 1 or more");
  if (s.delay_ms < 10 || s.delay_ms > 60000) throw UsageError("--delay must be 10..60000 ms");
  if (a.size < 16 || a.size > 20000) throw UsageError("--size must be between 16 and 20000");
  if (a.png_level < 0 || a.png_level > 9) throw UsageError("--png-compression must be 0..9");
  s.encode.size = a.size;
  s.encode.png_compression = a.png_level;
  s.which = a.all ? Which::kAll : (a.ply_given ? Which::kPly : Which::kFinal);
  s.ply = a.ply_given ? a.ply : -1;
  s.coordinates = !a.no_coords;
  s.highlight = !a.no_highlight;
  s.out_dir = a.out_dir;
}

}  // namespace

std::optional<RenderSettings> render_settings(const std::vector<std::string>& args) {
  RenderSettings s;
  RenderArgs a;
  po::options_description desc(kRenderHelp);
  s.common.add_to(desc);
  add_render_options(desc, a, s);
  po::options_description hidden;
  hidden.add_options()("path", po::value<std::vector<std::string>>(&s.paths));
  po::positional_options_description pos;
  pos.add("path", -1);
  if (!parse_command_line(args, desc, hidden, pos)) return std::nullopt;
  apply_values(a, s);
  apply_diagram_values(a, s);
  check_combinations(a, s);
  s.jobs = s.common.job_count();
  s.colour = s.common.colour_on(STDERR_FILENO);
  s.progress = !s.common.no_progress && !s.common.quiet &&
               (s.common.progress || ::isatty(STDERR_FILENO) == 1);
  return s;
}

}  // namespace scribe::app
