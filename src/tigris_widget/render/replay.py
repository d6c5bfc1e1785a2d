"""A game's replay data: the widget JSON of every ply seen by one seat, for boards that step through a
game with no Python behind them — the self-contained HTML replay (``render.html``) and the history a
board embeds in a saved or exported notebook (``BoardWidget(embed_history=True)``).

The data is ``{"seat", "start", "views", "log"}``: ``views[k]`` is the position after ``k`` actions
without its log, legal targets or place in the history (its ``history`` holds only ``ply``; the front
end's ``Replay`` adds ``length`` and ``live`` from the number of views, so the view of a ply never changes as the game grows
and can be cached); ``log`` is the whole narrated log once; ``start`` is the ply shown first. Packed
(``pack``) it is JSON, gzip-compressed and base64-encoded, which the browser unpacks with its
``DecompressionStream``. Nothing in it can act: no view answers a decision.
"""

from __future__ import annotations

import base64
import gzip
import json
from typing import Any

from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module


def ply_view(game: GameLike, seat: int | None, ply: int) -> dict[str, Any]:
    """The replay's view of ``ply`` for ``seat``: depends only on the first ``ply`` actions."""
    view = game_module(game.name).present(game, seat, ply, log_window=0)
    view["history"] = {"ply": ply}
    view["log"] = []
    view["targets"] = {}
    view["state_id"] = f"replay.{ply}"
    if view["decision"] is not None:
        view["decision"]["mine"] = False
    return view


def replay_data(game: GameLike, seat: int | None = None, start: int | None = None) -> dict[str, Any]:
    """The replay of ``game`` for ``seat`` (None: all-seeing), first showing ``start`` (default: the end)."""
    data: dict[str, Any] = json.loads(ReplayRecorder(game, seat).text(len(game) if start is None else start))
    return data


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def pack_text(text: str, level: int = 9) -> str:
    """JSON text, gzip-compressed (no timestamp: the same data packs to the same text), base64-encoded."""
    return base64.b64encode(gzip.compress(text.encode("utf-8"), compresslevel=level, mtime=0)).decode("ascii")


def pack(data: Any) -> str:
    """``data`` as JSON, packed like ``pack_text``."""
    return pack_text(_json(data))


def unpack(packed: str) -> Any:
    """The inverse of ``pack`` (for tests and tools)."""
    return json.loads(gzip.decompress(base64.b64decode(packed)))


class ReplayRecorder:
    """The packed replay of a game that keeps growing, for a board that embeds its history: each ply's
    view is serialized once, so another action costs one view and the compression, not the whole game.

    ``forget_from(ply)`` drops the views from ``ply`` on (after an undo the game's later plies differ).
    """

    LEVEL = 6
    """gzip level: 9 saves ~5 % more and costs twice the time on every action."""

    def __init__(self, game: GameLike, seat: int | None) -> None:
        self._game = game
        self._seat = seat
        self._views: list[str] = []  # JSON of the view after k actions
        self._log: list[str] = []  # JSON of the log entry of action k + 1

    def forget_from(self, ply: int) -> None:
        del self._views[max(0, ply) :]
        del self._log[max(0, ply - 1) :]

    def packed(self, start: int) -> str:
        """The replay first showing ``start``, packed (``pack_text``)."""
        return pack_text(self.text(start), self.LEVEL)

    def text(self, start: int) -> str:
        """The replay first showing ``start``, as JSON text."""
        game, seat = self._game, self._seat
        n = len(game)
        self.forget_from(n + 1)
        for ply in range(len(self._views), n + 1):
            self._views.append(_json(ply_view(game, seat, ply)))
        missing = n - len(self._log)
        if missing:  # only the new actions' entries: the log of a long game is the slow part to build
            present = game_module(game.name).present
            self._log += [_json(e) for e in present(game, seat, n, log_window=missing)["log"]]
        views, log = ",".join(self._views), ",".join(self._log)
        return f'{{"seat":{_json(seat)},"start":{start},"views":[{views}],"log":[{log}]}}'
