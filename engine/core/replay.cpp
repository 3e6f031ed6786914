#include "engine/core/replay.hpp"

#include <algorithm>
#include <exception>

#include "engine/core/names.hpp"
#include "engine/core/replay_diagnostics.hpp"
#include "notation/core/record_input.hpp"

namespace scribe::engine {

using notation::Diagnostic;
using notation::Record;
using notation::SourceSpan;
using notation::Tag;

const Game* find_game(const GameList& games, std::string_view name) {
  for (const Game* g : games)
    for (const auto& n : g->info().names)
      if (n == name) return g;
  return nullptr;
}

namespace {

// The tag names replay reads; lenient mode also reads them in another case.
constexpr std::string_view kKnownTags[] = {"Game",    "Options", "Setup",   "Result",
                                           "Termination", "Player1", "Player2", "Player3",
                                           "Player4"};

// Replays one record; one object per call.
class Replayer {
 public:
  Replayer(const GameList& games, const Record& record, const ReplayOptions& options,
           ReplayResult& out)
      : games_(games), record_(record), opts_(options), out_(out), diags_(record, out) {}

  void run() {
    for (const auto& d : record_.tag_diagnostics) {
      if (d.code == "record.encoding" && record_.encoding_in_movetext)
        diags_.in_movetext(d);
      else
        diags_.at_tags(d);
    }
    for (const auto& d : record_.movetext_diagnostics) diags_.in_movetext(d);
    read_known_tags();
    // C1: an error at the tags (a malformed tag line, a record over the size limit) keeps the
    // record from being replayed; the tags are still checked and reported.
    bool tag_error = false;
    for (const auto& d : record_.tag_diagnostics)
      if (d.severity == Severity::kError) tag_error = true;
    const bool tags_ok = configure() && !tag_error;
    check_move_numbers();
    if (tags_ok) replay_plies();
    report_move_numbers();
    report_rolls_without_dice();
    report_stray_rolls();
    if (tags_ok && !stopped_) check_result();
    else out_.result = "*";
    diags_.finish();
  }

 private:
  // Finds the known tags; in lenient mode a known name in another case is read with a warning.
  void read_known_tags() {
    for (std::string_view name : kKnownTags) {
      const Tag* exact = record_.find_tag(name);
      if (exact != nullptr || opts_.mode != Mode::kLenient) {
        known_.push_back({name, exact});
        continue;
      }
      const Tag* other = nullptr;
      for (const auto& t : record_.tags)
        if (iequals(t.name, name)) {
          other = &t;
          break;
        }
      if (other != nullptr)
        diags_.at_tags(diags_.make(Severity::kWarning, "record.bad-tag",
                                   "tag name '" + other->name + "' read as '" +
                                       std::string(name) + "'",
                                   other->name_span, std::nullopt, ""));
      known_.push_back({name, other});
    }
  }

  const Tag* tag(std::string_view name) const {
    for (const auto& [n, t] : known_)
      if (n == name) return t;
    return record_.find_tag(name);
  }

  // The span of the record's first line (for record.missing-game and tag findings whose tag
  // is absent).
  SourceSpan first_line_span() const {
    SourceSpan s;
    s.line = record_.line;
    s.col = 1;
    s.offset = record_.offset;
    s.len = 1;
    // Point at the first line of the record proper (skip leading blank/comment lines).
    const std::string_view line = record_.source_line(record_.line);
    std::uint32_t skip = 0;
    while (skip < line.size() && (line[skip] == ' ' || line[skip] == '\t')) ++skip;
    s.col += skip;
    return s;
  }

  SourceSpan tag_value_span(const Tag& t, std::uint32_t offset, std::uint32_t length) const {
    // An empty value: point at the place between the quotes (the closing quote), one character.
    if (t.value_span.len == 0)
      return SourceSpan{t.value_span.line, t.value_span.col, t.value_span.offset, 1};
    // value_span covers the raw text between the quotes; offsets count its characters.
    std::string_view raw = record_.source_line(t.value_span.line);
    const std::size_t begin = notation::byte_offset_of_char(raw, t.value_span.col - 1);
    const std::size_t end = notation::byte_offset_of_char(raw, t.value_span.col - 1 + t.value_span.len);
    raw = raw.substr(begin, end - begin);
    return sub_span(t.value_span, raw, offset, length);
  }

