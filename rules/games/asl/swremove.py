"""ASL weapon removal (D6.631) and a carrier's crew taking its weapons (D6.83), in play.

At the table it is abandonment with a mode (vcrew.py's ``move V HEX as abandon``): ``move V HEX as
abandon-remove``. The crew abandoning its own side's armored halftrack (D6.631) takes its MG and mortar
armament with it; a carrier's HS or crew (D6.83) its MG, ATR and mortar. Everything else is D5.41's
abandonment (own MPh, not moved or fired this Player Turn; all MF spent; the vehicle Abandoned).

- Each weapon becomes a SW counter the crew possesses (``<vehicle>-<weapon>``): an MG the scenario's MG
  counter of the vehicle's nationality with the largest FP not above the vehicle MG's (D6.631: "no more FP
  than the vehicle used"; none when no MG counter is that small), a mortar the scenario's ``MTR<calibre>``
  counter (dismantled when it may be, D6.631 "dismantled if possible", A9.8), an ATR the scenario's ``ATR``
  counter. A counter the scenario lacks: the weapon stays (said on the page).
- The vehicle is marked for each weapon taken (``<weapon>_removed``, the text's Disabled counter): that
  weapon does not fire (vmg.py, vfire's MA), and the vehicle may not be scrounged (D10.5).
- A friendly crew re-entering it (D5.42, vreentry.py) with an appropriate counter (an MG for an MG, a
  mortar for a mortar, an ATR for an ATR) puts the weapon back: the SW counter is gone, the mark with it.
- Not with a captured vehicle (D6.631: one's own nationality), nor when the crew is forced out (D5.5:
  vcrew's TC, which has no such mode).

D6.631's last sentence: a weapon its Vehicle Note lets passengers remove (the SPW 251/sMG's; Vehicle Notes
are not among the texts, so the catalogue names them: ``passenger_remove``) is taken out by passengers as
they unload at the normal cost (D6.5): after ``unload V`` the owner is asked, for each such weapon with a
counter, which unloaded MMC takes it (``ask_unload``), or passes; the vehicle is marked as for a crew's.

Not built: D6.83's quicker unloading (D6.51 is not in the texts; its bar on removal and self-destruction has
nothing to bar).
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import dismantle, vmg
from hexmate.rules.games.asl.armour import vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

MODE = "abandon-remove"
MGS = ("bmg", "cmg", "aamg", "rmg")


def removable(vehicle: UnitState) -> list[str]:
    """The weapons its crew may take out (D6.631 halftrack: MG, mortar; D6.83 carrier: MG, ATR, mortar):
    working and not already taken."""
    vt = vtype(vehicle)
    halftrack = vt.movement == "halftrack" and vt.armored
    if not (halftrack or vt.carrier) or vehicle.has("captured"):
        return []
    out = [w for w in MGS if int(getattr(vt, w, 0) or 0) > 0 and not vehicle.has(f"{w}_malf")
           and not vehicle.has(f"{w}_removed")]
    kinds = ("MG", "MTR", "ATR") if vt.carrier else ("MG", "MTR")
    ma_out = vehicle.has("ma_malf") or vehicle.has("ma_removed")
    if vt.ma is not None and vt.ma.kind in kinds and not ma_out:
        out.append("ma")
    return out


def _nationality(vehicle: UnitState) -> str:
    return str(vtype(vehicle).nationality or "")


def counter_for(position: Position, vehicle: UnitState, weapon: str) -> CounterType | None:
    """The SW counter a removed weapon becomes (D6.631), or None when the scenario has none fitting (an MG
    MA whose catalogue entry gives no ``fp``: no counter is known to fit it)."""
    vt = vtype(vehicle)
    counters = position.scenario.counters
    nat = _nationality(vehicle)
    if weapon == "ma" and not vmg.fp_of(vt, "ma"):  # an MG MA with its FP goes on as any MG below
        assert vt.ma is not None
        keys = {"MTR": [f"MTR{vt.ma.calibre}-{nat}", f"MTR{vt.ma.calibre}"], "ATR": [f"ATR-{nat}", "ATR"]}
        return next((counters[k] for k in keys.get(vt.ma.kind, []) if k in counters), None)
    fp = vmg.fp_of(vt, weapon)
    fitting = [c for c in counters.values() if c.type == "sw" and c.values.get("sw") == "mg"
               and (not c.values.get("nationality") or str(c.values["nationality"]) == nat)
               and 0 < int(c.values.get("fp", 0) or 0) <= fp]
    return max(fitting, key=lambda c: (int(c.values.get("fp", 0) or 0), c.name), default=None)


def take(position: Position, state: State, vehicle: UnitState, crew_id: str) -> tuple[State, list[str]]:
    """The crew (already beneath the vehicle) takes each removable weapon that has a counter: (state, the
    weapons taken)."""
    holder = state.units.get(crew_id)
    if holder is None:
        return state, []
    taken: list[str] = []
    for w in removable(vehicle):
        after = _take_one(position, state, vehicle.id, w, holder)
        if after is not None:
            state = after
            taken.append(w)
    return state, taken


def _take_one(position: Position, state: State, vehicle_id: str, w: str, holder: UnitState) -> State | None:
    """One weapon out of the vehicle into ``holder``'s possession, the vehicle marked ``<weapon>_removed``;
    None when the scenario has no counter for it."""
    vehicle = state.units[vehicle_id]
    counter = counter_for(position, vehicle, w)
    if counter is None:
        return None
    sid = f"{vehicle.id}-{w}"
    swm = {"removed_sw"}
    if counter.values.get("sw") in ("mg", "mortar") and dismantle.dismantlable(counter):
        counter = dismantle.dm_counter(counter, position.scenario.counters)  # D6.631, A9.8
        swm.add(dismantle.DISMANTLED)
    sw = UnitState(sid, holder.side, counter, holder.hex, markers=frozenset(swm), level=holder.level,
                   carrier=holder.id)
    state = state.replace(units={**state.units, sid: sw})
    return state.with_unit(vehicle.mark(f"{w}_removed"))


UNLOAD = "sw_unload"  # D6.631: the passengers unloading may take out a weapon the Vehicle Note allows


def by_passengers(vehicle: UnitState) -> list[str]:
    """D6.631's last sentence: the weapons its Vehicle Note (catalogue ``passenger_remove``) lets its
    passengers take out at the normal unloading cost: working and not already taken."""
    return [w for w in vtype(vehicle).passenger_remove
            if not vehicle.has(f"{w}_malf") and not vehicle.has(f"{w}_removed")]


def ask_unload(position: Position, state: State, vehicle_id: str, off: tuple[str, ...],
               weapons: list[str] | None = None) -> State:
    """After an unloading (D6.5): for each such weapon with a counter, which unloaded infantry unit takes it
    out (D6.631), or pass. The question goes on top: it is part of the unloading, before any fire at it."""
    vehicle = state.units.get(vehicle_id)
    if vehicle is None:
        return state
    holders = tuple(u for u in off if u in state.units and state.units[u].type in ("squad", "hs", "crew")
                    and state.units[u].carrier is None)
    left = by_passengers(vehicle) if weapons is None else [w for w in weapons if w in by_passengers(vehicle)]
    left = [w for w in left if counter_for(position, vehicle, w) is not None]
    if not holders or not left:
        return state
    w = left[0]
    prompt = T("the units unloading from {vehicle} may take out its {weapon} (D6.631): tap the one that "
               "takes it, or pass", vehicle=vehicle.id, weapon=w.upper())
    return state.push(Decision("units", vehicle.side, prompt, "D6.631", UNLOAD, units=holders,
                               choices=("pass",), subject=(vehicle.id, w), target=vehicle.hex,
                               args=(("off", ",".join(off)), ("rest", ",".join(left[1:])))))


def resume_unload(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The weapon into the possession of the unit tapped (D6.631); then the next weapon's question."""
    state = position.state
    vid, w = decision.subject
    if answer.choice != "pass" and answer.units:
        after = _take_one(position, state, vid, w, state.units[answer.units[0]])
        state = after if after is not None else state
    rest = [x for x in decision.arg("rest").split(",") if x]
    off = tuple(x for x in decision.arg("off").split(",") if x)
    return ask_unload(position, state, vid, off, rest) if rest else state


