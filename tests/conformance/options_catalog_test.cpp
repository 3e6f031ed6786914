// Over the catalog: the same Options mistake gets the same message and the same caret in every
// game (record-format.md C7, C8). The mistakes are made from each game's option rows; the
// expected messages are written here from C8's wording, not taken from the reader.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <nlohmann/json.hpp>

#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

using engine::Finding;
using engine::Mode;
using engine::OptionKind;
using engine::OptionRow;

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// A word that the row accepts: the flag, with the low end of its last range or its first value.
std::string good_word(const OptionRow& row) {
  switch (row.kind) {
    case OptionKind::kSwitch:
      return std::string(row.flag);
    case OptionKind::kNumber:
      return std::string(row.flag) + "=" + std::to_string(row.ranges.back().min);
    case OptionKind::kChoice:
      return std::string(row.flag) + "=" + std::string(row.choices.front());
  }
  return {};
}

// "-size=N, -hex, -walkturn=both|either"
std::string flag_list(const std::vector<OptionRow>& rows) {
  std::string out;
  for (const auto& row : rows) {
    if (!out.empty()) out += ", ";
    out += row.flag;
    if (row.kind == OptionKind::kNumber) out += "=" + std::string(row.placeholder);
    if (row.kind == OptionKind::kChoice) {
      out += "=";
      for (std::size_t i = 0; i < row.choices.size(); ++i)
        out += (i ? "|" : "") + std::string(row.choices[i]);
    }
  }
  return out;
}

// One mistake and what every game must say about it.
struct Mistake {
  std::string options;
  std::string message;
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
  engine::Severity severity = engine::Severity::kError;
  Mode mode = Mode::kStrict;
};

// The mistakes C8 lists, made from the rows of `info`.
std::vector<Mistake> mistakes(const engine::GameInfo& info) {
  const std::vector<OptionRow>& rows = info.options;
  const std::string w = good_word(rows.front());
  const auto n = static_cast<std::uint32_t>(w.size());
  std::vector<Mistake> out = {
      {w + " -bogus",
       "unknown option '-bogus'; the options of " + info.title + " are " + flag_list(rows), n + 1,
       6},
      {upper(w), "option '" + upper(w) + "' must be written in lower case: '" + w + "'", 0, n},
      {upper(w), "option '" + upper(w) + "' read as '" + w + "'", 0, n, engine::Severity::kWarning,
       Mode::kLenient},
      {w + "  " + w, "option " + std::string(rows.front().flag) + " is given twice", n + 2, n},
  };
  for (const OptionRow& row : rows) {
    const std::string f(row.flag);
    const auto len = [](const std::string& s) { return static_cast<std::uint32_t>(s.size()); };
    if (row.kind == OptionKind::kSwitch) {
      out.push_back({" " + f + "=1", "option " + f + " takes no value", 1, len(f) + 2});
      continue;
    }
    std::string form(row.placeholder);
    if (row.kind == OptionKind::kChoice) form = flag_list({row}).substr(f.size() + 1);
    out.push_back({" " + f, "option " + f + " needs a value: " + f + "=" + form, 1, len(f)});
    out.push_back(
        {" " + f + "=", "option " + f + " needs a value: " + f + "=" + form, 1, len(f) + 1});
    if (row.kind == OptionKind::kChoice) {
      std::string choices;
      for (std::size_t i = 0; i < row.choices.size(); ++i)
        choices += std::string(i == 0                        ? ""
                               : i + 1 == row.choices.size() ? " or "
                                                             : ", ") +
                   std::string(row.choices[i]);
      out.push_back(
          {" " + f + "=zzz", "option " + f + "=zzz: the value must be " + choices, 1, len(f) + 4});
      continue;
    }
    const std::string malformed =
        ": the value must be a decimal number without sign or leading zeros";
    for (const char* v : {"07", "+7", "-7", "7a"})
      out.push_back({" " + f + "=" + v, "option " + f + "=" + v + malformed, 1, len(f) + 3});
    const engine::OptionRange& r = row.ranges.back();
    const std::string big = std::to_string(r.max + 1);
    out.push_back({" " + f + "=" + big,
                   "option " + f + "=" + big + " is out of range: " + std::to_string(r.min) + ".." +
                       std::to_string(r.max),
                   1, len(f) + 1 + len(big)});
  }
  return out;
}

TEST(OptionsOverTheCatalog, TheSameMistakeGetsTheSameMessageAndWordInEveryGame) {
  static const std::vector<notation::Tag> kNoTags;
  for (const auto& entry : app::catalog()) {
    const engine::GameInfo& info = entry.game->info();
    ASSERT_FALSE(info.options.empty()) << info.name;
    for (const Mistake& m : mistakes(info)) {
      const engine::VariantRequest req{info.name, m.options, &kNoTags, m.mode};
      const engine::VariantResult vr = entry.game->configure(req);
      const std::string where = info.name + " [" + m.options + "]";
      ASSERT_FALSE(vr.findings.empty()) << where;
      const Finding& f = vr.findings.front();
      EXPECT_EQ(f.code, "record.bad-option") << where;
      EXPECT_EQ(f.severity, m.severity) << where;
      EXPECT_EQ(f.anchor, engine::Anchor::kTag) << where;
      EXPECT_EQ(f.tag, "Options") << where;
      EXPECT_EQ(f.message, m.message) << where;
      EXPECT_EQ(f.offset, m.offset) << where;
      EXPECT_EQ(f.length, m.length) << where;
      EXPECT_EQ(vr.variant == nullptr, m.severity == engine::Severity::kError) << where;
    }
  }
}

