"""Revolts (rules §8) and wars (rules §9): sides, support commitments and their consequences.

A conflict in progress is one ``state.Conflict`` record in ``state.conflict`` (None otherwise).
Revolts and wars share the commitment order: attacker first, then defender.

Events are written only when the state keeps a log: the search resolves conflicts by the hundred
thousand without one, and building their texts would cost it several per cent of its speed.
"""

from __future__ import annotations

from typing import Any

from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS, dilate, squares
from tigris_widget.games.tigris.engine.core.regions import region_of, remove_pieces, side_of
from tigris_widget.games.tigris.engine.core.state import (
    REVOLT,
    STEP_BUILDINGS,
    STEP_TREASURES,
    WAR,
    Conflict,
    GameState,
)
from tigris_widget.games.tigris.engine.core.types import (
    COLOUR_NAMES,
    D_REVOLT_ATTACK,
    D_REVOLT_DEFEND,
    D_WAR_ATTACK,
    D_WAR_DEFEND,
    D_WAR_ORDER,
    LEADER_NAMES,
    RED,
    TILE_NAMES,
    Mask,
    Seat,
)
from tigris_widget.games.tigris.engine.rules.leaders import lift_leader, return_templeless_leaders
from tigris_widget.games.tigris.engine.rules.narrate import award, leader_name, plural, points, say, sq, who

__all__ = ["REVOLT", "WAR", "commit", "conflict_summary", "next_war", "start_revolt", "start_war", "war_colours"]


def start_revolt(s: GameState, attacker_leader: int, defender_leader: int) -> None:
    """§8.1–8.3: a leader was placed into a kingdom holding a leader of its colour; count temples."""
    temples = s.tiles[RED]
    a_sq, d_sq = s.leaders[attacker_leader], s.leaders[defender_leader]
    a_base = (NEIGHBOURS[a_sq] & temples).bit_count()
    d_base = (NEIGHBOURS[d_sq] & temples).bit_count()
    attacker, defender = attacker_leader // 4, defender_leader // 4
    s.conflict = Conflict(REVOLT, RED, attacker, defender, attacker_leader, defender_leader, a_base, d_base, -1)
    s.phase = D_REVOLT_ATTACK
    s.decider = attacker
    if s.log is not None:
        _announce(s, "revolt", "§8.1",
                  f"Revolt: {leader_name(s, attacker_leader)} on {sq(a_sq)} challenges "
                  f"{leader_name(s, defender_leader)} on {sq(d_sq)}. Adjacent temples: {who(s, attacker)} {a_base}, "
                  f"{who(s, defender)} {d_base}.")  # fmt: skip


def _announce(s: GameState, kind: str, rule: str, text: str) -> None:
    """The event opening the revolt or war in ``s.conflict``, with both sides' strengths."""
    c = s.conflict
    assert c is not None
    say(s, kind, rule, text, c.attacker, **_sides(s, c))


def _sides(s: GameState, c: Conflict) -> dict[str, Any]:
    """The data every conflict event shares (see ``events``)."""
    return {
        "colour": COLOUR_NAMES[c.attacker_leader % 4],
        "support": COLOUR_NAMES[c.colour],
        "attacker": c.attacker,
        "defender": c.defender,
        "attacker_square": s.leaders[c.attacker_leader],
        "defender_square": s.leaders[c.defender_leader],
        "attacker_base": c.attacker_base,
        "defender_base": c.defender_base,
    }


def war_colours(s: GameState) -> list[int]:
    """§9.3: the colours for which the unified region holds two leaders."""
    region = region_of(s, s.marker)
    leaders = s.leaders
    found = []
    for c in range(4):
        count = 0
        for p in range(s.players):
            q = leaders[p * 4 + c]
            if q >= 0 and region >> q & 1:
                count += 1
        if count == 2:
            found.append(c)
    return found


def next_war(s: GameState) -> bool:
    """One pass of the §9.3 loop; True if a decision is now pending, False when the wars are over."""
    colours = war_colours(s)
    if not colours:
        if s.log is not None:
            # the last war is always won in the action that ends the wars: none in its log, none at all
            if any(e.kind == "war_won" for e in s.log):
                say(s, "unification_end", "§9.9", f"No war remains; the unification marker leaves {sq(s.marker)}.",
                    square=s.marker)  # fmt: skip
            else:
                say(s, "unification_end", "§9.10", "No leader is contested: the two kingdoms merge and the "
                    f"unification marker leaves {sq(s.marker)}.", square=s.marker)  # fmt: skip
        s.marker = -1
        s.step = STEP_BUILDINGS
        return False
    if len(colours) == 1:
        start_war(s, colours[0])
    else:
        s.phase = D_WAR_ORDER
        s.decider = s.active
        names = ", ".join(COLOUR_NAMES[c] for c in colours)
        if s.log is not None:
            say(s, "war_order", "§9.3", f"Wars pending in {names}: {who(s, s.active)} chooses which is fought first.",
                s.active, colours=[COLOUR_NAMES[c] for c in colours])  # fmt: skip
    return True


