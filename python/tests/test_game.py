"""Game, Position and IllegalMove: positions, legal moves, apply, pictures."""

import glob

import pytest

import scribe

VALID = sorted(glob.glob("corpus/*/valid/*.rec"))
INVALID = sorted(glob.glob("corpus/*/invalid/*.rec"))
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def replayed(paths):
    for path in paths:
        try:
            records = scribe.read(path)
        except OSError:
            continue
        for record in records:
            yield record, scribe.replay(record)


def test_corpus_is_found():
    assert len(VALID) > 50 and len(INVALID) > 100


def test_one_position_per_ply_and_the_start():
    count = 0
    for record, game in replayed(VALID + INVALID):
        if not game.positions:
            # Only a record stopped at its tags has no positions.
            assert any(d.severity == "error" and d.ply is None for d in game.diagnostics)
            continue
        assert len(game.positions) == game.plies + 1
        assert [p.ply for p in game.positions] == list(range(game.plies + 1))
        count += 1
    assert count > 100


def test_positions_replay_the_record_ply_by_ply():
    # Playing the record's plies one by one with apply() walks through the same positions.
    for record, game in replayed(VALID):
        if not game.positions:
            continue
        start = scribe.replay(scribe.read_string(
            "".join(f'[{k} "{v}"]\n' for k, v in record.tags.items() if k != "Result")
            + '[Result "*"]\n\n*\n')[0])
        if start.status != "valid" or start.plies != 0 or "Setup" in record.tags:
            continue
        for ply, want in zip(record.plies, game.positions[1:]):
            got = start.apply(ply.text, roll=ply.roll)
            assert got.text == want.text and got.side_to_move == want.side_to_move
        assert len(start.positions) == len(game.positions)


def test_every_legal_move_applies():
    checked = 0
    for record, game in replayed(VALID):
        if not game.positions or game.positions[-1].result is not None:
            continue
        last = game.positions[-1]
        roll = last.rolls[0] if last.rolls else None
        moves = game.legal_moves(roll)
        assert moves, (record.file, record.index)
        for move in moves[:40]:
            fresh = scribe.replay(record)
            after = fresh.apply(move, roll=roll)
            assert after.ply == game.plies + 1
            assert len(fresh.positions) == game.plies + 2
            checked += 1
    assert checked > 100


def test_illegal_plies_raise_with_the_code_of_the_cli():
    # For an invalid record stopped at a ply, applying that ply to the last legal position
    # raises IllegalMove with the code validate reports for it.
    checked = 0
    for record, game in replayed(INVALID):
        first = next((d for d in game.diagnostics if d.severity == "error"), None)
        if first is None or first.ply != game.plies + 1 or not game.positions:
            continue
        if first.code.startswith("record."):
            continue  # container errors (move numbers, rolls) are not the game's apply()
        if any(before == first.ply for _, before in record.stray_rolls):
            continue  # a stray roll before the ply (Sava, R31) is judged with the ply
        ply = record.plies[game.plies]
        with pytest.raises(scribe.IllegalMove) as info:
            game.apply(ply.text, roll=ply.roll)
        d = info.value.diagnostic
        assert (d.code, d.severity, d.ply) == (first.code, "error", first.ply), record.file
        assert d.message == first.message
        assert isinstance(info.value, Exception)
        checked += 1
    assert checked > 50


def test_illegal_move_leaves_the_game_as_it_was():
    game = scribe.replay(scribe.read_string('[Game "druid"]\n\n1. c3 2. d4\n')[0])
    before = [p.text for p in game.positions]
    with pytest.raises(scribe.IllegalMove) as info:
        game.apply("zz99")
    assert info.value.diagnostic.code == "druid.syntax"
    with pytest.raises(scribe.IllegalMove) as info:
        game.apply("c3-c5")  # c5 is bare ground
    assert info.value.diagnostic.code == "druid.lintel-on-ground"
    assert "c5 is bare ground" in info.value.diagnostic.message
    with pytest.raises(scribe.IllegalMove) as info:
        game.apply("a1-a9")
    assert info.value.diagnostic.code == "druid.lintel-shape"
    assert [p.text for p in game.positions] == before
    game.apply(game.legal_moves()[0])
    assert len(game.positions) == len(before) + 1


def test_pictures():
    for path in ["corpus/druid/valid", "corpus/sava/valid", "corpus/savoya/valid",
                 "corpus/soccolot/valid"]:
        record = scribe.read(sorted(glob.glob(path + "/*.rec"))[0])[0]
        game = scribe.replay(record)
        last = game.positions[-1]
        svg = last.svg(size=200)
        assert svg.startswith("<svg") or svg.startswith("<?xml")
        assert "</svg>" in svg
        assert last._repr_svg_() == last.svg()
        png = last.png(size=120)
        assert isinstance(png, bytes) and png.startswith(PNG_SIGNATURE)
        assert last.png(size=120) == png  # the same bytes every time
        assert game.positions[0].png(size=120) != png or game.plies == 0
        assert last.board.endswith("\n")
        with pytest.raises(ValueError):
            last.svg(style="no-such-style")


def test_bad_arguments():
    with pytest.raises(OSError):
        scribe.read("corpus/no-such-file.rec")
    with pytest.raises(ValueError):
        scribe.generate("chess")
    with pytest.raises(ValueError):
        list(scribe.validate(["corpus/druid/valid"], options="-hex"))  # options need a game
    not_replayed = scribe.replay(scribe.read_string('[Game "chess"]\n\n1. e4\n')[0])
    assert not_replayed.status == "invalid" and not_replayed.positions == []
    with pytest.raises(ValueError):
        not_replayed.legal_moves()
    game = scribe.replay(scribe.read_string('[Game "druid"]\n\n1. c3\n')[0])
    with pytest.raises(ValueError):
        game.legal_moves(roll="3-4")  # Druid has no dice
    with pytest.raises(ValueError):
        game.apply("d4", roll="3-4")
