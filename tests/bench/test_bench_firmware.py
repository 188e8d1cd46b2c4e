"""The scan-timing model of bench/bench_firmware.py (firmware/TIMING.md): air-interface constants match the
ISO 14443-3 / 15693 frame arithmetic, and the pass-time model behaves as the document says."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_firmware", ROOT / "bench" / "bench_firmware.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


B = _bench()
SPI = {"empty": [8, 16], "one_tag": [63, 160], "stack_of_2": [138, 349]}


def test_type_a_frame_times() -> None:
    assert pytest.approx(9.44, abs=0.01) == B.BIT_A_US
    assert pytest.approx(85.0, abs=0.1) == B.REQA_US  # 9 bit periods
    assert pytest.approx(188.8, abs=0.1) == B.ATQA_US  # 20 bit periods
    assert pytest.approx(91.15, abs=0.01) == B.FDT_A_US
    full = B.readers(SPI)[0].occupied_us
    assert full == pytest.approx(4968, abs=2)


def test_iso15693_frame_times() -> None:
    assert pytest.approx(37.76, abs=0.01) == B.BIT_V_US
    assert pytest.approx(320.9, abs=0.1) == B.T1_US
    assert pytest.approx(1623.7, abs=1) == B.INVENTORY_REQ_US
    assert pytest.approx(3738, abs=1) == B.INVENTORY_RESP_US


def test_parallel_readers_divide_air_time_and_the_cpu_floor_does_not_move() -> None:
    reader = B.readers(SPI)[0]
    one = B.air_ms(reader, 1, 300, 35, 11)
    assert B.air_ms(reader, 2, 300, 35, 11) == pytest.approx(one / 2, rel=0.01)
    assert B.air_ms(reader, 346, 300, 35, 11) == pytest.approx(one / 346, rel=0.01)
    floor = B.cpu_floor_ms(reader, 250.0, 300, 35, 11)
    txns = 300 * 8 + 35 * 63 + 11 * 138
    assert floor == pytest.approx((346 * 250 + txns * B.SPI_TXN_US) / 1000)


def test_model_table_names_the_n_needed() -> None:
    lines = B.model_table(25.0, SPI, 300, 35, 11)
    row = next(line for line in lines if "MFRC522, full UID read every pass" in line)
    needed = int(row.split()[-1])
    reader = B.readers(SPI)[0]
    assert B.air_ms(reader, needed, 300, 35, 11) < 100 <= B.air_ms(reader, needed - 1, 300, 35, 11)