  Diagnostic from_tag_finding(const Finding& f) {
    const std::string name = f.tag.empty() ? "Options" : f.tag;
    const Tag* t = tag(name);
    SourceSpan span = t != nullptr ? tag_value_span(*t, f.offset, f.length) : first_line_span();
    // A PlayerN tag as a cause: point at the whole tag.
    if (t != nullptr && name.rfind("Player", 0) == 0 && f.offset == 0 && f.length == 0)
      span = t->span;
    return diags_.make(f.severity, f.code, f.message, span, std::nullopt, "");
  }

  // Reads Game, Options, PlayerN, Result and Setup. Returns false when an error at the tags
  // keeps the record from being replayed (C1).
  bool configure() {
    const Tag* game_tag = tag("Game");
    std::string game_name;
    game_ = find_record_game(game_tag, &game_name);
    if (game_ == nullptr || !make_variant(game_tag, game_name)) return false;
    const bool players_ok = check_player_tags();
    read_result_tag();
    return read_setup_tag() && players_ok;
  }

  // Finds the game of the Game tag (in lenient mode in another case, with a warning), or of
  // --game when the record has none; sets *game_name to the name read. Reports
  // record.missing-game or record.unknown-game and returns nullptr when there is none.
  const Game* find_record_game(const Tag* game_tag, std::string* game_name) {
    const Game* game = nullptr;
    if (game_tag == nullptr) {
      if (opts_.default_game.empty()) {
        diags_.at_tags(diags_.make(Severity::kError, "record.missing-game",
                                   "the record has no Game tag (and no --game was given)",
                                   first_line_span(), std::nullopt, ""));
        return nullptr;
      }
      *game_name = opts_.default_game;
      return find_game(games_, *game_name);
    } else {
      *game_name = game_tag->value;
      game = find_game(games_, *game_name);
      if (game == nullptr && opts_.mode == Mode::kLenient) {
        const std::string low = lower(*game_name);
        game = find_game(games_, low);
        if (game != nullptr) {
          diags_.at_tags(diags_.make(Severity::kWarning, "record.unknown-game",
                                     "game '" + *game_name + "' read as '" + low + "'",
                                     tag_value_span(*game_tag, 0, 0), std::nullopt, ""));
          *game_name = low;
        }
      }
      if (game == nullptr) {
        std::string known;
        for (const Game* g : games_) {
          if (!known.empty()) known += ", ";
          known += g->info().name;
        }
        diags_.at_tags(diags_.make(Severity::kError, "record.unknown-game",
                                   "unknown game '" + *game_name + "'; scribe knows " + known,
                                   tag_value_span(*game_tag, 0, 0), std::nullopt, ""));
        return nullptr;
      }
    }
    return game;
  }

  // Configures game_ from the Options tag (or --options) and the other tags: sets variant_ and
  // reports the game's findings and notices. Returns false when an option error stops it.
  bool make_variant(const Tag* game_tag, const std::string& game_name) {
    const Game* game = game_;
    const Tag* options_tag = tag("Options");
    std::string options;
    bool has_options = false;
    if (options_tag != nullptr) {
      options = options_tag->value;
      has_options = true;
    } else if (!opts_.default_options.empty() &&
               (game_tag == nullptr || find_game(games_, opts_.default_game) == game)) {
      options = opts_.default_options;
      has_options = true;
    }

    VariantRequest request;
    request.game_name = game_name;
    request.options = options;
    request.tags = &record_.tags;
    request.mode = opts_.mode;
    VariantResult vr;
    try {
      vr = game->configure(request);
    } catch (const std::exception& e) {
      vr.variant.reset();
      vr.findings.push_back(internal_finding(e.what()));
    }
    bool option_error = false;
    for (const auto& f : vr.findings) {
      diags_.at_tags(from_tag_finding(f));
      if (f.severity == Severity::kError) option_error = true;
    }
    if (option_error || vr.variant == nullptr) {
      out_.game = game->info().name;
      return false;
    }
    out_.game = game->info().name;
    if (has_options) out_.options = options;
    variant_ = vr.variant.get();
    out_.variant = std::move(vr.variant);
    for (const auto& f : variant_->notices()) diags_.at_tags(from_tag_finding(f));
    return true;
  }

