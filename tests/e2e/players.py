"""The players of the browser tests: two pages of one game, the virtual table (counters lifted and put down,
the board's dice and done buttons) and the companion page (declarations, confirmations), and ``play`` for one
gesture of a ``tests/e2e/scripts`` script. Shared by test_asl_turn.py and test_game_turns.py."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from hexmate.host.table.registry import load_demo

from .conftest import get_json

SETTLE_S = 15.0


class Players:
    """Two pages of one game: the virtual table (gestures) and the companion page (declarations)."""

    def __init__(self, url: str, table: Any, companion: Any) -> None:
        self.url = url
        self.table = table
        self.companion = companion
        self.registry = load_demo()
        self.dones = 0
        self.confirmed: list[str] = []

    # --- the host's answers ------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return get_json(self.url + "api/view")

    @staticmethod
    def mark(v: dict[str, Any]) -> str:
        return json.dumps([v["last_actions"], v["changes"], v["notice"], v["phase_id"], v["turn"],
                           v["decision"], v["to_act"]], sort_keys=True)

    def answered(self, before: str, what: str) -> dict[str, Any]:
        """Wait until the host answered the gesture and the board matches the game; a refusal fails."""
        end = time.monotonic() + SETTLE_S
        v = self.view()
        while time.monotonic() < end:
            v = self.view()
            if self.mark(v) != before and v["notice"]["level"] == "error":
                raise AssertionError(f"{what}: refused: {v['notice']['text']}")
            if self.mark(v) != before and v["tracker"] == "idle":
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"{what}: no answer from the host (tracker {v['tracker']}); it says "
                                 f"{v['prompt']!r} [{v['notice']}]")
        return v

    # --- gestures on the virtual table -------------------------------------------------------------------
    def cell(self, hex_label: str) -> Any:
        return self.table.locator(f'#board .cell[data-label="{hex_label[1:]}"]')  # cells drop the board's "D"

    def lift(self, unit: str, hex_label: str) -> None:
        uid = self.registry.uid_of_unit(unit)
        assert uid is not None, unit
        # dispatched on the chip itself: in a stack of four the chips overlap, and a click at its centre
        # could land on another
        self.cell(hex_label).locator(f'.chip[data-uid="{uid}"]').dispatch_event("click")
        self.table.wait_for_function(
            f"() => document.querySelector('#hand').textContent.startsWith('Holding {unit}')")

    def put(self, hex_label: str) -> None:
        self.cell(hex_label).click()
        empty = "() => document.querySelector('#hand').textContent.startsWith('Nothing')"
        self.table.wait_for_function(empty, timeout=SETTLE_S * 1000)  # a loaded machine can take seconds

    def move(self, unit: str, hexes: list[str]) -> None:
        """One lift; shown on each hex on the way (resting there), put down on the last. A rest longer than
        the tracker's quiet time (350 ms of the board's clock) ends the move there, so a trail is only for
        a table that keeps up; the turn below puts each mover straight on its destination."""
        here = next(h for h, units in self.view()["counters"].items() if unit in {u["id"] for u in units})
        self.lift(unit, here)
        time.sleep(0.06)
        for h in hexes[:-1]:
            self.put(h)
            time.sleep(0.08)
            self.lift(unit, h)
            time.sleep(0.06)
        self.put(hexes[-1])

    def press_done(self) -> None:
        """The board's done button, by keyboard; every other time the page's Done button instead."""
        self.dones += 1
        if self.dones % 2:
            button = self.table.locator('#dice .board-button[data-name="done"]')
            assert button.count() == 1, "the board has no done button"
            button.focus()
            self.table.keyboard.press("Enter")
        else:
            self.companion.wait_for_function("() => !document.querySelector('#done-btn').disabled")
            self.companion.locator("#done-btn").click()

    def roll(self, pips: list[int]) -> None:
        """Load the emulated dice, wait until the page says they are armed, press Dice A."""
        self.table.locator("#load-pips").fill(",".join(map(str, pips)))
        self.table.locator("#load-pips").press("Enter")
        self.table.wait_for_function(
            "() => document.querySelector('#load-result').textContent.startsWith('Loaded')")
        self.companion.wait_for_selector('#dice-armed[data-armed="true"]', timeout=SETTLE_S * 1000)
        assert "press the dice button on the table" in self.companion.locator("#dice-armed").inner_text()
        self.table.wait_for_selector("#dice .board-button.armed")
        self.table.locator('#dice .board-button[data-name="dice-a"]').focus()
        self.table.keyboard.press("Enter")

    # --- the companion page ------------------------------------------------------------------------------
    def act(self, text: str) -> None:
        """A legal action's button when the page lists it; else typed into the text box."""
        button = self.companion.locator(f'#legal .legal-act[data-text="{text}"]')
        if button.count():
            button.first.click()
        else:
            self.companion.locator("#act-text").fill(text)
            self.companion.locator("#act-text").press("Enter")

    def confirm(self, unit: str) -> None:
        """A change the board cannot sense, made by hand: said so with the page's button for it."""
        button = self.companion.locator(f'#changes-list button.confirm[data-unit="{unit}"]')
        button.wait_for(timeout=SETTLE_S * 1000)
        label = button.get_attribute("aria-label")
        assert all(c["text"] in label for c in self.view()["changes"] if c["unit"] == unit and c["confirm"])
        button.focus()
        self.companion.keyboard.press("Enter")
        self.confirmed.append(unit)

    def expect(self, want: dict[str, Any], where: str) -> None:
        """What the script expects, as the companion page shows it."""
        checks = []
        if "turn" in want:
            checks.append(f"document.querySelector('#turn').textContent === 'Turn {want['turn']}'")
        if "phase" in want:
            checks.append(f"document.querySelector('#phase-rule').textContent.startsWith('({want['phase']},')")
        if "to_act" in want:
            checks.append(f"document.querySelector('#to-act').textContent === '{want['to_act']} to act'")
        if "decision" in want:
            checks.append(f"document.querySelector('#decision').dataset.kind === '{want['decision']}'")
        if checks:
            try:
                self.companion.wait_for_function("() => " + " && ".join(checks), timeout=SETTLE_S * 1000)
            except Exception as e:
                v = self.view()
                raise AssertionError(f"{where}: the page does not show {want}: turn {v['turn']} "
                                     f"{v['phase_id']} {v['to_act']} to act, decision {v['decision']}; "
                                     f"{v['prompt']}") from e
        if "units" in want:
            counters = self.view()["counters"]
            for unit, hex_label in want["units"].items():
                here = {c["id"] for c in counters.get(hex_label, [])}
                assert unit in here, f"{where}: {unit} not on {hex_label}"
                assert self.companion.locator(f'#map .hex[data-hex="{hex_label}"]').get_attribute(
                    "aria-label").startswith(hex_label + ":")


