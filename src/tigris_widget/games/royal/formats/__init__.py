"""The Royal Game of Ur's text forms: action notation, position text and game records (§8–§10)."""
