#!/usr/bin/env python3
"""A tour of the Python module scribe, as one would use it in a notebook.

    examples/notebook_example.py [RECORD_FILE] [--svg OUT.svg]

Reads the first record of the file (default: a Druid game of the corpus), replays it, prints its
diagnostics, the last position's board and legal moves, plays one of them, and saves the
diagram of the new position as SVG. In Jupyter, a Position shows itself as its diagram.
"""

import argparse
import pathlib

import scribe

DEFAULT = pathlib.Path(__file__).resolve().parents[1] / "corpus/druid/valid/017-d14-hex-lintel.rec"

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("record_file", nargs="?", default=str(DEFAULT))
parser.add_argument("--svg", default="position.svg", help="where to save the diagram")
args = parser.parse_args()

record = scribe.read(args.record_file)[0]
print("tags:", record.tags)
print("plies:", " ".join(p.text for p in record.plies))

game = scribe.replay(record, lenient=True)
print(f"{game.game}: {game.status}, result {game.result}, {game.plies} plies")
for d in game.diagnostics:
    print(f"  {d.severity}[{d.code}] line {d.line}, col {d.col}, ply {d.ply}: {d.message}")

if game.positions:
    last = game.positions[-1]
    print(last.board, end="")
    print("position:", last.text)
    if last.result is None:
        roll = last.rolls[0] if last.rolls else None  # dice games: one of the possible rolls
        moves = game.legal_moves(roll)
        print(f"{len(moves)} legal moves" + (f" with roll {roll}" if roll else "") + ":",
              " ".join(moves[:20]) + (" ..." if len(moves) > 20 else ""))
        try:
            game.apply("not-a-move", roll=roll)
        except scribe.IllegalMove as e:
            print("refused:", e.diagnostic.code, "-", e.diagnostic.message)
        last = game.apply(moves[0], roll=roll)
        print("after", moves[0] + ":", last.text)
    pathlib.Path(args.svg).write_text(last.svg(size=400), encoding="utf-8")
    print("saved", args.svg)
