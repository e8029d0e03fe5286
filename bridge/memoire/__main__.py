"""`python -m memoire`, the same as the `memoire` command."""

import sys

from .adapters.cli import main

sys.exit(main())
