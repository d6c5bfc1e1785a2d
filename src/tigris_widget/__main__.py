import sys

from tigris_widget.cli import main

sys.exit(main())
