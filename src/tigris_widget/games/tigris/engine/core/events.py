# mypyc: not compiled — this module is its docstring (the events' reference table) and a re-export;
# a compiled module has no docstring.
"""Events: every state change, explained in plain language with its rule section (contract 6).

Each event has a ``text`` for people, the ``rule`` it applies, and ``data`` for programs: plain
JSON values under the names below. Seats are ints, colours are names (``"red"``), squares are ints
``y * 16 + x`` (lists for several), and a square or colour that does not apply is ``None``.
Every event that awards victory points lists them in ``points``: ``[{"seat", "colour", "amount"}]``.

=====================  =====================  ==========================================================
kind                   rule                   data keys
=====================  =====================  ==========================================================
``tile_placed``        §6.2                   seat, colour, square
``vp``                 §6.2, §17.6            seat, colour, leader (colour of the scoring leader: the
                                              king when he stands in), points
``unification``        §9.2                   seat, square (the unifying tile: the marker goes on it)
``leader_placed``      §6.1                   seat, colour, square
``leader_moved``       §6.1                   seat, colour, square, from
``leader_withdrawn``   §6.1                   seat, colour, from
``catastrophe``        §6.3                   seat, square, destroyed (colour of the tile destroyed or
                                              None), removed (list: the destroyed tile's square, or [])
``swap``               §6.4                   seat, count
``draw``               §13.2                  seat, count
``drawn_tiles``        §13.2                  seat, tiles (colour codes, e.g. ``"rrb"``) — private
``pass``               §5                     seat, unused (actions left unused)
``revolt``, ``war``    §8.1, §9.4             the conflict: colour (the leaders'), support (colour of the
                                              supporting tiles: red in a revolt), attacker, defender
                                              (seats), attacker_square, defender_square, attacker_base,
                                              defender_base (supporters on the board)
``commit``             §8.4, §9.6             seat, side ("attacker"/"defender"), colour, count, strength
``revolt_won``,        §8.6, §9.8             the conflict keys, plus attacker_commit, defender_commit,
``war_won``                                   attacker_strength, defender_strength, winner, loser
                                              (seats), loser_square (the leader sent home), removed
                                              (list: tiles removed, [] in a revolt), points
``war_order``          §9.3                   seat, colours (the wars pending)
``unification_end``    §9.9 or §9.10 (no war) square (where the marker was)
``leader_lost_temple`` §12                    seat, colour, square
``building``           §17.2, §17.3           seat, colour, square, from (None when newly built)
``building_returned``  §17.4                  colour, square
``monument``           §10.4                  seat, monument (index), colours (its two), square
                                              (top-left), squares (the four turned face down)
``ziggurat``           §18.2                  seat, square (centre), squares (the five replaced)
``monument_vp``        §10.6                  seat, colour, monument, square (top-left), points
``ziggurat_vp``        §18.4                  seat, colour, points
``treasure``           §11.3, §11.4           seat, squares
``bag_empty``          §14.2                  immediate (True: the game ends now)
``treasures_end``      §14.1                  treasures (how many are left)
``game_over``          §15                    results (list of {"seat", "rank", "score"}, best first)
=====================  =====================  ==========================================================

Only ``drawn_tiles`` is private (``public`` False): it is for its ``seat`` alone.

The ``Event`` class itself is shared by every game (``tigris_widget.core.events``).
"""

from tigris_widget.core.events import Event

__all__ = ["Event"]
