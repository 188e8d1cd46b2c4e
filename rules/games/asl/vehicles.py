"""ASL vehicles as units: the owner-filled vehicle catalogue, printed values, and vehicle states (D1, D.7).

Vehicle counters and chapter H's Vehicle Notes are the players' own books: hexmate ships no real vehicle.
A catalogue is a JSON file an owner fills from theirs (``hexmate-asl-vehicles/1``); the demo catalogue holds
invented vehicles labelled "demo values". A scenario's counter of type ``vehicle`` names its catalogue entry
(``"vehicle": "demo-pz-g"``) and the catalogue file (``"catalogue": "catalogues/demo-vehicles.json"``,
relative to the game's data folder). Every error names the file and the place (vehicle id and key).

A vehicle's changing state lives in its ``UnitState``: ``facing`` is its VCA hexspine (``rules/games/asl/
facing.py``) and its markers hold the rest: ``motion``, ``reverse``, ``bu``/``ce``, ``immobilized``,
``bogged``, ``mired``, ``shocked``, ``stunned``, ``plus1`` (the stun's aftermath), ``abandoned``, ``wreck``,
``burning``, ``hd``, ``ma_malf``. The TCA is the marker ``tca<k>`` (the TCA's hexspine, numbered like
facings: ``tca2`` = TCA at facing 2), there only while it differs from the VCA (D3.12).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError

FORMAT = "hexmate-asl-vehicles/1"
AF_LADDER = (0, 1, 2, 3, 4, 6, 8, 11, 14, 18, 26)  # D1.6: the eleven armor factors, in rank order
# The movement type, read from the ground of the printed MP: D1.13 fully tracked (a white oval), D1.14 half
# tracked (small circle and oval), D1.12 armored car (a white circle), D1.15 truck (two circles, a figure 8:
# the text's own example, the BA-20, is an armored car that moves as a truck); D12 wagon (wagon.py), D17.1
# aerosan (aerosan.py), D1.11 motorcycle (D15, moto.py). What each type changes: D2.21's reverse (REVERSE),
# D2.5's ESB (tracked only, vmove.esb_drm), D8.21's truck-type bog DRM (vmove.bog_drm).
MOVEMENT = ("tracked", "halftrack", "armored_car", "truck", "wagon", "aerosan", "motorcycle")
# D1.31 T (thin circle), D1.32 ST (thin square), D1.321 RST, D1.322 1MT, D1.33 NT (no mark). An ST turret's
# slower turn is Case A's ST row (C5.1, D3.51: ordnance.case_a_drm); RST and 1MT take that row too.
MOUNTS = ("T", "ST", "RST", "1MT", "NT")
# D1.41 low (ID letter boxed), D1.42 normal (neither boxed nor circled: the default), D1.43 high (circled);
# D8.21 reads them as bog DRM 0, +1, +2 (vmove.bog_drm).
PRESSURE = ("low", "normal", "high")
MANUFACTURERS = {"a": 0, "t": 0, "r": 1, "c": 1, "b": 2, "g": 2, "f": 3, "i": 3, "other": 3}  # D2.5 ESB DRM
REVERSE = {"tracked": 4, "truck": 3, "armored_car": 2, "halftrack": 4,  # D2.21 (halftrack: its tracks, x4)
           # D1.13 tracked, D1.15 truck, D1.12 armored car: the counter's REV x# overrides (``rev``)
           "wagon": 0,  # D2.21 gives a wagon none: 0, no reverse unless its entry gives ``rev`` (wagon.py)
           "aerosan": 0,  # D17.21: an aerosan never moves in reverse
           "motorcycle": 0}  # D15.42: a motorcycle never reverses
TURRET_RANK = {"same": 0, "boxed": 1, "circled": -1}  # D1.63 superior, D1.64 inferior turret


class CatalogueError(DataError):
    """A malformed vehicle catalogue: names the file, the vehicle and the key."""

    def __init__(self, source: str, message: str, *, vehicle: str | None = None, key: str | None = None):
        where = [source] + ([f"vehicle {vehicle!r}"] if vehicle else []) + ([f"key {key!r}"] if key else [])
        super().__init__(f"{', '.join(where)}: {message}")
        self.source, self.vehicle, self.key = source, vehicle, key


@dataclass(frozen=True)
class MainArmament:
    """The MA (D1.3): calibre in mm and type ("gun", "MG", "FT"), its length letter (C: L, LL, *), mount,
    multiple ROF (D3.5), breakdown number (D3.7), and whether that B# is circled (low ammo, D3.71). ``fp``:
    an MG MA's FP, printed at the counter's lower left as its MA (D3.5); 0 for any other kind."""

    calibre: int
    kind: str = "gun"
    length: str = ""
    mount: str = "T"
    rof: int = 0
    b: int = 12
    low_ammo: bool = False
    fp: int = 0


@dataclass(frozen=True)
class VehicleFT:
    """A vehicle's inherent FT (D1.8, D3.6): its mount (``B`` bow, NT; ``T`` turret), FP and X#, and whether
    its FP is underlined (a normal range of 2 hexes instead of 1, A22.1)."""

    mount: str
    fp: int
    x: int
    range2: bool = False

    @property
    def normal_range(self) -> int:
        return 2 if self.range2 else 1


@dataclass(frozen=True)
class VehicleType:
    """Printed values of one vehicle (D1): counter front, wreck side and the owner's Vehicle Note."""

    id: str
    name: str
    nationality: str
    manufacturer: str
    movement: str
    mp: int
    red_mp: bool
    ground_pressure: str
    hull_front: int | None  # None: unarmored (D1.21)
    hull_side: int | None
    turret_front: int | None
    turret_side: int | None
    rear_unarmored: str  # "" fully armored; "hull"/"turret": partially armored (D1.22)
    open_topped: bool  # D1.23: the top view printed on white: OT; D1.24: an armored one not OT is CT
    # Case P TH DRM: D1.71 very large -2, D1.72 large -1, D1.73 average 0 (both AF black: no DRM), D1.74
    # small +1 (front AF on a white dot), D1.75 very small +2 (vfire's Case P; mgafv.py)
    size: int
    ma: MainArmament | None
    bmg: int = 0
    cmg: int = 0
    aamg: int = 0
    cs: int = 0
    cs_red: bool = False  # D5.7: brew-up prone
    cs_lower: bool = False  # lower-case cs#: the crew never survives (D5.6)
    rev: int = 4
    riders: bool = False  # may carry riders (D6.2)
    passengers: int = 0  # PP of passengers (D6.1)
    tow: int = 0  # T#: the heaviest Gun it may tow (D1.5; what the weight means is C10.1's)
    weight: int = 0  # tonnes, for the 90% rules (D8.3, D10.42)
    notes: str = ""
    bmg_fixed: bool = False  # D1.81: a fixed BMG (white dot): +1 at moving targets; never scrounged (D10.51)
    cmg_aamg: bool = False  # D10.51: a CMG the Vehicle Note lets replace an AAMG: it may be scrounged
    sw: tuple[str, ...] = ()  # D10.51: SW the Vehicle Note says it carries (scenario counter names)
    wreck: bool = True  # D1.9, D10.1: False when the counter's back shows no wreck: destroyed, it is removed
    carrier: bool = False  # D6.8: a carrier: a halftrack in the rules but for D6.81-D6.84 (carriers.py)
    tower: bool = False  # D6.82: a carrier designated as a Gun tower (it has an ordinary inherent crew)
    gyro: bool = False  # D11.1: a "G" on the wreck side: it may have a gyrostabilizer (if the SSR says so)
    schuerzen: bool = False  # D11.21: "Sz" on the counter's back: it may have Schuerzen (if the SSR says so)
    demo: bool = False
    rmg: int = 0  # D1.81: a hull rear MG ("R#" after the BMG FP): rear target facing or own hex only
    trmg: int = 0  # D1.82: a turret rear MG ("R#" after the CMG FP): range 8, the turret's rear or own hex
    ft: VehicleFT | None = None  # D1.8, D3.6
    smoke: str = ""  # D13.1: the dispenser's kind, sD, sM, sP or sN ("" none)
    smoke_usage: int = 0  # D13.1: its usage number
    smoke_usage_late: int = 0  # D13.34: an sN's "#4/#5": the number from 1945 (0: the same)
    radioless: bool = False  # D14.1: the R symbol on the counter's back
    sidecar: bool = False  # D15.1: a motorcycle with sidecars (else a "cycle")
    silhouettes: int = 0  # D15.1: a motorcycle counter's top views: 3 squad, 2 HS/crew, 1 SMC
    sledge: str = ""  # D12.5: a wagon counter's back, a sledge: the id of its front (wagon) side
    passenger_remove: tuple[str, ...] = ()  # D6.631: weapons its Vehicle Note lets passengers take out

    @property
    def armored(self) -> bool:
        """D1.2: any armor (D1.6) makes it an AFV, unhurt by small arms on the IFT but at an unarmored aspect
        (game.py's small-arms check, mgafv.py); D1.21: no AF printed, unarmored."""
        return self.hull_front is not None

    @property
    def tracked(self) -> bool:
        return self.movement == "tracked"

    def af(self, where: str, aspect: str) -> int | None:
        """The armor factor hit at ``where`` (hull/turret) and ``aspect`` (front/side/rear); None = unarmored
        there (D1.6, D1.22: partially armored vehicles have no rear armor). D1.61: the upper printed AF is the
        hull front, and the turret's front too unless boxed or circled; D1.62: the lower is the hull side and
        rear, and the turret's unless boxed or circled (parse_vehicle's ``same``; D1.63, D1.64)."""
        if aspect == "rear" and self.rear_unarmored in ("hull", where):
            return None
        if where == "turret":
            return self.turret_front if aspect == "front" else self.turret_side
        return self.hull_front if aspect == "front" else self.hull_side

    def ovr_fp(self, *, ma_working: bool = True, mg_working: bool = True) -> Fraction:
        """D7.11: the OVR's FP before passengers: base 1 (unarmored), 2 (AFV) or 4 (an AFV whose working MA
        is not an MG/FT/MTR/ATR), plus every working MG's FP x3 (TPBF) then halved (moving), rear MGs out.
        The halving of the MG part keeps fractions (it is added to the base, then the IFT column rounds down:
        the D7.2 example's 20 1/2 FP use the 20 column)."""
        if not self.armored:
            base = 1
        elif ma_working and self.ma is not None and self.ma.kind == "gun":
            base = 4
        else:
            base = 2
        mg = (self.bmg + self.cmg + self.aamg) if mg_working else 0
        return base + Fraction(mg * 3, 2)


