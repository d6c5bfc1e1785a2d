"""Ur puzzles mined from bot games (``miner``), their goals and judging (``goals``), and the book the
shared puzzle layer reads (``shelf.BOOK``); the shipped file is ``data/mined.json``."""
