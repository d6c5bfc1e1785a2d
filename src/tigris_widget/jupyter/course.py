"""Helpers for the course notebooks of every game: each rule shown as before → action → after.

    >>> from tigris_widget.jupyter.course import show_step
    >>> from tigris_widget.jupyter.lessons import lesson
    >>> step = show_step(lesson("war"), "tile g (6,4)", highlight=["(6,4)"], caption="A market unites two kingdoms")
    >>> "A market unites two kingdoms" in step.svg
    True

``show_step`` plays actions on a game and shows, in one picture that survives where widgets do not
run (GitHub, nbviewer), the board before and after with the squares that matter framed, the caption
and each player's standing under each board, then the engine's narration, then a live board in
Jupyter. ``show_refusal`` tries an illegal action and shows the engine's reason; ``exercise`` poses a
small problem with its hint and solution folded away in ``<details>``; ``final_scores`` tables the end.

Nothing here knows a game: the pictures of a board, the lines under it, the lessons and exercises come
from the game's course hooks (``course_hooks()`` of its package, ``core.protocol.CourseHooks``), found
through the registry by the game's ``name``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.core.checks import is_whole
from tigris_widget.core.errors import IllegalActionError
from tigris_widget.core.events import Event
from tigris_widget.core.picture import Ink, fit, ink, page_width, png_display
from tigris_widget.core.protocol import CourseHooks, GameLike, Window
from tigris_widget.core.registry import game_module
from tigris_widget.core.text import wrap_lines
from tigris_widget.jupyter.arguments import square_list
from tigris_widget.jupyter.lab_theme import picture_theme
from tigris_widget.jupyter.lessons import Narration, course_games
from tigris_widget.jupyter.lessons import hooks as course_of

XY = tuple[int, int]
Panel = tuple[str, int, int, str, list[str]]
"""A board picture (a nested ``<svg x="0" y="0" …>``), its width and height, a title, the SVG lines under it."""
HIGHLIGHT = "#ff8c00"
MAX_BOARD = 100
"""No game's board is this many squares wide or high: a window past it is refused before anything is
drawn (each game checks its own board's edges)."""
MARGIN = 24
"""Left edge of the titles and lines (the board pictures keep their own margin for coordinates)."""


def _hooks(game: GameLike) -> CourseHooks:
    name = getattr(game, "name", None)
    if not isinstance(name, str):
        raise ValueError(f"not a game: {type(game).__name__} has no registry name")
    return course_of(name)


def _as_window(window: Window | tuple[int, int, int, int] | None) -> tuple[int, int, int, int] | None:
    if window is None:
        return None
    if not isinstance(window, Window):
        if (not isinstance(window, (tuple, list)) or len(window) != 4
                or not all(is_whole(v) for v in window)):  # fmt: skip
            raise ValueError(f"window is (x0, y0, x1, y1), four whole numbers, not {window!r}")
        window = Window(*(int(v) for v in window))
    if not (0 <= window.x0 <= window.x1 < MAX_BOARD and 0 <= window.y0 <= window.y1 < MAX_BOARD):
        raise ValueError(
            f"window is (x0, y0, x1, y1) on the board, x0 <= x1 and y0 <= y1, not ({window.x0}, {window.y0}, {window.x1}, {window.y1})"[
                :200
            ]
        )
    return window.x0, window.y0, window.x1, window.y1


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name} must be text, not {type(value).__name__}")
    return value


def _cells(hooks: CourseHooks, squares: object, name: str) -> list[XY]:
    """The squares of a ``highlight`` argument, each as the game writes squares ("(6,3)" or (6, 3))."""
    return [hooks.cell(q) for q in square_list(squares, name)]


def _marks(hooks: CourseHooks, labels: object, name: str) -> dict[XY, str]:
    """The squares and texts of a ``labels`` argument."""
    if labels is None:
        return {}
    if not isinstance(labels, Mapping):
        raise ValueError(f"{name} must map squares to short texts, not {type(labels).__name__}")
    return {hooks.cell(q): _text(label, f"the label of {q!r}") for q, label in labels.items()}


