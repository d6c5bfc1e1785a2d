"""What a puzzle says of a try, the same in every game: the judgement a game's ``Puzzle.check`` (the
whole try) and ``Puzzle.judge`` (the step just made) return."""

from __future__ import annotations

import html
from dataclasses import dataclass

COLOURS = {"good": "#2e8b57", "bad": "#c0392b", "unclear": "#8a6d00"}
"""The ink of a step's judgement wherever a verdict is shown (the puzzle board, a notebook)."""
MARKS = {"good": "✓", "bad": "✗", "unclear": "?"}
"""The sign of a step's judgement."""
LIKE = {"solved": "good", "failed": "bad"}
"""A whole try's status shown as the step judgement it resembles."""


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
        status = LIKE.get(self.status, self.status)
        sign = MARKS.get(status, "…" if status == "playing" else "")
        colour = COLOURS.get(status, "")
        style = f" style='color:{colour};font-weight:bold'" if colour else ""
        text = html.escape(self.message or self.status, quote=False)
        return f"<p><span{style}>{sign}</span> {text}</p>"
