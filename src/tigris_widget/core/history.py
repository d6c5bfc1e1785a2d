"""The history every game's facade keeps: one state per ply, the actions, who played them, their events
and the listeners told of every change. ``Game`` (T&E) and ``UrGame`` build on it; each adds how its
actions are checked and applied."""

from __future__ import annotations

import traceback
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from tigris_widget.core.checks import MAX_SHOWN, shown, type_name
from tigris_widget.core.events import Event

S = TypeVar("S")
A = TypeVar("A")
S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)


class PlayedGame(Protocol[S_co, A_co]):
    """What a game's presenter reads of its game: states by ply, actions, actors and events. Named
    structurally (``PlayedGame[UrState, Step]``): a game's picture calls its presenter, so the presenter
    may not import the game's module."""

    name: str

    @property
    def players(self) -> int: ...

    def __len__(self) -> int: ...

    def state_at(self, ply: int) -> S_co: ...

    @property
    def actions(self) -> Sequence[A_co]: ...

    @property
    def actors(self) -> Sequence[int]: ...

    @property
    def events(self) -> Sequence[Sequence[Event]]: ...


class History(Generic[S, A]):
    """States ``0..len(self)`` (state 0 is the start; stored states are never changed), the action
    that led to each, the seat that played it and its events."""

    ACTION_WORD = "action"
    """How the game's messages name one of its actions ("action", "step")."""

    def __init__(self, start: S) -> None:
        self._states: list[S] = [start]
        self._actions: list[A] = []
        self._actors: list[int] = []
        self._events: list[list[Event]] = []
        self._listeners: list[Callable[[Any, str], None]] = []

    @property
    def actions(self) -> list[A]:
        return list(self._actions)

    @property
    def actors(self) -> list[int]:
        """The seat that played each action, in order."""
        return list(self._actors)

    def __len__(self) -> int:
        return len(self._actions)

    def _check_ply(self, ply: object) -> int:
        if type(ply) is not int or not 0 <= ply <= len(self._actions):
            raise ValueError(f"ply must be 0..{len(self._actions)}, not {ply!r}")
        return ply

    def _record(self, state: S, action: A, actor: int, events: list[Event]) -> None:
        """Store one played action and the state after it, then tell the listeners."""
        self._states.append(state)
        self._actions.append(action)
        self._actors.append(actor)
        self._events.append(events)
        self._notify("apply")

    def undo(self) -> A:
        """Take back the last action and return it."""
        if not self._actions:
            raise ValueError(f"there is no {self.ACTION_WORD} to undo")
        self._states.pop()
        self._events.pop()
        self._actors.pop()
        action = self._actions.pop()
        self._notify("undo")
        return action

    def _play_all(self, actions: Sequence[object], apply: Callable[[Any], list[Event]]) -> list[Event]:
        """``apply`` each of ``actions`` in order and return their events; all or nothing: on an error
        the ones played are taken back and the error, of the same type (and rule), names the item:
        "action 2 (tile r (6,4)): …" (``ACTION_WORD``; the item as ``_label`` names it)."""
        done = 0
        events: list[Event] = []
        try:
            for a in actions:
                events += apply(a)
                done += 1
        except ValueError as err:
            for _ in range(done):
                self.undo()
            message = f"{self.ACTION_WORD} {done + 1} ({self._label(actions[done])}): {err}"
            rule = getattr(err, "rule", None)
            raise (type(err)(message) if rule is None else type(err)(message, rule)) from err
        return events

    def _label(self, action: object) -> str:
        """An action as a message about it names it: text cut to ``MAX_SHOWN`` characters, anything else
        by ``core.checks.shown`` (no method of a foreign object runs). A game names its own actions by
        their notation (it overrides this)."""
        return action[:MAX_SHOWN] if type(action) is str else shown(action, MAX_SHOWN)

    def _copy_history(self, other: History[S, A]) -> None:
        """Give ``other`` (a fresh instance) this history; a copy starts without listeners."""
        other._states = list(self._states)  # snapshots are never mutated once stored
        other._actions = list(self._actions)
        other._actors = list(self._actors)
        other._events = [list(batch) for batch in self._events]
        other._listeners = []

    # -- listeners -----------------------------------------------------------------------------------
    def subscribe(self, callback: Callable[[Any, str], None]) -> Callable[[], None]:
        """Call ``callback(game, change)`` after every ``apply`` (change ``"apply"``) and ``undo``
        (``"undo"``), e.g. to redraw a widget; returns the function that unsubscribes it."""
        if not callable(callback):
            raise ValueError(f"callback must be callable, not {type(callback).__name__}")
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def _notify(self, change: str) -> None:
        call_listeners(self._listeners, self, change)


class ListenerWarning(RuntimeWarning):
    """A listener raised (a ``subscribe`` callback, a board's ``on_action``): the change it was told of
    stands, the other listeners were told too, and this warning names the listener and its error."""


def call_listeners(callbacks: Iterable[Callable[..., object]], *args: Any) -> None:
    """Call every callback with ``args`` even when one raises: a bug in one (a user's ``on_action``)
    must neither undo nor half-announce a legal change — every board stays in step with the game. Each
    error becomes a ``ListenerWarning`` (shown under the notebook cell) naming the callback, the
    exception and where it was raised."""
    for callback in list(callbacks):
        try:
            callback(*args)
        except Exception as err:
            warnings.warn(_listener_error(callback, err), ListenerWarning, stacklevel=2)


def _listener_error(callback: object, err: Exception) -> str:
    try:  # the callback's name and the error's text are the user's code too: never let them raise here
        name = getattr(callback, "__qualname__", None)
        name = name[:MAX_SHOWN] if type(name) is str else type_name(callback)
    except Exception:
        name = type_name(callback)
    try:
        text = str(err)
        text = text if len(text) <= 3 * MAX_SHOWN else text[: 3 * MAX_SHOWN] + "…"
    except Exception:
        text = "(its message cannot be shown)"
    where = traceback.extract_tb(err.__traceback__)[-1] if err.__traceback__ else None
    at = f" at {where.filename}:{where.lineno}" if where else ""
    told = "the change stands and the other listeners were told"
    return f"the listener {name} raised {type_name(err)}{at}: {text}; {told}"


def places_of(results: list[Any]) -> list[tuple[int, ...]]:
    """The places from first to last, each a tuple of the seats sharing it, from results with ``seat``
    and ``place``: ``[(1,), (0, 2)]`` means seat 1 first, seats 0 and 2 tied for second."""
    return [tuple(r.seat for r in results if r.place == place) for place in sorted({r.place for r in results})]
