"""PG bombardment (9.0-9.53): artillery and mortars fire at a hex holding an enemy spotted by a firer or by a
friendly normal leader who is not demoralized (9.1: he need not be activated; a leader in an assault hex spots
only that hex; tank leaders never spot for artillery). The strengths add up (9.3) on the Bombardment Table,
2d6, every unit in the hex affected (9.4). Then each adjacent hex holding friendly units (not the firer's own,
9.5) risks friendly fire: its owner rolls 2d6, +1 when the firing artillery is German, British or American,
+1 when the firer spots the target itself; 2-5 hits that hex, resolved as a bombardment with -1 if the firer
spots the target (9.52). The target is always attacked normally (9.53). Off-board artillery (9.2) combines up
to three values, never with on-board units (7.33): ``offboard_splits`` lists the ways.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import caves as pg_caves
from hexmate.rules.games.pg import cover as pg_cover
from hexmate.rules.games.pg import drumfire as pg_drum
from hexmate.rules.games.pg import mines as pg_mines
from hexmate.rules.games.pg import searching as pg_search
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

ACCURATE = frozenset({"german", "british", "american"})  # 9.52: +1 to the friendly-fire roll


def spotter(game: PgGame, position: Position, shooters: list[UnitState], h: Hex) -> str | None:
    """9.1: who spots an enemy in ``h`` for this bombardment (a firer, else a friendly normal leader)."""
    side = shooters[0].side
    enemies = [u for u in position.units_at(h) if u.side != side]
    for unit in shooters:
        if any(pg_spot.sees_unit(game, position, unit, e) for e in enemies):
            return unit.id
    for ldr in sorted(position.units.values(), key=lambda u: u.id):
        if ldr.side != side or not pu.is_leader(ldr) or pu.leader_kind(ldr) != "normal" or ldr.hex is None:
            continue
        if ldr.has("demoralized"):
            continue
        if any(u.side != side for u in position.units_at(ldr.hex)) and ldr.hex != h:
            continue  # 9.1: in an assault hex he spots only that hex
        if any(pg_spot.sees_unit(game, position, ldr, e) for e in enemies):
            return ldr.id
    return None


def check(game: PgGame, position: Position, shooters: list[UnitState], h: Hex, opp: bool) -> None:
    if opp and not all(mortar_may_opportunity_fire(u) for u in shooters):
        raise IllegalAction(T("only mortars with an MA, not limbered, fire opportunity bombardment"), "13.2")
    for unit in shooters:
        assert unit.hex is not None
        d = distance(unit.hex, h)
        if d > pu.value(unit, "bombard_range"):
            raise IllegalAction(
                T(
                    "{unit} has range {range}, the target is {distance} away",
                    unit=unit.id,
                    range=pu.value(unit, "bombard_range"),
                    distance=d,
                ),
                "7.32",
            )
        if unit.has("limbered"):
            raise IllegalAction(T("{unit} is limbered: it unlimbers before it fires", unit=unit.id), "5.62")
    if spotter(game, position, shooters, h) is None and not (not opp and (
            pg_search.planned(position, shooters, h) or pg_search.searching(game, position, shooters, h))):
        raise IllegalAction(
            T("{hex}: no firer and no friendly normal leader spots it", hex=position.label(h)), "9.1"
        )
    if opp:
        from hexmate.rules.games.pg import fire as pg_fire

        if not all(
            any(pg_spot.sees_unit(game, position, u, m) for m in pg_fire.movers(position)) for u in shooters
        ):
            raise IllegalAction(
                T("an opportunity bombardment needs the mover spotted by the mortar itself"), "13.2"
            )


def mortar_may_opportunity_fire(unit: UnitState) -> bool:
    """13.2: mortars with an MA (not towed) are the only artillery that fire at movers."""
    return pu.branch(unit) == "MTR" and pu.value(unit, "ma") > 0 and not unit.has("limbered")


def roll(side: str, firers: tuple[str, ...], h: Hex, position: Position, ff: str = "", offboard: str = "",
         air: str = "", half: str = "", drum: str = "", planned: str = "") -> Decision:
    """The bombardment roll; ``offboard`` carries the off-board values a leader called (9.2, 9.3), or an
    aircraft's DF when it bombs its own side having lost its target (``air``, 15.1)."""
    if drum:  # optional drumfire (17.0): the units entering the hex are bombarded
        prompt = T("drumfire in {hex}: roll 2d6 for the units entering it (17.0)", hex=position.label(h))
        return Decision("roll", side, prompt, "17.0", "bombard", dice="2d6", subject=firers, target=h,
                        args=(("ff", ""), ("offboard", offboard), ("drum", drum)))
    if air:
        prompt = T("{units} bomb their own side in {hex} (DF {values} on the Bombardment Table): roll 2d6",
                   units=", ".join(firers), hex=position.label(h), values=offboard)
        return Decision("roll", side, prompt,
                        "15.1, 9.52", "bombard", dice="2d6", subject=firers, target=h,
                        args=(("ff", ff), ("offboard", offboard), ("air", air)))
    if offboard:
        prompt = T("off-board artillery ({values}) called by {units} bombards {hex}: roll 2d6",
                   values=offboard, units=", ".join(firers), hex=position.label(h))
        if ff:
            prompt = T("off-board artillery ({values}) bombards {hex} (friendly fire on {hex}): roll 2d6",
                       values=offboard, hex=position.label(h))
        return Decision("roll", side, prompt, "9.2, 9.4", "bombard", dice="2d6", subject=firers, target=h,
                        args=(("ff", ff), ("offboard", offboard), ("planned", planned)))
    return Decision(
        "roll",
        side,
        T(
            "{units} bombard {hex} (friendly fire on {hex}): roll 2d6",
            units=", ".join(firers),
            hex=position.label(h),
        )
        if ff
        else T("{units} bombard {hex}: roll 2d6", units=", ".join(firers), hex=position.label(h)),
        "9.4",
        "bombard",
        dice="2d6",
        subject=firers,
        target=h,
        args=(("ff", ff), ("half", half)) if half else (("ff", ff),),  # half: searching fire (17.0)
    )


