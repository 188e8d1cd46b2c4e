"""Loads the synthetic VASL archive painter and the pixel LOS reference (plain modules next to the tests)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _load(name: str) -> ModuleType:
    key = f"_hexmate_tests_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def synth() -> ModuleType:
    return _load("vasl_synth")


@pytest.fixture(scope="session")
def main_painted(synth: ModuleType) -> tuple[Any, tuple[bytearray, bytearray], bytes]:
    """The 9 x 5 test board (vasl_synth.main_board), its painted grids and its archive, made once."""
    board = synth.main_board()
    grids = board.paint()
    return board, grids, synth.archive(board, grids)


@pytest.fixture(scope="session")
def pixel_los() -> ModuleType:
    return _load("vasl_pixel_los")
