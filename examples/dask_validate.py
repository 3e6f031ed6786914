#!/usr/bin/env python3
"""Validates records on a Dask cluster through the Python module scribe.

    examples/dask_validate.py PATH... --workers N [--scheduler ADDRESS] [--lenient]

Each file is one task: a worker validates it with scribe.validate() and sends back its record
objects and its counts. The objects are printed in input order as `scribe validate --json`
prints them (scribe.dumps writes the command line's JSON byte for byte), then the summary of
all counts, so the output equals `scribe validate --json PATH...`. Without --scheduler, a
LocalCluster of N single-threaded worker processes runs here; with it, the cluster at ADDRESS
(e.g. tcp://10.0.0.5:8786) does the work, and every worker must be able to import scribe and
read the files under the same paths. The exit status is validate's: 0 all valid, 1 some record
invalid, 2 an unreadable file or a usage error.
"""

import argparse
import logging
import sys

import scribe


def validate_file(path, lenient, game, options):
    """Runs on a worker: the objects of one file and its summary counts."""
    import scribe as worker_scribe  # the workers import the module themselves

    items = list(worker_scribe.validate([path], jobs=1, lenient=lenient, game=game,
                                        options=options))
    return items[:-1], items[-1]["summary"]


def arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders of records")
    parser.add_argument("--workers", type=int, default=2, help="local workers (default 2)")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    parser.add_argument("--lenient", action="store_true", help="lenient reading")
    parser.add_argument("--game", default="", help="the game of records without a Game tag")
    parser.add_argument("--options", default="", help="the options of records of --game")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be 1 or more")
    if "-" in args.paths:
        parser.error("standard input cannot be shared with workers; give files")
    return args


def main(argv):
    args = arguments(argv)
    try:
        files = scribe.input_files(args.paths)
        # --game and --options are checked here (validating no file), before any worker starts.
        list(scribe.validate([], lenient=args.lenient, game=args.game, options=args.options))
    except ValueError as e:
        print(f"dask_validate.py: {e}", file=sys.stderr)
        return 2

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client, cluster = Client(args.scheduler), None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
    try:
        futures = client.map(validate_file, files, lenient=args.lenient, game=args.game,
                             options=args.options, pure=False)
        out = sys.stdout.buffer
        total = None
        for future in futures:  # in input order, each as soon as it and those before are done
            items, counts = future.result()
            for item in items:
                out.write((scribe.dumps(item) + "\n").encode("utf-8"))
            if total is None:
                total = dict(counts)
            else:
                for key, n in counts.items():
                    total[key] += n
        out.write((scribe.dumps({"summary": total}) + "\n").encode("utf-8"))
        out.flush()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    if total["unreadable"]:
        return 2
    return 1 if total["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
