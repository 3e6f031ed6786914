// The replay page of scribe html: steps through the positions of one record.
// The page holds the board of every ply as compact data (id "scribe-data"): the unchanging
// part of the drawings once, a dictionary of the distinct lines of the SVG drawings, and per
// drawing the changes from the one before. Flipped, the drawing is turned half a circle with
// each text turned back, so that text stays upright.
// Nothing is fetched: the page works offline, from file://.
"use strict";

(function () {
  const data = JSON.parse(document.getElementById("scribe-data").textContent);
  const board = document.getElementById("board");
  const boardText = document.getElementById("board-text");
  const counter = document.getElementById("counter");
  const flipButton = document.getElementById("flip");
  const moveButtons = Array.from(document.querySelectorAll("#moves button.move[data-ply]"));
  const last = data.plies.length - 1;
  // The dictionary of lines (element "scribe-lines", a line each); a line "<static N>" stands
  // for the unchanging part N of the drawings (data.statics: the board drawn once). The texts'
  // font is written "<%>" in the lines and \u0001 in the parts; a line "<#N>..." is a path whose
  // opening (up to its d attribute) is data.styles[N].
  const statics = data.statics.map(function (p) { return p.split("\u0001").join(data.font); });
  const lines = document.getElementById("scribe-lines").textContent.split("\n").map(function (l) {
    const s = /^<static (\d+)>$/.exec(l);
    if (s) return statics[Number(s[1])];
    const t = /^<#(\d+)>/.exec(l);
    if (t) return data.styles[Number(t[1])] + l.slice(t[0].length);
    return l.split("<%>").join(data.font);
  });

  // Decodes the drawings, one per ply, each a list of line numbers. A drawing is coded from the
  // one before it: a negative number -(s + 1) and a length n copy its lines s..s+n-1, and a
  // number i >= 0 adds line i of the dictionary.
  const frames = [];
  data.frames.forEach(function (code, k) {
    const base = k > 0 ? frames[k - 1] : [];
    const out = [];
    for (let j = 0; j < code.length; j++) {
      if (code[j] >= 0) {
        out.push(code[j]);
      } else {
        const from = -code[j] - 1;
        const n = code[++j];
        for (let m = 0; m < n; m++) out.push(base[from + m]);
      }
    }
    frames.push(out);
  });

  // Decodes the position texts: each is coded from the previous ply's, cut after each "," and
  // " ", as a list where a string is a piece and two numbers s, n copy its pieces s..s+n-1.
  let previous = [];
  data.plies.forEach(function (p) {
    const pieces = [];
    const c = p.position;
    for (let j = 0; j < c.length; j++) {
      if (typeof c[j] === "string") {
        pieces.push(c[j]);
      } else {
        for (let m = 0; m < c[j + 1]; m++) pieces.push(previous[c[j] + m]);
        j++;
      }
    }
    p.position = pieces.join("");
    previous = pieces;
  });

  let ply = 0;
  let flipped = false;

  // The SVG text of drawing `k`.
  function svgOf(k) {
    return frames[k].map(function (i) { return lines[i]; }).join("\n");
  }

  // Turns the drawing shown half a circle about its middle (the board seen from the other
  // side), each text turned back about its own middle so that it stays upright.
  function turnDrawing() {
    const svg = board.querySelector("svg");
    const root = svg && svg.querySelector("g");
    if (!root) return;
    const box = svg.viewBox.baseVal;
    root.setAttribute("transform", "rotate(180 " + (box.x + box.width / 2) + " " +
                      (box.y + box.height / 2) + ")");
    svg.querySelectorAll("text").forEach(function (t) {
      const b = t.getBBox();
      let middle = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
      const own = t.getAttribute("transform");
      if (own) middle = middle.matrixTransform(t.transform.baseVal.consolidate().matrix);
      t.setAttribute("transform", "rotate(180 " + middle.x + " " + middle.y + ")" +
                     (own ? " " + own : ""));
    });
  }

  // Scrolls the move list (not the page) so that `b` is in view.
  function scrollIntoList(b) {
    const list = document.getElementById("moves");
    const top = b.offsetTop;
    if (top < list.scrollTop || top + b.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 3;
    }
  }

  // Shows the position after ply `n` (clamped to the record's legal plies).
  function show(n, fromHash) {
    if (!(n >= 0)) n = 0;
    ply = Math.min(Math.max(0, Math.floor(n)), last);
    const info = data.plies[ply];
    board.innerHTML = svgOf(ply);
    if (flipped) turnDrawing();
    board.setAttribute("data-ply", String(ply));
    board.setAttribute("data-position", info.position);
    const lastPly = info.last ? "last ply " + info.last : "start position";
    board.setAttribute("aria-label", "Board after ply " + ply + " (" + lastPly + "): " +
                       info.position);
    boardText.textContent = "";
    const pos = document.createElement("code");
    pos.textContent = info.position;
    boardText.append("Position: ", pos, ". " + (info.last ? "Last ply: " + info.last : "Start position") +
                     (info.state ? ". " + info.state : "") + ".");
    counter.textContent = "Ply " + ply + " of " + last;
    moveButtons.forEach(function (b) {
      if (Number(b.getAttribute("data-ply")) === ply) {
        b.setAttribute("aria-current", "step");
        scrollIntoList(b);
      } else {
        b.removeAttribute("aria-current");
      }
    });
    document.querySelectorAll(".diagnostic[data-at-ply]").forEach(function (d) {
      d.classList.toggle("here", Number(d.getAttribute("data-at-ply")) === ply);
    });
    document.getElementById("first").disabled = ply === 0;
    document.getElementById("prev").disabled = ply === 0;
    document.getElementById("next").disabled = ply === last;
    document.getElementById("last").disabled = ply === last;
    const hash = "#ply=" + ply;
    if (!fromHash && location.hash !== hash) {
      try {
        history.replaceState(null, "", hash);
      } catch (e) {
        // Some browsers refuse replaceState on file:// pages: the hash then stays as it was.
      }
    }
  }

  // The ply that "#ply=N" asks for, or null.
  function hashPly() {
    const m = /^#ply=(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  function step(delta) { show(ply + delta); }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { step(-1); });
  document.getElementById("next").addEventListener("click", function () { step(1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  flipButton.addEventListener("click", function () {
    flipped = !flipped;
    flipButton.setAttribute("aria-pressed", flipped ? "true" : "false");
    show(ply);
  });
  moveButtons.forEach(function (b) {
    b.addEventListener("click", function () { show(Number(b.getAttribute("data-ply"))); });
  });
  document.querySelectorAll("a.goto[data-ply]").forEach(function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      show(Number(a.getAttribute("data-ply")));
    });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    const keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in keys) {
      step(keys[e.key]);
    } else if (e.key === "Home") {
      show(0);
    } else if (e.key === "End") {
      show(last);
    } else {
      return;
    }
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () {
    const n = hashPly();
    if (n !== null && n !== ply) show(n, true);
  });

  const start = hashPly();
  show(start === null ? 0 : start, true);
})();
