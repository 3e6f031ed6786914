// The Sava Game and Variant: the option rows (sava.md 1, 9; read by engine/core/options.hpp),
// results (8.2), notices (R19l), and the stray-roll rule of R31 as data of the game
// (GameInfo::dangling_roll).
#include "engine/core/names.hpp"
#include "engine/core/options.hpp"
#include "engine/games/sava/sava.hpp"
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

namespace {

class SavaVariant : public Variant {
 public:
  explicit SavaVariant(const Config& cfg) : cfg_(cfg) {}

  int num_players() const override { return 2; }
  bool has_dice() const override { return true; }

  std::string describe() const override {
    std::string t = cfg_.greatwheel ? "Great Wheel Sava" : "Sava";
    if (cfg_.baenre) t += ", Baenre";
    if (cfg_.chednased) t += ", Ched Nased";
    if (cfg_.lolth)
      t += ", Lolth's Champion";
    else if (cfg_.champion)
      t += ", Champion";
    if (cfg_.dicesava) t += ", Dice Sava";
    if (cfg_.orc_line) t += ", Orcs by line";
    if (cfg_.diagonals) t += ", diagonals";
    return t;
  }

  std::string options_text() const override {
    OptionValues v;
    if (cfg_.baenre) v.set("-baenre");
    if (cfg_.chednased) v.set("-chednased");
    if (cfg_.champion && !cfg_.lolth) v.set("-champion");
    if (cfg_.lolth) v.set("-lolth");
    if (cfg_.dicesava) v.set("-dicesava");
    if (cfg_.greatwheel) v.set("-greatwheel");
    if (cfg_.orc_line) v.set("-orc", "line");
    if (cfg_.diagonals) v.set("-diagonals");
    return format_options(sava_game().info().options, v);
  }

  std::unique_ptr<State> initial_state() const override {
    return std::make_unique<SavaState>(cfg_, initial_position(cfg_));
  }

  PositionResult parse_position(std::string_view text) const override {
    PositionResult r;
    Position pos;
    r.error = read_position(cfg_, text, &pos);
    if (r.error.empty()) r.state = std::make_unique<SavaState>(cfg_, pos);
    return r;
  }

  ResultCheck check_result(std::string_view value, Mode mode) const override {
    return check_result_name(value, {"Red", "Blue"}, mode);
  }

  // Ruling R19l: every Great Wheel record is warned that its board is constructed.
  std::vector<Finding> notices() const override {
    if (!cfg_.greatwheel) return {};
    return {tag_finding(
        Severity::kWarning, "sava.reconstructed-board",
        "Great Wheel Sava is played on a board constructed by scribe (docs/games/sava.md#r19): the "
        "seed describes it only in part, so records of the real game may not replay",
        "Options")};
  }

  // Ruling R30: random games stop after 400 plies.
  int generate_ply_limit() const override { return 400; }

