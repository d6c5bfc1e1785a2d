import os
import sys

from tigris_widget.cli import main

code: int | str | None
try:
    try:
        code = main()
    except SystemExit as done:  # argparse's --help and errors: flush below as well
        code = done.code
    sys.stdout.flush()
except BrokenPipeError:
    # the reader stopped early (``… | head``): no traceback; the rest of the output goes nowhere
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 1
sys.exit(code)
