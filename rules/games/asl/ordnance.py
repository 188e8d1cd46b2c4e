"""ASL ordnance against vehicles: To Hit, hit location, To Kill, results, crew survival; CC against vehicles.

Chapter D says how vehicles use and suffer ordnance; the To Hit and To Kill tables and most of their Cases are
chapter C's, not among the texts. They come from an ordnance chart pack (``charts/ordnance-demo.json``,
format ``hexmate-asl-ordnance/1``): hexmate's pack is labelled "demo values", owners load their own, and the
cells chapter D's worked examples fix are listed in the pack's ``oracles`` with the rule that fixes each (a
test checks a pack against them). Every step of a shot is a named line with its rule, so a page shows it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.games.asl.vehicles import VehicleType
from hexmate.rules.text import T

FORMAT = "hexmate-asl-ordnance/1"
PACK_KEYS = {
    "format",
    "label",
    "to_hit",
    "to_hit_red",
    "weapon_to_hit",
    "cases",
    "case_a",
    "to_kill",
    "to_kill_he",
    "hit_location",
    "burn",
    "vehicle_terrain",
    "towing",
    "case_d_range",
    "oracles",
}
CASES = (
    "A",
    "B",
    "C",
    "C1",
    "C2",
    "C4",
    "E",
    "I",
    "J",
    "J1",
    "J2",
    "K",
    "L",
    "acquired",
    "plus1",
    "height",
    "hindrance",
    "bypass_side",
    "D",
    "gyro",  # D11.11: a stabilized gun's +1: on Case B stopped, on Case C (as its Case C4) not stopped
)


class PackError(DataError):
    def __init__(self, source: str, message: str, key: str | None = None) -> None:
        super().__init__(f"{source}" + (f", key {key!r}" if key else "") + f": {message}")


@dataclass(frozen=True)
class OrdnancePack:
    source: str
    label: str
    to_hit: Mapping[str, tuple[tuple[int, int], ...]]  # target type -> (max range, base TH#) rows (C3)
    weapon_to_hit: Mapping[str, int]  # weapons with a fixed TH# (an MG used as ordnance, D.8 example)
    cases: Mapping[str, int]  # TH DRM of each Case (C5-C6), and the TK Case D
    case_a: Mapping[str, tuple[int, ...]]  # mount -> DRM by hexspines turned (C5.1)
    to_kill: Mapping[str, tuple[tuple[int, int], ...]]  # gun class -> (max range, basic TK#) rows (C7)
    turret_if_coloured_below_white: bool  # hit location rule (C3.9)
    burn_margin: int  # a kill burns when the final TK DR is at most TK# minus this (C7.7)
    vehicle_terrain: Mapping[str, str | int]  # terrain -> MP ("half": 1/2 MPA; "all": all MP, D2.7; "NA")
    # C10.1 (not among the texts): MP towing adds per hex, and a hook-up's and an unhooking's cost
    towing: Mapping[str, int] = field(default_factory=lambda: {"entry_mp": 1, "hook_mp": 0, "unhook_mp": 0})
    # A21.12: captured ordnance uses the red To Hit table (chapter C's, not among the texts): the pack's own
    to_hit_red: Mapping[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    oracles: tuple[Mapping[str, Any], ...] = field(default=())
    # the TK Case D (chapter C, not among the texts) applies up to this range (A9.61 MG attacks use it)
    case_d_range: int = 0
    # gun class -> (max range, basic TK#) rows of normal HE against armor (C7, optional: A16.2's Armor
    # Superiority takes the better of normal AP and HE; a pack without them has AP alone)
    to_kill_he: Mapping[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    def base_th(self, target_type: str, rng: int, weapon: str = "", *, red: bool = False) -> int:
        if weapon in self.weapon_to_hit:
            return self.weapon_to_hit[weapon]
        if red:  # A21.12: captured ordnance; A25.242, A25.32, A25.83: by its user or maker
            if target_type not in self.to_hit_red:
                raise PackError(self.source, f"no red To Hit row for {target_type!r}: captured ordnance "
                                "(A21.12), some users' and makers' (A25.242, A25.32, A25.83) use the red TH#",
                                "to_hit_red")
            return _row(self.to_hit_red[target_type], rng, self.source, f"to_hit_red.{target_type}")
        return _row(self.to_hit[target_type], rng, self.source, f"to_hit.{target_type}")

    def basic_tk(self, gun: str, rng: int) -> int:
        if gun not in self.to_kill:
            raise PackError(
                self.source,
                f"no To Kill row for {gun!r} (known: {', '.join(sorted(self.to_kill))})",
                "to_kill",
            )
        return _row(self.to_kill[gun], rng, self.source, f"to_kill.{gun}")

    def basic_tk_he(self, gun: str, rng: int) -> int | None:
        """The basic TK# of the gun's normal HE at ``rng`` (C7), None when the pack has no HE row for it."""
        if gun not in self.to_kill_he:
            return None
        return _row(self.to_kill_he[gun], rng, self.source, f"to_kill_he.{gun}")

    def case_a_drm(self, mount: str, hexspines: int) -> int:
        rate = "ST" if mount in ("RST", "1MT") else mount  # D1.32: ST (D1.321, D1.322: RST, 1MT are ST types)
        row = self.case_a[rate]
        return row[min(hexspines, len(row) - 1)]


