"""``BoardWidget``: the canvas board for notebooks (anywidget), synced with a ``Game``.

    >>> from tigris_widget import Game, BoardWidget
    >>> game = Game.new(players=3, seed=1)
    >>> w = BoardWidget(game)            # all-seeing view, for teaching
    >>> w2 = BoardWidget(game, seat=0)   # only what seat 0 may see
    >>> from tigris_widget.games.ur import UrGame
    >>> w3 = BoardWidget(UrGame.new(players=4, seed=2006))  # any registered game

The widget holds no rules and names no game: the game's presenter (``core.registry.game_module(
game.name)``, see ``core.protocol.GameModule``) makes the synced view (legal targets precomputed) and
reads the intents, custom messages ``{"kind": "intent", "state_id": …, "action": "<notation>"}`` (the
action text looked up in the targets; each game may take other forms, e.g. a piece on a square), that
the engine validates like any other input; ``{"kind": "undo"}`` takes back a step when the view
offers it (``targets["undo"]``). A problem is answered by setting ``error``
(shown on the board) and changes nothing. Changing the game from Python (``w.game.apply(...)``)
redraws every widget showing it.
"""

from __future__ import annotations

import math
import struct
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from tigris_widget.core.checks import check_seat, is_number, is_whole
from tigris_widget.core.events import Event
from tigris_widget.core.history import call_listeners
from tigris_widget.core.protocol import GameLike, GameModule
from tigris_widget.core.registry import game_module, games
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.arguments import THEMES, check_theme, square_list
from tigris_widget.render.replay import ReplayRecorder

_STATIC = Path(__file__).parent.parent / "static"
BOARD_BESIDE_PANEL = {"flex": "1 1 440px", "min_width": "280px"}
"""Layout of a board sharing a row with a dashboard's panel: it takes what room there is and shrinks to
280 px (a 300 px output, JupyterLab's file browser open in a 700 px window) before the panel wraps."""
MAX_INTENT_LENGTH = 200
"""Longer action texts are refused before parsing (no notation is that long)."""

SquareLike = int | tuple[int, int] | str
ActionCallback = Callable[[dict[str, Any]], None]


def _bundle(name: str) -> Path | str:
    path = _STATIC / name
    if path.exists():
        return path
    if name.endswith(".js"):
        message = (
            "The tigris_widget front end is not built: reinstall with `pip install .` (it runs "
            "`npm install && npm run build` in js/) or run `npm run build` in js/."
        )
        return f"export default {{ render({{ el }}) {{ el.textContent = {message!r}; }} }};"
    return ""


def _check_colour(colour: object) -> None:
    if colour is not None and not (isinstance(colour, str) and 0 < len(colour) <= 64):
        raise ValueError(f"colour must be a CSS colour string such as 'orange' or '#ff8800', not {colour!r}")


def _steps(steps: object) -> int:
    if not is_whole(steps) or steps < 0:
        raise ValueError(f"steps must be a whole number, 0 or more, not {steps!r}")
    return int(steps)


def _heat(value: object) -> float:
    """A heatmap value: a number, or None (or NaN) for none."""
    if value is None:
        return math.nan
    if not is_number(value):  # numpy's numbers too
        raise ValueError(f"a heatmap value must be a number or None, not {value!r}")
    return float(value)


def _one_colour(items: Iterable[Mapping[str, Any]]) -> str | None:
    """The colour every overlay item was given, when they share one (None: mixed or default)."""
    colours = {item.get("colour") for item in items}
    return colours.pop() if len(colours) == 1 else None


def with_picture(bundle: Any, board: BoardWidget, caption: str | None = None) -> Any:
    """A widget's display bundle (``data`` or ``(data, metadata)``) with ``board``'s picture (``caption``
    above it, else the board's own) beside the widget view, for readers without the live widget: the SVG
    (GitHub, nbviewer, exported HTML) and a PNG of it (untrusted notebooks show no SVG)."""
    from tigris_widget.core.picture import png_display

    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    if not isinstance(data, dict) or "image/svg+xml" in data:
        return bundle
    svg = board.picture(caption)
    png, png_metadata = png_display(svg)
    return {**data, **png, "image/svg+xml": svg}, {**metadata, **png_metadata}


