"""Hand-built and random actions: every one is either legal or refused with IllegalActionError,
and a refused one changes nothing (property-based, with hypothesis)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tigris_widget import Game, IllegalActionError, PositionError
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.board import to_square
from tigris_widget.games.tigris.engine.core.errors import SquareError
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.rules.playout import random_action


def _played(players: int, seed: int, plies: int) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.apply(random_action(game.state, rng))
    return game


def _revolt() -> Game:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (9, 2), (10, 3))
        .leader("bull", "priest", (11, 3))
        .hand("archer", "rrkkbg")
        .hand("bull", "rrrkkb")
        .hand("pot", "gggbbb")
        .turn("archer")
        .game(then=["leader r (9,3)"])
    )


def _war_order() -> Game:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (4, 4), (6, 4))
        .tile("g", (4, 3), (6, 3))
        .leader("archer", "king", (4, 5))
        .leader("archer", "trader", (3, 4))
        .leader("bull", "king", (6, 5))
        .leader("bull", "trader", (7, 4))
        .hand("archer", "kkkggg")
        .hand("bull", "kkkggg")
        .turn("archer")
        .game(then=["tile g (5,4)"])
    )


def _monument() -> Game:
    return (
        PositionBuilder(players=("archer", "bull"), variants="ziggurat")
        .tile("r", (7, 4), (8, 5), (9, 6))
        .leader("bull", "trader", (7, 5))
        .hand("bull", "rkkkkk")
        .turn("bull")
        .game(then=["tile r (9,5)"])
    )


def _treasure() -> Game:
    """Bull's trader must choose: the special (1,1) and one of (10,0) and (5,2) (§11.4)."""
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("k", (2, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 1))
        .tile("b", (4, 1))
        .leader("bull", "trader", (0, 1))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game(then=["tile k (3,1)"])
    )


POSITIONS = {
    "start-2": lambda: Game.new(players=2, seed=3),
    "start-4": lambda: Game.new(players=4, seed=5, variants="buildings ziggurat"),
    "mid-3": lambda: _played(3, 11, 60),
    "mid-4": lambda: _played(4, 12, 120),
    "revolt": _revolt,
    "war-order": _war_order,
    "monument": _monument,
    "treasure": _treasure,
    "over": lambda: _played(2, 1, 10_000),
}
_GAMES: dict[str, Game] = {}


def game_named(name: str) -> Game:
    if name not in _GAMES:
        _GAMES[name] = POSITIONS[name]()
    return _GAMES[name].clone()


def test_the_positions_hold_the_decisions_they_are_named_for() -> None:
    assert game_named("revolt").decision.kind == "revolt_attack"  # type: ignore[union-attr]
    assert game_named("war-order").decision.kind == "war_order"  # type: ignore[union-attr]
    assert game_named("monument").decision.kind == "monument"  # type: ignore[union-attr]
    assert game_named("treasure").decision.kind == "treasure"  # type: ignore[union-attr]
    assert game_named("over").is_over


# Field values: mostly plausible ints (so many actions are legal or nearly so), then hostile ones.
small_ints = st.integers(min_value=-3, max_value=200)
wild = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.text(max_size=4),
    st.lists(small_ints, max_size=4),
)
fields = st.one_of(small_ints, small_ints, wild)
extras = st.one_of(
    st.integers(min_value=-2, max_value=8),
    st.tuples(*[st.integers(min_value=-1, max_value=7)] * 4),
    st.lists(st.integers(min_value=-5, max_value=180), max_size=5).map(tuple),
    st.lists(fields, max_size=5).map(tuple),
    wild,
)
actions = st.builds(Action, st.one_of(st.integers(min_value=-1, max_value=16), wild), fields, fields, extras)


def _all_ints(action: Action) -> bool:
    *head, extra = action
    values = [*head, *(extra if isinstance(extra, tuple) else (extra,))]
    return all(type(v) is int for v in values)