def start_war(s: GameState, colour: int) -> None:
    """§9.4–9.5: attacker and defender of the war of ``colour``, and their supporters on the board."""
    region = region_of(s, s.marker)
    pair = [p * 4 + colour for p in range(s.players) if s.leaders[p * 4 + colour] >= 0]
    pair = [i for i in pair if region >> s.leaders[i] & 1]
    owners = [i // 4 for i in pair]
    if s.active in owners:
        attacker = s.active
    else:  # the first involved player clockwise from the active player
        attacker = next(p for k in range(1, s.players) if (p := (s.active + k) % s.players) in owners)
    a_leader = pair[owners.index(attacker)]
    d_leader = pair[1 - owners.index(attacker)]
    defender = d_leader // 4
    tiles = s.tiles[colour]
    a_base = (tiles & side_of(region, s.leaders[a_leader], s.marker)).bit_count()
    d_base = (tiles & side_of(region, s.leaders[d_leader], s.marker)).bit_count()
    s.conflict = Conflict(WAR, colour, attacker, defender, a_leader, d_leader, a_base, d_base, -1)
    s.phase = D_WAR_ATTACK
    s.decider = attacker
    if s.log is not None:
        _announce(s, "war", "§9.4",
                  f"War of the {LEADER_NAMES[colour]}s: {who(s, attacker)} attacks {who(s, defender)}. "
                  f"{TILE_NAMES[colour].capitalize()}s on each side: {who(s, attacker)} {a_base}, "
                  f"{who(s, defender)} {d_base}.")  # fmt: skip


def commit(s: GameState, n: int) -> None:
    """§8.4 / §9.6: the attacker, then the defender, adds ``n`` tiles of the conflict's colour."""
    c = s.conflict
    assert c is not None
    colour = c.colour
    if c.attacker_commit < 0:
        s.hands[c.attacker * 4 + colour] -= n
        s.out_public[colour] += n  # committed tiles lie face up beside the board, then leave the game
        s.conflict = Conflict(c.kind, colour, c.attacker, c.defender, c.attacker_leader, c.defender_leader,
                              c.attacker_base, c.defender_base, n)  # fmt: skip
        s.phase = D_REVOLT_DEFEND if c.kind == REVOLT else D_WAR_DEFEND
        s.decider = c.defender
        if s.log is not None:
            _say_commit(s, c, "attacker", c.attacker, n, c.attacker_base + n)
        return
    s.hands[c.defender * 4 + colour] -= n
    s.out_public[colour] += n
    a_total, d_total = c.attacker_base + c.attacker_commit, c.defender_base + n
    if s.log is not None:
        _say_commit(s, c, "defender", c.defender, n, d_total)
    s.conflict = None
    if a_total > d_total:
        winner, loser_leader = c.attacker, c.defender_leader
    else:  # §8.5 / §9.7: a tie goes to the defender
        winner, loser_leader = c.defender, c.attacker_leader
    if c.kind == REVOLT:
        _end_revolt(s, c, n, winner, loser_leader)
    else:
        _end_war(s, c, n, winner, loser_leader)


def _say_commit(s: GameState, c: Conflict, side: str, seat: Seat, n: int, strength: int) -> None:
    rule = "§8.4" if c.kind == REVOLT else "§9.6"
    say(s, "commit", rule, f"{who(s, seat)} ({side}) commits {plural(n, TILE_NAMES[c.colour])}: strength {strength}.",
        seat, side=side, colour=COLOUR_NAMES[c.colour], count=n, strength=strength)  # fmt: skip


def _score_line(a_total: int, d_total: int) -> str:
    return f"{max(a_total, d_total)}–{min(a_total, d_total)}"


def _outcome(
    s: GameState, c: Conflict, d_commit: int, winner: Seat, loser_leader: int, loser_sq: int, removed: Mask, amount: int
) -> dict[str, Any]:
    """The data of the event ending a conflict (see ``events``), read before the board changes."""
    data = _sides(s, c)
    data["attacker_square"] = loser_sq if loser_leader == c.attacker_leader else s.leaders[c.attacker_leader]
    data["defender_square"] = loser_sq if loser_leader == c.defender_leader else s.leaders[c.defender_leader]
    data.update(
        attacker_commit=c.attacker_commit,
        defender_commit=d_commit,
        attacker_strength=c.attacker_base + c.attacker_commit,
        defender_strength=c.defender_base + d_commit,
        winner=winner,
        loser=loser_leader // 4,
        loser_square=loser_sq,
        removed=squares(removed),
        points=[award(winner, c.colour, amount)],
    )
    return data


def _end_revolt(s: GameState, c: Conflict, d_commit: int, winner: Seat, loser_leader: int) -> None:
    """§8.6: the loser's leader goes home, the winner gains 1 red VP; no board tile is removed."""
    loser_sq = s.leaders[loser_leader]
    lift_leader(s, loser_leader)
    s.vp[winner * 4 + RED] += 1
    if s.log is not None:
        a_total, d_total = c.attacker_base + c.attacker_commit, c.defender_base + d_commit
        tie = " (a tie goes to the defender)" if a_total == d_total else ""
        say(s, "revolt_won", "§8.6",
            f"{who(s, winner)} wins the revolt {_score_line(a_total, d_total)}{tie} and gains {points(1, RED)}; "
            f"{leader_name(s, loser_leader)} leaves {sq(loser_sq)}.", winner,
            **_outcome(s, c, d_commit, winner, loser_leader, loser_sq, 0, 1))  # fmt: skip
    s.step = STEP_TREASURES


def _end_war(s: GameState, c: Conflict, d_commit: int, winner: Seat, loser_leader: int) -> None:
    """§9.8: the loser's leader and his side's unprotected supporters leave; winner scores them."""
    colour = c.colour
    region = region_of(s, s.marker)
    loser_sq = s.leaders[loser_leader]
    removed: Mask = s.tiles[colour] & side_of(region, loser_sq, s.marker)
    if colour == RED:
        # Priest wars: temples with a treasure or next to any other leader stay (§9.8.2).
        removed &= ~(s.treasures | dilate(s.leader_mask & ~(1 << loser_sq)))
    building = s.buildings[colour]
    if building >= 0:
        removed &= ~(1 << building)  # §17.5: the building protects its tile
    count = removed.bit_count()
    if s.log is not None:
        a_total, d_total = c.attacker_base + c.attacker_commit, c.defender_base + d_commit
        tie = " (a tie goes to the defender)" if a_total == d_total else ""
        say(s, "war_won", "§9.8",
            f"{who(s, winner)} wins the war {_score_line(a_total, d_total)}{tie}: {leader_name(s, loser_leader)} leaves "
            f"{sq(loser_sq)}, {plural(count, TILE_NAMES[colour])} removed; "
            f"{who(s, winner)} gains {points(count + 1, colour)}.", winner,
            **_outcome(s, c, d_commit, winner, loser_leader, loser_sq, removed, count + 1))  # fmt: skip
    s.tiles[colour] &= ~removed
    s.out_public[colour] += count
    s.leaders[loser_leader] = -1
    s.leader_mask &= ~(1 << loser_sq)
    remove_pieces(s, removed | 1 << loser_sq)
    s.vp[winner * 4 + colour] += count + 1
    if colour == RED and removed:
        return_templeless_leaders(s)


def conflict_summary(s: GameState) -> dict[str, object] | None:
    """The revolt or war being resolved, in public terms (the conflict record with names), or None.

    Keys: kind ("revolt"/"war"), colour, attacker, defender (seats), attacker_square,
    defender_square, attacker_strength, defender_strength (supporters on the board, §8.3/§9.5)
    and attacker_commit (None until the attacker has committed, §8.4/§9.6)."""
    c = s.conflict
    if c is None:
        return None
    return {
        "kind": "revolt" if c.kind == REVOLT else "war",
        "colour": COLOUR_NAMES[c.colour],
        "attacker": c.attacker,
        "defender": c.defender,
        "attacker_square": s.leaders[c.attacker_leader],
        "defender_square": s.leaders[c.defender_leader],
        "attacker_strength": c.attacker_base,
        "defender_strength": c.defender_base,
        "attacker_commit": None if c.attacker_commit < 0 else c.attacker_commit,
    }
