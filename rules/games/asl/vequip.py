"""ASL D11 in play beyond D11.11/D11.13: a gyrostabilized gun's acquisition on the move (D11.12) and Schuerzen
(D11.2-D11.23).

- D11.12: a stabilized gun (vfire.stabilized: the SSR or a DYO purchase, D11.1) gains acquisition even when
  it fires without stopping or in Motion, and keeps it as its vehicle moves on, as long as neither it nor the
  target leaves the other's LOS (``lost_on_move``). Any other gun firing in Motion or not stopped gains no
  acquisition (``acquires``: the text grants it to stabilized guns only; C6.5's own conditions are chapter C's
  and not among the texts), and loses what it had when its vehicle moves, as before.
- D11.2, D11.21: a German AFV whose counter's back shows "Sz" (catalogue key ``schuerzen``) has Schuerzen only
  where the SSR (or a DYO purchase, H1.42: chapter H) says: the scenario option ``schuerzen``, true for every
  such AFV, or a list of unit ids. D11.211's optional availability dr uses chapter H's table: not built. The
  skirts cover a turreted AFV's hull sides and turret sides and rear, a turretless one's hull (and
  superstructure) sides (``protects``).
- D11.22: entering a rubble, building or woods hex strips them for good (marker ``sz_lost``), unless it is
  across a road hexside (or along an existing Trail Break: TBs are chapter B's, B13.421, and not on these
  maps, so that exception never arises here).
- D11.23: a HEAT hit (every SCW too) on a skirted aspect doubles the lower die of the To Kill DR
  (``tk_dice``). hexmate's ordnance fires no HEAT and no SCW attacks vehicles (ammunition types and SCW are
  chapter C's, C8, C13, not among the texts), so no shot in play reaches this yet: the rule is ready for
  the day one does. A stripped AFV's page says so (``sz_lost``).

Audit of D6-D13 (issue 10; the main modules that build each rule, by the text, not the digest). Built in
this audit besides D11: D6.1 SW PP aboard, D6.2 dates and one SMC on any vehicle (transport.py), D6.24 a
bailing rider's SW (riders.py), D7.11 working MGs only, D7.13 no OVR after Bounding Fire (overrun.py),
D7.17 with A9.71 (ovrbreak.py), D8.1 the emptied unarmed vehicle's wreck (vimmobile.py), D9.3's exception
for units just out of an AFV (vcover.py). Still open: CC Reaction Fire at a vehicle's MP spent in place in
the Location (D7.2, D7.21: only OVRs here), a broken passenger's rout beneath (D6.1), a bailing rider
as a moving target (D6.24), the OVR of an unarmored vehicle and by FT (D7.12, D7.15).
D6.1-D6.24 riders.py, mounted.py, prcfire.py, transport.py; D6.3 transport.py (loading/unloading MP, no
MP cut for the load, who is aboard and who beneath); D6.31 rphase.py, mounted.py; D6.4-D6.5 transport.py,
inplace.py, vmove.py; D6.6-D6.66 mounted.py, vcrewhit.py, swremove.py; D6.7-D6.72 mounted.py, ordnance.py;
D6.8-D6.84 carriers.py; D6.9 riders.py, vfire.py; D7.1-D7.17 overrun.py (impovr.py in impulses); D7.2-D7.23
reaction.py, ncreact.py, ncrord.py, street.py, streetrfp.py; D8.1-D8.5 vmove.py, vunbog.py, vmud.py, vtow.py,
vimmobile.py; D9.1 vheight.py; D9.2 riders.py; D9.3 vcover.py; D9.31 aa.py; D9.4 vcover.py, vfire.py;
D9.5-D9.54 dugin.py; D10.1-D10.52 vwreck.py, scrounge.py; D11.1, D11.11 vfire.py, motoord.py; D11.12 and
D11.2-D11.23 here; D11.13 vmg.py; D12.1-D12.5 wagon.py, vtow.py; D13.1-D13.35 vsmoke.py.
"""