def _soak_examples(request: pytest.FixtureRequest, default: int) -> int:
    return 10_000 if int(request.config.getoption("--soak")) > 0 else default


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_random_actions_are_legal_or_refused_without_change(name: str, request: pytest.FixtureRequest) -> None:
    base = game_named(name)
    legal = set(base.legal_actions())

    @settings(max_examples=_soak_examples(request, 300), deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
    @given(action=actions)
    def check(action: Action) -> None:
        game = base.clone()
        before = game.state.key()
        try:
            # 0.0 == 0 and True == 1, but only true ints are action fields: floats and bools are refused.
            is_legal = action in legal and _all_ints(action)
        except TypeError:  # an unhashable field: certainly not among the legal actions
            is_legal = False
        if is_legal:
            game.apply(action)
            assert len(game) == len(base) + 1
            return
        with pytest.raises(IllegalActionError) as err:
            game.apply(action)
        assert err.value.rule and str(err.value).startswith(err.value.rule + ": ")
        assert game.state.key() == before and len(game) == len(base)

    check()


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_legal_action_is_accepted(name: str) -> None:
    base = game_named(name)
    for action in base.legal_actions():
        game = base.clone()
        game.apply(action)
        assert game.actions[-1] == action


HOSTILE: list[tuple[Any, str]] = [
    (Action(99), "§16 A2"),
    (Action(-1), "§16 A2"),
    (Action(True), "§16 A2"),  # type: ignore[arg-type]
    (Action(0, 7, 3), "§16 A3"),
    (Action(0, 1.0, 3), "§16 A3"),  # type: ignore[arg-type]
    (Action(0, None, 3), "§16 A3"),  # type: ignore[arg-type]
    (Action(3, -1), "§16 A3"),  # withdraw needs a colour: never seat 2's trader through index -1
    (Action(6, 0), "§16 A3"),
    (Action(0, 0, 999), "§16 A4"),
    (Action(0, 0, -1), "§16 A4"),
    (Action(0, 0, False), "§16 A4"),  # type: ignore[arg-type]
    (Action(6, -1, 5), "§16 A4"),
    (Action(5, -1, -1, (-1, 0, 0, 0)), "§16 A5"),  # negative swap counts
    (Action(5, -1, -1, (1, 0, 0)), "§16 A5"),
    (Action(7, -1, -1, "x"), "§16 A5"),  # type: ignore[arg-type]
    (Action(7, -1, -1, -2), "§16 A5"),
    (Action(13, -1, -1, (999,)), "§16 A5"),
    (Action(13, -1, -1, (5, 3)), "§16 A5"),  # treasure squares out of order
    (Action(6, -1, -1, 1), "§16 A5"),
    (Action(5, -1, -1, (0, 0, 0, 0)), "§6.4 S2"),  # a swap of nothing is no action
    ("pass", ""),  # notation is fine: it is parsed, not refused
]


@pytest.mark.parametrize(("action", "code"), HOSTILE)
def test_hand_built_actions_name_the_bad_field(action: Any, code: str) -> None:
    game = game_named("start-2")
    before = game.state.key()
    if not code:
        game.apply(action)
        return
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == code, str(err.value)
    if code.startswith("§16 A"):
        field = {"§16 A2": "'kind'", "§16 A3": "'colour'", "§16 A4": "'square'", "§16 A5": "'extra'"}[code]
        assert field in str(err.value)
    assert game.state.key() == before and len(game) == 0


def test_a_hand_built_commit_beyond_the_hand_is_refused() -> None:
    game = game_named("revolt")
    before = game.state.key()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Action(7, -1, -1, 999))
    assert err.value.rule == "§8.4 R1" and game.state.key() == before


@pytest.mark.parametrize("where", [(20, 3), "(20,3)", "( 20 , 3 )", 999, "x", (1, 2, 3), 2.5, True])
def test_the_builder_refuses_every_bad_square_with_one_error(where: Any) -> None:
    with pytest.raises(PositionError, match=r"not a square|off the board"):
        PositionBuilder().tile("r", where)


