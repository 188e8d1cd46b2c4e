"""ASL units and their states (A1, A4.4, A7.35, A10, A15.3, A17, A19, A21, A25): kinds of counter, the
states a unit can be in, morale and leadership as they stand now, support weapons and who possesses them,
nationality traits (data/nationalities.json) and the lower- or higher-quality unit that replaces one (ELR,
Battle Hardening). Pure functions of the units' printed values and markers; the counter catalogue is
the owner's (data/counters.json is a demo catalogue, labelled so).

The printed values are taken as printed (A1.11-A1.24): an SMC (A1.11) is a leader or a hero; an MMC (A1.12) a
squad (A1.121), a HS (A1.122) or a crew (A1.123), a vehicle's inherent crew being none until it leaves the
vehicle as a counter (crew.py). FP (A1.21: its smoke exponent, A24.1; underlined, Assault Fire, A7.36) and
normal range (A1.22: underlined, Spraying Fire, A7.34) are the MMC's and the hero's, never a leader's (fire.py
refuses a leader's own shot, A7.53). The range to a target is always ``hexes.distance``: the fewest hexes
from the firer's hex (not counted) to the target's (counted), whatever way the LOS runs (A1.22). A HS's
broken morale is printed at least 1 below its squad's (A1.122: Japanese elite and 1st-line HS aside); it is
read from the counter, not worked out (the demo catalogue's HS do not all follow it: demo values). The ID
letter or number that tells like counters apart (A1.24) is the unit's ``id`` here. A MG counter is a SW whose
FP and normal range are printed as "FP-range" (A9.1).

>>> from hexmate.rules.scenario import CounterType
>>> leader = CounterType("8-0", "leader", {"morale": 8, "broken_morale": 7, "leadership": 0})
>>> morale_of(leader.values, frozenset({"wounded"}))
7
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

DATA = Path(__file__).parent / "data"

MMC = frozenset({"squad", "hs", "crew"})  # A1.12 multi-man counters (A1.121-A1.123)
SMC = frozenset({"leader", "hero"})  # A1.11 single-man counters
SW = "sw"  # A7.35: every half-inch support weapon counter (a MG among them, A9.1)

# A unit's states (markers on UnitState) and the rule that defines each one.
STATES: Mapping[str, str] = {
    "broken": "A10.4",
    "dm": "A10.62",  # Desperation Morale
    "pinned": "A7.8",
    "cx": "A4.51",
    "berserk": "A15.4",
    "heroic": "A15.21",  # a leader who became a hero keeps his own counter with a hero counter on it
    "fanatic": "A10.8",
    "wounded": "A17.1",
    "disrupted": "A19.12",
    "encircled": "A7.7",
    "ti": "A4.8",
    "prep_fire": "A3.2",
    "first_fire": "A8.1",
    "final_fire": "A8.4",
    "advancing_fire": "A3.5",
    "no_fire": "A7.35",  # the unit fired a SW and has lost its inherent FP for now
    "malfunctioned": "A9.7",
    "captured": "A21.1",  # a SW used by the enemy of its nationality
    "sustained_fire": "A9.3",
}

Values = Mapping[str, int | str]


def is_mmc(unit: UnitState) -> bool:
    return unit.type in MMC


def is_smc(unit: UnitState) -> bool:
    return unit.type in SMC


def is_sw(unit: UnitState) -> bool:
    return unit.type == SW


def good_order(unit: UnitState) -> bool:
    """A10.4: a unit that is not broken (nor disrupted, A19.12) is in Good Order."""
    return not (unit.has("broken") or unit.has("disrupted"))


def _int(values: Values, key: str, default: int = 0) -> int:
    got = values.get(key, default)
    return got if isinstance(got, int) else default


def morale_of(values: Values, markers: frozenset[str]) -> int:
    """The morale a unit checks against now: 10 when berserk (A15.42), its broken side's when broken (A10.4),
    one less when wounded (A17.2) or encircled (A7.7, not berserk or hero units), one more when fanatic
    (A10.8), one more broken for a Hungarian or Romanian MMC fighting the other (A25.8, the ``hatred``
    marker); never above 10 (A.18)."""
    if "berserk" in markers:
        return 10  # A15.42: a berserk unit's morale is 10
    m = _int(values, "broken_morale" if "broken" in markers else "morale")
    if "wounded" in markers and values.get("type") != "hero":
        m -= 1
    if "encircled" in markers and "berserk" not in markers and values.get("type") != "hero" \
            and "heroic" not in markers:  # A15.2: a hero's morale is never lowered (A7.7)
        m -= 1
    if "fanatic" in markers:
        m += 1
    if "hatred" in markers and "broken" in markers:
        m += 1  # A25.8: Hungarians and Romanians fighting each other
    if "hw_turn" in markers and "broken" not in markers:
        m += 1  # A25.23: part of a Human Wave this Player Turn
    return min(m, 10)


def unit_morale(unit: UnitState) -> int:
    return morale_of({**unit.values, "type": unit.type}, unit.markers)


def is_hero(unit: UnitState) -> bool:
    """A15.2, A15.21: a hero counter, or a leader who became heroic (his counter with a hero counter on it:
    he has the hero's traits as well as his own)."""
    return unit.type == "hero" or unit.has("heroic")


HEROIC_FP, HEROIC_RANGE, HEROIC_WOUNDED_RANGE = 1, 4, 3  # A15.21: the 1-4-9 hero counter on him (wounded 1-3)


def heroic_inherent(unit: UnitState) -> tuple[int, int] | None:
    """A15.21: the inherent FP and normal range of a leader who became heroic: the hero counter's on him (his
    range one less when wounded, A15.2's 1-3 side); None for any other leader, who has no FP of his own
    (A7.53)."""
    if unit.type != "leader" or not unit.has("heroic"):
        return None
    return HEROIC_FP, HEROIC_WOUNDED_RANGE if unit.has("wounded") else HEROIC_RANGE


def leadership_of(unit: UnitState) -> int:
    """A leader's modifier now (A10.7): a wound worsens it by one (A17.2; never more than once)."""
    lead = _int(unit.values, "leadership")
    return lead + 1 if unit.has("wounded") else lead


def can_direct(unit: UnitState) -> bool:
    """A7.53, A7.831: a Good Order leader who is not pinned directs fire and helps checks."""
    return unit.type == "leader" and good_order(unit) and not unit.has("pinned") and not unit.has("berserk")


# --- support weapons: possession, portage, use (A4.4, A7.35, A9, A21) ---


def possessed(state: State, owner: str) -> list[UnitState]:
    """The SW a unit possesses (UnitState.carrier names the possessor, A4.4)."""
    mine = (u for u in state.units.values() if u.type == SW and u.carrier == owner)
    return sorted(mine, key=lambda u: u.id)


def portage_capacity(unit: UnitState) -> int:
    """A4.42 IPC: every MMC 3 PP (its note: a HS carries as much as a squad), an SMC 1; a wounded SMC 0
    (A17.2)."""
    if unit.type in ("squad", "hs", "crew"):
        return 3
    return 0 if unit.has("wounded") else 1


def excess_pp(state: State, owner: UnitState) -> int:
    """PP carried beyond the IPC (A4.42: each costs the carrier one MF)."""
    carried = sum(_int(sw.values, "pp") for sw in possessed(state, owner.id))
    return max(0, carried - portage_capacity(owner))


def sw_fire_limit(unit: UnitState) -> int:
    """A7.35: a squad may fire up to two SW in a fire phase, any other unit one."""
    return 2 if unit.type == "squad" else 1


def sw_pair_allowed(weapons: Sequence[UnitState]) -> bool:
    """A7.351 with A9.11: the SW one unit fires in a fire phase are of different types, except that a squad
    may fire two SW MGs (A9.11 names no type; the MG rule is the specific one, so two LMGs are allowed).

    Reading of the text: A7.351 lets a squad fire two SW/Guns of different types in one fire phase; A9.11,
    the rule for SW MGs, lets a squad fire two SW MGs at full MG FP, losing its inherent FP, with no word of
    their types. Two MGs therefore never fail the "different types" test; any other pair of one name does.
    """
    names = [w.name for w in weapons if w.values.get("sw") != "mg"]
    return len(names) == len(set(names))


def keeps_inherent_fp(unit: UnitState, sw_fired: int) -> bool:
    """A7.35: a squad keeps its inherent FP with one SW fired and loses it with two; a HS, crew or SMC that
    fires a SW loses it."""
    if sw_fired == 0:
        return True
    return unit.type == "squad" and sw_fired == 1


def check_sw_use(state: State, sw: UnitState) -> tuple[T, str] | None:
    """Why this SW may not fire now and the rule (A7.35, A9.7), or None."""
    if sw.carrier is None or sw.carrier not in state.units:
        return T("{sw} has no possessor and cannot fire", sw=sw.id), "A7.35"
    owner = state.units[sw.carrier]
    if not good_order(owner):
        return T("{sw} is possessed by {owner}, who is broken: only an unbroken unit fires a SW",
                 sw=sw.id, owner=owner.id), "A7.35"
    if sw.has("malfunctioned"):
        return T("{sw} has malfunctioned and fires again only once repaired", sw=sw.id), "A9.7"
    from hexmate.rules.games.asl import dismantle

    return dismantle.cannot_fire(sw)  # A9.8: a dm SW fires only assembled (a German dm MG as a LMG)


@dataclass(frozen=True)
class Breakdown:
    """A SW's breakdown numbers for one attack (A9.7): the Original DR at or above b malfunctions it, at or
    above x eliminates it."""

    b: int
    x: int
    rule: str


def breakdown(values: Values, *, sustained: bool = False, captured: bool = False, inexperienced: bool = False,
              ammo_short: bool = False, non_qualified: bool = False, non_elite_ethiopian: bool = False,
              ) -> Breakdown:
    """The B#/X# of one attack. A weapon prints a B# (12 if none, A9.7) and maybe an X#; each cause that
    lowers
    the breakdown number lowers both by its amount, cumulatively, and when any applies the original B#
    becomes the X# if that is lower (A.11): Sustained Fire -2 (A9.3), captured -2 (A21.11), an Inexperienced
    user -1 (A19.32), Ammunition Shortage -1 (A19.131; not a DC, nor a captured SW, A21.11), non-qualified
    use of a crew weapon -2 more (A21.13), an Ethiopian MMG/HMG fired by non-Elite Ethiopians -1 (A25.936).

    >>> breakdown({"breakdown": 12}, sustained=True)
    Breakdown(b=10, x=12, rule='A9.3, A.11')
    >>> breakdown({"breakdown": 12}, sustained=True, captured=True)
    Breakdown(b=8, x=12, rule='A9.3, A21.11, A.11')
    """
    b = _int(values, "breakdown", 12)
    printed_x = values.get("x")
    x = printed_x if isinstance(printed_x, int) else 13  # no X# printed: nothing eliminates it outright
    cut = 0
    rules = []
    if sustained:
        cut += 2
        rules.append("A9.3")
    if captured:
        cut += 2
        rules.append("A21.11")
    if inexperienced:
        cut += 1
        rules.append("A19.32")
    if ammo_short and values.get("sw") != "dc" and not captured:  # A21.11: not for a captured SW
        cut += 1
        rules.append("A19.131")
    if non_qualified:
        cut += 2
        rules.append("A21.13")
    if non_elite_ethiopian:
        cut += 1
        rules.append("A25.936")
    if not cut:
        return Breakdown(b, x, "A9.7")
    # A.11: the original B# becomes the X# (a printed X# is lowered too, and never above the original B#)
    new_x = min(x - cut, b) if isinstance(printed_x, int) else b
    return Breakdown(b - cut, new_x, ", ".join([*rules, "A.11"]))


# A21.1: whose weapons a nationality uses without the captured penalties (the same army: a nationality's
# ``army`` trait, SS German A25.11, Gurkha and ANZAC British A25.4; British and US troops only as A25.35 says,
# ``_us_british``)
# A25.54-A25.55: the Free French use British SW (to December 1943), then British or American ones, without
# them
# A25.75, A25.77: the ``captured_use`` entries of data/nationalities.json add to these, per nationality
_FAMILIES = ({"german", "ss"}, {"british", "gurkha", "free_french", "american"}, {"russian", "partisan"})
# A25.56: French-made equipment in US or British colours is named with a final "(f)"; it and French-coloured
# SW are captured in the hands of anyone but the French (1940, Free, Vichy: the ``french_made_users`` trait)
FRENCH_MADE = "(f)"


def is_captured(sw: UnitState, owner: UnitState | None, *, date: tuple[int, int] | None = None) -> bool:
    """A21.1: a SW used by troops of another army is captured (B#/X# -2, ROF -1: A21.11, A21.12); a
    ``captured`` marker says so too. A weapon or possessor with no nationality is never taken as captured.
    A25.56: a French-coloured SW (nationality ``french``) or a "(f)" one is captured for every possessor but a
    French one (1940, Free or Vichy French), and for none of those. A nationality's ``captured_use`` entries
    (A25.75, A25.77: Finns and Russian MGs, Russians and Finnish "(r)" MGs, PSK) decide the SW they match;
    ``date`` is the scenario's (year, month), which A25.75 reads."""
    if sw.has("captured"):
        return True
    theirs = sw.values.get("nationality")
    mine = owner.values.get("nationality") if owner is not None else None
    if isinstance(mine, str) and (theirs == "french" or sw.counter.name.rstrip().endswith(FRENCH_MADE)):
        return not nationality(mine).flag("french_made_users")  # A25.56: any French uses them, no one else
    if not isinstance(theirs, str) or not isinstance(mine, str):
        return False
    special = _captured_use(sw, owner, mine, theirs, date) if owner is not None else None
    if special is not None:
        return special  # A25.77 reaches a SW of the possessor's own colour too
    if theirs == mine or _army(theirs) == _army(mine):  # A25.4, A25.11: one army
        return False
    if {_army(theirs), _army(mine)} == {"british", "american"} and FREE_FRENCH not in (theirs, mine):
        return not _us_british(sw)
    return not any(_army(theirs) in f and _army(mine) in f for f in _FAMILIES)


FREE_FRENCH = "free_french"


def _army(name: str) -> str:
    """The army a nationality belongs to: its ``army`` trait (SS German, Gurkha and ANZAC British), else its
    own name."""
    army = nationality(name).traits.get("army")
    return army if isinstance(army, str) else name


def _us_british(sw: UnitState) -> bool:
    """A25.35: British (A25.4) and American units use each other's MGs (a MG scrounged from either's vehicle
    is a British LMG counter, used freely by both) and a British- or French-coloured "(a)" SW without the
    captured penalties; nothing waives them for the other SW of each other's colour. (The US mortars and
    bazookas the British other than Free French take as captured are chapter C's ordnance.)"""
    return sw.values.get("sw") == "mg" or sw.counter.name.rstrip().endswith("(a)")


def _captured_use(sw: UnitState, owner: UnitState, mine: str, theirs: str,
                  date: tuple[int, int] | None) -> bool | None:
    """The first of the possessor's nationality's ``captured_use`` entries matching this SW: True (captured)
    or False (used freely); None when none matches (A21.1 decides). An entry matches by the SW's colour
    (``of``: the nationalities; none given: any colour), its ``sw`` kind, a mark in its counter name
    (``names``: any of them) and a name ending (``suffix``). A matching SW is captured when its name holds
    one of ``except_names``, or one of ``except_in_year.names`` in that year, or when the possessor's class
    is one of ``captured_classes``; else it is used freely. Counter names are the owner's catalogue: the
    entry names the marks (LMG, .50, PSK, (r))."""
    name = sw.counter.name.rstrip()
    for entry in nationality(mine).traits.get("captured_use", []):
        if "of" in entry and theirs not in entry["of"]:
            continue
        if "sw" in entry and sw.values.get("sw") != entry["sw"]:
            continue
        if "names" in entry and not any(n in name for n in entry["names"]):
            continue
        if "suffix" in entry and not name.endswith(entry["suffix"]):
            continue
        if any(n in name for n in entry.get("except_names", [])):
            return True
        year = entry.get("except_in_year")
        if year is not None and date is not None and date[0] == year["year"] and any(
                n in name for n in year["names"]):
            return True
        return unit_class(owner.values) in entry.get("captured_classes", [])
    return None


def rate_of_fire(values: Values, *, captured: bool = False, non_elite_ethiopian: bool = False) -> int:
    """A SW MG's multiple ROF (A9.2), one less when captured (A21.12) or fired by non-Elite Ethiopians
    (A25.936)."""
    rof = _int(values, "rof")
    return max(0, rof - (1 if captured else 0) - (1 if non_elite_ethiopian else 0))


def keeps_rof(coloured: int, rof: int, *, sustained: bool = False) -> bool:
    """A9.2: the MG may fire again this phase when the Original coloured dr is at most its ROF; Sustained Fire
    never keeps it (A9.3)."""
    return not sustained and rof > 0 and coloured <= rof


def malfunctions(original: int, weapons: Mapping[str, Breakdown]) -> dict[str, str]:
    """A9.7/A9.71: what the Original IFT DR does to each SW of the attack: 'x' eliminated (at or above its
    X#), 'b' malfunctioned (at or above its B#). With two or more SW that it would break, A9.71 says at least
    one does, picked by Random Selection: the caller asks; this returns every candidate."""
    out: dict[str, str] = {}
    for sid, bd in weapons.items():
        if original >= bd.x:
            out[sid] = "x"
        elif original >= bd.b:
            out[sid] = "b"
    return out


def repair(dr: int, values: Values, *, captured: bool = False) -> str:
    """A9.72: a Good Order possessor's repair dr in the RPh: at most the R# repairs the SW, a 6 eliminates it,
    anything else leaves it malfunctioned ('repaired', 'eliminated', 'still'). A captured SW is never
    repaired until its own side recaptures it (returns 'not allowed')."""
    if captured:
        return "not allowed"
    if dr == 6:
        return "eliminated"
    return "repaired" if dr <= _int(values, "repair", 0) else "still"


def repairs_allowed(unit: UnitState) -> int:
    """A9.72: a unit tries to repair as many malfunctioned SW as it could fire in one phase."""
    return sw_fire_limit(unit) if good_order(unit) else 0


# --- nationalities (A25) ---


@dataclass(frozen=True)
class Nationality:
    name: str
    traits: Mapping[str, Any]

    def number(self, key: str, default: int = 0) -> int:
        got = self.traits.get(key, default)
        return got if isinstance(got, int) else default

    def flag(self, key: str) -> bool:
        return bool(self.traits.get(key))

    def classes(self, key: str) -> frozenset[str]:
        got = self.traits.get(key, [])
        return frozenset(str(c) for c in got) if isinstance(got, list) else frozenset()


@cache
def _nationality_data() -> Mapping[str, Any]:
    return load_nationalities(DATA / "nationalities.json")


CREW_CLASSES = ("elite", "1st")  # D5.1: an AFV's crew takes the best Elite MMC's morale, else the 1st Line's
_CREW_KEYS = frozenset({*CREW_CLASSES, "demo", "rule", "elite_rule", "1st_rule"})


def load_nationalities(path: Path) -> Mapping[str, Any]:
    """The nationality data (A25 traits; D5.1 crew morale) read from ``path`` and checked where the code
    needs a shape: a malformed entry is a DataError naming the file and the entry's place."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("format") != "hexmate-asl-nationalities/1":
        raise DataError(f"{path}: format must be hexmate-asl-nationalities/1")
    table = doc.get("nationalities")
    if not isinstance(table, dict):
        raise DataError(f"{path}: nationalities: a mapping of nationality names to their traits")
    for name, traits in table.items():
        _check_crew(path, table, str(name), traits)
    result: Mapping[str, Any] = doc
    return result


def _check_crew(path: Path, table: Mapping[str, Any], name: str, traits: Any) -> None:
    """D5.1's ``crew_morale`` (the best Elite and 1st Line MMC's Good Order morale, ``demo`` listing the
    values that are demo values) and A25.55's ``crew_as`` / ``crew_from``."""
    where = f"{path}: nationalities.{name}"
    if not isinstance(traits, dict):
        raise DataError(f"{where}: a mapping of traits, got {traits!r}")
    crew = traits.get("crew_morale")
    if crew is not None:
        if not isinstance(crew, dict):
            raise DataError(f"{where}.crew_morale: a mapping with elite and 1st (D5.1), got {crew!r}")
        unknown = sorted(set(crew) - _CREW_KEYS)
        if unknown:
            raise DataError(f"{where}.crew_morale: unknown key(s) {unknown} (known: {sorted(_CREW_KEYS)})")
        for key in CREW_CLASSES:
            value = crew.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= 10:
                raise DataError(f"{where}.crew_morale.{key}: a morale 2-10 (the best {key} MMC's Good Order "
                                f"morale, D5.1), got {value!r}")
        demo = crew.get("demo", [])
        if not isinstance(demo, list) or not set(demo) <= set(CREW_CLASSES):
            raise DataError(f"{where}.crew_morale.demo: a list of {list(CREW_CLASSES)} (the demo values), "
                            f"got {demo!r}")
    crew_as = traits.get("crew_as")
    if crew_as is not None and (not isinstance(crew_as, str) or crew_as not in table):
        raise DataError(f"{where}.crew_as: a nationality of this file (A25.55), got {crew_as!r}")
    since = traits.get("crew_from")
    if since is not None and not (isinstance(since, str) and re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", since)):
        raise DataError(f"{where}.crew_from: a date YYYY-MM (A25.55), got {since!r}")


def nationality(name: str | None) -> Nationality:
    """The traits of a nationality (A25); an unknown or missing one has none (no DRM, no exemption)."""
    table = _nationality_data()["nationalities"]
    key = (name or "").lower()
    return Nationality(key, table.get(key, {}))


def nationality_of(unit: UnitState, default: str | None = None) -> Nationality:
    got = unit.values.get("nationality", default)
    return nationality(got if isinstance(got, str) else default)


def same_army(a: UnitState, b: UnitState) -> bool:
    """Two counters of one nationality: their named nationalities, each taken as the army it belongs to
    (data ``army``: SS are German, A25.11; Gurkha and ANZAC British, A25.43-A25.44), are equal. A counter
    naming none fights as its side's, the side a stack shares, so it matches (A4.12)."""
    names = []
    for unit in (a, b):
        got = unit.values.get("nationality")
        if not isinstance(got, str):
            return True
        army = nationality(got).traits.get("army")
        names.append(army if isinstance(army, str) else got.lower())
    return names[0] == names[1]


def unit_class(values: Values) -> str:
    """elite, 1st, 2nd, green or conscript (A19.2; the counter's class symbol)."""
    got = values.get("class", "1st")
    return {"1": "1st", "2": "2nd"}.get(str(got), str(got))


def is_unarmed(unit: UnitState) -> bool:
    """A20.5: a captured unit becomes an Unarmed counter, guarded (a prisoner) or abandoned (A20.53)."""
    return unit.has("unarmed") or unit.has("prisoner")


def inexperienced(unit: UnitState) -> bool:
    """A19.2, A19.3: Inexperienced: a Green or Conscript MMC by its class (an SMC or a crew never is, A19.2),
    one declared so (the ``inexperienced`` value), or an Unarmed unit (A19.3, A20.53). Every Inexperienced
    test of the ASL code asks this or ``restricted``."""
    if is_unarmed(unit) or unit.values.get("inexperienced"):
        return True
    return unit.type in ("squad", "hs") and unit_class(unit.values) in ("green", "conscript")


def restricted(unit: UnitState, stack: Iterable[UnitState]) -> bool:
    """A19.3: is this unit under the Inexperienced restrictions (A19.31-A19.36: 3 MF, SW B#/X# -1, cowering
    two columns, a 1TC PAATC and CCV -1, -1 to capture it, Lax) among ``stack``, the units of its Location?
    A Green MMC stacked with a friendly leader who is not broken is exempt; a Conscript or Unarmed unit never
    is. (Other rules that name Inexperienced units, the HoB +1 of A15.1 and A19.2's no Stealth, are not
    among these restrictions: they ask ``inexperienced``.)"""
    if not inexperienced(unit):
        return False
    if is_unarmed(unit) or unit_class(unit.values) != "green":
        return True
    return not any(u.type == "leader" and u.side == unit.side and u.id != unit.id and good_order(u)
                   and not is_unarmed(u) and u.hex == unit.hex and u.level == unit.level for u in stack)


def stealthy(unit: UnitState, stack: Iterable[UnitState], nat: Nationality | None = None) -> bool:
    """A11.17: a unit an SSR or its nationality makes stealthy (the ``stealthy`` marker or value; the classes
    of ``nat``'s ``stealthy_classes``, some only in Good Order: A25.7 Finnish Elite and 1st Line, A25.24
    partisans, A25.44 ANZAC), or a hero, is stealthy unless Lax (A11.18: the ``lax`` marker, the
    nationality's ``lax_classes``, A25.64, or under the Inexperienced restrictions, A19.36); a Green or
    Conscript unit never is, even a Green one with a leader (A19.2)."""
    nat = nat if nat is not None else nationality_of(unit)
    by_nat = unit.type in MMC and unit_class(unit.values) in nat.classes("stealthy_classes") \
        and (good_order(unit) or not nat.flag("stealthy_in_good_order"))
    if not (unit.has("stealthy") or unit.values.get("stealthy") or unit.type == "hero" or by_nat):
        return False
    return not (inexperienced(unit) or unit.has("lax") or lax_class(unit, nat) or restricted(unit, stack))


def lax_class(unit: UnitState, nat: Nationality | None = None) -> bool:
    """A25.64: an MMC of a class its nationality makes Lax (``lax_classes``: non-Elite Italians; A11.18)."""
    nat = nat if nat is not None else nationality_of(unit)
    return unit.type in MMC and unit_class(unit.values) in nat.classes("lax_classes")


def restricted_in(position: Position, unit: UnitState) -> bool:
    """``restricted`` with the unit's Location read from the position."""
    return restricted(unit, position.units_at(unit.hex) if unit.hex is not None else ())


def cowering_exempt(unit: UnitState, nat: Nationality) -> bool:
    """A7.9: SMC, berserk and fanatic units never cower, nor the classes a nationality exempts (British Elite
    and 1st Line, Finns other than Conscripts)."""
    if is_smc(unit) or unit.has("berserk") or unit.has("fanatic"):
        return True
    return unit_class(unit.values) in nat.classes("no_cowering_classes")


# --- replacement and Battle Hardening (A15.3, A19) ---

LEADER_LADDER = ("10-3", "10-2", "10-1", "10-0", "9-2", "9-1", "8-1", "8-0", "7-0", "6+1")


@dataclass(frozen=True)
class Replacement:
    """What an ELR failure does (A19.12-A19.13): ``to`` the counters that replace the unit (broken), or
    ``disrupt`` when nothing lower exists. ``reduced``: the counters already include the Casualty Reduction of
    a Casualty MC (A10.31 with A19.13: the squad becomes one broken HS), so none follows."""

    to: tuple[str, ...]
    disrupt: bool
    rule: str
    reduced: bool = False


def _ladder(nat: Nationality) -> tuple[str, ...]:
    got = nat.traits.get("leader_ladder")
    return tuple(str(r) for r in got) if isinstance(got, list) else LEADER_LADDER


def elr_exceeded(final: int, morale: int, elr: int) -> bool:
    """A19.1/A19.13: the MC failed by more than the ELR."""
    return final - morale > elr


def replacement(unit: UnitState, counters: Mapping[str, CounterType], *, casualty: bool = False,
                ssr_elr: bool = False) -> Replacement | None:
    """The lower-quality unit that replaces a non-broken unit failing an MC by more than its ELR (A19.13);
    None for the exempt (A19.11: crews, heroes, broken units). A squad with underscored morale becomes two
    broken HS, an underscored HS is Disrupted (unless the SSR set the ELR, A19.132); a leader drops one rank
    (9-2 to 9-1, 9-1 to 8-1); with nothing lower the unit is Disrupted (A19.12). A squad failing a Casualty
    MC by more than its ELR becomes the lower-quality HS (A19.13, A10.31). An underscored squad has no
    lower quality: A10.31 replaces it first (two broken HS) and then Casualty Reduces it, so one broken HS of
    its own is left (the casualty stays a casualty)."""
    if unit.type == "crew" or is_hero(unit) or unit.has("broken"):  # A19.11 (a heroic leader too)
        return None
    if unit.values.get("leader_kind") == "commissar":
        return None  # A25.221: a commissar is never Replaced
    values = unit.values
    nat = nationality_of(unit)
    if unit.type == "leader":
        ladder = _ladder(nat)
        if unit.counter.name in ladder:
            i = ladder.index(unit.counter.name)
            if i + 1 < len(ladder) and ladder[i + 1] in counters:
                return Replacement((ladder[i + 1],), False, "A19.13")
            if i + 1 < len(ladder):
                return None  # A19.12: a leader above the lowest is Disrupted only by a HoB surrender (A15.5)
        return Replacement((), True, "A19.12")  # the lowest leader (6+1; a rank off the ladder) is Disrupted
    if values.get("underscored_morale") and not ssr_elr:
        half = values.get("reduces_to")
        if unit.type == "squad" and isinstance(half, str) and half in counters:
            if casualty:  # A10.31: replaced by two HS, then one of them is the casualty
                return Replacement((half,), False, "A19.13, A10.31", reduced=True)
            return Replacement((half, half), False, "A19.13")
        return Replacement((), True, "A19.13")
    lower = values.get("replaced_by")
    if not isinstance(lower, str) or lower not in counters:
        return Replacement((), True, "A19.12")
    if casualty and unit.type == "squad":
        half = counters[lower].values.get("reduces_to")
        if isinstance(half, str) and half in counters:
            return Replacement((half,), False, "A19.13, A10.31", reduced=True)
    rule = "A19.132" if ssr_elr and values.get("underscored_morale") else "A19.13"
    return Replacement((lower,), False, rule)


def battle_hardening(unit: UnitState, counters: Mapping[str, CounterType], *, early: bool = False,
                     nat: Nationality | None = None) -> tuple[str | None, bool, str]:
    """A15.3: the unit that a Battle Hardened unit becomes: (counter, becomes fanatic, rule). A leader rises
    one rank (6+1 to 7-0, 8-0 to 8-1, 9-2 to 10-2; a Finnish or Japanese 9-1 to 10-0; a nationality with its
    own ladder climbs that ladder, A25.72); an MMC takes the next better counter of its nationality (the
    smallest improvement: the counter's ``hardens_to``, or its ``hardens_to_early`` when ``early``, A25.211);
    an Elite MMC, one of a class the nationality makes Fanatic (A25.72: Finnish 1st Line), a counter marked
    ``hardens_fanatic`` (A25.84: the Romanian / Bulgarian SMG 5-3-7 and 2-2-7), or a unit with nothing
    better, becomes Fanatic on the same counter. ``nat``: the unit's nationality, when its counter
    does not name one (``nations.of``)."""
    nat = nat if nat is not None else nationality_of(unit)
    if unit.type == "leader":
        name = unit.counter.name
        own = "leader_ladder" in nat.traits  # A25.72: a Finnish leader climbs the Finnish ladder
        special = {} if own else {"6+1": "7-0", "8-0": "8-1", "9-2": "10-2"}
        if nat.name in ("finnish", "japanese"):
            special["9-1"] = "10-0"
        if name in special and special[name] in counters:
            return special[name], False, "A15.3"
        ladder = _ladder(nat)
        if name in ladder and ladder.index(name) > 0 and ladder[ladder.index(name) - 1] in counters:
            return ladder[ladder.index(name) - 1], False, "A25.72" if own else "A15.3"
        return None, True, "A15.3"
    if unit.values.get("hardens_fanatic"):  # A25.84: the Axis Minor SMG squads, whatever better counter
        return None, True, "A25.84"
    if unit_class(unit.values) == "elite":
        return None, True, "A15.3"
    if unit_class(unit.values) in nat.classes("hardens_fanatic_classes"):
        return None, True, "A25.72"
    better = unit.values.get("hardens_to_early") if early else None
    if isinstance(better, str) and better in counters:
        return better, False, "A25.211"
    better = unit.values.get("hardens_to")
    if isinstance(better, str) and better in counters:
        return better, False, "A25.2" if nat.name == "russian" else "A15.3"
    return None, True, "A15.3"


def us_number(unit: UnitState) -> int:
    """A1.6 unit size: an SMC 1, a HS or crew 2, a squad 3; a vehicle 4, a large or very large one (a
    negative size DRM, D1.7) 5. Horses and Guns (A13, chapter C) are not counted here."""
    if unit.type == "vehicle" and unit.values.get("vehicle"):
        from hexmate.rules.games.asl.vehicles import vehicle_of

        return 5 if vehicle_of(unit.values).size < 0 else 4
    return {"squad": 3, "hs": 2, "crew": 2}.get(unit.type, 1)


@cache
def demo_catalogue() -> Mapping[str, Mapping[str, int | str]]:
    """The demo counter catalogue (data/counters.json, "demo values"): name -> printed values with type."""
    path = DATA / "counters.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("format") != "hexmate-asl-counters/1" or not doc.get("demo"):
        raise DataError(f"{path}: format must be hexmate-asl-counters/1, labelled demo")
    out: dict[str, Mapping[str, int | str]] = doc["counters"]
    return out