  // C1: reports every PlayerN tag beyond the number of players; false when there is one.
  bool check_player_tags() {
    bool ok = true;
    for (const auto& t : record_.tags) {
      if (t.name.size() < 7 || t.name.rfind("Player", 0) != 0) continue;
      const std::string_view digits = std::string_view(t.name).substr(6);
      if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
          digits.size() > 3)
        continue;
      const int n = std::stoi(std::string(digits));
      if (n > variant_->num_players()) {
        diags_.at_tags(diags_.make(Severity::kError, "record.bad-option",
                                   "tag " + t.name + " names a player beyond the " +
                                       std::to_string(variant_->num_players()) +
                                       " players of this game",
                                   t.span, std::nullopt, ""));
        ok = false;
      }
    }
    return ok;
  }

  // C1: reads the Result tag; a bad value is reported but does not stop replay.
  void read_result_tag() {
    if (const Tag* result_tag = tag("Result")) {
      const ResultCheck rc = variant_->check_result(result_tag->value, opts_.mode);
      if (rc.kind == ResultCheck::Kind::kBad) {
        diags_.at_tags(diags_.make(Severity::kError, "record.bad-result",
                                   "Result \"" + result_tag->value + "\" is not " +
                                       result_choices() + ", draw or *",
                                   tag_value_span(*result_tag, 0, 0), std::nullopt, ""));
        result_bad_ = true;
      } else {
        if (rc.kind == ResultCheck::Kind::kAlias)
          diags_.at_tags(diags_.make(Severity::kWarning, "record.bad-result",
                                     "Result \"" + result_tag->value + "\" read as \"" +
                                         rc.canonical + "\"",
                                     tag_value_span(*result_tag, 0, 0), std::nullopt, ""));
        result_value_ = rc.canonical;
      }
    }
  }

  // C9: the start position, from the Setup tag or the variant. False when Setup is invalid.
  bool read_setup_tag() {
    if (const Tag* setup = tag("Setup")) {
      PositionResult pr;
      try {
        pr = variant_->parse_position(setup->value);
      } catch (const std::exception& e) {
        pr.state.reset();
        pr.error = std::string("internal error: ") + e.what();
      }
      if (pr.state == nullptr) {
        diags_.at_tags(diags_.make(Severity::kError, "record.bad-setup",
                                   "invalid Setup position: " + pr.error,
                                   tag_value_span(*setup, 0, 0), std::nullopt, ""));
        return false;
      }
      state_ = std::move(pr.state);
    } else {
      state_ = variant_->initial_state();
    }
    return true;
  }

  static Finding internal_finding(const char* what) {
    Finding f;
    f.code = "record.internal";
    f.message = std::string("internal error in scribe (please report it): ") + what;
    return f;
  }

  // Whether this game judges stray rolls itself (GameInfo::dangling_roll).
  bool game_checks_strays() const {
    return game_ != nullptr && variant_ != nullptr && variant_->has_dice() &&
           game_->info().dangling_roll != nullptr;
  }

  // The sides a Result may name, in words: "a side of druid (V, H)" - the game's side names
  // that this variant accepts as a result.
  std::string result_choices() const {
    std::string sides;
    if (game_ != nullptr && variant_ != nullptr)
      for (const std::string& side : game_->info().side_names)
        if (variant_->check_result(side, Mode::kStrict).kind == ResultCheck::Kind::kOk)
          sides += (sides.empty() ? "" : ", ") + side;
    if (sides.empty()) return "a side of this game";
    return "a side of " + game_->info().name + " (" + sides + ")";
  }

  // Whether the record's game has dice: the variant says, else the game (when known).
  std::optional<bool> has_dice() const {
    if (variant_ != nullptr) return variant_->has_dice();
    if (game_ != nullptr) return game_->info().has_dice;
    return std::nullopt;
  }

  // Every roll of a record whose game has no dice, before a ply or stray: record.bad-token,
  // reported for the whole text (C4), whether or not the record replays; a ply is still read
  // without its roll.
  void report_rolls_without_dice() {
    if (has_dice().value_or(true)) return;
    for (const auto& ply : record_.plies)
      if (ply.roll)
        bad_roll_token(*ply.roll, "a roll (" + ply.roll->text + ") in a game without dice");
    for (const auto& s : record_.stray_rolls)
      bad_roll_token(s.roll, "a roll (" + s.roll.text + ") in a game without dice");
  }

