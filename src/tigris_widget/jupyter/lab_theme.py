"""Which theme a picture drawn now should take: the one JupyterLab shows, where the kernel can tell.

A picture stored in a notebook (a course's before → after, a board's picture for readers without
widgets) is drawn once, in Python, while its cell runs; the front end's theme is not known then. But
JupyterLab keeps the theme its user chose in a settings file, which a kernel on the same machine can
read: ``<settings>/@jupyterlab/apputils-extension/themes.jupyterlab-settings``, where ``<settings>`` is
``$JUPYTERLAB_SETTINGS_DIR``, or ``$JUPYTER_CONFIG_DIR/lab/user-settings``, or
``~/.jupyter/lab/user-settings``. No file, a file that cannot be read, or the adaptive theme (which
follows the computer's setting, unknown here) gives the light picture, which paints its own paper and
so reads on any page.

    >>> picture_theme("dark"), picture_theme("light")
    ('dark', 'light')
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tigris_widget.jupyter.arguments import check_theme

SETTINGS_FILE = Path("@jupyterlab", "apputils-extension", "themes.jupyterlab-settings")
"""Where, under JupyterLab's user settings, the chosen theme is kept."""
MAX_CHARS = 100_000
"""A settings file longer than this is not JupyterLab's (it holds a few lines)."""


def settings_dir() -> Path:
    """JupyterLab's user settings folder as JupyterLab finds it (see the module's notes)."""
    if os.environ.get("JUPYTERLAB_SETTINGS_DIR"):
        return Path(os.environ["JUPYTERLAB_SETTINGS_DIR"])
    config = os.environ.get("JUPYTER_CONFIG_DIR") or str(Path.home() / ".jupyter")
    return Path(config) / "lab" / "user-settings"


def _settings(text: str) -> object:
    """JupyterLab's settings text (JSON with ``//`` comment lines and perhaps trailing commas) read."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    return json.loads(re.sub(r",\s*([}\]])", r"\1", "\n".join(lines)))


def lab_theme() -> str | None:
    """``"dark"`` or ``"light"``: the theme chosen in JupyterLab here; None when it cannot be told."""
    try:
        with open(settings_dir() / SETTINGS_FILE, encoding="utf-8") as file:
            text = file.read(MAX_CHARS + 1)
        if len(text) > MAX_CHARS:
            return None
        data = _settings(text)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("adaptive-theme") is True:
        return None
    name = data.get("theme", "JupyterLab Light")
    if not isinstance(name, str):
        return None
    return "dark" if "dark" in name.lower() else "light"


def picture_theme(theme: str = "auto") -> str:
    """``"light"`` or ``"dark"``: ``theme`` itself, or for ``"auto"`` JupyterLab's (light when unknown).

    :raises ValueError: ``theme`` is not ``"auto"``, ``"light"`` or ``"dark"``.
    """
    check_theme(theme)
    return (lab_theme() or "light") if theme == "auto" else theme
