"""Playing at the table through the service: the dice buttons answer only the open roll, the done button
means what the rules say, page actions get a clear error and change nothing, the changes the board owes
block play until confirmed, a LOS check lights its line, and hidden units stay hidden in what pages get."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hexmate.firmware import wire
from hexmate.host.game import GameSession
from hexmate.host.record import entries
from hexmate.host.service import PageAction
from hexmate.host.table.views import SHARED, SIGHT, SIGHT_BLOCK, SIGHT_END
from hexmate.rules.decisions import Physical

from .test_core import Board, Rig, _board


@dataclasses.dataclass(frozen=True)
class Button:
    id: int
    name: str


@dataclasses.dataclass(frozen=True)
class BoardWithButtons(Board):
    buttons: tuple[Button, ...] = (Button(0, "dice-a"), Button(1, "dice-b"), Button(2, "done"))

    @property
    def dice_buttons(self) -> tuple[Button, ...]:
        return self.buttons[:2]


class PlayRig(Rig):
    def __init__(self, tmp: Path) -> None:
        super().__init__(tmp)
        plain = _board(self.session)
        self.service.board = BoardWithButtons(plain.name, plain.cells)

    async def frame(self, kind: int, timeout: float = 3.0) -> bytes:
        """The next frame of ``kind`` the host sends (acknowledging the sequenced ones before it)."""
        while True:
            got, seq, payload = await asyncio.wait_for(self.link.frames.get(), timeout)
            if got in (wire.LEDS, wire.LEDS_CLEAR, wire.DICE_ARM):
                self.link.feed(wire.ACK, 0, wire.pack_ack(seq))
            if got == kind:
                return payload

    async def cell(self, cell: int, uids: list[bytes]) -> None:
        self.seq = wire.next_seq(self.seq)
        self.t_ms += 50
        state = wire.TAGS if uids else wire.EMPTY
        self.link.feed(wire.CELL, self.seq, wire.pack_cell(self.seq, cell, state, self.t_ms, uids))
        await self.frame(wire.ACK)

    async def board_sends(self, kind: int, payload: bytes) -> None:
        self.seq = wire.next_seq(self.seq)
        self.link.feed(kind, self.seq, payload)
        await self.settle()

    async def page(self, kind: str, **data: Any) -> None:
        self.service.submit(PageAction(kind, data))
        await self.settle()

    async def settle(self) -> None:
        for _ in range(200):
            await asyncio.sleep(0.01)
            if self.service.inputs.empty():
                await asyncio.sleep(0.02)
                return


@pytest.fixture
async def play(tmp_path):
    r = PlayRig(tmp_path)
    task = asyncio.create_task(r.service.run())
    await r.link.expect(wire.SYNC)
    r.link.feed(wire.HELLO, 0, wire.pack_hello(346, 346, 0, 1, "test-346", "t"))
    await r.frame(wire.LEDS_CLEAR)
    cells = sorted({r.cell_of_unit(u) for u in r.session.expected()})
    r.seq = 1
    r.link.feed(wire.SNAPSHOT, 1, wire.pack_snapshot(1, 0, 1, [(c, wire.TAGS, r.uids_at(c)) for c in cells]))
    for _ in range(200):
        if r.service.in_sync:
            break
        await asyncio.sleep(0.01)
    assert r.service.in_sync
    yield r
    r.service.stop()
    await asyncio.wait_for(task, 3)


async def test_dice_pressed_with_no_roll_open_are_refused_and_change_nothing(play) -> None:
    before = len(play.session.position.log)
    await play.board_sends(wire.DICE, wire.pack_dice(77, 0, 5000, [3, 4]))
    notice = play.service.view()["notice"]
    assert notice["level"] == "error" and "no roll is open now" in notice["text"]
    assert len(play.session.position.log) == before
    await play.board_sends(wire.BUTTON, wire.pack_button(0, 1, 5100))  # an unarmed dice button
    assert "dice-a pressed, but no roll is open" in play.service.view()["notice"]["text"]
    play.service.recorder.close()
    await asyncio.sleep(0.05)
    dice = entries(play.record_path, "dice")
    assert dice == [{"request": 77, "button": 0, "values": [3, 4], "used": False, "phase": "Movement Phase"}]


async def test_the_done_button_ends_the_phase_as_the_rules_say(play) -> None:
    assert play.service.view()["done"] == {"text": "done", "label": "End the Movement Phase (A3.3)"}
    await play.board_sends(wire.BUTTON, wire.pack_button(2, 1, 5000))
    view = play.service.view()
    assert view["phase_id"] == "DFPh" and view["to_act"] == "rus" and view["notice"]["level"] == "ok"


async def test_a_fire_declared_on_the_page_arms_the_dice_and_the_roll_on_the_board_resolves_it(play) -> None:
    await play.page("act", text="end")
    await play.page("act", text="fire rus-sq2 at DK3")
    view = play.service.view()
    assert view["decision"]["kind"] == "roll" and view["decision"]["armed"] and view["decision"]["rule"]
    arm = await play.frame(wire.DICE_ARM)
    request, button, count = wire.unpack_dice_arm(arm)[:3]
    assert count == 2  # the IFT's DR: two dice (A7.3)
    await play.board_sends(wire.DICE, wire.pack_dice(request, button, 6000, [6, 5]))
    view = play.service.view()
    assert view["decision"] is None and view["resolution"] is not None
    assert view["resolution"]["demo"] and view["resolution"]["steps"]
    steps = view["resolution"]["steps"]
    assert any(s["name"] and "(" in s["text"] for s in steps)  # the steps cite their rules
    # the same request again (a second finger on the other armed button) answers nothing
    await play.board_sends(wire.DICE, wire.pack_dice(request, 1 - button, 6100, [1, 1]))
    assert "no roll is open now" in play.service.view()["notice"]["text"]


@pytest.mark.parametrize(("text", "why"), [
    ("jump ger-sq1", "Not accepted:"),
    ("fire ger-sq1 at DK4", "Not accepted:"),
    ("answer dice 3,4", "no decision is open"),
])
async def test_an_illegal_page_action_gets_a_clear_error_and_nothing_changes(play, text, why) -> None:
    before = str(play.session.position)
    await play.page("act", text=text)
    notice = play.service.view()["notice"]
    assert notice["level"] == "error" and why in notice["text"] and "Nothing was changed" in notice["text"]
    assert str(play.session.position) == before


async def test_a_flip_owed_blocks_play_until_confirmed_and_done_confirms_first(play) -> None:
    play.service._add_changes((Physical("flip", "ger-sq1", "flip ger-sq1 to its broken side", "A10.2",
                                        hex=play.session.expected()["ger-sq1"], to="broken"),))
    await play.page("act", text="end")
    assert play.session.phase == "Movement Phase"
    assert "first make the change on the board" in play.service.view()["notice"]["text"]
    assert play.service.view()["changes"][0]["confirm"] is True
    await play.board_sends(wire.BUTTON, wire.pack_button(2, 1, 5000))  # done: confirms the flip first
    assert play.session.phase == "Movement Phase" and not play.service.view()["changes"]
    await play.board_sends(wire.BUTTON, wire.pack_button(2, 1, 5100))  # done again: ends the phase
    assert play.session.phase == "Defensive Fire Phase"


async def test_a_correction_takes_the_last_action_back_and_the_record_folds_the_same(play) -> None:
    await play.page("takeback")
    assert "nothing to take back" in play.service.view()["notice"]["text"]
    await play.page("act", text="end")
    await play.page("act", text="fire rus-sq2 at DK3")
    assert play.service.view()["decision"]["kind"] == "roll"
    await play.page("takeback")  # the fire declared by mistake
    view = play.service.view()
    assert view["phase_id"] == "DFPh" and view["decision"] is None and "Taken back: fire rus-sq2" in \
        view["notice"]["text"]
    assert [a.text(play.session.label) for a in play.session.position.log] == ["end"]
    play.service.recorder.close()
    await asyncio.sleep(0.05)
    again = GameSession.from_record(play.record_path)
    assert str(again.position) == str(play.session.position)


async def test_a_move_at_the_table_waits_for_the_changes_owed_too(play) -> None:
    unit, start_cell, uid = play.service.movable_counter()
    start = play.session.expected()[unit]
    dests = play.session.destinations([unit], start)
    through = {h for mv in dests.values() for h in list(mv.path)[1:-1]}
    to = next(h for h in sorted(dests, key=lambda h: (h.q, h.r)) if h not in through)
    play.service._add_changes((Physical("flip", "ger-sq1", "flip ger-sq1 to its broken side", "A10.2",
                                        hex=play.session.expected()["ger-sq1"], to="broken"),))
    before = str(play.session.position)
    await play.cell(start_cell, play.uids_at(start_cell, without=unit))
    to_cell = play.cal.cell_of(to)
    await play.cell(to_cell, [*play.uids_at(to_cell), bytes.fromhex(uid)])
    await play.settle()
    notice = play.service.view()["notice"]
    assert notice["level"] == "error" and "first make the change on the board" in notice["text"]
    assert str(play.session.position) == before


async def test_a_los_check_lights_the_line_the_blocking_hex_and_gives_the_reason(play) -> None:
    await play.page("los", **{"from": "DK3", "to": "DS4"})
    los = play.service.view()["los"]
    assert los["from"] == "DK3" and los["to"] == "DS4" and los["hexes"][0] == "DK3" and los["reason"]
    frame = play.service._frame
    label = play.session.label
    assert {label(h) for h, light in frame.items() if light == SIGHT_END} == {"DK3", "DS4"}
    lit = {label(h) for h, light in frame.items() if light in (SIGHT, SIGHT_BLOCK, SIGHT_END)}
    assert lit == set(los["hexes"])
    if los["blocked_at"]:
        assert frame[play.session.map.parse_label(los["blocked_at"])] == SIGHT_BLOCK
    await play.page("los", **{"from": "DK3", "to": "ZZ99"})
    assert play.service.view()["notice"]["level"] == "error"


async def tap(play, unit: str) -> None:
    """Lift a counter and put it back on its hex (the board reports both)."""
    cell = play.cell_of_unit(unit)
    await play.cell(cell, play.uids_at(cell, without=unit))
    await play.cell(cell, play.uids_at(cell))
    await play.settle()


async def test_tapping_firers_then_an_enemy_declares_the_fire_and_arms_the_dice(play) -> None:
    await play.page("act", text="end")  # the Russian DFPh
    await tap(play, "rus-sq2")
    assert play.service.selection == {"rus-sq2"}
    assert "To fire together: rus-sq2" in play.service.notice["text"]
    await tap(play, "ger-sq3")  # in the woods at DK3
    view = play.service.view()
    assert play.session.position.log[-1].text(play.session.label) == "fire rus-sq2 at DK3"
    assert view["decision"]["kind"] == "roll" and view["decision"]["armed"] and not play.service.selection


async def test_tapping_a_unit_then_an_enemy_where_no_fire_is_allowed_shows_the_line_of_sight(play) -> None:
    await tap(play, "ger-sq3")  # the German MPh: the attacker may not fire
    await tap(play, "rus-sq2")
    los = play.service.view()["los"]
    assert los is not None and los["from"] == "DK3" and los["to"] == "DS4" and los["reason"]
    assert play.session.position.phase.id == "MPh" and play.service.view()["decision"] is None


async def test_tagged_markers_are_seen_as_markers_and_one_on_the_wrong_stack_is_refused(play) -> None:
    marker = {c.unit_type: bytes.fromhex(uid) for uid, c in play.registry if c.kind == "marker"}
    await play.page("act", text="end")
    await play.page("act", text="fire rus-sq2 at DK3 dice 6,5")  # Defensive Fire: a Final Fire marker (A8.4)
    owed = [c for c in play.service.view()["changes"] if c["what"] == "place"]
    assert [(c["unit"], c["hex"]) for c in owed] == [("rus-sq2", "DS4")] and "final_fire" in owed[0]["text"]
    ds4 = play.cell_of_unit("rus-sq2")
    await play.cell(ds4, [*play.uids_at(ds4), marker["final_fire"]])
    await play.settle()
    assert not play.service.view()["changes"] and "Seen on the board" in play.service.notice["text"]
    dk3 = play.cell_of_unit("ger-sq3")
    await play.cell(dk3, [*play.uids_at(dk3), marker["dm"]])  # no unit in DK3 is DM
    await play.settle()
    notice = play.service.view()["notice"]
    assert notice["level"] == "error" and "a dm marker is on DK3" in notice["text"]
    assert play.service._frame[play.session.map.parse_label("DK3")].colour == "red"
    await play.cell(dk3, play.uids_at(dk3))  # taken off again
    await play.settle()
    assert play.session.map.parse_label("DK3") not in play.service._frame


def test_what_pages_get_never_names_a_concealed_unit(tmp_path) -> None:
    rig = PlayRig(tmp_path)
    session = rig.session
    session.push_text("end")  # the Russians' DFPh: their concealed units could fire
    hidden = {u for u, s in session.position.units.items() if s.concealed}
    assert hidden
    shared = session.legal_texts(SHARED)
    assert shared and not any(u in t for t in shared for u in hidden)
    own = session.legal_texts("rus")
    assert any(u in t for t in own for u in hidden)  # the owner sees his own units' actions


def test_a_decision_prompt_never_names_a_unit_concealed_from_its_audience(tmp_path) -> None:
    """A12.1: the Russians' First Fire window names the movers; one that is concealed is only '?' on the
    shared page and the Russians', in English and Japanese, and named on its owner's page."""
    rig = PlayRig(tmp_path)
    session = rig.session
    session.push_text("move ger-sq3 DK3-DL3-DM3")
    pos = session.position
    assert pos.decision is not None and pos.decision.kind == "react" and "ger-sq3" in pos.decision.prompt
    pos._states[-1] = pos.state.with_unit(dataclasses.replace(pos.units["ger-sq3"], concealed=True))
    for audience in (SHARED, "rus"):
        for lang in ("en", "ja"):
            prompt = rig.service.view(audience, lang)["decision"]["prompt"]
            assert "ger-sq3" not in prompt and "?, ger-mmg" in prompt and "DL3" in prompt
    assert rig.service.view("ger")["decision"]["prompt"].startswith("ger-sq3, ger-mmg entered DL3")


async def test_without_free_los_checks_an_asl_page_may_not_check_los_before_a_fire(play) -> None:
    """A6.11: in play no LOS is checked for an attack before it is declared; the demo scenario allows free
    checks as a teaching SSR, a scenario without ``free_los_checks`` does not: the page's check and a tap
    of firers on an enemy where no fire is allowed are refused, naming the rule, and light no line."""
    del play.session.position.scenario.options["free_los_checks"]
    await play.page("los", **{"from": "DK3", "to": "DS4"})
    notice = play.service.view()["notice"]
    assert notice["level"] == "error" and "(A6.11)" in notice["text"]
    assert play.service.view()["los"] is None
    await tap(play, "ger-sq3")  # the German MPh: the attacker may not fire
    await tap(play, "rus-sq2")
    view = play.service.view()
    assert view["los"] is None and view["notice"]["level"] == "error"
    assert SIGHT not in play.service._frame.values()  # no line traced (the refused hex is red)
