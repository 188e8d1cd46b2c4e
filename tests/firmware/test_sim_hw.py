"""The emulated board's watchdog (firmware/sim_hw.SimWDT) under the real MicroPython unix port on a pty: it
announces its timeout and its feeds on the world channel, and a hung firmware stops feeding it."""

from __future__ import annotations

from fwproc import FirmwareProcess
from hexmate.firmware import wire


def _world_lines_for(fw: FirmwareProcess, seconds: float) -> list[str]:
    fw.world_lines.clear()
    fw.pump(seconds)
    return list(fw.world_lines)


def test_the_default_timeout_is_the_boards() -> None:
    fw = FirmwareProcess()
    try:
        assert fw.wait_world("wdt init") == "wdt init 8000"
    finally:
        fw.close()


def test_a_running_firmware_feeds_the_watchdog_at_most_every_100_ms() -> None:
    fw = FirmwareProcess(env={"HEXMATE_WDT_MS": "400"})
    try:
        assert fw.wait_world("wdt init") == "wdt init 400"
        fw.wait_world("trace boot")
        feeds = _world_lines_for(fw, 1.0).count("wdt")
        # fed every 100 ms (a quarter of the timeout) while the loop runs; the line is rate-limited to
        # one per 100 ms, so one second cannot carry more than about ten
        assert 4 <= feeds <= 12, feeds
    finally:
        fw.close()


def test_a_hang_stops_the_loop_and_every_feed() -> None:
    fw = FirmwareProcess(env={"HEXMATE_WDT_MS": "400"})
    try:
        fw.wait_for(wire.SNAPSHOT)
        fw.wait_world("wdt")  # fed while healthy
        fw.tell("hang")
        fw.wait_world("hanging")
        fw.received.clear()
        lines = _world_lines_for(fw, 1.5)
        assert "wdt" not in lines
        assert not [f for f in fw.received if f[0] == wire.HEARTBEAT]  # the asyncio loop has stopped
        fw.tell("place 5 04a1b2c3")
        assert _world_lines_for(fw, 0.2) == [] and fw.received == []  # nor does it read the world
        assert fw.proc.poll() is None  # spinning, not dead: only a reset ends it
    finally:
        fw.close()

