"""``hexmate firmware bringup``: the checks a builder runs on a newly assembled board (hardware/BUILD.md).

    hexmate firmware bringup --board pico-asl-mux --port /dev/ttyACM0      # a board on USB serial
    hexmate firmware bringup --board emu-asl-mux --emulated               # the emulated board

Over the wire protocol, in order: the board says who it is (HELLO: name and cell count match the board
definition); the readers' self-test (every reader answers its version register; on a switched-coil board the
product version of each tile's PN5180); every switch channel (a test tag on every hex at once, the *sheet*:
each hex must report exactly one tag and no two hexes the same one, which finds dead coils, stuck switch
address lines and crossed channels that share a tag; or one tag walked hex by hex, ``--walk``, which also
finds two swapped coils); the LED chain; every button. On a real board the builder places the tags, looks at
the LEDs and presses the buttons when asked; on the emulated board the world channel does it and the LED
chain is read back byte by byte (world ``chain?``), so the whole sequence is tested here.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hexmate.firmware import wire
from hexmate.hardware.boards import BoardDef, CellDef
from hexmate.host.protocol.connection import TableConnection
from hexmate.host.protocol.events import (
    ButtonEdge,
    CellChanged,
    ConnState,
    FirmwareLog,
    Led,
    Snapshot,
    StateChanged,
)

STEP_TIMEOUT_S = 10.0
PROMPT_TIMEOUT_S = 60.0  # a builder placing a tag or pressing a button
WALK_EMULATED_S = 3.0  # the emulated board reports a placed tag well within this
SHEET_EMULATED_S = 30.0  # the longest quiet spell while the emulated board reports a whole sheet
TEST_UID_PREFIX = "E0040000"  # sheet tags on the emulated board: E0 04 00 00 + the cell number


class BringupError(Exception):
    """The board could not be reached or did not answer; the message says which step."""


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str

    def __str__(self) -> str:
        return f"{'PASS' if self.ok else 'FAIL'} {self.name}: {self.detail}"


class Bringup:
    """Runs the checks over ``conn`` (a TableConnection whose ``on_message`` is :meth:`deliver`).

    ``world`` is the emulated table (host/link/emulated.EmulatedTable) or None for a real board, where
    ``ask`` tells the builder what to do and ``confirm`` asks a yes/no question."""

    def __init__(self, board: BoardDef, *, world: Any = None, ask: Callable[[str], None] = print,
                 confirm: Callable[[str], bool] | None = None) -> None:
        self.board = board
        self.world = world
        self.ask = ask
        self.confirm = confirm
        self.conn: TableConnection | None = None
        self._inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._world_lines: asyncio.Queue[str] = asyncio.Queue()
        if world is not None:
            world.on_world = self._world_lines.put_nowait

    def deliver(self, message: Any) -> None:
        self._inbox.put_nowait(message)

    async def _next(self, want: Callable[[Any], bool], what: str, timeout: float = STEP_TIMEOUT_S) -> Any:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise BringupError(f"no answer from the board within {timeout:.0f} s while waiting for "
                                   f"{what}")
            try:
                message = await asyncio.wait_for(self._inbox.get(), left)
            except TimeoutError:
                continue
            if want(message):
                return message

    # --- the checks -----------------------------------------------------------------------------------
    async def run(self, *, walk: Sequence[str] = (), buttons: bool = True, leds: bool = True) -> list[Check]:
        checks = [await self.hello(), await self.readers()]
        checks += [await self.walk(walk) if walk else await self.sheet()]
        if leds:
            checks.append(await self.led_chain())
        if buttons:
            checks += [await self.button(b.id, b.name) for b in self.board.buttons]
        return checks

    async def hello(self) -> Check:
        await self._next(lambda m: isinstance(m, StateChanged) and m.state is ConnState.LIVE, "HELLO")
        assert self.conn is not None and self.conn.hello is not None
        h = self.conn.hello
        ok = h.board == self.board.name and h.n_cells == len(self.board.cells)
        return Check("board", ok, f"{h.board} firmware {h.firmware}, {h.n_cells} cells, {h.n_leds} LEDs "
                                  f"(definition: {self.board.name}, {len(self.board.cells)} cells)")

    async def readers(self) -> Check:
        assert self.conn is not None
        self.conn.command(wire.SELFTEST)
        log = await self._next(lambda m: isinstance(m, FirmwareLog) and m.text.startswith("self-test:"),
                               "the self-test")
        text: str = log.text
        failed = int(text.split()[1])
        detail = text.removeprefix("self-test: ")
        if self.board.rf_mux is None:
            return Check("readers", failed == 0, detail)
        versions: dict[int, int] = {}
        if "reader versions" in text:
            for item in text.split("reader versions", 1)[1].split():
                r, _, v = item.partition("=")
                versions[int(r)] = int(v, 16)
        want = {t.reader_cs for t in self.board.tiles}
        bad = sorted(r for r in want if versions.get(r, 0) in (0, 0xFFFF))
        ok = failed == 0 and not bad
        shown = ", ".join(f"{r}: {v >> 8}.{v & 0xFF}" for r, v in sorted(versions.items()))
        return Check("readers", ok, f"{len(want) - len(bad)} of {len(want)} PN5180 answer (product versions "
                                    f"{shown or 'none'}); {failed} coils failed the self-test"
                                    + (f"; silent readers {bad}" if bad else ""))

    async def sheet(self) -> Check:
        """A tag on every hex at once: each hex reports exactly one, no tag on two hexes."""
        cells = self.board.cells
        if self.world is not None:
            for c in cells:
                self.world.place(c.id, f"{TEST_UID_PREFIX}{c.id:08X}")
        else:
            self.ask("lay the test sheet on the board: one ISO 15693 tag on every hex")
        seen: dict[int, tuple[str, ...]] = {}
        # the emulated board reads a tag on every hex within a few passes (seconds on a loaded host)
        timeout = SHEET_EMULATED_S if self.world is not None else PROMPT_TIMEOUT_S
        with contextlib.suppress(BringupError):
            while len([u for u in seen.values() if u]) < len(cells):
                m = await self._next(lambda m: isinstance(m, CellChanged | Snapshot),
                                     "every hex to see its tag", timeout)
                if isinstance(m, Snapshot):  # many changes at once may come folded into a snapshot
                    seen = {e.cell: e.uids for e in m.entries}
                else:
                    seen[m.cell] = m.uids
        empty = [c.label for c in cells if len(seen.get(c.id, ())) == 0]
        crowded = [c.label for c in cells if len(seen.get(c.id, ())) > 1]
        owners: dict[str, list[str]] = {}
        for c in cells:
            for uid in seen.get(c.id, ()):
                owners.setdefault(uid, []).append(c.label)
        shared = [labels for labels in owners.values() if len(labels) > 1]
        if self.world is not None:
            for c in cells:
                self.world.lift(c.id, f"{TEST_UID_PREFIX}{c.id:08X}")
        ok = not (empty or crowded or shared)
        detail = f"{len(cells) - len(empty)} of {len(cells)} hexes read their tag"
        if empty:
            detail += f"; silent: {', '.join(empty[:12])}{' ...' if len(empty) > 12 else ''}"
        if crowded:
            detail += f"; more than one tag: {', '.join(crowded[:12])}"
        if shared:
            detail += "; one tag on several hexes (crossed or stuck channels): " + \
                      "; ".join("/".join(s) for s in shared[:6])
        await self._quiet()
        return Check("switch channels (sheet)", ok, detail)

    async def walk(self, labels: Sequence[str]) -> Check:
        """One test tag put on each named hex in turn: that hex and no other must report it."""
        uid = f"{TEST_UID_PREFIX}CAFE0001"
        wrong: list[str] = []
        for label in labels:
            cell = self.board.cell_by_label(label)
            if self.world is not None:
                self.world.place(cell.id, uid)
            else:
                self.ask(f"put the test tag on hex {label}")
            # the emulated board sees a tag within a scan pass or two; a builder needs time to place it
            timeout = WALK_EMULATED_S if self.world is not None else PROMPT_TIMEOUT_S
            seen = True
            try:
                m = await self._next(lambda m: isinstance(m, CellChanged) and bool(m.uids),
                                     f"the tag on {label}", timeout)
                if m.cell != cell.id:
                    wrong.append(f"{label} read as {self.board.cells[m.cell].label}")
            except BringupError:
                wrong.append(f"{label} silent")
                seen = False
            if self.world is not None:
                self.world.lift(cell.id, uid)
            else:
                self.ask(f"take the tag off {label}")
            if seen:
                with contextlib.suppress(BringupError):
                    await self._next(lambda m: isinstance(m, CellChanged) and not m.uids, "the tag lifted",
                                     timeout)
        ok = not wrong
        return Check("switch channels (walk)", ok, f"{len(labels) - len(wrong)} of {len(labels)} hexes"
                                                   + (f"; {'; '.join(wrong[:12])}" if wrong else ""))

    async def led_chain(self) -> Check:
        """Emulated: nine frames, cell i lit white in frame b iff bit b of i is set; reading the chain back
        must give each LED its cell's number. Real board: red, green, blue everywhere, confirmed by eye."""
        assert self.conn is not None
        cells = self.board.cells
        if self.world is None:
            if self.confirm is None:
                return Check("LED chain", True, "not checked (no one to look at it: run interactively)")
            answers = []
            for name, led in (("red", Led(255, 0, 0)), ("green", Led(0, 255, 0)), ("blue", Led(0, 0, 255))):
                self.conn.set_leds({c.id: led for c in cells})
                answers.append(self.confirm(f"is every hex {name}? (a dark hex ends a broken chain)"))
            self.conn.set_leds({})
            return Check("LED chain", all(answers), "red, green and blue confirmed" if all(answers)
                         else "the builder saw a wrong colour or a dark LED")
        bits = max(1, (len(cells) - 1).bit_length())
        got = [0] * self.board.leds.count
        for b in range(bits):
            self.conn.set_leds({c.id: Led(255, 255, 255) for c in cells if c.id >> b & 1})
            chain = await self._chain(functools.partial(_frame_matches, cells=cells, bit=b))
            for i in range(self.board.leds.count):
                if chain[3 * i]:
                    got[i] |= 1 << b
        self.conn.set_leds({})
        wrong = [c.label for c in cells if any(got[k] != c.id for k in c.leds)]
        ok_text = f"{self.board.leds.count} LEDs in the order of the board definition"
        return Check("LED chain", not wrong, ok_text if not wrong else
                     f"LEDs out of order under {', '.join(wrong[:12])}")

    async def _chain(self, good: Callable[[bytes], bool]) -> bytes:
        """Ask the emulated board for its chain until `good` (the frame has been rendered) or time out."""
        loop = asyncio.get_running_loop()
        end = loop.time() + STEP_TIMEOUT_S
        chain = b""
        while loop.time() < end:
            self.world.world("chain?")
            with contextlib.suppress(TimeoutError):
                while True:
                    line = await asyncio.wait_for(self._world_lines.get(), 0.2)
                    if line.startswith("chain "):
                        chain = bytes.fromhex(line.split()[1])
                        break
            if chain and good(chain):
                return chain
            await asyncio.sleep(0.03)
        return chain

    async def button(self, bid: int, name: str) -> Check:
        if self.world is not None:
            self.world.click(bid)
        else:
            self.ask(f"press the {name} button")
        timeout = STEP_TIMEOUT_S if self.world is not None else PROMPT_TIMEOUT_S
        try:
            await self._next(lambda m: isinstance(m, ButtonEdge) and m.button == bid and m.pressed,
                             f"button {name}", timeout)
        except BringupError:
            return Check(f"button {name}", False, "no press reported")
        return Check(f"button {name}", True, "press reported")

    async def _quiet(self, seconds: float = 0.5) -> None:
        """Let the cell events of a lifted sheet pass before the next check: drop messages until none
        arrives for `seconds`."""
        while True:
            try:
                await asyncio.wait_for(self._inbox.get(), seconds)
            except TimeoutError:
                return


