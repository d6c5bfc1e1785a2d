"""Screenshots of every notebook in real JupyterLab, as a reader sees them: stored outputs (no kernel),
at 800 px with the file browser open and at 1,600 px, light and dark, device pixel ratio 1 and 2, the
first few screens of each. Not a test (it asserts nothing): a tool for looking.

    python tests/e2e/notebook_screenshots.py [PREFIX ...]    # e.g. 04 06; PNGs in test-artifacts/notebooks/
    python tests/e2e/notebook_screenshots.py --screens=6 06  # more screens from the top (default 3)
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from browser_harness import ARTIFACTS, chromium_path, jupyterlab
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SCREENS = 3
"""How many screens of each notebook, from the top."""
SCROLL = "(y) => { const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer'); if (s) s.scrollTop = y; return s ? s.scrollHeight : 0; }"


def main(args: list[str]) -> None:
    screens = next((int(a.split("=", 1)[1]) for a in args if a.startswith("--screens=")), SCREENS)
    prefixes = [a for a in args if not a.startswith("--")]
    notebooks = [
        p for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if not prefixes or p.name.startswith(tuple(prefixes))
    ]
    out = ARTIFACTS / "notebooks"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for nb in notebooks:
            shutil.copy(nb, work / nb.name)
            # JupyterLab shows stored SVG outputs only of trusted notebooks
            subprocess.run(
                [sys.executable, "-m", "jupyter", "trust", str(work / nb.name)], check=True, capture_output=True
            )
        with jupyterlab(work) as lab, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path())
            for dpr in (1, 2):
                for width in (800, 1600):
                    context = browser.new_context(viewport={"width": width, "height": 1000}, device_scale_factor=dpr)
                    page = context.new_page()
                    page.goto(lab.url("/lab"))
                    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=60_000)
                    for nb in notebooks:
                        # each notebook opens in front of the last (a new page would restore the old tabs)
                        page.evaluate(
                            f"() => window.jupyterapp.commands.execute('docmanager:open', {{path: '{nb.name}'}})"
                        )
                        page.wait_for_timeout(3000)
                        if width == 800:
                            page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
                        with contextlib.suppress(Exception):  # JupyterLab's news toast
                            page.get_by_role("button", name="No", exact=True).first.click(timeout=2_000)
                        for theme in ("Light", "Dark"):
                            page.evaluate(
                                f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: 'JupyterLab {theme}'}})"
                            )
                            page.wait_for_timeout(1200)
                            for screen in range(screens):
                                page.evaluate(SCROLL, screen * 850)
                                page.wait_for_timeout(400)
                                name = f"{nb.stem}-{width}-{theme.lower()}-dpr{dpr}-{screen + 1}.png"
                                page.screenshot(path=str(out / name))
                    page.close()
                    context.close()
            browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
