"""ASL Russian Commissars (A25.22-A25.223): a 9-0 or 10-0 leader counter whose ``leader_kind`` is
``commissar`` (the demo catalogue's "9-0C" and "10-0C", demo values).

Built and tested here and at the call sites named:
- A25.221 morale: an unpinned, unbroken (and not berserk) commissar raises by one the morale of every other
  friendly Infantry unit in its Location, never a commissar nor a unit of morale 10, capped at 10 (A.18);
  where he does, no other leader's DRM applies (``bonus``, ``leader_drm_allowed``). Wired into the fire's MC,
  PTC and LLTC and the FPF self-check (aftermath.py), the PAATCs (advpaatc.py, reaction.py, placedc.py), the
  NTC to follow a berserk leader (berserk.py), the Infantry Overrun NTC (ovr.py), the DC setter's NTC
  (setdc.py) and the rally (rally.py); tests play the MC, PTC, advance PAATC, berserk NTC, overrun NTC, DC NTC
  and rally; the LLTC, the FPF self-check and the reaction and DC-placement PAATCs take the same call
  untested. Not in a prisoner's escape NTC (escape.py: an Unarmed prisoner). A commissar never takes another
  leader's DRM (morale.leader_drm_for) and is never Replaced (A19; units.replacement). He resolves his IFT MC
  first in his Location (morale.check_order). He takes no LLMC/LLTC and causes them in leaders of higher
  morale than his own (morale.llmc/lltc).
- A25.221 a broken commissar must try to self-rally, even with another leader present, and A25.222 he must try
  to rally every broken unit of his Location: the side cannot end its RPh while one of those is untried
  (``owed_rallies``; ``check_end`` refuses the end of that side's RPh).
- A25.222 a rally under a commissar ignores DM and counts the unit's morale +1; an MMC failing it is replaced
  by the one-step lower-quality unit of its size (``replaced_by``); a squad with none is Casualty Reduced; a
  broken crew, SMC, or a HS with no lower unit is eliminated (``failed_rally``).
- A15.1 (table note), A20.21: a commissar goes berserk instead of surrendering, and never surrenders in the
  RtPh (morale.heat_of_battle, prisoners.may_surrender).
- A25.223 a commissar gone berserk (by HoB, or following a berserk leader, A15.41) makes every friendly
  Infantry unit of his Location berserk at once (not the units that never take Heat of Battle, A15.1: crews
  and heroes) (``spread_berserk``, aftermath.py).
- A25.22 a commissar is a 9-0 or 10-0 leader (``check_counter``); in a scenario dated October 1942 or earlier
  the Russian player may swap one 8-0 for a 9-0 commissar and/or one 8-1 for a 10-0 before play
  (``options.commissar_swap``, the leaders' ids, in the scenario or set-up file); no side starts with more
  commissars than other leaders (``setup``): the scenario is refused with an error naming it.
A25.221 names infantry and cavalry: cavalry (cavalry.py) is a Personnel counter with the ``mounted`` marker
on a horse counter, so its +1 comes with its type. The bar on other leaders' DRMs is read, as the
sentence stands, for the checks the commissar's +1 morale applies to, not for directing fire.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

INFANTRY = frozenset({"squad", "hs", "crew", "leader", "hero"})
HOB_EXEMPT = frozenset({"crew", "hero"})  # A15.1: units that never take Heat of Battle


def check_counter(counter: CounterType) -> str | None:
    """A25.22: a commissar is a 9-0 or 10-0 leader."""
    v = counter.values
    if v.get("leader_kind") != "commissar":
        return None
    if counter.type != "leader" or v.get("leadership") != 0 or v.get("morale") not in (9, 10):
        return "a commissar (leader_kind commissar) is a 9-0 or 10-0 leader (A25.22)"
    return None


SWAP = {"8-0": "9-0C", "8-1": "10-0C"}  # A25.22: the leader a commissar may replace, and the commissar


def _counter(scenario: Scenario, name: str) -> CounterType | None:
    if name in scenario.counters:
        return scenario.counters[name]
    demo = au.demo_catalogue().get(name)  # the demo catalogue's commissars (demo values)
    return None if demo is None else CounterType(name, str(demo["type"]),
                                                 {k: v for k, v in demo.items() if k != "type"})


def setup(scenario: Scenario, state: State) -> State:
    """A25.22: before play, in a scenario dated October 1942 or earlier, the Russian player may swap one 8-0
    for a 9-0 commissar and/or one 8-1 for a 10-0 (``options.commissar_swap``: the ids of the leaders
    swapped, no SSR needed); then no side may start with more commissars than other leaders. DataError
    naming the scenario for a swap the rule does not allow."""
    where = f"{scenario.source}: options.commissar_swap"
    swaps = scenario.options.get("commissar_swap") or []
    if not isinstance(swaps, list) or not all(isinstance(x, str) for x in swaps):
        raise DataError(f"{where}: a list of leader ids")
    date = str(scenario.options.get("date", ""))
    dated = date[:4].isdigit() and date[5:7].isdigit()
    if swaps and not (dated and (int(date[:4]), int(date[5:7])) <= (1942, 10)):
        raise DataError(f"{where}: only in a scenario dated October 1942 or earlier (options.date "
                        f"YYYY-MM; got {date!r}) (A25.22)")
    done: set[tuple[str, str]] = set()
    for uid in swaps:
        unit = state.units.get(uid)
        owner = None if unit is None else unit.side
        nat = next((s.nationality or "" for s in scenario.sides if s.id == owner), "")
        if unit is None or unit.counter.name not in SWAP or nat.lower() not in ("russian", "partisan"):
            raise DataError(f"{where}: {uid!r} is not a Russian 8-0 or 8-1 leader (A25.22)")
        if (unit.side, unit.counter.name) in done:
            raise DataError(f"{where}: only one {unit.counter.name} a side becomes a commissar (A25.22)")
        done.add((unit.side, unit.counter.name))
        new = _counter(scenario, SWAP[unit.counter.name])
        if new is None:
            raise DataError(f"{where}: no {SWAP[unit.counter.name]} counter in the catalogue")
        state = state.with_unit(unit.as_counter(new))
    for side in scenario.sides:
        leaders = [u for u in state.units.values() if u.side == side.id and u.type == "leader"]
        n = sum(1 for u in leaders if is_commissar(u))
        if n > len(leaders) - n:
            raise DataError(f"{scenario.source}: side {side.id!r} starts with {n} commissar(s) and only "
                            f"{len(leaders) - n} other leader(s): never more commissars (A25.22)")
    return state


def is_commissar(unit: UnitState) -> bool:
    return unit.type == "leader" and unit.values.get("leader_kind") == "commissar"


def _active(c: UnitState) -> bool:
    """A25.221: unpinned and unbroken (a berserk leader leads nothing, A15.41)."""
    return is_commissar(c) and au.good_order(c) and not c.has("pinned") and not c.has("berserk")


def commissars_with(units: Iterable[UnitState], unit: UnitState) -> list[UnitState]:
    """The active friendly commissars in the unit's Location, not the unit itself."""
    if unit.hex is None:
        return []
    return [c for c in units if c.id != unit.id and c.side == unit.side and c.hex == unit.hex
            and c.level == unit.level and c.carrier == unit.carrier and _active(c)]


