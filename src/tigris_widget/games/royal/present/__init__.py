"""How the Royal Game of Ur looks: the view JSON (``view``) and the static SVG picture (``svg``)."""