  // The stray rolls of a dice game that does not judge them: record.bad-token, which does not
  // stop replay. A game that judges them (Sava, R31) reports them as its own diagnostics during
  // replay, so only up to the ply where replay stopped, and not at all when the record is not
  // replayed.
  void report_stray_rolls() {
    if (game_checks_strays() || !has_dice().value_or(true)) return;
    for (const auto& s : record_.stray_rolls)
      bad_roll_token(s.roll, s.before_ply > static_cast<int>(record_.plies.size())
                                 ? "roll (" + s.roll.text + ") has no ply after it"
                                 : "roll (" + s.roll.text +
                                       ") is followed by another roll, not by a ply");
  }

  // A record.bad-token at a roll (ply null).
  void bad_roll_token(const notation::Roll& roll, std::string message) {
    diags_.in_movetext(diags_.make(Severity::kError, "record.bad-token", std::move(message),
                                   roll.span, std::nullopt, ""));
  }

  // The first stray roll standing before ply `n` when the game judges them, else nullptr.
  const notation::Roll* stray_before(int n) const {
    if (!game_checks_strays()) return nullptr;
    for (const auto& s : record_.stray_rolls)
      if (s.before_ply == n) return &s.roll;
    return nullptr;
  }

  // Applies one ply; an exception from the game becomes an internal finding.
  // With `canonical` (on_canonical_ply is set) the ply's canonical text goes to canonical_.
  PlyOutcome apply_ply(std::string_view token, const RollText* roll, bool canonical) {
    try {
      if (canonical) return state_->apply_canonical(token, roll, opts_.mode, canonical_);
      return state_->apply(token, roll, opts_.mode);
    } catch (const std::exception& e) {
      PlyOutcome outcome;
      outcome.findings.push_back(internal_finding(e.what()));
      return outcome;
    }
  }

  void replay_plies() {
    out_.replayed = true;
    if (opts_.keep_positions) out_.positions.push_back(state_->clone());
    if (opts_.on_position) opts_.on_position(out_, *state_, 0);
    const bool dice = variant_->has_dice();
    const bool strays = game_checks_strays();
    const std::size_t count = record_.plies.size();
    // The options, read once: the game's calls in the loop could change any member for all
    // the compiler knows, so it would load each of them again at every ply.
    const bool canonical = static_cast<bool>(opts_.on_canonical_ply);
    const bool keep_positions = opts_.keep_positions;
    const bool watch_positions = static_cast<bool>(opts_.on_position);
    const int max_plies = opts_.max_plies;
    // The shown roll lives across plies, so its buffer is reused; the side to move is a view
    // of the game's constant name when it has one (side_text holds it otherwise).
    std::string side_text, shown_roll;
    std::string_view side;
    // Replay stops (stop(), then break) at the first ply with an error.
    for (std::size_t i = 0; i < count; ++i) {
      const auto& ply = record_.plies[i];
      const int n = static_cast<int>(i) + 1;
      // Dice first: in a game without dice the ply's roll, which lies apart from the rest of
      // the ply, is not read at all.
      const notation::Roll* roll = dice && ply.roll ? &*ply.roll : nullptr;
      if (!state_->side_to_move_view(side)) {
        side_text = state_->side_to_move();
        side = side_text;
      }
      if (n > max_plies) {
        diags_.in_movetext(diags_.make(
            Severity::kError, "record.limit",
            "the record has more than " + std::to_string(opts_.max_plies) +
                " plies; raise the limit with --max-plies",
            ply.span, n, context_line(record_, n, side, "")));
        note_ply_context(n, side, "");
        stop();
        break;
      }
      const notation::Roll* stray = strays ? stray_before(n) : nullptr;
      RollText roll_text{roll != nullptr ? std::string_view(roll->text) : std::string_view(),
                         stray != nullptr ? std::string_view(stray->text) : std::string_view()};
      PlyOutcome outcome =
          apply_ply(record_.text_of(ply), roll != nullptr ? &roll_text : nullptr, canonical);
      shown_roll.clear();
      if (dice && !outcome.roll.empty())
        shown_roll = std::move(outcome.roll);
      else if (dice && roll != nullptr)
        shown_roll = roll->text;
      bool error = !outcome.applied;
      if (next_number_ < number_diags_.size()) note_ply_context(n, side, shown_roll);
      if (!outcome.findings.empty()) {
        const std::string context = context_line(record_, n, side, shown_roll);
        for (const auto& f : outcome.findings) {
          diags_.in_movetext(
              diags_.make(f.severity, f.code, f.message, finding_span(f, record_, ply, stray), n,
                          context));
          if (f.severity == Severity::kError) error = true;
        }
      }
      if (error) {
        // Replay stops at the first ply with an error (C4), whether or not the game played it.
        stop();
        break;
      }
      ++out_.plies;
      // The context of the last ply, for an end-of-record finding (only when every ply played).
      if (i + 1 == count) {
        last_side_ = side;
        last_roll_ = shown_roll;
      }
      if (canonical) opts_.on_canonical_ply(out_.plies, canonical_, outcome.inferred_roll);
      if (keep_positions) out_.positions.push_back(state_->clone());
      if (watch_positions) opts_.on_position(out_, *state_, out_.plies);
    }
    report_record_end();
    if (opts_.final_position) out_.final_position = state_->position_text();
    out_.final_state = std::move(state_);
  }

