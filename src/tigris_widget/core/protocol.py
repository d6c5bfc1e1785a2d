"""The rules protocol: what every game offers the shared layers (bots, render, puzzles, jupyter, CLI).

A game is a package under ``tigris_widget.games``; its facade class (T&E's ``Game``, Ur's ``UrGame``)
holds a start, the actions played and one state per ply, and answers the questions below. The shared
layers speak only this protocol, so a third game is a new folder, not a rewrite. It follows the
OpenSpiel split loosely: the facade is the game *and* its history; ``clone`` is the cheap copy that
search uses, and every decision — setup choices, turn actions, allocations, support, the exchange — is
one action by one seat, listed by ``decision``/``legal_actions`` and played with ``apply``.

Typing is structural (``typing.Protocol``): the games do not inherit from anything here.

**Actions.** An action is a value the game's ``apply`` accepts, never a ``str``: text is for people
(``apply`` also parses an action's text, and the bot runner refuses a ``str`` from a bot, so a bot
cannot smuggle unchecked text in). Actions are hashable and equal by value (searches key trees and
tables on them), and ``str(action)`` is the action's notation, which ``apply`` reads back.

**Chance.** A game with dice (or any draw a seat makes in the open) shows each roll as a decision of
kind ``CHANCE_KIND`` (``"chance"``): its ``seat`` is the seat that rolls, its only choice is the
game's roll request action, and it also has ``outcomes: tuple[tuple[str, float], ...]``, every
possible outcome as text with its probability (summing to 1). Playing the request draws the outcome
from the game's private seed as a function of (seed, ply), so that undo then roll gives the same
outcome and a clone agrees; no view, position text, record, error message or repr shows that seed.
The history records the *outcome* (an action of its own), so ``to_record``/``from_record`` replay
exactly; ``apply(outcome)`` is accepted only when it equals what the dice give at that ply (a game
replaying its own actions), else refused with an error saying so. The shared bots see chance
through the optional ``BotRules`` member ``chance_outcomes`` (``ChanceHook``).

**Registering.** A game package keeps ``GameModule``: ``core.registry.game_module`` checks its
required members on first import (``core.registry.GameRegistrationError`` lists every one missing or
wrong); the optional hooks may be absent, and the shared layers read them through ``core.hooks``,
which gives each its "this game has none" default.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict, runtime_checkable

from tigris_widget.core.analysis import Analysis, AnalysisRequest
from tigris_widget.core.bot import Bot
from tigris_widget.core.events import Event


@runtime_checkable
class DecisionLike(Protocol):
    """Who must decide what now: ``seat`` chooses one of ``choices`` (complete and sorted)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def choices(self) -> tuple[Any, ...]: ...

    @property
    def prompt(self) -> str: ...


CHANCE_KIND = "chance"
"""The ``kind`` of a chance decision: the seat rolls; the game's private seed decides the outcome."""


@runtime_checkable
class ChanceDecisionLike(DecisionLike, Protocol):
    """A chance decision (``kind == CHANCE_KIND``): ``choices`` is the roll request alone, and
    ``outcomes`` every outcome's text with its probability (they sum to 1)."""

    @property
    def outcomes(self) -> tuple[tuple[str, float], ...]: ...


@runtime_checkable
class StandingLike(Protocol):
    """One seat's score as the game's own rules count it, and its place (1 = first; ties share)."""

    @property
    def seat(self) -> int: ...

    @property
    def points(self) -> int: ...

    @property
    def place(self) -> int: ...