class Table(Players):
    """The ASL test's players, with the gestures the other scripts use too (a trail-less move of several
    counters, a tap, a removal), and the game's board labels."""

    def __init__(self, game: str, url: str, table: Any, companion: Any) -> None:
        super().__init__(url, table, companion)
        self.game = game
        self.registry = load_demo(game)

    def cell(self, hex_label: str) -> Any:
        full = self.table.locator(f'#board .cell[data-label="{hex_label}"]')
        return full if full.count() else super().cell(hex_label)

    def where(self, unit: str) -> str:
        return next(h for h, units in self.view()["counters"].items() if unit in {u["id"] for u in units})

    def move_group(self, units: list[str], to: str) -> None:
        """Each counter lifted and put on the destination in turn, within the tracker's quiet time, so the
        table sees one move of the group."""
        starts = [self.where(u) for u in units]
        for unit, here in zip(units, starts, strict=True):
            self.lift(unit, here)
            self.put(to)

    def move_stack(self, units: list[str], to: str) -> None:
        """A stack moved by one hand at once: every counter lifted and put on the destination in one go, so
        the table reads one lift and one placement of the group whatever the machine's load."""
        uids = [self.registry.uid_of_unit(u) for u in units]
        assert None not in uids, units
        label = to if self.table.locator(f'#board .cell[data-label="{to}"]').count() else to[1:]
        self.table.evaluate("""([uids, dest]) => {
            const cell = document.querySelector(`#board .cell[data-label="${dest}"]`);
            for (const uid of uids) {
                const chip = document.querySelector(`#board .chip[data-uid="${uid}"]`);
                chip.dispatchEvent(new MouseEvent("click", {bubbles: true}));
                cell.dispatchEvent(new MouseEvent("click", {bubbles: true}));
            }
        }""", [uids, label])

    def answered(self, before: str, what: str) -> dict[str, Any]:
        """As the ASL test's, except that a unit eliminated by the answer leaves the table out of sync until
        its counter is taken off (the script's next gesture): that is an answer too."""
        end = time.monotonic() + SETTLE_S
        v = self.view()
        while time.monotonic() < end:
            v = self.view()
            changed = self.mark(v) != before
            if changed and v["notice"]["level"] == "error":
                raise AssertionError(f"{what}: refused: {v['notice']['text']}")
            owed_off = v["tracker"] == "out-of-sync" and v["notice"]["text"].startswith(
                "The table differs from the game: take ")
            if changed and (v["tracker"] == "idle" or owed_off):
                return v
            time.sleep(0.05)
        raise AssertionError(f"{what}: no answer from the host (tracker {v['tracker']}); it says "
                             f"{v['prompt']!r} [{v['notice']}]")

    def view(self) -> dict[str, Any]:
        """The host's view, with patience: on a loaded machine (CI's 2 cores) a reply may take seconds."""
        with urllib.request.urlopen(self.url + "api/view", timeout=30) as r:
            view: dict[str, Any] = json.loads(r.read())
        return view

    def press_done(self) -> None:
        """As the ASL test's; a board press lost before the board is ready is given again on the page."""
        before = self.mark(self.view())
        super().press_done()
        end = time.monotonic() + 5.0
        while time.monotonic() < end and self.mark(self.view()) == before:
            time.sleep(0.05)
        if self.mark(self.view()) == before:
            self.companion.wait_for_function("() => !document.querySelector('#done-btn').disabled")
            self.companion.locator("#done-btn").click()

    def roll(self, pips: list[int]) -> None:
        """As the ASL test's; a press the board takes before it is armed for this roll is ignored, as at a
        real table, and the player presses again (the loaded dice are still unused: the record's check of
        every roll, in order, below would catch a roll taken twice)."""
        before = self.mark(self.view())
        super().roll(pips)
        for _ in range(2):
            end = time.monotonic() + 5.0
            while time.monotonic() < end and self.mark(self.view()) == before:
                time.sleep(0.05)
            if self.mark(self.view()) != before:
                return
            self.table.locator('#dice .board-button[data-name="dice-a"]').focus()
            self.table.keyboard.press("Enter")

    def tap(self, unit: str) -> None:
        """Lift a counter and put it back: the table reads it as choosing the unit."""
        here = self.where(unit)
        self.lift(unit, here)
        end = time.monotonic() + SETTLE_S
        while self.view()["tracker"] != "held":  # the table has seen it lifted
            assert time.monotonic() < end, f"the table never saw {unit} lifted"
            time.sleep(0.03)
        self.put(here)

    def remove(self, unit: str, where: str) -> None:
        """Take a counter off the board (lift it, Escape returns it to the tray); an eliminated unit's counter
        is a change the board owed, which the host then drops."""
        uid = self.registry.uid_of_unit(unit)
        assert uid is not None, unit
        self.table.locator(f'#board .chip[data-uid="{uid}"]').dispatch_event("click")  # see lift
        self.table.wait_for_function(
            f"() => document.querySelector('#hand').textContent.startsWith('Holding {unit}')")
        self.table.keyboard.press("Escape")
        end = time.monotonic() + SETTLE_S

        def owed(v: dict[str, Any]) -> bool:  # this counter's change, or a table not yet settled but for
            others = all(c["what"] == "remove" for c in v["changes"])  # other counters still to take off
            settled = v["tracker"] == "idle" or (v["tracker"] == "out-of-sync" and others and v["changes"])
            return any(c["unit"] == unit for c in v["changes"]) or not settled

        while owed(v := self.view()):
            assert time.monotonic() < end, f"{where}: the host still owes a change to {unit}: {v['changes']}"
            time.sleep(0.05)