  // What the end of the record means once its plies are replayed: a roll after the last ply,
  // for a game that judges it (an error at the ply that would follow), and the game's finding
  // about the final position, at the last ply.
  void report_record_end() {
    // A roll after the last ply, for a game that judges it: an error at the ply that would
    // follow.
    const int next = static_cast<int>(record_.plies.size()) + 1;
    if (const notation::Roll* stray = stray_before(next); stray != nullptr && !stopped_) {
      Finding f = game_->info().dangling_roll(stray->text);
      const std::string context =
          context_line(record_, next, state_->side_to_move(), stray->text);
      diags_.in_movetext(
          diags_.make(f.severity, f.code, f.message, roll_span(f, *stray), next, context));
      if (f.severity == Severity::kError) stop();
    }
    // A finding about the position the record ends in, at the last ply.
    if (!stopped_ && out_.plies > 0) {
      std::optional<Finding> f;
      try {
        f = state_->record_end().finding;
      } catch (const std::exception& e) {
        f = internal_finding(e.what());
      }
      if (f) {
        const auto& ply = record_.plies[static_cast<std::size_t>(out_.plies - 1)];
        diags_.in_movetext(diags_.make(f->severity, f->code, f->message,
                                       finding_span(*f, record_, ply), out_.plies,
                                       context_line(record_, out_.plies, last_side_, last_roll_)));
        if (f->severity == Severity::kError) stop();
      }
    }
  }

  void stop() { stopped_ = true; }

  // C5: move numbers count plies or rounds; one record keeps one style. Runs before the
  // replay, which then gives each misfit number the context of its ply (note_ply_context).
  void check_move_numbers() {
    if (variant_ == nullptr) return;
    const int k = variant_->num_players();
    enum class Style { kUndecided, kPlies, kRounds } style = Style::kUndecided;
    const int total = static_cast<int>(record_.plies.size());
    for (const auto& mn : record_.move_numbers) {
      const int p = mn.before_ply;
      if (p < 1 || p > total) continue;  // no ply after it: the reader's record.bad-token
      // The round of ply p, worked out only when the style needs it: a record that numbers
      // plies asks for none, and a division at every number cost more than the rest.
      auto round_of = [p, k] { return (p - 1) / k + 1; };
      const bool fits_plies = static_cast<std::int64_t>(mn.value) == p;
      bool ok = false;
      switch (style) {
        case Style::kUndecided: {
          const bool fits_rounds = static_cast<std::int64_t>(mn.value) == round_of();
          ok = fits_plies || fits_rounds;
          if (fits_plies && !fits_rounds) style = Style::kPlies;
          if (fits_rounds && !fits_plies) style = Style::kRounds;
          break;
        }
        case Style::kPlies: ok = fits_plies; break;
        case Style::kRounds:
          ok = static_cast<std::int64_t>(mn.value) == round_of();
          break;
      }
      if (ok) continue;
      const int round = round_of();
      std::string expected;
      if (style == Style::kPlies) expected = std::to_string(p) + " (the record numbers plies)";
      else if (style == Style::kRounds)
        expected = std::to_string(round) + " (the record numbers rounds)";
      else expected = std::to_string(p) + " (plies) or " + std::to_string(round) + " (rounds)";
      number_diags_.push_back(diags_.make(
          opts_.mode == Mode::kLenient ? Severity::kWarning : Severity::kError,
          "record.move-number",
          "move number " + number_digits(mn) + " does not fit ply " + std::to_string(p) +
              ": expected " + expected,
          mn.span, p, ""));
    }
  }

