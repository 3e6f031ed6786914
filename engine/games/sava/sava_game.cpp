// The Sava Game and Variant: options (sava.md 1, 9), results (8.2), notices (R19l).
#include <cctype>

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
    std::string t;
    auto add = [&t](const char* flag) {
      if (!t.empty()) t += ' ';
      t += flag;
    };
    if (cfg_.baenre) add("-baenre");
    if (cfg_.chednased) add("-chednased");
    if (cfg_.lolth)
      add("-lolth");
    else if (cfg_.champion)
      add("-champion");
    if (cfg_.dicesava) add("-dicesava");
    if (cfg_.greatwheel) add("-greatwheel");
    if (cfg_.orc_line) add("-orc=line");
    if (cfg_.diagonals) add("-diagonals");
    return t;
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
    ResultCheck rc;
    for (const char* v : {"Red", "Blue", "draw", "*"}) {
      if (value == v) {
        rc.kind = ResultCheck::Kind::kOk;
        rc.canonical = v;
        return rc;
      }
      if (mode == Mode::kLenient && value.size() == std::string_view(v).size()) {
        bool same = true;
        for (std::size_t i = 0; i < value.size(); ++i)
          if (std::tolower(static_cast<unsigned char>(value[i])) !=
              std::tolower(static_cast<unsigned char>(v[i])))
            same = false;
        if (same) {
          rc.kind = ResultCheck::Kind::kAlias;
          rc.canonical = v;
          return rc;
        }
      }
    }
    rc.kind = ResultCheck::Kind::kBad;
    return rc;
  }

  // Ruling R19l: every Great Wheel record is warned that its board is constructed.
  std::vector<Finding> notices() const override {
    if (!cfg_.greatwheel) return {};
    return {tag_finding(
        Severity::kWarning, "sava.reconstructed-board",
        "Great Wheel Sava is played on a board constructed by scribe (sava.md ruling R19): the "
        "seed describes it only in part, so records of the real game may not replay",
        "Options")};
  }

  // Ruling R30: random games stop after 400 plies.
  int generate_ply_limit() const override { return 400; }
  // Ruling R31: a stray roll is sava.roll-mismatch at the ply that would follow.
  bool checks_stray_rolls() const override { return true; }

 private:
  Config cfg_;
};

struct Word {
  std::string_view text;
  std::uint32_t offset = 0;  // characters into the Options value
};

std::vector<Word> words_of(std::string_view value) {
  std::vector<Word> out;
  std::size_t i = 0;
  std::uint32_t chars = 0;
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (i < value.size()) {
    if (is_space(value[i])) {
      ++i;
      ++chars;
      continue;
    }
    const std::size_t start = i;
    const std::uint32_t start_chars = chars;
    while (i < value.size() && !is_space(value[i])) {
      if ((static_cast<unsigned char>(value[i]) & 0xC0) != 0x80) ++chars;
      ++i;
    }
    out.push_back({value.substr(start, i - start), start_chars});
  }
  return out;
}

constexpr const char* kKnownFlags =
    "-baenre, -chednased, -champion, -lolth, -dicesava, -greatwheel, -orc=short, -orc=line, "
    "-diagonals";

