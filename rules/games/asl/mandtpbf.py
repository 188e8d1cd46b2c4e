"""ASL A8.312: the Defensive First Fire a non-phasing player owes the infantry that enter his Location.

Infantry enter an enemy's Location in its MPh only by the A4.14 exceptions (berserk charge A15.43, Human Wave
A25.23, infantry OVR of a lone SMC A4.15, the Disrupted and the unarmed). Then every non-phasing infantry unit
there that is armed, not broken and not in Melee must attack the multi-man counters that entered, at once,
after any Residual FP attack there (A8.22): by Defensive First Fire, Subsequent First Fire or FPF, whichever
its counters allow (TPBF, A7.21), and together as the mandatory fire group of A7.55. So the reaction window
there may not be passed while such a unit may still fire and has not fired at them in it (``owed``). A SMC
whose MG or IFE already has a First Fire counter cannot use Sustained Fire (A9.3), so it owes nothing with
it: fire.check refusing the shot settles that, as every other limit (A8.3, A8.31, A8.14).

Audit of A6-A8 against the text (helper a26; "built" names where the code does it):

A6.1  LOS thread, dr on dispute          built: rules/los.py, asl/los.py (the dr is the players' own)
A6.11 LOS checked only after declaring;  NOW: blindshot.py (fired, no effect, no DM, DR for breakdown,
      blocked shot still "fired" + DR     ROF, SAN); a multi-Location FG member out of LOS drops out (A7.52);
                                          the Scenario Defender's pre-setup check is the players' own
A6.12 irregular aiming points            built: asl/los.py (bypass vertex, road crossing), lane Snap Shot
A6.2, A6.21 obstacles, 1/2 level         built: rules/los.py
A6.3  depressions                        built: rules/los.py _depression_blocks
A6.4-A6.43 blind hexes (FRD, advantage,  built: rules/los.py _blind_count; test from the A6.42 example
      drop behind)
A6.5  reciprocity                        built: the LOS is judged low end to high end both ways
A6.6  units never block; AFV/wreck       built: LOS ignores units; vcover.hindrance (D9.4)
A6.7  hindrance, one per range           built: rules/los.py
A6.8  adjacent yet unseen                built: asl/los.py _between_levels, bypass.py
A7.1  one fire phase a Player Turn       built: fire.check (A.15)
A7.2-A7.26 FP modifiers                  built: firepower.py, oppfire.py (A7.25); FIXED: A7.21 fire at
                                          another level of the own hex is PBF, not TPBF (fire._reach)
A7.3-A7.309 resolution, results          built: fire.py, aftermath.py, unarmored.py
A7.31, A7.32 results before the next     built: each attack's decisions are answered before another
A7.33 inherent FP not split; SW apart    built: fire.check, units.keeps_inherent_fp
A7.34 squad Spraying Fire                built: spray.py
A7.35-A7.353 SW use, lost inherent FP    built: fire.check/declare ("no_fire", gone at the turn's end)
A7.36 Assault Fire                       built: firepower.py
A7.37, A7.371, A7.372 IIFT               built: iift.py (options.iift; every IFT attack through iift.read;
                                          the pack's `iift` chart, demo values);
                                          OBA/HEAT cases of the examples: chapters C, E (not built)
A7.4  target determination               built: fire.resolve_attack, floc.py
A7.5-A7.55 fire groups, leadership       built: fire.check, fire_groups.py; FIXED: A7.55 binds one
                                          Location, not every level of a hex (A2.8); NOW: A7.53 a leader
                                          directs his MG again on its ROF, and after First Fire only the
                                          same unit/group (direct.py); one TH DR a phase: not built (C)
A7.6  TEM, hindrance                     built: fire.resolve_attack
A7.7, A7.71 Encirclement                 built: fire_groups.py; NOW: from directly above and below in a
                                          building hex (fire_groups._vertical)
A7.72 upper-level Encirclement           fire_groups.upper_trapped/upper_sync (B23.424 climbing NOT built)
A7.8-A7.831 pin and its effects          built: aftermath.py, fire.py, vmg.py (D6.62), riders.py (D6.23)
A7.9  Cowering                           built: fire.cowering_shift; its counters NOW (fire.cowered_marks);
                                          ruling: the FG Random Selection sentence names no count and no
                                          pool, so the explicit sentence before it (every unit of a
                                          cowered attack, SW possessors too) is what the table applies
A8.1, A8.12 First Fire, in-Location MF   built: fire.py, inplace.py
A8.11 resolve before it leaves           built: the reaction window of each hex
A8.13 FFNAM/FFMO First Fire only         built: fire.resolve_attack (MPh only), residual.attack_drms
A8.14 attack again after more MF         built: fire._check_subsequent, shots_allowed
A8.15 Snap Shot                          built for Fire Lanes (residual.snap_shot) and as a unit's own
                                          First Fire at a hexside (snap.py; no Gun's or vehicle's: C.5)
A8.2-A8.26 Residual FP                   built: residual.py, vresid.py (A8.222), spray.py (A8.24); NOW:
                                          A8.22 a lower DRM lets it attack a unit again (residual._again);
                                          NOT built: crest/bridge and pillbox cases (B), ordnance residual
                                          at motorcycle riders (A8.25 with motoord.py: the TH DRMs' A8.26
                                          share is chapter C's)
A8.3, A8.31 SFF, FPF                     built: fire._check_subsequent, fire.declare, aftermath; NOW:
                                          FPF must take the unit's usable MGs along (A8.31); a FT or
                                          other non-MG SW may not SFF/FPF (A8.3, A8.31)
A8.311 no FPF past a TPBF target         built: fire.check (A7.212); a Gun's crew adding inherent FP to
                                          FPF: chapter C, not built
A8.312 mandatory TPBF                    NOW: this module
A8.4, A8.41 Final Fire, multiple ROF     built: fire.check, fire._weapon_fates
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import armour, floc
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def _shots(decision: Decision, ids: list[str]) -> int:
    return sum(int(decision.arg(f"shots:{i}", "0")) for i in ids)


def owed(game: AslGame, position: Position, decision: Decision) -> list[UnitState]:
    """The units of ``decision.side`` that still owe A8.312's attack on the multi-man counters that entered
    their Location: armed (a shot fire.check allows), not broken, not in Melee, and no shot at them yet in
    this window."""
    from hexmate.rules.games.asl import fire as asl_fire

    moving = position.state.moving
    if position.phase.id != "MPh" or moving is None or decision.kind != "react":
        return []
    here = moving.here
    entered = [position.units[u] for u in moving.units if u in position.units]
    mmc = [u for u in entered if u.type in au.MMC and u.hex == here and not u.carrier]
    if not mmc:
        return []
    levels = {floc.level_of_unit(position, u) for u in mmc}
    view = armour.infantry_view(position)
    out: list[UnitState] = []
    for unit in position.units_at(here):
        if unit.side != decision.side or unit.type in (au.SW, "dummy", "vehicle") or unit.carrier:
            continue
        if any(unit.has(m) for m in ("broken", "melee")) or au.is_unarmed(unit):
            continue  # A8.312: armed, not broken, not in Melee
        if unit.concealed:
            continue  # a "?" entered is A12.15's encounter, not a Known unit's duty (see the report)
        if floc.level_of_unit(position, unit) not in levels:
            continue
        weapons = [w.id for w in au.possessed(position.state, unit.id)]
        if _shots(decision, [unit.id, *weapons]):
            continue  # it has attacked them in this window
        for firers in [(unit.id,), *((w,) for w in weapons)]:
            try:
                asl_fire.check(game, view, act.Fire(firers, here))
            except (IllegalAction, InvalidAction):
                continue
            out.append(unit)
            break
    return out


def check_pass(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> None:
    """A8.312: the window at a Location the enemy's infantry entered is not passed while a unit there owes
    them its attack."""
    if answer.choice != "pass" or decision.then != "move_on":
        return
    due = owed(game, position, decision)
    if due:
        raise IllegalAction(
            T("{units} must attack the infantry that entered their Location before the move goes on (TPBF, "
              "as one fire group)", units=", ".join(u.id for u in due)), "A8.312")
