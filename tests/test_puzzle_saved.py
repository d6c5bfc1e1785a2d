"""Your own puzzle file (``puzzles.saved``): one format for every game's puzzles, written atomically,
read back with each puzzle checked by its game; a bad entry is left out and named, a file with
nothing usable is refused at once, naming the file."""

from __future__ import annotations

import dataclasses
import json
import os
import time
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tigris_widget
from tigris_widget.cli import main
from tigris_widget.core import hooks
from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.puzzles.library import book, game_of, library
from tigris_widget.puzzles.saved import (
    FORMAT,
    VERSION,
    PuzzleFileWarning,
    PuzzleLibrary,
    load_puzzles,
    save_puzzles,
)

pytestmark = pytest.mark.filterwarnings("ignore::tigris_widget.puzzles.saved.PuzzleFileWarning")

TIGRIS_KEYS = ("first-revolt", "kings-substitute", "m-6e353d84", "m-d4889784")
UR_KEYS = ("u-1d2b80e7", "u-081debe7")


def _mixed() -> list[PuzzleLike]:
    """Puzzles of both games, interleaved: hand-made and mined T&E ones, mined Ur ones."""
    tigris, ur = library(), library("ur")
    return [tigris[TIGRIS_KEYS[0]], ur[UR_KEYS[0]], *(tigris[k] for k in TIGRIS_KEYS[1:]), ur[UR_KEYS[1]]]


def _entry(puzzle: PuzzleLike) -> dict[str, Any]:
    entries = hooks.puzzle_entries(book(game_of(puzzle)))
    assert entries is not None
    return entries.entry(puzzle)


