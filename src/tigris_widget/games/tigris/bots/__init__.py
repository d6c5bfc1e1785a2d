"""T&E knowledge for the shared bots: the evaluation and move ordering (``heuristics``) and the
sampled turns of the search (``candidates``)."""
