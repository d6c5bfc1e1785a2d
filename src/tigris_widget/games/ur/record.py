"""Game records (§12.4): the start (seed and options, or a position) and one line per setup step and turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur.engine.state import UrOptions

if TYPE_CHECKING:
    from tigris_widget.games.ur.game import UrGame

__all__ = ["read_record", "write_record"]


def _result_line(game: UrGame) -> str:
    result = game.result
    assert result is not None
    ordered = sorted(result, key=lambda r: (r.place, r.seat))
    scores = " ".join(f"P{r.seat}={r.points}" for r in ordered)
    winners = " ".join(f"P{r.seat}" for r in ordered if r.place == 1)
    flag = " turn-limit" if game.end_reason == "turn-limit" else ""
    return f"result {scores} winner {winners}{flag}"


def write_record(game: UrGame) -> str:
    origin = game._origin
    out = ["ur-record 1"]
    if "position" in origin:
        out.append(f"players {game.players}")
        out.append("position")
        out += str(origin["position"]).rstrip("\n").split("\n")
    else:
        opts: UrOptions = origin["options"]
        values = opts.values()
        out.append(f"players {origin['players']}")
        out.append(f"seed {origin['seed']}")
        out.append(f"layout {values['layout']}")
        words = [f"{k}={values[k]}" for k in ("warTileDiscount", "agricultureOnEmpty")]
        words += [f"{k}={values[k]}" for k in ("allowTwoPlayers", "turnLimit") if f"{k}={values[k]}" in opts.changed()]
        out.append("options " + " ".join(words))
    section = ""
    for (setup, plies), line in zip(game._groups(), game.lines):
        want = "setup" if setup else "play"
        if want != section:
            out.append(want)
            section = want
        out.append(line)
    if game.is_over:
        out.append(_result_line(game))
    return "\n".join(out) + "\n"


def read_record(text: object) -> UrGame:
    from tigris_widget.games.ur.game import UrGame

    if not isinstance(text, str):
        raise PositionError(f"a record is text, not {type(text).__name__}")
    rows = [(i + 1, ln.split("#", 1)[0].strip()) for i, ln in enumerate(text.splitlines())]
    rows = [(no, ln) for no, ln in rows if ln]
    if not rows or rows[0][1] != "ur-record 1":
        raise PositionError("line 1: a record starts with 'ur-record 1'")
    header: dict[str, str] = {}
    i = 1
    position: list[str] = []
    while i < len(rows) and rows[i][1] not in ("setup", "play") and not rows[i][1].startswith("result"):
        no, ln = rows[i]
        if ln == "position":
            i += 1
            while i < len(rows) and rows[i][1] not in ("setup", "play") and not rows[i][1].startswith("result"):
                position.append(rows[i][1])
                i += 1
            continue
        key, _, value = ln.partition(" ")
        if key not in ("players", "seed", "layout", "options"):
            raise PositionError(f"line {no}: unknown record header {key!r} (players, seed, layout, options, position)")
        header[key] = value.strip()
        i += 1
    try:
        if position:
            game = UrGame.from_position("\n".join(position))
        else:
            if "seed" not in header or "players" not in header:
                raise PositionError("a record needs 'players' and 'seed' (or a 'position' block)")
            options: dict[str, str] = {}
            if "layout" in header:
                options["layout"] = header["layout"]
            for word in header.get("options", "").split():
                name, eq, value = word.partition("=")
                if not eq:
                    raise PositionError(f"option {word!r} is not name=value")
                options[name] = value
            players, seed = header["players"], header["seed"]
            if not players.isdigit() or not seed.lstrip("-").isdigit():
                raise PositionError(f"players and seed are integers, not {players!r} and {seed!r}")
            game = UrGame.new(int(players), int(seed), options)
    except ValueError as err:
        raise PositionError(f"record header: {err}") from None
    for no, ln in rows[i:]:
        if ln in ("setup", "play"):
            continue
        if ln.startswith("result"):
            if not game.is_over:
                raise PositionError(f"line {no}: a result line, but the game is not over")
            if " ".join(ln.split()) != _result_line(game):
                raise PositionError(f"line {no}: the result does not match the game: {_result_line(game)!r}")
            continue
        try:
            game.play_line(ln)
        except ValueError as err:
            raise PositionError(f"line {no} ({ln!r}): {err}") from None
    return game
