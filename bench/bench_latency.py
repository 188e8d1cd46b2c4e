"""Lift-to-LED latency through the whole real path: emulated sensor -> firmware scan -> CELL frame over the
pty -> host protocol -> tracker -> rules destinations -> LED frame over the pty -> firmware -> neopixel.

Measured on the firmware's own clock: from its ``trace detect`` line (the scan saw the tag leave) to its
``trace leds`` line (the LED frame that answers it was applied), p50 and p99 over 200 lifts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import statistics
import time

LIFTS = 200


def _trace(line: str) -> tuple[str, float] | None:
    """``trace <what> [cell] <t_us>`` (firmware/sim_world.py, ticks_us) -> (what, t in ms)."""
    parts = line.split()
    if len(parts) < 3 or parts[0] != "trace":
        return None
    try:
        return parts[1], int(parts[-1]) / 1000.0
    except ValueError:
        return None


async def _measure(lifts: int) -> tuple[list[float], list[float]]:
    from hexmate.host.protocol import ConnState
    from hexmate.host.service.build import build_service

    service, table = await build_service(emulated=True)
    assert table is not None
    traces: asyncio.Queue[tuple[str, float]] = asyncio.Queue()
    service.world_listeners.append(lambda line: (t := _trace(line)) and traces.put_nowait(t))
    runner = asyncio.create_task(service.run())
    try:
        for _ in range(200):
            if service.conn.state is ConnState.LIVE and service.in_sync:
                break
            await asyncio.sleep(0.05)
        else:
            raise RuntimeError(f"table never became live and in sync: {service.conn.detail}")
        _unit, cell, uid = service.movable_counter()
        firmware_ms: list[float] = []
        host_ms: list[float] = []
        for _ in range(lifts):
            for _round in range(2):  # lift (LEDs light), then put back (LEDs clear)
                while not traces.empty():
                    traces.get_nowait()
                t0 = time.perf_counter()
                if _round == 0:
                    table.lift(cell, uid)
                else:
                    table.place(cell, uid)
                detect = None
                while True:
                    what, t = await asyncio.wait_for(traces.get(), 5)
                    if what == "detect" and detect is None:
                        detect = t
                    elif what == "leds" and detect is not None:
                        break
                if _round == 0:
                    firmware_ms.append(t - detect)
                    host_ms.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.01)
        return firmware_ms, host_ms
    finally:
        service.stop()
        with contextlib.suppress(Exception):
            await runner
        await table.stop()


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    firmware_ms, host_ms = asyncio.run(_measure(LIFTS))
    print(f"bench_latency: lift -> LED frame back in the firmware, {len(firmware_ms)} lifts, real pty")
    print(f"  firmware clock (trace detect -> trace leds): p50 {statistics.median(firmware_ms):.1f} ms, "
          f"p99 {_pct(firmware_ms, 99):.1f} ms, max {max(firmware_ms):.1f} ms (target p99 < 30 ms)")
    print(f"  wall clock (world command -> trace leds):    p50 {statistics.median(host_ms):.1f} ms, "
          f"p99 {_pct(host_ms, 99):.1f} ms")


if __name__ == "__main__":
    main()
