"""ASL snipers (A14): activation, targets, the sniper attack's effects and the Sniper Check.

The audit of A14 against the original text, rule by rule (paraphrased; where and which test):

- A14.01 a sniper exists for a side whose OB gives a SAN of 2 or more; it is no unit and traces no LOS: a SAN
  below 2 gives no sniper (aftermath.side_number; test_sniper_check: a SAN of 2 eliminated).
- A14.1 SAN at most 7, never raised (``check``: a scenario's SAN above 7 is refused; night E1.76 and DYO
  G14.261 raises are chapters E, G). Below 2 the counter is gone for good (aftermath.side_number). An
  unmodified DR equal to the enemy's current SAN activates his sniper only in the PFPh, MPh, DFPh or AFPh, on
  an IFT attack (not OBA, To Hit, MC or TC) or an entrenching DR (``activation``, used by fire.py and
  setdc.py; test_sniper: the phases). Prisoners never fire, so never activate one. Not built: the bar on a DR
  made only for its SAN chance (the page cannot tell a player's reason; A6.11's forced DR is allowed). The
  attack comes after all of the activating DR's results (fire.py pushes it last). Entrenching is chapter B
  (B27): no DR here.
- A14.2 the sniper counter's placement before play and its relocation in place of an effective attack: the
  hexes it may stand in (``placement_hexes``: empty, with at least six enemy-occupied hexes within six,
  relaxed one at a time; anywhere with no enemy on the map; test_sniper: placement). The counter itself is
  placed before play at the table (not recorded); a relocation (the answer ``relocate`` instead of a target)
  offers the hexes placement allows and records the one chosen (``relocate``, ``sniper_hex``; test_sniper:
  relocate). Its Random Location DR is C1.31's (chapter C), so the hex it lands in is read off the board: not
  computed here. In that Location the sniper's owner names the unit Random Selection picked (ties: one now,
  the others each a new sniper dr, rolled at the table) (aftermath.resume_sniper); the units offered are
  A14.22's targets only (``targetable``); he may instead aim at the enemy sniper (the answer ``sniper``, when
  the enemy has one). Concealed stacks as one target (A14.23): the owner of the stack names the real target at
  the table; a dummy stack hit is eliminated (``dummies_hit``).
- A14.21 no target in the hex landed in: the nearest hexes holding a target or the enemy sniper, ties to the
  lowest TEM (``secondary_hexes``; the hex's TEM, Smoke not counted; test_sniper: secondary). HA and factory
  exceptions are chapter B's terrain.
- A14.22 not targets: an AFV without an exposed crew, units underground or in what the text calls a complete
  building Location (chapter B terms; neither is on these maps), prisoners, HIP units (not on the map here),
  friendly units, aircraft; a crew is exposed when CE or in a partially armored AFV or an unarmored vehicle;
  an unarmored vehicle without crew at the sniper's choice (``targetable``; test_sniper: targets).
- A14.3 the sniper dr is never modified; no collateral, no Residual FP; every broken enemy unit of the
  Location struck is DM (aftermath.resume_sniper_target). dr 1: SMC eliminated, dummy stack eliminated, the
  enemy sniper eliminated, a CE crew of a fully armored AFV Recalled (vcrewhit.sniped), an MMC broken (a
  broken one Casualty Reduced), the crew of a partially armored AFV or an unarmored vehicle broken, an
  unarmored vehicle itself Immobilized; dr 2: dummy stack eliminated, SMC wounded, a CE crew stunned, a
  pinnable MMC, such a crew, or the enemy sniper pinned (morale.sniper_effect, ``vehicle_hit``,
  ``hit_sniper``, ``dummies_hit``; test_sniper, test_vcrewhit). A sniper attack is over only after
  the further attacks it caused: they are pushed as decisions and resolved first.
- A14.31 the enemy sniper is attacked only by a Sniper Check or by aiming at it; a pinned sniper makes no
  attack for the rest of the Player Turn (``activation``; the pin is lifted at the Player Turn's end,
  game.py's CCPh end; test_sniper: pinned).
- A14.32 a sniper attack in a Melee hits the enemy unit named only (built: nothing else is attacked).
- A14.33 the unarmored vehicle and its crew are never hit by one dr: the owner answers ``vehicle`` to aim at
  the vehicle itself (Immobilized on a 1 only; already Immobilized: nothing) (``vehicle_hit``).
- A14.4 the Sniper Check, below (test_sniper_check).

The Sniper Check at the table (A14.4): after a sniper attack that had an effect (a sniper dr of 1 or 2),
the units of the Location it struck may try to eliminate the sniper.

Who may: the Good Order, armed, unpinned infantry of the struck side in that Location that have neither fired
nor moved this Player Turn (no fire counter; not moved this phase nor in this Player Turn's MPh, nor fired
in its MPh or DFPh: ``turn_acted``, built now; test_sniper_check). They check together with one DR (its
owner answers ``check``, or ``none``), its DRM morale.py's (leadership unless the leader is alone, -1 a hero,
-1 a HS-equivalent). A final DR of 2 or less eliminates the enemy sniper: his side's SAN drops by one for the
rest of the scenario, and at 1 he has no sniper left (A14.4, A14.1); a 3 pins him (recorded and shown).
The checking units become TI (A4.8): no move or fire for the rest of the Player Turn; gone at the CCPh's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

FIRED = ("prep_fire", "first_fire", "final_fire", "advancing_fire")


def checkers(position: Position, h: Hex, side: str) -> list[UnitState]:
    return sorted(
        (u for u in position.units_at(h)
         if u.side == side and u.type in (*au.MMC, *au.SMC) and au.good_order(u) and not u.has("pinned")
         and not au.is_unarmed(u) and not u.has("ti")
         and not any(u.has(m) for m in FIRED) and u.id not in position.state.moved
         and u.id not in getattr(position.state.game, "turn_acted", ())),
        key=lambda u: u.id)


def offer(position: Position, state: State, h: Hex | None, struck_side: str, sniper_side: str) -> State:
    """After an effective sniper attack on Location h: the Sniper Check question, if any unit may make it."""
    if h is None:
        return state
    units = checkers(position.at(state), h, struck_side)
    if not units:
        return state
    ids = tuple(u.id for u in units)
    return state.push(Decision(
        "confirm", struck_side,
        T("Sniper Check by {units} against {side}'s sniper: check, or none", units=", ".join(ids),
          side=sniper_side),
        "A14.4", "sniper_check_ask", choices=("check", "none"), subject=ids, target=h,
        args=(("sniper", sniper_side),)))


def resume_ask(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    if answer.choice != "check":
        return position.state
    return position.state.push(Decision(
        "roll", decision.side, T("roll the Sniper Check DR"), "A14.4", "sniper_check", dice="DR",
        subject=decision.subject, target=decision.target, args=decision.args))


def resume_check(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A14.4: the check's final DR: 2 or less eliminates the sniper (SAN -1), 3 pins him."""
    state = position.state
    units = [state.units[u] for u in decision.subject if u in state.units]
    roll = ASL_DR.from_values(answer.dice or ())
    drm = am.sniper_check_drm(units)
    final = roll.total + drm
    got = am.sniper_check_result(final)
    sniper = decision.arg("sniper")
    gs = game.gstate(state)
    if got == "eliminated":
        state = state.replace(game=gs.replace(snipers_lost=(*gs.snipers_lost, sniper)))
        said = T("{side}'s sniper is eliminated: his SAN drops by one", side=sniper)
    elif got == "pinned":
        state = state.replace(game=gs.replace(snipers_pinned=(*gs.snipers_pinned, sniper)))
        said = T("{side}'s sniper is pinned", side=sniper)
    else:
        said = T("no effect")
    lines = (Line(T("Original DR"), str(roll.total), "A.1"),
             Line(T("Sniper Check DRM"), f"{drm:+d}", "A14.4"), Line(T("result"), said, "A14.4"))
    summary = T("Sniper Check: final DR {final}: {result}", final=final, result=said)
    for unit in units:  # A14.4: every unit that checked is TI (A4.8)
        state = state.with_unit(unit.mark("ti"))
    assert decision.target is not None
    return state.replace(resolution=Resolution(act.Fire(decision.subject, decision.target, answer.dice),
                                               "sniper_check", "", False, lines, {}, summary))


