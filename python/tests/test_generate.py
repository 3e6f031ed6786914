"""scribe.generate() against `scribe generate`."""

import pytest

import scribe
from conftest import run_cli

CASES = [("druid", ""), ("druid", "-hex"), ("savoya", ""), ("sava", ""), ("soccolot", "")]


@pytest.mark.parametrize("game,options", CASES)
def test_same_records_as_the_cli(game, options):
    for seed in (0, 7):
        texts = scribe.generate(game, options=options, count=3, seed=seed)
        assert len(texts) == 3
        args = ["generate", "--game", game, "--count", "3", "--seed", str(seed), "--jobs", "1"]
        if options:
            args += ["--options", options]
        assert "".join(texts).encode("utf-8") == run_cli(*args, check_codes=(0,))
        assert scribe.generate(game, options=options, count=3, seed=seed) == texts


@pytest.mark.parametrize("game,options", CASES)
def test_generated_records_are_valid(game, options):
    texts = scribe.generate(game, options=options, count=2, seed=11)
    assert texts != scribe.generate(game, options=options, count=2, seed=12)
    for text in texts:
        (record,) = scribe.read_string(text)
        game_ = scribe.replay(record)
        assert game_.status == "valid", game_.diagnostics
        assert len(game_.positions) == len(record.plies) + 1