STACK_WIDTH = 1000
"""Two panels wider than this side by side are stacked, before over after: in a narrow cell (an 800 px
window with the file browser open leaves about 370 px) such a picture would shrink below 40 %, its
numbers to 4 px; stacked, each board keeps about two thirds of its size. (Zoomed T&E steps are about
900 px wide and stay side by side; Ur's grids with their lines of hands and points are wider.)"""


def _slot(p: Panel) -> int:
    """The width a panel needs: its board, and its title and lines (never cut)."""
    title = round(8.6 * len(p[3])) + MARGIN  # the title, in 14-point bold
    lines = max((round(6.7 * len(re.sub(r"<[^>]+>", "", line))) + MARGIN for line in p[4]), default=0)
    return max(p[1], title, lines)


def _panel(out: list[str], p: Panel, x: float, y: float, pen: Ink) -> None:
    svg, _w, h, title, lines = p
    out.append(f'<g transform="translate({x},{y})">')
    out.append(
        f'<text x="{MARGIN}" y="16" font-size="14" font-weight="bold" fill="{pen.title}">{html.escape(title)}</text>'
    )
    out.append(f'<g transform="translate(0,{TITLE_H})">{svg}</g>')
    for j, line in enumerate(lines):
        out.append(f'<text x="{MARGIN}" y="{TITLE_H + h + 16 + 18 * j}" font-size="12" fill="{pen.text}">{line}</text>')
    out.append("</g>")


def _middle_words(out: list[str], words: list[str], x: float, bottom: float, pen: Ink, anchor: str = "middle") -> None:
    """The action's words at ``x`` (their middle, or their start), the last one's baseline at ``bottom``."""
    for j, word in enumerate(words):
        out.append(
            f'<text x="{x}" y="{bottom - 16 * (len(words) - 1 - j)}" font-size="13" font-family="monospace" '
            f'font-weight="bold" text-anchor="{anchor}" fill="{pen.action}">{html.escape(word)}</text>'
        )


TITLE_H = 22