def resolve(
    game: PgGame,
    position: Position,
    firers: tuple[str, ...],
    h: Hex,
    dice: tuple[int, ...],
    victims: list[UnitState],
    extra: list[tuple[T, int, str]],
    offboard: tuple[int, ...] = (),
    air: bool = False,
    half: bool = False,
    crowd: list[UnitState] | None = None,
) -> Resolution:
    """9.4: the strengths summed, the column at or below, the shifts (4.4, 7.5, night), one 2d6 roll;
    ``offboard``: off-board values instead of the firers' own (9.2, 9.3)."""
    from hexmate.rules.games.pg import fire as pg_fire

    units = [position.units[u] for u in firers if u in position.units]
    if offboard:
        total = sum(offboard)
        lines = [Line(T("aircraft bombing its own side") if air else T("off-board artillery"),
                      T("{values} = {total}", values=" + ".join(map(str, offboard)), total=total),
                      "15.1" if air else "9.2, 9.3")]
    else:
        total, lines = pg_fire.fire_strength(units, "bombard")
        if half:  # optional searching fire (17.0): a 3-5 bombards at half strength, rounded up (1.2)
            total = math.ceil(total / 2)
            lines.append(Line(T("searching fire"), T("half strength, rounded up = {total}", total=total),
                              "17.0"))
    chart = position.charts.chart("bombardment")
    axis = chart.axis("strength")
    shifts = list(extra)
    if sum(1 for u in (victims if crowd is None else crowd) if pu.counts_for_stack(u)) >= 3:
        shifts.append((T("three combat units in the hex"), 1, "4.4"))
    terrain = int(game.terrain_table().fire_shift(position.map, h))
    if terrain:
        shifts.append((T("target terrain ({terrain})", terrain=position.map.terrain(h)), terrain, "7.5"))
    mined = pg_mines.shift(game, position, h, "bombardment")  # 16.6: a target in a minefield hex
    if mined is not None:
        shifts.append(mined)
    if game.night(position):
        shifts.append((T("night"), -1, "1.2"))
    if units and game.supply_level(position, units[0].side):
        shifts.append((T("supply shortage"), -1, "3.0 B"))  # optional fog of war: bombardment -1 column
    net = sum(v for _, v, _ in shifts)
    for label, v, rule in shifts:
        lines.append(Line(label, f"{v:+d}", rule))
    r = PG_2D6.from_values(dice).total
    col = axis.locate(total)
    results: dict[str, str] = {}
    if col is None:
        results = {u.id: "-" for u in victims}
        lines.append(Line(T("Bombardment"), T("{total} is below the lowest column", total=total), "7.51"))
    else:
        for unit in victims:  # 16.1, 16.2, 16.4: units in foxholes or an entrenchment on their own column
            own = pg_cover.shift(position, unit, "bombardment")
            c = max(0, min(len(axis) - 1, col + net + (own[1] if own else 0)))  # 7.51: the table's edges
            results[unit.id] = str(chart.lookup(strength=axis.key_at(c), roll=r))
            if own is not None:
                lines.append(Line(own[0], f"{own[1]:+d}", own[2]))
                lines.append(Line(T("Bombardment {unit}", unit=unit.id),
                                  T("{total} -> column {column} (its own column, 7.52), roll {roll} -> "
                                    "{result}", total=total, column=axis.key_at(c), roll=r,
                                    result=results[unit.id]), "9.4"))
        c = max(0, min(len(axis) - 1, col + net))
        if not victims or any(pg_cover.shift(position, u, "bombardment") is None for u in victims):
            lines.append(Line(T("Bombardment"), T("{total} -> column {column}, roll {roll} -> {result}",
                                                  total=total, column=axis.key_at(c), roll=r,
                                                  result=str(chart.lookup(strength=axis.key_at(c), roll=r))),
                              "9.4"))
    result = max(results.values(), key=pg_fire._severity, default="-")
    return Resolution(
        act.Fire(firers, h, dice),
        "bombardment",
        position.charts.label,
        position.charts.demo,
        tuple(lines),
        results,
        T("bombardment of {hex}: {result}", hex=position.label(h), result=result),
    )


