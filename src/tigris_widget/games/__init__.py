"""One package per game; shared layers find them by name through ``tigris_widget.core.registry``."""
