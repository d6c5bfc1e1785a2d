"""Scoring by sets in the Ur course (§10): a seat's items, the value of a set, the best split, and
``SetSplit``, the exercise in which the reader splits items into sets by hand.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from tigris_widget.games.ur.engine.board import KIND_NAMES, KINDS
from tigris_widget.games.ur.engine.rules import set_score
from tigris_widget.games.ur.game import UrGame

COLOURS = "ATCPWZ"
"""The six scoring colours: the five kinds and the ziggurat (§10.2)."""
COLOUR_NAMES = {**{k: n for k, n in zip(KINDS, KIND_NAMES)}, "Z": "ziggurat"}


# -- items, sets and the best split (§10) ------------------------------------------------------------
def items(game: UrGame, seat: int) -> dict[str, int]:
    """What ``seat`` scores without the hand tile: own tiles by face kind, ziggurats as ``Z`` (§10.1)."""
    s = game.state
    out = dict.fromkeys(COLOURS, 0)
    for c in range(36):
        if s.owner[c] == seat:
            out["Z" if s.zig[c] else KINDS[s.face[c]]] += 1
    return out


def set_value(size: int) -> int:
    """1, 3, 6, 10, 15, 21 points for a set of 1 to 6 different colours (§10.2)."""
    return size * (size + 1) // 2


def split_score(sets: Sequence[str]) -> int:
    """The points of a split written as sets of colour letters (``["ATCPWZ", "ATPW", "A"]``).

    :raises ValueError: a set repeats a colour or names one that does not exist."""
    total = 0
    for group in sets:
        letters = group.replace(" ", "").upper()
        if any(ch not in COLOURS for ch in letters):
            raise ValueError(f"set {group!r}: colours are the letters {COLOURS}")
        if len(set(letters)) != len(letters):
            raise ValueError(f"set {group!r} holds a colour twice: a set has different colours")
        total += set_value(len(letters))
    return total


def best_split(counts: Mapping[str, int]) -> list[str]:
    """The layered split (§10.3): set j holds one item of every colour with at least j items."""
    out: list[str] = []
    j = 1
    while True:
        layer = "".join(k for k in COLOURS if counts.get(k, 0) >= j)
        if not layer:
            return out
        out.append(layer)
        j += 1


def best_score(counts: Mapping[str, int]) -> int:
    """The engine's score of ``counts`` (``rules.set_score``; equal to ``split_score(best_split(…))``)."""
    return set_score([counts.get(k, 0) for k in COLOURS])