@runtime_checkable
class GameLike(Protocol):
    """A game in progress, as every shared layer sees it."""

    name: str
    """The game's registry name (``"tigris"``, ``"ur"``): the package ``tigris_widget.games.<name>``."""

    # -- where it stands ------------------------------------------------------------------------
    @property
    def players(self) -> int: ...

    @property
    def decision(self) -> DecisionLike | None:
        """The pending decision; None once the game is over. A roll of dice is a decision of kind
        ``CHANCE_KIND`` (``ChanceDecisionLike``: see *Chance* above)."""

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def is_legal(self, action: Any) -> bool: ...

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know (its ``decision`` lists the choices when it must decide); what a bot sees."""

    def standings(self) -> Sequence[StandingLike]:
        """The score of every seat now by the game's final scoring, best first."""

    # -- playing --------------------------------------------------------------------------------
    def apply(self, action: Any, seat: int | None = None) -> list[Event]:
        """Play one action — a value of the game's action type (never a ``str``: see *Actions* above) or
        its text, which is parsed —; refused actions raise ``IllegalActionError`` naming the rule and
        change nothing; ``seat`` refuses unless that seat must decide now."""

    def undo(self) -> Any: ...

    def clone(self) -> GameLike: ...

    def subscribe(self, callback: Callable[[Any, str], None]) -> Callable[[], None]: ...

    # -- history --------------------------------------------------------------------------------
    def __len__(self) -> int: ...

    @property
    def actions(self) -> list[Any]: ...

    @property
    def actors(self) -> list[int]: ...

    @property
    def events(self) -> list[list[Event]]:
        """The public events of each action played, in order."""

    # -- text forms -----------------------------------------------------------------------------
    def to_position(self) -> str: ...

    def to_record(self) -> str:
        """The whole game as text that ``from_record`` replays exactly."""


class BotRules(Protocol):
    """What a game of perfect information tells the shared bots (``tigris_widget.bots.generic``), so
    that one greedy bot and one tree search serve every such game.

    The first six members are the tree search's ``bots.mcts.SearchRules`` (how to copy a state, who
    moves, the legal actions, how to play one unchecked, a fast playout policy, every seat's chance of
    winning); the rest serve the greedy bot, which tries each legal action, completes the turn with
    the game's own policy and keeps the action that leaves it furthest ahead."""

    def state_of(self, view: Any) -> Any:
        """The game state a seat's view shows (the whole state: nothing is hidden)."""

    def clone(self, state: Any) -> Any: ...

    def to_move(self, state: Any) -> int | None: ...

    def legal(self, state: Any) -> Sequence[Any]: ...

    def play(self, state: Any, action: Any) -> None: ...

    def playout_action(self, state: Any, rng: random.Random) -> Any: ...

    def evaluate(self, state: Any) -> list[float]: ...

    def turn_of(self, state: Any) -> Any:
        """A key of the turn under way: it changes once the turn is complete."""

    def finish_action(self, state: Any) -> Any:
        """The completion policy's next action: a fast, sensible way to finish the turn."""

    def margin(self, state: Any, seat: int) -> float:
        """How far ``seat`` leads the best other seat by the evaluation (negative: trails)."""

    def restless(self, action: Any) -> bool:
        """An action that can be repeated without end within a turn at no cost (the greedy bot breaks
        ties against it and stops taking it after a while)."""


class ChanceHook(Protocol):
    """The optional ``chance_outcomes`` member of a game's ``BotRules``, for games with dice: the tree
    search (``bots.mcts``, ``bots.generic``) treats a state with outcomes as a chance node, weighing
    each outcome by its probability instead of choosing. ``core.hooks.chance_outcomes`` reads it (no
    member: no chance nodes)."""

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        """At a chance node, every outcome (an engine action that ``legal``/``play`` also accept) with
        its probability, summing to 1; empty when a seat decides."""


@dataclass(frozen=True)
class SearchDefaults:
    """The budget per decision of the shared ``search`` bot when none is asked (``search`` without
    ``:800`` or ``:0.5s``): ``iterations``, or ``seconds`` of thinking, or both (the first reached
    stops it). A game sets its own as the optional module constant ``SEARCH_DEFAULTS``; read it with
    ``core.hooks.search_defaults``."""

    iterations: int | None = 60
    """Iterations per decision (``bots.generic.TreeSearchBot``'s 60 by default)."""
    seconds: float | None = None
    """Seconds per decision (None: the iterations alone bound it)."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search default needs iterations or seconds")
        if self.iterations is not None and (type(self.iterations) is not int or self.iterations < 1):
            raise ValueError(f"search default iterations must be a positive whole number, not {self.iterations!r}")
        if self.seconds is not None and not (isinstance(self.seconds, (int, float)) and 0 < self.seconds < 1e9):
            raise ValueError(f"search default seconds must be a positive number, not {self.seconds!r}")


SHARED_SEARCH_DEFAULTS = SearchDefaults()
"""The budget for a game that sets no ``SEARCH_DEFAULTS``: the shared search's today."""