TEST(OptionsOverTheCatalog, TheCaretStandsUnderTheWordInARecord) {
  for (const auto& entry : app::catalog()) {
    const engine::GameInfo& info = entry.game->info();
    const std::string w = good_word(info.options.front());
    const std::string text = "[Game \"" + info.name + "\"]\n[Options \"" + w + "  -bogus\"]\n\n*\n";
    const auto records = notation::read_records("t.rec", text);
    ASSERT_EQ(records.size(), 1u);
    const engine::ReplayResult r = engine::replay(app::catalog_games(), records[0], {});
    ASSERT_FALSE(r.diagnostics.empty()) << info.name;
    const auto& d = r.diagnostics.front();
    EXPECT_EQ(d.code, "record.bad-option") << info.name;
    EXPECT_EQ(d.span.line, 2u) << info.name;
    // [Options " is 10 characters: the value starts in column 11; the word after two spaces.
    EXPECT_EQ(d.span.col, 11u + w.size() + 2) << info.name;
    EXPECT_EQ(d.span.len, 6u) << info.name;
  }
}

// The options table of a game's header comment: one row of four cells (flag, values, default,
// meaning) per flag; a line whose flag cell is empty continues the cells of the row above.
std::vector<std::array<std::string, 4>> header_table(const std::string& header) {
  std::vector<std::array<std::string, 4>> rows;
  for (const std::string& line : test::lines_of(header)) {
    if (line.rfind("//   |", 0) != 0) continue;
    std::array<std::string, 4> cells;
    std::size_t at = line.find('|') + 1;
    for (auto& cell : cells) {
      const std::size_t end = line.find('|', at);
      if (end == std::string::npos) break;
      cell = line.substr(at, end - at);
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      at = end + 1;
    }
    if (cells[0] == "flag" || cells[0].rfind("---", 0) == 0) continue;
    if (!cells[0].empty() || rows.empty()) {
      rows.push_back(cells);
      continue;
    }
    for (std::size_t i = 1; i < 4; ++i)
      if (!cells[i].empty()) rows.back()[i] += " " + cells[i];
  }
  return rows;
}

TEST(OptionsOverTheCatalog, EachHeaderTableShowsTheRows) {
  for (const auto& entry : app::catalog()) {
    const engine::GameInfo& info = entry.game->info();
    const auto path = test::source_dir() / "engine/games" / info.name / (info.name + ".hpp");
    const auto table = header_table(test::read_file(path));
    ASSERT_EQ(table.size(), info.options.size()) << path;
    for (std::size_t i = 0; i < table.size(); ++i) {
      const OptionRow& row = info.options[i];
      EXPECT_EQ(table[i][0], engine::option_flag_text(row)) << path;
      EXPECT_EQ(table[i][1], engine::option_values_text(row)) << path << " " << row.flag;
      EXPECT_EQ(table[i][2], engine::option_default_text(row)) << path << " " << row.flag;
      EXPECT_EQ(table[i][3], row.meaning) << path << " " << row.flag;
    }
  }
}

TEST(OptionsOverTheCatalog, ScribeGamesShowsTheRows) {
  const test::RunResult text = test::run_scribe({"games"});
  const test::RunResult json = test::run_scribe({"games", "--json"});
  ASSERT_EQ(text.exit_code, 0);
  ASSERT_EQ(json.exit_code, 0);
  const std::vector<std::string> lines = test::lines_of(json.out);
  ASSERT_EQ(lines.size(), app::catalog().size() + 1);
  for (std::size_t g = 0; g < app::catalog().size(); ++g) {
    const engine::GameInfo& info = app::catalog()[g].game->info();
    const nlohmann::json doc = nlohmann::json::parse(lines[g]);
    ASSERT_EQ(doc["game"], info.name);
    const nlohmann::json& options = doc["options"];
    ASSERT_EQ(options.size(), info.options.size()) << info.name;
    for (std::size_t i = 0; i < options.size(); ++i) {
      const OptionRow& row = info.options[i];
      const std::string flag = engine::option_flag_text(row);
      const char* kinds[] = {"switch", "number", "choice"};
      EXPECT_EQ(options[i]["flag"], flag);
      EXPECT_EQ(options[i]["kind"], kinds[static_cast<int>(row.kind)]) << flag;
      EXPECT_EQ(options[i]["values"], engine::option_values_text(row)) << flag;
      EXPECT_EQ(options[i]["default"], engine::option_default_text(row)) << flag;
      EXPECT_EQ(options[i]["applies_to"], engine::option_applies_text(row)) << flag;
      EXPECT_EQ(options[i]["meaning"], std::string(row.meaning)) << flag;
      const std::string line = "    " + flag + "  (" + engine::option_values_text(row) +
                               "; default " + engine::option_default_text(row);
      EXPECT_NE(text.out.find(line), std::string::npos) << line;
    }
  }
}

}  // namespace
}  // namespace scribe
