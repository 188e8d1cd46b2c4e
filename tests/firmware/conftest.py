"""Lets the firmware tests import their helpers (fwproc, mprun) by bare name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# tests/firmware/mp/*.py are MicroPython scripts run by test_micropython.py, not pytest modules.
collect_ignore_glob = ["mp/*"]
