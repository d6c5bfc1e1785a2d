"""The JSON form of the search bot's analysis (``analysis.analyze``): ``ANALYSIS_SCHEMA`` describes
it, ``validate_analysis`` checks a report against it, ``UNIT_NAMES`` says its unit in words.
"""

from __future__ import annotations

from typing import Any

from tigris_widget.games.tigris.engine.core.board import HEIGHT, WIDTH
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES

SCHEMA_VERSION = 2
UNIT_NAMES = {"win_probability": "chance to win", "win_share": "share of the win"}
"""How the unit of an analysis is written for people."""

_NUMBER = {"type": "number"}
_GRID = {
    "type": "array",
    "minItems": HEIGHT,
    "maxItems": HEIGHT,
    "items": {"type": "array", "minItems": WIDTH, "maxItems": WIDTH, "items": {"type": ["number", "null"]}},
}
_COLOURS = {
    "type": "object",
    "properties": {c: _NUMBER for c in COLOUR_NAMES},
    "required": list(COLOUR_NAMES),
    "additionalProperties": False,
}
_LEVELS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "commit": {"type": "integer", "minimum": 0},
            "win_probability": {"type": "number", "minimum": 0, "maximum": 1},
            "opponent_commit": {"type": "number", "minimum": 0},
            "visits": {"type": "integer", "minimum": 0},
            "value": {"type": ["number", "null"]},
        },
        "required": ["commit", "win_probability", "opponent_commit"],
        "additionalProperties": False,
    },
}
_CONFLICT = {
    "type": "object",
    "properties": {
        "kind": {"enum": ["revolt", "war"]},
        "colour": {"enum": list(COLOUR_NAMES)},
        "role": {"enum": ["attacker", "defender"]},
        "strength": {"type": "integer"},
        "opponent_strength": {"type": "integer"},
        "opponent_known": {"type": "boolean"},
        "levels": _LEVELS,
        "reason": {"type": "string"},
    },
    "required": ["kind", "colour", "role", "strength", "opponent_strength", "opponent_known", "levels"],
    "additionalProperties": False,
}
ANALYSIS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "tigris_widget search analysis",
    "type": "object",
    "properties": {
        "schema_version": {"const": SCHEMA_VERSION},
        "final": {"type": "boolean"},
        "cheating": {"type": "boolean"},
        "seat": {"type": "integer", "minimum": 0},
        "decision": {"type": "string"},
        "value_kind": {"enum": ["win_probability", "win_share"]},
        "unit": {"enum": list(UNIT_NAMES.values())},
        "iterations": {"type": "integer", "minimum": 0},
        "seconds": {"type": "number", "minimum": 0},
        "iterations_per_second": {"type": "number", "minimum": 0},
        "determinizations": {"type": "integer", "minimum": 1},
        "best": {"type": "string"},
        "value": {"type": "number"},
        "explanation": {"type": "string"},
        "greedy": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "properties": {
                        "action": {"type": "string"},
                        "one_step_value": _NUMBER,
                        "value": {"type": ["number", "null"]},
                        "reason": {"type": "string"},
                    },
                    "required": ["action", "one_step_value", "value", "reason"],
                    "additionalProperties": False,
                },
            ]
        },
        "candidates": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "action": {"type": "string"},
                    "visits": {"type": "integer", "minimum": 0},
                    "value": {"type": ["number", "null"]},
                    "prior": {"type": "number", "minimum": 0, "maximum": 1},
                    "one_step_value": {"type": "number"},
                    "expected_colours": {"oneOf": [_COLOURS, {"type": "null"}]},
                    "principal_variation": {"type": "array", "items": {"type": "string"}},
                    "seat_values": {"type": "array", "items": _NUMBER},
                    "stderr": {"type": "number", "minimum": 0},
                    "reason": {"type": "string"},
                    "conflict": {"oneOf": [_CONFLICT, {"type": "null"}]},
                },
                "required": ["action", "visits", "value", "prior", "one_step_value", "principal_variation"],
                "additionalProperties": False,
            },
        },
        "principal_variation": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"seat": {"type": "integer"}, "action": {"type": "string"}},
                "required": ["seat", "action"],
                "additionalProperties": False,
            },
        },
        "heatmaps": {
            "type": "object",
            "properties": {
                "unit": {"enum": ["win_probability", "win_share"]},
                "relative_to": {"type": "string"},
                "default": {"type": ["string", "null"]},
                "maps": {"type": "object", "additionalProperties": _GRID},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            },
            "required": ["unit", "relative_to", "default", "maps", "labels"],
            "additionalProperties": False,
        },
        "expected_score": {
            "type": "object",
            "properties": {
                "colours": _COLOURS,
                "weakest": {"enum": list(COLOUR_NAMES)},
                "score": _NUMBER,
                "now": _COLOURS,
            },
            "required": ["colours", "weakest", "score", "now"],
            "additionalProperties": False,
        },
        "conflict": {"oneOf": [_CONFLICT, {"type": "null"}]},
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"seat": {"type": "integer", "minimum": 0}, "read": _COLOURS, "at_random": _COLOURS},
                "required": ["seat", "read", "at_random"],
                "additionalProperties": False,
            },
        },
    },
    "required": [
        "schema_version",
        "final",
        "cheating",
        "seat",
        "decision",
        "value_kind",
        "unit",
        "iterations",
        "seconds",
        "best",
        "value",
        "candidates",
        "principal_variation",
        "heatmaps",
        "expected_score",
        "conflict",
    ],
    "additionalProperties": False,
}


def validate_analysis(data: dict[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``data`` follows ``ANALYSIS_SCHEMA``."""
    import jsonschema

    jsonschema.validate(data, ANALYSIS_SCHEMA)