def compose(panels: Sequence[Panel], *, caption: str = "", middle: str = "", theme: str = "light") -> str:
    """Panels side by side: (board svg, width, height, panel title, lines under it), with a caption
    over all of them and ``middle`` (the action) on an arrow between the first two; two panels too wide
    side by side (``STACK_WIDTH``) are stacked, the action on an arrow down between them. ``theme``
    ("light" or "dark") gives the paper and the words their inks (the panels bring their own)."""
    pen = ink(theme)
    gap = 150 if middle else 24
    slots = [_slot(p) for p in panels]
    stacked = len(panels) == 2 and sum(slots) + gap > STACK_WIDTH
    total_w = max(slots) if stacked else sum(slots) + gap * (len(panels) - 1)
    head_lines = wrap_lines(caption, max(20, (total_w - MARGIN) * 10 // 96)) if caption else []
    head = 22 * len(head_lines) + (8 if head_lines else 0)
    heights = [TITLE_H + p[2] + 18 * len(p[4]) for p in panels]
    arrow_x = MARGIN + 16  # stacked: the arrow down at the left, the action's words beside it
    words = wrap_lines(middle, max(18, round((total_w - arrow_x - 20) / 8.2))) if middle else []
    between = 16 * len(words) + 44 if stacked else 0
    total_h = head + (sum(heights) + between if stacked else max(heights)) + 10
    page = total_w if stacked else page_width(total_w, total_h)  # a stacked picture is narrow: no wider page
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {page} {total_h}" width="100%" font-family="sans-serif" '
        f'role="img" aria-label="{html.escape(caption or "board")}">',
        f'<rect width="{total_w}" height="{total_h}" fill="{pen.paper}"/>',
    ]
    for i, line in enumerate(head_lines):
        out.append(
            f'<text x="{MARGIN}" y="{18 + 22 * i}" font-size="16" font-weight="bold" fill="{pen.text}">'
            f"{html.escape(line)}</text>"
        )
    if stacked:
        _panel(out, panels[0], 0, head, pen)
        y = head + heights[0]
        if words:
            _middle_words(out, words, arrow_x + 20, y + 10 + 16 * len(words), pen, "start")
            out.append(f'<path d="M{arrow_x} {y + 4} V{y + between - 14}" stroke="{pen.action}" stroke-width="4"/>'
                       f'<path d="M{arrow_x} {y + between - 4} l-8 -12 h16 Z" fill="{pen.action}"/>')  # fmt: skip
        _panel(out, panels[1], 0, y + between, pen)
    else:
        x = 0
        for i, p in enumerate(panels):
            _panel(out, p, x, head, pen)
            if words and i == 0:
                ax, ay = x + slots[i] + 10, head + TITLE_H + p[2] / 2
                _middle_words(out, wrap_lines(middle, 18), ax + (gap - 20) / 2, ay - 14, pen)
                out.append(
                    f'<path d="M{ax} {ay} H{ax + gap - 24}" stroke="{pen.action}" stroke-width="4"/>'
                    f'<path d="M{ax + gap - 20} {ay} l-12 -8 v16 Z" fill="{pen.action}"/>'
                )
            x += slots[i] + gap
    out.append("</svg>")
    return "".join(out)


def _play(game: GameLike, actions: Sequence[str]) -> list[Event]:
    """Play ``actions`` in order, all or nothing; an action with a seat prefix (``"P1: agri; …"``) is a
    whole turn line of a game that writes its turns as lines (``play_line``)."""
    for action in actions:
        _text(action, "an action")
    start = len(game)
    events: list[Event] = []
    try:
        for action in actions:
            play_line = getattr(game, "play_line", None)
            if play_line is not None and re.match(r"P\d+: ", action):
                events += play_line(action)
            else:
                events += game.apply(action)
    except ValueError:
        while len(game) > start:
            game.undo()
        raise
    return events


def still(svg: str, text: str) -> dict[str, Any]:
    """A course picture's display data: a PNG drawn at twice its size where PNG can be made, else the SVG.
    JupyterLab shrinks a PNG to a narrow cell and keeps its size in a wide one, where it stretches an SVG
    to the cell (a stacked picture would be blown up) and shows none in an untrusted notebook."""
    png, _ = png_display(svg)
    return {**(png or {"image/svg+xml": svg}), "text/plain": text}


class _Shown:
    """Something that displays several outputs in a notebook (pictures, narration, live board)."""

    def _outputs(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        from tigris_widget.core.reopen import display_live

        for bundle in self._outputs():
            display_live(bundle)  # a live board also leaves its picture for a reopened notebook


def live_board(
    game: GameLike, *, highlight: Iterable[Any] = (), caption: str = "", short: str = "", playable: bool = False
) -> dict[str, Any]:
    """The display data of a live board on ``game``: the widget for Jupyter, and for readers without a
    kernel or widget manager (GitHub, nbviewer, an exported page) one SVG picture of the same board with
    ``caption`` — ``BoardWidget``'s own fallback, never the replay. A caption too long for the width of
    that picture gives way to ``short`` (the static picture above it keeps the whole caption).

    Unless ``playable`` (a board to try an exercise on), the board is pinned where its caption says: it
    shows a copy of ``game`` as it is now, whose history can be stepped through and on which nothing can
    be played — a lesson's game goes on in the cells below, and a click must not change them."""
    from tigris_widget.jupyter.widget import BoardWidget

    board = BoardWidget(game if playable else game.clone(), playable=playable)
    if highlight:
        board.highlight(list(highlight), HIGHLIGHT)
    if caption:
        board.caption(caption)
    bundle: Any = board._repr_mimebundle_()
    data: dict[str, Any] = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
    size = re.search(r'width="(\d+)"', str(data.get("image/svg+xml", "")))
    if caption and short and size and 8 * len(caption) > int(size.group(1)):  # about 8 pixels a letter
        room = int(size.group(1)) // 8
        cut = short if len(short) <= room else short[: room - 1].rsplit(" ", 1)[0].rstrip(",;") + " …"
        return live_board(
            game, highlight=highlight, caption=cut, playable=playable
        )  # cut between words, and said to be
    data["text/plain"] = f"{caption or 'The board'} (live in Jupyter: step through it with ← and →)."
    return data  # the PNG's width comes back when it is displayed (``core.reopen.display_live``)


@dataclass
class Step(_Shown):
    """A rule shown as before → action → after (see ``show_step``)."""

    game: GameLike
    actions: tuple[str, ...]
    events: list[Event]
    svg: str
    start: int
    live: bool = True
    caption: str = ""
    highlight: tuple[XY, ...] = ()

    def _outputs(self) -> list[dict[str, Any]]:
        narration = Narration(self.events)
        out: list[dict[str, Any]] = [
            still(self.svg, f"before → {', '.join(self.actions)} → after"),
            {"text/html": narration._repr_html_(), "text/plain": str(narration)},
        ]
        if self.live:
            what = f"After {', '.join(self.actions)}"
            caption = f"{what}: {self.caption}" if self.caption else ""
            out.append(live_board(self.game, highlight=self.highlight, caption=caption, short=what))
        return out


def show_step(
    game: GameLike,
    *actions: str,
    highlight: Iterable[Any] = (),
    after_highlight: Iterable[Any] | None = None,
    labels: Mapping[Any, str] | None = None,
    after_labels: Mapping[Any, str] | None = None,
    caption: str = "",
    window: Window | tuple[int, int, int, int] | None = None,
    live: bool = True,
    action_text: str | None = None,
    titles: tuple[str, str] = ("Before", "After"),
    theme: str = "auto",
) -> Step:
    """Play ``actions`` on ``game`` (all or nothing) and show the board before and after them.

    :param highlight: squares framed on the *before* board (where the action goes, the pieces that
        matter); ``after_highlight`` on the *after* board (default: the same squares).
    :param labels: short texts on squares of the before board; ``after_labels`` on the after board.
    :param caption: the sentence over both pictures (it stays in the static picture).
    :param window: the part of the board shown, ``(x0, y0, x1, y1)``; default: what the game's course
        finds worth showing around the change (the whole board for a small one).
    :param action_text: the words on the arrow (default: the actions).
    :param titles: the titles over the two boards.
    :param theme: the picture's theme: ``"auto"`` (JupyterLab's, where the kernel can read it: see
        ``jupyter.lab_theme``), ``"light"`` or ``"dark"``.
    """
    shade = picture_theme(theme)
    hooks = _hooks(game)
    _text(caption, "caption")
    hl = _cells(hooks, highlight, "highlight")
    ahl = hl if after_highlight is None else _cells(hooks, after_highlight, "after_highlight")
    before_labels = _marks(hooks, labels, "labels")
    later_labels = _marks(hooks, after_labels, "after_labels")
    win = _as_window(window)
    start = len(game)
    events = _play(game, actions)
    end = len(game)
    if window is None:
        win = hooks.focus(game, start, end, set(hl) | set(ahl) | set(before_labels) | set(later_labels))
    try:
        b_svg, bw, bh = hooks.panel(game, start, win, highlight=hl, labels=before_labels, theme=shade)
        a_svg, aw, ah = hooks.panel(game, end, win, highlight=ahl, labels=later_labels, theme=shade)
    except ValueError:  # a window the game's board does not have: the step is taken back, all or nothing
        while len(game) > start:
            game.undo()
        raise
    svg = compose(
        [
            (b_svg, bw, bh, titles[0], hooks.lines(game, start, theme=shade)),
            (a_svg, aw, ah, titles[1], hooks.lines(game, end, start, theme=shade)),
        ],
        caption=caption,
        middle=action_text or ", ".join(actions),
        theme=shade,
    )
    return Step(game, tuple(actions), events, svg, start, live, caption, tuple(ahl))


def show_swap(game: GameLike, *actions: str, caption: str = "", live: bool = True, theme: str = "auto") -> Step:
    """Play ``actions`` (the first a swap of hand tiles) and show the hands before and after in large
    print, for a game whose course draws hands (``hands_picture`` among its hooks); ``theme`` as for
    ``show_step``."""
    shade = picture_theme(theme)
    hooks = _hooks(game)
    draw = getattr(hooks, "hands_picture", None)
    if draw is None:
        raise ValueError(f"the course of {game.name!r} draws no hands")
    _text(caption, "caption")
    start = len(game)
    events = _play(game, actions)
    try:
        svg = str(draw(game, start, len(game), actions, caption, theme=shade))
    except ValueError:
        for _ in actions:
            game.undo()
        raise
    return Step(game, tuple(actions), events, svg, start, live, caption)


@dataclass
class Picture(_Shown):
    """One board picture (static) with an optional live board."""

    game: GameLike
    svg: str
    live: bool = False

    def _outputs(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [still(self.svg, "a board picture")]
        if self.live:
            out.append(live_board(self.game))
        return out


def show_board(
    game: GameLike,
    *,
    highlight: Iterable[Any] = (),
    labels: Mapping[Any, str] | None = None,
    caption: str = "",
    window: Window | tuple[int, int, int, int] | None = None,
    status: bool = False,
    live: bool = False,
    theme: str = "auto",
) -> Picture:
    """The board as it stands (all-seeing), with framed squares, labels and a caption; with
    ``status`` the whole board and its status block (turn, prompt, each player's line) as the game's
    presenter draws it. ``theme`` as for ``show_step``."""
    shade = picture_theme(theme)
    hooks = _hooks(game)
    _text(caption, "caption")
    hl = _cells(hooks, highlight, "highlight")
    marks = _marks(hooks, labels, "labels")
    win = _as_window(window)
    if status:
        module = game_module(game.name)
        svg = module.picture_svg(
            module.present(game, None),
            highlight=[module.to_square(q) for q in hl],
            labels={module.to_square(q): t for q, t in marks.items()},
            caption=caption or None,
            theme=shade,
        )
        return Picture(game, fit(svg, wide=None), live)  # one board, sized like a live board's picture
    body, w, h = hooks.panel(game, len(game), win, highlight=hl, labels=marks, theme=shade)
    svg = compose([(body, w, h, "", hooks.lines(game, len(game), theme=shade))], caption=caption, theme=shade)
    return Picture(game, svg, live)


@dataclass
class Refusal(_Shown):
    """An illegal action: the board with the square framed, and the engine's refusal (rule code first)."""

    game: GameLike
    action: str
    message: str
    svg: str

    def _outputs(self) -> list[dict[str, Any]]:
        text = f"{self.action} → refused: {self.message}"
        return [
            still(self.svg, text),
            {"text/html": f"<p>✗ <code>{html.escape(self.action)}</code> is refused: <i>{html.escape(self.message)}</i></p>",
             "text/plain": text},
        ]  # fmt: skip


def show_refusal(
    game: GameLike,
    action: str,
    *,
    highlight: Iterable[Any] = (),
    labels: Mapping[Any, str] | None = None,
    caption: str = "",
    window: Window | tuple[int, int, int, int] | None = None,
    theme: str = "auto",
) -> Refusal:
    """Try ``action``; it must be illegal (nothing changes). Shows the board and the engine's reason,
    as the game explains it (its rule code first); ``theme`` as for ``show_step``."""
    shade = picture_theme(theme)
    hooks = _hooks(game)
    _text(caption, "caption")
    hl = _cells(hooks, highlight, "highlight")
    marks = _marks(hooks, labels, "labels")
    win = _as_window(window)
    start = len(game)
    try:
        _play(game, [action])
    except IllegalActionError as error:
        message = game_module(game.name).explain(error)
    else:
        while len(game) > start:  # a refusal shows the game unchanged, whatever was asked
            game.undo()
        raise ValueError(f"{action} is legal here: a refusal needs an illegal action")
    n = len(game)
    if win is None:
        win = hooks.focus(game, n, n, set(hl))
    body, w, h = hooks.panel(game, n, win, highlight=hl, labels=marks, theme=shade)
    title = f"{action}: refused — nothing changes, so one board"
    lines = [html.escape(x) for x in wrap_lines(message, max(40, 2 * w // 13))]
    if w <= 560 < 8.6 * len(title) + MARGIN:  # a long line as the title would blow a small board up to the page width
        title, lines = (
            "Refused — nothing changes, so one board",
            [f"<tspan font-family='monospace' font-weight='bold'>{html.escape(action)}</tspan>", *lines],
        )
    svg = compose([(body, w, h, title, lines)], caption=caption, theme=shade)
    return Refusal(game, action, message, svg)


@dataclass
class FinalScores(_Shown):
    """The final scoring of a game that is over, as the game's course tables it."""

    game: GameLike

    def _outputs(self) -> list[dict[str, Any]]:
        table, plain = _hooks(self.game).final_table(self.game)
        return [{"text/html": table, "text/plain": plain}]


def final_scores(game: GameLike) -> FinalScores:
    """End ``game`` if only a formality is left (T&E: the last pass), and show the final scoring."""
    _hooks(game).final_table(game)  # ends it, or says why it cannot be scored yet
    return FinalScores(game)


def picture(game: str, key: str, *, theme: str = "auto") -> Picture:
    """A named picture of a game's course (``PICTURES`` of its hooks: a legend, the board …);
    ``theme`` as for ``show_step``."""
    shade = picture_theme(theme)
    hooks = course_of(game)
    shown, panels, caption = hooks.picture(key, theme=shade)
    return Picture(shown, compose(list(panels), caption=caption, theme=shade))


def legend(game: str, *, theme: str = "auto") -> Picture:
    """Every piece and symbol of ``game``'s board, each drawn by its renderer with its name."""
    return picture(game, "legend", theme=theme)


# -- exercises ---------------------------------------------------------------------------------------


@dataclass
class Exercise(_Shown):
    """A small problem after a chapter: the position, the goal, a hint and the solution (folded), then
    a board to try it on (the puzzle board when the game's course gives a puzzle, else a live board)."""

    key: str
    game_name: str
    board: Any = field(default=None, repr=False)

    def _outputs(self) -> list[dict[str, Any]]:
        text, plain, puzzle, start = course_of(self.game_name).exercise(self.key)
        out: list[dict[str, Any]] = [{"text/html": text, "text/plain": plain}]
        if puzzle is not None:
            from tigris_widget.jupyter.puzzle_board import PuzzleBoard

            self.board = PuzzleBoard(puzzle, help_buttons=False)  # the hint and the solution are folded above
            out.append(self.board._repr_mimebundle_())
        else:
            self.board = start
            out.append(live_board(start, caption="Try it here; the answers are folded above", playable=True))
        return out


def exercise(key: str, game: str | None = None) -> Exercise:
    """The course exercise ``key`` of ``game`` (default: the game whose course has it)."""
    names = course_games() if game is None else (game,)  # a game without a course is never asked
    for name in names:
        if key in course_of(name).EXERCISES:
            return Exercise(key, name)
    known = ", ".join(k for name in names for k in course_of(name).EXERCISES)
    raise ValueError(f"unknown exercise {key!r}; choose from {known}")