def rank_shift(af: int, ranks: int) -> int:
    """An armor factor moved ``ranks`` steps on the D1.6 ladder (a boxed turret is one higher, D1.63)."""
    i = AF_LADDER.index(af) + ranks
    return AF_LADDER[max(0, min(len(AF_LADDER) - 1, i))]


def _need(d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], err: Any) -> Any:
    if key not in d:
        raise err(f"missing {key!r}", key)
    value = d[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise err(f"{key!r} has the wrong type ({type(value).__name__})", key)
    return value


_KEYS = {
    "name",
    "nationality",
    "manufacturer",
    "movement",
    "mp",
    "red_mp",
    "ground_pressure",
    "armor",
    "open_topped",
    "size",
    "ma",
    "mg",
    "cs",
    "cs_red",
    "cs_lower",
    "rev",
    "riders",
    "passengers",
    "tow",
    "weight",
    "notes",
    "demo",
    "bmg_fixed",
    "cmg_aamg",
    "sw",
    "wreck",
    "carrier",
    "tower",
    "gyro",
    "schuerzen",
    "ft",
    "smoke",
    "radioless",
    "sidecar",
    "silhouettes",
    "sledge",
    "passenger_remove",
}
SMOKE_KINDS = ("sD", "sM", "sP", "sN")  # D13.1
FT_MOUNTS = ("B", "T")  # D1.8 (S, the side mount, needs the Vehicle Note's arc: not built)
_ARMOR_KEYS = {"hull_front", "hull_side", "turret_front", "turret_side", "rear_unarmored"}
_MA_KEYS = {"calibre", "kind", "length", "mount", "rof", "b", "low_ammo", "fp"}


def parse_vehicle(source: str, vid: str, d: Any) -> VehicleType:
    """One catalogue entry, checked: an error names the file, the vehicle and the key."""

    def err(message: str, key: str | None = None) -> CatalogueError:
        return CatalogueError(source, message, vehicle=vid, key=key)

    if not isinstance(d, dict):
        raise err("an entry must be a JSON object")
    for k in d:
        if k not in _KEYS:
            raise err(f"unknown key (allowed: {', '.join(sorted(_KEYS))})", k)
    movement = _need(d, "movement", str, err)
    if movement not in MOVEMENT:
        raise err(f"movement must be one of {', '.join(MOVEMENT)} (D1.1)", "movement")
    mp = _need(d, "mp", int, err)
    if not 1 <= mp <= 60:
        raise err("mp must be 1..60 (D1.1)", "mp")
    manufacturer = d.get("manufacturer", "other")
    if manufacturer not in MANUFACTURERS:
        raise err(f"manufacturer must be one of {', '.join(MANUFACTURERS)} (D2.5)", "manufacturer")
    pressure = d.get("ground_pressure", "normal")
    if pressure not in PRESSURE:
        raise err(f"ground_pressure must be one of {', '.join(PRESSURE)} (D1.4)", "ground_pressure")
    armor = d.get("armor")
    hf = hs = tf = ts = None
    rear = ""
    if armor is not None:
        if not isinstance(armor, dict):
            raise err("armor must be an object, or null for an unarmored vehicle (D1.21)", "armor")
        for k in armor:
            if k not in _ARMOR_KEYS:
                raise err(f"unknown armor key (allowed: {', '.join(sorted(_ARMOR_KEYS))})", f"armor.{k}")
        hull_af: list[int] = []
        for key in ("hull_front", "hull_side"):
            value = armor.get(key)
            if value not in AF_LADDER or isinstance(value, bool):
                raise err(f"an armor factor is one of {list(AF_LADDER)} (D1.6)", f"armor.{key}")
            hull_af.append(int(value))
        hf, hs = hull_af
        turret: list[int] = []
        for key, hull in (("turret_front", hf), ("turret_side", hs)):
            value = armor.get(key, "same")
            if isinstance(value, str) and value in TURRET_RANK:
                turret.append(rank_shift(hull, TURRET_RANK[value]))
            elif value in AF_LADDER and not isinstance(value, bool):
                turret.append(value)
            else:
                raise err(
                    "a turret armor factor is same, boxed, circled or a number of the D1.6 ladder (D1.63)",
                    f"armor.{key}",
                )
        tf, ts = turret
        rear = armor.get("rear_unarmored", "")
        if rear not in ("", "hull", "turret"):
            raise err("rear_unarmored is '', 'hull' or 'turret' (D1.22)", "armor.rear_unarmored")
    size = d.get("size", 0)
    if size not in (-2, -1, 0, 1, 2) or isinstance(size, bool):
        raise err("size is the Case P TH DRM, -2..2 (D1.7)", "size")
    ma = None
    if d.get("ma") is not None:
        m = d["ma"]
        if not isinstance(m, dict):
            raise err("ma must be an object", "ma")
        for k in m:
            if k not in _MA_KEYS:
                raise err(f"unknown ma key (allowed: {', '.join(sorted(_MA_KEYS))})", f"ma.{k}")
        mount = m.get("mount", "T")
        if mount not in MOUNTS:
            raise err(f"ma.mount is one of {', '.join(MOUNTS)} (D1.31)", "ma.mount")
        kind = m.get("kind", "gun")
        if kind not in ("gun", "MG", "FT", "MTR", "ATR"):
            raise err("ma.kind is gun, MG, FT, MTR or ATR (D1.3)", "ma.kind")
        calibre = m.get("calibre", 0)
        b = m.get("b", 12)
        rof = m.get("rof", 0)
        for key, value, lo, hi in (("calibre", calibre, 0, 500), ("b", b, 2, 12), ("rof", rof, 0, 3)):
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise err(f"ma.{key} must be a whole number {lo}..{hi}", f"ma.{key}")
        fp = m.get("fp", 0)  # D3.5: an MG MA's FP
        if not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp <= 30 or (fp and kind != "MG"):
            raise err("ma.fp is an MG MA's FP, a whole number 0..30, for kind MG only (D3.5)", "ma.fp")
        ma = MainArmament(
            calibre, kind, str(m.get("length", "")), mount, rof, b, bool(m.get("low_ammo", False)), fp
        )
    mg = d.get("mg", {})
    if not isinstance(mg, dict) or any(k not in ("bmg", "cmg", "aamg", "rmg", "trmg") for k in mg):
        raise err("mg is an object of bmg, cmg, aamg FP and the rear MGs' rmg (hull), trmg (turret) (D1.8)",
                  "mg")
    for k, v in mg.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise err("an MG FP is a whole number >= 0", f"mg.{k}")
    cs = d.get("cs", 0)
    if not isinstance(cs, int) or isinstance(cs, bool) or not 0 <= cs <= 12:
        raise err("cs is the crew survival number, 0..12 (D5.6)", "cs")
    rev = d.get("rev", REVERSE[movement])
    low = 0 if movement in ("wagon", "aerosan", "motorcycle") else 1
    if not isinstance(rev, int) or isinstance(rev, bool) or not low <= rev <= 9:
        raise err("rev is the reverse multiplier (D2.21)", "rev")
    if movement == "aerosan" and rev:
        raise err("an aerosan has no reverse movement: rev 0 (D17.21)", "rev")
    if movement == "motorcycle":
        _check_motorcycle(d, err)
    elif "sidecar" in d or "silhouettes" in d:
        raise err("sidecar and silhouettes are a motorcycle's (D15.1)",
                  "sidecar" if "sidecar" in d else "silhouettes")
    carried = d.get("sw", [])
    if not isinstance(carried, list) or not all(isinstance(x, str) and x for x in carried):
        raise err("sw is a list of the SW counter names its Vehicle Note says it carries (D10.51)", "sw")
    removable = d.get("passenger_remove", [])
    weapons = ("bmg", "cmg", "aamg", "rmg", "ma")
    if not isinstance(removable, list) or any(x not in weapons for x in removable):
        raise err("passenger_remove lists the weapons (bmg, cmg, aamg, rmg, ma) its Vehicle Note lets its "
                  "passengers take out as they unload (D6.631)", "passenger_remove")
    carrier = bool(d.get("carrier", False))
    passengers = d.get("passengers")
    if carrier:
        if movement != "tracked" or armor is None or not d.get("open_topped", False):
            raise err("a carrier is a fully tracked, armored, open-topped AFV (D6.81)", "carrier")
        if passengers is None:  # D6.81: 4 PP unless its MA is a mortar or FT, or it has a 6 FP AAMG
            heavy = (ma is not None and ma.kind in ("MTR", "FT")) or int(mg.get("aamg", 0)) >= 6
            passengers = 0 if heavy else 4
    tow = d.get("tow", 0)
    if not isinstance(tow, int) or isinstance(tow, bool) or not 0 <= tow <= 9:
        raise err("tow is the T#, a whole number 0..9 (D1.5)", "tow")
    ft = None
    if d.get("ft") is not None:
        f = d["ft"]
        if not isinstance(f, dict) or any(k not in ("mount", "fp", "x", "range2") for k in f):
            raise err("ft is an object of mount, fp, x, range2 (D1.8)", "ft")
        if f.get("mount") not in FT_MOUNTS:
            raise err("ft.mount is B (bow) or T (turret) (D1.8; S needs its Vehicle Note: not built)",
                      "ft.mount")
        for key, lo, hi in (("fp", 1, 60), ("x", 2, 12)):
            value = f.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise err(f"ft.{key} must be a whole number {lo}..{hi} (D1.8)", f"ft.{key}")
        ft = VehicleFT(str(f["mount"]), int(f["fp"]), int(f["x"]), bool(f.get("range2", False)))
    smoke, usage, late = "", 0, 0
    if d.get("smoke") is not None:
        sm = d["smoke"]
        if not isinstance(sm, dict) or any(k not in ("kind", "usage", "usage_1945") for k in sm):
            raise err("smoke is an object of kind, usage (and usage_1945 for an sN) (D13.1)", "smoke")
        if sm.get("kind") not in SMOKE_KINDS:
            raise err(f"smoke.kind is one of {', '.join(SMOKE_KINDS)} (D13.1)", "smoke.kind")
        for key in ("usage", "usage_1945"):
            value = sm.get(key, 0 if key == "usage_1945" else None)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12 \
                    or (key == "usage" and value < 2):
                raise err(f"smoke.{key} is the usage number, a whole number up to 12 (D13.1)", f"smoke.{key}")
        smoke, usage, late = str(sm["kind"]), int(sm["usage"]), int(sm.get("usage_1945", 0))
    sledge = d.get("sledge", "")
    if sledge and (not isinstance(sledge, str) or movement != "wagon"):
        raise err("sledge names the wagon on the counter's front: a sledge is a wagon's back (D12.5)",
                  "sledge")
    radioless = d.get("radioless", False)
    if not isinstance(radioless, bool):
        raise err("radioless is true or false (D14.1)", "radioless")
    return VehicleType(
        id=vid,
        name=str(d.get("name", vid)),
        nationality=str(d.get("nationality", "")),
        manufacturer=manufacturer,
        movement=movement,
        mp=mp,
        red_mp=bool(d.get("red_mp", False)),
        ground_pressure=pressure,
        hull_front=hf,
        hull_side=hs,
        turret_front=tf,
        turret_side=ts,
        rear_unarmored=rear,
        open_topped=bool(d.get("open_topped", False)),
        size=size,
        ma=ma,
        bmg=int(mg.get("bmg", 0)),
        cmg=int(mg.get("cmg", 0)),
        aamg=int(mg.get("aamg", 0)),
        cs=cs,
        cs_red=bool(d.get("cs_red", False)),
        cs_lower=bool(d.get("cs_lower", False)),
        rev=rev,
        riders=bool(d.get("riders", False)),
        passengers=int(passengers or 0),
        tow=tow,
        weight=int(d.get("weight", 0)),
        notes=str(d.get("notes", "")),
        demo=bool(d.get("demo", False)),
        rmg=int(mg.get("rmg", 0)),
        trmg=int(mg.get("trmg", 0)),
        bmg_fixed=bool(d.get("bmg_fixed", False)),
        cmg_aamg=bool(d.get("cmg_aamg", False)),
        sw=tuple(carried),
        wreck=bool(d.get("wreck", movement not in ("wagon", "motorcycle"))),  # D12.1, D15.51: no wreck
        carrier=carrier,
        tower=bool(d.get("tower", False)),
        gyro=bool(d.get("gyro", False)),
        schuerzen=bool(d.get("schuerzen", False)),
        ft=ft,
        smoke=smoke,
        smoke_usage=usage,
        smoke_usage_late=late,
        radioless=radioless,
        sidecar=bool(d.get("sidecar", False)),
        silhouettes=int(d.get("silhouettes", 0)),
        sledge=str(sledge or ""),
        passenger_remove=tuple(removable),
    )


def _check_motorcycle(d: Mapping[str, Any], err: Any) -> None:
    """D15.1-D15.2, D15.42, D15.5, D15.51: a motorcycle counter: 1-3 top views, with or without sidecars; it
    is no armored target (fire goes at its riders), has no armament of its own, no reverse and no wreck."""
    sil = d.get("silhouettes")
    if sil not in (1, 2, 3) or isinstance(sil, bool):
        raise err("silhouettes is 1, 2 or 3: the top views on the motorcycle counter (D15.1)", "silhouettes")
    if not isinstance(d.get("sidecar", False), bool):
        raise err("sidecar is true or false (D15.1)", "sidecar")
    for key, rule in (("armor", "D15.5"), ("ma", "D15.6"), ("mg", "D15.6"), ("passengers", "D15.2"),
                      ("ft", "D15.6"), ("riders", "D15.1"), ("wreck", "D15.51")):
        if d.get(key):
            raise err(f"a motorcycle has no {key} ({rule})", key)
    if d.get("rev", 0) != 0:
        raise err("a motorcycle never reverses (D15.42)", "rev")


@dataclass(frozen=True)
class Catalogue:
    source: str
    label: str
    vehicles: Mapping[str, VehicleType] = field(default_factory=dict)

    def __getitem__(self, vid: str) -> VehicleType:
        try:
            return self.vehicles[vid]
        except KeyError:
            raise CatalogueError(
                self.source, f"no vehicle {vid!r} (known: {', '.join(sorted(self.vehicles))})", vehicle=vid
            ) from None


def parse_catalogue(source: str, data: Any) -> Catalogue:
    if not isinstance(data, dict):
        raise CatalogueError(source, "a vehicle catalogue is a JSON object")
    for k in data:
        if k not in ("format", "label", "vehicles"):
            raise CatalogueError(source, "unknown key (allowed: format, label, vehicles)", key=k)
    if data.get("format") != FORMAT:
        raise CatalogueError(source, f"format must be {FORMAT!r}", key="format")
    vehicles = data.get("vehicles")
    if not isinstance(vehicles, dict) or not vehicles:
        raise CatalogueError(source, "vehicles must be a non-empty object of id -> entry", key="vehicles")
    parsed = {vid: parse_vehicle(source, vid, d) for vid, d in vehicles.items()}
    for vid, vt in parsed.items():
        if vt.sledge:
            _check_sledge(source, vid, vt, parsed.get(vt.sledge))
    return Catalogue(source, str(data.get("label", "")), parsed)


def _check_sledge(source: str, vid: str, sledge: VehicleType, front: VehicleType | None) -> None:
    """D12.5: a sledge is its wagon in almost every respect, but for a larger T# and cs# and a smaller MF."""
    def err(message: str) -> CatalogueError:
        return CatalogueError(source, message, vehicle=vid, key="sledge")

    if front is None or front.movement != "wagon" or front.sledge:
        raise err(f"{sledge.sledge!r} is no wagon of this catalogue: name the wagon on the counter's front "
                  "(D12.5)")
    if not (sledge.tow > front.tow and sledge.cs > front.cs and sledge.mp < front.mp):
        raise err(f"a sledge has a larger T# and cs# and a smaller MF than its wagon {sledge.sledge!r} "
                  f"(T# {sledge.tow} vs {front.tow}, cs# {sledge.cs} vs {front.cs}, MF {sledge.mp} vs "
                  f"{front.mp}; D12.5)")


@lru_cache(maxsize=16)
def load_catalogue(path: str) -> Catalogue:
    """Read and check a catalogue file (cached: catalogues are read-only data)."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise CatalogueError(str(p), f"cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise CatalogueError(str(p), f"not JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    return parse_catalogue(str(p), data)


DATA_DIR = Path(__file__).resolve().parent


def vehicle_of(values: Mapping[str, int | str]) -> VehicleType:
    """The catalogue entry a scenario counter of type ``vehicle`` names."""
    catalogue = str(values.get("catalogue", "catalogues/demo-vehicles.json"))
    return _entry(catalogue, str(values.get("vehicle", "")))


@lru_cache(maxsize=256)
def _entry(catalogue: str, vehicle: str) -> VehicleType:
    """One catalogue entry, looked up once (the move search asks for it at every hex it tries); a missing one
    raises KeyError each time, as the catalogue's own lookup does."""
    return load_catalogue(str(DATA_DIR / catalogue))[vehicle]


# --- state held in a vehicle unit's markers (D.7, D2.4, D3.12, D5) ---
IMMOBILE = ("bogged", "mired", "immobilized", "abandoned", "shocked", "stunned", "wreck",
            "cupola", "dug_in")  # D9.52, D9.54: an armored cupola or dug-in AFV never leaves its hex


def is_mobile(markers: frozenset[str]) -> bool:
    """D.7: immobile if bogged, immobilized, mired, abandoned, or its crew broken, shocked or stunned."""
    return not any(m in markers for m in IMMOBILE) and "broken" not in markers


def tca_of(markers: frozenset[str], vca: int) -> int:
    """The TCA: the ``tca<k>`` marker, else the VCA (D3.12)."""
    for m in markers:
        if m.startswith("tca") and m[3:].isdigit():
            return int(m[3:]) % 6
    return vca


def with_tca(markers: frozenset[str], vca: int, tca: int) -> frozenset[str]:
    rest = frozenset(m for m in markers if not (m.startswith("tca") and m[3:].isdigit()))
    return rest if tca % 6 == vca % 6 else rest | {f"tca{tca % 6}"}


__all__ = [
    "AF_LADDER",
    "Catalogue",
    "CatalogueError",
    "MainArmament",
    "VehicleFT",
    "VehicleType",
    "is_mobile",
    "load_catalogue",
    "parse_catalogue",
    "rank_shift",
    "tca_of",
    "vehicle_of",
    "with_tca",
]
