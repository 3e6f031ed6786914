// scribe.replay() and the Game, Position and Diagnostic classes, with scribe.IllegalMove.
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "app/commands/common.hpp"
#include "python/binding.hpp"
#include "render/core/diagram.hpp"

namespace scribe::python {

namespace py = pybind11;

DiagnosticObject diagnostic_object(const notation::Diagnostic& d) {
  DiagnosticObject o;
  o.severity = std::string(notation::severity_name(d.severity));
  o.code = d.code;
  if (d.span.line > 0) {
    o.line = static_cast<int>(d.span.line);
    o.col = static_cast<int>(d.span.col);
  }
  o.ply = d.ply;
  o.message = d.message;
  return o;
}

namespace {

// The exception class scribe.IllegalMove (made in add_games).
py::object illegal_move_class;

// Makes the positions of `g` when they are not made yet: the start and the position after each
// legal ply of the record (a second replay that keeps them). Releases the GIL before taking the
// game's mutex, so two threads never wait for each other.
void ensure_positions(GameData& g) {
  py::gil_scoped_release release;
  std::lock_guard lock(g.mutex);
  if (g.positions_ready) return;
  if (g.result.replayed && g.result.variant) {
    engine::ReplayOptions options = g.options;
    options.keep_positions = true;
    engine::ReplayResult again = engine::replay(app::catalog_games(), *g.record, options);
    for (auto& p : again.positions) g.positions.push_back(std::move(p));
    for (int i = 0; i < g.result.plies; ++i)
      g.tokens.emplace_back(g.record->text_of(g.record->plies[static_cast<std::size_t>(i)]));
  }
  g.positions_ready = true;
}

// The state of a position.
const engine::State& state_of(const PositionObject& p) { return *p.game->positions.at(p.index); }

// The game's last position; raises ValueError when the record could not be replayed.
PositionObject last_position(const std::shared_ptr<GameData>& g) {
  ensure_positions(*g);
  if (g->positions.empty())
    throw py::value_error("the record was not replayed (an error at its tags); see diagnostics");
  return {g, g->positions.size() - 1};
}

// The rolls the next ply of `state` may be played with (empty for a game without dice).
std::vector<std::string> rolls_of(const engine::State& state) {
  std::vector<std::string> rolls;
  for (const auto& o : state.chance_outcomes())
    if (!o.roll.empty()) rolls.push_back(o.roll);
  return rolls;
}

// The legal plies of a position; a given roll must be one of rolls_of().
std::vector<std::string> legal_moves_of(const PositionObject& p,
                                        const std::optional<std::string>& roll) {
  const engine::State& state = state_of(p);
  if (roll) {
    const std::vector<std::string> rolls = rolls_of(state);
    if (std::find(rolls.begin(), rolls.end(), *roll) == rolls.end())
      throw py::value_error("'" + *roll + "' is not a roll of this position");
  }
  py::gil_scoped_release release;
  return state.legal_moves(roll.value_or(""));
}

// Draws a position with its game's drawer in `format`.
std::string draw(const PositionObject& p, render::Format format, int size, std::string style,
                 const std::string& theme) {
  const GameData& g = *p.game;
  const render::DiagramDrawer& drawer = *g.entry->drawer;
  const std::vector<std::string> styles = drawer.styles();
  if (style.empty()) style = styles.front();
  if (std::find(styles.begin(), styles.end(), style) == styles.end())
    throw py::value_error("unknown style '" + style + "' for this game");
  if (!render::known_theme(theme)) throw py::value_error("unknown theme '" + theme + "'");
  if (size < 16 || size > 10000) throw py::value_error("size must be 16 to 10000");
  render::DiagramRequest req;
  req.variant = g.result.variant.get();
  req.state = &state_of(p);
  req.ply = static_cast<int>(p.index);
  if (p.index > 0) {
    req.last_move = g.tokens[p.index - 1];
    req.last_mover = g.positions[p.index - 1]->side_to_move();
  }
  for (int n = 1; n <= 4; ++n)
    if (const notation::Tag* t = g.record->find_tag("Player" + std::to_string(n))) {
      req.players.resize(static_cast<std::size_t>(n));
      req.players.back() = t->value;
    }
  req.style = style;
  req.theme = theme;
  render::EncodeOptions encode;
  encode.size = size;
  py::gil_scoped_release release;
  return render::render_diagram(drawer, req, format, encode);
}

// Raises scribe.IllegalMove carrying `d`.
[[noreturn]] void raise_illegal_move(const DiagnosticObject& d) {
  py::object e = illegal_move_class(d.code + ": " + d.message);
  e.attr("diagnostic") = py::cast(d);
  PyErr_SetObject(illegal_move_class.ptr(), e.ptr());
  throw py::error_already_set();
}

// Plays `move` after the game's last position, as the replay plays a ply: an error finding
// stops it even when the game played it, and a fault inside the game is record.internal.
// Raises IllegalMove with the first error; returns the new position.
PositionObject apply_move(const std::shared_ptr<GameData>& g, const std::string& move,
                          const std::optional<std::string>& roll) {
  last_position(g);
  if (roll && !g->result.variant->has_dice())
    throw py::value_error("this game has no dice: give no roll");
  std::unique_ptr<engine::State> next = g->positions.back()->clone();
  const std::string roll_string = roll.value_or("");  // roll_text views it
  const engine::RollText roll_text{roll_string};
  engine::PlyOutcome outcome;
  try {
    outcome = next->apply(move, roll ? &roll_text : nullptr, g->options.mode);
  } catch (const std::exception& e) {
    outcome = {};
    outcome.findings.push_back(engine::finding_at(
        "record.internal", std::string("internal error in scribe (please report it): ") + e.what(),
        engine::Anchor::kToken));
  }
  const int ply = static_cast<int>(g->positions.size());
  std::vector<notation::Diagnostic> found;
  for (const auto& f : outcome.findings) {
    notation::Diagnostic d;
    d.severity = f.severity;
    d.code = f.code;
    d.message = f.message;
    d.ply = ply;
    found.push_back(d);
  }
  const auto error = std::find_if(found.begin(), found.end(), [](const notation::Diagnostic& d) {
    return d.severity == notation::Severity::kError;
  });
  if (error != found.end()) raise_illegal_move(diagnostic_object(*error));
  if (!outcome.applied) {  // a game that refuses a ply says why; this should not happen
    DiagnosticObject d;
    d.severity = "error";
    d.code = "record.internal";
    d.ply = ply;
    d.message = "internal error in scribe (please report it): the game refused '" + move +
                "' without saying why";
    raise_illegal_move(d);
  }
  for (auto& d : found) g->applied_warnings.push_back(std::move(d));
  g->positions.push_back(std::move(next));
  g->tokens.push_back(move);
  return {g, g->positions.size() - 1};
}

// Adds the Diagnostic and Position classes.
void add_position_classes(py::module_& m) {
  py::class_<DiagnosticObject>(m, "Diagnostic", "One error or warning (validate --json's fields).")
      .def_readonly("severity", &DiagnosticObject::severity, "'error' or 'warning'")
      .def_readonly("code", &DiagnosticObject::code, "e.g. 'druid.lintel-shape'")
      .def_readonly("line", &DiagnosticObject::line, "1-based line, or None")
      .def_readonly("col", &DiagnosticObject::col, "1-based column in characters, or None")
      .def_readonly("ply", &DiagnosticObject::ply, "the ply it concerns, or None")
      .def_readonly("message", &DiagnosticObject::message)
      .def("__repr__", [](const DiagnosticObject& d) {
        return "<scribe.Diagnostic " + d.severity + "[" + d.code + "] " +
               (d.line ? std::to_string(*d.line) + ":" + std::to_string(d.col.value_or(0)) + " "
                       : std::string()) +
               d.message + ">";
      });

  py::class_<PositionObject>(m, "Position", "One position of a replayed game.")
      .def_readonly("ply", &PositionObject::index, "the plies played before it (0: the start)")
      .def_property_readonly(
          "text", [](const PositionObject& p) { return state_of(p).position_text(); },
          "the position text (as the Setup tag and show write it)")
      .def_property_readonly(
          "side_to_move", [](const PositionObject& p) { return state_of(p).side_to_move(); },
          "the side to move ('' once the game is over)")
      .def_property_readonly(
          "result", [](const PositionObject& p) { return state_of(p).result(); },
          "the result when the game is over here, else None")
      .def_property_readonly(
          "board", [](const PositionObject& p) { return state_of(p).text_board(); },
          "the text board, as scribe show prints it")
      .def_property_readonly(
          "rolls", [](const PositionObject& p) { return rolls_of(state_of(p)); },
          "the rolls the next ply may have (empty for games without dice)")
      .def("legal_moves", &legal_moves_of, py::arg("roll") = py::none(),
           "The legal plies here, as canonical text (dice games: for `roll`).")
      .def(
          "svg",
          [](const PositionObject& p, int size, const std::string& style,
             const std::string& theme) {
            return draw(p, render::Format::kSvg, size, style, theme);
          },
          py::arg("size") = 400, py::arg("style") = "", py::arg("theme") = "light",
          "The diagram as SVG text.")
      .def(
          "png",
          [](const PositionObject& p, int size, const std::string& style,
             const std::string& theme) {
            return py::bytes(draw(p, render::Format::kPng, size, style, theme));
          },
          py::arg("size") = 400, py::arg("style") = "", py::arg("theme") = "light",
          "The diagram as PNG bytes.")
      .def("_repr_svg_",
           [](const PositionObject& p) { return draw(p, render::Format::kSvg, 400, "", "light"); })
      .def("__repr__", [](const PositionObject& p) {
        return "<scribe.Position ply " + std::to_string(p.index) + ": " +
               state_of(p).position_text() + ">";
      });
}

}  // namespace

void add_games(py::module_& m) {
  illegal_move_class = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "scribe.IllegalMove", "A ply Game.apply() cannot play; .diagnostic says why.",
      PyExc_Exception, nullptr));
  m.attr("IllegalMove") = illegal_move_class;
  add_position_classes(m);

  using GamePtr = std::shared_ptr<GameData>;
  py::class_<GameData, GamePtr>(m, "Game", "A replayed record.")
      .def_property_readonly(
          "status", [](const GameData& g) { return g.result.valid() ? "valid" : "invalid"; },
          "'valid' or 'invalid', as validate --json says")
      .def_property_readonly(
          "result", [](const GameData& g) { return g.result.result; },
          "the result the record stands at ('*' when none)")
      .def_property_readonly("termination", [](const GameData& g) { return g.result.termination; })
      .def_property_readonly("game", [](const GameData& g) { return g.result.game; })
      .def_property_readonly("options", [](const GameData& g) { return g.result.options; })
      .def_property_readonly(
          "plies", [](const GameData& g) { return g.result.plies; },
          "the plies of the record replayed before the first illegal one")
      .def_property_readonly("errors", [](const GameData& g) { return g.result.errors; })
      .def_property_readonly("warnings", [](const GameData& g) { return g.result.warnings; })
      .def_property_readonly("record", [](const GameData& g) { return RecordObject{g.record}; })
      .def_property_readonly(
          "diagnostics",
          [](const GameData& g) {
            std::vector<DiagnosticObject> out;
            for (const auto& d : g.result.diagnostics) out.push_back(diagnostic_object(d));
            for (const auto& d : g.applied_warnings) out.push_back(diagnostic_object(d));
            return out;
          },
          "the record's diagnostics in order, then warnings of plies added by apply()")
      .def_property_readonly(
          "positions",
          [](const GamePtr& g) {
            ensure_positions(*g);
            std::vector<PositionObject> out;
            for (std::size_t i = 0; i < g->positions.size(); ++i) out.push_back({g, i});
            return out;
          },
          "the start and the position after each legal ply (empty when not replayed)")
      .def(
          "legal_moves",
          [](const GamePtr& g, const std::optional<std::string>& roll) {
            return legal_moves_of(last_position(g), roll);
          },
          py::arg("roll") = py::none(), "The legal plies of the last position.")
      .def("apply", &apply_move, py::arg("move"), py::arg("roll") = py::none(),
           "Plays `move` after the last position and returns the new position; raises "
           "IllegalMove (with .diagnostic) when it cannot be played.")
      .def("__repr__", [](const GameData& g) {
        return "<scribe.Game " + g.result.game.value_or("?") + ", " +
               (g.result.valid() ? "valid" : "invalid") + ", " + std::to_string(g.result.plies) +
               " plies>";
      });

  m.def(
      "replay",
      [](const RecordObject& r, bool lenient, const std::string& game, const std::string& options) {
        auto g = std::make_shared<GameData>();
        g->record = r.record;
        g->options = app::replay_options(game, options, lenient);
        {
          py::gil_scoped_release release;
          g->result = engine::replay(app::catalog_games(), *g->record, g->options);
        }
        if (g->result.game) g->entry = app::find_entry(*g->result.game);
        return g;
      },
      py::arg("record"), py::arg("lenient") = false, py::arg("game") = "", py::arg("options") = "",
      "Replays a record (lenient: lenient reading; game and options: as validate's --game and "
      "--options, for records without a Game tag).");
}

}  // namespace scribe::python
