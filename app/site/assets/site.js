// scribe site: the records table of index.html. The rows are data (JSON in the page); only one
// page of them (100 rows) is in the document at a time, so the index stays quick for tens of
// thousands of records. Typing in #filter keeps the rows holding every word typed; the column
// headers are buttons that sort (again: the other way).
(function () {
  "use strict";
  var PAGE_ROWS = 100;
  var GAME = 0, VARIANT = 1, PLAYERS = 2, DATE = 3, RESULT = 4, PLIES = 5, STATUS = 6;
  var PAGE = 7, LABEL = 8;
  var rows = JSON.parse(document.getElementById("records-data").textContent);
  var table = document.getElementById("records");
  var body = table.tBodies[0];
  var filter = document.getElementById("filter");
  var count = document.getElementById("records-count");
  var pageInfo = document.getElementById("page-info");
  var prev = document.getElementById("page-prev");
  var next = document.getElementById("page-next");
  var headers = table.tHead.querySelectorAll("th");
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  // What the filter searches: each row's cells, in lower case, once.
  var haystack = rows.map(function (r) {
    return [r[GAME], r[VARIANT], r[PLAYERS], r[DATE], r[RESULT], r[PLIES], r[STATUS], r[LABEL]]
      .join("\u0001").toLowerCase();
  });
  var shown = [];   // indices of the rows that pass the filter, in the order shown
  var sortColumn = -1, sortDirection = 1, page = 0;

  function compare(a, b) {
    var x = rows[a][sortColumn], y = rows[b][sortColumn];
    var d = typeof x === "number" ? x - y : collator.compare(x, y);
    return d * sortDirection || a - b;
  }

  function cell(tr, text, className) {
    var td = document.createElement("td");
    td.textContent = text;
    if (className) td.className = className;
    tr.appendChild(td);
    return td;
  }

  // Puts the current page of `shown` in the table body.
  function draw() {
    var pages = Math.max(1, Math.ceil(shown.length / PAGE_ROWS));
    if (page >= pages) page = pages - 1;
    var fragment = document.createDocumentFragment();
    var end = Math.min(shown.length, (page + 1) * PAGE_ROWS);
    for (var k = page * PAGE_ROWS; k < end; k++) {
      var r = rows[shown[k]];
      var tr = document.createElement("tr");
      cell(tr, r[GAME]);
      cell(tr, r[VARIANT]);
      cell(tr, r[PLAYERS]);
      cell(tr, r[DATE]);
      cell(tr, r[RESULT]);
      cell(tr, String(r[PLIES]), "number");
      cell(tr, r[STATUS], "status-" + r[STATUS]);
      var a = document.createElement("a");
      a.href = r[PAGE];
      a.textContent = r[LABEL];
      cell(tr, "").appendChild(a);
      fragment.appendChild(tr);
    }
    body.replaceChildren(fragment);
    count.textContent = shown.length === rows.length
      ? rows.length + (rows.length === 1 ? " record" : " records")
      : shown.length + " of " + rows.length + " records match";
    pageInfo.textContent = "Page " + (page + 1) + " of " + pages;
    prev.disabled = page === 0;
    next.disabled = page + 1 >= pages;
  }

  // Recomputes `shown` from the filter and the sort, back at the first page.
  function refresh() {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    shown = [];
    for (var i = 0; i < rows.length; i++) {
      var h = haystack[i], keep = true;
      for (var w = 0; w < words.length && keep; w++) keep = h.indexOf(words[w]) >= 0;
      if (keep) shown.push(i);
    }
    if (sortColumn >= 0) shown.sort(compare);
    page = 0;
    draw();
  }

  function sortBy(column) {
    sortDirection = column === sortColumn ? -sortDirection : 1;
    sortColumn = column;
    headers.forEach(function (th) {
      var c = Number(th.getAttribute("data-column"));
      if (c === column) th.setAttribute("aria-sort", sortDirection > 0 ? "ascending" : "descending");
      else if (th.hasAttribute("aria-sort")) th.setAttribute("aria-sort", "none");
    });
    shown.sort(compare);
    page = 0;
    draw();
  }

  headers.forEach(function (th) {
    var button = th.querySelector("button");
    if (!button) return;
    button.addEventListener("click", function () {
      sortBy(Number(th.getAttribute("data-column")));
    });
  });
  filter.addEventListener("input", refresh);
  prev.addEventListener("click", function () { page--; draw(); });
  next.addEventListener("click", function () { page++; draw(); });
  refresh();
})();