def friendly_fire(roll_total: int, nationality: str, firer_spots: bool, planned: bool = False) -> bool:
    """9.52: 2d6 (+1 German, British or American artillery, +1 if the firer spots the target, +1 at an
    optional pre-planned hex, 17.0) of 2-5 hits."""
    total = roll_total + (1 if nationality in ACCURATE else 0) + (1 if firer_spots else 0) + int(planned)
    return total <= 5


def ff_hexes(position: Position, firers: tuple[str, ...], h: Hex, side: str = "") -> list[Hex]:
    """9.5, 9.52: adjacent hexes holding friendly units, never the firer's own hex."""
    side = side or position.units[firers[0]].side
    own = {position.units[u].hex for u in firers if u in position.units}
    out = []
    for n in position.map.neighbors(h):
        if n not in own and any(u.side == side for u in position.units_at(n)):
            out.append(n)
    return sorted(out, key=lambda x: (x.q, x.r))


def resume_roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.pg import fire as pg_fire

    assert decision.target is not None
    state = position.state
    side = decision.side
    firers = decision.subject
    h = decision.target
    ff = decision.arg("ff")
    offboard = decision.arg("offboard")
    drum = bool(decision.arg("drum"))
    crowd = None
    if drum:  # optional drumfire (17.0): only the movers entering; those already there count for 4.4
        moving = position.state.moving
        victims = [position.units[u] for u in (moving.units if moving else ()) if u in position.units
                   and position.units[u].hex == h]
        crowd = [u for u in position.units_at(h) if victims and u.side == victims[0].side]
        extra: list[tuple[T, int, str]] = []
    elif ff:  # 9.52: only the friendly units of the hex are attacked, with -1 when the firer spots the target
        victims = pg_caves.exposed([u for u in position.units_at(h) if u.side == side])  # 16.7, 9.51
        extra = [(T("friendly fire, the firer spots the target"), -1, "9.52")] if ff == "spots" else []
    else:
        victims = pg_caves.exposed([u for u in position.units_at(h) if u.side != side])  # 16.7
        extra = []
    strength = tuple(int(v) for v in offboard.split(",") if v)
    resolution = resolve(game, position, firers, h, tuple(answer.dice or ()), victims, extra, strength,
                         air=bool(decision.arg("air")), half=bool(decision.arg("half")), crowd=crowd)
    state = state.replace(resolution=resolution)
    after = pg_fire.apply_results(game, position.at(state), dict(resolution.results), "df")
    if ff or drum:
        return after
    if not decision.arg("air"):  # optional drumfire (17.0): the same hex again next turn
        after = pg_drum.record(game, position, after, firers, side, h, offboard)
    if any(u.side == side and u.type != "leader" for u in position.units_at(h)):
        # 9.51, 12.5: an assault hex bombarded: the firer's own units there are attacked too, by a second
        # roll with their own column shifts
        again = roll(side, firers, h, position, ff="assault", offboard=offboard)
        after = after.push(dataclasses.replace(again, rule="9.51", prompt=T(
            "{hex} is an assault hex: roll 2d6 again for the bombardment of your own units there (9.51)",
            hex=position.label(h))))
    shooters = [position.units[u] for u in firers if u in position.units]
    # 9.52: the firing unit itself spots the target (never an off-board battery)
    spots = not offboard and any(pg_spot.sees_unit(game, position, u, e) for u in shooters for e in victims)
    nation = next((s.nationality for s in position.scenario.sides if s.id == side), "")
    risks = [
        Decision(
            "roll",
            position.units_at(n)[0].side,
            T(
                "friendly fire? {hex} rolls 2d6 (+1 accurate artillery, +1 spotted by the firer): 2-5 is hit",
                hex=position.label(n),
            ),
            "9.52",
            "ff_check",
            dice="2d6",
            subject=firers,
            target=n,
            args=(("nation", nation), ("spots", "1" if spots else ""), ("offboard", offboard),
                  ("planned", "1" if decision.arg("planned") or (not offboard and pg_search.planned(
                      position, shooters, h)) else "")),
        )
        for n in ff_hexes(position, () if offboard else firers, h, side)
    ]
    return after.push(*risks) if risks else after


