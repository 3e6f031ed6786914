// Druid's configurations: reading the Options tag and the Player tags (spec games/druid.md
// §1.2, record-format.md C8), and the Variant that makes and reads positions.
#include <cctype>

#include "engine/games/druid/druid.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool iequals(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

// One configured Druid game.
class DruidVariant : public Variant {
 public:
  explicit DruidVariant(std::shared_ptr<const Config> config) : config_(std::move(config)) {}

  int num_players() const override { return config_->players; }
  bool has_dice() const override { return false; }

  std::string describe() const override {
    const Board& b = *config_->board;
    std::string s;
    switch (b.kind) {
      case BoardKind::kSquare:
        s = std::string(config_->walk ? "Druid's Walk" : "Druid") + ", " + std::to_string(b.size) +
            "x" + std::to_string(b.size);
        break;
      case BoardKind::kHex:
        s = std::string(config_->walk ? "Druid's Walk (hex)" : "Druid's Hex") +
            (config_->players == 3 ? " for 3 players" : "") + ", size " + std::to_string(b.size);
        break;
      case BoardKind::kY:
        s = "Druid's Y, size " + std::to_string(b.size);
        break;
    }
    if (config_->nostack) s += ", no stacking";
    if (config_->nogaps) s += ", no gaps";
    if (config_->walk && !config_->walkturn_both) s += ", place or move";
    return s;
  }

  std::string options_text() const override {
    const Board& b = *config_->board;
    std::string s;
    auto add = [&](const std::string& w) {
      if (!s.empty()) s += ' ';
      s += w;
    };
    if (b.kind == BoardKind::kHex) add("-hex");
    if (b.kind == BoardKind::kY) add("-y");
    if (b.size != default_size(b.kind)) add("-size=" + std::to_string(b.size));
    if (config_->walk) add("-walk");
    if (config_->nostack) add("-nostack");
    if (config_->nogaps) add("-nogaps");
    if (config_->players == 3) add("-players=3");
    if (!config_->walkturn_both) add("-walkturn=either");
    return s;
  }

  std::unique_ptr<State> initial_state() const override {
    return std::make_unique<DruidState>(config_);
  }

  PositionResult parse_position(std::string_view text) const override {
    return DruidState::parse(config_, text);
  }

  ResultCheck check_result(std::string_view value, Mode mode) const override {
    ResultCheck rc;
    std::vector<std::string> names{"draw", "*"};
    for (int s = 0; s < config_->players; ++s) names.push_back(config_->side_name(s));
    for (const auto& n : names)
      if (value == n) {
        rc.kind = ResultCheck::Kind::kOk;
        rc.canonical = n;
        return rc;
      }
    if (mode == Mode::kLenient)
      for (const auto& n : names)
        if (iequals(value, n)) {
          rc.kind = ResultCheck::Kind::kAlias;
          rc.canonical = n;
          return rc;
        }
    rc.kind = ResultCheck::Kind::kBad;
    return rc;
  }

  int generate_ply_limit() const override { return 10 * config_->board->num_cells; }

 private:
  std::shared_ptr<const Config> config_;
};

// The flags of §1.2 and whether each takes a value.
struct FlagDef {
  std::string_view name;
  bool takes_value;
};
constexpr FlagDef kFlags[] = {{"size", true},    {"hex", false},     {"y", false},
                              {"walk", false},   {"nostack", false}, {"nogaps", false},
                              {"players", true}, {"walkturn", true}};

constexpr std::string_view kFlagList =
    "-size=N, -hex, -y, -walk, -nostack, -nogaps, -players=N, -walkturn=both|either";

// Reads a decimal number without sign or leading zeros.
bool read_decimal(std::string_view s, int* out) {
  if (s.empty() || s.size() > 4 || (s.size() > 1 && s[0] == '0')) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *out = v;
  return true;
}

class DruidGame : public Game {
 public:
  const GameInfo& info() const override { return druid_info(); }