# --- A14.1: activation; A14.2, A14.21, A14.22: where and whom it strikes; A14.3, A14.33: vehicles ---

ACTIVE_PHASES = ("PFPh", "MPh", "DFPh", "AFPh")  # A14.1
MAX_SAN = 7  # A14.1
RANGE = 6  # A14.2: enemy-occupied hexes within six hexes
AIM_SNIPER = "sniper"  # A14.2, A14.31: the owner aims at the enemy sniper counter
AIM_VEHICLE = "vehicle"  # A14.33: at an unarmored vehicle itself, not its crew
RELOCATE = "relocate"  # A14.2: the effective dr given up to move the sniper counter


def check(options: dict[str, object], source: str) -> None:
    """A14.1: a SAN is at most 7 (it never rises here: E1.76 and G14.261 are chapters E and G)."""
    from hexmate.rules.errors import DataError

    table = options.get("san")
    if isinstance(table, dict):
        for side, san in table.items():
            if isinstance(san, int) and san > MAX_SAN:
                raise DataError(f"{source}: options.san.{side}: a SAN is at most {MAX_SAN} (A14.1)")


def activation(position: Position, original: int, enemy: str,
               kind: str = "ift") -> tuple[int | None, T | None]:
    """A14.1: the enemy's SAN when this unmodified DR activates his sniper, else None; with why not, when the
    DR equals his SAN but he cannot strike: outside the PFPh, MPh, DFPh and AFPh, or pinned (A14.31)."""
    from hexmate.rules.games.asl.aftermath import side_number

    san = side_number(position, "san", enemy)
    if san is None or not am.sniper_activates(original, san, kind):
        return None, None
    if position.phase.id not in ACTIVE_PHASES:
        return None, T("no sniper attack in the {phase} (A14.1)", phase=position.phase.id)
    if enemy in getattr(position.state.game, "snipers_pinned", ()):
        return None, T("{side}'s sniper is pinned: no attack this Player Turn (A14.31)", side=enemy)
    return san, None