# -- the set-split exercise ------------------------------------------------------------------------------------
class SetSplit:
    """An interactive set split (ipywidgets): every item gets a set number from a drop-down, the hand
    tile also its side; the sets, whether each is legal and the score update at once, and a button
    shows the best split (§10.3) and its score. Without a kernel the text form is shown instead."""

    def __init__(self, counts: Mapping[str, int], hand: str = "", *, title: str = "") -> None:
        if any(k not in COLOURS or type(n) is not int or n < 0 for k, n in counts.items()):
            raise ValueError(f"counts are colour letters of {COLOURS} with whole numbers, not {dict(counts)!r}")
        if hand and (len(hand) != 2 or any(k not in KINDS for k in hand) or hand[0] == hand[1]):
            raise ValueError(f"a hand tile is a pair of two kinds such as 'PW', not {hand!r}")
        self.counts = {k: counts.get(k, 0) for k in COLOURS}
        self.hand = hand
        self.title = title
        self.names = [k for k in COLOURS for _ in range(self.counts[k])]
        self.best_side, self.best = self._best()

    def _best(self) -> tuple[str, int]:
        if not self.hand:
            return "", best_score(self.counts)
        scores = {side: best_score({**self.counts, side: self.counts[side] + 1}) for side in self.hand}
        side = max(self.hand, key=lambda k: scores[k])
        return side, scores[side]

    def evaluate(self, groups: Sequence[int], side: str = "") -> tuple[list[str], int | None, str]:
        """The sets of an assignment (set number per item, the hand tile last), the score (None if a set
        repeats a colour) and a sentence about it."""
        letters = [*self.names, *([side] if self.hand else [])]
        if len(groups) != len(letters):
            raise ValueError(f"give a set number for each of the {len(letters)} items")
        sets: dict[int, str] = {}
        for letter, g in zip(letters, groups):
            sets[g] = sets.get(g, "") + letter
        shown = [sets[g] for g in sorted(sets)]
        try:
            score = split_score(shown)
        except ValueError as err:
            return shown, None, str(err)
        verdict = "the best split" if score == self.best else f"{self.best - score} below the best"
        return shown, score, f"{score} points: {verdict}"

    def text(self) -> str:
        """The exercise in words, the answer last."""
        have = ", ".join(f"{n} {COLOUR_NAMES[k]}" for k, n in self.counts.items() if n)
        hand = f", and the hand tile {self.hand} (either side)" if self.hand else ""
        best = best_split({**self.counts, **({self.best_side: self.counts[self.best_side] + 1} if self.hand else {})})
        return (
            f"Items: {have}{hand}.\n"
            f"Best: {' + '.join(best)} = {' + '.join(str(set_value(len(s))) for s in best)} = {self.best} points"
            + (f" (hand tile as {COLOUR_NAMES[self.best_side]})" if self.hand else "")
        )

    def widget(self) -> Any:
        """The ipywidgets box: its ``.choose`` drop-downs, ``.side`` toggle, ``.out`` verdict, ``.button``
        and ``.answer`` are attributes of the box for scripts and tests."""
        import ipywidgets as w

        n = len(self.names) + (1 if self.hand else 0)
        choose = [w.Dropdown(options=list(range(1, n + 1)), value=1, layout=w.Layout(width="60px")) for _ in range(n)]
        side = w.ToggleButtons(options=list(self.hand), value=self.hand[0]) if self.hand else None
        labels = [COLOUR_NAMES[k] for k in self.names] + (["hand tile"] if self.hand else [])
        out, answer = w.HTML(), w.HTML()
        button = w.Button(description="Show the best split", button_style="info")

        def update(*_: Any) -> None:
            sets, score, words = self.evaluate([d.value for d in choose], side.value if side else "")
            colour = "#1b7f2a" if score == self.best else ("#b71c1c" if score is None else "#9a6700")
            out.value = (
                f"<p>Your sets: <code>{html.escape(' | '.join(sets))}</code> → "
                f"<b style='color:{colour}'>{html.escape(words)}</b></p>"
            )

        def reveal(*_: Any) -> None:
            answer.value = "<p>" + html.escape(self.text()).replace("\n", "<br>") + "</p>"

        for d in choose:
            d.observe(update, "value")
        if side is not None:
            side.observe(update, "value")
        button.on_click(reveal)
        update()
        rows = [w.HBox([w.Label(f"{label}", layout=w.Layout(width="110px")), d]) for label, d in zip(labels, choose)]
        head = [w.HTML(f"<b>{html.escape(self.title)}</b> — put each item in a set (a set has different colours)")]
        extra = [w.HBox([w.Label("hand tile side", layout=w.Layout(width="110px")), side])] if side else []
        box = w.VBox([*head, w.GridBox(rows, layout=w.Layout(grid_template_columns="repeat(3, 190px)")), *extra,
                      out, button, answer])  # fmt: skip
        box.choose, box.side, box.out, box.button, box.answer = choose, side, out, button, answer
        return box

    def _ipython_display_(self) -> None:
        from IPython.display import display

        from tigris_widget.core.reopen import display_live

        box = self.widget()
        bundle: Any = box._repr_mimebundle_()
        data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
        have = ", ".join(f"{n} {COLOUR_NAMES[k]}" for k, n in self.counts.items() if n)
        hand = f" and the hand tile <code>{self.hand}</code>" if self.hand else ""
        data["text/html"] = (  # what readers without a kernel see in place of the drop-downs
            f"<p><b>{html.escape(self.title)}</b> — with a kernel, split the items into sets here: {have}{hand}.</p>"
        )
        data["text/plain"] = self.text().split("\n", 1)[0]
        display_live(data)  # a reopened notebook shows that text in place of the drop-downs
        folded = (
            f"<details><summary>Without a kernel: the answer</summary><pre>{html.escape(self.text())}</pre></details>"
        )
        display({"text/html": folded, "text/plain": self.text()}, raw=True)  # type: ignore[no-untyped-call]