def kind_of(vehicle: UnitState, weapon: str) -> str:
    """The SW kind that puts a removed weapon back (D6.631: an MG counter for an MG, and so on)."""
    vt = vtype(vehicle)
    if weapon == "ma" and vt.ma is not None:
        return {"MTR": "mortar", "ATR": "atr"}.get(vt.ma.kind, "mg")
    return "mg"


def restore(state: State, vehicle_id: str, uid: str) -> State:
    """D6.631, D6.83: a crew re-entering with appropriate counters puts the weapons back: each counter is
    gone into the vehicle, and its weapon's removed mark off."""
    vehicle = state.units.get(vehicle_id)
    if vehicle is None:
        return state
    gone = [m[: -len("_removed")] for m in vehicle.markers if m.endswith("_removed")]
    for w in sorted(gone):
        want = kind_of(vehicle, w)
        sw = next((u for u in sorted(state.units.values(), key=lambda u: u.id)
                   if u.carrier == uid and u.type == "sw" and str(u.values.get("sw", "")) == want), None)
        if sw is None:
            continue
        state = state.without_unit(sw.id)
        vehicle = state.units[vehicle_id]
        state = state.with_unit(vehicle.mark(remove=(f"{w}_removed",)))
    return state


__all__ = ["MGS", "MODE", "UNLOAD", "ask_unload", "by_passengers", "counter_for", "kind_of", "removable",
           "restore", "resume_unload", "take"]