class SavaGame : public Game {
 public:
  SavaGame() {
    info_.name = "sava";
    info_.names = {"sava"};
    info_.title = "Sava";
    info_.side_names = {"Red", "Blue"};
    info_.has_dice = true;
    info_.options = {
        {"-baenre", "flag", "off",
         "Baenre Sava: a Matron Mother without a Priestess on the board moves as one"},
        {"-chednased", "flag", "off",
         "Ched Nased Sava: Orcs promote to P, Wz or Wm instead of resurrecting"},
        {"-champion", "flag", "off",
         "Champion Sava: a Holy Champion per side that neither captures nor is captured"},
        {"-lolth", "flag", "off",
         "Lolth's Champion Sava: -champion, active once its side has lost P, Wz and Wm"},
        {"-dicesava", "flag", "off",
         "Dice Sava: one spider gives a turncoat move, double spiders a removal"},
        {"-greatwheel", "flag", "off", "Great Wheel Sava on scribe's constructed 77-space board"},
        {"-orc=V", "short, line", "short",
         "how far ahead on a rank an Orc's target may be (ruling R10)"},
        {"-diagonals", "flag", "off", "adds the straight lines HA-DE and BC-FG (ruling R2)"},
    };
    const char* codes[][3] = {
        {"sava.syntax", "error", "the token does not match the grammar of sava.md 4.2"},
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
         "the record uses -greatwheel, whose board is constructed (ruling R19)"},
    };
    for (const auto& c : codes) info_.codes.push_back({c[0], c[1], c[2]});
  }

  const GameInfo& info() const override { return info_; }

  VariantResult configure(const VariantRequest& request) const override {
    VariantResult vr;
    Config cfg;
    bool seen[9] = {};
    bool error = false;
    for (const Word& w : words_of(request.options)) {
      auto finding = [&](Severity sev, std::string message) {
        Finding f;
        f.severity = sev;
        f.code = "record.bad-option";
        f.message = std::move(message);
        f.anchor = Anchor::kTag;
        f.tag = "Options";
        f.offset = w.offset;
        f.length = static_cast<std::uint32_t>(w.text.size());
        vr.findings.push_back(std::move(f));
        if (sev == Severity::kError) error = true;
      };
      std::string word(w.text);
      std::string low = word;
      for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      static const char* kFlags[] = {"-baenre",    "-chednased", "-champion",
                                     "-lolth",     "-dicesava",  "-greatwheel",
                                     "-diagonals", "-orc=short", "-orc=line"};
      int which = -1;
      for (int k = 0; k < 9; ++k)
        if (low == kFlags[k]) which = k;
      if (which < 0) {
        if (low.rfind("-orc", 0) == 0 && (low.size() == 4 || low[4] == '='))
          finding(Severity::kError, "bad value '" + (word.size() > 5 ? word.substr(5) : "") +
                                        "' for -orc: expected short or line (-orc=short, "
                                        "-orc=line)");
        else
          finding(Severity::kError,
                  "unknown option '" + word + "' for sava (known: " + kKnownFlags + ")");
        continue;
      }
      if (word != kFlags[which]) {
        if (request.mode != Mode::kLenient) {
          finding(Severity::kError, "unknown option '" + word +
                                        "' for sava (options are lower "
                                        "case: " +
                                        kFlags[which] + ")");
          continue;
        }
        finding(Severity::kWarning,
                "option '" + word + "' read as '" + std::string(kFlags[which]) + "'");
      }
      const int slot = which >= 7 ? 7 : which;
      if (seen[slot]) {
        finding(Severity::kError,
                "option '" + std::string(which >= 7 ? "-orc" : kFlags[which]) + "' is given twice");
        continue;
      }
      seen[slot] = true;
      switch (which) {
        case 0:
          cfg.baenre = true;
          break;
        case 1:
          cfg.chednased = true;
          break;
        case 2:
          cfg.champion = true;
          break;
        case 3:
          cfg.lolth = cfg.champion = true;
          break;
        case 4:
          cfg.dicesava = true;
          break;
        case 5:
          cfg.greatwheel = true;
          break;
        case 6:
          cfg.diagonals = true;
          break;
        case 7:
          cfg.orc_line = false;
          break;
        case 8:
          cfg.orc_line = true;
          break;
        default:
          break;
      }
    }
    if (error) return vr;
    cfg.board = &sava_board(cfg.greatwheel, cfg.diagonals);
    vr.variant = std::make_unique<SavaVariant>(cfg);
    return vr;
  }

 private:
  GameInfo info_;
};

}  // namespace

const Game& sava_game() {
  static const SavaGame game;
  return game;
}

}  // namespace scribe::engine::sava
