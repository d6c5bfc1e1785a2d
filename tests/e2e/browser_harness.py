"""Browser test helpers: Debian's Chromium for Playwright (``executable_path``); ``BoardPage``, a page
that runs the built front end against a real ``BoardWidget`` in this Python process; and, for the
end-to-end tests in real front ends, servers started on a free loopback port (``server_process``,
``jupyter_server``), a kernel client (``JupyterServer.kernel``, ``evaluate``, ``wait_in_kernel``),
JupyterLab's notebooks, theme and sidebar as the tests set them, and clicks on a board's cells
(``click_cell``; ``play_a_tile`` plays one action by mouse on a board found anywhere on a page,
shadow roots included)."""

from __future__ import annotations

import base64
import gzip
import itertools
import json
import math
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tigris_widget.jupyter.widget import BoardWidget

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "tigris_widget" / "static"
ARTIFACTS = ROOT / "test-artifacts"
HARNESS = Path(__file__).with_name("harness.html")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def screen_cases(*axes: Sequence[Any], always: Iterable[tuple[Any, ...]]) -> list[Any]:
    """Every combination of ``axes`` (widths, device pixel ratios, themes …) as parameters; all but the
    ``always`` ones are marked ``screens``: taken only with ``--screens``. The default run keeps a
    narrow and a wide case, light and dark, so that every layout path is still checked."""
    keep = set(always)
    cases = list(itertools.product(*axes))
    missing = keep - set(cases)
    if missing:
        raise ValueError(f"not cases of the matrix: {sorted(missing)}")
    return [c if c in keep else pytest.param(*c, marks=pytest.mark.screens) for c in cases]


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--soak"))


def chromium_path() -> str:
    path = os.environ.get("TIGRIS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail(
            "The browser tests need Debian's Chromium: `apt-get install -y chromium` (CI does this in .ci/run), "
            "or set TIGRIS_CHROMIUM to a Chromium binary."
        )
    return path


def no_network(context: Any, served: Mapping[str, Path] | None = None) -> list[str]:
    """Refuse every request of a browser context except local files (file:, blob:, data:) and the
    URLs matching a pattern of ``served`` (regular expression -> the local file sent instead); returns
    the list the refused URLs are added to."""
    refused: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(("file:", "blob:", "data:")):
            request_route.continue_()
            return
        for pattern, path in (served or {}).items():
            if re.match(pattern, url):
                request_route.fulfill(path=str(path), content_type="text/javascript")
                return
        refused.append(url)
        request_route.abort()

    context.route("**/*", route)
    return refused


def embedded_data(path: Path) -> dict[str, Any]:
    """The data a self-contained page (a replay, a puzzle) carries: its ``tw-data`` script, gzipped JSON
    in base64."""
    text = path.read_text(encoding="utf-8")
    match = re.search(r'<script type="application/octet-stream" id="tw-data">([^<]*)</script>', text)
    assert match, f"no tw-data script in {path.name}"
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(match.group(1))))
    return data