def _row(rows: tuple[tuple[int, int], ...], rng: int, source: str, key: str) -> int:
    for top, value in rows:
        if rng <= top:
            return value
    raise PackError(source, f"range {rng} is beyond the last row", key)


def parse_pack(source: str, data: Any) -> OrdnancePack:
    if not isinstance(data, dict):
        raise PackError(source, "an ordnance pack is a JSON object")
    for k in data:
        if k not in PACK_KEYS:
            raise PackError(source, f"unknown key (allowed: {', '.join(sorted(PACK_KEYS))})", k)
    if data.get("format") != FORMAT:
        raise PackError(source, f"format must be {FORMAT!r}", "format")

    def rows(key: str) -> dict[str, tuple[tuple[int, int], ...]]:
        table = data.get(key)
        if not isinstance(table, dict) or not table:
            raise PackError(source, "must be an object of name -> [[max range, number], ...]", key)
        out = {}
        for name, rs in table.items():
            if (
                not isinstance(rs, list)
                or not rs
                or not all(
                    isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) for x in r) for r in rs
                )
            ):
                raise PackError(source, "rows are [[max range, number], ...]", f"{key}.{name}")
            out[name] = tuple((int(a), int(b)) for a, b in rs)
        return out

    cases = data.get("cases", {})
    if not isinstance(cases, dict) or any(k not in CASES or not isinstance(v, int) for k, v in cases.items()):
        raise PackError(source, f"cases map Case names ({', '.join(CASES)}) to whole DRMs", "cases")
    case_a = data.get("case_a", {})
    if not isinstance(case_a, dict) or set(case_a) != {"T", "ST", "NT"}:
        raise PackError(source, "case_a needs rows for the T, ST and NT rates", "case_a")
    for mount, row in case_a.items():
        if (
            not isinstance(row, list)
            or len(row) < 2
            or row[0] != 0
            or not all(isinstance(x, int) for x in row)
        ):
            raise PackError(
                source, "a Case A row starts at 0 for no turn, then the DRM per hexspines", f"case_a.{mount}"
            )
    towing = data.get("towing", {"entry_mp": 1, "hook_mp": 0, "unhook_mp": 0})
    tow_keys = {"entry_mp", "hook_mp", "unhook_mp"}
    if (not isinstance(towing, dict) or set(towing) - {"note"} != tow_keys
            or any(not isinstance(towing[k], int) or isinstance(towing[k], bool) or towing[k] < 0
                   for k in tow_keys)):
        raise PackError(source, "towing gives whole MP >= 0 for entry_mp, hook_mp and unhook_mp (C10.1)",
                        "towing")
    loc = data.get("hit_location", {})
    burn = data.get("burn", {})
    return OrdnancePack(
        source=source,
        label=str(data.get("label", "")),
        to_hit=rows("to_hit"),
        weapon_to_hit={str(k): int(v) for k, v in data.get("weapon_to_hit", {}).items()},
        cases=dict(cases),
        case_a={k: tuple(v) for k, v in case_a.items()},
        to_kill=rows("to_kill"),
        turret_if_coloured_below_white=bool(loc.get("turret_if_coloured_below_white", True)),
        burn_margin=int(burn.get("margin", 4)),
        vehicle_terrain=dict(data.get("vehicle_terrain", {})),
        towing={k: int(towing[k]) for k in tow_keys},
        oracles=tuple(data.get("oracles", ())),
        to_hit_red=rows("to_hit_red") if "to_hit_red" in data else {},
        case_d_range=_whole(source, data.get("case_d_range", 0), "case_d_range"),
        to_kill_he=rows("to_kill_he") if "to_kill_he" in data else {},
    )


