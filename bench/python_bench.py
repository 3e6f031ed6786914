#!/usr/bin/env python3
"""Replay speed of the Python module against the command line, on one core.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--count N] [--repeat R]

For each game, generates an archive of N records with `scribe generate` (seed 1), then times
  cli      scribe validate --jobs 1 --json -q ARCHIVE  (the process, wall clock)
  replay   scribe.read(ARCHIVE), then scribe.replay() of each record, reading game.status
  validate list(scribe.validate([ARCHIVE], jobs=1))
and prints plies/s of each (the best of R runs) and the module's share of the command line's.
The issue asks replay >= 70 % of cli. Run it on a quiet machine.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import scribe

ROOT = pathlib.Path(__file__).resolve().parents[1]


def best_of(repeat, fn):
    best, value = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best, value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500, help="records per game (default 500)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--scribe", default=os.environ.get("SCRIBE_BINARY",
                                                           str(ROOT / "build/scribe")))
    parser.add_argument("--games", default="druid,savoya,sava,soccolot")
    args = parser.parse_args()

    print(f"{'game':10} {'plies':>8} {'cli plies/s':>12} {'replay plies/s':>15} {'share':>6}"
          f" {'validate plies/s':>17} {'share':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            archive = pathlib.Path(tmp) / f"{game}.rec"
            subprocess.run([args.scribe, "generate", "--game", game, "--count", str(args.count),
                            "--seed", "1", "--out", str(archive)], check=True)

            def cli():
                out = subprocess.run([args.scribe, "validate", "--jobs", "1", "--json", "-q",
                                      str(archive)], check=True, capture_output=True).stdout
                return json.loads(out.splitlines()[-1])["summary"]["plies"]

            def replay():
                plies = 0
                for record in scribe.read(archive):
                    g = scribe.replay(record)
                    assert g.status == "valid"
                    plies += g.plies
                return plies

            def validate():
                return list(scribe.validate([str(archive)], jobs=1))[-1]["summary"]["plies"]

            t_cli, plies = best_of(args.repeat, cli)
            t_replay, plies_replay = best_of(args.repeat, replay)
            t_validate, plies_validate = best_of(args.repeat, validate)
            assert plies == plies_replay == plies_validate
            cli_rate = plies / t_cli
            print(f"{game:10} {plies:8d} {cli_rate:12.0f} {plies / t_replay:15.0f}"
                  f" {100 * t_cli / t_replay:5.0f}% {plies / t_validate:17.0f}"
                  f" {100 * t_cli / t_validate:5.0f}%", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
