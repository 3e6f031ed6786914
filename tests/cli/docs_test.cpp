// The documents a user has: every docs/...md#anchor that a message or a source file cites, and
// every link between the Markdown files of the repository, names a file and an anchor that
// exist.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::run_scribe;
using test::source_dir;
using test::TempDir;
using test::write_file;

// The anchors of a Markdown text: explicit ids (<a id="r19"></a>) and the ids GitHub gives
// headings (lower case; letters, digits, '-' and '_' kept, spaces become '-', the rest dropped).
std::set<std::string> anchors_of(const std::string& markdown) {
  std::set<std::string> out;
  static const std::regex kId(R"re(id="([^"]+)")re");
  for (std::sregex_iterator it(markdown.begin(), markdown.end(), kId), end; it != end; ++it)
    out.insert((*it)[1]);
  bool in_code = false;
  for (const std::string& line : test::lines_of(markdown)) {
    if (line.rfind("```", 0) == 0) in_code = !in_code;
    if (in_code || line.empty() || line[0] != '#') continue;
    std::size_t i = line.find_first_not_of('#');
    if (i == std::string::npos || line[i] != ' ') continue;
    std::string slug;
    for (char c : line.substr(i + 1)) {
      const unsigned char u = static_cast<unsigned char>(c);
      if (std::isalnum(u) || c == '-' || c == '_') slug += static_cast<char>(std::tolower(u));
      else if (c == ' ') slug += '-';
    }
    out.insert(slug);
  }
  return out;
}

// Checks one reference: `target` is a path (relative to `base`) with an optional #anchor, or
// only an #anchor in `from`. Returns "" when it resolves, else what is wrong.
std::string check_reference(const fs::path& from, const fs::path& base, const std::string& target) {
  const std::size_t hash = target.find('#');
  const std::string file_part = target.substr(0, hash);
  const std::string anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
  const fs::path file = file_part.empty() ? from : (base / file_part).lexically_normal();
  if (!fs::exists(file)) return from.string() + ": " + target + ": no file " + file.string();
  if (anchor.empty() || file.extension() != ".md") return "";
  if (anchors_of(read_file(file)).count(anchor) == 0)
    return from.string() + ": " + target + ": " + file.string() + " has no anchor '" + anchor + "'";
  return "";
}

// Every docs/...md reference (with its optional #anchor) in `text`, which came from `from`;
// such a reference is relative to the repository root `root`. Appends problems to `problems`
// and returns how many references were found.
int check_doc_citations(const std::string& text, const fs::path& from, const fs::path& root,
                        std::vector<std::string>& problems) {
  static const std::regex kCitation(R"re(docs/[A-Za-z0-9_./-]+\.md(#[A-Za-z0-9_-]+)?)re");
  int found = 0;
  for (std::sregex_iterator it(text.begin(), text.end(), kCitation), end; it != end; ++it) {
    ++found;
    const std::string problem = check_reference(from, root, it->str());
    if (!problem.empty()) problems.push_back(problem);
  }
  return found;
}

// Every relative Markdown link [text](target) of the Markdown file `file`.
void check_markdown_links(const fs::path& file, std::vector<std::string>& problems) {
  static const std::regex kLink(R"re(\]\(([^)\s]+)\))re");
  const std::string text = read_file(file);
  for (std::sregex_iterator it(text.begin(), text.end(), kLink), end; it != end; ++it) {
    const std::string target = (*it)[1];
    if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0) continue;
    const std::string problem = check_reference(file, file.parent_path(), target);
    if (!problem.empty()) problems.push_back(problem);
  }
}

// The source files whose strings may reach a user: the layers and the app.
std::vector<fs::path> source_files(const fs::path& root) {
  std::vector<fs::path> out;
  for (const char* dir : {"engine", "notation", "render", "app"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      const auto ext = e.path().extension();
      if (e.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The user documents: README.md, CONTRIBUTING.md and everything under docs/.
std::vector<fs::path> markdown_files(const fs::path& root) {
  std::vector<fs::path> out;
  for (const char* name : {"README.md", "CONTRIBUTING.md"})
    if (fs::exists(root / name)) out.push_back(root / name);
  for (const auto& e : fs::recursive_directory_iterator(root / "docs"))
    if (e.is_regular_file() && e.path().extension() == ".md") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string joined(const std::vector<std::string>& problems) {
  std::string out;
  for (const auto& p : problems) out += p + "\n";
  return out;
}

TEST(Docs, EveryCitationInTheSourcesNamesAnExistingDocumentAndAnchor) {
  const fs::path root = source_dir();
  std::vector<std::string> problems;
  int found = 0;
  for (const fs::path& f : source_files(root))
    found += check_doc_citations(read_file(f), f, root, problems);
  // The messages cite the rulings of the reconstructed boards, so there must be some.
  EXPECT_GT(found, 0) << "no docs/...md citation found in the sources";
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(Docs, EveryCitationInScribeGamesOutputResolves) {
  const fs::path root = source_dir();
  const test::RunResult r = run_scribe({"games"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> problems;
  check_doc_citations(r.out, "scribe games", root, problems);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(Docs, EveryCitationInTheCorpusExpectationsResolves) {
  const fs::path root = source_dir();
  std::vector<std::string> problems;
  for (const auto& e : fs::recursive_directory_iterator(root / "corpus"))
    if (e.is_regular_file() && e.path().extension() == ".expected")
      check_doc_citations(read_file(e.path()), e.path(), root, problems);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(Docs, EveryLinkBetweenTheDocumentsResolves) {
  const fs::path root = source_dir();
  std::vector<std::string> problems;
  const auto files = markdown_files(root);
  ASSERT_FALSE(files.empty());
  for (const fs::path& f : files) check_markdown_links(f, problems);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(Docs, EveryGameOfTheBuildHasItsPage) {
  const test::RunResult r = run_scribe({"games", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  static const std::regex kName(R"re(^\{"game":"([a-z]+)")re");
  int games = 0;
  for (const std::string& line : test::lines_of(r.out)) {
    std::smatch m;
    if (!std::regex_search(line, m, kName) || m[1] == "record") continue;
    ++games;
    EXPECT_TRUE(fs::exists(source_dir() / "docs" / "games" / (m[1].str() + ".md")))
        << "no docs/games/" << m[1] << ".md";
  }
  EXPECT_GT(games, 0) << r.out;
}

// The fenced blocks of a Markdown text that hold a record: those whose first line is a Game tag.
std::vector<std::string> record_blocks(const std::string& markdown) {
  std::vector<std::string> out;
  std::string block;
  bool in_code = false;
  for (const std::string& line : test::lines_of(markdown)) {
    if (line.rfind("```", 0) == 0) {
      if (in_code && block.rfind("[Game ", 0) == 0) out.push_back(block);
      in_code = !in_code;
      block.clear();
    } else if (in_code) {
      block += line + "\n";
    }
  }
  return out;
}

// Every record the documents show in full is valid as written (warnings allowed), so that a
// reader who copies one gets what the text says.
TEST(Docs, EveryRecordTheDocumentsShowIsValid) {
  TempDir dir;
  int records = 0;
  for (const fs::path& f : markdown_files(source_dir())) {
    for (const std::string& block : record_blocks(read_file(f))) {
      const fs::path rec = dir.path() / ("r" + std::to_string(++records) + ".rec");
      write_file(rec, block);
      const test::RunResult r = run_scribe({"validate", "--quiet", rec.string()});
      EXPECT_EQ(r.exit_code, 0) << f << ":\n" << block << r.err << r.out;
    }
  }
  EXPECT_GE(records, 4) << "the game pages show no complete record";
}

// The checker itself: a citation of a missing anchor, a missing file, and a broken relative
// link are each reported; a good one is not.
TEST(Docs, TheCheckerReportsMissingFilesAndAnchors) {
  TempDir dir;
  write_file(dir.path() / "docs" / "games" / "g.md",
             "# G in scribe\n\n## Rulings\n\n<a id=\"r1\"></a>\n**R1.** one\n\n[back](../top.md#x)\n");
  write_file(dir.path() / "docs" / "top.md", "# Top\n\n[the rulings](games/g.md#rulings)\n");
  std::vector<std::string> problems;
  EXPECT_EQ(check_doc_citations("(docs/games/g.md#r1) and (docs/games/g.md#g-in-scribe)",
                                "good", dir.path(), problems),
            2);
  EXPECT_TRUE(problems.empty()) << joined(problems);
  check_doc_citations("see docs/games/g.md#r2", "bad-anchor", dir.path(), problems);
  check_doc_citations("see docs/games/h.md#r1", "bad-file", dir.path(), problems);
  ASSERT_EQ(problems.size(), 2u) << joined(problems);
  EXPECT_NE(problems[0].find("no anchor 'r2'"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("no file"), std::string::npos) << problems[1];
  problems.clear();
  check_markdown_links(dir.path() / "docs" / "top.md", problems);
  EXPECT_TRUE(problems.empty()) << joined(problems);
  check_markdown_links(dir.path() / "docs" / "games" / "g.md", problems);
  ASSERT_EQ(problems.size(), 1u) << joined(problems);
  EXPECT_NE(problems[0].find("top.md#x"), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace scribe