def test_squares_are_read_one_way() -> None:
    assert to_square((5, 4)) == to_square("(5,4)") == to_square(" ( 5 , 4 ) ") == to_square(69) == 69
    with pytest.raises(SquareError, match="'nowhere'"):
        to_square("nowhere")


@pytest.mark.parametrize("variants", ["none", "", None, [], ["none"]])
def test_no_variant_reads_the_same_everywhere(variants: Any) -> None:
    assert Game.new(players=2, seed=1, variants=variants).setup.variants == frozenset()
    assert GameSetup(variants=variants).variants == frozenset()
    assert "variants: none" in PositionBuilder(variants=variants).text()


def test_unknown_variants_and_options_are_refused_alike() -> None:
    for make in (lambda: Game.new(variants="towers"), lambda: GameSetup(variants="towers")):
        with pytest.raises(ValueError, match="unknown variant"):
            make()
    with pytest.raises(PositionError, match="unknown variant"):
        PositionBuilder(variants="towers")
    for make in (lambda: Game.new(options={"speed": "x"}), lambda: GameSetup(options={"speed": "x"})):
        with pytest.raises(ValueError, match="unknown option"):
            make()


# -- odd objects: subclasses and fields whose own methods misbehave ---------------------------------
class _Loud(int):
    """An int whose text lies and whose comparisons raise: the engine must never call them."""

    def __str__(self) -> str:
        return "pass"

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ called")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("__lt__ called")

    __le__ = __gt__ = __ge__ = __ne__ = __lt__  # type: ignore[assignment]
    __hash__ = int.__hash__


class _Hostile:
    """Neither an int nor printable: repr, str, eq and hash all raise."""

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ called")

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ called")

    def __hash__(self) -> int:
        raise RuntimeError("__hash__ called")


class _PassingAction(Action):
    """An Action subclass whose notation is another action's: a record would replay it differently."""

    def __str__(self) -> str:
        return "pass"


class _LoudTuple(tuple):  # type: ignore[type-arg]
    def __iter__(self):  # type: ignore[no-untyped-def]
        raise RuntimeError("__iter__ called")


def _odd(which: int, n: int) -> Any:
    """Built inside the test from plain draws, so hypothesis never prints an object that raises."""
    return [_Loud(n), _Hostile(), _LoudTuple((n, 0, 0, 0)), (_Loud(n),), (1, _Hostile())][which]


@settings(max_examples=400, deadline=None, database=None)
@given(
    field=st.integers(min_value=0, max_value=3),
    which=st.integers(min_value=0, max_value=4),
    n=st.integers(min_value=-1, max_value=200),
    others=st.tuples(*[st.integers(min_value=-1, max_value=14)] * 4),
)
def test_odd_field_objects_are_refused_without_running_their_code(
    field: int, which: int, n: int, others: tuple[int, int, int, int]
) -> None:
    fields: list[Any] = list(others)
    fields[field] = _odd(which, n)
    action = Action(*fields)
    game = game_named("start-2")
    before = game.state.key()
    assert str(action).startswith("Action(") and repr(action).startswith("Action(")  # neither raises
    for play in (game.apply, game.play):
        with pytest.raises(IllegalActionError, match="action field") as err:
            play(action)
        assert err.value.rule.startswith("§16 A")
    assert game.is_legal(action) is False
    assert game.state.key() == before and len(game) == 0


@pytest.mark.parametrize("action", [_PassingAction(*Action.tile("k", "(0,0)")), _PassingAction(*Action.pass_())])
def test_an_action_subclass_is_refused(action: Action) -> None:
    game = game_named("start-2")
    with pytest.raises(IllegalActionError, match="Action subclass") as err:
        game.apply(action)
    assert err.value.rule == "§16 A1" and len(game) == 0


