"""The static pictures boards leave where widgets do not run (GitHub, nbviewer without widget state):
they carry the board's overlays and, for a puzzle, its task."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tigris_widget import Game
from tigris_widget.jupyter.puzzle_board import PuzzleBoard
from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.render import board_svg


def svg_of(bundle: Any) -> str:
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    text: str = data["image/svg+xml"]
    return text


def captions(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'font-size="14" font-weight="bold">([^<]*)<', svg)]


def test_the_picture_shows_the_boards_caption_labels_highlights_and_arrows() -> None:
    board = BoardWidget(Game.new(players=2, seed=1))
    plain = board.picture()
    board.caption("Where the first temple goes")
    board.label((5, 4), "here")
    board.highlight([(5, 4)], colour="orange")
    board.arrow((1, 1), (5, 4))
    picture = board.picture()
    assert captions(picture) == ["Where the first temple goes"]
    assert ">here<" in picture and "here" not in plain
    assert len(picture) > len(plain) + 200  # the frame and the arrow are drawn too
    assert captions(board.picture("Another caption")) == ["Another caption"]
    assert captions(svg_of(board._repr_mimebundle_())) == ["Where the first temple goes"]


def test_a_long_caption_wraps_and_the_picture_grows() -> None:
    view = Game.new(players=2, seed=1).view(None)
    short = board_svg(view, caption="Short")
    long = board_svg(view, caption="A caption that says a great deal about the position " * 3)
    assert len(captions(long)) == 3 and len(captions(short)) == 1
    height = lambda svg: float(re.search(r'viewBox="0 0 \S+ (\S+)"', svg).group(1))  # noqa: E731
    assert height(long) == height(short) + 36


def test_a_puzzles_picture_states_its_task() -> None:
    puzzle = PuzzleBoard("kings-substitute")
    task = puzzle.task
    assert puzzle.puzzle.goal.text in task and "to play" in task
    assert " ".join(captions(svg_of(puzzle._repr_mimebundle_()))) == task


def test_the_candidate_table_writes_small_differences_in_tenths() -> None:
    from tigris_widget.jupyter.inspect import candidate_table

    analysis = {
        "value": 0.56,
        "final": True,
        "candidates": [
            {"action": a, "value": v, "visits": n, "principal_variation": [], "reason": ""}
            for a, v, n in (("leader k (11,0)", 0.56, 11), ("leader k (10,1)", 0.557, 10), ("pass", 0.51, 3))
        ],
    }
    cells = re.findall(r"<td class='n'>([^<]*)</td>", candidate_table(analysis, "pass"))
    assert cells[2::4] == ["best", "\u22120.3", "\u22125"]  # value, range, vs best, visits: never "−0"


def test_the_status_lines_stay_inside_the_picture() -> None:
    """A long prompt and two-digit scores used to run past the picture's right edge (cut off)."""
    import copy
    import io

    cairosvg = pytest.importorskip("cairosvg")
    from PIL import Image

    from tigris_widget.games.tigris.present.viewjson import serialize_game

    view = copy.deepcopy(serialize_game(Game.new(players=4, seed=3), None))
    view["decision"]["prompt"] = "Archer (attacker in the red war): commit temples from hand (0–3); " * 2
    for player in view["body"]["players"]:
        player["vp"] = dict.fromkeys(player["vp"], 17)
        player["treasures"] = 10
        player["hand"] = {"black": 2, "red": 2, "blue": 1, "green": 1}
    png = cairosvg.svg2png(bytestring=board_svg(view).encode())
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    status = image.crop((width - 6, height - (40 + 22 * 4), width, height))  # the right edge of the status block
    assert status.getextrema()[0] > 200, "text reaches the picture's right edge"


@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_a_long_caption_wraps_inside_the_picture(game: str) -> None:
    """An Ur stand-in's caption was one line cut at the picture's right edge ("…end your tu")."""
    import io

    cairosvg = pytest.importorskip("cairosvg")
    from PIL import Image

    from tigris_widget.games.ur import UrGame

    board = BoardWidget(Game.new(players=2, seed=1) if game == "tigris" else UrGame.new(players=3, seed=2006))
    caption = "Exchange: take (3,2) with its culture side up, then end your turn and keep the spare, side T " * 2
    svg = board.picture(caption=caption)
    assert "side T side T" not in svg and svg.count("side T") == 2  # wrapped onto lines, none lost
    image = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode()))).convert("L")
    width, _ = image.size
    edge = image.crop((width - 4, 0, width, 70))  # the right edge beside the caption lines
    assert edge.getextrema()[0] > 200, "the caption reaches the picture's right edge"
