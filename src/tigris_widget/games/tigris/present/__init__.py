"""How a T&E game looks: the widget's view JSON (``viewjson``), the shared picture geometry (``picture``), SVG."""