 private:
  Config cfg_;
};

class SavaGame : public RowsGame {
 public:
  SavaGame() {
    info_.name = "sava";
    info_.names = {"sava"};
    info_.title = "Sava";
    info_.side_names = {"Red", "Blue"};
    info_.has_dice = true;
    // Ruling R31: a stray roll is sava.roll-mismatch at the ply that would follow.
    info_.dangling_roll = &dangling_roll;
    // The rows of sava.md 1, in the order of the normalised option text.
    info_.options = {
        {.flag = "-baenre",
         .meaning = "Baenre Sava: a Matron Mother without a Priestess on the board moves as one"},
        {.flag = "-chednased",
         .meaning = "Ched Nased Sava: Orcs promote to P, Wz or Wm instead of resurrecting"},
        {.flag = "-champion",
         .meaning = "Champion Sava: a Holy Champion per side, neither capturing nor captured"},
        {.flag = "-lolth",
         .meaning = "Lolth's Champion Sava: -champion, active once its side has lost P, Wz and Wm"},
        {.flag = "-dicesava",
         .meaning = "Dice Sava: one spider gives a turncoat move, double spiders a removal"},
        {.flag = "-greatwheel",
         .meaning = "Great Wheel Sava on scribe's constructed 77-space board"},
        {.flag = "-orc",
         .kind = OptionKind::kChoice,
         .placeholder = "V",
         .choices = {"short", "line"},
         .default_value = "short",
         .meaning = "how far ahead on a rank an Orc's target may be (docs/games/sava.md#r10)"},
        {.flag = "-diagonals", .meaning = "adds the straight lines HA-DE and BC-FG (docs/games/sava.md#r2)"},
    };
    info_.codes = {
        {"sava.syntax", "error",
         "the token does not match the grammar of docs/games/sava.md#notation"},
        {"sava.not-a-space", "error", "a space lexeme names no space"},
        {"sava.alias", "error (lenient: warning)", "an alias of a space name (GA, AG, GA2, ...)"},
        {"sava.bad-roll", "error", "a roll token other than (0), (1), (2)"},
        {"sava.roll-mismatch", "error",
         "a roll before a normal move, or one that contradicts the dice ply"},
        {"sava.game-over", "error", "a ply after a Matron Mother was captured"},
        {"sava.removal-variant", "error", "*x + space without -dicesava"},
        {"sava.removal-target", "error",
         "removing nothing, one's own piece, a Matron Mother or an immune Champion"},
        {"sava.no-such-piece", "error", "the owner has no piece of the written kind"},
        {"sava.empty-space", "error", "the Orc move's (or origin's) space is empty"},
        {"sava.wrong-piece", "error", "that space holds a different kind of piece"},
        {"sava.wrong-side", "error", "that space holds the other side's piece"},
        {"sava.null-move", "error", "the destination is the piece's own space"},
        {"sava.own-piece", "error", "the destination holds a piece of the mover's side"},
        {"sava.turncoat-matron", "error", "a turncoat would capture a Matron Mother"},
        {"sava.champion-capture", "error",
         "capturing an immune Champion, or an immune Champion capturing"},
        {"sava.matron-move", "error", "the Matron Mother's destination is not next to it"},
        {"sava.not-on-line", "error", "a Priestess-style move to a space on none of its lines"},
        {"sava.line-blocked", "error", "a Priestess-style move whose every way is blocked"},
        {"sava.wizard-move", "error",
         "the destination is next to the Wizard, or no three-link path leads to it"},
        {"sava.weaponmaster-move", "error", "no two-link route to the destination"},
        {"sava.weaponmaster-blocked", "error",
         "every route's intermediate space may not be entered"},
        {"sava.orc-move", "error", "the Orc's destination is not next to it"},
        {"sava.orc-direction", "error", "the Orc does not step towards a hostile piece"},
        {"sava.champion-move", "error", "the Champion cannot reach the destination"},
        {"sava.turncoat-return", "error", "the owner moves a turncoat straight back"},
        {"sava.capture-mark", "error (lenient: warning)",
         "an x is missing, extra, or misplaced; a via names the wrong space"},
        {"sava.ambiguous", "error", "the ply fits moves with different effects"},
        {"sava.turncoat-promotion", "error", "a promotion suffix on a turncoat move"},
        {"sava.promotion-zone", "error", "a promotion suffix outside the mover's promotion zone"},
        {"sava.promotion-piece", "error", "-chednased: a suffix other than P, Wz, Wm"},
        {"sava.resurrect-unavailable", "error",
         "the suffix's piece is not in the mover's captured pile"},
        {"sava.check-mark", "error (lenient: warning)", "a + that is false"},
        {"sava.reconstructed-board", "warning",
         "the record uses -greatwheel, whose board is constructed (docs/games/sava.md#r19)"},
    };
  }

  // Sava's flags combine freely (sava.md 1), so there is no contradiction to check.
  void make_variant(const OptionValues& v, const VariantRequest&,
                    VariantResult& out) const override {
    Config cfg;
    cfg.baenre = v.given("-baenre");
    cfg.chednased = v.given("-chednased");
    cfg.lolth = v.given("-lolth");
    cfg.champion = cfg.lolth || v.given("-champion");
    cfg.dicesava = v.given("-dicesava");
    cfg.greatwheel = v.given("-greatwheel");
    cfg.diagonals = v.given("-diagonals");
    cfg.orc_line = v.value("-orc") == "line";
    cfg.board = &sava_board(cfg.greatwheel, cfg.diagonals);
    out.variant = std::make_unique<SavaVariant>(cfg);
  }
};

}  // namespace

const Game& sava_game() {
  static const SavaGame game;
  return game;
}

}  // namespace scribe::engine::sava
