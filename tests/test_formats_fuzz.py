"""Property-based tests of the formats: notation, position text and game records.

Every input either works or raises a ``ValueError`` subclass whose message is about the input
(never a Python internal such as "list index out of range"), and a game it was applied to is
unchanged. Valid inputs round-trip, and a position that loads can be played. A few hundred
examples per run; ``--soak N`` (N > 0) runs at least 10,000 per property.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tigris_widget import Game
from tigris_widget.core.files import load_json
from tigris_widget.games.tigris.engine.core.actions import Action, parse_action
from tigris_widget.games.tigris.engine.core.errors import NotationError, PositionError
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import D_ACTION, DECISION_NAMES, DYNASTY_CODES
from tigris_widget.games.tigris.engine.rules.deal import deal
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.playout import random_action
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.formats.positions import format_position, parse_position

INTERNAL = ("index out of range", "shift count", "NoneType", "object has no attribute", "not subscriptable",
            "unhashable", "Exceeds the limit", "invalid literal", "unpack", "not iterable", "recursion",
            "StopIteration", "division by zero", "takes exactly", "positional argument")  # fmt: skip
V1_TEXTS = tuple(p.read_text() for p in sorted((Path(__file__).parent / "fixtures" / "positions_v1").glob("*.txt")))


def examples(soak: int, default: int) -> int:
    return max(10_000, soak) if soak > 0 else default


def run(soak: int, default: int, strategy: st.SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    """Run ``check`` on ``strategy`` for the default number of examples, or a soak run's."""

    @settings(max_examples=examples(soak, default), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(strategy)
    def prop(value: Any) -> None:
        check(value)

    prop()


def assert_clean(err: BaseException) -> None:
    """A refusal: a ValueError subclass with a message about the input."""
    assert isinstance(err, (NotationError, PositionError)), f"{type(err).__name__}: {err}"
    message = str(err)
    assert message and not any(phrase in message for phrase in INTERNAL), message


@cache
def state_pool() -> tuple[GameState, ...]:
    """States from random games at many points: 2–4 players, both boards, every variant and end
    option, and every kind of pending decision."""
    pool: list[GameState] = []
    variants = [(), ("buildings",), ("ziggurat",), ("buildings", "ziggurat")]
    for seed in range(16):
        setup = GameSetup(
            players=2 + seed % 3,
            board=("classic", "alternative")[seed % 2],
            variants=frozenset(variants[seed % 4]),
            options={"bag_empty_end": ("finish_turn", "immediate")[seed // 8]},
        )
        s = deal(setup, seed)
        rng = random.Random(seed)
        n = 0
        while True:
            if s.phase != D_ACTION or n % 15 == 0 or s.over:
                pool.append(s.clone())
            if s.over:
                break
            apply_unchecked(s, random_action(s, rng))
            n += 1
    return tuple(pool)


def playable(s: GameState) -> None:
    """After a position loads: legal actions exist unless over, every one applies, and the text round-trips."""
    actions = legal_actions(s)
    assert actions or s.over
    for action in actions[:: max(1, len(actions) // 20)]:
        after = s.clone()
        apply_unchecked(after, action)
        legal_actions(after)
    assert parse_position(format_position(s)).key() == s.key()


# -- round trips --------------------------------------------------------------------------------
def test_the_pool_holds_every_kind_of_decision() -> None:
    assert {DECISION_NAMES[s.phase] for s in state_pool()} == set(DECISION_NAMES)


def test_positions_round_trip_at_any_moment(soak: int) -> None:
    pool = state_pool()

    def check(i: int) -> None:
        s = pool[i]
        text = format_position(s)
        again = parse_position(text)
        assert again.key() == s.key() and format_position(again) == text
        playable(again)

    run(soak, 150, st.integers(0, len(pool) - 1), check)


def test_notation_round_trips_for_every_legal_action(soak: int) -> None:
    pool = state_pool()

    def check(i: int) -> None:
        for action in legal_actions(pool[i]):
            assert parse_action(str(action)) == action

    run(soak, 60, st.integers(0, len(pool) - 1), check)


# -- notation -------------------------------------------------------------------------------------
NOTATION_WORDS = ["tile", "leader", "move", "withdraw", "catastrophe", "swap", "pass", "commit", "war", "building",
                  "monument", "ziggurat", "decline", "treasures", "bonus", "r", "k", "rg", "kk", "red", "(5,4)",
                  "(15,10)", "(16,0)", "(5, 4)", "3", "7", "99999999999999999999", "\u0663", "\x00", "-1", "rrb"]  # fmt: skip
SEEDS = ["tile r (5,4)", "commit 3", "swap rrb", "treasures (1,1) (5,2)", "monument rg (8,5)"]
notations = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(NOTATION_WORDS), max_size=5).map(" ".join),
    st.builds(lambda a, b, c: a[:c] + b + a[c:], st.sampled_from(SEEDS), st.text(max_size=6), st.integers(0, 20)),
    st.integers() | st.none() | st.binary(max_size=10) | st.floats(),
    st.just("pass " * 1000),
)


def test_notation_either_parses_or_says_what_is_wrong(soak: int) -> None:
    game = Game.new(players=2, seed=5)
    before = game.state.key()

    def check(text: Any) -> None:
        try:
            action = parse_action(text)
        except ValueError as err:
            assert_clean(err)
        else:
            assert isinstance(action, Action) and parse_action(str(action)) == action
        try:
            game.apply(text)
        except ValueError as err:
            assert isinstance(err, ValueError) and str(err)
            assert game.state.key() == before and len(game) == 0
        else:
            game.undo()

    run(soak, 300, notations, check)


# -- positions ------------------------------------------------------------------------------------
TOKENS = [".", "~", "k", "r", "b", "g", "r*", "k*", "b*", "m", "m*", "z", "x", "x*", "q", "**", "rr"] + [
    d + c for d in DYNASTY_CODES for c in "krbg"
]
NUMBERS = ["-1", "0", "1", "2", "3", "4", "6", "7", "9", "12", "99", "175", "999999", "9" * 30, "\u0663", "x"]
WORDS = ["revolt_attack", "revolt_defend", "war_order", "war_attack", "war_defend", "building", "monument",
         "treasure", "ziggurat_bonus", "over", "action", "archer", "bull", "pot", "lion", "by", ";", "attacker",
         "defender", "base", "committed", "unification", "placed", "step", "refill", "idle", "bag ran out",
         "(5,4)", "(0,0)", "(15,10)", "Ak", "Br", "Pg", "Lb"]  # fmt: skip
PENDING_SAMPLES = [
    "pending: phase=1 decider=0 step=0 conflict=0,1,0,1,1,5,1,1,-1 placed=-1 marker=-1 bag_ran_out=0 over=0",
    "pending: phase=4 decider=1 step=1 conflict=1,3,1,0,7,3,2,1,-1 placed=40 marker=40 bag_ran_out=0 over=0",
    "pending: phase=8 decider=0 step=4 conflict=- placed=-1 marker=-1 bag_ran_out=0 over=0",
    "pending: revolt_attack by archer; attacker Ar (5,3) base 1; defender Br (7,3) base 2",
    "pending: war_defend by bull; attacker Ag (5,4) base 3 committed 1; defender Bg (8,4) base 2; unification (6,4)",
    "pending: monument by archer; placed (7,2)",
    "pending: over; step refill; bag ran out",
]


# Edits that keep most of the text readable come more often, so that many mutants still load.
OPS = ["delete", "duplicate", "swap", "insert"] + ["token", "number", "word", "pending", "hand"] * 3


def mutate(data: st.DataObject, text: str) -> str:
    """One to three edits: lines deleted, duplicated, swapped or added, board tokens changed, numbers
    and words of the ``pending:`` line (v1 or v2) and of the hands and scores changed."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(min(1, len(lines) - 1), len(lines) - 1))  # the header is mostly kept
        op = data.draw(st.sampled_from(OPS))
        line = lines[i]
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, line)
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], line
        elif op == "token":
            rows = [k for k, row in enumerate(lines) if re.match(r"\s*\d+\s{2,}", row) and len(row.split()) == 17]
            if rows:
                k = data.draw(st.sampled_from(rows))
                tokens = lines[k].split()
                tokens[data.draw(st.integers(1, 16))] = data.draw(st.sampled_from(TOKENS))
                lines[k] = f"{tokens[0]:>2}   " + " ".join(f"{t:>2}" for t in tokens[1:])
        elif op in ("number", "word"):
            pending = [k for k, row in enumerate(lines) if row.startswith("pending:")]
            k = data.draw(st.sampled_from(pending)) if pending and data.draw(st.booleans()) else i
            pattern, choices = (r"-?\d+", NUMBERS) if op == "number" else (r"[A-Za-z_]+|\(\d+,\d+\)|;", WORDS)
            spots = list(re.finditer(pattern, lines[k]))
            if spots:
                m = data.draw(st.sampled_from(spots))
                lines[k] = lines[k][: m.start()] + data.draw(st.sampled_from(choices)) + lines[k][m.end() :]
        elif op == "pending":
            lines = [row for row in lines if not row.startswith("pending:")]
            lines.insert(min(i, len(lines)), data.draw(st.sampled_from(PENDING_SAMPLES)))
        elif op == "hand":
            players = [k for k, row in enumerate(lines) if "hand=" in row]
            if players:
                k = data.draw(st.sampled_from(players))
                hand = data.draw(st.text("krbgx", max_size=8))
                vp = ",".join(data.draw(st.lists(st.sampled_from(NUMBERS), min_size=3, max_size=5)))
                lines[k] = re.sub(r"hand=\S*", f"hand={hand or '-'}", lines[k])
                lines[k] = re.sub(r"vp=\S*", f"vp={vp}", lines[k])
        else:
            lines.insert(i, data.draw(st.text(max_size=30)))
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


def check_position_text(text: str) -> None:
    try:
        s = parse_position(text)
    except ValueError as err:
        assert_clean(err)
    else:
        playable(s)


def test_mutated_positions_load_playably_or_say_what_is_wrong(soak: int) -> None:
    pool = state_pool()
    texts = [format_position(pool[i]) for i in range(0, len(pool), 7)] + list(V1_TEXTS)

    def check(data: st.DataObject) -> None:
        check_position_text(mutate(data, data.draw(st.sampled_from(texts))))

    run(soak, 500, st.data(), check)


def test_random_text_is_refused_cleanly(soak: int) -> None:
    texts = st.one_of(st.text(), st.text().map(lambda t: "tigris-position 2\n" + t),
                      st.text().map(lambda t: "tigris-position 1\nplayers: archer bull\n" + t))  # fmt: skip
    run(soak, 100, texts, check_position_text)


# -- records --------------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
RECORD_KEYS = ["format", "version", "setup", "seed", "start_player", "hands", "bag", "position", "actions", "x"]
SETUP_KEYS = ["players", "board", "variants", "options", "dynasties", "x"]


@cache
def base_records() -> tuple[str, ...]:
    game = Game.new(players=3, seed=4, variants="buildings", hands=["rrkkbg", "gggkkr", "bbbrrr"], bag="kr")
    rng = random.Random(4)
    for _ in range(12):
        game.apply(random_action(game.state, rng))
    positioned = Game.from_position(V1_TEXTS[-1])
    positioned.apply(positioned.legal_actions()[0])
    return game.to_json(), positioned.to_json()


def check_record(data: Any) -> None:
    for load in (lambda: Game.from_dict(data), lambda: Game.from_json(json.dumps(data))):
        try:
            game = load()
        except ValueError as err:
            assert_clean(err)
        else:
            assert Game.from_json(game.to_json()).state == game.state


def test_random_json_records_are_refused_cleanly(soak: int) -> None:
    records = st.one_of(
        json_values,
        st.dictionaries(st.sampled_from(RECORD_KEYS), json_values, max_size=6).map(
            lambda d: {"format": "tigris-game", "version": 1, **d}
        ),
    )
    run(soak, 150, records, check_record)


def test_mutated_records_replay_or_say_what_is_wrong(soak: int) -> None:
    def check(source: st.DataObject) -> None:
        draw = source.draw
        data = json.loads(draw(st.sampled_from(base_records())))
        for _ in range(draw(st.integers(1, 2))):
            where = draw(st.sampled_from(["top", "setup", "action", "delete"]))
            value = draw(json_values)
            if where == "top":
                data[draw(st.sampled_from(RECORD_KEYS))] = value
            elif where == "setup" and isinstance(data.get("setup"), dict):
                data["setup"][draw(st.sampled_from(SETUP_KEYS))] = value
            elif where == "action" and isinstance(data.get("actions"), list) and data["actions"]:
                index = draw(st.integers(0, len(data["actions"]) - 1))
                data["actions"][index] = draw(st.one_of(st.just(value), notations.filter(lambda v: isinstance(v, str))))
            elif data:
                del data[draw(st.sampled_from(sorted(data)))]
        check_record(data)

    run(soak, 200, st.data(), check)


@pytest.mark.parametrize("text", [json.dumps([[]] * 3), "[" * 100_000, '{"a": ' * 50_000])
def test_deep_or_broken_json_is_refused_cleanly(text: str) -> None:
    with pytest.raises(PositionError) as info:
        Game.from_json(text)
    assert_clean(info.value)


def test_every_json_reader_refuses_hostile_text_cleanly(soak: int) -> None:
    """The review and the puzzle library read JSON through the records' guarded loader: deep nesting,
    long numbers, broken or oversized text are PositionErrors, never RecursionError or a hang."""
    from tigris_widget.bots.review import as_game
    from tigris_widget.games.tigris.puzzles.mined_file import check_puzzle_file

    texts = st.one_of(
        st.integers(1, 200_000).map(lambda n: "[" * n),
        st.integers(1, 100_000).map(lambda n: '{"record": ' * n),
        st.integers(4_400, 10_000).map(lambda n: "9" * n),
        json_values.map(json.dumps),
        st.builds(lambda a, b, c: a[:c] + b + a[c:], st.sampled_from(base_records()), st.text(max_size=6),
                  st.integers(0, 400)),
    )  # fmt: skip

    def check(text: str) -> None:
        for read in (as_game, lambda t: check_puzzle_file(load_json(t, "puzzle library"))):
            try:
                read(text)
            except PositionError as err:
                assert_clean(err)
            except ValueError as err:  # the shape checks after parsing: plain ValueErrors naming the field
                assert "puzzle" in str(err) or "record" in str(err), err

    run(soak, 100, texts, check)