@pytest.mark.parametrize(
    "action",
    [
        Action(0, _Loud(0), 0),
        Action(0, 0, _Loud(0)),
        Action(7, -1, -1, _Loud(2)),
        Action(5, -1, -1, (_Loud(1), 0, 0, 0)),
    ],
)
def test_int_subclass_fields_are_refused(action: Action) -> None:
    """``commit 2`` with a lying int would be stored and written to the record as ``commit pass``."""
    game = game_named("revolt") if action.kind == 7 else game_named("start-2")
    with pytest.raises(IllegalActionError, match="action field") as err:
        game.apply(action)
    assert err.value.rule in ("§16 A3", "§16 A4", "§16 A5") and "pass" not in str(err.value)


@pytest.mark.parametrize(
    ("action", "text"),
    [(Action(99), "Action(99, -1, -1, 0)"), (Action(0, 7, 3), "Action(0, 7, 3, 0)"),
     (Action(13, -1, -1, ()), "Action(13, -1, -1, ())"), (Action(0, 0, 999), "Action(0, 0, 999, 0)"),
     (Action(_Hostile()), "Action(a value of type _Hostile, -1, -1, 0)")],  # type: ignore[arg-type]
)  # fmt: skip
def test_a_malformed_action_prints_its_fields(action: Action, text: str) -> None:
    assert str(action) == repr(action) == text


def test_play_names_an_unknown_kind_with_a_value_error() -> None:
    game = game_named("start-2")
    with pytest.raises(IllegalActionError, match=r"action 1 \(Action\(99, -1, -1, 0\)\): §16 A2: .*'kind'"):
        game.play(Action(99))
    with pytest.raises(IllegalActionError, match=r"action 2 \(a value of type _Hostile\): §16 A1"):
        game.play("tile r (0,0)", _Hostile())  # type: ignore[arg-type]
    assert len(game) == 0


@pytest.mark.parametrize("seat", [_Loud(0), _Hostile(), True, 1.0])
def test_an_odd_seat_is_refused(seat: Any) -> None:
    game = game_named("start-2")
    with pytest.raises(ValueError, match="seat must be"):
        game.apply("pass", seat=seat)
    assert len(game) == 0


@pytest.mark.parametrize("value", [_Loud(1), _Hostile(), _LoudTuple((1, 2))])
def test_the_constructors_refuse_odd_values(value: Any) -> None:
    for make in (lambda: Action.tile(value, "(0,0)"), lambda: Action.tile("k", value), lambda: Action.war(value)):
        with pytest.raises(ValueError, match=r"not a colour|not a square"):
            make()


class _LoudInt(int):
    """An int whose own methods raise: T&E's seed check and the shared seat check must not call them."""

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ called")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ called")

    __hash__ = int.__hash__


class _LoudObject:
    def __repr__(self) -> str:
        raise RuntimeError("__repr__ called")


@pytest.mark.parametrize("bad", [_LoudInt(3), _LoudObject()], ids=["int-subclass", "object"])
def test_seed_and_seat_checks_never_call_a_foreign_method(bad: object) -> None:
    # before: RuntimeError from the value's __repr__ escaped Game.new(seed=…) and view(seat=…)
    with pytest.raises(ValueError, match=r"^seed must be a whole number"):
        Game.new(players=2, seed=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^seat must be 0\.\.1 or None, not a value of type _L"):
        Game.new(players=2, seed=1).view(seat=bad)  # type: ignore[arg-type]


def test_a_position_that_gives_an_option_twice_is_refused() -> None:
    # before: the last value silently won
    text = Game.new(players=2, seed=1, options={"scores": "open"}).to_position()
    line = next(ln for ln in text.splitlines() if ln.startswith("options:"))
    with pytest.raises(PositionError, match="option 'scores' is given twice"):
        Game.from_position(text.replace(line, line + " scores=hidden"))


@pytest.mark.parametrize("text", ["(١,2)", "(2,٣)", "(" + "1" * 5000 + ",2)", "(1,00003)"])
def test_a_square_is_written_in_a_few_ascii_digits(text: str) -> None:
    # before: '(١,2)' was read as (1,2) and 5,000 digits raised int()'s bare "Exceeds the limit"
    with pytest.raises(SquareError, match="is not a square") as info:
        to_square(text)
    assert len(str(info.value)) < 200
