"""What a PG counter is (1.2, 2.1): its kind read from its printed values, as predicates the rules share.

Counter types in a scenario: ``personnel`` (infantry, HMG, engineers, cavalry, mortars with an MA), ``gun``
(heavy weapons: AT, field and AA guns; ``ma`` 0 or 1, towed), ``vehicle`` (anything with an engine or team:
AFVs carry ``armor``, transports ``transport: 1``, APCs both), ``leader`` (``rank``, ``combat``,
``morale_mod``, ``leader_kind`` normal/tank/recce) and ``aircraft``. Fire values: ``df``/``df_range``
(black), ``bombard``/``bombard_range`` (white), ``at``/``at_range`` (red on yellow) (1.1, 7.3).
"""

from __future__ import annotations

from hexmate.rules.games.base import UnitState

# 1.2: ranks from the lowest; a scenario's nation-specific titles map onto these
RANKS = ("CPL", "SGT", "LT", "CPT", "MAJ", "LTC", "COL", "BGEN", "MGEN", "LGEN", "GEN")
TYPES = ("personnel", "gun", "vehicle", "leader", "aircraft")


LIMBERED = "limbered"  # 5.62: a heavy weapon on its towed (T) face: it may be hooked or manhandled, not fire
BACK = "back"  # 15.1: an aircraft counter tossed this turn shows its other face (its ``back_*`` values)


def value(unit: UnitState, key: str, default: int = 0) -> int:
    if unit.type in ("aircraft", "leader") and unit.has(BACK) and f"back_{key}" in unit.values:
        key = f"back_{key}"  # 15.1, 6.1: the aircraft (the leader) on the counter's other face
    v = unit.values.get(key, default)
    return v if isinstance(v, int) else default


def text(unit: UnitState, key: str, default: str = "") -> str:
    return str(unit.values.get(key, default))


def is_leader(unit: UnitState) -> bool:
    return unit.type == "leader"


def leader_kind(unit: UnitState) -> str:
    """normal, tank (3.3, 6.8) or recce (6.85)."""
    return text(unit, "leader_kind", "normal") if is_leader(unit) else ""


def rank(unit: UnitState) -> int:
    """The rank's order (1.2); tank and recce leaders have none (-1, 6.82)."""
    if leader_kind(unit) != "normal":
        return -1
    r = text(unit, "rank", "SGT").upper()
    return RANKS.index(r) if r in RANKS else 1


def is_afv(unit: UnitState) -> bool:
    """1.2: any printed armour value, even 0, makes an AFV (APCs too)."""
    return unit.type == "vehicle" and "armor" in unit.values


def is_apc(unit: UnitState) -> bool:
    return is_afv(unit) and value(unit, "transport") == 1


def is_open_top(unit: UnitState) -> bool:
    """1.2: every APC, and the AFVs the scenario marks open-topped; every other AFV is closed."""
    return is_afv(unit) and (is_apc(unit) or value(unit, "open_top") == 1)


def is_closed_top(unit: UnitState) -> bool:
    return is_afv(unit) and not is_open_top(unit)


def is_transport(unit: UnitState) -> bool:
    """Unarmed wagons, trucks, sleds, prime movers (category 2 of a step loss, 7.61)."""
    return (
        unit.type == "vehicle" and not is_afv(unit) and value(unit, "transport") == 1 and not has_fire(unit)
    )


def has_fire(unit: UnitState) -> bool:
    return any(value(unit, k) > 0 for k in ("df", "bombard", "at"))


def is_combat(unit: UnitState) -> bool:
    """1.2: a unit with DF, bombardment or AT values; leaders and unarmed transports are not."""
    return not is_leader(unit) and unit.type != "aircraft" and (has_fire(unit) or unit.type == "gun")


def counts_for_stack(unit: UnitState) -> bool:
    """4.1, 4.4: combat units other than APCs count toward three per hex and the +1 shift."""
    return is_combat(unit) and not is_apc(unit) and value(unit, "strongpoint") == 0


def is_vehicle(unit: UnitState) -> bool:
    """11.0: AT fire may target trucks, jeeps and AFVs."""
    return unit.type == "vehicle"


def armor(unit: UnitState) -> int:
    """11.1: a vehicle without armour counts -1."""
    return value(unit, "armor") if is_afv(unit) else -1


def move_class(unit: UnitState) -> str:
    """1.2, 5.1: mechanized (armour and an MA, not armoured cars), motorized (other engines), towed (no MA
    on the limbered side), foot (the rest, bicycles and cavalry included)."""
    given = text(unit, "class")
    if given:
        return given
    if value(unit, "train") == 1 or value(unit, "flotilla") == 1:
        return "train" if value(unit, "train") == 1 else "flotilla"  # 15.2: railroad / major river only
    if value(unit, "naval") == 1 and value(unit, "amphibious") != 1:
        return "naval"  # 5.1: water only (amphibians keep their land class, naval.py)
    if unit.type == "vehicle":
        return "mechanized" if is_afv(unit) else "motorized"
    if unit.type == "gun" and "armor" in unit.values:
        return "mechanized"  # 5.64: self-propelled (``class: motorized`` where its branch mark says so)
    if unit.type == "gun" and value(unit, "ma") == 0:
        return "towed"
    return "foot"


def is_portee(unit: UnitState) -> bool:
    """5.63: a BM-13 or portee (``portee: 1``): an MA on its travel face (``limbered``), MA 0 on the face
    that fires."""
    return value(unit, "portee") == 1


def branch(unit: UnitState) -> str:
    """The branch code printed on it (INF, HMG, ENG, MTR, CAV...), upper case."""
    return text(unit, "branch").upper()


def is_hmg_like(unit: UnitState) -> bool:
    """7.24, 10.1: HMGs, AFVs and AA units may fire past friendly units."""
    return branch(unit) in ("HMG", "WPN", "AA") or is_afv(unit)


def is_artillery(unit: UnitState) -> bool:
    """7.52, 10.3: direct fire at artillery (a bombardment unit or a gun) gets +2."""
    return (value(unit, "bombard") > 0 or unit.type == "gun") and not is_afv(unit)


def is_flamethrower(unit: UnitState) -> bool:
    """15.5: flamethrower engineers and flame tanks (``flamethrower: 1``)."""
    return value(unit, "flamethrower") == 1


def is_recce(unit: UnitState) -> bool:
    return value(unit, "recce") == 1 or branch(unit) in ("RCN", "I&R")


__all__ = ["RANKS", "TYPES", "armor", "is_afv", "is_closed_top", "is_combat", "is_leader", "rank"]
