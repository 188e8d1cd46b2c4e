"""PG air strikes (15.1): aircraft counters the scenario gives a side (units of type ``aircraft``) wait off
the board; each strikes at most one hex a turn, at any range, up to three aircraft on one hex in a segment.

At the table the side to act names them: ``fire AIR1[,AIR2] at HEX`` (a segment of its own: ground units and
off-board artillery do not act in a segment with aircraft attacking). The target hex must hold an enemy
unit, and an enemy unit in restrictive terrain only if it is spotted (by a SPOTTED marker or a friendly unit
seeing it). Then one die per aircraft: 1-2 loses the target (that aircraft is spent for the turn), 3-6
attacks (``special.air_strike``). The attackers' DF are summed and read on the Direct Fire Table with +2
(the adjacent-hex shift) and one column down if a non-demoralized, non-limbered enemy AA unit is within 3
hexes (once, even with several; a MOVED/FIRED marker does not matter). The results are applied as for
direct fire (losses, morale checks).

The cup (15.1): a scenario may say how many aircraft a side draws from its cup each turn
(``options.air.<side>.draw``: turn -> count). At the start of that turn's Action Phase the side draws that
many of its aircraft counters and names them (a ``units`` decision, like a roll: the cup is at the table);
only the drawn ones strike that turn. A side with no draw plan strikes with every aircraft it was given.

An aircraft that loses its target (1-2) may hit its own side (15.1 "friendly bombing"): as 9.5, each hex next
to the target holding friendly units rolls 2d6 (+1 German, British or American), 2-5 is hit, and the
aircraft's DF is read on the Bombardment Table against the friendly units there (``bombard.py``).

Aircraft AT (11.4): an aircraft with an AT value (the black-circled number, counter value ``air_at``) rolls
that many dice once its direct fire is resolved, if vehicles are in the hex; each 6 is a step lost by a
vehicle there, and for each the attacker rolls one die: 1-3 the vehicle's owner picks the vehicle, 4-6 the
aircraft's owner. 15.1 says an aircraft does DF or AT, never both; 11.4's own procedure (DF, then the AT
dice) is followed by default. The text conflicts with itself, so it is a documented setting:
``options.air_at_either: true`` follows 15.1 (the owner names the aircraft that fire AT instead of DF).

Each counter drawn that has another face (``back_df``, ``back_air_at``... values) is tossed like a coin: its
owner answers which face came up (``front``/``back``), and the aircraft strikes with that face's values that
turn.

On an X against a hex with an open-topped AFV its owner may put the step on that AFV himself, and on a 2X or
3X one step on any AFV, closed-topped too (15.1): a ``units`` decision for the aircraft's owner, ``owner``
to leave it to the usual allocation (``losses.py``, mode ``air``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import lose_step
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MAX_PER_HEX = 3  # 15.1: up to three aircraft on one hex in a segment
AA_REACH = 3  # 15.1: enemy AA within 3 hexes of the target hex


def is_aircraft(unit: UnitState | None) -> bool:
    return unit is not None and unit.type == "aircraft"


def is_strike(position: Position, fire: act.Fire) -> bool:
    named = [position.units.get(u) for u in fire.firers]
    return bool(named) and all(is_aircraft(u) for u in named)


def check(game: PgGame, position: Position, fire: act.Fire, opp: bool) -> None:
    planes = [position.units[u] for u in fire.firers]
    side = planes[0].side
    if opp:
        raise IllegalAction(T("aircraft never fire at movers"), "15.1, 13.0")
    if side != position.to_act or any(p.side != side for p in planes):
        raise IllegalAction(T("{unit} is not the active side's (3.0 B)", unit=planes[0].id))
    if game.gstate(position.state).active:
        raise IllegalAction(T("an air strike takes a whole segment: no activation may be open"), "15.1")
    if len(planes) > MAX_PER_HEX:
        raise IllegalAction(T("{count} aircraft: at most 3 on one hex in a segment", count=len(planes)),
                            "15.1")
    used = set(game.gstate(position.state).air_used)
    drawn = set(game.gstate(position.state).air_drawn)
    for plane in planes:
        if draws(position, side, position.turn) is not None and plane.id not in drawn:
            raise IllegalAction(T("{unit} was not drawn from the cup this turn", unit=plane.id), "15.1")
        if plane.id in used:
            raise IllegalAction(T("{unit} has flown its one strike this turn", unit=plane.id), "15.1")
        if pu.value(plane, "df") <= 0:
            raise IllegalAction(T("{unit} has no direct fire value", unit=plane.id), "15.1")
    enemies = [u for u in position.units_at(fire.target) if u.side != side]
    if not enemies:
        raise IllegalAction(T("no enemy unit in the target hex"), "10.0")
    if not any(_may_attack(game, position, e) for e in enemies):
        raise IllegalAction(T("{hex}: aircraft do not attack unspotted enemy units in restrictive terrain",
                              hex=position.label(fire.target)), "15.1")


def _may_attack(game: PgGame, position: Position, enemy: UnitState) -> bool:
    """15.1: an enemy unit out of restrictive terrain, or spotted (its marker, or a friendly unit sees it)."""
    assert enemy.hex is not None
    terrain = game.terrain_table().table.canonical(position.map.terrain(enemy.hex))
    if pg_spot.restrictive_range(terrain) is None or enemy.has(pg_spot.SPOTTED):
        return True
    return any(u.side != enemy.side and u.hex is not None and pu.is_combat(u)
               and pg_spot.sees_unit(game, position, u, enemy) for u in position.units.values())


def declare(game: PgGame, position: Position, fire: act.Fire) -> State:
    """The aircraft are spent for the turn; one die each decides whether it finds its target."""
    gs = game.gstate(position.state)
    state = position.state.replace(game=gs.replace(air_used=(*gs.air_used, *fire.firers)))
    side = position.units[fire.firers[0]].side
    n = len(fire.firers)
    return state.push(Decision(
        "roll", side,
        T("{units} strike {hex}: roll one die per aircraft, in their order (1-2 loses the target)",
          units=", ".join(fire.firers), hex=position.label(fire.target)),
        "15.1", "air_abort", dice=f"{n}d6", subject=tuple(fire.firers), target=fire.target))


def aa_within(position: Position, side: str, h: Hex) -> bool:
    """15.1: a non-demoralized, non-limbered enemy AA unit (MOVED/FIRED or not) within 3 hexes."""
    return any(u.side != side and u.hex is not None and pu.branch(u) == "AA" and not u.has("demoralized")
               and not u.has("limbered") and distance(u.hex, h) <= AA_REACH
               for u in position.units.values())


def resume_abort(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """15.1: each aircraft's die: 1-2 it loses the target, 3-6 it attacks; the attackers roll on the DFT."""
    from hexmate.rules.games.pg import special

    assert decision.target is not None and answer.dice is not None
    dice = tuple(answer.dice)
    planes = decision.subject
    attacking = tuple(p for p, d in zip(planes, dice, strict=True) if d >= 3)
    count, _ = special.air_strike(dice, False)
    assert count == len(attacking)
    lines = tuple(Line(T("aircraft {unit}", unit=p), T("die {die}: attacks", die=d) if d >= 3 else
                       T("die {die}: loses its target", die=d), "15.1")
                  for p, d in zip(planes, dice, strict=True))
    lost = tuple(p for p in planes if p not in attacking)
    risks = friendly_fire_checks(position, decision.side, lost, decision.target)
    if not attacking:
        return position.state.replace(resolution=Resolution(
            act.Fire(planes, decision.target), "air", position.charts.label, position.charts.demo, lines, {},
            T("air strike on {hex}: every aircraft lost its target", hex=position.label(decision.target))
        )).push(*risks)
    armed = [p for p in attacking if pu.value(position.units[p], "air_at") > 0]
    vehicles = any(u.side != decision.side and pu.is_vehicle(u) for u in position.units_at(decision.target))
    if either(position) and armed and vehicles:  # 15.1's reading: DF or AT, never both (a setting)
        return position.state.push(Decision(
            "units", decision.side,
            T("name the aircraft that fire AT instead of DF at {hex} (15.1: one or the other), or none",
              hex=position.label(decision.target)),
            "15.1", "air_mode", units=tuple(armed), count=0, choices=("none",), subject=attacking,
            target=decision.target), *risks)
    return position.state.push(_dft(position, decision.side, attacking, decision.target), *risks)


