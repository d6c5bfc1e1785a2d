"""``PositionEditor``: set up a position of any editable game by mouse and keyboard.

    >>> from tigris_widget import PositionEditor
    >>> editor = PositionEditor("ur", players=3)           # or start=<a game, a position text>
    >>> editor.select("P0x3")                              # the palette's button, from Python
    >>> editor.click((0, 0))                               # a click on the board
    >>> editor.editor.cells()[0].endswith(":0x3")
    True

The model is ``core.editor.Editor`` (``editor.editor``); this module only shows it. The board is a
``BoardWidget`` in *edit mode*: a click (or Enter on the keyboard cursor) on any square is sent as that
square, and the tool picked beside the board — a piece of the game's palette, Move or Remove — is
applied there. Everything game-specific comes from the editor: its palette, its fields and their
choices, its problems; the board is the game's own drawing. It names no game.

The editor is an all-seeing setup tool: it shows and edits every hand, the bag and whatever else the
game hides from its seats, by design. Show a seat's view with a ``BoardWidget(game, seat=…)`` of the
game it makes.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
import traitlets

from tigris_widget.core.editor import Editor
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.arguments import check_theme
from tigris_widget.jupyter.widget import BOARD_BESIDE_PANEL, BoardWidget, SquareLike, with_picture

WARNING_COLOUR = "#e67e22"
"""Problems are framed in this orange (a warning: neither a seat's colour nor the board's own marks)."""
ORIGIN_COLOUR = "#2e86de"
"""The square a Move starts from, until its target is clicked."""
TOOLS = (("Move", "move"), ("Remove", "remove"))
"""The tools beside the palette's pieces: ``move`` takes two clicks (from, to), ``remove`` one."""
EDITING_PROMPT = (
    "Editing: pick a piece or a tool beside the board, then click squares (arrow keys and Enter too; u undoes, "
    "Shift+U redoes)."
)


class EditorBoard(BoardWidget):
    """The board of a position editor: it draws the editor's draft (or, while the draft breaks a rule,
    the last valid one) and sends each square clicked to ``on_square``. It plays no move."""

    edit_mode = traitlets.Bool(True, read_only=True).tag(sync=True)
    """Read by the front end: clicks are sent as squares (``{"kind": "square", …}``), not as actions."""

    def __init__(
        self, editor: Editor, on_square: Callable[[int], None], on_history: Callable[[str], None], **kwargs: Any
    ) -> None:
        self._editor = editor
        self._on_square = on_square
        self._on_history = on_history
        self._drawn: dict[str, Any] | None = None
        super().__init__(editor.game(), playable=False, **kwargs)

    def _sync(self) -> None:
        self.show(self._editor.to_view())

    def show(self, shown: Mapping[str, Any]) -> None:
        """Draw the editor's view (``Editor.to_view()``): its board, or the last one drawn when it has none."""
        view = shown["view"] or self._drawn
        if view is None:
            return
        self._drawn = view
        decision = view.get("decision")
        if decision is not None:
            decision = {**decision, "mine": False, "prompt": EDITING_PROMPT}
        # the editor's own state id: a click drawn on an older draft is refused
        self.view = {**view, "state_id": f"edit:{self._editor.state_id}", "targets": {}, "decision": decision}

    def _handle(self, content: Any) -> None:
        if isinstance(content, Mapping) and content.get("kind") == "ping":
            super()._handle(content)
            return
        kind = content.get("kind") if isinstance(content, Mapping) else None
        if kind in ("undo", "redo") and isinstance(content, Mapping):  # the keys u and Shift+U
            if set(content) != {"kind", "state_id"} or content["state_id"] != self.view.get("state_id"):
                raise ValueError(f"Refused a stale or malformed {kind} from the board; nothing was changed.")
            self._on_history(str(kind))
            self.send({"kind": "pong"})
            return
        if not isinstance(content, Mapping) or kind != "square":
            raise ValueError(
                "This board edits a position: it takes clicks on squares and u/U only; nothing was changed."
            )
        if set(content) != {"kind", "square", "state_id"}:
            raise ValueError("A square message has exactly kind, square and state_id; nothing was changed.")
        square, squares = content["square"], self._module.SQUARES
        if type(square) is not int or not 0 <= square < squares:
            raise ValueError(
                f"A square is a whole number 0..{squares - 1}, not {str(square)[:20]!r}; nothing was changed."
            )
        if content["state_id"] != self.view.get("state_id"):
            raise ValueError("The position changed since this board was drawn; nothing was changed. Try again.")
        self._on_square(square)
        self.send({"kind": "pong"})  # an answer even when the click changed nothing (the first of a Move)


