// Druid's configurations: the Options tag read over Druid's option rows (druid.cpp) by the one
// reader of engine/core/options.hpp, Druid's contradictions between flags (spec §1.2), the
// Player tags, and the Variant that makes and reads positions.
#include <array>
#include <optional>

#include "engine/core/kit.hpp"
#include "engine/core/names.hpp"
#include "engine/core/options.hpp"
#include "engine/games/druid/druid.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace {

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
    OptionValues v;
    if (b.kind == BoardKind::kHex) v.set("-hex");
    if (b.kind == BoardKind::kY) v.set("-y");
    if (b.size != default_size(b.kind)) v.set("-size", std::to_string(b.size));
    if (config_->walk) v.set("-walk");
    if (config_->nostack) v.set("-nostack");
    if (config_->nogaps) v.set("-nogaps");
    if (config_->players == 3) v.set("-players", "3");
    if (!config_->walkturn_both) v.set("-walkturn", "either");
    return format_options(druid_info().options, v);
  }

  std::unique_ptr<State> initial_state() const override {
    return std::make_unique<DruidState>(config_);
  }

  PositionResult parse_position(std::string_view text) const override {
    return DruidState::parse(config_, text);
  }

  ResultCheck check_result(std::string_view value, Mode mode) const override {
    std::vector<std::string> sides;
    for (int s = 0; s < config_->players; ++s) sides.push_back(config_->side_name(s));
    return check_result_name(value, sides, mode);
  }

  int generate_ply_limit() const override { return 10 * config_->board->num_cells; }

 private:
  std::shared_ptr<const Config> config_;
};

// The words of the Player tags the options depend on (read in any case in lenient mode).
struct PlayerTags {
  bool has_options_tag = false;
  bool has_player3 = false;
  std::array<std::string, 3> names;
};

PlayerTags read_player_tags(const VariantRequest& req) {
  PlayerTags out;
  out.has_options_tag = find_tag(req.tags, "Options", req.mode) != nullptr;
  out.has_player3 = find_tag(req.tags, "Player3", req.mode) != nullptr;
  for (std::size_t i = 0; i < 3; ++i)
    out.names[i] = tag_value(req.tags, "Player" + std::to_string(i + 1), req.mode);
  return out;
}

// Returns the first contradiction of §1.2 between the flags (and the Player3 tag), if any.
std::optional<Finding> contradiction(const OptionValues& v, const PlayerTags& tags) {
  const std::optional<int> players = v.number("-players");
  const int n_players = players.value_or(tags.has_player3 ? 3 : 2);
  if (v.given("-hex") && v.given("-y"))
    return option_conflict(v, "-hex", "-y", "Druid's Y is played on its own board");
  if (v.given("-y") && v.given("-walk"))
    return option_conflict(v, "-y", "-walk", "Druid's Walk is not played on the Y board");
  if (v.given("-walk") && v.given("-hex") && n_players == 2)
    return option_conflict(v, "-hex", "-walk", "Druid's Walk on the hex board needs 3 players");
  if (n_players == 3 && !v.given("-hex")) {
    if (players) return option_needs(v, "-players", "-hex", "3 players play on the hex board");
    return tag_finding(Severity::kError, "record.bad-option",
                       "3 players (a Player3 tag) need the hex board (-hex)",
                       tags.has_options_tag ? "Options" : "Player3");
  }
  if (players == 2 && tags.has_player3)
    return option_conflict_with(v, "-players", "the record's Player3 tag");
  if (v.given("-walkturn") && !v.given("-walk")) return option_needs(v, "-walkturn", "-walk");
  return std::nullopt;
}

class DruidGame : public RowsGame {
 public:
  DruidGame() : RowsGame(druid_info()) {}

 private:
  // Checks the contradictions of §1.2, then makes the configuration.
  void make_variant(const OptionValues& v, const VariantRequest& req,
                    VariantResult& out) const override {
    const PlayerTags tags = read_player_tags(req);
    if (auto f = contradiction(v, tags)) {
      out.findings.push_back(std::move(*f));
      return;
    }
    const BoardKind kind = v.given("-y")     ? BoardKind::kY
                           : v.given("-hex") ? BoardKind::kHex
                                             : BoardKind::kSquare;
    const int players = v.number("-players").value_or(tags.has_player3 ? 3 : 2);
    auto config = make_config(kind, v.number("-size").value_or(default_size(kind)), players);
    config->walk = v.given("-walk");
    config->nostack = v.given("-nostack");
    config->nogaps = v.given("-nogaps");
    config->walkturn_both = v.value("-walkturn").value_or("both") == "both";
    config->player_names = tags.names;
    out.variant = std::make_unique<DruidVariant>(std::move(config));
  }
};

}  // namespace

const Game& druid_game() {
  static const DruidGame game;
  return game;
}

}  // namespace scribe::engine::druid
