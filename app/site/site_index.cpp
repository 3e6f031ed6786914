// index.html of scribe site: the records table (rows built by site.js from JSON in the page),
// the summaries and charts of each group, and the invalid records with links to their failing
// plies. Self-contained: script and style inside, charts as relative images, nothing fetched.
#include <cstdio>

#include "app/commands/json.hpp"
#include "app/commands/tally.hpp"
#include "app/html/page.hpp"
#include "app/site/site.hpp"
#include "app/site/site_assets.hpp"
#include "scribe/version.hpp"

namespace scribe::app::site {

namespace {

// A number as text.
std::string num(long n) { return std::to_string(n); }

// The median as text: a whole number, or with ".5".
std::string median_text(double m) {
  const long whole = static_cast<long>(m);
  return num(whole) + (static_cast<double>(whole) == m ? "" : ".5");
}

// One row of a two-column figures table.
std::string figure_row(const std::string& name, const std::string& value) {
  return "<tr><th scope=\"row\">" + html::html_escaped(name) + "</th><td>" +
         html::html_escaped(value) + "</td></tr>\n";
}

// "name n, name n, ..." of `entries`, or "none".
std::string counts_text(const std::vector<std::pair<std::string, long>>& entries) {
  std::string o;
  for (const auto& [name, n] : entries) o += (o.empty() ? "" : ", ") + name + " " + num(n);
  return o.empty() ? "none" : o;
}

// The figures and charts of one group.
std::string group_section(const IndexGroup& group, std::size_t index) {
  const StatsGroup& g = group.stats;
  const std::string id = "group-" + num(static_cast<long>(index + 1));
  std::string o =
      "<section class=\"group\" aria-labelledby=\"" + id + "\">\n<h3 id=\"" + id + "\">" +
      html::html_escaped(configuration_label(g.game.empty() ? "(no game)" : g.game, g.options)) +
      "</h3>\n<table class=\"figures\">\n";
  o += figure_row("Records", num(g.records) + " (" + num(g.valid) + " valid, " + num(g.warned) +
                                 " of them with warnings, " + num(g.invalid) + " invalid)");
  std::vector<std::pair<std::string, long>> results;
  for (const std::string& side : sides_in_order(g.game, {&g.results}, g.sides)) {
    const auto it = g.results.wins.find(side);
    results.emplace_back(side, it == g.results.wins.end() ? 0 : it->second);
  }
  results.emplace_back("draw", g.results.draws);
  results.emplace_back("unfinished", g.results.unfinished);
  o += figure_row("Results (valid records)", counts_text(results));
  if (!g.lengths.empty())
    o += figure_row("Length in plies", "min " + num(g.lengths.begin()->first) + ", median " +
                                           median_text(g.median()) + ", mean " +
                                           g.results.mean_text() + ", max " +
                                           num(g.lengths.rbegin()->first));
  o += figure_row("Most played first plies", counts_text(StatsGroup::most(g.openings, 5)));
  std::vector<std::pair<std::string, long>> players;
  for (const auto& [name, p] : g.top_players(5)) players.emplace_back(name, p.games);
  o += figure_row("Most games played", counts_text(players));
  std::vector<std::pair<std::string, long>> codes;
  for (const auto& [code, c] : g.top_codes(5)) codes.emplace_back(code, c.count);
  o += figure_row("Most frequent diagnostics", counts_text(codes));
  o += "</table>\n<div class=\"charts\">\n";
  for (const auto& chart : group.charts)
    o += "<img src=\"" + html::html_escaped(chart.path) + "\" alt=\"" +
         html::html_escaped(chart.alt) + "\" loading=\"lazy\">\n";
  return o + "</div>\n</section>\n";
}

// The list of invalid records, each linking to its page at the failing ply, and of the files
// that gave no record.
std::string invalid_section(const IndexContent& c) {
  std::string o =
      "<section id=\"invalid\" aria-labelledby=\"invalid-heading\">\n"
      "<h2 id=\"invalid-heading\">Invalid records</h2>\n";
  std::string items;
  for (const IndexRow& r : c.rows) {
    if (r.status != "invalid") continue;
    items += "<li><a href=\"" + html::html_escaped(r.page) + "#ply=" + num(r.error_ply) + "\">" +
             html::html_escaped(r.label) + ", ply " + num(r.error_ply) + "</a>: <code>" +
             html::html_escaped(r.error) + "</code></li>\n";
  }
  for (const FileProblemRow& p : c.problems)
    items += "<li>" + html::html_escaped(p.file) + " (" + html::html_escaped(p.status) +
             ", no page): <code>" + html::html_escaped(p.message) + "</code></li>\n";
  if (items.empty()) return o + "<p>None: every record is valid.</p>\n</section>\n";
  return o + "<ul class=\"invalid-list\">\n" + items + "</ul>\n</section>\n";
}

// The records table: headers (buttons that sort), an empty body that site.js fills.
std::string records_section(const IndexContent& c) {
  static const char* const kColumns[] = {"Game",   "Variant", "Players", "Date",
                                         "Result", "Plies",   "Status"};
  std::string o =
      "<section id=\"records-section\" aria-labelledby=\"records-heading\">\n"
      "<h2 id=\"records-heading\">Records</h2>\n<div class=\"controls\">\n"
      "<label for=\"filter\">Filter records</label>\n"
      "<input id=\"filter\" type=\"search\" autocomplete=\"off\" "
      "placeholder=\"words from any column, e.g. druid invalid\" "
      "aria-describedby=\"filter-help\">\n"
      "<span id=\"records-count\" role=\"status\" aria-live=\"polite\"></span>\n</div>\n"
      "<p id=\"filter-help\" class=\"totals\">Rows keep every word typed, in any column. "
      "Sort by a column with its header (again for the other way).</p>\n"
      "<table id=\"records\">\n<caption class=\"totals\">" +
      num(static_cast<long>(c.rows.size())) + " records, 100 to a page</caption>\n<thead><tr>";
  for (int i = 0; i < 7; ++i)
    o += std::string("<th scope=\"col\" data-column=\"") + std::to_string(i) +
         "\" aria-sort=\"none\"" + (i == 5 ? " class=\"number\"" : "") +
         "><button type=\"button\">" + kColumns[i] + "</button></th>";
  o += "<th scope=\"col\">Page</th></tr></thead>\n<tbody></tbody>\n</table>\n"
       "<noscript><p>The records table needs JavaScript; the invalid records below are plain "
       "links.</p></noscript>\n"
       "<nav class=\"pager\" aria-label=\"Pages of records\">"
       "<button type=\"button\" id=\"page-prev\">Previous page</button>"
       "<span id=\"page-info\"></span>"
       "<button type=\"button\" id=\"page-next\">Next page</button></nav>\n</section>\n";
  return o;
}

}  // namespace

std::string rows_json(const std::vector<IndexRow>& rows) {
  std::string o;
  JsonWriter w(o);
  w.begin_array();
  for (const IndexRow& r : rows)
    w.begin_array()
        .value(r.game)
        .value(r.variant)
        .value(r.players)
        .value(r.date)
        .value(r.result)
        .value(r.plies)
        .value(r.status)
        .value(r.page)
        .value(r.label)
        .end_array();
  w.end_array();
  return script_safe_json(o);
}

std::string index_html(const IndexContent& c) {
  std::string o =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"scribe " SCRIBE_VERSION_STRING "\">\n<title>" +
      html::html_escaped(c.title) + "</title>\n<style>\n" + std::string(kSiteCss) +
      "</style>\n</head>\n<body>\n";
  o += "<a class=\"skip\" href=\"#records-section\">Skip to the records</a>\n<header>\n<h1>" +
       html::html_escaped(c.title) + "</h1>\n<p class=\"totals\">" + num(c.records) +
       " records: " + num(c.valid) + " valid, " + num(c.invalid) + " invalid" +
       (c.unreadable > 0 ? ", " + num(c.unreadable) + " files unreadable" : "") +
       ".</p>\n<nav class=\"sections\" aria-label=\"Sections\"><a href=\"#records-section\">"
       "Records</a><a href=\"#summaries\">Summaries</a><a href=\"#invalid\">Invalid records</a>"
       "</nav>\n</header>\n<main>\n";
  o += records_section(c);
  o += "<section id=\"summaries\" aria-labelledby=\"summaries-heading\">\n"
       "<h2 id=\"summaries-heading\">Summaries</h2>\n";
  if (c.groups.empty()) o += "<p>No records.</p>\n";
  for (std::size_t i = 0; i < c.groups.size(); ++i) o += group_section(c.groups[i], i);
  o += "</section>\n" + invalid_section(c) + "</main>\n<footer>Built by scribe " +
       SCRIBE_VERSION_STRING + ". Every page works offline.</footer>\n";
  o += "<script id=\"records-data\" type=\"application/json\">" + rows_json(c.rows) +
       "</script>\n<script>\n" + std::string(kSiteJs) + "</script>\n</body>\n</html>\n";
  return o;
}

}  // namespace scribe::app::site
