"""ASL special weapons (A22-A24) as pure functions: flamethrower breakdown (A22.3, A22.5; its FP is
firepower.shot_fp's), Molotov cocktails (A22.6), demolition charges placed, thrown and set (A23), and SMOKE
(A24): grenade placement by squads with a smoke exponent, the hindrance a smoke Location adds to a LOS (for
LOS and fire: ``smoke_los_drm``), and its life from placement to dispersal and removal.

Not built, being chapter B's (not among the texts): a FT's or DC's attack on the terrain itself, which may
set a Flame in the target hex (A22.35, A23.41: B25.12, B25.13) or rubble a building (A23.41: B24.11).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.text import T

Step = tuple[T, str]


# --- flamethrowers (A22) ---


def ft_out_of_fuel(original: int, *, elite: bool, captured: bool = False) -> bool:
    """A22.5: an infantry FT attack with an Original DR of 10 or more runs the FT out of fuel (removed after
    the attack). A captured FT's X# is 2 lower (A21.11); a non-Elite user applies that penalty too, doubled
    for a captured FT (A22.3): removed from 8, or from 6."""
    return original >= 10 - _penalty(elite, captured)


def _penalty(elite: bool, captured: bool) -> int:
    """A21.11, A22.3, A23.2: the X# penalty of a captured SW (2), which a non-Elite user of a FT or DC also
    applies, doubled when it is captured too."""
    if elite:
        return 2 if captured else 0
    return 4 if captured else 2


def ft_level_ok(level_diff: int) -> bool:
    """A22.32: a FT fires at a non-armoured target up to two levels above or below it (halved at two)."""
    return abs(level_diff) <= 2


# --- Molotov cocktails (A22.6) ---


def mol_check_drm(user: str, *, cx: bool = False, target_afv: bool = False) -> list[Step]:
    """A22.611 MOL check drm, cumulative: +1 a HS or crew, +2 an SMC; +1 CX; +1 against a target that is not
    an AFV. Leadership never applies (A22.62)."""
    out: list[Step] = []
    if user in ("hs", "crew"):
        out.append((T("HS or crew"), "A22.611"))
    if user in ("leader", "hero"):
        out.append((T("an SMC user"), "A22.611"))
        out.append((T("an SMC user"), "A22.611"))
    if cx:
        out.append((T("CX"), "A22.611"))
    if not target_afv:
        out.append((T("target not an AFV"), "A22.611"))
    return out


def mol_check(dr: int, user: str, *, cx: bool = False, target_afv: bool = False) -> bool:
    """A22.611: the MOL is used on a final check dr of 1-3."""
    return dr + len(mol_check_drm(user, cx=cx, target_afv=target_afv)) <= 3


def mol_fp(fp: Fraction) -> Fraction:
    """A22.611: the MOL adds 4 FP to a PBF/TPBF attack after every other FP modifier; it is never modified."""
    return fp + 4


def mol_effects(white: int, coloured: int, *, flame_drm: int = 0) -> tuple[str | None, bool]:
    """A22.6111: what the attack's Original DR does besides the attack: ('user', flame?) on a coloured 6 (one
    user breaks, his and the MOL's FP leave the attack, Flame in the user's Location), ('target', flame?) on
    a coloured 1 (Flame in the target Location); the Flame is placed if the white dr plus the EC or
    fortified drm is at least 1 (burnable terrain only, the caller's)."""
    flame = white + flame_drm >= 1
    if coloured == 6:
        return "user", flame
    if coloured == 1:
        return "target", flame
    return None, False


# --- demolition charges (A23) ---


@dataclass(frozen=True)
class DcAttack:
    """One DC attack on a Location: the FP used on the IFT and the DRMs, each with its rule."""

    fp: Fraction
    drms: tuple[tuple[T, int, str], ...]

    @property
    def drm(self) -> int:
        return sum(v for _, v, _ in self.drms)


def dc_placed(*, tem: int, cx: bool = False, concealed: bool = False) -> DcAttack:
    """A23.1/A23.4: a DC placed in the MPh attacks in the AFPh with 30 FP, no PBF/TPBF/AFPh change, halved
    only if the target was concealed when placed; the target's TEM applies (no hexside TEM), no leadership;
    +1 if the placer is CX."""
    fp = Fraction(30) / (2 if concealed else 1)
    drms: list[tuple[T, int, str]] = []
    if tem:
        drms.append((T("target terrain"), tem, "A23.1"))
    if cx:
        drms.append((T("CX placer"), 1, "A23.4"))
    return DcAttack(fp, tuple(drms))


def dc_thrown(*, tem: int, thrower_tem: int = 0, cx: bool = False, concealed: bool = False,
              phase: str = "PFPh", opportunity: bool = False, from_vehicle: bool = False,
              ) -> tuple[DcAttack, DcAttack]:
    """A23.6/A23.62: a thrown DC attacks the target Location at once with 30 FP at +2 (+3 from a vehicle not
    stopped or from cavalry), and the thrower's own Location with its own DR at +3 (+4); in the AFPh both get
    +1 more unless the thrower was marked for Opportunity Fire. Returns (target attack, thrower attack)."""
    fp = Fraction(30)
    extra = 1 if from_vehicle else 0
    common: list[tuple[T, int, str]] = []
    if cx:
        common.append((T("CX thrower"), 1, "A23.4"))
    if phase == "AFPh" and not opportunity:
        common.append((T("thrown in the AFPh"), 1, "A23.62"))
    target = [(T("thrown DC"), 2 + extra, "A23.6"), *common]
    if tem:
        target.append((T("target terrain"), tem, "A23.1"))
    thrower = [(T("thrower's own Location"), 3 + extra, "A23.6"), *common]
    if thrower_tem:
        thrower.append((T("thrower's terrain"), thrower_tem, "A23.1"))
    return DcAttack(fp / (2 if concealed else 1), tuple(target)), DcAttack(fp, tuple(thrower))


def dc_set(*, concealed: bool = False) -> DcAttack:
    """A23.71: a Set DC detonates on the 36+ column (18 FP, the 16 column, against concealed units) at -3,
    with no TEM."""
    return DcAttack(Fraction(18) if concealed else Fraction(36), ((T("Set DC"), -3, "A23.71"),))


def dc_malfunctions(original: int, *, elite: bool = True, captured: bool = False,
                    set_enemy_infantry: int = 0, second_thrown: bool = False) -> bool:
    """A23.4/A23.7: a placed or thrown DC malfunctions (removed without detonating) on an Original DR of 12,
    10 or more when captured; a non-Elite user applies the captured-SW penalty (A23.2: 2, doubled for a
    captured DC). The second DR of a thrown DC never malfunctions it. A Set DC malfunctions on 12 with +1 per
    enemy infantry unit in its Location."""
    if second_thrown:
        return False
    return original + set_enemy_infantry >= 12 - _penalty(elite, captured)


def dc_set_succeeds(dr: int, us_number: int, leadership: int = 0) -> bool:
    """A23.7: setting a DC succeeds on a dr (with an assisting leader's modifier) at most the setter's US#."""
    return dr + leadership <= us_number


# --- SMOKE (A24) ---

SMOKE_DRM = {"grenade": 2, "wp_grenade": 1, "ordnance": 3, "ordnance_wp": 2}  # A24.5 (full strength)


@dataclass(frozen=True)
class Smoke:
    """A SMOKE counter in a Location (A24): its kind, whether dispersed (one less, A24.5), its base level
    and whether it burns (WP rises higher, A24.4)."""

    kind: str
    dispersed: bool = False
    level: int = 0
    burning: bool = False
    side: str = ""  # who placed it, where its removal depends on it (A24.4: dispersed white SMOKE, D13)

    @property
    def drm(self) -> int:
        return SMOKE_DRM[self.kind] - (1 if self.dispersed else 0)

    @property
    def top(self) -> int:
        """A24.4: smoke rises two levels above its Location, WP (or smoke in a burning Location) four."""
        return self.level + (4 if "wp" in self.kind or self.burning else 2)


def smoke_exponent_ok(dr: int, exponent: int, *, wp: bool = False) -> tuple[bool, bool]:
    """A24.1/A24.3: a squad's smoke grenade is placed on a dr at most its smoke exponent (one less for WP);
    a dr of 6 ends its MPh in its Location. Returns (placed, MPh over)."""
    return dr <= exponent - (1 if wp else 0), dr == 6


def smoke_grenade_cost(adjacent: bool) -> int:
    """A24.1: 2 MF to try in an adjacent Location, 1 MF in its own."""
    return 2 if adjacent else 1


def ordnance_smoke(first_pfph_attack: bool, wp: bool = False, level: int = 0) -> Smoke:
    """A24.5: ordnance smoke is placed full strength only as the first attack resolved in a PFPh, else
    dispersed."""
    return Smoke("ordnance_wp" if wp else "ordnance", dispersed=not first_pfph_attack, level=level)


def smoke_at_placers_pfph(smoke: Smoke) -> Smoke | None:
    """A24.4: at the start of its placer's next PFPh, full ordnance smoke is dispersed and dispersed smoke is
    removed (None). Grenade smoke never reaches it: it goes at the end of the placer's MPh (A24.11)."""
    if smoke.kind in ("grenade", "wp_grenade") or smoke.dispersed:
        return None
    return Smoke(smoke.kind, True, smoke.level, smoke.burning)


def location_smoke_drm(counters: Sequence[Smoke], los_level: float | None = None) -> int:
    """A24.2: the smoke hindrance of one Location: the counters' DRMs added, at most +3. A LOS passing above
    the smoke's top (A24.4) is not hindered by it."""
    total = sum(s.drm for s in counters if los_level is None or los_level <= s.top)
    return min(total, 3)


def smoke_los_drm(path: Sequence[Sequence[Smoke]], *, firer_in_smoke: bool = False,
                  levels: Sequence[float] | None = None) -> int:
    """A24.2/A24.8: the smoke hindrance DRM of a LOS, cumulative over every Location it passes through,
    enters or leaves (the firer's and the target's included), each Location at most +3, and +1 more when the
    LOS is traced out of or within smoke. ``levels``: the LOS's height at each Location, for smoke it passes
    over (A24.4)."""
    total = 0
    for i, counters in enumerate(path):
        total += location_smoke_drm(counters, None if levels is None else levels[i])
    if firer_in_smoke and path and location_smoke_drm(path[0], None if levels is None else levels[0]):
        total += 1
    return total