def bonus(units: Iterable[UnitState], unit: UnitState) -> int:
    """A25.221: +1 morale for every other Infantry unit in an active commissar's Location (broken ones too:
    their broken morale, as the rally of A25.222 says), not for a commissar or a unit of morale 10."""
    if unit.type not in INFANTRY or is_commissar(unit):
        return 0
    if au.unit_morale(unit) >= 10 or not commissars_with(units, unit):
        return 0
    return 1


def leader_drm_allowed(units: Iterable[UnitState], unit: UnitState) -> bool:
    """A25.221: a commissar never takes a leader's DRM; where a commissar raises a unit's morale, no other
    leader's DRM applies to it."""
    units = list(units)
    return not is_commissar(unit) and not bonus(units, unit)


def owed_rallies(position: Position, side: str) -> list[UnitState]:
    """A25.221/A25.222: broken units of ``side`` that must still try to rally this RPh: a broken commissar
    (self-rally), and every broken unit in an active commissar's Location."""
    units = list(position.units.values())
    return [u for u in units if u.side == side and u.has("broken") and not u.has("rally_tried")
            and u.type in INFANTRY and (is_commissar(u) or commissars_with(units, u))]


def check_end(position: Position) -> None:
    """A25.221/A25.222: the side rallying now cannot end its RPh while a rally it owes is untried."""
    if position.phase.id != "RPh":
        return
    due = owed_rallies(position, position.to_act)
    if due:
        raise IllegalAction(T("{unit} must try to rally under its commissar first", unit=due[0].id),
                            "A25.222")


def status(position: Position) -> list[str]:
    """The rallies a commissar still owes in this RPh, for the page (A25.221, A25.222); a unit or commissar
    under a "?" is not named (A12)."""
    if position.phase.id != "RPh":
        return []
    units = list(position.units.values())
    lines: list[str] = []
    for u in owed_rallies(position, position.to_act):
        if u.concealed or any(c.concealed for c in commissars_with(units, u)):
            continue
        lines.append(T("{unit} must try to rally this RPh under its commissar (A25.222)", unit=u.id))
    return lines


def failed_rally(state: State, unit: UnitState, counters: Mapping[str, CounterType]) -> tuple[State, str]:
    """A25.222: an MMC failing a rally under a commissar is replaced by the lower-quality unit of its size
    (still broken); a squad with none is Casualty Reduced (A7.302, its HS, broken); a broken crew, SMC, or HS
    with no lower unit is eliminated. Returns the new state and what became of the unit ("replaced",
    "reduced", "eliminated")."""
    from hexmate.rules.games.asl.aftermath import _drop_possessions

    lower = unit.values.get("replaced_by")
    if unit.type in ("squad", "hs") and isinstance(lower, str) and lower in counters \
            and counters[lower].type == unit.type:
        return state.with_unit(unit.as_counter(counters[lower])), "replaced"
    half = unit.values.get("reduces_to")
    if unit.type == "squad" and isinstance(half, str) and half in counters:
        return state.with_unit(unit.as_counter(counters[half])), "reduced"
    return _drop_possessions(state, unit).without_unit(unit.id), "eliminated"


def spread_berserk(state: State, leader: UnitState) -> State:
    """A25.223: a berserk commissar makes every friendly Infantry unit in his Location berserk at once (losing
    broken, pin, DM, CX, TI and concealment as A15.42 says), not crews and heroes (A15.1)."""
    gone = ("broken", "pinned", "dm", "cx", "ti")
    for u in list(state.units.values()):
        if u.id != leader.id and u.side == leader.side and u.hex == leader.hex and u.level == leader.level \
                and u.carrier == leader.carrier and u.type in INFANTRY and u.type not in HOB_EXEMPT \
                and not u.has("berserk"):
            state = state.with_unit(u.mark("berserk", remove=gone).revealed())
    return state
