"""Hostile input for the *Ur* engine, generated with hypothesis.

Turn lines, position texts, records, Python objects, tampered step actions and option dicts: each one
either works or raises a ``ValueError`` (IllegalActionError, NotationError, PositionError, or a plain
ValueError for options) with a message about the input, and a game it was given to is unchanged
(same position text, same number of actions). Whatever is accepted must be a consistent position.
A moderate number of examples by default; ``--soak N`` (N > 0) runs at least 2,000 per property.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tigris_widget import IllegalActionError, NotationError, PositionError
from tigris_widget.games.ur import UrGame

from . import test_spec_cases as cases
from .urtext import invariant_violations, parse

# Phrases of Python internals that must never reach a user as the reason for a refusal.
INTERNAL = ("index out of range", "object has no attribute", "not subscriptable", "unhashable",
            "invalid literal", "unpack", "'NoneType' object", "not iterable", "recursion", "StopIteration", "division by zero",
            "positional argument", "unexpected keyword", "KeyError", "not supported between")  # fmt: skip


def examples(soak: int, default: int) -> int:
    return max(2_000, soak) if soak > 0 else default


def run(soak: int, default: int, strategy: st.SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    @settings(max_examples=examples(soak, default), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(strategy)
    def prop(value: Any) -> None:
        check(value)

    prop()


def assert_clean(err: BaseException, kinds: tuple[type[BaseException], ...]) -> None:
    assert isinstance(err, kinds), f"{type(err).__name__}: {err}"
    message = str(err)
    assert message.strip(), f"{type(err).__name__} without a message"
    assert not any(p in message for p in INTERNAL), message


def assert_consistent(game: UrGame) -> None:
    """An accepted game is consistent and its text re-reads identically."""
    text = game.to_position()
    assert invariant_violations(parse(text)) == [], text
    assert UrGame.from_position(text).to_position() == text
    if not game.is_over:
        assert game.legal_actions()


GAME_ERRORS: tuple[type[BaseException], ...] = (IllegalActionError, NotationError)


def refused_or_done(game: UrGame, call: Callable[[], object]) -> bool:
    """Run ``call`` on ``game``; a refusal must be clean and change nothing. True if it was accepted."""
    before, size = game.to_position(), len(game)
    try:
        call()
    except Exception as err:
        assert_clean(err, GAME_ERRORS)
        assert game.to_position() == before and len(game) == size
        return False
    return True


# -- pools of games, positions and records --------------------------------------------------------------
@cache
def game_pool() -> tuple[UrGame, ...]:
    """Games at many moments: setup rounds, initial exchange, play, game over; 2, 3 and 4 players."""
    pool: list[UrGame] = []
    for seed in range(9):
        players = 2 + seed % 3
        options: dict[str, object] = {"layout": ("colour", "face")[seed % 2], "turnLimit": 60}
        if players == 2:
            options["allowTwoPlayers"] = True
        game = UrGame.new(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        ply = 0
        while True:
            if ply < 3 * players + 2 or ply % 23 == 0 or game.is_over:
                pool.append(game.clone())
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
            ply += 1
    for name in ("TC05", "TC07", "TC13", "TC21", "TC24", "TC25", "TC29", "TC32"):
        pool.append(UrGame.from_position(getattr(cases, name)))
    return tuple(pool)


@cache
def texts() -> tuple[str, ...]:
    return tuple(g.to_position() for g in game_pool()) + tuple(
        getattr(cases, n) for n in dir(cases) if n.startswith("TC") and len(n) == 4 and n[2:].isdigit()
    )


@cache
def records() -> tuple[str, ...]:
    return tuple(g.to_record() for g in game_pool())


SEED_LINES = [
    "P1: agri; cube (2,2); exchange (4,1) side T",
    "P0: cube (2,2); war (2,2)->(1,2) move 1, (1,2)->(1,3) move 1; exchange (2,2) side W",
    "P2: culture (3,2)+1 | P0: (4,3)+1; exchange spare",
    "P1: politics (1,1)=5 (2,1)=0; trade; exchange (0,3) side P",
    "P0: zig (2,2) (4,4); exchange (5,0) side P",
    "P2: restart (2,2); exchange (0,0) side C",
    "P0: agri (3,1)+2 (1,2)+2; exchange (4,3) side W",
    "P0: exchange spare AT",
    "P2: place (3,4)",
    "P0: keep",
    "P1: pass",
]
WORDS = ["P0:", "P1:", "P2:", "P3:", "P9:", "agri", "trade", "culture", "politics", "war", "zig", "cube", "restart",
         "exchange", "spare", "side", "place", "keep", "pass", "x2", "x9", "move", "(0,0)", "(5,5)", "(6,0)",
         "(2,2)", "(-1,3)", "(2,2)+1", "(2,2)+9", "(1,1)=5", "(1,1)=-1", "(2,2)->(2,1)", "->", "|", ";", ",", "A",
         "T", "W", "Q", "AT", "TT", "CW", "99999999999999999999", "\u0663", "\x00", "(\u0662,1)", "；"]  # fmt: skip
ALPHABET = "PATCWZptcwa0123456789 ()+=-,;:|>x\n·"

lines = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join),
    st.builds(
        lambda s, t, i: s[:i] + t + s[i:],
        st.sampled_from(SEED_LINES),
        st.text(ALPHABET, max_size=6),
        st.integers(0, 90),
    ),
    st.builds(lambda s, i, j: s[:i] + s[j:], st.sampled_from(SEED_LINES), st.integers(0, 90), st.integers(0, 90)),
    st.builds(
        lambda s, i, c: s[:i] + c + s[i + 1 :],
        st.sampled_from(SEED_LINES),
        st.integers(0, 90),
        st.sampled_from(ALPHABET),
    ),
    st.just("P0: " + "agri; " * 500 + "pass"),
)
objects = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=4),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
    st.just(object()),
    st.just(UrGame),
)


def mutate_text(text: str, edits: list[tuple[int, int, int, str]]) -> str:
    """Apply small edits: 0 delete a span, 1 insert, 2 replace one character, 3 delete a line, 4 duplicate a line,
    5 swap two lines."""
    for kind, i, j, s in edits:
        n = max(len(text), 1)
        i, j = i % n, j % n
        rows = text.split("\n")
        r1, r2 = i % len(rows), j % len(rows)
        if kind == 0:
            text = text[: min(i, j)] + text[max(i, j) :][:1] + text[max(i, j) + 1 :]
        elif kind == 1:
            text = text[:i] + s + text[i:]
        elif kind == 2:
            text = text[:i] + (s[:1] or "?") + text[i + 1 :]
        elif kind == 3:
            text = "\n".join([*rows[:r1], *rows[r1 + 1 :]])
        elif kind == 4:
            text = "\n".join([*rows[:r1], rows[r1], *rows[r1:]])
        else:
            rows[r1], rows[r2] = rows[r2], rows[r1]
            text = "\n".join(rows)
    return text


edits = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5000), st.integers(0, 5000), st.text(ALPHABET, max_size=4)),
    min_size=1,
    max_size=4,
)


# -- turn lines ----------------------------------------------------------------------------------------
def test_play_line_refuses_hostile_lines(soak: int) -> None:
    pool = game_pool()

    def check(value: tuple[int, object]) -> None:
        game = pool[value[0] % len(pool)].clone()
        if refused_or_done(game, lambda: game.play_line(value[1])):  # type: ignore[arg-type]
            assert_consistent(game)

    run(soak, 300, st.tuples(st.integers(0, 10_000), st.one_of(lines, objects)), check)


# -- positions and records -------------------------------------------------------------------------------
def test_from_position_refuses_mutated_texts(soak: int) -> None:
    pool = texts()

    def check(value: tuple[int, list[tuple[int, int, int, str]]]) -> None:
        text = mutate_text(pool[value[0] % len(pool)], value[1])
        try:
            game = UrGame.from_position(text)
        except Exception as err:
            assert_clean(err, (PositionError, NotationError))
            return
        assert_consistent(game)

    run(soak, 300, st.tuples(st.integers(0, 10_000), edits), check)


def test_from_position_refuses_other_objects(soak: int) -> None:
    def check(value: object) -> None:
        try:
            UrGame.from_position(value)  # type: ignore[arg-type]
        except Exception as err:
            assert_clean(err, (PositionError, NotationError))

    run(soak, 60, objects.filter(lambda v: not isinstance(v, str)), check)


def test_from_record_refuses_mutated_records(soak: int) -> None:
    pool = records()

    def check(value: tuple[int, list[tuple[int, int, int, str]]]) -> None:
        text = mutate_text(pool[value[0] % len(pool)], value[1])
        try:
            game = UrGame.from_record(text)
        except Exception as err:
            assert_clean(err, (PositionError, NotationError, IllegalActionError))
            return
        assert_consistent(game)

    run(soak, 150, st.tuples(st.integers(0, 10_000), edits), check)


# -- step actions ----------------------------------------------------------------------------------------
def test_apply_and_play_refuse_other_objects(soak: int) -> None:
    pool = game_pool()

    def check(value: tuple[int, object, bool]) -> None:
        game = pool[value[0] % len(pool)].clone()
        call = game.apply if value[2] else game.play
        if refused_or_done(game, lambda: call(value[1])):  # type: ignore[arg-type]
            assert_consistent(game)

    run(soak, 200, st.tuples(st.integers(0, 10_000), objects, st.booleans()), check)


def field_names(action: object) -> list[str]:
    if dataclasses.is_dataclass(action):
        return [f.name for f in dataclasses.fields(action)]
    if hasattr(action, "_fields"):
        return list(action._fields)
    slots = [s for cls in type(action).__mro__ for s in getattr(cls, "__slots__", ())]
    return slots or list(vars(action))


def tampered(action: object, changes: list[tuple[int, object]]) -> object:
    """A copy of a step action with some fields set to other values, bypassing any constructor checks."""
    names = field_names(action)
    if not names:
        return action
    if hasattr(action, "_replace"):
        return action._replace(**{names[i % len(names)]: v for i, v in changes})
    out = copy.copy(action)
    for i, v in changes:
        object.__setattr__(out, names[i % len(names)], v)
    return out


field_values = st.one_of(
    st.integers(-3, 40),
    st.integers(),
    st.none(),
    st.booleans(),
    st.text(ALPHABET, max_size=4),
    st.tuples(st.integers(-1, 6), st.integers(-1, 6)),
    st.lists(st.integers(-1, 6), max_size=3).map(tuple),
    st.sampled_from(["A", "T", "C", "P", "W", "Q", "AT", "spare", ""]),
    st.floats(),
)


def test_tampered_step_actions_are_refused(soak: int) -> None:
    pool = [g for g in game_pool() if not g.is_over]

    def check(value: tuple[int, int, list[tuple[int, object]], bool]) -> None:
        game = pool[value[0] % len(pool)].clone()
        legal = game.legal_actions()
        action = tampered(legal[value[1] % len(legal)], value[2])
        call = game.apply if value[3] else game.play
        if refused_or_done(game, lambda: call(action)):
            # Only an action equal to a legal one may be accepted.
            assert any(action == a for a in legal), f"accepted an illegal action {action!r}"
            assert_consistent(game)

    run(soak, 300, st.tuples(st.integers(0, 10_000), st.integers(0, 10_000),
                             st.lists(st.tuples(st.integers(0, 20), field_values), min_size=1, max_size=3),
                             st.booleans()), check)  # fmt: skip


def test_legal_actions_apply_and_their_text_is_stable() -> None:
    """Every listed step action applies to a copy; a different action never has the same text."""
    for game in game_pool()[::3]:
        if game.is_over:
            continue
        legal = game.legal_actions()
        assert len({str(a) for a in legal}) == len(legal)
        for action in legal[:: max(1, len(legal) // 8)]:
            copy_ = game.clone()
            copy_.apply(action)
            assert len(copy_) == len(game) + 1
            copy_.undo()
            assert copy_.to_position() == game.to_position()


# -- options -------------------------------------------------------------------------------------------
OPTION_NAMES = ["layout", "warTileDiscount", "agricultureOnEmpty", "allowTwoPlayers", "turnLimit"]
option_values = st.one_of(
    st.booleans(),
    st.integers(-5, 500),
    st.integers(),
    st.sampled_from(["true", "false", "colour", "face", "yes", "0", "1", "200", "-1", "", "True", "none"]),
    st.text(max_size=8),
    st.none(),
    st.floats(),
    st.lists(st.integers(), max_size=2),
)


def test_new_refuses_bad_options(soak: int) -> None:
    def check(value: tuple[object, object, object]) -> None:
        players, seed, options = value
        try:
            game = UrGame.new(players=players, seed=seed, options=options)  # type: ignore[arg-type]
        except Exception as err:
            assert_clean(err, (ValueError,))
            return
        assert players in (2, 3, 4)
        assert_consistent(game)

    run(soak, 300, st.tuples(
        st.one_of(st.sampled_from([3, 4, 2]), st.integers(-2, 8), objects),
        st.one_of(st.integers(0, 2**40), objects),
        st.one_of(st.dictionaries(st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=10)), option_values,
                                  max_size=5), objects),
    ), check)  # fmt: skip


def test_play_is_all_or_nothing(soak: int) -> None:
    """A legal step followed by hostile input: play() refuses the whole sequence and undoes the first step."""
    pool = [g for g in game_pool() if not g.is_over]

    def check(value: tuple[int, int, object]) -> None:
        game = pool[value[0] % len(pool)].clone()
        legal = game.legal_actions()
        first = legal[value[1] % len(legal)]
        if refused_or_done(game, lambda: game.play(first, value[2])):  # type: ignore[arg-type]
            assert_consistent(game)

    run(soak, 150, st.tuples(st.integers(0, 10_000), st.integers(0, 10_000), st.one_of(objects, lines)), check)
