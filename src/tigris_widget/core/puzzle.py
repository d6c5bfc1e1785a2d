"""What a puzzle says of a try, the same in every game: the judgement a game's ``Puzzle.check`` (the
whole try) and ``Puzzle.judge`` (the step just made) return."""

from __future__ import annotations

import html
from dataclasses import dataclass

MARKS = {
    "solved": ("✓", "#2e8b57"),
    "good": ("✓", "#2e8b57"),
    "failed": ("✗", "#c0392b"),
    "bad": ("✗", "#c0392b"),
    "playing": ("…", ""),
    "unclear": ("?", "#8a6d00"),
}
"""Each status's sign and colour in a notebook (the colours of the puzzle board's verdicts)."""


@dataclass(frozen=True)
class Verdict:
    """``status``: "solved", "failed" or "playing" for a whole try; "good", "bad" or "unclear" for the
    step just made. ``message`` says why, in plain words."""

    status: str
    message: str

    def __str__(self) -> str:
        return self.message or self.status

    def _repr_html_(self) -> str:
        """A notebook shows the message as a line of text with its sign, not as a dataclass."""
        sign, colour = MARKS.get(self.status, ("", ""))
        style = f" style='color:{colour};font-weight:bold'" if colour else ""
        text = html.escape(self.message or self.status, quote=False)
        return f"<p><span{style}>{sign}</span> {text}</p>"
