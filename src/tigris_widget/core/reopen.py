"""What a notebook keeps of a live board, so that a saved notebook still shows it.

A live board is a widget, and a notebook saved with JupyterLab's or Notebook 7's default settings keeps
no widget state. What a reader then sees depends on where the notebook is opened:

* **untrusted** (a notebook from someone else, a fresh clone): JupyterLab skips the widget view, which
  it does not count as safe, and shows the first safe picture of the output — a PNG, never an SVG
  ("Cannot display an untrusted SVG"). So the widget's display carries a PNG of the board.
* **trusted** (your own notebook, run, saved and reopened): JupyterLab always picks the widget view,
  finds no model and writes "Error displaying widget: model not found" in its place; it has no
  fallback (ipywidgets' ``WidgetRenderer``). So a second, invisible output follows each board: a
  trusted HTML output, whose script JupyterLab runs, that puts the board's saved picture where that
  error appears (and does nothing while the live board is there).
* GitHub, nbviewer and exported HTML show the SVG picture of the bundle (and ignore the script).

``display_live`` shows a widget's display bundle with that script (a board's bundle carries its pictures:
``jupyter.widget.with_picture``); ``docs/saved-notebooks.md`` has the evidence.
"""

from __future__ import annotations

import json
from base64 import b64encode
from typing import Any

from tigris_widget.core.picture import fit, png_width, shown_width

MISSING = "Error displaying widget: model not found"
"""What JupyterLab's widget renderer writes when a saved output's widget model is gone."""

RESTORER = "tigris_widget_saved_picture"
"""Output metadata marking the script output that follows a board (the notebook builder drops it)."""

NOTE = "A picture saved with the notebook: run the cell to play on this board again."


WIDGET = "application/vnd.jupyter.widget-view+json"

_SCRIPT = """<script>
(() => {
  const me = document.currentScript;
  const saved = %(saved)s, missing = %(missing)s, note = %(note)s;
  const restore = (out) => {  // true once nothing is left to do
    if (out.childElementCount > 0) return true;  // the live widget is there
    if (out.textContent.trim() !== missing) return false;  // still loading
    out.classList.remove("jupyter-widgets");
    out.innerHTML = saved;
    const line = document.createElement("div");
    line.textContent = note;
    line.className = "tw-saved-note";
    line.style.cssText = "font-size: var(--jp-ui-font-size0, 11px); color: var(--jp-ui-font-color2, #666); margin: 2px 0 4px";
    out.append(line);
    return true;
  };
  const start = (tries) => {  // JupyterLab attaches the output to the page after running this script
    const child = me && me.closest(".jp-OutputArea-child");
    if (!child) { if (me && tries < 200) setTimeout(() => start(tries + 1), 50); return; }
    child.style.display = "none";  // this output only carries the saved picture
    const widget = child.previousElementSibling;
    const out = widget && widget.querySelector(".jp-OutputArea-output");
    if (!out || restore(out)) return;
    const watch = new MutationObserver(() => { if (restore(out)) watch.disconnect(); });
    watch.observe(out, { childList: true, subtree: true, characterData: true });
  };
  start(0);
})();
</script>"""


def _js(text: str) -> str:
    """``text`` as a JavaScript string literal that cannot end the script element."""
    return json.dumps(text).replace("</", "<\\/").replace("<!--", "<\\!--")


def saved_html(data: dict[str, Any]) -> str | None:
    """What a reopened notebook shows in place of a widget whose display ``data`` this is: its SVG picture
    (scaled to the cell, as an image so that its ids and styles stay its own), else its own HTML."""
    svg = data.get("image/svg+xml")
    if isinstance(svg, str):
        uri = "data:image/svg+xml;base64," + b64encode(fit(svg, wide=None).encode("utf-8")).decode("ascii")
        alt = "the board as it was when the notebook was saved"
        return f'<img src="{uri}" alt="{alt}" style="display: block; max-width: 100%; height: auto">'
    html = data.get("text/html")
    return html if isinstance(html, str) else None


def restorer(saved: str) -> dict[str, Any]:
    """The display data of the invisible output that follows a widget: a script that shows the HTML
    ``saved`` where a reopened notebook would say ``MISSING``."""
    return {"text/html": _SCRIPT % {"saved": _js(saved), "missing": _js(MISSING), "note": _js(NOTE)}, "text/plain": ""}


def display_live(bundle: Any) -> None:
    """Display a widget's bundle (``data`` or ``(data, metadata)``) and, when it shows a widget with a
    picture or HTML of its own, the script output that brings that back in a reopened notebook."""
    from IPython.display import display

    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    png = data.get("image/png") if isinstance(data, dict) else None
    if isinstance(png, str) and "image/png" not in metadata:
        # the PNG is drawn at twice its size (core.picture.png_display): shown at the SVG's width, or half its own
        svg = data.get("image/svg+xml")
        pixels = png_width(png)
        width = shown_width(svg) if isinstance(svg, str) else pixels // 2 if pixels else None
        metadata = {**metadata, "image/png": {"width": width}} if width else metadata
    display(data, metadata=metadata, raw=True)  # type: ignore[no-untyped-call]
    saved = saved_html(data) if isinstance(data, dict) and WIDGET in data else None
    if saved is not None:
        display(restorer(saved), metadata={RESTORER: True}, raw=True)  # type: ignore[no-untyped-call]


class ShowsSavedPicture:
    """Mixed into a widget, or a helper that shows one, whose ``_repr_mimebundle_`` carries its picture:
    displayed in a notebook with ``display_live``."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        display_live(self._repr_mimebundle_())
