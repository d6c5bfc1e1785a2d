"""How an *Ur* game looks: its view JSON for the board widget (``view``) and its static SVG (``svg``)."""
