"""ASL A13.62: the Cavalry Wave, a Human Wave (A25.23-A25.235, hw.py) made by cavalry, with the text's
exceptions. Declared with ``activate UNITS for cavalry-wave`` in the phasing player's MPh; the row and the
impulses are then hw.py's.

What differs from a Human Wave, paraphrasing A13.62:

- any nationality may make one;
- its units are all cavalry (no infantry with them), a squad-equivalent of cavalry at least in each hex of
  the chain (squad 1, HS or crew 1/2, A5.5), a leader among them and on average one MMC or more a hex;
- none of them within 3 hexes of an enemy unit, and one at least within 16 MF (the cavalry's gallop costs,
  cavalry.py) of an enemy unit in its LOS (the target, A25.231);
- all gallop at once (20 MF, A13.36: CX on the horses; not with a CX rider or horse, nor from marsh or
  water);
- no morale +1; Lax all the same for the Player Turn (A25.23, A11.18: the ``cw_turn`` marker, cc.py's
  ambush drm);
- entering an enemy Location is a Charge (A13.6: 3 MF more, the TPBF attack once the Defensive First Fire is
  over, cavalry.after_charge), and the unit need not stop there (hw.close_impulse).

- one unit at least must Charge in the MPh (``check_charge_due``): while none of the wave has charged, a
  wave move that is no Charge is refused when it throws away the last chance the wave surely has: the mover
  could charge in this impulse, no unit still to move in it could, and the impulse leaves the wave's 20 MF
  short of the cheapest further Charge (1 MF of Open Ground + 3, A13.6). Before that the choice is the
  player's, as the text gives no moment for the Charge.
- the declaration is offered on the page (``generate``): each contiguous group of the phasing side's Good
  Order cavalry free to move that meets A13.62, as hw.generate offers a Human Wave (hw.groups).

Not built: E1.423 (chapter E).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cavalry, hw
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import Cost, reachable
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "cavalry-wave"
TURN = "cw_turn"  # in a Cavalry Wave this Player Turn: Lax (A25.23), no morale +1 (A13.62)
REACH_MF = 16  # A13.62
CLEAR_HEXES = 3  # A13.62: no chain unit within 3 hexes of an enemy unit
CHEAPEST_CHARGE = 1 + cavalry.CHARGE_MF  # A13.6: Open Ground's 1 MF (its example) and the Charge's 3
SE = {"squad": Fraction(1), "hs": Fraction(1, 2), "crew": Fraction(1, 2)}  # A5.5


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == MODE


def _within_mf(position: Position, unit: UnitState, target: Hex) -> bool:
    """A13.62: the target is within 16 MF of the unit at the gallop's costs, its Location entered as a
    Charge (3 MF more, A13.6)."""
    if unit.hex is None:
        return False
    gallop = cavalry.cost_fn(position, True)

    def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
        step = gallop(position.map, a, b)
        return None if step is None else step + (cavalry.CHARGE_MF if b == target else 0)

    return target in reachable(position.map, unit.hex, REACH_MF, cost)


def targets(position: Position, units: Sequence[UnitState]) -> tuple[Hex, ...]:
    """A13.62 for A25.23/A25.231: the hexes of the Known armed enemy units in LOS of a cavalry unit of the
    wave and within 16 MF of it, the nearest (in hexes) first."""
    side = units[0].side
    from hexmate.rules.games.asl.berserk import known_enemy

    best: dict[Hex, int] = {}
    for enemy in position.units.values():
        if enemy.hex is None or not known_enemy(enemy, side) or au.is_unarmed(enemy):
            continue
        for u in units:
            if u.hex is None or asl_terrain.line_of_sight(position, u.hex, enemy.hex).blocked:
                continue
            if _within_mf(position, u, enemy.hex):
                r = distance(u.hex, enemy.hex)
                best[enemy.hex] = min(best.get(enemy.hex, r), r)
    if not best:
        return ()
    near = min(best.values())
    return tuple(sorted((h for h, r in best.items() if r == near), key=lambda h: (h.q, h.r)))


def check(game: AslGame, position: Position, action: act.Activate) -> act.Activate:
    """A13.62 (A25.23): the prerequisites of a Cavalry Wave declaration."""
    if position.phase.id != "MPh" or position.state.moving is not None:
        raise IllegalAction(T("a Cavalry Wave is declared in the phasing player's MPh"), "A13.62")
    if hw.wave_of(game, position.state) is not None:
        raise IllegalAction(T("a Human Wave is already under way"), "A25.23")
    units = [position.units[u] for u in action.units if u in position.units]
    if len(units) != len(action.units) or not units:
        raise IllegalAction(T("name the units of the Cavalry Wave"), "A13.62")
    side = position.phasing
    enemies = [e.hex for e in position.units.values() if e.side != side and e.hex is not None
               and e.type != au.SW]
    for u in units:
        if u.side != side or u.hex is None or game.can_move(position, u) is not None \
                or u.id in position.state.moved:
            raise IllegalAction(T("{unit} may not join a Cavalry Wave: not a Good Order unit of the phasing "
                                  "side free to move and not yet moved", unit=u.id), "A13.62")
        if not cavalry.mounted(u):
            raise IllegalAction(T("{unit} is not cavalry: no infantry in a Cavalry Wave (A13.62)", unit=u.id),
                                "A13.62")
        if any(distance(u.hex, e) <= CLEAR_HEXES for e in enemies):
            raise IllegalAction(T("{unit} is within 3 hexes of an enemy unit: no Cavalry Wave (A13.62)",
                                  unit=u.id), "A13.62")
        cavalry.check_mode(position, [u], cavalry.GALLOP)  # A13.62, A13.36: all of them gallop at once
    hexes = {u.hex for u in units if u.hex is not None}
    mmc = [u for u in units if u.type in hw.MMC]
    if len(hexes) < 3 or not hw.chains(hexes):  # A25.23's chain
        raise IllegalAction(T("a Cavalry Wave needs a chain of at least 3 contiguous hexes (A25.23)"),
                            "A25.23")
    short = [h for h in hexes if sum(SE.get(u.type, Fraction(0)) for u in units if u.hex == h) < 1]
    if short or len(mmc) < len(hexes):
        raise IllegalAction(T("a Cavalry Wave needs a squad-equivalent of cavalry in each hex of its chain "
                              "and on average an MMC or more a hex: {n} MMC in {k} hexes (A13.62)",
                              n=len(mmc), k=len(hexes)), "A13.62")
    if not any(u.type == "leader" for u in units):
        raise IllegalAction(T("a Cavalry Wave needs a leader (A13.62)"), "A13.62")
    if not targets(position, units):
        raise IllegalAction(T("no unit of the Cavalry Wave is within 16 MF of an enemy unit in its LOS "
                              "(A13.62)"), "A13.62")
    return action


def apply(game: AslGame, position: Position, action: act.Activate) -> State:
    """The declaration: the units join the wave (revealed, A25.23) without its morale +1 but Lax for the
    Player Turn (``TURN``), all gallop (CX on the horses, A13.36), and the row is asked for (A25.231,
    hw.resume_row)."""
    state = position.state
    for uid in action.units:
        unit = state.units[uid]
        state = state.with_unit(unit.mark(hw.MARKER, TURN).revealed())
        horse = cavalry.horse_of(state, unit)
        if horse is not None:
            state = state.with_unit(horse.mark(cavalry.GALLOPING, "cx", cavalry.USED))
    units = [state.units[u] for u in action.units]
    options = tuple(sorted(hw.choices(position.at(state), units)))
    return state.push(Decision("confirm", position.phasing,
                               T("Cavalry Wave: pick its row through the target, nearest to its units"),
                               "A25.231", "hw_row", choices=options, subject=tuple(action.units)))


def charges(position: Position, units: Sequence[UnitState], path: Sequence[Hex]) -> bool:
    """A13.62: a wave's cavalry entering a Location of Known enemy units charges it (A13.6)."""
    side = units[0].side if units else ""
    return hw.in_wave(units) and cavalry.group_mounted(units) and any(
        u.side != side and u.type != au.SW and not u.concealed for u in position.units_at(path[-1]))


