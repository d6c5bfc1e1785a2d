"""Ur's text formats: step notation, position text and game records."""