def open_offline_page(browser: Any, path: Path, ready: str, **context_options: Any) -> tuple[Any, Any, list[str]]:
    """A new context (``context_options``: viewport, colour scheme …) showing the self-contained page
    ``path`` from file:// with the network refused, once its body is ``ready`` (``data-replay-ready``,
    ``data-puzzle-ready``) and a board is drawn; with the list its page errors go to."""
    context = browser.new_context(**context_options)
    requests = no_network(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(path.as_uri())
    page.wait_for_selector(f"body[{ready}=true]", timeout=20_000)
    page.wait_for_selector(".tigris-widget[data-ready]", timeout=20_000)
    assert not requests, requests  # no network at all
    return context, page, errors


def check_offline_replay(browser: Any, game: Any, path: Path, steps: int, play_buttons: str, shot: Path) -> None:
    """The replay file ``path`` of the finished ``game``, opened offline: it shows the last position and
    the final standings (a row a seat), goes back to the start (Home on the history bar), steps
    ``steps`` actions on with the board's "." key, its log following, and offers nothing to play
    (nothing matches the selector ``play_buttons``). A screenshot goes to ``shot``."""
    viewport = {"width": 1200, "height": 1000}
    context, page, errors = open_offline_page(
        browser, path, "data-replay-ready", viewport=viewport, device_scale_factor=2
    )
    try:
        page.wait_for_selector(f'.tigris-widget[data-ready="replay.{len(game)}"]', timeout=15_000)
        assert page.locator(".tigris-widget").get_attribute("data-game") == game.name
        assert page.locator(".tw-side .tw-standings tbody th[scope=row]").count() == game.players
        page.locator(".tw-history").focus()
        page.keyboard.press("Home")
        page.wait_for_selector('.tigris-widget[data-ready="replay.0"]')
        page.locator("canvas.tw-board").focus()
        for _ in range(steps):
            page.keyboard.press(".")
        page.wait_for_selector(f'.tigris-widget[data-ready="replay.{steps}"]')
        current = page.locator(".tw-log li.tw-current").inner_text()
        assert current.startswith(f"{steps}. ") and str(game.actions[steps - 1]) in current
        assert page.locator(play_buttons).count() == 0
        page.screenshot(path=str(shot))
    finally:
        context.close()
    assert not errors, errors


def synced_state(widget: BoardWidget) -> str:
    """The widget's synced traits as the harness model takes them (heatmap bytes as a float list)."""
    state: dict[str, Any] = {k: getattr(widget, k) for k in ("view", "error", "overlay", "theme", "seat", "ply")}
    raw = widget.heatmap
    values = struct.unpack(f"<{len(raw) // 4}f", raw) if raw else None
    state["heatmap"] = None if values is None else [None if math.isnan(v) else v for v in values]  # JSON has no NaN
    return json.dumps(state)


class BoardPage:
    """A page showing ``widget``; intents from the page reach the widget and the new state returns."""

    def __init__(self, page: Any, widget: BoardWidget) -> None:
        self.page = page
        self.widget = widget
        self.messages: list[dict[str, Any]] = []

        def on_send(text: str) -> str:
            content = json.loads(text)
            self.messages.append(content)
            widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
            return synced_state(widget)

        def on_save(text: str) -> str:
            widget.set_state(json.loads(text))  # as ipywidgets applies a front-end update
            return synced_state(widget)

        page.expose_function("pySend", on_send)
        page.expose_function("pySave", on_save)
        page.route("http://tigris.test/**", self._serve)
        page.goto("http://tigris.test/index.html")
        page.wait_for_function("window.harnessReady === true")
        page.evaluate("s => window.tigrisStart(s)", synced_state(widget))
        self.wait_ready()

    @staticmethod
    def _serve(route: Any) -> None:
        url = route.request.url
        if url.endswith("/index.html"):
            route.fulfill(body=HARNESS.read_text(encoding="utf-8"), content_type="text/html")
        elif "/static/" in url:
            name = url.rsplit("/", 1)[1]
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            route.fulfill(body=(STATIC / name).read_text(encoding="utf-8"), content_type=kind)
        else:
            route.fulfill(status=404, body="")

    def push(self) -> None:
        """Send the widget's state to the page after a change made from Python."""
        self.page.evaluate("s => window.model.update(s)", synced_state(self.widget))
        self.wait_ready()

    def wait_ready(self, host: str = "#host") -> None:
        """Wait until the board has drawn the widget's current state (no sleeps)."""
        sid = self.widget.view["state_id"]
        self.page.wait_for_selector(f'{host} .tigris-widget[data-ready="{sid}"]', timeout=10_000)

    def settle(self, before: int, change: int = 1) -> None:
        """Wait until a click's action is played (the page calls Python back: the game had ``before``
        actions, now ``change`` more) and drawn; the widget's error, if any, in the failure."""
        for _ in range(250):
            if len(self.widget.game) != before or self.widget.error:
                break
            self.page.wait_for_timeout(20)
        assert len(self.widget.game) == before + change, self.widget.error
        self.wait_ready()

    def square_point(self, square: int, host: str = "#host") -> tuple[float, float]:
        return square_point(self.page.locator(f"{host} canvas.tw-board"), square)

    def click_square(self, square: int) -> None:
        x, y = self.square_point(square)
        self.page.mouse.click(x, y)


def cell_point(canvas: Any, x: int, y: int) -> tuple[float, float]:
    """Page coordinates of the centre of cell (x, y), from the layout the canvas (a locator) publishes
    (scrolled into view first: mouse clicks at page coordinates do not scroll)."""
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    lay = json.loads(canvas.get_attribute("data-layout"))
    return box["x"] + lay["left"] + (x + 0.5) * lay["cell"], box["y"] + lay["top"] + (y + 0.5) * lay["cell"]


def square_point(canvas: Any, square: int) -> tuple[float, float]:
    """``cell_point`` of a square of the 16-column T&E board."""
    return cell_point(canvas, square % 16, square // 16)


def click_cell(page: Any, board: Any, x: int, y: int) -> None:
    """Click cell (x, y) of the canvas of ``board`` (a locator of a ``.tigris-widget``)."""
    page.mouse.click(*cell_point(board.locator("canvas.tw-board"), x, y))


def play_a_tile(page: Any, board: Any, view: dict[str, Any]) -> str:
    """Pick the first legal tile colour from the hand, click its first highlighted square on the
    canvas, and wait until the board has drawn a new state from Python. ``board`` is a locator of the
    ``.tigris-widget`` root; ``view`` the widget's synced view. Returns the action's notation."""
    from playwright.sync_api import expect

    colour, actions = next(iter(view["targets"]["tile"].items()))
    square, text = next(iter(actions.items()))
    square = int(square)
    assert board.get_attribute("data-ready") == view["state_id"]
    board.get_by_role("button", name=f"({colour} tile)").first.click()
    expect(board.locator(".tw-selected")).to_be_visible()
    page.mouse.click(*square_point(board.locator("canvas.tw-board"), square))
    expect(board).not_to_have_attribute("data-ready", view["state_id"], timeout=30_000)
    return str(text)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


@contextmanager
def server_process(
    name: str, cmd: list[str], work: Path, answers: Callable[[], object], env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Run a server in ``work`` (its output in ``work/server.log``) until ``answers()`` stops raising
    ``OSError``; stop it afterwards. Fails the test with the log's end if it exits or takes > 90 s."""
    log_path = work / "server.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(cmd, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 90
            while True:  # poll the server until it answers
                try:
                    answers()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"{name} did not start:\n{log_path.read_text()[-3000:]}")
                    time.sleep(0.25)
            yield server
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


JUPYTER_TOKEN = "tigris-e2e"


class JupyterServer:
    def __init__(self, port: int, runtime: Path) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.runtime = runtime

    def url(self, path: str) -> str:
        return f"{self.base}{path}?token={JUPYTER_TOKEN}"

    def api(self, path: str) -> Any:
        return get_json(self.url(path))

    def kernel(self, path: str | None = None) -> Any:
        """A client on a notebook's kernel, through its connection file: the session of the notebook at
        ``path`` (waited for, up to two minutes), or without ``path`` the only session."""
        from jupyter_client import BlockingKernelClient

        if path is None:
            sessions = self.api("/api/sessions")
            assert len(sessions) == 1, sessions
        else:
            deadline = time.monotonic() + 120
            while not (sessions := [s for s in self.api("/api/sessions") if s["path"] == path]):
                assert time.monotonic() < deadline, f"no session for {path} after 120 s"
                time.sleep(0.2)
        kc = BlockingKernelClient(connection_file=str(self.runtime / f"kernel-{sessions[0]['kernel']['id']}.json"))
        kc.load_connection_file()
        kc.start_channels()
        kc.wait_for_ready(timeout=30)
        return kc


@contextmanager
def jupyter_server(module: str, work: Path, *options: str) -> Iterator[JupyterServer]:
    """A Jupyter server application (``python -m <module>``: jupyterlab, notebook) serving ``work``,
    with its own runtime and config directories, a fixed token and the app-specific ``options``. Its
    kernels import this checkout's package (an absolute PYTHONPATH: the kernel's cwd is ``work``)."""
    runtime = work / "runtime"
    port = free_port()
    path = os.pathsep.join([str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(runtime), "JUPYTER_CONFIG_DIR": str(work / "config"),
           "PYTHONPATH": path}  # fmt: skip
    cmd = [
        sys.executable, "-m", module, "--no-browser", f"--port={port}", "--ip=127.0.0.1",
        f"--IdentityProvider.token={JUPYTER_TOKEN}", f"--ServerApp.root_dir={work}",
        "--ServerApp.disable_check_xsrf=True", "--allow-root", *options,
    ]  # fmt: skip
    server = JupyterServer(port, runtime)
    with server_process(module, cmd, work, lambda: server.api("/api/status"), env):
        yield server


LAB_OPTIONS = (
    "--LabApp.expose_app_in_browser=True",  # window.jupyterapp, for the tests to drive it
    "--LabApp.news_url=",
    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
)
NOTEBOOK_PANEL = "window.jupyterapp.shell.currentWidget"
"""The open notebook in JupyterLab's page (with ``LAB_OPTIONS``)."""


@contextmanager
def jupyterlab(work: Path, *, every_cell: bool = False) -> Iterator[JupyterServer]:
    """JupyterLab serving ``work``, its app exposed to the page, with no news or update checks; with
    ``every_cell``, its notebooks render every cell (no windowing), so that a test finds the boards
    scrolled out of view."""
    if every_cell:
        render_every_cell(work)
    with jupyter_server("jupyterlab", work, *LAB_OPTIONS) as server:
        yield server


def render_every_cell(work: Path) -> None:
    """Turn notebook windowing off in the user settings of the Jupyter server serving ``work`` (its
    config directory is ``work/config``): every cell is rendered, scrolled into view or not."""
    settings = work / "config" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')


def code_notebook(cells: Iterable[str]) -> Any:
    """A notebook (``nbformat.NotebookNode``) of the code ``cells``, not run, on the Python 3 kernel."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return notebook


def write_notebook(path: Path, cells: Iterable[str]) -> None:
    """``code_notebook(cells)`` written to ``path``."""
    import nbformat

    nbformat.write(code_notebook(cells), path)


def lab_theme(page: Any, dark: bool) -> None:
    """Switch JupyterLab to its dark or light theme and wait until the page has it."""
    theme = "JupyterLab Dark" if dark else "JupyterLab Light"
    page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(not dark).lower()}'", timeout=30_000)


def lab_sidebar_for(page: Any, width: int) -> None:
    """JupyterLab's left sidebar open on a narrow page (below 1,000 px, the hard case for fitting a
    board) and closed on a wide one; and its question about news, if shown over the page, answered No."""
    page.evaluate(
        "(open) => { const s = window.jupyterapp.shell; if (open) s.expandLeft(); else s.collapseLeft(); }",
        width < 1000,
    )
    page.wait_for_timeout(400)
    news = page.get_by_role("button", name="No")
    if news.count():
        news.first.click()


def open_notebook(page: Any, lab: JupyterServer, name: str, *, run: bool = True, workspace: str | None = None) -> None:
    """Open the notebook ``name`` in JupyterLab (in a fresh ``workspace`` of its own if given, so that Lab
    does not reopen what an earlier test had open); with ``run``, wait for its kernel and run all cells."""
    page.goto(
        lab.url(f"/lab/workspaces/{workspace}/tree/{name}") + "&reset" if workspace else lab.url(f"/lab/tree/{name}")
    )
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    if run:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        panel = NOTEBOOK_PANEL
        ready = (f"() => window.jupyterapp && {panel} && {panel}.context && {panel}.context.path === {name!r} && "
                 f"{panel}.sessionContext && {panel}.sessionContext.session && {panel}.sessionContext.session.kernel")  # fmt: skip
        try:
            page.wait_for_function(ready, timeout=120_000)
        except PlaywrightTimeout as error:  # say what Lab showed instead (a dialog?) and which kernels the server had
            dialogs = page.locator(".jp-Dialog").all_inner_texts()
            raise AssertionError(
                f"no kernel for {name}; dialogs: {dialogs}; sessions: {lab.api('/api/sessions')}"
            ) from error
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def wait_in_kernel(page: Any, kc: Any, expression: str, *, seconds: float = 10, detail: str | None = None) -> None:
    """Wait until the Python ``expression`` is true in the kernel (asked every 50 ms); after ``seconds``
    fail naming it and, if given, the value of the ``detail`` expression."""
    deadline = time.monotonic() + seconds
    while not evaluate(kc, expression):
        if time.monotonic() > deadline:
            shown = f" ({detail} = {evaluate(kc, detail)!r})" if detail else ""
            raise AssertionError(f"not true after {seconds} s: {expression}{shown}")
        page.wait_for_timeout(50)


def watch_console(page: Any) -> list[str]:
    """The list that every page error and console error of ``page`` is added to from now on."""
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    return errors


def evaluate(kc: Any, expression: str) -> Any:
    """The value of a Python expression in the kernel (through its JSON text)."""
    reply: dict[str, Any] = {}

    def output(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "execute_result":
            reply["value"] = msg["content"]["data"]["text/plain"]
        elif msg["msg_type"] == "error":
            reply["error"] = "\n".join(msg["content"]["traceback"])

    kc.execute_interactive(f"import json as _json; _json.dumps({expression})", output_hook=output, timeout=30)
    assert "error" not in reply, reply.get("error")
    return json.loads(eval(reply["value"]))  # the repr of a str


# Notebook 7.6.0 to 7.6.5 (not 7.5.x) throw this from their own bundle's keyboard-shortcut settings
# handler on every page, the file browser included, with no widget anywhere: not ours to fail on.
NOTEBOOK_OWN_ERROR = ("Cannot read properties of undefined (reading 'schema')", "/static/notebook/notebook_core.")


def ours(error: Any) -> bool:
    """Whether a page error may come from this package (anything but Notebook 7.6's own known one)."""
    message, where = NOTEBOOK_OWN_ERROR
    frames = [line for line in (error.stack or "").splitlines() if line.strip().startswith("at ")]
    return not (error.message == message and frames and where in frames[0])
