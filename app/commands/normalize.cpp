// The canonical form of a record (normalize.hpp).
#include "app/commands/normalize.hpp"

#include <climits>
#include <string_view>
#include <vector>

#include "app/catalog.hpp"
#include "app/commands/archive.hpp"

namespace scribe::app {

namespace {

using notation::Comment;
using notation::Record;
using notation::Tag;

// The longest movetext line written, in characters, when its items allow (as generate writes).
constexpr std::size_t kLineWidth = 80;

// The tags replay reads by name (engine/core/replay.cpp); the first five are written first.
constexpr std::string_view kKnownTags[] = {"Game",    "Options", "Setup",  "Player1",    "Player2",
                                           "Player3", "Player4", "Result", "Termination"};

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
  return true;
}

// The tag replay reads as `name`: the one with exactly that name, else in lenient mode the
// first whose name differs only in case (a slip that replay accepts with a warning).
const Tag* known_tag(const Record& record, std::string_view name, engine::Mode mode) {
  if (const Tag* exact = record.find_tag(name)) return exact;
  if (mode != engine::Mode::kLenient) return nullptr;
  for (const Tag& t : record.tags)
    if (iequals(t.name, name)) return &t;
  return nullptr;
}

// `[Name "value"]` and a line ending, with `"` and `\` escaped.
std::string tag_line(std::string_view name, std::string_view value) {
  std::string out = "[";
  out += name;
  out += " \"";
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += "\"]\n";
  return out;
}

// Lays out movetext items in lines of at most kLineWidth characters where it can: an item never
// breaks, a `;` comment ends its line, a comment that spans lines keeps its own line breaks.
class MovetextLines {
 public:
  // Adds an item, after a space or at the start of a new line.
  void item(std::string_view text) {
    const std::size_t eol = text.find('\n');
    const std::size_t first = notation::count_chars(text.substr(0, eol));
    if (col_ > 0) {
      if (col_ + 1 + first > kLineWidth) {
        out_ += '\n';
        col_ = 0;
      } else {
        out_ += ' ';
        ++col_;
      }
    }
    out_ += text;
    if (eol == std::string_view::npos)
      col_ += first;
    else
      col_ = notation::count_chars(text.substr(text.rfind('\n') + 1));
  }
  // Adds a `;` comment, which ends its line.
  void line_comment(std::string_view text) {
    item(";" + std::string(text));
    out_ += '\n';
    col_ = 0;
  }
  // The lines, each ended by a line ending.
  std::string take() {
    if (col_ > 0) out_ += '\n';
    col_ = 0;
    return std::move(out_);
  }

 private:
  std::string out_;
  std::size_t col_ = 0;
};

// The tags of the canonical form: Game, Options, Setup, Player1-4, Result under their own
// names with canonical values, then every other tag as found (Termination under its own name).
std::string tag_block(const Record& record, const engine::ReplayResult& rr,
                      const engine::ReplayOptions& options, const std::string& start) {
  const engine::Mode mode = options.mode;
  std::vector<const Tag*> used;
  auto take = [&](std::string_view name) {
    const Tag* t = known_tag(record, name, mode);
    if (t != nullptr) used.push_back(t);
    return t;
  };
  std::string out = tag_line("Game", rr.game.value_or(""));
  const Tag* options_tag = take("Options");
  std::string opts = canonical_options(rr);
  // Defaults are left out; but when --options is given, a record's own Options tag stays, so
  // that reading the output with the same flags does not give it --options instead.
  if (opts.empty() && options_tag != nullptr && !options.default_options.empty())
    opts = options_tag->value;
  if (!opts.empty()) out += tag_line("Options", opts);
  if (take("Setup") != nullptr) out += tag_line("Setup", start);
  for (std::string_view player : {"Player1", "Player2", "Player3", "Player4"})
    if (const Tag* t = take(player)) out += tag_line(player, t->value);
  if (const Tag* t = take("Result"))
    out += tag_line("Result", rr.variant->check_result(t->value, mode).canonical);
  const Tag* termination = take("Termination");
  take("Game");
  for (const Tag& t : record.tags) {
    if (&t == termination) {
      out += tag_line("Termination", t.value);
      continue;
    }
    bool known = false;
    for (const Tag* u : used) known = known || u == &t;
    if (!known) out += tag_line(t.name, t.value);
  }
  return out;
}

// The movetext of the canonical form from the canonical plies and the rolls inferred for plies
// written without one ("" for none).
std::string movetext(const Record& record, const std::vector<std::string>& plies,
                     const std::vector<std::string>& rolls, int players, NumberStyle numbers) {
  MovetextLines lines;
  std::size_t next_comment = 0;
  bool after_comment = false;
  // Writes the comments that stand after ply n (0: before the first ply).
  auto comments_after = [&](int n) {
    for (; next_comment < record.comments.size(); ++next_comment) {
      const Comment& c = record.comments[next_comment];
      if (c.after_ply > n) break;
      if (c.braced)
        lines.item("{" + c.text + "}");
      else
        lines.line_comment(c.text);
      after_comment = true;
    }
  };
  auto stray_rolls_before = [&](int n) {
    std::string out;
    for (const auto& s : record.stray_rolls)
      if (s.before_ply == n) out += "(" + s.roll.text + ") ";
    return out;
  };
  comments_after(0);
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const int n = static_cast<int>(i) + 1;
    std::string word;
    if (numbers == NumberStyle::kPlies) {
      word = std::to_string(n) + ". ";
    } else if ((n - 1) % players == 0) {
      word = std::to_string((n - 1) / players + 1) + ". ";
    } else if (after_comment) {
      word = std::to_string((n - 1) / players + 1) + "... ";
    }
    word += stray_rolls_before(n);
    const notation::Ply& ply = record.plies[i];
    if (ply.roll)
      word += "(" + ply.roll->text + ") ";
    else if (!rolls[i].empty())
      word += "(" + rolls[i] + ") ";
    word += plies[i];
    lines.item(word);
    after_comment = false;
    comments_after(n);
  }
  const std::string last = stray_rolls_before(static_cast<int>(plies.size()) + 1);
  if (!last.empty()) lines.item(last.substr(0, last.size() - 1));
  comments_after(INT_MAX);
  return lines.take();
}

}  // namespace

NormalizedRecord normalize_record(const Record& record, const engine::ReplayOptions& options,
                                  NumberStyle numbers) {
  NormalizedRecord out;
  std::vector<std::string> plies, rolls;
  std::string start;
  engine::ReplayOptions o = options;
  o.keep_positions = false;
  o.on_position = [&start](const engine::ReplayResult&, const engine::State& state, int n) {
    if (n == 0) start = state.position_text();
  };
  // Each ply's text from the game's own check of it (a lenient split move as it was read), and
  // the roll of a lenient ply written without one when exactly one roll fits it.
  o.on_canonical_ply = [&plies, &rolls](int, std::string_view canonical,
                                        std::string_view inferred_roll) {
    plies.emplace_back(canonical);
    rolls.emplace_back(inferred_roll);
  };
  out.rr = engine::replay(catalog_games(), record, o);
  if (!out.rr.valid() || !out.rr.replayed || out.rr.variant == nullptr ||
      plies.size() != record.plies.size())
    return out;
  std::string text = tag_block(record, out.rr, options, start);
  text += '\n';
  const std::string moves = movetext(record, plies, rolls, out.rr.variant->num_players(), numbers);
  if (!moves.empty()) text += moves + '\n';
  out.text = std::move(text);
  return out;
}

}  // namespace scribe::app
