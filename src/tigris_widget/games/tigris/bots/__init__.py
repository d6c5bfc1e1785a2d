"""T&E knowledge for the shared bots: the evaluation and move ordering (``heuristics``), sampled turns (``candidates``)."""
