"""The Ur engine's components: geometry tables and the reference generator (§2.3)."""

from __future__ import annotations

import pytest

from tigris_widget.games.ur.engine.board import BORDER, KINDS, NEIGHBOURS, PAIR_INDEX, PAIR_NAMES, PAIRS, generate


def test_tables() -> None:
    assert PAIR_NAMES == ("AT", "AC", "AP", "AW", "TC", "TP", "TW", "CP", "CW", "PW")
    assert all(PAIR_INDEX[a][b] == PAIR_INDEX[b][a] == i for i, (a, b) in enumerate(PAIRS))
    assert [len(NEIGHBOURS[c]) for c in (0, 5, 30, 35, 1, 14)] == [2, 2, 2, 2, 3, 4]
    assert [BORDER[c] for c in (0, 1, 14, 35)] == [2, 1, 0, 2]
    assert all(c in NEIGHBOURS[m] for c in range(36) for m in NEIGHBOURS[c])


def grid(seed: int, n: int, layout: str) -> list[str]:
    d = generate(seed, n, layout)
    return [" ".join(KINDS[d.faces[y * 6 + x]] + KINDS[d.backs[y * 6 + x]].lower() for x in range(6)) for y in range(6)]


def test_tc01_seed_2006() -> None:
    assert grid(2006, 4, "colour") == [
        "Wp Pw Tc Wc At Wc", "Ca Ap Pw Tc Ct Tp", "Pt Wc Ca At Pc Ap",
        "Tw Pa Aw Tw At Tp", "Cp Wa Tw Ct Pc Ca", "Pa Cp Wa Aw Wp Tp",
    ]  # fmt: skip
    d = generate(2006, 4, "colour")
    assert [PAIR_NAMES[h] for h in d.hands] == ["AT", "AC", "TW", "CW"] and d.spares == [] and d.start == 0


def test_tc02_face_layout_and_tc03_three_players() -> None:
    assert grid(1, 4, "face")[0] == "Tp Ta Ap At Wp Wc"
    d = generate(1, 4, "face")
    assert [PAIR_NAMES[h] for h in d.hands] == ["TC", "AC", "PW", "AP"] and d.start == 1
    d = generate(7, 3, "colour")
    assert [PAIR_NAMES[h] for h in d.hands] == ["AT", "TW", "AP"] and [PAIR_NAMES[s] for s in d.spares] == ["TP"]
    assert d.start == 1 and grid(7, 3, "colour")[5] == "Tc Wp Pt Ca Wc Ca"


@pytest.mark.parametrize("layout", ["colour", "face"])
def test_layouts_obey_their_rule_and_use_every_tile(layout: str) -> None:
    for seed in range(200):
        d = generate(seed, 4, layout)
        counts = [0] * 10
        for c in range(36):
            counts[PAIR_INDEX[d.faces[c]][d.backs[c]]] += 1
            for m in NEIGHBOURS[c]:
                if layout == "colour":
                    assert d.faces[c] != d.faces[m]
                else:
                    assert (d.faces[c], d.backs[c]) != (d.faces[m], d.backs[m])
        for h in d.hands + d.spares:
            counts[h] += 1
        assert counts == [4] * 10