@dataclass(frozen=True)
class BenchMeasure:
    """One of a game's own benchmark figures (the optional ``bench_extras()`` of its module, by JSON
    key): ``measure(seconds, clock)`` takes about ``seconds`` (or a short fixed time) timed with
    ``clock`` (wall time, or CPU time in ``bench --compare``'s workers) and returns the figure, which
    ``bench`` prints after ``description``."""

    description: str
    """What the figure is, with its unit ("2-player games/s, fast playout policy")."""
    measure: Callable[[float, Callable[[], float]], float]
    compare: bool = False
    """Also measured by ``bench --compare`` (pure Python against compiled), as ``<game>_<key>``."""


class RolloutHook(Protocol):
    """The optional ``rollout`` member of a game's ``BotRules``: with it, the game's ``search`` bot is
    ``bots.generic.RolloutSearchBot``, which judges each candidate by playing to the end."""

    def rollout(self, state: Any, seed: int) -> list[float]:
        """Every seat's share of the win after ``state`` (changed in place) is played to the end as the
        game's model of its players plays it, its random choices drawn from ``seed``."""

    def search_every_step(self, state: Any) -> bool:
        """Optional: whether the search weighs every step of a turn in ``state``'s game (else only the
        first step of each turn, the rest played as the greedy bot plays)."""


# -- puzzles: what the puzzle library, its CLI, the PuzzleBoard and the PuzzleBrowser ask of a game --
@runtime_checkable
class VerdictLike(Protocol):
    """A judgement: of a whole try (``status`` "solved", "failed" or "playing") or of the step just
    made ("good", "bad" or "unclear"), with ``message`` in plain words."""

    @property
    def status(self) -> str: ...

    @property
    def message(self) -> str: ...


class PuzzleGoalLike(Protocol):
    @property
    def text(self) -> str:
        """The goal as the puzzle states it ("Win the tile (3,2) from P1 …")."""


@runtime_checkable
class PuzzleLike(Protocol):
    """One puzzle: a position, whose turn it is, a goal for that turn and a verified solution."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def position(self) -> str: ...

    @property
    def goal(self) -> PuzzleGoalLike: ...

    @property
    def solution(self) -> tuple[str, ...]:
        """The puzzle player's actions of one solving line (other seats answer with ``reply``)."""

    @property
    def themes(self) -> tuple[str, ...]: ...

    @property
    def source(self) -> str:
        """``"hand-made"`` or ``"mined"``."""

    @property
    def explanation(self) -> str: ...

    @property
    def topic(self) -> str: ...

    @property
    def origin(self) -> Mapping[str, Any] | None: ...

    @property
    def seat(self) -> int: ...

    @property
    def elo(self) -> int:
        """The difficulty as a rating (about 600–2200)."""

    @property
    def label(self) -> str: ...

    @property
    def difficulty(self) -> int: ...

    def game(self) -> GameLike:
        """A new game at the puzzle's position."""

    def check(self, game: Any) -> VerdictLike:
        """Judge a try (a game started from ``game()``): solved, failed, or still playing."""

    def judge(self, game: Any) -> VerdictLike:
        """Judge the step just played in a try: still on course, off it, or can't tell."""

    def reply(self, game: Any) -> Any | None:
        """Another seat's answer when it must decide inside the puzzle's turn; None when the player decides."""

    def hint(self, level: int = 0) -> str: ...

    def play_solution(self) -> GameLike: ...


