"""Ur in a real JupyterLab 4 server with Debian's Chromium: a person plays by clicks alone — on the
canvas cells and the panel's buttons — one turn of each action (agriculture with its allocation choice,
trade, culture, politics with a redistribution, a war with its cubes moved in), the extra cube, an
exchange with a grid tile (side chosen) and one with the spare; the engine state is checked in the
kernel after every click. Then a whole game against two bots (the person's seat chosen, the bots reply
at once) is clicked through to its final standings. No page error and no console error. Last,
screenshots of the Ur boards (start, overlays from Python, a war prompt, game over) and the stepper
with its chart, at 800 px (sidebar open) and 1,600 px, light and dark, DPR 1 and 2, go to
``test-artifacts/ur-lab/``.

The positions come from seeded random games (``find_turn``): the first turn start where the planned
turn is legal, written as position text into the notebook."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_harness import (
    ARTIFACTS,
    JupyterServer,
    click_cell,
    evaluate,
    jupyterlab,
    lab_sidebar_for,
    lab_theme,
    open_notebook,
    screen_cases,
    watch_console,
    write_notebook,
)

from tigris_widget.games.ur import Step, UrGame

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

NOTEBOOK = "ur_play.ipynb"
LOOK = "ur_look.ipynb"
"""The boards the screenshots show: the start, a mid-game position with overlays, a war prompt, game
over, and the stepper with its chart."""
SHOTS = ARTIFACTS / "ur-lab"
HUMAN = 1
"""The person's seat in the game against bots."""

Planner = Callable[[UrGame], list[Step] | None]


# -- positions: the first turn start of a seeded random game where a planned turn is legal -----------
def _pick(game: UrGame, kind: str, ok: Callable[[Step], bool] = lambda s: True) -> Step | None:
    return next((s for s in game.legal_actions() if s.kind == kind and ok(s)), None)


def _play(game: UrGame, step: Step | None, out: list[Step]) -> bool:
    if step is None:
        return False
    game.apply(step)
    out.append(step)
    return True


def _allocations(game: UrGame, out: list[Step], choose: Callable[[list[Step]], Step]) -> bool:
    """Answer the allocation decisions of the action under way; True if one of them was a real choice."""
    choice = False
    while game.decision is not None and game.decision.kind in ("agriculture", "trade", "culture", "politics"):
        options = game.legal_actions()
        choice = choice or len(options) > 1
        _play(game, choose(options), out)
    return choice


