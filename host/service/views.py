"""View functions: what each page is sent, built from the service's state for one audience (the shared
page: concealed units unnamed, secret answers unseen). Pure reads; the loop in core.py decides when to send.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexmate.host.game import guide
from hexmate.host.game.changes import Change
from hexmate.host.game.session import unsaid
from hexmate.host.i18n import render_text
from hexmate.host.service import logtext, narrator
from hexmate.host.table.views import SHARED
from hexmate.rules import actions as act
from hexmate.rules.games.base import Resolution
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.host.service.core import Service

MEANING = {  # an LED colour -> what it means (the pages name both: colour is never alone)
    "green": "legal destinations", "blue": "start hex and trail", "red": "illegal placement",
    "amber": "hexes to correct", "white": "set-up targets", "magenta": "unknown tags",
    "yellow": "units to choose from: lift one", "cyan": "changes to make on the board",
    "sight": "line of sight", "orange": "the hex the open roll is for",
    "supply": "units in supply", "supply-hf": "units in heavy-fortress supply",
    "supply-oos": "units out of supply", "supply-source": "supply sources",
}
_RGB = {"green": (0, 160, 0), "blue": (0, 0, 200), "red": (220, 0, 0), "amber": (230, 120, 0),
        "white": (160, 160, 160), "magenta": (200, 0, 200),
        "yellow": (200, 160, 0), "cyan": (0, 150, 160), "sight": (110, 110, 110), "orange": (230, 80, 0),
        "supply": (0, 90, 0), "supply-hf": (200, 120, 0), "supply-oos": (200, 0, 0),
        "supply-source": (0, 40, 90)}
_DEVICE_COUNTERS = ("rx_bad_frames", "unknown_kinds", "bad_payloads", "reader_errors", "uncertain_reads",
                    "resends", "duplicates", "coalesced", "failed_readers")


def companion(service: Service, audience: str = SHARED, lang: str = "en") -> dict[str, Any]:
    """Everything a page shows (hex labels as keys) for one audience (``shared``: the host page and the
    spectators; a side: that player's page, with its own concealed units) in one language; sent whole on
    every change."""
    s = service.session
    counters: dict[str, list[dict[str, Any]]] = {}
    for unit_id, h in s.expected().items():
        counters.setdefault(s.label(h), []).append(unit_card(service, unit_id, audience, lang))
    return {
        "type": "view",
        "conn": {"state": service.conn.state.value, "detail": render_text(service.conn.detail, lang),
                 "counters": service.conn.counters.as_dict(), "pending": service.conn.pending(),
                 "device": _device_health(service)},
        "board": service.hello.board if service.hello else None,
        "firmware": service.hello.firmware if service.hello else None,
        "phase": s.phase,
        "phase_id": s.phase_info.id,
        "phase_rule": s.phase_info.rule,
        "turn": s.position.turn,
        "to_act": s.to_act,
        "prompt": render_text(service.prompt, lang),
        "decision": _decision_view(service, audience, lang),
        "legal": [{"text": t, "label": t} for t in s.legal_texts(audience)],
        "done": _done(service, lang),
        "changes": [_change_view(service, c, audience, lang) for c in service.changes],
        "resolution": (resolution(service.resolved, lang) if service.resolved is not None and lang != "en"
                       else service.resolution),
        "los": _los(service, lang),
        "shown": service.shown,
        "status": [render_text(line, lang) for line in s.status()],
        "notice": _notice(service, lang),
        "audience": audience,
        "lang": lang,
        "guide": guide.guide(s, audience, lang, owed=[c.physical.text for c in service.changes.blocking],
                             last=service.last_actions[0] if service.last_actions else ""),
        "outcome": _outcome(service, lang),
        "rolls": _rolls(service, audience, lang),
        "counters": counters,
        "leds": {s.label(h): _css(light.rgb) for h, light in service._frame.items()},
        "blink": [s.label(h) for h, light in service._frame.items() if light.pattern != "solid"],
        "lit": _lit_groups(service),
        "last_actions": [render_text(line, lang) for line in service.last_actions],
        "last_roll": next((render_text(line, lang) for line in service.last_actions
                           if getattr(line, "msgid", "") == "dice rolled: {pips} = {total}"), ""),
        "tracker": service.tracker.phase.value,
        "setup": _setup_view(service, audience),
        "unknown": [{"uid": uid, "hex": s.label(h) if h is not None else None, "cell": cell}
                    for uid, (h, cell) in sorted(service.tracker.unknown.items())],
        "enrol_choices": service.enrol_choices() if service.tracker.unknown else [],
        "record": ({"file": rec.path.name, "entries": rec.n, "head": rec.head}
                   if (rec := service.record) is not None else None),
    }

def _los(service: Service, lang: str) -> dict[str, Any] | None:
    """The last line of sight checked, its reason in the page's language (a rules sentence)."""
    los = service.los
    if los is None or lang == "en" or not isinstance(los.get("reason"), T):
        return los
    return {**los, "reason": render_text(los["reason"], lang)}


def _done(service: Service, lang: str) -> dict[str, str] | None:
    """What the done button means now, in the page's language (the rules' label, rule cited)."""
    if service.changes.blocking:
        return {"text": "done", "label": render_text(CONFIRM_LABEL, lang)}
    label = service.session.done_label()
    return {"text": "done", "label": render_text(label, lang)} if label else None


CONFIRM_LABEL = "Confirm the changes made on the board"


def _decision_view(service: Service, audience: str = SHARED, lang: str = "en") -> dict[str, Any] | None:
    """The open decision as the audience may see it (concealed units unnamed, secret answers unseen), its
    prompt in the page's language."""
    s = service.session
    top = s.position.decision
    if top is None:
        return None
    units = [s.unit_summary(u, audience=audience) for u in top.units]
    mine = not top.private or audience == top.side  # a private decision's options are its owner's
    hidden = frozenset(u for u in s.position.units if service.views.hidden_from([u], audience))
    said = top.prompt if mine else unsaid(top).prompt  # a private decision's secret facts are its owner's
    prompt = render_text(unnamed(said, hidden), lang)
    return {"kind": top.kind, "side": top.side, "prompt": prompt, "rule": top.rule,
            "units": [{"id": u["id"], "label": u["label"]} for u in units] if mine else [],
            "hexes": [s.label(h) for h in top.hexes] if mine else [],
            "choices": list(top.choices) if mine else [], "dice": top.dice,
            "armed": service._roll_request is not None,
            "answered": sorted(side for side, _ in top.answers),
            # several players to a side (PG 17.0): whose to answer, told to that side's pages only (the
            # player's name could hint which of the side's units a hidden one's decision concerns)
            "answerer": s.position.game.answerer(s.position) if audience == top.side else None}

_UNIT_ID = re.compile(r"[\w][\w.\-/]*")


def unnamed(said: Any, hidden: frozenset[str]) -> Any:
    """A rules sentence with every unit this audience may not see said as '?' (A12.1: a concealed unit is
    unnamed to its opponent), its template kept so that it is still said in the page's language."""
    if not hidden or not isinstance(said, str):
        return said
    if isinstance(said, T):
        return said.with_facts(**{k: unnamed(v, hidden) for k, v in said.facts.items()})
    return _UNIT_ID.sub(lambda m: "?" if m.group(0) in hidden else m.group(0), said)


def _change_view(service: Service, c: Change, audience: str = SHARED, lang: str = "en") -> dict[str, Any]:
    ph = c.physical
    summary = service.session.unit_summary(ph.unit, audience=audience)
    hidden = summary["label"] == "?"
    return {"what": ph.what, "unit": "" if hidden else ph.unit, "label": summary["label"],
            "text": "a change to a concealed unit" if hidden else render_text(ph.text, lang),
            "rule": ph.rule,
            "hex": service.session.label(ph.hex) if ph.hex is not None else None, "confirm": c.confirm}

def _device_health(service: Service) -> dict[str, int]:
    """The board's own figures from its last heartbeat (firmware/wire.py CTR_* order)."""
    hb = service.heartbeat
    if hb is None:
        return {}
    out = {"uptime_s": hb.uptime_ms // 1000, "scans": hb.scans}
    out.update({name: value for name, value in zip(_DEVICE_COUNTERS, hb.counters, strict=False)})
    return out

def _lit_groups(service: Service) -> list[dict[str, Any]]:
    """The lit hexes grouped by what their colour means, for the page's text (screen readers)."""
    groups: dict[str, list[str]] = {}
    for h, light in service._frame.items():
        groups.setdefault(light.colour, []).append(service.session.label(h))
    return [{"colour": c, "meaning": MEANING.get(c, c), "css": _css(_RGB[c]) if c in _RGB else "",
             "hexes": sorted(labels)} for c, labels in sorted(groups.items())]

def virtual_table(service: Service) -> dict[str, Any]:
    """What the virtual table page shows: tags on cells (the world) and the LEDs the firmware lit."""
    world = service.table.cells if service.table is not None else {}
    return {
        "type": "table",
        "cells": {str(c): list(u) for c, u in world.items() if u},
        "leds": {str(c): col for c, col in service.firmware_leds.items()},
        "conn": service.conn.state.value,
    }

def map_data(service: Service) -> dict[str, Any]:
    """The static map for drawing and for reading hex by hex: every hex with its label, centre (pitch
    units), terrain and level."""
    m = service.session.map
    hexes = []
    for h in sorted(m.hexes, key=lambda x: (x.q, x.r)):
        x, y = m.center(h)
        hexes.append({"id": m.label(h), "x": round(x, 4), "y": round(y, 4), "terrain": str(m.terrain(h)),
                      "level": m.level(h)})
    return {"type": "map", "hexes": hexes}

def board_data(service: Service) -> dict[str, Any]:
    cells = [{"id": c.id, "label": c.label, "x": c.x_mm, "y": c.y_mm} for c in service.board.cells]
    buttons = [{"id": b.id, "name": b.name} for b in getattr(service.board, "buttons", ())]
    return {"type": "board", "name": service.board.name, "cells": cells, "tray": service.tray,
            "buttons": buttons}

def _setup_view(service: Service, audience: str = SHARED) -> dict[str, Any] | None:
    """While setting up: what is still to place, per side, concealed units unnamed (but to their owner)."""
    if not service.tracker.setup:
        return None
    expected = service.session.expected()
    remaining: dict[str, list[dict[str, str]]] = {}
    for unit in sorted(service._setup_missing, key=lambda u: (service.session.label(expected[u]), u)):
        if unit not in expected:
            continue
        summary = service.session.unit_summary(unit, audience=audience)
        concealed = summary["label"] == "?" or service.views.hidden_from([unit], audience)
        remaining.setdefault(summary["side"], []).append(
            {"unit": "" if concealed else unit, "label": "?" if concealed else str(summary["label"]),
             "hex": service.session.label(expected[unit])})
    return {"remaining": remaining, "left": sum(len(v) for v in remaining.values()),
            "total": len(expected)}

def _state_text(session: Any, marker: str, lang: str) -> str:
    """A unit's state as the game reads it (a cited phrase), else the players' word for it."""
    said = session.game.marker_text(session.position, marker)
    return narrator.term(marker, lang) if said is None else render_text(said, lang)


def unit_card(service: Service, unit_id: str, audience: str, lang: str) -> dict[str, Any]:
    """A counter as a page shows it at a glance: name, side, printed values and state (markers); to an
    audience that may not see it, a concealed unit is only '?' and its side."""
    s = service.session
    card = dict(s.unit_summary(unit_id, audience=audience))
    unit = s.position.units.get(unit_id)
    if unit is None or card["label"] == "?":  # its side is on the counter's back: that much anyone sees
        card.update(values="", state=[], concealed=True, type="",
                    side_name=narrator.side_name(s, str(card["side"]), lang))
        return card
    printed = unit.values.get("printed") if isinstance(unit.values, Mapping) else None
    state = sorted(unit.markers)
    if unit.concealed:
        state = ["concealed", *state]  # its owner sees it, and that the enemy does not
    card.update(values=str(printed or ""), type=unit.type, concealed=unit.concealed,
                state=[_state_text(s, m, lang) for m in state], state_ids=state,
                side_name=narrator.side_name(s, unit.side, lang))
    if unit.level:
        card["level"] = unit.level  # its Location's level in a multi-level hex (ASL A2.8: "B5 level 1")
    return card


def moves(service: Service, units: list[str], audience: str) -> dict[str, Any]:
    """Where a group of the audience's own units may go now, each with its cost and the action that goes
    there (a player's page asks; the answer goes to that page only). Units hidden from the audience, or not
    on one hex, get a reason instead."""
    s = service.session
    out: dict[str, Any] = {"type": "moves", "units": units, "destinations": []}
    expected = s.expected()
    if not units or any(u not in expected for u in units) or set(units) & s.hidden_units(audience):
        out["error"] = "those units are not on the map for this page"
        return out
    starts = {expected[u] for u in units}
    if len(starts) != 1:
        out["error"] = "units move together only from one hex"
        return out
    start = starts.pop()
    out["from"] = s.label(start)
    dests = []
    for h, m in s.destinations(units, start).items():
        if isinstance(m, act.Move):
            text = act.Move(m.units, m.path).text(s.label)
            cost = act.cost_text(m.cost) if m.cost is not None else ""
        else:
            text, cost = s.position.action_text(m.answer), ""
        dests.append({"hex": s.label(h), "cost": cost, "action": text,
                      "path": [s.label(x) for x in m.path]})
    out["destinations"] = sorted(dests, key=lambda d: d["hex"])
    return out


def _notice(service: Service, lang: str) -> dict[str, str]:
    """The last thing the narrator said, in the page's language."""
    last = service.last_notice
    if last is None or lang == "en":
        return service.notice
    return narrator.render(last, lang).as_dict()


def _rolls(service: Service, audience: str, lang: str = "en") -> list[dict[str, str]]:
    """The last dice and the question each answered, in the page's language; a unit the audience may not
    see is only '?' (unit ids are the same words in every language)."""
    hidden = service.session.hidden_units(audience)
    out = []
    for pips, asked in service.rolls:
        question = render_text(asked, lang)
        for unit in hidden:
            question = re.sub(rf"\b{re.escape(unit)}\b", "?", question)
        out.append({"dice": pips, "for": question})
    return out


def _outcome(service: Service, lang: str) -> dict[str, Any]:
    """Victory status: the game's outcome once it is over, else how many turns are left."""
    pos = service.session.position
    scenario = service.session.scenario
    out: dict[str, Any] = {"over": bool(pos.state.over), "turn": pos.turn,
                           "turns": getattr(scenario, "turns", None)}
    result = pos.outcome()
    out["text"] = render_text(result.reason, lang) if result is not None else ""
    winner = result.winner if result is not None else None
    out["winner"] = narrator.side_name(service.session, winner, lang) if winner else ""
    return out


def resolution(r: Resolution, lang: str = "en") -> dict[str, Any]:
    """A resolution step by step as the shared page sees it (concealed targets unnamed), each step's name,
    value and the title said in ``lang`` (the rules' T sentences; a plain label by the catalogue)."""
    shown = r.to_dict(viewer=SHARED)
    steps = [{"name": render_text(line["label"], lang),
              "text": render_text(line["value"], lang) + (f" ({line['rule']})" if line["rule"] else "")}
             for line in shown["lines"]]
    results = ", ".join(f"{u}: {res}" for u, res in shown["results"].items())
    return {"title": _title(shown["summary"], lang), "steps": steps, "result": results,
            "demo": shown["demo"], "chart": shown["chart_label"]}


def _title(summary: Any, lang: str) -> str:
    """A resolution's title in ``lang``. ASL's fire says it as facts, T("{action}: {results}") with the
    action's text form (rules/games/asl/firepower.summary): the action is said as the game log says it, the
    results by their catalogue (chart codes as printed). An old record's plain "ACTION: results" is split."""
    if lang == "en":
        return str(summary)
    if isinstance(summary, T) and summary.msgid == "{action}: {results}":
        said = logtext.sentence(str(summary.facts["action"]))
        return render_text(T("{action}: {results}", action=said, results=summary.facts["results"]), lang)
    if isinstance(summary, T) or ": " not in str(summary):
        return render_text(summary, lang)
    action, _, results = str(summary).partition(": ")
    said = logtext.sentence(action)
    if said == action:  # no action form: the catalogue's, if it has the whole title
        return render_text(summary, lang)
    return render_text(T("{action}: {results}", action=said, results=results), lang)


def short(counter: Any) -> str:
    """What fits on a chip: the printed values ('4-6-7'), else the kind ('?' for concealment)."""
    printed = counter.values.get("printed") if isinstance(counter.values, Mapping) else None
    if printed:
        return str(printed)
    return "?" if counter.kind == "concealment" else str(counter.unit_type or counter.kind)[:6]


def _css(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