def _whole(source: str, value: Any, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PackError(source, "must be a whole number >= 0", key)
    return value


DEMO_PACK = Path(__file__).resolve().parent / "charts" / "ordnance-demo.json"


@lru_cache(maxsize=8)
def load_pack(path: str = str(DEMO_PACK)) -> OrdnancePack:
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise PackError(str(p), f"cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise PackError(str(p), f"not JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    return parse_pack(str(p), data)


# --- To Hit (D3, D4, D5.2; tables C3, cases C5-C6) ---
@dataclass(frozen=True)
class Step:
    """One line of a worked shot: what, the number, and its rule."""

    name: str
    value: int
    rule: str
    text: str


def case_a(
    pack: OrdnancePack,
    mount: str,
    *,
    turret_turns: int = 0,
    hull_turns: int = 0,
    bow: bool = False,
    acquired_again: bool = False,
    bypass_side: bool = False,
) -> int:
    """Case A for a CA change (D3.51): a hull (VCA) turn at the NT rate, plus the turret's turn relative to
    the new hull at its own rate; a bow weapon pays the hull part only. A bypassing vehicle pays +1 more for
    turning to or through a side TCA (D2.321); a re-shot at a target the weapon acquired pays nothing."""
    if acquired_again:
        return 0
    drm = pack.case_a_drm("NT", hull_turns) if hull_turns else 0
    if not bow and turret_turns:
        drm += pack.case_a_drm(mount, turret_turns)
    return drm + (pack.cases.get("bypass_side", 1) if bypass_side else 0)


def to_hit(
    pack: OrdnancePack,
    *,
    target_type: str,
    rng: int,
    weapon: str = "",
    cases: tuple[str, ...] = (),
    case_a_drm: int = 0,
    size: int = 0,
    tem: int = 0,
    hindrance: int = 0,
    hd: bool = False,
    leadership: int = 0,
    captured: bool = False,
    overstack: int = 0,
    red: tuple[str, str] | None = None,
) -> tuple[int, list[Step]]:
    """The modified TH#: the base from the pack's To Hit table less every DRM (C3; the TH DR must be no
    more than it). Returns the number and its steps. HD takes away Case Q and the height TEM (D4.2, D4.22).
    ``captured`` (A21.12): the red TH# and Case H, +2. ``overstack`` (A5.12): the firing Location's vehicles
    and squad-equivalents over the stacking limit, +1 each. ``red``: the rule by which it fires with the
    red TH# and why, its user's nationality or its maker and the date (A25.242, A25.32, A25.83:
    nations.red_to_hit), without Case H."""
    base = pack.base_th(target_type, rng, weapon, red=captured or red is not None)
    if captured and weapon not in pack.weapon_to_hit:  # A21.12: captured ordnance uses the red TH#
        said = T("red To Hit number {n} at range {r} (captured, A21.12)", n=base, r=rng)
        steps = [Step("base", base, "A21.12", said)]
    elif red is not None and weapon not in pack.weapon_to_hit:  # A25.242, A25.32, A25.83
        said = T("red To Hit number {n} at range {r} ({why}, {rule})", n=base, r=rng, why=red[1], rule=red[0])
        steps = [Step("base", base, red[0], said)]
    else:
        steps = [Step("base", base, "C3", T("To Hit number {n} at range {r}", n=base, r=rng))]
    drms: list[Step] = []
    if captured:
        drms.append(Step("H", 2, "A21.12", T("Case H, captured ordnance: +2 (A21.12)")))
    if case_a_drm:
        drms.append(Step("A", case_a_drm, "D3.51", T("Case A, covered arc change: +{d}", d=case_a_drm)))
    for c in cases:
        if c == "height" and hd:
            continue
        d = pack.cases[c]
        drms.append(Step(c, d, "D3", T("Case {case}: {d:+d}", case=c, d=d)))
    if size:
        drms.append(Step("P", size, "D1.7", T("Case P, target size: {d:+d}", d=size)))
    if tem and not hd:
        drms.append(Step("Q", tem, "D4.1", T("Case Q, target TEM: {d:+d}", d=tem)))
    if hindrance:
        drms.append(Step("hindrance", hindrance, "D4.1", T("LOS hindrance: +{d}", d=hindrance)))
    if leadership:
        drms.append(Step("leader", leadership, "D3.44", T("armor leader: {d:+d}", d=leadership)))
    if overstack:
        drms.append(Step("overstack", overstack, "A5.12",
                         T("firing Location over the stacking limit: +{d}", d=overstack)))
    final = base - sum(s.value for s in drms)
    steps += drms
    steps.append(Step("final", final, "C3", T("hits on a DR of {n} or less", n=final)))
    return final, steps


def hits(dr: tuple[int, int], th: int, *, hd: bool = False, pack: OrdnancePack | None = None) -> bool:
    """A hit when the TH DR (white, colored) is no more than the modified TH#; against a Hull Down target a
    hull hit is a miss (D4.2)."""
    if sum(dr) > th:
        return False
    return not (hd and pack is not None and location(pack, dr) == "hull")


def location(pack: OrdnancePack, dr: tuple[int, int]) -> str:
    """Hull or turret (C3.9, from the pack): a colored die below the white one hits the turret."""
    white, coloured = dr
    return "turret" if (coloured < white) == pack.turret_if_coloured_below_white else "hull"


def malfunction(dr: tuple[int, int], b: int = 12) -> bool:
    """D3.7: the gun breaks down on an original TH DR of 12 or of its printed B# or more."""
    return sum(dr) >= b


def breakdown(original: int, b: int = 12, *, low_ammo: bool = False, low_ammo_marker: bool = False) -> str:
    """What an original TH DR does to the gun (D3.7, D3.71): ``malfunction``, ``low_ammo`` (a circled B#
    reached below 12: the old B# becomes an X#, the new B# one less), ``disabled`` (an X# reached: the MA
    is disabled, and with no MA/SA left the vehicle is recalled) or ``""``."""
    if low_ammo and low_ammo_marker:
        if original >= b:
            return "disabled"
        return "malfunction" if original >= b - 1 else ""
    if original == 12:
        return "malfunction"
    if original >= b:
        return "low_ammo" if low_ammo else "malfunction"
    return ""


def captured_breakdown(original: int, b: int = 12, *, cut: int = 2) -> str:
    """A21.11 with A.11: a captured gun's B# is 2 lower (``cut`` 4 when doubled, A21.13) and its original B#
    becomes its X#: ``disabled`` at or above the original B#, ``malfunction`` at or above the lowered one,
    else ``""``.

    >>> captured_breakdown(10), captured_breakdown(11), captured_breakdown(12), captured_breakdown(9)
    ('malfunction', 'malfunction', 'disabled', '')
    """
    if original >= b:
        return "disabled"
    return "malfunction" if original >= b - cut else ""


def repair(dr: int) -> str:
    """D3.7: one repair dr per malfunctioned weapon in each RPh: 1 repairs it, 6 disables it for good."""
    return {1: "repaired", 6: "disabled"}.get(dr, "")


# --- To Kill and its results (C7 in the pack; D5.34, D5.6, D5.7, D6.71 fixed here) ---
def final_tk(basic: int, af: int | None, *, case_d: int = 0) -> int:
    """Final TK#: the basic TK# and its modifications less the armor factor hit (0 on an unarmored aspect)."""
    return basic + case_d - (af or 0)


def tk_result(pack: OrdnancePack, dr: int, tk: int, vehicle: VehicleType, *, mg: bool = False) -> str:
    """What a TK DR does: ``burns``, ``destroyed``, ``shocked``, ``stunned``, ``immobilized`` or ``none``.

    Fixed by chapter D: an MG's TK DR equal to the Final TK# stuns the crew (D5.34); against an unarmored
    vehicle a DR equal to the Final TK# immobilizes it and one more is no effect (D6.71). The rest is C7's
    (pack): below the TK# destroys it, burning at the pack's margin (a red CS# takes 1 off that check only,
    D5.7); equal shocks an AFV."""
    if dr < tk:
        burn_dr = dr - (1 if vehicle.cs_red else 0)
        return "burns" if burn_dr <= tk - pack.burn_margin else "destroyed"
    if dr == tk:
        if not vehicle.armored:
            return "immobilized"
        return "stunned" if mg else "shocked"
    return "none"


def crew_survives(
    dr: int, vehicle: VehicleType, *, shaken: bool = False, burned: bool = False, in_cc: bool = False
) -> bool:
    """D5.6: a crew survives its vehicle's destruction on a DR no more than the CS#, +1 if broken, shocked
    or stunned; no roll (no survivor) when it burned or died in CC, or with a lower-case cs#."""
    if burned or in_cc or vehicle.cs_lower:
        return False
    return dr + (1 if shaken else 0) <= vehicle.cs


def collateral_dr(tk_dr: int, *, ce_drm: int = 2) -> int:
    """D.8A: a specific collateral attack on exposed crew uses the same unmodified DR plus only the CE DRM
    (D5.31: +2)."""
    return tk_dr + ce_drm


# --- Close Combat against vehicles (A11.5, A11.501, A11.51; D7.2) ---
CCV = {"squad": 5, "crew": 4, "hs": 3, "leader": 2}


def ccv(
    unit_type: str,
    *,
    with_smc: bool = False,
    engineer: bool = False,
    inexperienced: bool = False,
    halvings: int = 0,
) -> int:
    """A11.5: squad 5, crew 4, HS 3, SMC 2; +1 assault engineer, -1 inexperienced, +1 with an SMC, -1 per
    FP halving (pinned, Final Fire marked...)."""
    return CCV[unit_type] + with_smc + engineer - inexperienced - halvings


def cc_drm(
    *,
    unarmored: bool = False,
    no_mg: bool = False,
    defenders: int = 0,
    moving: bool = False,
    ambush: int = 0,
    leadership: int = 0,
    plus1: bool = False,
) -> int:
    """A11.51: -3 unarmored, -1 with no working MG, +1 per defending HS/crew (+2 per squad: pass them in
    ``defenders``), +2 vs a Motion/non-stopped vehicle, ambush and leadership; the stun's +1 (D5.34)."""
    return -3 * unarmored - no_mg + defenders + 2 * moving + ambush + leadership + plus1


def cc_result(original: int, drm: int, value: int, extra_dr: int | None = None) -> str:
    """A11.5: a final DR below the CCV destroys the vehicle (burns at half the CCV or less); equal
    immobilizes it. A11.501: an original 2 rolls a further dr: 1 burns, 2 destroys, 3 immobilizes."""
    final = original + drm
    if final < value:
        out = "burns" if final * 2 <= value else "destroyed"
    elif final == value:
        out = "immobilized"
    else:
        out = "none"
    if original == 2 and extra_dr is not None:
        chance = {1: "burns", 2: "destroyed", 3: "immobilized"}.get(extra_dr, "none")
        rank = ["none", "immobilized", "destroyed", "burns"]
        out = max(out, chance, key=rank.index)
    return out


__all__ = [
    "OrdnancePack",
    "PackError",
    "Step",
    "breakdown",
    "case_a",
    "cc_drm",
    "cc_result",
    "ccv",
    "collateral_dr",
    "crew_survives",
    "final_tk",
    "hits",
    "load_pack",
    "location",
    "malfunction",
    "parse_pack",
    "repair",
    "tk_result",
    "to_hit",
]
