"""What the shared bots know of the Royal Game of Ur (``heuristics``)."""
