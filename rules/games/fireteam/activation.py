"""Fire Team activation [4.2]-[4.4]: which units may activate together and what it costs.

A group is one of: a leader alone [4.42]; one unit (a team's move costs less next to its own platoon's
squad or vehicle, 4.23); a squad with the teams stacked with or adjacent to it (US: two light teams; Soviet:
one MG team and one other light team; never a heavy team, 4.31); a platoon: dismounted squads of one platoon,
each within 2 hexes of and in LOS of another, each bringing two teams stacked or adjacent [4.32], [4.33]; or
vehicles of one platoon within 4 (US) or 3 (Soviet) hexes of and in LOS of another [4.32]. Leaders stacked
with a member go along free. The cost is the chart's, plus the largest Fear surcharge [4.37], [6.35], +1 for
vehicle Fear [6.35], less one stacked leader's modifier for dismounted infantry, never below 1 [4.4], [4.41].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import UnitState
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.games.fireteam.fire import LEADER, VEHICLE, VEHICLE_FEAR, fear
from hexmate.rules.games.fireteam.why import T, Why
from hexmate.rules.hexes import Hex, distance

INFANTRY = ("squad", "team", "observer")
SightFn = Callable[[Hex, Hex], bool]


@dataclass(frozen=True)
class Cost:
    """An activation's cost, worked out: what kind of group it is, its base and the modifiers, each cited."""

    kind: str
    cp: Fraction
    lines: tuple[T, ...]
    leader: str = ""  # the leader whose modifier it used [4.41]

    def text(self) -> T:
        steps = self.lines[0]
        for line in self.lines[1:]:
            steps = T("{steps}; {step}", steps=steps, step=line)
        return T("{cp} CP ({steps})", cp=cmd.fmt(self.cp), steps=steps)


KINDS = {  # what kind of group activates, for people [4.3]
    "leader": T("leader"), "vehicle": T("vehicle"), "vehicle platoon": T("vehicle platoon"),
    "team": T("team"), "squad": T("squad"), "squad and teams": T("squad and teams"), "platoon": T("platoon"),
}


def nationality_of(unit: UnitState, nationalities: dict[str, str]) -> str:
    return "soviet" if nationalities.get(unit.side, "") in ("soviet", "sov", "ussr") else "us"


def platoon(unit: UnitState) -> int | None:
    value = unit.values.get("platoon")
    return value if isinstance(value, int) else None


def is_heavy(unit: UnitState) -> bool:
    return unit.type == "team" and bool(unit.values.get("heavy"))


def is_mg(unit: UnitState) -> bool:
    return unit.type == "team" and bool(unit.values.get("mg"))


def mounted(unit: UnitState) -> bool:
    return unit.carrier is not None


def near(a: UnitState, b: UnitState) -> bool:
    return a.hex is not None and b.hex is not None and distance(a.hex, b.hex) <= 1


def teams_with(squad: UnitState, teams: Sequence[UnitState], nat: str) -> Why | None:
    """[4.31] Why these teams may not join this squad (None if they may)."""
    if squad.type != "squad":
        return Why(T("{unit} is not a squad: teams join a squad (an observer cannot lead them)",
                     unit=squad.id),
                   "4.31")
    for team in teams:
        if is_heavy(team):
            return Why(T("{unit} is a heavy team: it never joins a group", unit=team.id), "4.31")
        if not near(squad, team):
            return Why(T("{unit} is neither stacked with nor adjacent to {squad}", unit=team.id,
                         squad=squad.id), "4.31")
    if nat == "soviet":
        mgs = [t for t in teams if is_mg(t)]
        if len(mgs) > 1 or len(teams) - len(mgs) > 1:
            return Why(T("a Soviet squad brings one MG team and one other light team"), "4.31")
    elif len(teams) > 2:
        return Why(T("a US squad brings at most two light teams"), "4.31")
    return None


def linked(members: Sequence[UnitState], reach: int, sight: SightFn) -> Why | None:
    """[4.32] Each member must be within ``reach`` hexes of, and in LOS of, at least one other member."""
    if len(members) < 2:
        return None
    for unit in members:
        assert unit.hex is not None
        if not any(
            other is not unit and other.hex is not None and distance(unit.hex, other.hex) <= reach
            and sight(unit.hex, other.hex)
            for other in members
        ):
            return Why(T("{unit} is not within {reach} hexes and in LOS of another member of its platoon",
                         unit=unit.id, reach=reach), "4.32")
    return None


def assign_teams(squads: Sequence[UnitState], teams: Sequence[UnitState], nat: str) -> Why | None:
    """[4.33] Each squad of a platoon activation brings up to two teams stacked with or adjacent to it."""
    left = list(teams)
    for team in teams:
        if platoon(team) is None:
            return Why(T("{unit} belongs to no platoon: it cannot join a platoon activation", unit=team.id),
                       "4.33")
    for squad in squads:
        mine = [t for t in left if near(squad, t)][:2]
        if teams_with(squad, mine, nat) is None:
            for t in mine:
                left.remove(t)
    if left:
        names = ", ".join(t.id for t in left)
        return Why(T("{units}: not stacked with or adjacent to a squad of the platoon", units=names), "4.33")
    return None


def _illegal(why: Why) -> IllegalAction:
    return why.illegal()


