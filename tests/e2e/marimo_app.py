"""A marimo app for the end-to-end test (``test_marimo.py``): a board in ``mo.ui.anywidget`` and,
in a reactive cell, the actions of the Python game (re-run through ``mo.state`` on every action)."""

import marimo

app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo

    from tigris_widget import Game
    from tigris_widget.jupyter.widget import BoardWidget

    game = Game.new(players=2, seed=1)
    widget = BoardWidget(game)
    actions_played, set_actions_played = mo.state(0)
    widget.on_action(lambda record: set_actions_played(len(game)))
    board = mo.ui.anywidget(widget)
    board  # noqa: B018 (marimo shows the last expression of a cell)
    return actions_played, game, mo


@app.cell
def _(actions_played, game, mo):
    import html
    import json

    actions_played()  # this cell runs again after every action
    mo.Html(f'<pre id="python-actions">{html.escape(json.dumps([str(a) for a in game.actions]))}</pre>')
    return


if __name__ == "__main__":
    app.run()