def play(players: Table, step: dict[str, Any], where: str) -> None:
    """One gesture of the script, answered by the host."""
    before = players.mark(players.view())
    if "move" in step:
        units = step["move"].split(",")
        to = step["path"][-1] if "path" in step else step["to"]
        if len(units) == 1:
            # one lift, one placement: the host takes the cheapest path, which the scripts' paths are
            # (a trail shown hex by hex races the tracker's quiet time, see Players.move)
            players.move(units[0], [to])
        elif players.game == "asl":
            players.move_stack(units, to)  # an ASL stack moves together (A4.2)
        else:
            players.move_group(units, to)
    elif "place" in step:
        players.move(step["place"], [step["at"]])
    elif "tap" in step:
        players.tap(step["tap"])
    elif "remove" in step:
        players.remove(step["remove"], where)
        return
    elif "press" in step:
        assert step["press"] == "done", step
        players.press_done()
    elif "roll" in step:
        players.roll(step["roll"])
    elif "page" in step:
        players.act(step["page"])
    elif "confirm" in step:
        players.confirm(step["confirm"])
    elif "wait" in step:
        time.sleep(step["wait"] / 1000)
        return
    else:
        raise AssertionError(f"{where}: a gesture this test does not know: {step}")
    players.answered(before, where)
    assert players.companion.locator("#act-error").inner_text() == "", where