  // The digits of a move number as written, without leading zeros (its value may be larger
  // than the reader keeps).
  std::string number_digits(const notation::MoveNumber& mn) const {
    std::string_view text;
    if (mn.span.offset >= record_.offset && mn.span.offset - record_.offset < record_.text.size())
      text = std::string_view(record_.text).substr(mn.span.offset - record_.offset);
    std::size_t end = 0;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    std::size_t begin = 0;
    while (begin + 1 < end && text[begin] == '0') ++begin;
    if (end == 0) return std::to_string(mn.value);
    return std::string(text.substr(begin, end - begin));
  }

  // Keeps the context line of ply n when a misfit move number stands before it.
  void note_ply_context(int n, std::string_view side, std::string_view roll) {
    while (next_number_ < number_diags_.size() && *number_diags_[next_number_].ply < n)
      ++next_number_;
    for (std::size_t i = next_number_; i < number_diags_.size() && *number_diags_[i].ply == n; ++i)
      number_diags_[i].context = context_line(record_, n, side, roll);
  }

  // Hands the move-number diagnostics to the collector; a ply that replay did not reach has no
  // side to move, so its context names the ply only.
  void report_move_numbers() {
    for (auto& d : number_diags_) diags_.in_movetext(std::move(d));
    number_diags_.clear();
  }

  // C6: the Result tag against the replay.
  void check_result() {
    const std::optional<std::string> reached = out_.final_state ? out_.final_state->result()
                                                                : std::nullopt;
    const Tag* termination = tag("Termination");
    const bool early_end_accepted = termination != nullptr && termination->value != "normal";
    if (reached) {
      out_.result = *reached;
      out_.termination = "play";
    } else {
      out_.result = "*";
      if (termination != nullptr) out_.termination = termination->value;
    }
    if (result_bad_ || !result_value_ || *result_value_ == "*") return;
    const std::string& claimed = *result_value_;
    const Tag* result_tag = tag("Result");
    if (reached) {
      if (claimed == *reached) return;
      diags_.at_result(diags_.make(
          Severity::kError, "record.result-mismatch",
          "Result \"" + result_tag->value + "\" does not match the replay: the game ended at ply " +
              std::to_string(out_.plies) + " with result " + *reached,
          tag_value_span(*result_tag, 0, 0), std::nullopt, ""));
      return;
    }
    if (early_end_accepted) {
      out_.result = claimed;
      return;
    }
    const std::vector<std::string> allowed = out_.final_state
                                                 ? out_.final_state->record_end().unfinished_results
                                                 : std::vector<std::string>();
    if (std::find(allowed.begin(), allowed.end(), claimed) != allowed.end()) {
      out_.result = claimed;
      return;
    }
    diags_.at_result(diags_.make(
        Severity::kError, "record.result-mismatch",
        "Result \"" + result_tag->value + "\" does not match the replay: the game is not over after ply " +
            std::to_string(out_.plies) + ", and no Termination tag says why it ended",
        tag_value_span(*result_tag, 0, 0), std::nullopt, ""));
  }

  const GameList& games_;
  const Record& record_;
  const ReplayOptions& opts_;
  ReplayResult& out_;
  Collector diags_;
  std::vector<std::pair<std::string_view, const Tag*>> known_;
  const Game* game_ = nullptr;
  const Variant* variant_ = nullptr;
  std::unique_ptr<State> state_;
  std::vector<Diagnostic> number_diags_;  // record.move-number, in text order (C5)
  std::size_t next_number_ = 0;           // the first of number_diags_ not yet given a context
  std::string last_side_, last_roll_;     // the side and roll of the record's last ply
  std::string canonical_;                 // the last ply's canonical text (on_canonical_ply)
  bool stopped_ = false;
  bool result_bad_ = false;
  std::optional<std::string> result_value_;
};

}  // namespace

ReplayResult replay(const GameList& games, const Record& record, const ReplayOptions& options) {
  ReplayResult out;
  Replayer(games, record, options, out).run();
  return out;
}

}  // namespace scribe::engine
