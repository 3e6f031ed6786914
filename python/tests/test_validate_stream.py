"""scribe.validate() streams: many more objects than its window, an early stop, errors."""

import json
import pathlib

import pytest

import scribe
from conftest import run_cli


def test_a_long_run_streams_in_order_and_stops_early(tmp_path):
    archive = tmp_path / "many.rec"
    archive.write_text("".join(scribe.generate("soccolot", count=1500, seed=4)), encoding="utf-8")
    cli = [json.loads(line) for line in run_cli("validate", "--json", str(archive)).splitlines()]
    assert len(cli) == 1501
    assert list(scribe.validate(archive, jobs=2)) == cli  # a path object, more than 1024 lines
    first = []
    for item in scribe.validate([str(archive)], jobs=2):
        first.append(item)
        if len(first) == 3:
            break  # the stream is dropped while its thread waits for room
    assert first == cli[:3]


def test_errors_come_at_the_first_object(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="no .*rec"):
        next(scribe.validate([str(empty)]))
    with pytest.raises(ValueError):
        next(scribe.validate(["corpus/druid/valid"], jobs=-1))
    with pytest.raises(ValueError):
        next(scribe.validate(["corpus/druid/valid"], game="chess"))
    missing = list(scribe.validate([pathlib.Path("corpus/no-such.rec")]))
    assert missing[0]["status"] == "unreadable" and missing[1]["summary"]["unreadable"] == 1
