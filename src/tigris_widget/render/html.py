"""A whole game as ONE self-contained HTML file: the widget's canvas board (the built ``widget.js``
inlined) replays it with the history slider, the narrated log and the keyboard, without Python and
without network (it opens from ``file://``).

    game.to_html("game.html")            # all-seeing: every hand
    game.to_html("lion.html", seat=3)    # only what seat 3 saw, move by move

The file holds the replay data of the chosen seat only (``render.replay``: every ply's widget JSON
and the log once, packed) and the board's code; the board's ``openReplay`` unpacks and shows it.
Nothing in the file can act: the replay's views never answer a decision.
"""

from __future__ import annotations

import base64
import html
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tigris_widget.core.checks import check_seat
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module
from tigris_widget.render.replay import pack, replay_data

STATIC = Path(__file__).resolve().parent.parent / "static"

_SHELL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{title}</title>
<style>{css}
{style}
</style>
</head>
<body>
{body}
<noscript>This {what} needs JavaScript.</noscript>
<script type="application/octet-stream" id="tw-code">{code}</script>
<script type="application/octet-stream" id="tw-data">{data}</script>
<script type="module">
const text = (id) => document.getElementById(id).textContent.trim();
const code = Uint8Array.from(atob(text("tw-code")), (c) => c.charCodeAt(0));
const url = URL.createObjectURL(new Blob([code], {{ type: "text/javascript" }}));
const {{ {opener} }} = await import(url);
window.{handle} = await {opener}(document.getElementById("{mount}"), text("tw-data"));
document.body.dataset.{ready} = "true";
</script>
</body>
</html>
"""

_REPLAY_STYLE = """body { margin: 16px; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
@media (prefers-color-scheme: dark) { body { background: #1e1e1e; color: #e6e6e6; } }
.tw-replay-title { font-size: 18px; font-weight: 600; margin: 0 0 8px; }
.tw-replay-note { color: #777; font-size: 12px; margin: 4px 0 10px; }"""


@dataclass(frozen=True)
class Opener:
    """How a page's loader starts the board: the bundle's ``function`` called on the element ``mount``,
    its result kept as ``window.<handle>``, then ``<body data-<ready>="true">`` (what tests wait for)."""

    function: str
    mount: str
    handle: str
    ready: str
    what: str
    """The page's kind, in the ``<noscript>`` sentence."""


REPLAY = Opener("openReplay", "board", "tigrisReplay", "replayReady", "replay")


def self_contained_page(title: str, style: str, body: str, opener: Opener, data: str) -> str:
    """A page holding the built board (inlined by ``board_assets``), its packed ``data`` and the loader
    that opens it with ``opener``: the shell every self-contained page shares. ``title`` and ``body``
    are HTML (escaped by the caller); ``style`` is CSS added after the board's.

    :raises FileNotFoundError: the front end is not built (``npm run build`` in js/).
    """
    code, css = board_assets()
    return _SHELL.format(
        title=title,
        css=css,
        style=style,
        body=body,
        what=opener.what,
        code=code,
        data=data,
        opener=opener.function,
        mount=opener.mount,
        handle=opener.handle,
        ready=opener.ready,
    )


def board_assets() -> tuple[str, str]:
    """The built board's code (base64, for the page's loader) and its styles (escaped for a ``<style>``),
    as every self-contained page inlines them.

    :raises FileNotFoundError: the front end is not built (``npm run build`` in js/).
    """
    code_path = STATIC / "widget.js"
    if not code_path.exists():
        raise FileNotFoundError("The board's front end is not built: run `npm run build` in js/ (or reinstall).")
    css_path = STATIC / "widget.css"
    css = css_path.read_text(encoding="utf-8") if css_path.exists() else ""
    return base64.b64encode(code_path.read_bytes()).decode("ascii"), css.replace("</", "<\\/")


def game_html(game: GameLike, seat: int | None = None, *, title: str | None = None) -> str:
    """The self-contained HTML replay of ``game`` as seen by ``seat`` (None: all-seeing).

    :raises ValueError: ``seat`` is not a seat of the game.
    :raises FileNotFoundError: the front end is not built (``npm run build`` in js/).
    """
    players = game.players
    check_seat(seat, players)
    data = replay_data(game, seat)
    who = "all-seeing view" if seat is None else f"what {_seat_name(data, seat)} saw"
    heading = html.escape(title or f"{game_module(game.name).TITLE} — {len(game)} actions, {who}")
    note = "Replay: ← → on the history bar or , . on the board step through the moves; Home and End jump."
    body = f'<h1 class="tw-replay-title">{heading}</h1>\n<p class="tw-replay-note">{note}</p>\n<div id="board"></div>'
    return self_contained_page(heading, _REPLAY_STYLE, body, REPLAY, pack(data))


def _seat_name(data: dict[str, Any], seat: int) -> str:
    seats = data["views"][0]["seats"]
    return str(seats[seat]["name"]) if seat < len(seats) else f"seat {seat}"


def write_html(game: GameLike, path: str | Path, seat: int | None = None, *, title: str | None = None) -> Path:
    """Write ``game_html`` to ``path``; returns the path. ``ValueError`` for a path that is not a file
    name (before anything is written)."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise ValueError(f"path must be a file name (a string or a Path), not {type(path).__name__}")
    out = Path(path)
    out.write_text(game_html(game, seat, title=title), encoding="utf-8")
    return out
