#include "tests/support/toy_game.hpp"

#include <cctype>

#include "engine/core/options.hpp"

namespace scribe::test {

namespace {

using engine::Anchor;
using engine::Finding;
using engine::Mode;
using engine::Severity;

struct ToyConfig {
  int players = 2;
  bool dice = false;
};

std::string side_name(int i) { return std::string(1, static_cast<char>('A' + i)); }

class ToyState : public engine::State {
 public:
  explicit ToyState(ToyConfig c) : c_(c) {}

  std::unique_ptr<engine::State> clone() const override { return std::make_unique<ToyState>(*this); }

  engine::PlyOutcome apply(std::string_view token, const engine::RollText* roll, Mode mode) override {
    engine::PlyOutcome out;
    if (winner_ >= 0) {
      out.findings.push_back(engine::token_error("toy.game-over", "the game is over"));
      return out;
    }
    if (c_.dice) {
      if (roll == nullptr) {
        Finding f = engine::token_error("toy.roll-missing", "no roll before " + std::string(token));
        if (mode == Mode::kLenient) f.severity = Severity::kWarning;
        out.findings.push_back(f);
        out.roll = "?";
        if (mode != Mode::kLenient) return out;
      } else if (roll->text.size() != 1 || roll->text[0] < '1' || roll->text[0] > '6') {
        Finding f = engine::token_error("toy.bad-roll", "bad roll");
        f.anchor = Anchor::kRoll;
        out.findings.push_back(f);
        return out;
      } else {
        out.roll = std::string(roll->text);
      }
    }
    if (token == "m" || token == "pass" || token == "warn") {
      if (token == "warn") {
        Finding f = engine::token_error("toy.note", "a note");
        f.severity = Severity::kWarning;
        out.findings.push_back(f);
      }
    } else if (token == "w") {
      winner_ = side_;
    } else {
      Finding f = engine::token_error("toy.syntax", "cannot read '" + std::string(token) + "'");
      if (token.size() > 1 && token[0] == 'm') {
        f.offset = 1;
        f.length = 1;
      }
      out.findings.push_back(f);
      return out;
    }
    last_move_ = std::string(token);
    last_mover_ = side_name(side_);
    ++plies_;
    if (winner_ < 0) side_ = (side_ + 1) % c_.players;
    out.applied = true;
    return out;
  }

  std::string position_text() const override {
    return "toy " + std::to_string(c_.players) + " " + (winner_ >= 0 ? "-" : side_name(side_)) +
           " " + (winner_ >= 0 ? side_name(winner_) : "-");
  }
  std::string side_to_move() const override { return winner_ >= 0 ? "" : side_name(side_); }
  std::optional<std::string> result() const override {
    if (winner_ >= 0) return side_name(winner_);
    return std::nullopt;
  }
  int plies_played() const override { return plies_; }
  std::vector<engine::ChanceOutcome> chance_outcomes() const override {
    if (!c_.dice || winner_ >= 0) return {};
    std::vector<engine::ChanceOutcome> v;
    for (int d = 1; d <= 6; ++d) v.push_back({std::to_string(d), 1.0 / 6});
    return v;
  }
  std::vector<std::string> legal_moves(std::string_view) const override {
    if (winner_ >= 0) return {};
    return {"m", "pass", "w"};
  }
  std::optional<std::string> canonical_move(std::string_view token) const override {
    if (token == "m" || token == "w" || token == "pass" || token == "warn") return std::string(token);
    return std::nullopt;
  }
  std::string text_board() const override { return "[toy]\n"; }
  std::string last_move_text() const override { return last_move_; }
  std::string last_mover() const override { return last_mover_; }

  int side_ = 0;
  int winner_ = -1;

 private:
  ToyConfig c_;
  int plies_ = 0;
  std::string last_move_, last_mover_;
};

class ToyVariant : public engine::Variant {
 public:
  explicit ToyVariant(ToyConfig c) : c_(c) {}
  int num_players() const override { return c_.players; }
  bool has_dice() const override { return c_.dice; }
  std::string describe() const override { return "Toy"; }
  std::string options_text() const override {
    std::string s;
    if (c_.players != 2) s = "-players=" + std::to_string(c_.players);
    if (c_.dice) s += std::string(s.empty() ? "" : " ") + "-dice";
    return s;
  }
  std::unique_ptr<engine::State> initial_state() const override {
    return std::make_unique<ToyState>(c_);
  }
  engine::PositionResult parse_position(std::string_view text) const override {
    engine::PositionResult r;
    // "toy N S W"
    if (text.size() != 9 || text.substr(0, 4) != "toy " || text[5] != ' ' || text[7] != ' ') {
      r.error = "expected 'toy N SIDE WINNER'";
      return r;
    }
    if (text[4] - '0' != c_.players) {
      r.error = "the player count does not match the options";
      return r;
    }
    auto st = std::make_unique<ToyState>(c_);
    if (text[6] == '-' && text[8] >= 'A' && text[8] < 'A' + c_.players) {
      st->winner_ = text[8] - 'A';
    } else if (text[6] >= 'A' && text[6] < 'A' + c_.players && text[8] == '-') {
      st->side_ = text[6] - 'A';
    } else {
      r.error = "bad side or winner";
      return r;
    }
    r.state = std::move(st);
    return r;
  }
  engine::ResultCheck check_result(std::string_view value, Mode mode) const override {
    using K = engine::ResultCheck::Kind;
    if (value == "*" || value == "draw") return {K::kOk, std::string(value)};
    for (int i = 0; i < c_.players; ++i) {
      if (value == side_name(i)) return {K::kOk, side_name(i)};
      if (mode == Mode::kLenient && value.size() == 1 &&
          std::toupper(static_cast<unsigned char>(value[0])) == 'A' + i)
        return {K::kAlias, side_name(i)};
    }
    return {K::kBad, ""};
  }
  int generate_ply_limit() const override { return 30; }

 private:
  ToyConfig c_;
};

class ToyGame : public engine::Game {
 public:
  ToyGame() {
    info_.name = "toy";
    info_.names = {"toy"};
    info_.title = "Toy";
    info_.side_names = {"A", "B", "C", "D"};
    info_.has_dice = false;
    info_.options = {
        {.flag = "-players",
         .kind = engine::OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {{"", 2, 4, ""}},
         .default_value = "2",
         .meaning = "number of players"},
        {.flag = "-dice", .meaning = "plies carry rolls"},
    };
  }
  const engine::GameInfo& info() const override { return info_; }
  engine::VariantResult configure(const engine::VariantRequest& request) const override {
    engine::VariantResult r;
    engine::OptionsRead read =
        engine::read_options(info_.options, info_.title, request.options, request.mode);
    r.findings = std::move(read.findings);
    if (!read.ok) return r;
    ToyConfig c;
    c.dice = read.values.given("-dice");
    c.players = read.values.number("-players").value_or(2);
    r.variant = std::make_unique<ToyVariant>(c);
    return r;
  }

 private:
  engine::GameInfo info_;
};

}  // namespace

const engine::Game& toy_game() {
  static const ToyGame game;
  return game;
}

}  // namespace scribe::test
