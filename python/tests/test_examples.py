"""The examples: dask_validate.py prints what `scribe validate --json` prints, byte for byte;
notebook_example.py runs and saves an SVG."""

import os
import subprocess
import sys

from conftest import ROOT, run_cli

FOLDERS = ["corpus/druid/valid", "corpus/container/invalid", "corpus/soccolot/invalid",
           "corpus/sava/valid/001-r1-seed-sample-game.rec", "corpus/no-such-file.rec"]


def run_example(*args, timeout):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True,
                          timeout=timeout, env=dict(os.environ))


def test_dask_validate_equals_the_cli():
    cli = subprocess.run([os.environ.get("SCRIBE_BINARY", str(ROOT / "build/scribe")),
                          "validate", "--json", *FOLDERS], cwd=ROOT, capture_output=True)
    assert cli.returncode == 2  # an unreadable file
    dask = run_example("examples/dask_validate.py", *FOLDERS, "--workers", "2", timeout=120)
    assert dask.stdout == cli.stdout, dask.stderr.decode(errors="replace")
    assert dask.returncode == cli.returncode
    assert cli.stdout.count(b"\n") > 100


def test_dask_validate_lenient_and_usage_errors():
    folder = "corpus/savoya/lenient"
    cli = run_cli("validate", "--json", "--lenient", folder)
    dask = run_example("examples/dask_validate.py", folder, "--lenient", "--workers", "1",
                       timeout=120)
    assert dask.stdout == cli
    bad = run_example("examples/dask_validate.py", folder, "--options=-hex", timeout=60)
    assert bad.returncode == 2 and b"--options needs --game" in bad.stderr


def test_notebook_example(tmp_path):
    svg = tmp_path / "out.svg"
    run = run_example("examples/notebook_example.py", "--svg", str(svg), timeout=60)
    assert run.returncode == 0, run.stderr.decode(errors="replace")
    assert b"legal moves" in run.stdout and b"refused: druid.syntax" in run.stdout
    assert svg.read_text().startswith(("<?xml", "<svg"))