class PositionEditor(ShowsSavedPicture):
    """Set up a position of ``game`` (``"tigris"``, ``"ur"``: a game whose package exports
    ``position_editing``) with the palette, the board and the fields, then play or analyse it.

    :param game: the game's name.
    :param players: the number of players of a new setup (None: the game's usual count).
    :param start: where to start: None (a new game's setup, shuffled by ``seed``), a position text of
        ``game``, or a game of it (the position it stands at).
    :param seed: the new setup's shuffle.
    :param theme: ``"auto"`` (follow JupyterLab), ``"light"`` or ``"dark"``.
    :raises ValueError: an unknown game, a start of another game, ``players`` that contradict ``start``.

    All-seeing by design: hands, the bag and every other hidden thing are shown and editable.
    """

    def __init__(
        self,
        game: str = "tigris",
        players: int | None = None,
        start: GameLike | str | None = None,
        *,
        seed: int = 0,
        theme: str = "auto",
    ) -> None:
        check_theme(theme)
        self.editor = _start(game, players, start, seed)
        """The model (``core.editor.Editor``): every click goes through its ``handle``."""
        self.tool: tuple[str, str] | None = None
        """The selected tool: ``("place", piece)``, ``("move", "")``, ``("remove", "")`` or None."""
        self.origin: int | None = None
        """The square a Move starts from, once clicked."""
        self.played: BoardWidget | None = None
        """The board Play from here opened (on a game of its own: editing further does not change it)."""
        self.inspector: Any = None
        """The ``BotInspector`` Analyse opened."""
        self._quiet = False  # set while controls are updated from the model, so their observers keep still
        self.board = EditorBoard(self.editor, self._square_clicked, lambda kind: self._send({"kind": kind}), theme=theme,
                                 layout=widgets.Layout(**BOARD_BESIDE_PANEL))  # fmt: skip
        self.tools = _toggles(list(TOOLS), ["Move: click a piece, then its new square", "Remove: click a square"])
        self.tools.observe(self._tool_picked, names="value")
        self.palette: dict[str, widgets.ToggleButtons] = {}
        """The palette's rows of toggles by group (rebuilt when the pieces change, e.g. other players)."""
        self._pieces: list[dict[str, str]] = []
        self.undo_button = widgets.Button(description="Undo", icon="undo", layout=widgets.Layout(width="auto"))
        self.redo_button = widgets.Button(description="Redo", icon="redo", layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self._send({"kind": "undo"}))
        self.redo_button.on_click(lambda _: self._send({"kind": "redo"}))
        self.status = widgets.HTML()
        """Why the last click changed nothing, or what to click next."""
        self.note = widgets.HTML()
        self.problem_list = widgets.HTML()
        self.fields = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns="repeat(auto-fill, minmax(min(100%, 330px), 1fr))", grid_gap="2px 12px", width="100%"))  # fmt: skip
        self._controls: dict[str, tuple[widgets.ValueWidget, widgets.HTML]] = {}
        self.play_button = widgets.Button(description="Play from here", icon="play", button_style="success",
                                          layout=widgets.Layout(width="auto"))  # fmt: skip
        self.analyse_button = widgets.Button(description="Analyse", icon="search", layout=widgets.Layout(width="auto"))
        self.play_button.on_click(lambda _: self.play())
        self.analyse_button.on_click(lambda _: self.analyse())
        self.out_reason = widgets.HTML()
        self.puzzle: Any = None
        """The puzzle Make a puzzle made (its ``PuzzleBoard`` is ``puzzle_board``)."""
        self.puzzle_board: Any = None
        self.goal_kinds = _goal_kinds(game)
        self.goal_kind = widgets.Dropdown(
            options=[(f"{spec} — {what}", spec) for spec, what in self.goal_kinds.items()],
            description="Goal", style={"description_width": "auto"}, layout=widgets.Layout(width="100%"),
        )  # fmt: skip
        self.goal = widgets.Text(
            value=next(iter(self.goal_kinds), ""), description="as written", style={"description_width": "auto"},
            layout=widgets.Layout(flex="1 1 260px"),
        )  # fmt: skip
        self.goal_kind.observe(lambda change: setattr(self.goal, "value", change["new"] or ""), names="value")
        self.puzzle_title = widgets.Text(placeholder="title (optional)", layout=widgets.Layout(flex="1 1 200px"))
        self.make_button = widgets.Button(description="Make a puzzle", icon="puzzle-piece",
                                          layout=widgets.Layout(width="auto"))  # fmt: skip
        self.make_button.on_click(lambda _: self._make_clicked())
        self.puzzle_note = widgets.HTML()
        self.position_text = widgets.Textarea(description="Position text", rows=4, style={"description_width": "auto"},
                                              layout=widgets.Layout(width="100%"))  # fmt: skip
        self.position_text.observe(self._text_edited, names="value")
        self.results = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.side = widgets.VBox(layout=widgets.Layout(flex="0 1 330px", min_width="220px", overflow="hidden"))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.board, self.side], layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                                        align_items="flex-start", grid_gap="8px")),
                self.note,
                self.problem_list,
                widgets.HTML("<b>Off the board</b>"),
                self.fields,
                widgets.HBox([self.play_button, self.analyse_button, self.out_reason],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px")),
                *self._puzzle_panel(),
                self.position_text,
                self.results,
            ],
            layout=widgets.Layout(width="100%"),
        )  # fmt: skip
        self.widget.add_class("tw-position-editor")  # for pages and tests to find the editor as a whole
        self._refresh()

    # -- the model, delegated -----------------------------------------------------------------------
    def to_position(self) -> str:
        return self.editor.to_position()

    def game(self) -> GameLike:
        return self.editor.game()

    def to_code(self) -> str:
        return self.editor.to_code()

    # -- what a user does, also from Python ---------------------------------------------------------
    def select(self, tool: str) -> None:
        """Pick a palette piece (its ``piece``), ``"move"`` or ``"remove"``, as its button does."""
        for group in [self.tools, *self.palette.values()]:
            if tool in [value for _, value in group.options]:
                group.value = tool
                return
        raise ValueError(
            f"no tool {tool!r}: pick a palette piece ({self.editor.palette()[0]['piece']}…), move or remove"
        )

    def click(self, square: SquareLike) -> None:
        """Apply the selected tool on ``square``, as a click on the board does."""
        self._square_clicked(self.board._module.to_square(square))

    def set(self, field: str, value: object) -> None:
        """Set an off-grid field, as its control does (a refusal is said under it: ``editor.last_error``)."""
        self._set_field(field, value)

    def undo(self) -> None:
        """Take back the last edit, as the Undo button does."""
        self._send({"kind": "undo"})

    def redo(self) -> None:
        """Do again the last edit taken back, as the Redo button does."""
        self._send({"kind": "redo"})

    def snapshot(self, caption: str = "") -> Snapshot:
        """A still picture of the board as it is now, problems framed, with ``caption`` above it: to keep
        each step of a setup in a notebook (the live editor shows only the latest)."""
        if not isinstance(caption, str):
            raise ValueError(f"caption must be text, not {type(caption).__name__}")
        return Snapshot(self.board.picture(caption or None), caption or "the edited position")

    def play(self) -> BoardWidget | None:
        """Open a playable board on the position below the editor (None while the draft has problems)."""
        if not self.editor.is_valid:
            return None
        self.inspector = None
        self.played = BoardWidget(self.editor.game(), theme=self.board.theme)
        intro = widgets.HTML(
            "<b>Playing from the edited position</b> (its own game: editing further does not change it)"
        )
        self.results.children = [intro, self.played]
        return self.played

    def analyse(self) -> Any:
        """Open a ``BotInspector`` on the position below the editor (None while it cannot be analysed)."""
        if not self.editor.is_valid:
            return None
        from tigris_widget.jupyter.inspect import BotInspector

        try:
            self.inspector = BotInspector(self.editor.game())
        except ValueError as err:  # a finished game has no decision to analyse
            self.results.children = [widgets.HTML(_notice(f"Nothing to analyse: {err}."))]
            return None
        self.played = None
        self.results.children = [self.inspector.widget]
        return self.inspector

    def make_puzzle(self, goal: str | Mapping[str, Any], *, title: str = "") -> Any:
        """Make the position a puzzle with ``goal`` (written as ``goal_kinds`` shows it, e.g.
        ``"gain colour=red points=2"``), checked at once by the game's solver
        (``puzzles.make.make_puzzle``), and open it in a ``PuzzleBoard`` below the editor with the
        check's report; returns the puzzle (``save_puzzles`` keeps it in a library of your own).

        :raises ValueError: the position has problems, the goal is not one of the game's, or the puzzle
            fails a check (doing nothing already reaches the goal, no line forces it …), said in words."""
        from tigris_widget.jupyter.puzzle_board import PuzzleBoard
        from tigris_widget.puzzles.make import make_puzzle, puzzle_report

        puzzle = make_puzzle(self.editor, goal, title=title)
        report = puzzle_report(puzzle)
        self.puzzle, self.played, self.inspector = puzzle, None, None
        self.puzzle_board = PuzzleBoard(puzzle, theme=self.board.theme)
        said = html.escape(str(report)).replace("\n", "<br>")
        self.results.children = [widgets.HTML(f"<b>Your puzzle</b>, checked by the solver:<br>{said}"),
                                 self.puzzle_board.widget]  # fmt: skip
        self.puzzle_note.value = "✓ a puzzle: solve it below, or keep it with save_puzzles"
        return puzzle

    def _make_clicked(self) -> None:
        self.puzzle_note.value = "checking with the solver …"
        try:
            self.make_puzzle(self.goal.value, title=self.puzzle_title.value)
        except ValueError as err:
            self.puzzle_note.value = _notice(str(err))

    def _puzzle_panel(self) -> list[widgets.Widget]:
        """The row that makes the position a puzzle (none for a game without puzzles)."""
        if not self.goal_kinds:
            return []
        row = widgets.HBox([self.goal, self.puzzle_title, self.make_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"))  # fmt: skip
        return [widgets.HTML("<b>Make it a puzzle</b> (a goal for the player to move this turn)"),
                self.goal_kind, row, self.puzzle_note]  # fmt: skip

    # -- events -------------------------------------------------------------------------------------
    def _tool_picked(self, change: Mapping[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        picked = change["owner"]
        self._quiet = True
        try:
            for group in [self.tools, *self.palette.values()]:
                if group is not picked:
                    group.value = None
        finally:
            self._quiet = False
        value = str(change["new"])
        self.tool = (value, "") if picked is self.tools else ("place", value)
        self._forget_origin()
        self.status.value = ""

    def _square_clicked(self, square: int) -> None:
        if self.tool is None:
            self.status.value = _notice("Pick a piece or a tool beside the board first.")
            return
        kind, piece = self.tool
        if kind == "place":
            self._send({"kind": "place", "square": square, "piece": piece})
        elif kind == "remove":
            self._send({"kind": "remove", "square": square})
        elif self.origin is None:
            self.origin = square
            self.board.highlight([square], ORIGIN_COLOUR)
            self.status.value = "Move: now click the square to move it to (the same square again: cancel)."
        elif self.origin == square:
            self._forget_origin()
            self._refresh()
        else:
            origin, self.origin = self.origin, None
            self._send({"kind": "move", "origin": origin, "target": square})

    def _forget_origin(self) -> None:
        if self.origin is not None:
            self.origin = None
            self._refresh()

    def _send(self, message: dict[str, Any]) -> None:
        """One edit through the model; what it refuses is said beside the board and changes nothing."""
        self.editor.handle({**message, "state_id": self.editor.state_id})
        self._refresh()
        error = self.editor.last_error
        self.status.value = _notice(error) if error else ""

    def _set_field(self, name: str, value: object) -> None:
        if self._quiet:
            return
        self.editor.handle({"kind": "set", "field": name, "value": value, "state_id": self.editor.state_id})
        error = self.editor.last_error
        self._refresh()
        if error and name in self._controls:  # shown under its control, which the refresh set back
            self._controls[name][1].value = _notice(error)

    def _text_edited(self, change: Mapping[str, Any]) -> None:
        if not self._quiet:  # read-only: a typed change is put back (copy the text, paste a start= instead)
            self._refresh()

    # -- drawing the model --------------------------------------------------------------------------
    def _refresh(self) -> None:
        shown = self.editor.to_view()
        self._quiet = True
        try:
            if shown["palette"] != self._pieces:
                self._show_palette(shown["palette"])
            self.board.show(shown)
            self.board.error = ""  # a refused message's notice ends with the next edit
            self._draw_problems(shown["view_is_current"])
            self._show_fields(shown["fields"])
            self.undo_button.disabled = not shown["can_undo"]
            self.redo_button.disabled = not shown["can_redo"]
            self.note.value = "" if shown["view_is_current"] else _notice(
                "The board shows the last valid position: the draft breaks a rule, framed and listed below."
                if shown["view"] is not None else "The board shows an earlier position: the draft breaks a rule.")  # fmt: skip
            self._show_out()
        finally:
            self._quiet = False

    def _show_palette(self, pieces: list[dict[str, str]]) -> None:
        self._pieces = pieces
        self.palette = _palette_buttons(pieces)
        for group in self.palette.values():
            group.observe(self._tool_picked, names="value")
        if self.tool is not None and self.tool[0] == "place":
            if any(self.tool[1] == e["piece"] for e in pieces):
                self.select(self.tool[1])
            else:
                self.tool = None
        heading = [widgets.HTML("<b>Tools</b>"), self.tools]
        rows = [w for name, group in self.palette.items() for w in (widgets.HTML(f"<b>{html.escape(name)}</b>"), group)]
        self.side.children = [*heading, *rows, widgets.HBox([self.undo_button, self.redo_button]), self.status]

    def _draw_problems(self, current: bool) -> None:
        """Frame and number each problem at its square; while the board shows an earlier position
        (``current`` False) the label names the piece the draft has there, which the board cannot draw."""
        board, problems = self.board, self.editor.problems()
        board.clear_overlays()
        names = {} if current else {p["piece"]: p.get("short", p["piece"]) for p in self.editor.palette()}
        cells = [] if current else self.editor.cells()
        for number, problem in enumerate(problems, 1):
            if problem.square is not None:
                board.highlight([problem.square], WARNING_COLOUR)
                piece = names.get(cells[problem.square], "") if problem.square < len(cells) else ""
                board.label(problem.square, f"⚠{number} {piece}".strip())
        if self.origin is not None:
            board.highlight([self.origin], ORIGIN_COLOUR)
        if problems:
            board.caption(f"{len(problems)} problem{'s' * (len(problems) > 1)}: see the list below the board")
        items = "".join(f"<li>{html.escape(self.editor.describe(p))}</li>" for p in problems)
        self.problem_list.value = (
            f'<div style="color: {WARNING_COLOUR}"><b>Problems</b><ol style="margin: 2px 0">{items}</ol></div>'
            if problems else ""
        )  # fmt: skip

    def _show_fields(self, values: Mapping[str, Any]) -> None:
        choices = self.editor.field_choices()
        if list(values) != list(self._controls):  # a new set of fields (e.g. other players): new controls
            self._controls = {name: self._field_control(name, choices.get(name)) for name in values}
            self.fields.children = [widgets.VBox([c, e], layout=widgets.Layout(min_width="0", overflow="hidden")) for c, e in
                                    self._controls.values()]  # fmt: skip
        for name, value in values.items():
            control, error = self._controls[name]
            error.value = ""
            options = choices.get(name)
            if isinstance(control, widgets.Dropdown) and options is not None:
                known = options if value in options else [*options, value]  # a value off the list stays shown
                control.options = [(str(c), c) for c in known]
            control.value = value if isinstance(control, widgets.Dropdown) else str(value)

    def _field_control(self, name: str, options: list[Any] | None) -> tuple[widgets.ValueWidget, widgets.HTML]:
        style = {"description_width": "150px"}  # "catastrophes:archer" whole
        layout = widgets.Layout(width="auto", min_width="0")
        control: widgets.ValueWidget
        if options is not None:
            control = widgets.Dropdown(description=name, options=[(str(c), c) for c in options], style=style,
                                       layout=layout)  # fmt: skip
            control.observe(lambda change: self._set_field(name, change["new"]), names="value")
        else:
            control = widgets.Text(description=name, continuous_update=False, style=style, layout=layout)
            control.observe(lambda change: self._set_field(name, _typed(change["new"])), names="value")
        return control, widgets.HTML()

    def _show_out(self) -> None:
        problems = self.editor.problems()
        reason = f"fix the {len(problems)} problem{'s' * (len(problems) > 1)} first" if problems else ""
        for button in (self.play_button, self.analyse_button, self.make_button):
            button.disabled = bool(problems)
            button.tooltip = f"{button.description}: {reason}" if reason else button.description
        self.out_reason.value = (
            _notice(f"Play from here, Analyse and Make a puzzle need a valid position: {reason}.") if reason else ""
        )
        self.position_text.value = (
            self.editor.text() if not problems else "(no position text while the draft breaks a rule)"
        )

    # -- display ------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live editor, plus its board's picture for readers without a kernel."""
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)


def _start(game: str, players: int | None, start: GameLike | str | None, seed: int) -> Editor:
    if not isinstance(game, str):
        raise ValueError(f"game is a game's name such as 'tigris' or 'ur', not {type(game).__name__}")
    if start is None:
        return Editor.new(game, players=players, seed=seed)
    if isinstance(start, str):
        editor = Editor.from_position(game, start)
    elif isinstance(start, GameLike):
        if start.name != game:
            raise ValueError(f"start is a game of {start.name!r}, not of {game!r}")
        editor = Editor.from_game(start)
    else:
        raise ValueError(f"start is None, a position text or a game of {game!r}, not {type(start).__name__}")
    if players is not None and editor.game().players != players:
        raise ValueError(f"players={players} but the start position has {editor.game().players} players")
    return editor


def _toggles(options: list[tuple[str, str]], tooltips: list[str]) -> widgets.ToggleButtons:
    return widgets.ToggleButtons(options=options, tooltips=tooltips, value=None, style={"button_width": "auto"},
                                 layout=widgets.Layout(width="100%"))  # fmt: skip


def _palette_buttons(palette: list[dict[str, str]]) -> dict[str, widgets.ToggleButtons]:
    """One row of toggles per group of the palette (the game names its groups), in the palette's order."""
    groups: dict[str, list[dict[str, str]]] = {}
    for entry in palette:
        groups.setdefault(entry.get("group", "pieces"), []).append(entry)
    return {
        name: _toggles([(e.get("short", e["label"]), e["piece"]) for e in entries], [e["label"] for e in entries])
        for name, entries in groups.items()
    }


class Snapshot:
    """A still picture of an editor's board (``PositionEditor.snapshot``): SVG, and PNG for notebooks
    opened untrusted."""

    def __init__(self, svg: str, text: str) -> None:
        self.svg = svg
        self.text = text

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        from tigris_widget.core.picture import fit, png_display

        svg = fit(self.svg, wide=None)  # scaled to its cell, like a live board's picture
        png, metadata = png_display(svg)
        return {**png, "image/svg+xml": svg, "text/plain": self.text}, metadata


def _goal_kinds(game: str) -> dict[str, str]:
    """The goals a puzzle of ``game`` can have; none for a game without puzzles."""
    from tigris_widget.puzzles.make import goal_kinds

    try:
        return goal_kinds(game)
    except ValueError:  # the game has no puzzles: the editor offers no puzzle panel
        return {}


def _typed(text: str) -> object:
    """A field typed in a text box: a whole number as a number (a score, a count), else the text."""
    stripped = text.strip()
    return int(stripped) if stripped.isdigit() else stripped


def _notice(text: str) -> str:
    return f'<span style="color: {WARNING_COLOUR}">{html.escape(text)}</span>'
