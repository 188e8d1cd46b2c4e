"""ASL Armor Leaders (D3.4-D3.45): the counter's part that a scenario sets up aboard an AFV.

A scenario gives an AFV its Armor Leader as the counter value ``armor_leader`` written "9-1" (morale and
leadership: the counters run from 8-1 to 10-2, D3.4), recorded secretly and shown only when used (D3.41):
either in the scenario file's counter (which anyone reading the file sees) or, with ``options.armor_leaders``,
given to the AFV its owner names at set-up in a private decision (alsecret.py).
An SSR may declare the crew Inexperienced (``inexperienced_crew``): it then has its own 6+1 quasi-leader that
can never leave it and whose +1 must be used wherever an Armor Leader's modifier could be (D3.45).

- The inherent crew's morale is its Armor Leader's (D3.42): vcrew.crew_morale asks ``morale``.
- The leader affects only his own vehicle and crew (D3.43); once the crew is a counter he no longer exists
  (``leader`` gives None), and he is removed when the vehicle is Recalled, except the Inexperienced
  crew's (D5.341).
- His leadership modifies only: the MA's DR (To Hit for ordnance, else the IFT), OVR, CC, the Hull Down
  maneuver dr (D4.22), a halftrack's FG, and Bog Removal (D3.44); never an MG/FT attack other than the MA's
  or within an OVR (``applies``).
Wired in play: the MA's To Hit (vfire.py), OVR (overrun.py), CC (cc.py), Bog Removal (vunbog.py), the
crew's morale (vcrew.py, vcrewhit.py) and his removal by a Recall (vcrewhit.py). D3.41: he is shown (the
``armor_leader_shown`` marker, ``reveal``) the first time one of these uses him. The owner's choice to
keep him hidden by forgoing him (D3.41) is offered wherever he is used (alhide.py).
A halftrack's FG: vfg.leadership
(D6.65); the HD maneuver: hulldown.py (D4.22). D3.43: he comes back only with the crew that left with him
(vreentry.py, ``other_crew``).
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.base import Line, State, UnitState
from hexmate.rules.text import T

# The rolls an Armor Leader's leadership may modify (D3.44).
APPLIES = frozenset({"ma", "ovr", "cc", "hd_maneuver", "ht_fg", "bog_removal"})
CREW_OUT = ("abandoned", "wreck", "crew_survived", "crew_lost")  # as vcrew.has_crew
INEXPERIENCED = (6, 1)  # D3.45: the Inexperienced crew's quasi-leader, 6+1


def parse(text: str) -> tuple[int, int]:
    """``"9-1"`` -> (9, -1); ``"8+1"`` -> (8, 1); ``"10-2"`` -> (10, -2) (D3.4's counters)."""
    for sign in ("-", "+"):
        head, sep, tail = text.strip().rpartition(sign)
        if sep and head.isdigit() and tail.isdigit():
            return int(head), (-1 if sign == "-" else 1) * int(tail)
    raise ValueError(f"armor_leader {text!r}: expected morale and leadership like '9-1' (D3.4)")


def leader(vehicle: UnitState) -> tuple[int, int] | None:
    """The (morale, leadership) that commands this vehicle's inherent crew, or None (D3.41, D3.45)."""
    if any(vehicle.has(m) for m in CREW_OUT) or vehicle.has("other_crew"):
        return None  # D3.43: once the crew is a counter he no longer exists; he returns only with that crew
    if vehicle.values.get("inexperienced_crew"):
        return INEXPERIENCED  # D3.45: must be used, and never separated from the crew
    if vehicle.has("armor_leader_removed"):
        return None  # D5.341: removed by a Recall
    given = vehicle.values.get("armor_leader")
    return parse(given) if isinstance(given, str) and given else None


def morale(vehicle: UnitState) -> int | None:
    """The inherent crew's morale is its Armor Leader's (D3.42)."""
    led = leader(vehicle)
    return led[0] if led else None


def leadership(vehicle: UnitState, roll: str, *, weapon: str = "ma", withhold: bool = False) -> int:
    """The leadership DRM for ``roll`` (one of APPLIES) made by ``vehicle``: 0 where D3.44 allows none.

    An MG or FT that is not the MA gets none unless in an OVR (D3.44). ``withhold``: none from a leader still
    hidden at his owner's choice (D3.41, alhide.py)."""
    if roll not in APPLIES:
        raise ValueError(f"{roll!r} is no roll an Armor Leader may modify (D3.44)")
    if withhold and _hidden(vehicle):
        return 0
    led = leader(vehicle)
    if led is None or vehicle.has("cupola"):  # D9.51: nobody else inside a cupola, so no leadership
        return 0
    if weapon in ("mg", "ft") and roll != "ovr":
        return 0
    return led[1]


def on_recall(vehicle: UnitState) -> UnitState:
    """D5.341: a Recalled AFV's Armor Leader is removed (not the Inexperienced crew's, D3.45)."""
    if vehicle.values.get("inexperienced_crew") or not vehicle.values.get("armor_leader"):
        return vehicle
    return vehicle.mark("armor_leader_removed")


SHOWN = "armor_leader_shown"  # D3.41: in play since his morale or leadership was first used
ASKS: tuple[str, ...] = ()  # rolls whose prompts state a hidden leader's values: none now (alhide.py, D3.41)


def _hidden(vehicle: UnitState) -> bool:
    """A real Armor Leader commands it and has not been shown yet (D3.41; an SSR's 6+1 is no secret)."""
    return (not vehicle.has(SHOWN) and not vehicle.values.get("inexperienced_crew")
            and leader(vehicle) is not None)


def reveal(before: State, after: State) -> State:
    """D3.41: the Armor Leader is recorded secretly and enters play only when his morale or leadership is
    used: the first resolution that applies his leadership (a line of rule D3.44, by his vehicle) or the
    first check his crew rolls at his morale (D3.42) or Bog Removal at his leadership shows him: the
    vehicle gets the public ``armor_leader_shown`` marker and the resolution a line naming him."""
    used: set[str] = set()
    res = after.resolution
    if res is not None and res is not before.resolution and any(line.rule == "D3.44" for line in res.lines):
        used.update(getattr(res.action, "firers", ()) or ())
    for decision in after.decisions:
        if decision not in before.decisions and decision.then in ASKS and decision.subject:
            used.add(decision.subject[0])
    for uid in sorted(used):
        vehicle = after.units.get(uid)
        if vehicle is None or vehicle.type != "vehicle" or not _hidden(vehicle):
            continue
        after = after.with_unit(vehicle.mark(SHOWN))
        if res is not None and res is not before.resolution:
            said = Line(T("Armor Leader"), T("{vehicle}'s Armor Leader {leader} enters play", vehicle=uid,
                                             leader=str(vehicle.values.get("armor_leader", ""))), "D3.41")
            res = dataclasses.replace(res, lines=(*res.lines, said))
            after = after.replace(resolution=res)
    return after


__all__ = ["APPLIES", "INEXPERIENCED", "SHOWN", "leader", "leadership", "morale", "on_recall", "parse",
           "reveal"]