  VariantResult configure(const VariantRequest& req) const override {
    VariantResult out;
    const bool lenient = req.mode == Mode::kLenient;
    bool has_options_tag = false, has_player3 = false;
    std::array<std::string, 3> names;
    if (req.tags != nullptr)
      for (const auto& t : *req.tags) {
        auto is = [&](std::string_view n) {
          return t.name == n || (lenient && iequals(t.name, n));
        };
        if (is("Options")) has_options_tag = true;
        for (int i = 0; i < 3; ++i)
          if (is("Player" + std::to_string(i + 1)) && names[static_cast<std::size_t>(i)].empty())
            names[static_cast<std::size_t>(i)] = t.value;
        if (is("Player3")) has_player3 = true;
      }
    bool errors = false;
    auto report = [&](Severity sev, std::string message, std::string_view tag = "Options") {
      Finding f;
      f.severity = sev;
      f.code = "record.bad-option";
      f.message = std::move(message);
      f.anchor = Anchor::kTag;
      f.tag = std::string(tag);
      out.findings.push_back(std::move(f));
      if (sev == Severity::kError) errors = true;
    };

    // The words, one flag each.
    std::optional<int> size, players;
    bool hex = false, y = false, walk = false, nostack = false, nogaps = false;
    std::optional<bool> walkturn_both;
    bool seen[std::size(kFlags)] = {};
    const std::string_view text = req.options;
    std::size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      if (i >= text.size()) break;
      std::size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
      const std::string_view word = text.substr(i, j - i);
      i = j;
      const std::size_t eq = word.find('=');
      const std::string_view head = word.substr(0, eq);
      const std::string_view name = head.empty() ? head : head.substr(1);
      const std::string_view value = eq == std::string_view::npos ? "" : word.substr(eq + 1);
      const std::string w(word);
      int def = -1;
      if (!word.empty() && word[0] == '-')
        for (std::size_t k = 0; k < std::size(kFlags); ++k)
          if (iequals(kFlags[k].name, name)) def = static_cast<int>(k);
      if (def < 0) {
        report(Severity::kError,
               "unknown option '" + w + "'; Druid's options are " + std::string(kFlagList));
        continue;
      }
      const FlagDef& fd = kFlags[def];
      const std::string flag = "-" + std::string(fd.name);
      if (seen[def]) {
        report(Severity::kError, "option " + flag + " is given twice");
        continue;
      }
      seen[def] = true;
      if (!fd.takes_value && eq != std::string_view::npos) {
        report(Severity::kError, "option " + flag + " takes no value ('" + w + "')");
        continue;
      }
      if (fd.takes_value && (eq == std::string_view::npos || value.empty())) {
        report(Severity::kError, "option " + flag + " needs a value (" + flag +
                                     (fd.name == "walkturn" ? "=both or =either)" : "=N)"));
        continue;
      }
      std::string canonical_value(value);
      if (fd.name == "walkturn") canonical_value = lower(value);
      const std::string canonical = flag + (fd.takes_value ? "=" + canonical_value : std::string());
      if (fd.name == "size" || fd.name == "players") {
        int v = 0;
        if (!read_decimal(value, &v)) {
          report(Severity::kError, "option " + flag + "=" + std::string(value) +
                                       ": the value must be a decimal number without sign or "
                                       "leading zeros");
          continue;
        }
        if (fd.name == "size")
          size = v;
        else
          players = v;
      } else if (fd.name == "walkturn") {
        if (canonical_value != "both" && canonical_value != "either") {
          report(Severity::kError,
                 "option -walkturn=" + std::string(value) + ": the value must be both or either");
          continue;
        }
        walkturn_both = canonical_value == "both";
      } else if (fd.name == "hex")
        hex = true;
      else if (fd.name == "y")
        y = true;
      else if (fd.name == "walk")
        walk = true;
      else if (fd.name == "nostack")
        nostack = true;
      else if (fd.name == "nogaps")
        nogaps = true;
      if (w != canonical) {
        if (lenient)
          report(Severity::kWarning, "option '" + w + "' read as '" + canonical + "'");
        else
          report(Severity::kError,
                 "option '" + w + "' must be written in lower case ('" + canonical + "')");
      }
    }
    if (errors) return out;

    // Ranges and combinations.
    const BoardKind kind = y ? BoardKind::kY : hex ? BoardKind::kHex : BoardKind::kSquare;
    const char* board_names[] = {"square", "hex", "Y"};
    if (size && (*size < min_size(kind) || *size > max_size(kind))) {
      report(Severity::kError, "option -size=" + std::to_string(*size) + " is out of range: the " +
                                   board_names[static_cast<int>(kind)] + " board's size is " +
                                   std::to_string(min_size(kind)) + ".." +
                                   std::to_string(max_size(kind)));
      return out;
    }
    if (players && (*players < 2 || *players > 3)) {
      report(Severity::kError,
             "option -players=" + std::to_string(*players) + " is out of range: 2 or 3 players");
      return out;
    }
    const int n_players = players ? *players : (has_player3 ? 3 : 2);
    const std::string_view count_tag = has_options_tag || players ? "Options" : "Player3";
    if (hex && y) {
      report(Severity::kError, "option -y cannot be used with -hex");
      return out;
    }
    if (y && walk) {
      report(Severity::kError,
             "option -y cannot be used with -walk (Druid's Walk is not "
             "played on the Y board)");
      return out;
    }
    if (walk && hex && n_players == 2) {
      report(Severity::kError,
             "option -walk cannot be used on the two-player hex board "
             "(Druid's Walk on the hex board needs 3 players)");
      return out;
    }
    if (n_players == 3 && !hex) {
      report(Severity::kError,
             std::string("3 players (") + (players ? "-players=3" : "a Player3 tag") +
                 ") need the hex board (-hex)",
             count_tag);
      return out;
    }
    if (players && *players == 2 && has_player3) {
      report(Severity::kError, "option -players=2 contradicts the record's Player3 tag");
      return out;
    }
    if (walkturn_both && !walk) {
      report(Severity::kError, "option -walkturn needs -walk");
      return out;
    }

    auto config = make_config(kind, size ? *size : default_size(kind), n_players);
    config->walk = walk;
    config->nostack = nostack;
    config->nogaps = nogaps;
    config->walkturn_both = walkturn_both.value_or(true);
    config->player_names = names;
    out.variant = std::make_unique<DruidVariant>(std::move(config));
    return out;
  }
};

}  // namespace

const Game& druid_game() {
  static const DruidGame game;
  return game;
}

}  // namespace scribe::engine::druid