def _charged(position: Position, side: str) -> bool:
    """Has a unit of this MPh's Cavalry Wave made a Charge (its ``CHARGING`` marker, A13.6)?"""
    return any(u.side == side and u.has(TURN) and u.has(cavalry.CHARGING) for u in position.units.values())


def check_charge_due(game: AslGame, position: Position, wave: hw.Wave, units: Sequence[UnitState], to: Hex,
                     cost: Cost) -> None:
    """A13.62: one unit at least of the wave must Charge in the MPh. A move into no enemy Location is
    refused while none has charged if it is the wave's last sure chance: the movers could charge in this
    impulse, no other unit still to move in it could, and after it the wave's MF left are fewer than the
    cheapest Charge costs (1 MF of Open Ground, the A13.6 example's, + 3)."""
    side = units[0].side
    if not cavalry.group_mounted(units) or _charged(position, side):
        return
    enemy = {u.hex for u in position.units.values() if u.hex is not None and hw._known_armed_enemy(u, side)}
    if to in enemy:
        return
    acted = dict(wave.acted)

    def can_charge(unit: UnitState) -> bool:
        return any(h in enemy for h in hw.step_options(game, position, wave, unit))

    if not any(can_charge(u) for u in units):
        return
    movers = {u.id for u in units}
    if any(can_charge(u) for u in hw.units_now(position, wave) if u.id not in acted and u.id not in movers):
        return
    spent = wave.spent + max([cost, *acted.values()])
    if cavalry.GALLOP_START_MF - spent >= CHEAPEST_CHARGE:
        return
    raise IllegalAction(T("no unit of the Cavalry Wave has charged yet and no later impulse leaves the MF "
                          "for a Charge: {units} must charge now (A13.62)", units=", ".join(sorted(movers))),
                        "A13.62")


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    """The declaration offered on the page: each contiguous group of the phasing side's cavalry free to move
    and not yet moved that meets A13.62, as one Cavalry Wave (hw.groups, as a Human Wave's)."""
    if position.phase.id != "MPh" or position.state.moving is not None \
            or hw.wave_of(game, position.state) is not None:
        return
    eligible = [u for u in position.units.values() if u.side == position.phasing and u.hex is not None
                and cavalry.mounted(u) and game.can_move(position, u) is None
                and u.id not in position.state.moved]
    for group in hw.groups(position, eligible):
        action = act.Activate(group, MODE)
        try:
            check(game, position, action)
        except IllegalAction:
            continue
        yield action


__all__ = ["MODE", "TURN", "apply", "charges", "check", "check_charge_due", "claims", "generate", "targets"]
