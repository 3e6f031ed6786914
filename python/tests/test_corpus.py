"""The module against the command line over the whole corpus: scribe.validate() yields exactly
the objects of `scribe validate --json`, and read() + replay() give every record the status and
first error code the command line gives it."""

import json

import pytest

import scribe
from conftest import CORPUS_DIRS, run_cli


def cli_lines(folder, lenient):
    args = ["validate", "--json", "--jobs", "1", folder] + (["--lenient"] if lenient else [])
    out = run_cli(*args, check_codes=(0, 1, 2))
    lines = out.decode("utf-8").splitlines(keepends=True)
    assert lines and lines[-1].startswith('{"summary":')
    return lines


@pytest.mark.parametrize("folder,lenient", CORPUS_DIRS)
def test_validate_yields_the_cli_objects(folder, lenient):
    lines = cli_lines(folder, lenient)
    for jobs in (1, 2):
        got = list(scribe.validate([folder], jobs=jobs, lenient=lenient))
        assert got == [json.loads(line) for line in lines]
    # dumps() writes each object back to the very bytes of the command line.
    assert [scribe.dumps(d) + "\n" for d in got] == lines


@pytest.mark.parametrize("folder,lenient", CORPUS_DIRS)
def test_read_and_replay_agree_with_the_cli(folder, lenient):
    expected = [json.loads(line) for line in cli_lines(folder, lenient)][:-1]
    seen = []
    for item in expected:
        if item["file"] in seen:
            continue
        seen.append(item["file"])
        mine = [e for e in expected if e["file"] == item["file"]]
        if item["status"] == "unreadable":
            with pytest.raises(OSError) as info:
                scribe.read(item["file"])
            assert item["diagnostics"][0]["code"] in str(info.value)
            continue
        records = scribe.read(item["file"])
        if item["index"] == 0:  # a file with no record
            assert records == [] and len(mine) == 1
            continue
        assert len(records) == len(mine)
        for record, want in zip(records, mine):
            game = scribe.replay(record, lenient=lenient)
            assert (record.file, record.index, record.line) == (
                want["file"], want["index"], want["line"])
            assert record.tags == want["tags"]
            assert game.status == want["status"], (record.file, record.index)
            errors = [d.code for d in game.diagnostics if d.severity == "error"]
            want_errors = [d["code"] for d in want["diagnostics"] if d["severity"] == "error"]
            assert errors[:1] == want_errors[:1], (record.file, record.index)
            assert (game.result, game.plies, game.game, game.options) == (
                want["result"], want["plies"], want["game"], want["options"])
            got_diags = [
                {"severity": d.severity, "code": d.code, "line": d.line, "col": d.col,
                 "ply": d.ply, "message": d.message}
                for d in game.diagnostics
            ]
            assert got_diags == want["diagnostics"]
            if want["final_position"] is not None:
                assert game.positions[-1].text == want["final_position"]
    assert seen, f"no records under {folder}"