def targetable(unit: UnitState, sniper_side: str) -> bool:
    """A14.22: an enemy unit on the map; not a SW, a prisoner, nor an AFV without an exposed crew (a CE crew,
    or one in a partially armored AFV); an unarmored vehicle is one, crewed or not (without a crew at the
    owner's choice, A14.33). Units underground, in fortified buildings (chapter B) or in the air are not on
    these maps; HIP units are not on the map until revealed."""
    if unit.side == sniper_side or unit.hex is None or unit.type == au.SW or unit.has("prisoner"):
        return False
    if unit.type != "vehicle":
        return True
    if unit.has("wreck"):
        return False
    from hexmate.rules.games.asl import vcrewhit
    from hexmate.rules.games.asl.armour import vtype

    vt = vtype(unit)
    if not vt.armored:
        return True
    return vcrewhit.has_crew(unit) and (bool(vt.rear_unarmored) or vcrewhit.is_ce(unit))


def bare_vehicle(unit: UnitState) -> bool:
    """A14.33: an unarmored vehicle, which the sniper may attack itself rather than its crew."""
    from hexmate.rules.games.asl.armour import vtype

    return unit.type == "vehicle" and not unit.has("wreck") and not vtype(unit).armored


def placement_hexes(position: Position, side: str) -> tuple[frozenset[Hex], int]:
    """A14.2: where ``side``'s sniper counter may be placed (before play, or moved instead of an attack): a
    hex with no unit in it having at least six hexes holding enemy units (a "?" counts) within six hexes; with
    none, five, and so on down; anywhere with no enemy unit on the map. Returns the hexes and that number."""
    occupied = {u.hex for u in position.units.values() if u.hex is not None}
    enemy = {u.hex for u in position.units.values() if u.hex is not None and u.side != side}
    if not enemy:
        return frozenset(position.map.hexes), 0
    from hexmate.rules.hexes import distance

    free = (h for h in position.map.hexes if h not in occupied)
    counts = {h: sum(1 for e in enemy if distance(h, e) <= RANGE) for h in free}
    for need in range(6, 0, -1):
        got = frozenset(h for h, n in counts.items() if n >= need)
        if got:
            return got, need
    return frozenset(counts), 0