def _message_problem(msg: Any) -> str:
    """What is wrong with a comm message from the front end ("" when it has the shape ipywidgets reads)."""
    if not isinstance(msg, Mapping):
        return "not a message"
    content = msg.get("content")
    data = content.get("data") if isinstance(content, Mapping) else None
    if not isinstance(data, Mapping):
        return "no data"
    method = data.get("method")
    if method not in ("update", "request_state", "custom"):
        return f"unknown method {str(method)[:40]!r}"
    buffers = msg.get("buffers", [])
    if not isinstance(buffers, (list, tuple)):
        return "buffers are not a list"
    if method == "update":
        if not isinstance(data.get("state", {}), Mapping):
            return "the state is not an object"
        paths = data.get("buffer_paths", [])
        if not isinstance(paths, list) or len(paths) > len(buffers):
            return "bad buffer paths"
        if any(not isinstance(p, list) or not p or not all(isinstance(k, (str, int)) for k in p) for p in paths):
            return "bad buffer paths"
        if any(not isinstance(p[0], str) or p[0] not in data.get("state", {}) for p in paths):
            return "bad buffer paths"
    return ""


class BoardWidget(anywidget.AnyWidget, ShowsSavedPicture):
    """The board of ``game`` seen by ``seat`` (None: the all-seeing view), playable by mouse and keys.

    :param game: the game to show and play (a ``Game``, an ``UrGame``: any registered game); changes
        made to it elsewhere are shown at once.
    :param seat: show only what this seat may know and let only this seat act; None shows everything
        and lets the view act for whoever must decide.
    :param theme: ``"auto"`` (follow JupyterLab), ``"light"`` or ``"dark"``.
    :param embed_history: keep the game's whole history in the widget (``replay``), so that a notebook
        saved with its widget state, exported to HTML or shown on nbviewer keeps a board that steps
        through every move with no kernel. None: ``BoardWidget.embed_history_default``.
    :param playable: False for a board that only shows the game (its history can be stepped through,
        no move can be played on it): a second view with teaching overlays, a lesson's picture.
    :raises TypeError: for unknown keyword arguments.
    """

    embed_history_default: ClassVar[bool] = False
    """Whether boards embed their history when the constructor is not told: set it to True once at the
    top of a notebook you will share, and every board made after it (also those of the steppers,
    puzzle boards and inspectors) embeds its game."""

    _esm = _bundle("widget.js")
    _css = _bundle("widget.css")

    view = traitlets.Dict().tag(sync=True)
    """The shown position as its game's presenter writes it (view JSON v3); read-only from outside."""
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    """Whose view is shown (None: all-seeing)."""
    ply = traitlets.Int(0).tag(sync=True)
    """How many actions of the game the shown position follows (``len(game)``: the latest, playable)."""
    error = traitlets.Unicode("").tag(sync=True)
    """The last problem with an intent, shown on the board; cleared by the next good one."""
    theme = traitlets.Enum(THEMES, default_value="auto").tag(sync=True)
    overlay = traitlets.Dict().tag(sync=True)
    """Highlights, arrows, labels, caption and heatmap range (set through the overlay methods)."""
    heatmap = traitlets.Bytes(b"").tag(sync=True)
    """One float32 per square (NaN = no value), little-endian; empty for no heatmap."""
    last_action = traitlets.Dict(read_only=True)
    """The latest action played on the game: ``{"ply", "seat", "action", "events"}`` (observe it)."""
    embed_history = traitlets.Bool(False)
    """Keep the game's history in ``replay`` for boards with no kernel behind them (see the constructor)."""
    replay = traitlets.Unicode("", read_only=True).tag(sync=True)
    """While ``embed_history`` is on: every ply of the game as this board's seat saw it, packed
    (``render.replay``); "" otherwise. The front end reads it only when no kernel answers."""

    def __init__(
        self,
        game: GameLike,
        seat: int | None = None,
        *,
        theme: str = "auto",
        embed_history: bool | None = None,
        playable: bool = True,
        **kwargs: Any,
    ) -> None:
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(f"BoardWidget got unexpected keyword argument(s): {', '.join(sorted(unknown))}")
        if not isinstance(game, GameLike) or getattr(game, "name", None) not in games():
            raise TypeError(
                f"BoardWidget needs a game (a tigris_widget.Game or another registered game), not {type(game).__name__}"
            )
        check_seat(seat, game.players)
        check_theme(theme)
        if embed_history is None:
            embed_history = type(self).embed_history_default
        if not isinstance(embed_history, bool):
            raise ValueError(f"embed_history must be True, False or None, not {embed_history!r}")
        if not isinstance(playable, bool):
            raise ValueError(f"playable must be True or False, not {playable!r}")
        self.playable = playable
        self._game = game
        self._module: GameModule = game_module(game.name)
        self._recorder: ReplayRecorder | None = None
        self._revision = 0
        self._callbacks: list[ActionCallback] = []
        self._ready = False
        super().__init__(seat=seat, theme=theme, ply=len(game), embed_history=embed_history, **kwargs)
        ref = weakref.ref(self)  # the game must not keep a forgotten widget alive

        def changed(g: Any, change: str) -> None:
            widget = ref()
            if widget is None:
                unsubscribe()
            else:
                widget._game_changed(change)

        unsubscribe = self._unsubscribe = game.subscribe(changed)
        self.on_msg(self._handle_message)
        self._ready = True
        self._sync()
        self._record()

    # -- state ---------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game shown; change it with ``apply``/``undo`` (on the game or here) and the board follows."""
        return self._game

    @property
    def live(self) -> bool:
        """True when the latest position is shown (the one that can be played)."""
        return self.ply == len(self._game)

    def _sync(self) -> None:
        self.view = self._shown(self._module.present(self._game, self.seat, self.ply, revision=self._revision))

    def _shown(self, view: dict[str, Any]) -> dict[str, Any]:
        """The presenter's view as this board shows it: a board that only shows the game offers no move."""
        if not self.playable and view.get("decision") is not None:
            prompt = f"This board only shows the game. Next: {view['decision']['prompt']}"
            view = {**view, "decision": {**view["decision"], "mine": False, "prompt": prompt}, "targets": {}}
        return view

    @traitlets.validate("seat")
    def _check_seat(self, proposal: Any) -> int | None:
        seat: int | None = proposal["value"]
        players = self._game.players
        if seat is not None and not 0 <= seat < players:
            raise traitlets.TraitError(f"seat must be 0..{players - 1} or None, not {seat!r}")
        return seat

    @traitlets.validate("ply")
    def _check_ply(self, proposal: Any) -> int:
        ply: int = proposal["value"]
        n = len(self._game)
        if not 0 <= ply <= n:
            raise traitlets.TraitError(f"ply must be 0..{n} (the game has {n} actions), not {ply}")
        return ply

    @traitlets.observe("seat", "ply")
    def _view_options_changed(self, change: Any) -> None:
        if getattr(self, "_ready", False):
            self._sync()
            if change["name"] == "seat":
                self._recorder = None
                self._record()

    @traitlets.observe("embed_history")
    def _embed_changed(self, change: Any) -> None:
        if getattr(self, "_ready", False):
            self._record()

    def _record(self) -> None:
        """Bring ``replay`` up to date with the game (or empty it when ``embed_history`` is off)."""
        if not self.embed_history:
            self._recorder = None
            self.set_trait("replay", "")
            return
        if self._recorder is None:
            self._recorder = ReplayRecorder(self._game, self.seat)
        self.set_trait("replay", self._recorder.packed(start=len(self._game)))

    def _game_changed(self, change: str) -> None:
        n = len(self._game)
        self._revision += 1
        follow = self.ply == n - 1 if change == "apply" else self.ply >= n
        self.error = ""
        if (follow or self.ply > n) and self.ply != n:
            self.ply = n  # follow the game when showing its latest position (the observer resyncs)
        else:
            self._sync()
        if self._recorder is not None and change == "undo":
            self._recorder.forget_from(n + 1)
        self._record()
        if change == "apply" and n:
            record = {
                "ply": n,
                "seat": self._game.actors[-1],
                "action": str(self._game.actions[-1]),
                "events": [str(e) for e in self._game.events[-1]],
            }
            self.set_trait("last_action", record)
            call_listeners(self._callbacks, record)  # a raising callback is reported; the others still run

    # -- intents from the front end -------------------------------------------------------------
    def _handle_msg(self, msg: Any) -> None:
        """Check the shape of every message from the front end before ipywidgets reads it: a forged or
        broken message is refused with a visible ``error`` and changes nothing (ipywidgets itself would
        raise AttributeError/TypeError into the kernel log, where nobody sees it)."""
        problem = _message_problem(msg)
        if problem:
            self.error = f"Refused a message from the board: {problem}; nothing was changed."
            return
        super()._handle_msg(msg)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take trait changes from the front end: only clearing ``error`` is allowed. Everything else
        (above all ``seat``, which would reveal hidden information) changes only from Python."""
        if not isinstance(sync_data, Mapping):
            self.error = (
                f"Refused a state update that is not an object ({type(sync_data).__name__}); nothing was changed."
            )
            return
        refused = sorted(str(k) for k, v in sync_data.items() if k != "error" or v != "")
        accepted = {k: v for k, v in sync_data.items() if k == "error" and v == ""}
        if accepted:
            super().set_state(accepted)
        if refused:
            self.error = f"The board may not change {', '.join(map(repr, refused))}; nothing was changed."

    def _handle_message(self, _widget: Any, content: Any, buffers: Sequence[bytes]) -> None:
        """Answer one custom message from the browser; every problem becomes ``error``."""
        try:
            self._handle(content)
        except ValueError as err:
            self.error = self._module.explain(err)

    def _handle(self, content: Any) -> None:
        if not isinstance(content, Mapping):
            raise ValueError(f"message must be a JSON object, not {type(content).__name__}")
        kind = content.get("kind")
        if kind == "ping":  # the board asks whether the kernel still answers (after a restart it does not)
            self.send({"kind": "pong"})
            return
        if kind == "goto":
            ply = content.get("ply")
            if isinstance(ply, bool) or not isinstance(ply, int):
                raise ValueError(f"goto needs an integer 'ply', not {ply!r}")
            self.goto(ply)
            return
        if kind not in ("intent", "undo"):
            raise ValueError(f"unknown message kind {kind!r} (expected 'intent', 'undo', 'goto' or 'ping')")
        state_id = content.get("state_id")
        if not isinstance(state_id, str):
            raise ValueError(f"{kind} needs a string 'state_id'")
        if kind == "undo":
            self._undo_step(content, state_id)
            return
        rest = {k: v for k, v in content.items() if k not in ("kind", "state_id")}
        action = self._module.intent_action(self.view, rest)  # the game writes out its own intent forms
        if len(action) > MAX_INTENT_LENGTH:
            raise ValueError(f"action text too long ({len(action)} characters)")
        if state_id != self.view.get("state_id"):
            raise ValueError("The game moved on since this board was drawn; nothing was played. Try again.")
        self.play(action)

    def _undo_step(self, content: Mapping[str, Any], state_id: str) -> None:
        """Take back one step of a turn under way, when the shown view offers it (``targets["undo"]``:
        the game's presenter offers it only for the deciding seat's own steps of the current turn)."""
        if set(content) - {"kind", "state_id"}:
            raise ValueError("undo takes no other field than 'state_id'")
        if state_id != self.view.get("state_id"):
            raise ValueError("The game moved on since this board was drawn; nothing was taken back. Try again.")
        if not self.live or not self.view.get("targets", {}).get("undo"):
            raise ValueError("Nothing to take back here: only the steps of the turn under way can be undone.")
        self._game.undo()

    # -- playing and moving through the history --------------------------------------------------
    def play(self, action: str | Any) -> list[Event]:
        """Play an action for the seat that must decide, as a click would.

        :raises ValueError: the view may not act now, or the engine refuses the action (the message
            names the rule); the game is unchanged.
        """
        if not self.playable:
            raise ValueError("This board only shows the game; nothing was played (play on the game or another board).")
        decision = self._game.decision
        if decision is None:
            raise ValueError("The game is over.")
        if not self.live:
            raise ValueError(
                f"You are looking at move {self.ply} of {len(self._game)}; go to the latest position to play."
            )
        # The engine refuses another seat's decision without revealing any hand (rule §16 D1).
        return self._game.apply(action, seat=self.seat)  # the listener resyncs and clears the error

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` actions (negative: counted from the end, like a list)."""
        n = len(self._game)
        if not is_whole(ply):
            raise ValueError(f"ply must be a whole number 0..{n} (or negative, from the end), not {ply!r}")
        ply = int(ply)
        if ply < 0:
            ply += n + 1
        if not 0 <= ply <= n:
            raise ValueError(f"ply must be 0..{n}, not {ply}")
        self.ply = ply

    def back(self, steps: int = 1) -> None:
        self.goto(max(0, self.ply - _steps(steps)))

    def forward(self, steps: int = 1) -> None:
        self.goto(min(len(self._game), self.ply + _steps(steps)))

    def latest(self) -> None:
        self.goto(len(self._game))

    def undo(self) -> str:
        """Take back the last action of the game (shown by every widget on it); returns its notation."""
        return str(self._game.undo())

    def on_action(self, callback: ActionCallback, remove: bool = False) -> None:
        """Call ``callback(record)`` after every action played on the game (from the board or Python);
        ``record`` is ``{"ply", "seat", "action", "events"}`` like ``last_action``."""
        if remove:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def close(self) -> None:
        """Stop following the game and close the widget's views."""
        unsubscribe = getattr(self, "_unsubscribe", None)  # absent when the constructor failed early
        if unsubscribe is not None:
            unsubscribe()
        super().close()

    # -- pictures where widgets do not run -------------------------------------------------------
    def picture(self, caption: str | None = None) -> str:
        """The shown position as SVG with this board's highlights, arrows, labels and caption (or
        ``caption``) — this board's view only: nothing hidden from its seat. Heatmaps stay live-only.
        Drawn in the board's theme; with ``"auto"`` in JupyterLab's where the kernel can read it
        (``jupyter.lab_theme``), else the light picture, which paints its own background and so reads
        on a dark page too."""
        from tigris_widget.jupyter.lab_theme import picture_theme
        from tigris_widget.render.svg import board_svg

        if caption is not None and not isinstance(caption, str):
            raise ValueError(f"caption must be text or None, not {type(caption).__name__}")
        o = self.overlay
        return board_svg(
            self.view,
            highlight=[h["square"] for h in o.get("highlights", [])],
            arrows=[(a["from"], a["to"]) for a in o.get("arrows", [])],
            labels={label["square"]: label["text"] for label in o.get("labels", [])},
            caption=caption if caption is not None else (o.get("caption") or None),
            **({"ghost": (o["ghost"]["body"], o["ghost"]["squares"])} if o.get("ghost") else {}),
            # the picture's frames and arrows in the colour the live board draws them (when all share one)
            highlight_ink=_one_colour(o.get("highlights", [])),
            arrow_ink=_one_colour(o.get("arrows", [])),
            theme=picture_theme(self.theme),
        )

    def to_html(self, path: str | Path, *, title: str | None = None) -> Path:
        """Write the game as one self-contained HTML replay, seen by this board's seat (``Game.to_html``)."""
        from tigris_widget.render.html import write_html

        return write_html(self._game, path, self.seat, title=title)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live board, plus its picture for GitHub, nbviewer, exported HTML and untrusted notebooks."""
        return with_picture(super()._repr_mimebundle_(**kwargs), self)

    # -- overlays ---------------------------------------------------------------------------------
    def _set_overlay(self, **changes: Any) -> None:
        self.overlay = {**self.overlay, **changes}

    def show_heatmap(
        self,
        values: Mapping[int, float] | Mapping[SquareLike, float] | Sequence[float],
        *,
        vmin: float | None = None,
        vmax: float | None = None,
        legend: str | None = None,
        format: str = "number",
        low: str | None = None,
        high: str | None = None,
    ) -> None:
        """Colour squares by a number (bot values, visit counts…); the number is written on the square.
        The scale is violet, pale for the lowest values and deep for the highest (no board colour).
        T&E paints the square; Ur rings it and writes the number on a tab across its top edge, so
        that the tile's letters and the owner's cubes stay readable.

        :param values: a mapping square → value, or 176 values in square order (NaN/None: no value).
        :param vmin, vmax: the colour scale's ends (default: the values' range).
        :param legend: what the numbers mean, with their unit — drawn in a legend with the colour
            scale, shown above the board (never over a square; None: no legend).
        :param format: ``"number"`` (compact decimals) or ``"points"`` (signed whole numbers: −3, +2).
        :param low, high: words after the scale's end values in the legend (e.g. ``high="best"``).
        :raises ValueError: a bad format or legend text; the heatmap is unchanged.
        """
        if format not in ("number", "points"):
            raise ValueError(f"format must be 'number' or 'points', not {format!r}")
        for name, text in (("legend", legend), ("low", low), ("high", high)):
            if text is not None and not (isinstance(text, str) and len(text) <= 120):
                raise ValueError(f"{name} must be a text of at most 120 characters, not {text!r}")
        for name, end in (("vmin", vmin), ("vmax", vmax)):
            if end is not None and not is_number(end):
                raise ValueError(f"{name} must be a number or None, not {end!r}")
        squares, to_square = self._module.SQUARES, self._module.to_square
        grid = [math.nan] * squares
        if isinstance(values, Mapping):
            for key, v in values.items():
                grid[to_square(key)] = _heat(v)
        elif isinstance(values, Iterable) and not isinstance(values, (str, bytes)):  # a list, a numpy array…
            items = list(values)
            if len(items) != squares:
                raise ValueError(f"a heatmap list needs {squares} values (one per square), not {len(items)}")
            grid = [_heat(v) for v in items]
        else:
            raise ValueError(f"a heatmap is a mapping square → value or a list of values, not {type(values).__name__}")
        self.heatmap = struct.pack(f"<{squares}f", *grid)
        finite = [v for v in grid if math.isfinite(v)]
        rng = None
        if (vmin is not None or vmax is not None) and (finite or (vmin is not None and vmax is not None)):
            lo = float(vmin) if vmin is not None else min(finite)
            hi = float(vmax) if vmax is not None else max(finite)
            rng = [lo, hi]
        legend_data = None
        if legend:
            legend_data = {
                "title": legend,
                "format": format,
                **({"low": low} if low else {}),
                **({"high": high} if high else {}),
            }
        elif format != "number":
            legend_data = {"title": "", "format": format}
        self._set_overlay(heatmap_range=rng, heatmap_legend=legend_data)

    def highlight(self, squares: Iterable[SquareLike], colour: str | None = None) -> None:
        """Frame squares (added to those already highlighted); ``colour`` is any CSS colour."""
        _check_colour(colour)
        added = [{"square": self._module.to_square(q), **({"colour": colour} if colour else {})}
                 for q in square_list(squares)]  # fmt: skip
        self._set_overlay(highlights=[*self.overlay.get("highlights", []), *added])

    def arrow(self, start: SquareLike, end: SquareLike, colour: str | None = None) -> None:
        """Draw an arrow from one square to another (e.g. a leader's suggested move)."""
        _check_colour(colour)
        to_square = self._module.to_square
        item = {"from": to_square(start), "to": to_square(end), **({"colour": colour} if colour else {})}
        self._set_overlay(arrows=[*self.overlay.get("arrows", []), item])

    def ghost(self, after: GameLike, squares: Iterable[SquareLike], colour: str | None = None) -> None:
        """Draw the pieces that stand on ``squares`` in ``after`` — the same game after a move that was
        not played (a review's better move) — translucent, in a dashed frame, over this board; seen by
        this board's seat. One ghost at a time (a new one replaces it); ``clear_overlays`` removes it.

        :raises ValueError: ``after`` is not a game of this board's game, a bad square or colour."""
        _check_colour(colour)
        name = getattr(after, "name", None)
        if name != self._game.name or not callable(getattr(after, "clone", None)):
            raise ValueError(f"a ghost needs a game of {self._game.name!r}, not {type(after).__name__} ({name!r})")
        cells = sorted({self._module.to_square(q) for q in square_list(squares)})
        body = self._module.present(after, self.seat, log_window=0)["body"]
        self._set_overlay(ghost={"body": body, "squares": cells, **({"colour": colour} if colour else {})})

    def label(self, square: SquareLike, text: str) -> None:
        """Write a short text on a square (at most 12 characters are drawn)."""
        if not isinstance(text, str):
            raise ValueError(f"a label is text, not {type(text).__name__}")
        item = {"square": self._module.to_square(square), "text": text[:12]}
        self._set_overlay(labels=[*self.overlay.get("labels", []), item])

    def caption(self, text: str) -> None:
        """A line of text above the board ("" removes it)."""
        if not isinstance(text, str):
            raise ValueError(f'a caption is text ("" removes it), not {type(text).__name__}')
        self._set_overlay(caption=text)

    def clear_overlays(self) -> None:
        """Remove the heatmap, highlights, arrows, labels, ghost and caption."""
        self.heatmap = b""
        self.overlay = {}