def classify(
    units: Sequence[UnitState], nat: str, data: cmd.CommandData, sight: SightFn, mode: str,
    others: Sequence[UnitState] = (),
) -> tuple[str, cmd.Cell]:
    """The kind of group and its chart cell; IllegalAction citing the rule if these may not activate
    together. ``others`` are the side's other units (a team moving next to its own platoon's squad, 4.23)."""
    leaders = [u for u in units if u.type == LEADER]
    rest = [u for u in units if u.type != LEADER]
    if not rest:
        if len(leaders) != 1:
            raise IllegalAction(T("leaders activate one at a time when alone"), "4.42")
        return "leader", data.cost(nat, "leader")
    for ldr in leaders:
        if not any(u.hex == ldr.hex for u in rest):
            raise IllegalAction(T("{leader} goes along only with a unit stacked with him",
                                  leader=ldr.id), "4.42")
    vehicles = [u for u in rest if u.type == VEHICLE]
    infantry = [u for u in rest if u.type != VEHICLE]
    if vehicles and any(not mounted(u) for u in infantry):
        raise IllegalAction(T("dismounted infantry never activate with vehicles"), "4.36")
    kind = "fire" if mode == "fire" else "move"
    if vehicles:
        if len(vehicles) == 1:
            return "vehicle", data.cost(nat, f"vehicle_{kind}")
        plts = {platoon(v) for v in vehicles}
        if len(plts) != 1 or None in plts:
            raise IllegalAction(T("vehicles activate together only as one platoon"), "4.32")
        why = linked(vehicles, data.platoon_range[f"{nat}_vehicle"], sight)
        if why:
            raise _illegal(why)
        return "vehicle platoon", data.cost(nat, "vehicle_platoon")
    if len(infantry) == 1:
        unit = infantry[0]
        if unit.type == "team":
            carrier_here = any(o.type == VEHICLE and o.values.get("transport") and o.hex == unit.hex
                               and o.side == unit.side for o in others)
            if is_heavy(unit) and mode != "fire" and (unit.carrier is not None or not carrier_here):
                # [5.16] it moves only in its carrier: activated to move only to board one in its hex
                raise IllegalAction(T("{unit} is a heavy team: it moves only in its own carrier",
                                      unit=unit.id),
                                    "5.16")
            if kind == "move":
                own = any(
                    o.side == unit.side and o.type in ("squad", VEHICLE) and platoon(o) is not None
                    and platoon(o) == platoon(unit) and near(o, unit)
                    for o in others if o.id != unit.id
                )
                return "team", data.cost(nat, "team_move_near" if own else "team_move")
            return "team", data.cost(nat, "team_fire")
        return "squad", data.cost(nat, f"squad_{kind}")
    squads = [u for u in infantry if u.type in ("squad", "observer")]
    teams = [u for u in infantry if u.type == "team"]
    if len(squads) == 1:
        why = teams_with(squads[0], teams, nat)
        if why is None:
            return "squad and teams", data.cost(nat, f"squad_{kind}")
        raise _illegal(why)
    plts = {platoon(s) for s in squads}
    if not squads or len(plts) != 1 or None in plts:
        raise IllegalAction(
            T("a group is a squad with its teams, or squads of one platoon with theirs"), "4.3"
        )
    if any(mounted(u) for u in infantry):
        raise IllegalAction(T("mounted infantry activate with their vehicle's platoon"), "4.36")
    why = linked(squads, data.platoon_range["infantry"], sight) or assign_teams(squads, teams, nat)
    if why:
        raise _illegal(why)
    return "platoon", data.cost(nat, "platoon")


def cost(
    units: Sequence[UnitState], nat: str, data: cmd.CommandData, sight: SightFn, mode: str,
    leaders_here: Sequence[UnitState], others: Sequence[UnitState] = (),
) -> Cost:
    """[4.21]-[4.4] The CP an activation costs. ``leaders_here`` are the side's leaders (a stacked one whose
    modifier is not yet used this impulse lowers the cost of dismounted infantry)."""
    kind, cell = classify(units, nat, data, sight, mode, others)
    lines = [T("{kind} {cp} ({cite})", kind=KINDS.get(kind, kind), cp=cmd.fmt(cell.cp),
               cite=T("demo value") if not cell.rule else cell.rule)]
    total = cell.cp
    if mode == "any" and kind in ("squad", "squad and teams"):
        other = data.cost(nat, "squad_fire")
        if other.cp > total:
            total = other.cp
            lines.append(T("fire costs more: {cp} (4.35)", cp=cmd.fmt(total)))
    rest = [u for u in units if u.type != LEADER]
    worst = max((fear(u) for u in rest if u.type != VEHICLE), default=0)
    if worst:
        extra = cmd.fear_surcharge(worst)
        total += extra
        lines.append(T("Fear {fear}: +{extra} (6.35, 4.37)", fear=worst, extra=extra))
    if any(u.type == VEHICLE and u.has(VEHICLE_FEAR) for u in rest):
        total += 1
        lines.append(T("vehicle Fear: +1 (6.35)"))
    leader = ""
    if kind != "leader" and rest and all(u.type in INFANTRY and not mounted(u) for u in rest):
        hexes = {u.hex for u in rest}
        stacked = [ldr for ldr in leaders_here if ldr.hex in hexes and not mounted(ldr)]
        if stacked:
            best = max(stacked, key=lambda ldr: (int(ldr.values.get("modifier", 0)), ldr.id))
            mod = int(best.values.get("modifier", 0))
            if mod:
                reduced = cmd.with_leader(total, mod)
                lines.append(T("leader {leader} -{mod}, never below 1: {cp} (4.4)", leader=best.id, mod=mod,
                               cp=cmd.fmt(reduced)))
                total, leader = reduced, best.id
    return Cost(kind, total, tuple(lines), leader)


__all__ = ["Cost", "assign_teams", "classify", "cost", "linked", "nationality_of", "teams_with"]