WATCH_PHASES = """() => {
    window.phasesSeen = [];
    const note = () => { const t = document.querySelector('#phase-rule').textContent;
        const id = t.slice(1).split(',')[0];
        const seen = window.phasesSeen;
        if (id && seen[seen.length - 1] !== id) seen.push(id); };
    note();
    new MutationObserver(note).observe(document.querySelector('#phase-rule'),
                                       {childList: true, characterData: true, subtree: true});
}"""


def open_pages(browser: Any, url: str) -> tuple[Any, Any]:
    """The virtual table and the companion page of the demo at ``url``, both loaded; the companion notes
    every phase it shows, in order (its phase line is a live region, so a screen reader hears each one too):
    read them with ``phases_seen``. The caller closes both."""
    table = browser.new_page()
    companion = browser.new_page()
    table.goto(url + "table")
    companion.goto(url)
    table.wait_for_selector("#board .cell .chip")
    companion.wait_for_selector("#map .hex")
    companion.evaluate(WATCH_PHASES)
    return table, companion


def assert_phases_in_order(companion: Any, want: list[str]) -> list[str]:
    """The phases the companion page showed include ``want`` in that order; returns what it showed."""
    seen: list[str] = companion.evaluate("() => window.phasesSeen")
    it = iter(seen)
    assert all(p in it for p in want), f"the page showed the phases {seen}"
    return seen


def assert_record_holds_script(record: Any, script: dict[str, Any]) -> None:
    """Every roll of the script was used, in order, and the record verifies."""
    from hexmate.host.record import verify

    lines = [json.loads(x) for x in record.read_text().splitlines()]
    rolls = [e["data"]["values"] for e in lines if e["kind"] == "dice" and e["data"].get("used")]
    assert rolls == [s["roll"] for s in script["steps"] if "roll" in s]
    assert verify(record).entries == len(lines)
