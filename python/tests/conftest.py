"""Shared helpers of the pytest suite: the scribe binary (SCRIBE_BINARY, set by ctest) and the
corpus folders, each with whether the command line reads it leniently."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS_GAMES = ["container", "druid", "sava", "savoya", "soccolot"]
# (folder relative to the repository, lenient) for every corpus folder of records.
CORPUS_DIRS = [
    (f"corpus/{g}/{kind}", kind == "lenient")
    for g in CORPUS_GAMES
    for kind in ("valid", "invalid", "lenient")
    if (ROOT / "corpus" / g / kind).is_dir()
]


def scribe_binary():
    path = os.environ.get("SCRIBE_BINARY", str(ROOT / "build" / "scribe"))
    assert os.access(path, os.X_OK), f"no scribe binary at {path} (set SCRIBE_BINARY)"
    return path


def run_cli(*args, check_codes=(0, 1)):
    """Runs `scribe ARGS...` in the repository root; returns its standard output as bytes."""
    proc = subprocess.run([scribe_binary(), *args], cwd=ROOT, capture_output=True)
    assert proc.returncode in check_codes, proc.stderr.decode(errors="replace")
    return proc.stdout


@pytest.fixture(autouse=True)
def _in_repository_root(monkeypatch):
    # Corpus paths are relative to the repository, as the command line is run there.
    monkeypatch.chdir(ROOT)
