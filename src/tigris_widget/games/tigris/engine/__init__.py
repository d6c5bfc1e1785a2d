"""The rules engine: imports nothing outside itself (design: layers)."""
