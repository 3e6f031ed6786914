// scribe render: what the command line asks for (render_options.cpp reads it; render.cpp
// plans and draws).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/commands/options.hpp"
#include "render/core/diagram.hpp"

namespace scribe::app {

// Which positions of a record to draw.
enum class Which { kFinal, kPly, kAll };

// Everything render was asked to do, checked.
struct RenderSettings {
  std::filesystem::path out_dir;
  render::Format format = render::Format::kPng;
  render::EncodeOptions encode;
  Which which = Which::kFinal;
  int ply = 0;
  std::string style;  // "" = each game's default
  bool force = false;
  bool coordinates = true;
  bool highlight = true;
  bool flip = false;
  bool sheet = false;  // one PDF game sheet per record
  bool gif = false;    // one animated GIF per record
  std::string paper = "a4";
  int every = 10;
  int delay_ms = 700;
  int final_delay_ms = 3000;  // gif: how long the last frame stays
  std::string theme = "light";
  bool transparent = false;                                 // --background none
  std::vector<std::pair<std::string, std::string>> arrows;  // --arrow FROM-TO
  std::vector<std::string> marks;                           // --mark CELL
  // --setup TEXT and --name: one position drawn from its text.
  std::string setup, name;
  bool colour = false;    // diagnostics in colour on standard error
  bool progress = false;  // the progress line on standard error
  int jobs = 1;
  CommonOptions common;
  std::vector<std::string> paths;
};

// Reads and checks render's command line (usage errors for bad values and for flags that do
// not apply together); nothing for --help.
std::optional<RenderSettings> render_settings(const std::vector<std::string>& args);

}  // namespace scribe::app