def plan_agriculture(game: UrGame) -> list[Step] | None:
    """The extra cube before the action, agriculture with a choice of amounts, the spare exchange."""
    out: list[Step] = []
    if not _play(game, _pick(game, "cube", lambda s: s.n == 1), out) or not _play(game, _pick(game, "agri"), out):
        return None
    if not _allocations(game, out, lambda options: options[len(options) // 2]):
        return None
    return out if _play(game, _pick(game, "spare"), out) else None


def plan_trade_culture(game: UrGame) -> list[Step] | None:
    """Trade, then culture (two actions), then an exchange with a grid tile, its back side up."""
    out: list[Step] = []
    for word in ("trade", "culture"):
        if not _play(game, _pick(game, word), out):
            return None
        _allocations(game, out, lambda options: options[-1])
    if not any(s.kind == "add" for s in out) and game.state.supply(game.state.active) < 3:
        return None
    hand = _pick(game, "exchange")
    if hand is None:
        return None
    sides = [s for s in game.legal_actions() if s.kind == "exchange" and s.a == hand.a]
    return out if len(sides) == 2 and _play(game, sides[1], out) else None


def plan_politics_war(game: UrGame) -> list[Step] | None:
    """Politics that moves cubes between two tiles, then a war with a choice of cubes moved in."""
    out: list[Step] = []
    before = game.state
    if not _play(game, _pick(game, "politics"), out):
        return None
    if not _allocations(game, out, lambda options: options[0] if len(out) == 1 else options[-1]):
        return None
    after = game.state
    if sum(after.cubes[c] != before.cubes[c] for c in range(36)) < 2:
        return None
    if not _play(game, _pick(game, "attack"), out):
        return None
    moves = game.legal_actions()
    if len(moves) < 2 or not _play(game, moves[-1], out):
        return None
    return out if _play(game, _pick(game, "exchange"), out) else None


def find_turn(planner: Planner, players: int = 3, seeds: range = range(200)) -> tuple[str, list[str]]:
    """(position text, the turn's step texts) of the first turn start where ``planner`` finds its turn."""
    for seed in seeds:
        game, rng = UrGame.new(players=players, seed=seed), random.Random(seed)
        while not game.is_over and len(game) < 600:
            s = game.state
            if game.decision is not None and game.decision.kind == "turn" and not s.started and len(game) > 30:
                trial = UrGame.from_position(game.to_position())
                steps = planner(trial)
                if steps is not None:
                    return game.to_position(), [str(st) for st in steps]
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no position for {planner.__name__}")


SCENARIOS: dict[str, Planner] = {
    "agriculture": plan_agriculture,
    "trade_culture": plan_trade_culture,
    "politics_war": plan_politics_war,
}


# -- the notebook ---------------------------------------------------------------------------------
def play_cells(positions: dict[str, str]) -> list[str]:
    """The notebook of the clicks: a board on each position, then a game against two bots."""
    cells = ["from tigris_widget import BoardWidget\nfrom tigris_widget.games.ur import UrGame"]
    for name, text in positions.items():
        cells.append(f"g_{name} = UrGame.from_position({text!r})\nw_{name} = BoardWidget(g_{name})\nw_{name}")
    cells.append(
        "# you against two greedy bots: you play seat 1, the bots answer every other decision at once\n"
        "from tigris_widget.bots import make_bot\n"
        "from tigris_widget.bots.runner import step as bot_step\n"
        "vs = UrGame.new(players=3, seed=17)  # a whole game: it ends with the fifth ziggurat\n"
        f"bots = {{p: make_bot('greedy', seed=p, game='ur') for p in (0, 2)}}\n"
        f"me = make_bot('greedy', seed=9, game='ur')  # what the test's person clicks\n"
        "busy = False\n"
        "def reply(_record=None):\n"
        "    global busy\n"
        "    if busy:\n"
        "        return\n"
        "    busy = True\n"
        "    try:\n"
        "        while vs.decision is not None and vs.decision.seat in bots:\n"
        "            bot_step(vs, bots)\n"
        "    finally:\n"
        "        busy = False\n"
        f"board = BoardWidget(vs, seat={HUMAN})\n"
        "board.on_action(reply)\n"
        "reply()\n"
        "board"
    )
    return cells


def look_cells(war_position: str, war_steps: list[str]) -> list[str]:
    """The notebook of the screenshots; ``war_steps`` lead from ``war_position`` to the cubes-to-move prompt."""
    return [
        "from tigris_widget import BoardWidget\nfrom tigris_widget.games.ur import UrGame\n"
        "from tigris_widget.jupyter.stepper import GameStepper\n"
        "from tigris_widget.bots import make_bot\nfrom tigris_widget.bots.runner import play, step",
        "start = BoardWidget(UrGame.new(players=4, seed=2006))\nstart",
        "import random\n"
        "mid_game, rng = UrGame.new(players=4, seed=5), random.Random(5)\n"
        "while len(mid_game) < 90 or mid_game.state.started:\n"
        "    mid_game.apply(rng.choice(mid_game.legal_actions()))\n"
        "mid = BoardWidget(mid_game)\n"
        "s = mid_game.state\n"
        "mid.show_heatmap({c: s.cubes[c] for c in range(36) if s.owner[c] == s.active}, "
        "legend='cubes on the tiles of the player to move', high='most')\n"
        "mid.arrow((1, 1), (1, 2))\nmid.label((4, 4), 'look')\nmid.highlight([(2, 3)])\n"
        "mid.caption('Overlays from Python: a heatmap, an arrow, a label and a frame')\nmid",
        f"war_game = UrGame.from_position({war_position!r})\nwar_game.play(*{war_steps!r})\n"
        "war = BoardWidget(war_game)\nwar",
        "over_game = UrGame.new(players=3, seed=17)\nplayers = {p: make_bot('greedy', seed=p, game='ur') "
        "for p in range(3)}\nplay(over_game, players)\n"
        "over = BoardWidget(over_game)\nover",
        "stepper = GameStepper(over_game)\nstepper.goto(len(over_game) * 3 // 5)  # in the middle game\nstepper.widget",
    ]


@pytest.fixture(scope="module")
def turns() -> dict[str, tuple[str, list[str]]]:
    return {name: find_turn(planner) for name, planner in SCENARIOS.items()}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory, turns: dict[str, tuple[str, list[str]]]) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("urlab")
    write_notebook(work / NOTEBOOK, play_cells({name: position for name, (position, _) in turns.items()}))
    war_position, war_steps = turns["politics_war"]
    write_notebook(
        work / LOOK, look_cells(war_position, war_steps[: next(i for i, a in enumerate(war_steps) if "->" in a) + 1])
    )
    for name in (NOTEBOOK, LOOK):
        subprocess.run([sys.executable, "-m", "jupyter", "trust", str(work / name)], check=True, capture_output=True)
    with jupyterlab(work, every_cell=True) as server:
        yield server


# -- clicks ---------------------------------------------------------------------------------------
def cell_options(view: dict[str, Any], cell: int) -> list[str]:
    """The steps a click on ``cell`` offers, in the order the panel lists them (``js/src/games/ur/ui.ts``)."""
    t, k = view["targets"], str(cell)
    out = [t[kind][k] for kind in ("place", "restart", "zig") if k in t.get(kind, {})]
    out += [z["action"] for z in t.get("zig_pairs", []) if cell in z["cells"]]
    out += [t["cube"][k][n] for n in ("1", "2") if n in t.get("cube", {}).get(k, {})]
    out += list(t.get("exchange", {}).get(k, {}).values())
    return out


def clicks_for(view: dict[str, Any], action: str) -> list[tuple[str, Any]]:
    """The clicks that play ``action`` on the Ur board: ``("cell", c)`` on the canvas, ``("button", key)``
    on the panel (its ``data-key``)."""
    t = view["targets"]
    for word, text in t.get("actions", {}).items():
        if text == action:
            return [("button", f"act-{word}")]
    for amount, text in t.get("alloc", {}).get("amounts", {}).items():
        if text == action:
            return [("button", f"alloc-{amount}")]
    for moved, text in t.get("move", {}).items():
        if text == action:
            return [("button", f"move-{moved}")]
    for i, spare in enumerate(t.get("spare", [])):
        if spare["action"] == action:
            return [("button", f"spare-{i}")]
    for key in ("keep", "end"):
        if t.get(key) == action:
            return [("button", key)]
    for attacker, targets in t.get("attack", {}).items():
        for target, text in targets.items():
            if text == action:
                return [("cell", int(attacker)), ("cell", int(target))]
    for cell in range(36):
        options = cell_options(view, cell)
        if action in options:
            if len(options) == 1 and not t.get("attack", {}).get(str(cell)):
                return [("cell", cell)]
            return [("cell", cell), ("button", f"cell-{options.index(action)}")]
    raise AssertionError(f"{action!r} is not offered on the board: {sorted(t)}")


def click_action(page: Any, board: Any, view: dict[str, Any], action: str) -> None:
    """Play ``action`` by its clicks and wait until the board has drawn the position after it."""
    from playwright.sync_api import expect

    before = view["state_id"]
    assert board.get_attribute("data-ready") == before
    for kind, what in clicks_for(view, action):
        if kind == "cell":
            click_cell(page, board, what % 6, what // 6)
        else:
            button = board.locator(f'button[data-key="{what}"]')
            button.scroll_into_view_if_needed()
            button.click()
    expect(board).not_to_have_attribute("data-ready", before, timeout=30_000)


def ready(page: Any, kc: Any, name: str, index: int) -> tuple[Any, dict[str, Any]]:
    """The board of widget ``name`` (the ``index``-th board of the notebook) once it shows the kernel's view."""
    board = page.locator(".tigris-widget[data-ready]").nth(index)
    view = evaluate(kc, f"{name}.view")
    page.wait_for_function(
        f"() => document.querySelectorAll('.tigris-widget[data-ready]')[{index}]?.dataset.ready === "
        f"{json.dumps(view['state_id'])}",
        timeout=60_000,  # generous: a loaded CI machine once took longer than 30 s here
    )
    return board, view


@pytest.fixture(scope="module")
def notebook(lab: JupyterServer, browser: Any, turns: dict[str, tuple[str, list[str]]]) -> Iterator[tuple[Any, Any]]:
    """The notebook open in JupyterLab with every cell run, and a client on its kernel; no page or
    console error may happen while it is open."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = watch_console(page)
    open_notebook(page, lab, NOTEBOOK)
    page.wait_for_function(
        f"() => document.querySelectorAll('.tigris-widget[data-ready]').length >= {len(turns) + 1}", timeout=120_000
    )
    kc = lab.kernel()
    try:
        yield page, kc
    finally:
        kc.stop_channels()
        page.close()
    assert not errors, errors


def test_each_action_by_clicks_in_jupyterlab(
    notebook: tuple[Any, Any], turns: dict[str, tuple[str, list[str]]]
) -> None:
    page, kc = notebook
    seen: set[str] = set()
    for index, (name, (_position, steps)) in enumerate(turns.items()):
        game = f"g_{name}"
        active = evaluate(kc, f"{game}.state.active")
        for n, action in enumerate(steps):
            board, view = ready(page, kc, f"w_{name}", index)
            assert view["decision"]["mine"], view["decision"]
            cubes_before = evaluate(kc, f"list({game}.state.cubes)")
            click_action(page, board, view, action)
            # the engine played exactly that step, and nothing else
            assert evaluate(kc, f"len({game})") == n + 1
            assert evaluate(kc, f"str({game}.actions[-1])") == action
            assert evaluate(kc, f"w_{name}.error") == ""
            check_state(kc, game, action, cubes_before, view)
            seen.add(action.split()[0] if " " in action else action)
            if action.startswith("exchange"):
                assert evaluate(kc, f"{game}.state.active") != active  # the turn passed on
        line = evaluate(kc, f"{game}.lines[-1]")
        print(f"{name}: {line}")
        if name == "politics_war":
            board.screenshot(path=str(ARTIFACTS / "ur-lab-after-war.png"))
    kinds = {"cube", "agri", "trade", "culture", "politics", "exchange"}
    assert kinds <= seen, seen
    assert any("->" in a for _, (_p, s) in turns.items() for a in s)  # the war


def check_state(kc: Any, game: str, action: str, before: list[int], view: dict[str, Any]) -> None:
    """The engine state after ``action``: the cubes it moved are where the step says."""
    cubes = evaluate(kc, f"list({game}.state.cubes)")
    if action.startswith("cube "):
        x, y = (int(v) for v in action[6:9].split(","))
        assert cubes[y * 6 + x] == before[y * 6 + x] + (2 if action.endswith("x2") else 1)
    elif "=" in action:  # politics: the tile holds the count set
        cell, count = action.split("=")
        x, y = (int(v) for v in cell.strip("()").split(","))
        assert cubes[y * 6 + x] == int(count)
        if evaluate(kc, f"{game}.decision.kind") != "politics":  # regrouped: no cube came or went
            start = f"{game}.state_at([str(a) for a in {game}.actions].index('politics'))"
            assert evaluate(kc, f"{game}.state.supply({game}.state.active) == {start}.supply({game}.state.active)")
    elif action.startswith("move "):
        war = view["body"]["turn"]["war"]
        assert cubes[war["target"]] == int(action.split()[1])
        assert evaluate(kc, f"{game}.state.owner[{war['target']}]") == view["decision"]["seat"]
    elif "->" in action:
        t = action.split("->")[1].strip("()").split(",")
        target = int(t[1]) * 6 + int(t[0])
        assert cubes[target] == 0  # the defenders are gone; the cubes to move in come next
        assert evaluate(kc, f"{game}.decision.kind") == "war move"
    elif action.startswith("exchange"):
        assert (
            evaluate(kc, f"{game}.state.hands[{view['decision']['seat']}]")
            != view["body"]["hands"][view["decision"]["seat"]]
        )


def test_a_whole_game_against_bots_by_clicks(notebook: tuple[Any, Any], turns: Any) -> None:
    page, kc = notebook
    index = len(turns)
    clicks = 0
    while not evaluate(kc, "vs.is_over"):
        assert clicks < 300, "the game runs away: the bots stall it"
        board, view = ready(page, kc, "board", index)
        assert view["decision"]["seat"] == HUMAN and view["decision"]["mine"], view["decision"]
        action = evaluate(kc, f"str(me.choose(vs.view({HUMAN})))")
        n = evaluate(kc, "len(vs)")
        click_action(page, board, view, action)
        clicks += 1
        assert evaluate(kc, f"str(vs.actions[{n}])") == action and evaluate(kc, f"vs.actors[{n}]") == HUMAN
        assert evaluate(kc, "board.error") == ""
    board, view = ready(page, kc, "board", index)
    standings = evaluate(kc, "[(r.seat, r.points, r.place) for r in vs.standings()]")
    assert view["over"] and [(r["seat"], r["score"], r["rank"]) for r in view["result"]] == [
        tuple(s) for s in standings
    ]
    assert set(evaluate(kc, "vs.actors")) == {0, 1, 2}
    result = board.locator(".tw-side .tw-standings tbody th[scope=row]")
    assert result.count() == 3  # the final standings on the board
    board.scroll_into_view_if_needed()
    board.screenshot(path=str(ARTIFACTS / "ur-lab-game-over.png"))
    kinds = set(evaluate(kc, f"[a.kind for a, p in zip(vs.actions, vs.actors) if p == {HUMAN}]"))
    assert {"place", "exchange", "zig"} <= kinds, kinds  # setup, exchanges and a ziggurat among the clicks
    assert evaluate(kc, "vs.end_reason") == "ziggurats"  # §9.2, 101 clicks (issue 40's greedy bots)
    print(f"whole game: {clicks} decisions clicked ({sorted(kinds)}), standings {standings}")


BOARDS = ("start", "overlays", "war", "over")


@pytest.mark.parametrize(("width", "dpr"), screen_cases([800, 1600], [1, 2], always=[(800, 2)]))
def test_screenshots_in_jupyterlab(lab: JupyterServer, browser: Any, width: int, dpr: int) -> None:
    """The Ur boards and the stepper at 800 px with the sidebar open and at 1,600 px, light and dark,
    DPR 1 and 2: each board fits its cell (no clipping, no horizontal scrollbar), its canvas is drawn
    at the screen's resolution, it follows the theme, and so does the stepper's chart."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 1300}, device_scale_factor=dpr)
    page = context.new_page()
    errors = watch_console(page)
    try:
        # a fresh workspace: the restored layout would reopen the other notebook beside this one
        open_notebook(page, lab, LOOK, workspace=f"look-{width}-{dpr}")
        page.wait_for_function("() => document.querySelectorAll('.tigris-widget[data-ready]').length >= 5",
                               timeout=120_000)  # fmt: skip
        page.wait_for_selector(".jp-OutputArea canvas:not(.tw-board)", timeout=60_000)  # the stepper's chart
        lab_sidebar_for(page, width)
        for dark in (False, True):
            lab_theme(page, dark)
            page.wait_for_selector(f".tigris-widget[data-theme={'dark' if dark else 'light'}]", timeout=30_000)
            page.wait_for_timeout(500)  # the charts' redraw comes back from the kernel
            tag = f"{width}-{'dark' if dark else 'light'}-dpr{dpr}"
            boards = page.locator(".tigris-widget[data-ready]")
            for i, name in enumerate((*BOARDS, "stepper")):
                board = boards.nth(i)
                board.scroll_into_view_if_needed()
                canvas = board.locator("canvas.tw-board")
                css = float(canvas.evaluate("c => parseFloat(c.style.width)"))
                assert canvas.evaluate("c => c.width") == round(css * dpr)  # HiDPI-sharp
                area = board.locator("xpath=ancestor::div[contains(@class,'jp-OutputArea-output')][1]")
                assert area.evaluate("a => a.scrollWidth <= a.clientWidth + 1"), f"{name} sticks out at {tag}"
                assert board.get_attribute("data-theme") == ("dark" if dark else "light")
                area.evaluate("a => a.scrollIntoView({block: 'center'})")  # clear of the sticky toolbar
                page.wait_for_timeout(100)
                area.screenshot(path=str(SHOTS / f"{name}-{tag}.png"))
            chart = page.locator(".jp-OutputArea canvas:not(.tw-board)").first
            chart.scroll_into_view_if_needed()
            chart.screenshot(path=str(SHOTS / f"chart-{tag}.png"))
            assert chart.evaluate("c => c.width") >= 300 * dpr
            page.screenshot(path=str(SHOTS / f"page-{tag}.png"))
    finally:
        context.close()
    assert not errors, errors