def _saved(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "mine.json"
    save_puzzles(path, _mixed())
    return path, json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- the format's round trip ------------------------------------------------------------------------
def test_puzzles_of_both_games_share_one_file_and_come_back_the_same(tmp_path: Path) -> None:
    puzzles = _mixed()
    path, data = _saved(tmp_path)
    assert (data["format"], data["version"]) == (FORMAT, VERSION) == ("tigris_widget puzzles", 1)
    assert [e["game"] for e in data["puzzles"]] == ["tigris", "ur", "tigris", "tigris", "tigris", "ur"]
    shared = {"game", "key", "title", "position", "seat", "goal", "solution", "themes", "rating", "explanation",
              "source", "origin"}  # fmt: skip
    assert all(shared <= set(e) for e in data["puzzles"])
    assert data["puzzles"][1]["goal"] == dict(library("ur")[UR_KEYS[0]].goal.spec)  # the mined file's form
    loaded = load_puzzles(path)
    assert isinstance(loaded, PuzzleLibrary) and loaded.problems == [] and len(loaded) == len(puzzles)
    assert [p.key for p in loaded] == [p.key for p in puzzles]
    for before, after in zip(puzzles, loaded, strict=True):
        assert game_of(after) == game_of(before) and _entry(after) == _entry(before)
        assert after.elo == before.elo and after.solution == before.solution and after.goal.text == before.goal.text
    assert loaded["first-revolt"].source == "hand-made" and loaded["m-6e353d84"].origin
    save_puzzles(tmp_path / "again.json", loaded)
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8")) == data
    with pytest.raises(KeyError, match="no puzzle 'nope'"):
        loaded["nope"]


def test_the_functions_are_public() -> None:
    assert tigris_widget.save_puzzles is save_puzzles and tigris_widget.load_puzzles is load_puzzles
    assert {"save_puzzles", "load_puzzles", "PuzzleLibrary"} <= set(tigris_widget.__all__)


def test_saving_replaces_the_file_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, data = _saved(tmp_path)
    assert os.stat(path).st_mode & 0o777 == 0o644  # readable by whoever it is handed to, as files usually are
    with pytest.raises(ValueError, match="save_puzzles saves puzzles, not str"):
        save_puzzles(path, ["first-revolt"])  # type: ignore[list-item]
    unstored = types.SimpleNamespace(to_spec=lambda: (_ for _ in ()).throw(ValueError("the goal has no spec")))
    with pytest.raises(ValueError, match="puzzle 'first-revolt' cannot be saved: the goal has no spec"):
        save_puzzles(path, [dataclasses.replace(library()["first-revolt"], goal=unstored)])  # type: ignore[arg-type]
    twice = [library()["first-revolt"], library()["first-revolt"]]
    with pytest.raises(ValueError, match="two puzzles have the key 'first-revolt'"):
        save_puzzles(path, twice)

    def broken() -> Any:
        yield library()["kings-substitute"]
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        save_puzzles(path, broken())
    monkeypatch.setattr(os, "replace", lambda *_a: (_ for _ in ()).throw(OSError("rename refused")))
    with pytest.raises(OSError, match="rename refused"):
        save_puzzles(path, _mixed()[:1])
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert sorted(os.listdir(tmp_path)) == ["mine.json"]  # no temporary file left behind


def test_a_game_whose_book_has_no_entries_cannot_save_and_the_default_check_replays() -> None:
    assert hooks.puzzle_entries(types.SimpleNamespace()) is None
    puzzle = library()["first-revolt"]
    assert hooks.solution_problems(types.SimpleNamespace(), puzzle) == []
    short = types.SimpleNamespace(play_solution=puzzle.game, check=puzzle.check)  # nothing played
    assert "does not solve" in hooks.solution_problems(types.SimpleNamespace(), short)[0]  # type: ignore[arg-type]


# -- bad entries: left out and named, the others still load -----------------------------------------
BAD_ENTRIES = [
    (0, lambda e: e.update(goal={"kind": "checkmate"}), "goal", "one of gain"),
    (1, lambda e: e.update(goal={"kind": "points", "points": "nine"}), "goal", "points must be an int"),
    (0, lambda e: e.update(goal={"kind": "gain", "colour": "red", "points": 1.5}), "goal", "whole numbers"),
    (2, lambda e: e.update(position="not a position"), "position", "does not load"),
    (1, lambda e: e.update(position=library()["first-revolt"].position), "position", "does not load"),
    (0, lambda e: e.update(solution=["fly away"]), "solution", "cannot be played"),
    (0, lambda e: e.update(solution=["pass"]), "solution", "does not solve"),
    (1, lambda e: e.update(solution=e["solution"][:1]), "solution", "cannot be played"),
    (3, lambda e: e.update(goal={"kind": "gain_total", "points": 30}), "solution", "does not solve"),
    (2, lambda e: e.update(seat=1), "seat", "seat 0 to play"),
    (0, lambda e: e.update(themes=["chess"]), "themes", "unknown theme"),
    (1, lambda e: e.update(game="chess"), "game", "chess"),
    (4, lambda e: e.update(game="royal"), "game", "royal has no puzzles"),
    (0, lambda e: e.update(rating=True), "rating", "whole number"),
    (5, lambda e: e.update(source="dreamt"), "source", "hand-made, mined"),
    (3, lambda e: e.pop("solution"), "solution", "list of strings"),
    (2, lambda e: e.update(key=""), "key", "must not be empty"),
    (0, lambda e: e.update(origin=[1]), "origin", "object or null"),
]


@pytest.mark.parametrize(("index", "spoil", "field", "words"), BAD_ENTRIES)
def test_a_bad_entry_is_named_by_index_key_and_field_and_the_rest_load(
    tmp_path: Path, index: int, spoil: Any, field: str, words: str
) -> None:
    path, data = _saved(tmp_path)
    key = data["puzzles"][index]["key"]
    spoil(data["puzzles"][index])
    loaded = load_puzzles(_write(path, data))
    assert [p.key for p in loaded] == [e["key"] for i, e in enumerate(data["puzzles"]) if i != index]
    (problem,) = loaded.problems
    assert (problem.index, problem.field) == (index, field)
    shown = str(problem)
    assert shown.startswith(f"puzzle {index} ") and f"field '{field}'" in shown and words in shown
    assert problem.key == (key if field != "key" else "") and (field == "key" or repr(key) in shown)
    assert shown in repr(loaded)


def test_entries_that_are_no_objects_and_repeated_keys_are_left_out_with_a_warning(tmp_path: Path) -> None:
    path, data = _saved(tmp_path)
    data["puzzles"][1:1] = [7, dict(data["puzzles"][0])]
    with pytest.warns(PuzzleFileWarning, match=r"mine.json: 2 puzzles left out: puzzle 1: a puzzle is a JSON object"):
        loaded = load_puzzles(_write(path, data))
    assert len(loaded) == 6 and [(p.index, p.key, p.field) for p in loaded.problems] == [
        (1, None, ""),
        (2, "first-revolt", "key"),
    ]
    assert "an earlier puzzle of the file has this key" in str(loaded.problems[1])


# -- files with nothing usable: refused at once, naming the file ------------------------------------
def _refused(path: Path | str, words: str) -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError, match=words) as caught:
        load_puzzles(path)
    assert str(caught.value).startswith(os.fspath(path)) and time.perf_counter() - start < 1.0


