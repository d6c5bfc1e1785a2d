"""Ur test positions that several test modules share, transcribed from the rules' §14 test cases, and
how a test reads the grid of a position text. Imported by its basename (``tests/`` is on the path of
every test module through ``tests/conftest.py``)."""

from __future__ import annotations

TC10 = """\
4 players · start player P0 · to move: P0 · ziggurats left: 4 · options: defaults
      x=0       x=1       x=2       x=3       x=4       x=5
y=0   Ta:0x1    At:1x1    Ct        Pc        Wt        Ac
y=1   Ct:2x2    Pw        Wa:0x1    Ap        Tp        Cp
y=2   Wt        At:1x1    Tc:0x2    Cw:1x1    Pw        Wa
y=3   Tp        Ca        Pa        Wt        Z3(Ap)    Ta:0x4
y=4   Pc        Wc        Ac        Tc        Cp        Pw:0x1
y=5   Ap        Tp        Cw        Pw        Wt        Aw
hands: P0=TP  P1=AC  P2=CW  P3=AW
supplies: P0=11  P1=17  P2=18  P3=19
"""
"""The position of rules §14 TC-10 (trade: border, each rival tile, rival ziggurat, cap)."""


def grid_tokens(text: str) -> list[list[str]]:
    """The six rows of a position text's grid, each its six cell tokens (``Ta:0x1``, ``Z3(Ap)`` …)."""
    return [line.split()[1:] for line in text.splitlines()[2:8]]
