"""T&E puzzles: goals and the solver (``goals``), the hand-made book (``book``), the miner and its data."""