def _frame_matches(chain: bytes, *, cells: Sequence[CellDef], bit: int) -> bool:
    """Whether the chain shows frame `bit` at least where the first lit and the first dark cell are."""
    lit = next((c for c in cells if c.id >> bit & 1), None)
    dark = next((c for c in cells if not c.id >> bit & 1), None)
    ok = True
    if lit is not None:
        ok = ok and len(chain) > 3 * lit.leds[0] and chain[3 * lit.leds[0]] > 0
    if dark is not None:
        ok = ok and len(chain) > 3 * dark.leds[0] and chain[3 * dark.leds[0]] == 0
    return ok


async def bringup(board: BoardDef, *, port: str | None, emulated: bool, walk: Sequence[str] = (),
                  buttons: bool = True, leds: bool = True, ask: Callable[[str], None] = print,
                  confirm: Callable[[str], bool] | None = None,
                  world_setup: Callable[[Any], None] | None = None) -> list[Check]:
    """Connect to the board (start the emulated one) and run every check; ``world_setup`` may change the
    emulated world first (a test breaking a coil)."""
    from hexmate.host.link.factory import LinkChoice, open_link

    table = None
    if emulated:
        from hexmate.host.link.emulated import EmulatedTable

        table = EmulatedTable(board.source)
        await table.start()
        if world_setup is not None:
            world_setup(table)
        link = open_link(LinkChoice("emulated", "", "bring-up"), port_path=table.port_path)
    else:
        if not port:
            raise BringupError("no serial port given (use --port /dev/ttyACM0, or --emulated)")
        link = open_link(LinkChoice("serial", port, "given by --port"))
    b = Bringup(board, world=table, ask=ask, confirm=confirm)
    conn = TableConnection(link, b.deliver)
    b.conn = conn
    runner = asyncio.create_task(conn.run())
    try:
        return await b.run(walk=walk, buttons=buttons, leds=leds)
    finally:
        await conn.stop()
        with contextlib.suppress(Exception):
            await runner
        if table is not None:
            await table.stop()