from __future__ import annotations

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex

SZ_LOST = "sz_lost"  # D11.22: its Schuerzen are gone
STRIPPING = ("woods", "rubble", "building")  # D11.22: any kind of building


def _stabilized(position: Position, unit: UnitState) -> bool:
    from hexmate.rules.games.asl import vfire

    return vfire.stabilized(position, unit)


def acquires(position: Position, firer: UnitState) -> bool:
    """D11.12: a shot gains acquisition unless the firer is in Motion or not stopped and its gun is not
    stabilized."""
    from hexmate.rules.games.asl import impulse

    moving = firer.has("motion") or firer.has(impulse.GO)
    return not moving or _stabilized(position, firer)


def lost_on_move(position: Position, unit: UnitState, to: Hex) -> tuple[str, ...]:
    """The acquisition markers a vehicle loses entering ``to``: all of them (C6.5), but a stabilized gun keeps
    each whose target is still in the hex it was acquired in and in LOS from ``to`` (D11.12)."""
    acquired = tuple(m for m in unit.markers if m.startswith("acq:") and "@" in m)
    if not acquired or not _stabilized(position, unit):
        return acquired
    from hexmate.rules.games.asl import terrain as asl_terrain

    lost = []
    for marker in acquired:
        target_id, where = marker[4:].rsplit("@", 1)
        q, r = (int(v) for v in where.split(","))
        target = position.units.get(target_id)
        if target is None or target.hex != Hex(q, r):
            lost.append(marker)  # the target left the hex it was acquired in (C6.5)
        elif asl_terrain.line_of_sight(position, to, target.hex).blocked:
            lost.append(marker)  # D11.12: out of the target's LOS
    return tuple(lost)


def skirted(position: Position, unit: UnitState) -> bool:
    """D11.21: an Sz AFV has its Schuerzen where the SSR says (option ``schuerzen``), until D11.22 strips
    them."""
    from hexmate.rules.games.asl.armour import is_vehicle, vtype

    if not is_vehicle(unit) or not vtype(unit).schuerzen or unit.has(SZ_LOST):
        return False
    say = position.scenario.options.get("schuerzen", False)
    return say is True or (isinstance(say, list) and unit.id in say)


def strips(position: Position, to: Hex, *, road: bool) -> bool:
    """D11.22: entering a rubble, building or woods hex strips the skirts, unless across a road hexside."""
    if road:
        return False
    terrain = position.map.terrain(to)
    return any(t in terrain for t in STRIPPING) or "rubble" in position.map.features(to)


def after_entry(position: Position, unit: UnitState, to: Hex, *, road: bool) -> UnitState:
    """The AFV entering ``to``: its acquisitions (D11.12) and Schuerzen (D11.22) as they stand after it."""
    unit = unit.mark(remove=lost_on_move(position, unit, to))
    if skirted(position, unit) and strips(position, to, road=road):
        unit = unit.mark(SZ_LOST)
    return unit


def protects(turreted: bool, where: str, aspect: str) -> bool:
    """D11.2: the aspects the skirts cover: hull sides, and a turret's sides and rear; a turretless AFV's hull
    (and superstructure) sides."""
    if where == "turret":
        return turreted and aspect in ("side", "rear")
    return aspect == "side"


def tk_dice(dice: tuple[int, int], *, heat: bool, covered: bool) -> tuple[int, int]:
    """D11.23: a HEAT (or SCW) hit on a skirted aspect doubles the lower die of the To Kill DR."""
    if not (heat and covered):
        return dice
    low = 0 if dice[0] <= dice[1] else 1
    return (dice[0] * 2, dice[1]) if low == 0 else (dice[0], dice[1] * 2)


__all__ = ["SZ_LOST", "acquires", "after_entry", "lost_on_move", "protects", "skirted", "strips", "tk_dice"]
