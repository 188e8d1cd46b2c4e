"""Heroes in fire (A15.23, A15.24), and the heroic leader (A15.21) wherever a hero's traits apply.

Audit of A15.2-A15.24 against the text (paraphrased):

- A15.2: a hero fails an MC by being wounded (flipped to its wounded side, severity dr), a wounded hero
  failing one is eliminated; never broken, berserk, cowering or pinned; his printed morale is never lowered
  (morale.morale_check, morale.pinnable, units.morale_of, units.cowering_exempt, aftermath._break); a
  wounded hero's Casualty MC (A10.31) is a failed MC too: eliminated. Made to break with no MC (a KIA's
  survivor, A7.301; a MOL's coloured 6, A22.6111) he is Casualty Reduced: wounded, the severity dr +1 if
  he was wounded already (A7.302, A17.11), not eliminated outright (aftermath._break). The
  exceptions (Double Time CX, A4.134; a wound's pin, A17.2; PF/ATMM C13; huts G5.5) are chapters C/G or
  movement rules outside this module.
- A15.21: a hero appears on a final HoB DR of 6 or less (aftermath.resume_hob) with the fire and move state
  of the MMC that made him. A leader who becomes a hero rallies, keeps his counter and gets the ``heroic``
  marker: from then on ``units.is_hero`` holds for him, so he too is wounded instead of broken, never
  pinned, exempt from HoB (A15.1) and from ELR replacement (A19.11), and still causes a Leader Loss MC when
  eliminated (aftermath._leader_lost). He may not add his hero DRM to his leadership DRM: in fire he gives
  the hero's -1 only when his leadership is not in the attack (a leader firing a SW directs nothing, A9.12);
  in CC the better of the two (cc.py: his 0 or +1 leadership gives way to the -1), and so in fire
  (``hero_instead``). He has the hero's inherent FP of 1, normal range 4 (3 wounded; units.heroic_inherent),
  which a leader has not (A7.53): named among the firers, alone or in a Fire Group, he fires it and may
  direct the group as well; firing a SW he loses it (A15.23, fire._split) and only directs.
- A15.22: pinned only as A17.2 says: a Good Order (or berserk) SMC, a hero too, wounded during its move after
  spending 4 MF or more is pinned (aftermath._wounded_on_the_move).
- A15.23: a hero fires a SW MG alone at full FP, not as a lone leader's Area Fire (fire.lone_leader_mg),
  with +1 on the IFT DR, offset by his own -1 (``fire_drms``). He loses his inherent FP while he uses a SW
  (fire.py, A7.35). Not built, as the text binds them to other chapters: his firing of Guns and captured
  Guns (C, with A21.11/A21.12's penalties), the CA of NT weapons (C2.27's M#) and the AAMG of an AFV he
  rides (D1.83's AAMG, D6.2's riders).
- A15.24: -1 on the IFT/CC DR for each hero taking part whose inherent FP or SW fires within its normal
  range, cumulative with leadership and other heroes, wherever the rest of the Fire Group is; none for a FT
  or DC attack (``fire_drms``; cc.py for CC). His use of it in Search (A12.152) is search.py's.

The rest of the a28 audit of A15-A20 (short; the full table is in the branch's report):

- A15.1 HoB: on an MC's Original 2 (aftermath.py) and on a rally's that is not a self-rally (rally.py, with
  the broken +1 kept); exempt: crews, heroes, berserk, Unarmed, HW, cavalry, PRC (morale.hob_exempt,
  aftermath.hob_exempt_at); climbing/swimming/wading, boats, parachutes: chapters B/E/G. Under No Quarter a
  surrender result is berserk (A15.5). A15.3: Battle Hardening is asked, and may be refused.
- A16 Battlefield Integrity (optional): the arithmetic is morale.integrity_*; the tally, the checks and the
  ELR changes in play are integrity.py's (a scenario's options.integrity, a bpv on the MMC counters).
- A17: wounds, severity, 3 MF, IPC 0, morale and leadership -1 (units.py), the pin after 4 MF
  (aftermath._wounded_on_the_move); a Good Order MMC carrying a wounded SMC as 5 PP (A17.2): woundcarry.py.
- A18: leaders.py, ccleader.py. A19: units.replacement, disrupt.py, unarmed.py, ammo.py. A20: prisoners.py,
  capture.py, guards.py, escape.py, rearm.py, scrounge.py; Mop-Up (A20.23) is search.py's (A12.153).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

Drm = tuple[T, int, str]


def _range(unit: UnitState) -> int:
    got = unit.values.get("range", 0)
    return got if isinstance(got, int) else 0


def _own_range(unit: UnitState) -> int:
    """A hero's inherent normal range: his counter's, or a heroic leader's hero counter's (A15.21)."""
    heroic = au.heroic_inherent(unit)
    return heroic[1] if heroic is not None else _range(unit)


def hero_instead(position: Position, people: Sequence[UnitState], weapons: Sequence[UnitState],
                 target: Hex, leaders: Sequence[str], leadership: int) -> bool:
    """A15.21: a heroic leader uses his hero DRM or his leadership DRM, never both: the hero's -1 instead when
    every leader directing this attack is heroic, his leadership is no better than -1, and he earns the hero
    DRM here (his inherent FP, or a SW he possesses, firing within its normal range, A15.24)."""
    if leadership < -1 or not leaders:
        return False
    units = [position.units.get(lid) for lid in leaders]
    if any(u is None or u.type != "leader" or not au.is_hero(u) for u in units):
        return False
    earning = {u.id for u in people if u.hex is not None and distance(u.hex, target) <= _own_range(u)}
    for sw in weapons:
        owner = _possessor(position, sw)
        if owner is not None and owner.hex is not None and distance(owner.hex, target) <= _range(sw):
            earning.add(owner.id)
    return all(lid in earning for lid in leaders)


def _possessor(position: Position, sw: UnitState) -> UnitState | None:
    return position.units.get(sw.carrier or "")


def lone_mg(position: Position, sw: UnitState, firers: Sequence[UnitState]) -> bool:
    """A15.23: a SW MG fired by a hero (or heroic leader) with no second SMC of his Location firing it."""
    owner = _possessor(position, sw)
    if sw.type != au.SW or sw.values.get("sw") != "mg" or owner is None or not au.is_hero(owner):
        return False
    return not [u for u in firers if u.type in au.SMC and u.id != owner.id and u.hex == owner.hex]


def fire_drms(position: Position, people: Sequence[UnitState], weapons: Sequence[UnitState],
              firers: Sequence[UnitState], target: Hex, *, ft_attack: bool, led: bool) -> list[Drm]:
    """A15.23, A15.24: the hero DRMs of one attack. -1 for each hero firing his inherent FP, or a SW he
    possesses, within its normal range (a heroic leader only when no leadership DRM is in the attack, A15.21);
    +1 for each SW MG a hero fires alone (A15.23). None for a FT attack (A15.24)."""
    if ft_attack:
        return []
    out: list[Drm] = []
    heroes: dict[str, UnitState] = {}
    for hero in people:
        if not au.is_hero(hero) or hero.hex is None or distance(hero.hex, target) > _own_range(hero):
            continue
        if hero.type == "leader" and led:
            continue  # A15.21: a heroic leader's hero DRM is not added to leadership
        heroes[hero.id] = hero
    for sw in weapons:
        owner = _possessor(position, sw)
        if owner is None or owner.hex is None or not au.is_hero(owner):
            continue
        if owner.type == "leader" and led:
            continue  # A15.21: a heroic leader's hero DRM is not added to leadership
        if distance(owner.hex, target) <= _range(sw):
            heroes[owner.id] = owner
    for hero in sorted(heroes.values(), key=lambda u: u.id):
        out.append((T("hero ({unit})", unit=hero.id), -1, "A15.24"))
    for sw in weapons:
        if lone_mg(position, sw, firers):
            out.append((T("a hero alone firing a MG ({sw})", sw=sw.id), 1, "A15.23"))
    return out


__all__ = ["fire_drms", "hero_instead", "lone_mg"]
