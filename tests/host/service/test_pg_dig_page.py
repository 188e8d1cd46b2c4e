"""Panzer Grenadier digging on the page (16.2): the page's list of actions (the companion view's ``legal``,
drawn as buttons) offers ``activate UNIT for dig`` to the side to act, the page's action plays it through
the service as a button press does, and the DUG IN marker reads as a cited phrase in English and Japanese
on the unit's card and in the board change the table is asked to make."""

from __future__ import annotations

from typing import Any

from hexmate.host.service.build import build_service
from hexmate.host.service.core import PageAction
from hexmate.host.service.views import companion, unit_card


def _to_action_phase(service: Any) -> None:
    s = service.session
    while s.position.decision is not None and s.position.decision.kind == "roll":
        first = s.position.decision.side == s.position.scenario.first_side
        s.push_text("answer dice 6" if first else "answer dice 1")
    assert s.position.phase.id == "action" and s.to_act == "ger"


async def test_dig_is_offered_on_the_page_and_its_markers_read_as_phrases() -> None:
    service, table = await build_service(emulated=True, game="pg")
    assert table is not None
    try:
        _to_action_phase(service)
        offered = [a["text"] for a in companion(service, "ger", "en")["legal"]]
        assert "activate g-inf1 for dig" in offered
        assert not any(t.startswith("activate s-") for t in offered)  # the other side's units: not now
        assert not any(t in offered for t in ("activate g-pz1 for dig", "activate g-pz2 for dig"))  # tanks
        service.handle(PageAction("act", {"text": "activate g-inf1 for dig"}, side="ger"))
        assert "digging" in service.session.position.units["g-inf1"].markers
        card = unit_card(service, "g-inf1", "ger", "en")
        assert "digging: DUG IN under it, one segment dug (16.2)" in card["state"]
        assert "タコツボ" in " ".join(unit_card(service, "g-inf1", "ger", "ja")["state"])
        changes = [c["text"] for c in companion(service, "ger", "en")["changes"]]
        assert any("put a DUG IN marker under g-inf1 (16.2)" in c for c in changes), changes
        offered = [a["text"] for a in companion(service, service.session.to_act, "en")["legal"]]
        assert "activate g-inf1 for dig" not in offered  # marked MOVED/FIRED: no second segment this turn
    finally:
        await table.stop()
