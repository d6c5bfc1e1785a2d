"""Pictures stored in a notebook take JupyterLab's theme: the course's before → after pictures, named
pictures and refusals, and a board's picture for readers without widgets are drawn dark where the
kernel can read that JupyterLab shows its dark theme (or when asked), on light paper otherwise."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tigris_widget.core.picture import INKS, png_display
from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.course import compose, legend, picture, show_board, show_refusal, show_step, show_swap
from tigris_widget.jupyter.lab_theme import SETTINGS_FILE, lab_theme, picture_theme
from tigris_widget.jupyter.lessons import lesson

DARK_PAPER = f'fill="{INKS["dark"].paper}"'
LIGHT_PAPER = f'fill="{INKS["light"].paper}"'


def _settings(root: Path, text: str) -> None:
    path = root / SETTINGS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def lab_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty JupyterLab user-settings folder that the kernel-side code reads."""
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    return tmp_path


# JupyterLab writes its settings as JSON, with a header of // comments when a user edits them by hand
DARK_BY_HAND = """// Theme
// @jupyterlab/apputils-extension:themes
{
    // the theme
    "theme": "JupyterLab Dark",
}"""


@pytest.mark.parametrize(
    ("text", "theme"),
    [
        ('{"theme": "JupyterLab Dark"}', "dark"),
        (DARK_BY_HAND, "dark"),
        ('{"theme": "JupyterLab Light"}', "light"),
        ('{"theme-scrollbars": true}', "light"),  # no theme named: JupyterLab's default
        ('{"theme": "JupyterLab Dark", "adaptive-theme": true}', None),  # follows the computer: unknown here
        ('{"theme": 3}', None),
        ("[1, 2", None),
        ("x" * 200_000, None),
    ],
)
def test_the_kernel_reads_jupyterlab_s_chosen_theme(lab_settings: Path, text: str, theme: str | None) -> None:
    _settings(lab_settings, text)
    assert lab_theme() == theme
    assert picture_theme("auto") == (theme or "light")
    assert picture_theme("light") == "light" and picture_theme("dark") == "dark"


def test_no_settings_a_folder_or_binary_settings_give_the_light_picture(lab_settings: Path) -> None:
    assert lab_theme() is None and picture_theme() == "light"
    (lab_settings / SETTINGS_FILE).mkdir(parents=True)
    assert lab_theme() is None
    (lab_settings / SETTINGS_FILE).rmdir()
    (lab_settings / SETTINGS_FILE).write_bytes(b"\xff\xfe\x00\x01")
    assert lab_theme() is None


def test_the_config_dir_is_where_jupyterlab_keeps_its_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUPYTERLAB_SETTINGS_DIR", raising=False)
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path))
    _settings(tmp_path / "lab" / "user-settings", '{"theme": "JupyterLab Dark"}')
    assert lab_theme() == "dark"


@pytest.mark.parametrize("theme", ["Dark", "", None, 1])
def test_an_unknown_theme_is_refused(theme: Any) -> None:
    with pytest.raises(ValueError, match="theme must be 'auto', 'light' or 'dark'"):
        picture_theme(theme)
    with pytest.raises(ValueError, match="theme must be"):
        show_step(lesson("war"), "tile g (6,4)", theme=theme, live=False)


def _corner(svg: str) -> tuple[int, int, int]:
    """The colour of the stored PNG's top-left pixel (the paper)."""
    data, _ = png_display(svg)
    with Image.open(io.BytesIO(base64.b64decode(data["image/png"]))) as image:
        r, g, b, *_ = image.convert("RGBA").getpixel((2, 2))
    return r, g, b


def _pictures(theme: str) -> dict[str, str]:
    """Every kind of stored course picture of both games, drawn in ``theme``."""
    ur = UrGame.new(players=3, seed=5)
    return {
        "tigris step": show_step(lesson("war"), "tile g (6,4)", labels={"(6,4)": "here"}, theme=theme, live=False).svg,
        "tigris swap": show_swap(lesson("revolt"), "swap kkb", "pass", theme=theme, live=False).svg,
        "tigris refusal": show_refusal(lesson("war"), "tile b (6,4)", theme=theme).svg,
        "tigris board": show_board(lesson("war"), theme=theme).svg,
        "tigris status board": show_board(lesson("war"), status=True, theme=theme).svg,
        "tigris legend": legend("tigris", theme=theme).svg,
        "tigris sides": picture("tigris", "board-sides", theme=theme).svg,
        "ur step": show_step(ur, str(ur.legal_actions()[0]), theme=theme, live=False).svg,
        "ur legend": legend("ur", theme=theme).svg,
    }


def _paper(svg: str) -> str:
    """The colour of the first rectangle drawn: the paper under everything."""
    found = re.search(r'<rect [^>]*fill="(#\w+)"', svg)
    assert found is not None
    return found.group(1)


def test_every_course_picture_is_drawn_on_dark_paper_in_the_dark_theme() -> None:
    for name, svg in _pictures("dark").items():
        assert _paper(svg) == "#1e1e1e", name
        assert not re.search(r'<rect [^>]*fill="#fff(fff)?"', svg), name  # no white paper (a cut edge) left
        assert "#222222" not in svg and 'fill="#222"' not in svg, name  # no dark words on dark paper
    assert max(_corner(svg)) < 80  # as stored: the PNG (Ur's step, the last drawn)


def test_the_light_pictures_are_as_before() -> None:
    for name, svg in _pictures("light").items():
        assert _paper(svg) == "#ffffff", name
    assert min(_corner(svg)) > 200


def test_auto_follows_jupyterlab(lab_settings: Path) -> None:
    step = show_step(lesson("war"), "tile g (6,4)", live=False)
    assert max(_corner(step.svg)) > 200
    _settings(lab_settings, '{"theme": "JupyterLab Dark"}')
    step = show_step(lesson("war"), "tile g (6,4)", live=False)
    assert DARK_PAPER in step.svg and max(_corner(step.svg)) < 80


def test_the_numbers_under_a_dark_board_keep_their_colours_readable() -> None:
    """Changed numbers in light green/red, the black seat's swatch with a light edge."""
    ur = UrGame.new(players=3, seed=5)
    svg = show_step(ur, str(ur.legal_actions()[0]), theme="dark", live=False).svg
    assert re.search(r'fill="#111111" stroke="#b8b8b8"', svg)  # P0's black cube, edged
    te = show_step(lesson("war"), "tile g (6,4)", theme="dark", live=False).svg
    assert re.search(r'fill="#2e2b28" stroke="#b8b8b8"', te)  # the black tile's swatch, edged


def test_a_board_s_picture_follows_jupyterlab_in_auto(lab_settings: Path) -> None:
    from tigris_widget.jupyter.widget import BoardWidget

    def paper(board: BoardWidget) -> str:
        found = re.search(r'<rect width="\d+" height="\d+" fill="(#\w+)"/>', board.picture())
        assert found is not None
        return found.group(1)

    board = BoardWidget(lesson("war"))
    assert paper(board) == "#ffffff"
    _settings(lab_settings, '{"theme": "JupyterLab Dark"}')
    assert paper(board) == "#1e1e1e"
    assert paper(BoardWidget(lesson("war"), theme="light")) == "#ffffff"


def test_compose_refuses_an_unknown_theme() -> None:
    with pytest.raises(ValueError, match="theme must be 'light' or 'dark'"):
        compose([], theme="auto")