def test_what_is_no_puzzle_file_is_refused_within_a_second(tmp_path: Path) -> None:
    _refused(tmp_path, "it is a folder")
    _refused("/dev/zero", "it is a special file")
    _refused(tmp_path / "absent.json", "cannot be read")
    (tmp_path / "binary").write_bytes(bytes(range(256)) * 10)
    _refused(tmp_path / "binary", "not UTF-8")
    (tmp_path / "deep.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    _refused(tmp_path / "deep.json", "nests too deeply")
    with open(tmp_path / "huge.json", "wb") as f:
        f.truncate(100_000_000)  # 100 MB of NUL bytes (sparse: no disk written)
    _refused(tmp_path / "huge.json", "at most 20,000,000 characters")
    (tmp_path / "bad.json").write_text('{"format": ', encoding="utf-8")
    _refused(tmp_path / "bad.json", "malformed JSON")
    _refused(_write(tmp_path / "list.json", []), 'must be an object with "format"')
    _refused(_write(tmp_path / "mined.json", {"format": "tigris-puzzles", "version": 1, "puzzles": []}), "format")
    _refused(_write(tmp_path / "new.json", {"format": FORMAT, "version": 2, "puzzles": []}), "reads version 1")
    _refused(_write(tmp_path / "none.json", {"format": FORMAT, "version": 1, "puzzles": {}}), "must be a list")


def test_a_file_whose_every_entry_is_bad_is_refused_naming_them(tmp_path: Path) -> None:
    path, data = _saved(tmp_path)
    for entry in data["puzzles"]:
        entry["goal"] = {"kind": "nothing"}
    with pytest.raises(ValueError, match=r"mine.json: no puzzle of the file can be used: puzzle 0 \('first-revolt'\)"
                       r", field 'goal'.*and 3 more"):  # fmt: skip
        load_puzzles(_write(path, data))
    assert len(load_puzzles(_write(path, {"format": FORMAT, "version": 1, "puzzles": []}))) == 0  # empty is fine


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ("game", "key", "title", "position", "seat", "goal", "solution", "themes", "rating", "explanation",
          "source", "origin", "hints", "topic", "target", "search")  # fmt: skip


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=st.integers(0, 5), spoilt=st.dictionaries(st.sampled_from(FIELDS), JSON, min_size=1, max_size=3))
def test_fuzzed_entries_load_or_are_named_never_crash(tmp_path: Path, index: int, spoilt: dict[str, Any]) -> None:
    path, data = _saved(tmp_path)
    data["puzzles"][index].update(spoilt)
    loaded = load_puzzles(_write(path, data))
    assert len(loaded) + len(loaded.problems) == 6 and len(loaded) >= 5
    assert all(p.index == index and str(p).startswith(f"puzzle {index}") for p in loaded.problems)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=JSON | st.fixed_dictionaries({"format": st.just(FORMAT), "version": st.just(1), "puzzles": JSON}))
def test_fuzzed_files_give_a_library_or_a_value_error(tmp_path: Path, data: Any) -> None:
    path = _write(tmp_path / "fuzz.json", data)
    try:
        loaded = load_puzzles(path)
    except ValueError as err:
        assert str(err).startswith(str(path))
    else:
        assert len(loaded) == 0


# -- the command line and the browser ---------------------------------------------------------------
def test_puzzles_list_and_verify_read_a_library(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = _saved(tmp_path)
    data["puzzles"][1]["goal"] = {"kind": "checkmate"}
    _write(path, data)
    assert main(["puzzles", "list", "--library", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "5 puzzles" in out and "first-revolt" in out and "u-081debe7" in out
    assert "left out: puzzle 1 ('u-1d2b80e7'), field 'goal'" in err
    assert main(["puzzles", "list", "--library", str(path), "--game", "ur", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["game"]) for r in rows] == [("u-081debe7", "ur")]
    assert main(["puzzles", "verify", "--library", str(path), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "FAIL puzzle 1 ('u-1d2b80e7'), field 'goal'" in out and "5 passed, 1 failed" in out
    assert main(["puzzles", "verify", "--library", str(path), "first-revolt"]) == 1  # the left-out one still counts
    assert main(["puzzles", "list", "--library", str(tmp_path)]) == 2
    assert f"error: {tmp_path}: not a puzzle file: it is a folder" in capsys.readouterr().err


def test_puzzle_browser_shows_the_puzzles_of_a_library(tmp_path: Path) -> None:
    from tigris_widget.jupyter.puzzle_browser import PuzzleBrowser

    path, data = _saved(tmp_path)
    keys = {e["key"] for e in data["puzzles"]}
    data["puzzles"][0]["solution"] = ["pass"]
    browser = PuzzleBrowser(library=_write(path, data))
    assert {p.key for p in browser.candidates()} == keys - {"first-revolt"}
    assert browser.current.puzzle.key in keys and "1 of the file's puzzle was left out" in browser.score.value
    assert browser.library is not None and browser.library.problems[0].field == "solution"
    seen = {browser.current.puzzle.key}
    for _ in range(4):
        nxt = browser.next()
        assert nxt is not None
        seen.add(nxt.key)
    assert seen == keys - {"first-revolt"}  # every puzzle of the file, none of the game's own
    theme = next(t for t in browser.themes if any(t in p.themes for p in browser.candidates()))
    browser.choose(theme)
    assert theme in browser.current.puzzle.themes
    ur = PuzzleBrowser(library=load_puzzles(path), game="ur")
    assert {p.key for p in ur.candidates()} == set(UR_KEYS) and ur.current.board.game.name == "ur"
    assert ur.current.board.view["game"] == "ur" and "first-revolt" not in ur.score.value
    file_themes = {t for k in UR_KEYS for t in library("ur")[k].themes}
    assert {value for _, value in ur.theme_box.options} == {"", *file_themes}  # the file's themes, not all of Ur's
    ur.show(UR_KEYS[1])
    assert ur.current.puzzle.key == UR_KEYS[1]
    with pytest.raises(ValueError, match="holds no puzzle of royal"):
        PuzzleBrowser(library=path, game="royal")
