"""ASL D9.5-D9.54: armored cupolas and dug-in AFVs.

A scenario marks a vehicle counter ``cupola`` (D9.5: the OB shows a BU TCA counter; its armament, turret type
and AF are the SSR's, here the catalogue entry the counter names) or ``dug_in`` (D9.54: the crest counter on
a vehicle). Both are immobile tanks otherwise (D9.5), with these exceptions, each cited where it applies:

- Neither leaves its hex nor is pushed (D9.52; D9.54 keeps that): ``vehicles.IMMOBILE`` holds both markers,
  so every move check and D.7's immobile-vehicle rules see them. The TCA still turns freely (D9.52).
- Set up only in brush, grain, woods, orchard, shellhole, debris or open ground (D9.52, placed as a pillbox,
  B30.1); never concealed (D9.52). ``check_setup`` refuses other scenarios with the file and unit named.
- A cupola: an infantry crew, nobody else inside, so no leadership (D9.51); never CE and always Case I
  (D9.51); Small target, +1, never HD, no hit location (D9.53): every hit is on its turret AF; leaves no
  wreck (D9.52): a destroyed cupola is removed.
- A dug-in AFV: HD against all direct fire (D9.54; a top-AF attack is chapter C's and not built), size +1
  unless its real size is +2; never a LOS hindrance, nor is its wreck (D9.54), and gives no D9.3 TEM (D9.3);
  a vehicle crew that may be CE, with a CS# and a wreck (D9.54).

Not built: the wall advantage of a cupola behind a wall or hedge (D9.52, B9's wall advantage is not among
the texts), its MGs in CC (D9.51; CC against vehicles uses no vehicle MG here), and the fire lane D9.54
denies the dug-in crew (A9.22 is chapter A's; vehicle MGs here lay none).
"""

from __future__ import annotations

from hexmate.rules.errors import DataError
from hexmate.rules.games.base import UnitState
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

CUPOLA = "cupola"
DUG_IN = "dug_in"
TERRAIN = frozenset({"brush", "grain", "woods", "orchard", "shellhole", "debris", "open"})  # D9.52


def cupola(unit: UnitState) -> bool:
    return unit.has(CUPOLA)


def dug_in(unit: UnitState) -> bool:
    return unit.has(DUG_IN)


def emplaced(unit: UnitState) -> bool:
    """A cupola or a dug-in AFV (D9.5, D9.54)."""
    return cupola(unit) or dug_in(unit)


def size(unit: UnitState, printed: int) -> int:
    """The Case P size DRM: a cupola is always Small, +1 (D9.53); a dug-in AFV +1, or +2 if that is its own
    size (D9.54); any other vehicle its printed size."""
    if cupola(unit):
        return 1
    if dug_in(unit):
        return 2 if printed == 2 else 1
    return printed


def hull_down(unit: UnitState, counter: bool) -> bool:
    """Is it HD to a direct fire shot? A dug-in AFV always (D9.54); a cupola never (D9.53); else the HD
    counter or wall (``counter``, D4.21, D4.221)."""
    if dug_in(unit):
        return True
    if cupola(unit):
        return False
    return counter


def check_setup(scenario: Scenario, m: HexMap) -> None:
    """D9.52 (D9.54 too): a cupola or dug-in AFV sets up in brush, grain, woods, orchard, shellhole, debris
    or open ground, never concealed; a cupola holds nobody (D9.51). A DataError names the file and unit."""
    placed = {u.id: u for u in scenario.units if CUPOLA in u.markers or DUG_IN in u.markers}
    for n, unit in enumerate(scenario.units):
        where = f"{scenario.source}: units[{n}] ({unit.id})"
        host = placed.get(unit.carrier or "")
        if host is not None and CUPOLA in host.markers:
            raise DataError(f"{where}: " + str(T("no unit may be inside the armored cupola {unit} (D9.51)",
                                                 unit=host.id)))
        if unit.id not in placed:
            continue
        if CUPOLA in unit.markers and DUG_IN in unit.markers:
            raise DataError(f"{where}: " + str(T("{unit} is a cupola or dug in, not both (D9.54)",
                                                 unit=unit.id)))
        if CUPOLA in unit.markers and "ce" in unit.markers:
            raise DataError(f"{where}: " + str(T("{unit} is an armored cupola: never CE", unit=unit.id)))
        if unit.concealed:
            raise DataError(f"{where}: " + str(T("{unit} is emplaced and may never be concealed (D9.52)",
                                                 unit=unit.id)))
        terrain = m.terrain(m.parse_label(unit.hex))
        if terrain not in TERRAIN:
            raise DataError(f"{where}: " + str(T(
                "{unit} may not be emplaced in {terrain} at {hex}: only brush, grain, woods, orchard,"
                " shellhole, debris or open ground (D9.52)", unit=unit.id, terrain=terrain, hex=unit.hex)))
