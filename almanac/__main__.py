"""``python -m almanac …``: the ``almanac`` command line, as the console script runs it."""
import sys

from almanac.cli import main

sys.exit(main())