def resume_ff_check(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    spots = decision.arg("spots") == "1"
    if not friendly_fire(PG_2D6.from_values(answer.dice or ()).total, decision.arg("nation"), spots,
                         decision.arg("planned") == "1"):
        return position.state
    side = (
        position.units[decision.subject[0]].side if decision.subject[0] in position.units else decision.side
    )
    return position.state.push(
        roll(side, decision.subject, decision.target, position, "spots" if spots else "yes",
             decision.arg("offboard"), decision.arg("air"))
    )


def offboard_splits(values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """9.3, 7.33: off-board values fired in one segment combine up to three per attack; every way to split
    them into attacks (the T25 example: three 20s make 60, 40 + 20, or 20 + 20 + 20)."""
    if len(values) > 3:
        raise IllegalAction(T("at most three off-board values combine in one segment"), "7.33")
    out: set[tuple[int, ...]] = set()
    idx = list(range(len(values)))

    def parts(items: list[int]) -> list[list[list[int]]]:
        if not items:
            return [[]]
        first, rest = items[0], items[1:]
        found = []
        for size in range(len(rest) + 1):
            for combo in itertools.combinations(rest, size):
                left = [x for x in rest if x not in combo]
                for tail in parts(left):
                    found.append([[first, *combo], *tail])
        return found

    for split in parts(idx):
        out.add(tuple(sorted((sum(values[i] for i in group) for group in split), reverse=True)))
    return sorted(out, key=lambda t: (len(t), t))


__all__ = ["friendly_fire", "offboard_splits", "resolve", "spotter"]