class PuzzleBook(Protocol):
    """A game's puzzles and the words to show them, for the shared puzzle layer."""

    THEMES: Mapping[str, str]
    """Every theme a puzzle of the game can have, with its name as a person reads it."""
    LABELS: tuple[tuple[float, str], ...]
    """Rating labels: (upper bound, word), lowest first."""
    DATA: str
    """The shipped data file of mined puzzles, in the package ``games/<name>/puzzles/data/``."""

    def check_file(self, data: object, name: str) -> dict[str, Any]:
        """``data`` if it is a puzzle file of this game; ``ValueError`` naming what is wrong."""

    def puzzles(self, shipped: Mapping[str, Any]) -> Sequence[PuzzleLike]:
        """Every puzzle of the game: the hand-made ones, then those of the shipped file ``shipped``."""

    def rating_label(self, rating: float) -> str: ...

    def theme_names(self, puzzle: PuzzleLike) -> list[str]:
        """The puzzle's themes by name (derived from its solution or topic when it lists none)."""

    def who(self, puzzle: PuzzleLike) -> str:
        """Who plays the puzzle, by name ("Lion", "P1")."""

    def setting(self, puzzle: PuzzleLike) -> str:
        """A line about the pieces off the board that matter (hands, spares)."""

    def summary(self, puzzle: PuzzleLike) -> dict[str, Any]:
        """The game's own facts for ``puzzles list --json`` (players, board, goal, who plays…)."""

    def describe(self, puzzle: PuzzleLike) -> str:
        """The text of ``puzzles show``."""

    def verify(self, puzzle: PuzzleLike) -> list[str]:
        """What is wrong with a puzzle (empty: nothing)."""

    def mine(
        self, games: int, seed: int, *, workers: int, scheduler: str | None, settings: str, progress: Any,
        searcher: Any,
    ) -> dict[str, Any]:  # fmt: skip
        """A mining run as a puzzle file (``format``, ``command``, ``stats``, ``puzzles``). ``searcher`` is
        the shared tree search for games with ``bot_rules`` (``puzzles.turns.TurnSearcher``), else None."""

    def add_run(self, library: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
        """A puzzle file with the puzzles of another run added after its own."""

    def goal_kinds(self) -> Mapping[str, str]:
        """The goals a person can set, as written (``kind key=value …``), each with what it asks."""

    def make(self, position: str, goal: Mapping[str, Any], *, title: str, seat: int | None) -> PuzzleLike:
        """The puzzle of ``position`` with the goal spec ``goal`` (``{"kind": …, …}``), checked as the
        game's miner checks its own: ``ValueError`` naming the check it fails ("not a puzzle: …"). The
        puzzle's ``origin["made"]`` is the check's report (``MadeReport``); ``seat``, when given, must be
        the one to play."""

    # Optional members (read through ``core.hooks``, each with its default): ``entry`` and
    # ``from_entry`` (``PuzzleEntries``) let a user's library file (``puzzles.saved``) hold the game's
    # puzzles; ``solution_problems`` (``SolutionCheck``) is the check a loaded puzzle must pass.


class MadeReport(TypedDict):
    """What ``PuzzleBook.make`` found, kept in the made puzzle's ``origin["made"]`` (plain JSON)."""

    solution: list[str]
    """The player's actions of the solving line."""
    line: list[str]
    """The whole line, the other seats' answers included."""
    unique_first_step: bool | None
    """Does only one first choice reach the goal (None: too many lines to tell)?"""
    rating: int
    themes: list[str]


class PuzzleEntries(Protocol):
    """A puzzle as one entry of a user's puzzle file and back (optional ``PuzzleBook`` members; without
    them the game's puzzles cannot be saved)."""

    def entry(self, puzzle: PuzzleLike) -> dict[str, Any]:
        """The puzzle's fields as JSON: the shared ones (``key``, ``title``, ``position``, ``seat``,
        ``goal`` in the game's stored form, ``solution``, ``themes``, ``rating``, ``explanation``,
        ``source``, ``origin``) and any of the game's own."""

    def from_entry(self, data: Mapping[str, Any]) -> PuzzleLike:
        """The puzzle an entry describes; ``core.puzzle.PuzzleFieldError`` naming the bad field."""


class SolutionCheck(Protocol):
    """The check a loaded puzzle must pass (optional ``PuzzleBook`` member; default: the solution
    replays, other seats answering with ``reply``, and ``check`` says solved)."""

    def solution_problems(self, puzzle: PuzzleLike) -> list[str]:
        """What is wrong with the puzzle's solution (empty: it is legal and solves the puzzle)."""


class GameModule(Protocol):
    """What a game package exports for the registry (``tigris_widget.games.<name>``).

    Every member is required (``core.registry`` checks them) except those under *optional hooks*
    below, which the shared layers read only through ``core.hooks`` (each has a "none" default)."""

    NAME: str
    """The registry name, equal to the package's folder name."""
    TITLE: str
    """How people name the game: "Tigris & Euphrates", "Ur"."""
    HIDDEN_INFORMATION: bool
    """Does the game hide anything from a seat (hands, the bag's order)? The dashboards offer the
    all-seeing and read-from-play analyses only then."""
    PLAYERS: tuple[int, ...]
    """Every player count the game can be played with, ascending (a count that needs a rule option —
    Ur's two players — is listed: ``new_game`` refuses it without the option, naming it)."""
    DEFAULT_PLAYERS: int
    """The count a command or helper plays when none is given (one of ``PLAYERS``)."""

    def new_game(self, players: int, seed: int | None, options: Mapping[str, Any] | None) -> GameLike: ...

    def game_from_position(self, text: str) -> GameLike: ...

    def game_from_record(self, text: str) -> GameLike: ...

    # -- how the game looks: what the board widget and the static pictures ask of it ----------------
    SQUARES: int
    """How many squares (cells) the board has: heatmaps hold one value per square."""

    def to_square(self, value: object) -> int:
        """A square from the forms people write (an int, an ``(x, y)`` pair, text); ``ValueError`` otherwise."""

    def present(
        self, game: GameLike, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = 12
    ) -> dict[str, Any]:
        """The view JSON (``core.view`` envelope around the game's body, legal targets included) of
        ``game`` seen by ``seat`` (None: all-seeing) after ``ply`` actions (default: the latest);
        ``revision`` counts changes of the game (part of ``state_id``), ``log_window`` how many plies
        before the shown one the log holds."""

    def intent_action(self, view: Mapping[str, Any], content: Mapping[str, Any]) -> str:
        """The action text an intent from the board asks for (``content`` without ``kind`` and
        ``state_id``), for the view it was sent from; ``ValueError`` naming what is malformed. The
        engine still judges the action: this only writes it out."""

    def picture_svg(self, view: Mapping[str, Any], **options: Any) -> str:
        """A static SVG picture of a view JSON of this game (options as the game documents them;
        every game takes ``highlight``, ``arrows``, ``labels``, ``caption``, ``theme``, and ``ghost``,
        ``highlight_ink``, ``arrow_ink``: a move not played drawn translucent, the overlays' colours)."""

    def explain(self, err: ValueError) -> str:
        """A refusal as a person reads it (the rule's section named), for the board's error line."""

    def bot_rules(self) -> BotRules | None:
        """The game's knowledge for the shared bots; None when its bots are written for it alone."""

    # -- turns and scores: what the notebook's stepper and charts ask of a game ----------------------------------
    def turn_starts(self, game: GameLike) -> list[int]:
        """The plies at which a turn (or a setup step) begins, ascending, 0 first: the stepper's
        "turn" steps and the charts' turn marks."""

    def scores_public(self, game: GameLike) -> bool:
        """Whether every seat may see every seat's score during the game (else a seat's own view shows
        only its own score until the game is over)."""

    def moves(self, game: GameLike) -> list[tuple[int, int]]:
        """How the plies of ``game`` group into the moves its analysis judges, as (first ply, plies):
        one action each where decisions are single actions, a whole turn where turns are many steps."""

    # == optional hooks: absent means "this game has none"; read them through ``core.hooks`` ==========
    # (declared here for their types; ``core.hooks`` names each one's default)
    SEARCH_DEFAULTS: SearchDefaults
    """The shared search bot's budget when none is asked (default ``SHARED_SEARCH_DEFAULTS``)."""
    SCORE_UNIT: tuple[str, str]
    """What a standing's ``points`` count, singular and plural, as reports print them (default
    ``("point", "points")``; the Royal Game counts pieces borne off)."""

    def puzzle_book(self) -> PuzzleBook:
        """The game's puzzles, their themes and rating words, how to judge, verify and mine them
        (default: none — the game is absent from puzzle lists)."""

    def course_hooks(self) -> CourseHooks:
        """The game's lessons, pictures and exercises for the course helpers (default: none — the
        game has no course, and exercise lookups skip it)."""

    def own_bots(self) -> Mapping[str, Callable[..., Bot]]:
        """Bots written for this game alone, by command-line name (each takes ``seed``; ``search`` also
        ``iterations`` and ``seconds``); default empty: the shared bots serve it through ``bot_rules()``."""

    def bench_extras(self) -> Mapping[str, BenchMeasure]:
        """The game's own benchmark figures by JSON key, after the shared ones (default: none)."""

    def play_result(self, game: GameLike) -> tuple[dict[str, Any], str]:
        """A finished game's result as ``play`` reports it: JSON facts and the lines to print (default:
        every seat's place and points by ``standings()``)."""

    # -- anytime analysis: one request object, a generator that can be extended ----
    def analyze(self, game: GameLike, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
        """The search's analysis of the decision pending in ``game`` for the seat that must decide,
        better ones as it runs: one at once, then every ``request.every`` seconds, the last with
        ``final`` set, within ``request.budget`` or until ``request.stop`` is set. After a final
        analysis, ``send(seconds)`` searches the *same tree* that much longer (the same way, ending in
        another final one); ``next`` or ``send(None)`` ends it. A fair analysis reads only that seat's
        view; ``request.all_seeing`` may read everything (a labelled teaching mode); ``request.read_play``
        asks a game that hides something to sample it as the play so far suggests. ``request.focus`` is
        one candidate as action texts (a move played, for a review) that the analysis must hold and
        search as well as its best (then it cannot be extended). ``bots.analysis`` has checked that
        ``game`` is this game's and not over, and the request is validated.

        Default (no ``analyze``): the shared search's analysis over ``bot_rules()`` (``bots.analysis``).

        :raises ValueError: a focus this game cannot play (naming it)."""

    # ``score_parts`` (``ScorePartsHook``) and ``rivals_analysis`` (``RivalsAnalysisHook``) are optional too.


# -- course hooks: what the course notebooks ask of a game ------------------------------------
Cell = tuple[int, int]
"""A square of a board as ``(x, y)``: column from the left, row from the top."""


@dataclass(frozen=True)
class Window:
    """Columns ``x0..x1`` and rows ``y0..y1`` of the board shown in a picture."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0 + 1

    @property
    def height(self) -> int:
        return self.y1 - self.y0 + 1


class CourseHooks(Protocol):
    """What a game offers the shared course helpers (``jupyter.course``, ``jupyter.lessons``): its
    lesson positions, a picture of its board at any ply, the lines under it, its final scoring, its
    exercises and a few named pictures. Every picture is SVG text; the shared helpers compose them
    (before → after, refusals) and add the live board and the narration."""

    LESSONS: Mapping[str, str]
    """Lesson key → title; ``lesson(key)`` is a game at its start."""
    EXERCISES: Mapping[str, str]
    """Exercise key → title."""
    PICTURES: Mapping[str, str]
    """Picture key (``"legend"`` …) → what it shows."""

    def lesson_builder(self, key: str) -> Any:
        """Whatever makes the lesson's position (to vary it before ``.game()``)."""

    def lesson(self, key: str) -> GameLike: ...

    def cell(self, where: object) -> Cell:
        """``(x, y)`` of a square written any way the game accepts; ``ValueError`` otherwise."""

    def panel(
        self,
        game: GameLike,
        ply: int,
        window: tuple[int, int, int, int] | None,
        *,
        highlight: Sequence[Cell] = (),
        labels: Mapping[Cell, str] | None = None,
        theme: str = "light",
    ) -> tuple[str, int, int]:
        """The board (all-seeing) after ``ply`` actions, cropped to ``window`` ``(x0, y0, x1, y1)``
        (None: the whole board): a nested ``<svg x="0" y="0" …>`` and its width and height, drawn in
        ``theme`` ("light" or "dark", as every picture of a course)."""

    def focus(self, game: GameLike, start: int, end: int, cells: set[Cell]) -> tuple[int, int, int, int] | None:
        """The window worth showing for a change from ply ``start`` to ``end`` around ``cells``."""

    def lines(self, game: GameLike, ply: int, since: int | None = None, *, theme: str = "light") -> list[str]:
        """SVG text lines (``<tspan>`` markup) under a board at ``ply``: each seat's standing; numbers
        that changed since ply ``since`` are marked (their inks for ``theme``'s paper)."""

    def final_table(self, game: GameLike) -> tuple[str, str]:
        """The final scoring of a finished game (ended first if only a formality is left): HTML and plain."""

    def exercise(self, key: str) -> tuple[str, str, Any, GameLike]:
        """An exercise: its HTML (hint and solution folded in ``<details>``), plain text, the puzzle a
        ``PuzzleBoard`` can play (None: none) and the game at its start."""

    def picture(
        self, key: str, *, theme: str = "light"
    ) -> tuple[GameLike, Sequence[tuple[str, int, int, str, list[str]]], str]:
        """A named picture (``PICTURES``) in ``theme``: the game it shows, its panels (nested ``<svg>``,
        width, height, title, SVG lines under it) and a caption, for ``jupyter.course`` to compose."""


# -- score parts: a game's optional picture of what its scores are made of, for the charts ----
@dataclass(frozen=True)
class ScoreParts:
    """What each seat's score is made of after every action — T&E's four colour scores, of which the
    weakest decides —, for a chart beside the standings. A game offers it through an *optional* module
    function ``score_parts(game, seat) -> ScoreParts | None`` (``ScorePartsHook``); a game without one
    (or returning None) gets the standings chart only."""

    title: str
    """What the chart shows ("colour scores (the weakest, bold, is the score)")."""
    parts: tuple[str, ...]
    """The parts' names, in drawing order ("black", "red", …)."""
    ink: tuple[str, ...]
    """One line colour per part on a light background …"""
    ink_dark: tuple[str, ...]
    """… and on a dark one (the charts add a dash pattern and a marker per part: colour is never the only cue)."""
    values: tuple[tuple[tuple[int, ...] | None, ...], ...]
    """``values[ply][seat]``: one number per part after ``ply`` actions; None where ``seat`` may not see it."""
    deciding: tuple[tuple[tuple[int, ...], ...], ...]
    """``deciding[ply][seat]``: the indices of the parts that decide the score there (ties: several)."""


class ScorePartsHook(Protocol):
    """The optional ``score_parts`` function of a game module (looked up with ``getattr``)."""

    def score_parts(self, game: GameLike, seat: int | None) -> ScoreParts | None:
        """The parts of every seat's score over ``game`` as ``seat`` may see them (None: everything)."""


class RivalsAnalysisHook(Protocol):
    """The optional ``rivals_analysis`` function of a game module (looked up with ``getattr`` by
    ``bots.stability``): a long search that also searches its ``top`` most visited root moves (and the
    moves ``extra`` names) to ``visits`` each, so that the runner-up's value is measured, not guessed
    from a handful of visits. A game without one is judged on its plain analyses."""

    def rivals_analysis(self, game: GameLike, iterations: int, *, seed: int, top: int = 3, visits: int = 2000,
                        extra: Sequence[str] = ()) -> Analysis:  # fmt: skip
        """The analysis of ``game`` after ``iterations``, its rivals measured."""