def either(position: Position) -> bool:
    """``options.air_at_either``: 15.1 says an aircraft fires DF or AT, not both; 11.4's procedure rolls its
    AT dice after its DF. Off (the default), 11.4 is followed; on, 15.1."""
    return bool(position.scenario.options.get("air_at_either"))


def _dft(position: Position, side: str, planes: tuple[str, ...], h: Hex) -> Decision:
    return Decision("roll", side, T("{units} attack {hex}: roll 2d6 on the Direct Fire Table",
                                    units=", ".join(planes), hex=position.label(h)),
                    "15.1", "air_dft", dice="2d6", subject=planes, target=h)


def _at_dice(position: Position, side: str, planes: tuple[str, ...], h: Hex) -> list[Decision]:
    """11.4: each aircraft's AT value in dice against the vehicles in the hex."""
    return [Decision(
        "roll", side,
        T("{unit} rolls {count} dice against the vehicles in {hex}: each 6 is a step lost", unit=uid,
          count=n, hex=position.label(h)),
        "11.4", "air_at", dice=f"{n}d6", subject=(uid,), target=h)
        for uid in planes for n in _chunks(pu.value(position.units[uid], "air_at"))]


def resume_mode(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """15.1 (``air_at_either``): the aircraft named fire AT only, the others DF only."""
    assert decision.target is not None
    at = () if answer.choice == "none" else tuple(sorted(answer.units))
    df = tuple(p for p in decision.subject if p not in at)
    asks = ([_dft(position, decision.side, df, decision.target)] if df else []) + _at_dice(
        position, decision.side, at, decision.target)
    return position.state.push(*asks)


def friendly_fire_checks(position: Position, side: str, lost: tuple[str, ...], h: Hex) -> list[Decision]:
    """15.1 "friendly bombing": each aircraft that lost its target risks the hexes next to it holding its
    own side's units, by the 9.5 procedure, its DF read on the Bombardment Table (``bombard.py``)."""
    from hexmate.rules.games.pg import bombard as pg_bombard

    nation = next((s.nationality for s in position.scenario.sides if s.id == side), "")
    out = []
    for uid in lost:
        df = pu.value(position.units[uid], "df")
        for n in pg_bombard.ff_hexes(position, (), h, side):
            out.append(Decision(
                "roll", side,
                T("{unit} lost its target: friendly bombing? {hex} rolls 2d6 (+1 accurate artillery): 2-5 is "
                  "hit", unit=uid, hex=position.label(n)),
                "15.1, 9.52", "ff_check", dice="2d6", subject=(uid,), target=n,
                args=(("nation", nation), ("spots", ""), ("offboard", str(df)), ("air", "1"))))
    return out


def draws(position: Position, side: str, turn: int) -> int | None:
    """15.1: how many aircraft ``side`` draws from its cup on ``turn`` (None: the scenario has no cup)."""
    raw = position.scenario.options.get("air", {})
    plan = raw.get(side) if isinstance(raw, dict) else None
    if plan is None:
        return None
    table = plan.get("draw") if isinstance(plan, dict) else None
    if not isinstance(table, dict):
        raise DataError(f"{position.scenario.source}: options.air.{side}.draw: turn -> aircraft drawn (15.1)")
    count = table.get(str(turn), 0)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise DataError(f"{position.scenario.source}: options.air.{side}.draw.{turn}: a whole number (15.1)")
    return count


def cup_draws(position: Position) -> list[Decision]:
    """15.1: at the start of the Action Phase each side with a cup draws this turn's aircraft from it."""
    out = []
    for side in position.sides:
        count = draws(position, side, position.turn)
        if not count:
            continue
        cup = tuple(sorted(u.id for u in position.units.values() if u.side == side and is_aircraft(u)))
        if not cup:
            continue
        out.append(Decision(
            "units", side,
            T("{side} draws {count} aircraft from the cup: name the counters drawn", side=side,
              count=min(count, len(cup))),
            "15.1", "air_draw", units=cup, count=min(count, len(cup))))
    return out


def resume_draw(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    picked = tuple(answer.units)
    if len(picked) != decision.count or len(set(picked)) != len(picked) or not set(picked) <= set(
            decision.units):
        raise IllegalAction(T("name {count} of the aircraft in the cup: {units}", count=decision.count,
                              units=", ".join(decision.units)), "15.1")
    gs = game.gstate(position.state)
    state = position.state.replace(game=gs.replace(air_drawn=tuple(sorted((*gs.air_drawn, *picked)))))
    tosses = [Decision("confirm", decision.side,
                       T("toss {unit} like a coin: which face is up this turn?", unit=uid), "15.1",
                       "air_face", choices=("front", "back"), subject=(uid,))
              for uid in sorted(picked) if any(k.startswith("back_") for k in position.units[uid].values)]
    return state.push(*tosses) if tosses else state


def resume_face(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """15.1: the counter tossed shows the aircraft it is this turn (``back_*`` values on its other face)."""
    unit = position.units[decision.subject[0]]
    face = unit.mark(pu.BACK) if answer.choice == "back" else unit.mark(remove=(pu.BACK,))
    return position.state.with_unit(face)


def resume_dft(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The attackers' DF summed on the DFT, +2 for an air attack and one column down for enemy AA near."""
    from hexmate.rules.games.pg import fire as pg_fire

    assert decision.target is not None and answer.dice is not None
    side = decision.side
    extra: list[tuple[T, int, str]] = [(T("air attack (as at an adjacent hex)"), 2, "15.1")]
    if aa_within(position, side, decision.target):
        extra.append((T("enemy AA within 3 hexes"), -1, "15.1"))
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    resolution = pg_fire.resolve(game, position, fire, tuple(extra))
    state = position.state.replace(resolution=resolution)
    vehicles = any(u.side != side and pu.is_vehicle(u) for u in position.units_at(decision.target))
    at_dice = _at_dice(position, side, decision.subject, decision.target)
    at_dice = at_dice if vehicles and not either(position) else []  # 15.1's reading: DF only, here
    after = pg_fire.apply_results(game, position.at(state), dict(resolution.results), "air")  # as DF, 15.1
    from hexmate.rules.games.pg import supply as pg_supply

    return pg_supply.under(position.state, after, at_dice)  # 11.4: once the direct fire is resolved


def _chunks(n: int) -> list[int]:
    """The AT dice in rolls of at most three (the game's largest roll is 3d6)."""
    return [min(3, n - i) for i in range(0, max(0, n), 3)]


def resume_at(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """11.4: each 6 is a step lost by a vehicle in the hex; for each, one die says who picks the vehicle."""
    assert decision.target is not None
    sixes = sum(1 for d in answer.dice or () if d == 6)
    vehicles = [u for u in position.units_at(decision.target) if u.side != decision.side and pu.is_vehicle(u)]
    text = T("{sixes} six(es): {sixes} vehicle step(s) lost", sixes=sixes)
    state = position.state.replace(resolution=Resolution(
        act.Answer(dice=tuple(answer.dice or ())), "air_at", T("aircraft AT fire"), False,
        (Line(T("aircraft AT fire"), text, "11.4"),), {}, text))
    if not sixes or not vehicles:
        return state
    who = [Decision("roll", decision.side,
                    T("{unit}'s hit on a vehicle in {hex}: roll one die, 1-3 its owner picks the vehicle, "
                      "4-6 you do", unit=decision.subject[0], hex=position.label(decision.target)),
                    "11.4", "air_at_who", dice="1d6", subject=decision.subject, target=decision.target)
           for _ in range(sixes)]
    return state.push(*who)


def resume_at_who(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    die = sum(answer.dice or ())
    vehicles = tuple(sorted(u.id for u in position.units_at(decision.target)
                            if u.side != decision.side and pu.is_vehicle(u)))
    if not vehicles:
        return position.state
    owner = position.units[vehicles[0]].side
    chooser = owner if die <= 3 else decision.side
    return position.state.push(Decision(
        "units", chooser, T("{side} picks the vehicle in {hex} that loses a step", side=chooser,
                            hex=position.label(decision.target)),
        "11.4", "air_at_step", units=vehicles, subject=decision.subject, target=decision.target))


def resume_at_step(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    picked = tuple(answer.units)
    if len(picked) != 1 or picked[0] not in decision.units:
        raise IllegalAction(T("name one of: {units}", units=", ".join(decision.units)), "11.4")
    return lose_step(position.state, position.units[picked[0]])


__all__ = ["aa_within", "check", "cup_draws", "declare", "draws", "either", "is_aircraft", "is_strike",
           "resume_abort", "resume_at", "resume_dft", "resume_draw", "resume_mode"]