def secondary_hexes(position: Position, landed: Hex, sniper_side: str, enemy_sniper: Hex | None = None
                    ) -> list[Hex]:
    """A14.21: with no target in the hex the Random Location DR gave, the nearest hexes holding a target (or
    the enemy sniper counter); of several as near, those of the lowest TEM (A14.21 compares the Location's
    TEM, 0 at least; Smoke is not counted here); the owner chooses among what is left."""
    from hexmate.rules.games.asl import terrain as asl_terrain
    from hexmate.rules.hexes import distance

    held = {u.hex for u in position.units.values() if u.hex is not None and targetable(u, sniper_side)}
    if enemy_sniper is not None:
        held.add(enemy_sniper)
    if not held:
        return []
    near = min(distance(landed, h) for h in held)
    ring = [h for h in held if distance(landed, h) == near]
    low = min(max(0, asl_terrain.tem(position, h)) for h in ring)
    return sorted((h for h in ring if max(0, asl_terrain.tem(position, h)) == low), key=lambda h: (h.q, h.r))


def vehicle_hit(position: Position, vehicle: UnitState, dr: int, *, itself: bool) -> State:
    """A14.3, A14.33: a sniper at a vehicle. A fully armored AFV: its CE crew (vcrewhit.sniped, D5.34,
    D5.341). A partially armored AFV's or unarmored vehicle's crew: broken on a 1, pinned on a 2. The
    unarmored vehicle itself (``itself``, or no crew to hit): Immobilized on a 1 only (again: no effect)."""
    from hexmate.rules.games.asl import vcrewhit
    from hexmate.rules.games.asl.armour import vtype

    vt = vtype(vehicle)
    if vt.armored and not vt.rear_unarmored:
        return vcrewhit.sniped(position, vehicle, dr)
    if not vt.armored and (itself or not vcrewhit.has_crew(vehicle)):
        if dr == 1 and not vehicle.has("immobilized"):
            return position.state.with_unit(vehicle.mark("immobilized"))
        return position.state
    if not vcrewhit.has_crew(vehicle):
        return position.state
    if dr == 1:
        return vcrewhit.crew_broken(position, vehicle)
    if dr == 2:
        return position.state.with_unit(vehicle.mark(vcrewhit.PINNED))
    return position.state


def hit_sniper(game: AslGame, state: State, enemy: str, dr: int) -> State:
    """A14.3, A14.31: aimed at the enemy sniper: a 1 eliminates it (his SAN one lower, A14.4), a 2 pins it."""
    gs = game.gstate(state)
    if dr == 1:
        return state.replace(game=gs.replace(snipers_lost=(*gs.snipers_lost, enemy)))
    if dr == 2 and enemy not in gs.snipers_pinned:
        return state.replace(game=gs.replace(snipers_pinned=(*gs.snipers_pinned, enemy)))
    return state


def dummies_hit(state: State, unit: UnitState) -> State:
    """A14.3: a dummy stack struck by a 1 or a 2 is eliminated: every dummy of its side in that Location."""
    for other in list(state.units.values()):
        if other.type == "dummy" and other.side == unit.side and other.hex == unit.hex \
                and other.level == unit.level:
            state = state.without_unit(other.id)
    return state


def relocate(position: Position, side: str) -> State:
    """A14.2: the owner gives up the effective sniper dr and moves his counter to a hex placement allows."""
    hexes, need = placement_hexes(position, side)
    return position.state.push(Decision(
        "hexes", side,
        T("move the sniper counter to a lit hex: no unit there, and {n} or more hexes of enemy units "
          "within six (A14.2)", n=need), "A14.2", "sniper_relocate",
        hexes=tuple(sorted(hexes, key=lambda h: (h.q, h.r)))))


def resume_relocate(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    gs = game.gstate(state)
    at = (*((s, h) for s, h in gs.sniper_at if s != decision.side), (decision.side, answer.hexes[0]))
    return state.replace(game=gs.replace(sniper_at=at))


def sniper_hex(position: Position, side: str) -> Hex | None:
    """Where ``side``'s sniper counter was last moved to (A14.2), if the game knows it."""
    return dict(getattr(position.state.game, "sniper_at", ())).get(side)
