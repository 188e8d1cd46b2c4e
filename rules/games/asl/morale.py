"""ASL morale and its aftermath (A7.8, A10, A14-A20) as pure functions others call: the Morale Check and
its kinds (MC, NMC, PTC/NTC, TC), Casualty MCs, pins on an exact pass, ELR replacement, leader loss checks,
Desperation Morale, Heat of Battle, Battle Hardening, wounds, leader creation, snipers, Battlefield
Integrity and prisoners' guards. The small tables printed in the text are a chart pack
(charts/tables.json). Each result carries the steps that led to it, each with its rule, for
State.resolution.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path

from hexmate.rules.charts import Chart, ChartPack, load_pack
from hexmate.rules.errors import InvalidAction
from hexmate.rules.games.asl import commissar, nations
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

TABLES = Path(__file__).parent / "charts" / "tables.json"


@cache
def tables() -> ChartPack:
    """The tables printed in the chapter A text (Heat of Battle, Leader Creation, wound severity)."""
    return load_pack(TABLES, "asl")


def table(chart_id: str) -> Chart:
    return tables().chart(chart_id)


def _dr(dice: tuple[int, ...]) -> tuple[int, int, int]:
    """(white, coloured, total) of an ASL DR (A.1: the coloured die is the second)."""
    if len(dice) != 2 or not all(1 <= d <= 6 for d in dice):
        raise InvalidAction(T("a DR is two dice of 1 to 6, got {dice}", dice=",".join(map(str, dice))))
    return dice[0], dice[1], dice[0] + dice[1]


@dataclass(frozen=True)
class MoraleResult:
    """What one check did. ``outcome``: pass, pin, break, reduce (a broken unit failing, A10.3), casualty
    (reduced, then broken, A10.31), eliminated or wound. ``replaced``: the ELR replacement (A19.13),
    ``hob``: a Heat of Battle DR follows (A15.1)."""

    unit: str
    outcome: str
    final: int
    morale: int
    replaced: au.Replacement | None = None
    hob: bool = False
    steps: tuple[tuple[T, str], ...] = field(default=())
    worse: bool = False  # a wound whose severity dr gets +1 (A10.31: hero's or berserk leader's Casualty MC)


def allied(leader: UnitState, unit: UnitState, position: Position | None = None) -> int:
    """A10.7: +1 (a modifier one worse) when a leader helps an allied unit of another nationality; an SS
    leader and a German unit are one nationality (A25.11), as Gurkha/ANZAC and British. With ``position``, a
    counter naming no nationality fights as its side's (A4.12, nations.same_army: a British leader is one
    worse for a squad of a side given as American); without it such a counter matches (units.same_army)."""
    if position is None:
        return int(not au.same_army(leader, unit))
    return int(not nations.same_army(position, leader, unit))


def leader_drm_for(unit: UnitState, present: Iterable[UnitState], position: Position | None = None) -> int:
    """A10.7/A10.22: the best modifier of a Good Order, unpinned friendly leader in the unit's Location helps
    its MC; a leader is never helped by himself, and only by a leader of higher morale (A10.22). The caller
    passes only the units allowed to help (A10.22: not a non-moving leader for a moving unit).

    A10.21, A10.72: one leader's modifier only, the owner's choice (the best for him); a non-zero one cannot
    be refused when no other leader offers another, so a lone +1 leader's +1 applies. ``position``: see
    ``allied``."""
    best: int | None = None
    if unit.has("berserk"):
        return 0  # A15.42: a berserk unit has no leadership's help
    present = list(present)
    if not commissar.leader_drm_allowed(present, unit):
        return 0  # A25.221: never for a commissar; none besides a commissar's +1 morale where he gives it
    mine = au.unit_morale(unit)
    for ldr in present:
        if ldr.id == unit.id or ldr.side != unit.side or ldr.hex != unit.hex or not au.can_direct(ldr) \
                or ldr.level != unit.level:  # A10.7, A2.8: never a unit at another level
            continue
        if not nations.leads(ldr, unit):
            continue  # A25.24: never across partisans and the others
        if unit.type == "leader" and au.unit_morale(ldr) <= mine:
            continue
        lead = au.leadership_of(ldr) + allied(ldr, unit, position)  # A10.7: one worse for an ally
        best = lead if best is None else min(best, lead)
    return best or 0


def morale_check(unit: UnitState, dice: tuple[int, int], *, n: int = 0, drm: int = 0,
                 elr: int | None = None, ift: bool = True, counters: Mapping[str, CounterType] | None = None,
                 bonus: int = 0, ssr_elr: bool = False) -> MoraleResult:
    """One Morale Check (A10.1): NMC when n is 0, nMC with +n. ``drm`` is every other DRM (leadership,
    A10.7; terrain for rally is not here). An Original DR of 12 is a Casualty MC (A10.31) for a unit not
    broken and eliminates a broken one (a hero's wounds him as if already wounded, A10.31, and eliminates
    him when he is, A15.2). A final DR above morale fails: the unit breaks (A10.3), a hero is
    wounded instead (A15.2); failing by more than the ELR replaces it first (A19.13). Passing an IFT-caused MC
    on exactly its morale pins the unit (A7.8) unless it cannot be pinned (berserk, hero)."""
    white, coloured, total = _dr(dice)
    morale = min(10, au.unit_morale(unit) + bonus)  # bonus: a commissar's +1 (A25.221), at most 10 (A.18)
    final = total + n + drm
    check = T("Normal Morale Check (NMC)") if n == 0 else T("{n}MC Morale Check", n=n)
    steps: list[tuple[T, str]] = [
        (T("{unit} {check}: Original DR {white}+{coloured}={total}, DRM {drm:+d}, final {final} against "
           "morale {morale}", unit=unit.id, check=check, white=white, coloured=coloured, total=total,
           drm=n + drm, final=final, morale=morale), "A10.1")]
    broken = unit.has("broken")
    hob = total == 2 and not hob_exempt(unit)
    exceeded = elr is not None and not broken and au.elr_exceeded(final, morale, elr)
    replaced = au.replacement(unit, counters or {}, casualty=total == 12,
                              ssr_elr=ssr_elr) if exceeded else None  # A19.132
    if total == 12:
        if broken:
            steps.append((T("Original 12 on a broken unit: eliminated"), "A10.31"))
            return MoraleResult(unit.id, "eliminated", final, morale, None, False, tuple(steps))
        if au.is_hero(unit) and unit.has("wounded"):  # A15.2: the Casualty MC is failed too
            steps.append((T("a wounded hero who fails an MC is eliminated"), "A15.2"))
            return MoraleResult(unit.id, "eliminated", final, morale, None, False, tuple(steps))
        if au.is_hero(unit) or (unit.type in au.SMC and unit.has("berserk")):
            steps.append((T("Original 12: Casualty MC, wounded as if already wounded"), "A10.31"))
            return MoraleResult(unit.id, "wound", final, morale, None, False, tuple(steps), worse=True)
        steps.append((T("Original 12: Casualty MC, reduced and then broken"), "A10.31"))
        if replaced is not None:
            steps.append((T("failed by more than ELR {elr}: replaced first", elr=elr), replaced.rule))
        return MoraleResult(unit.id, "casualty", final, morale, replaced, False, tuple(steps))
    if final > morale:
        if au.is_hero(unit) and unit.has("wounded"):
            steps.append((T("a wounded hero who fails an MC is eliminated"), "A15.2"))
            return MoraleResult(unit.id, "eliminated", final, morale, None, False, tuple(steps))
        if au.is_hero(unit):
            steps.append((T("a hero who fails an MC is wounded instead"), "A15.2"))
            return MoraleResult(unit.id, "wound", final, morale, None, False, tuple(steps))
        if broken:
            steps.append((T("fails while broken: Casualty Reduced"), "A10.3"))
            return MoraleResult(unit.id, "reduce", final, morale, None, hob, tuple(steps))
        if unit.has("berserk"):
            steps.append((T("a berserk unit does not break: Casualty Reduced instead"), "A15.42"))
            return MoraleResult(unit.id, "reduce", final, morale, None, False, tuple(steps))
        steps.append((T("fails: breaks"), "A10.3"))
        if replaced is not None:
            steps.append((T("failed by {by}, more than ELR {elr}: replaced by a lower-quality unit",
                            by=final - morale, elr=elr), replaced.rule))
        return MoraleResult(unit.id, "break", final, morale, replaced, hob, tuple(steps))
    if final == morale and ift and not broken and pinnable(unit):
        steps.append((T("passes on exactly its morale: pinned"), "A7.8"))
        return MoraleResult(unit.id, "pin", final, morale, None, hob, tuple(steps))
    steps.append((T("passes"), "A10.1"))
    return MoraleResult(unit.id, "pass", final, morale, None, hob, tuple(steps))


def hob_exempt(unit: UnitState) -> bool:
    """A15.1: the units that never roll for Heat of Battle: crews, heroes, berserk units, Unarmed units
    (prisoners too, A20.5), Human Wave units (A25.23) and cavalry (A13.52). Units aboard a vehicle (PRC) are
    exempt too: the caller that knows the vehicles says so (aftermath.hob_exempt_at)."""
    return unit.type == "crew" or au.is_hero(unit) or au.is_unarmed(unit) or any(
        unit.has(m) for m in ("berserk", "hw", "mounted"))


def pinnable(unit: UnitState) -> bool:
    """A7.8: berserk units and heroes are never pinned (nor cavalry, vehicles, climbers: not chapter A
    infantry here)."""
    return not unit.has("berserk") and not au.is_hero(unit) and not unit.has("hw") \
        and not unit.has("mounted")  # A25.23: nor HW units; A13.52: nor cavalry


def task_check(unit: UnitState, dice: tuple[int, int], *, n: int = 0, drm: int = 0, bonus: int = 0) -> bool:
    """A Task Check (TC/NTC, A10.1): like an MC it passes on a final DR at most the unit's morale, but a
    failure has only the effect the calling rule names (a PTC's pin, A7.305)."""
    _, _, total = _dr(dice)
    return total + n + drm <= min(10, au.unit_morale(unit) + bonus)  # bonus: a commissar's +1 (A25.221)


def pin_task_check(unit: UnitState, dice: tuple[int, int], *, drm: int = 0, bonus: int = 0) -> MoraleResult:
    """A7.305: a PTC result makes each unbroken target take an NTC; failing it pins the unit. A broken unit
    takes none."""
    _, _, total = _dr(dice)
    morale = min(10, au.unit_morale(unit) + bonus)  # a commissar's +1 (A25.221)
    final = total + drm
    if unit.has("broken"):
        why = T("broken units take no PTC")
        return MoraleResult(unit.id, "pass", final, morale, steps=((why, "A7.305"),))
    if final > morale and pinnable(unit):
        return MoraleResult(unit.id, "pin", final, morale,
                            steps=((T("{unit} fails its PTC ({final} against {morale}): pinned", unit=unit.id,
                                      final=final, morale=morale), "A7.305"),))
    return MoraleResult(unit.id, "pass", final, morale,
                        steps=((T("{unit} passes its PTC ({final} against {morale})", unit=unit.id,
                                  final=final, morale=morale), "A7.305"),))


def check_order(units: Iterable[UnitState]) -> list[UnitState]:
    """A7.303/A10.2: each target checks separately, leaders first, the best (highest morale) first."""
    return sorted(units, key=lambda u: (0 if commissar.is_commissar(u) else 1,  # A25.221: a commissar first
                                        0 if u.type in au.SMC else 1, -au.unit_morale(u), u.id))


def llmc(leader: UnitState, others: Iterable[UnitState], position: Position | None = None
         ) -> list[tuple[str, int]]:
    """A10.2: when a leader breaks or is eliminated, each friendly unit in his Location whose morale is lower
    than the leader's printed morale takes a Leader Loss MC, with the leader's modifier reversed as its DRM
    (an 8-0 gives an NMC, an 8-1 or a 9-1 a 1MC)."""
    printed = au.morale_of(leader.values, frozenset())
    # A10.7: an ally's one worse
    return [(u.id, max(0, -(au.leadership_of(leader) + allied(leader, u, position))))
            for u in check_order(others)
            if u.id != leader.id and u.side == leader.side and u.hex == leader.hex
            and not commissar.is_commissar(u)  # A25.221: a commissar takes no LLMC...
            and not u.has("mounted")  # A13.52: nor cavalry
            and (au.unit_morale(u) < printed or _above_commissar(leader, u))]


def lltc(leader: UnitState, others: Iterable[UnitState], position: Position | None = None
         ) -> list[tuple[str, int]]:
    """A10.2: when a Good Order leader breaks, each unbroken friendly unit in his Location with a lower morale
    than his takes a Leader Loss TC (failure pins instead of breaking), his modifier reversed as its DRM."""
    printed = au.morale_of(leader.values, frozenset())
    # A10.7: an ally's one worse
    return [(u.id, max(0, -(au.leadership_of(leader) + allied(leader, u, position))))
            for u in check_order(others)
            if u.id != leader.id and u.side == leader.side and u.hex == leader.hex and not u.has("broken")
            and pinnable(u) and not commissar.is_commissar(u)  # A25.221: a commissar takes no LLTC...
            and (au.unit_morale(u) < printed or _above_commissar(leader, u))]


def _above_commissar(leader: UnitState, unit: UnitState) -> bool:
    """A25.221: ...but a commissar's loss causes one in a leader whose morale is higher than his own."""
    return commissar.is_commissar(leader) and unit.type == "leader" \
        and au.unit_morale(unit) > au.morale_of(leader.values, frozenset())


# --- Desperation Morale (A10.62) ---


def becomes_dm(unit: UnitState, *, newly_broken: bool = False, could_nmc: bool = False,
               cc: bool = False) -> bool:
    """A10.62: a unit broken this Player Turn is DM; so is a broken unit attacked by FP that could give at
    least an NMC (Cowering counted), or attacked in CC or by WP."""
    return newly_broken or (unit.has("broken") and (could_nmc or cc))


def could_give_nmc(ift: Chart, fp_column: int, drm: int, cowering: int) -> bool:
    """A10.62: whether any Original DR on this column (shifted left by ``cowering`` columns on doubles) gives
    at least an NMC. ``fp_column`` is the index of the FP column."""
    axis = ift.axis("fp")
    for white in range(1, 7):
        for coloured in range(1, 7):
            col = fp_column - (cowering if white == coloured else 0)
            if col < 0:
                continue
            got = str(ift.lookup(fp=axis.key_at(col), final_dr=white + coloured + drm))
            if got not in ("-", "PTC"):
                return True
    return False


# --- Heat of Battle and Battle Hardening (A15) ---


def hob_drm(unit: UnitState, default_nationality: str | None = None) -> list[tuple[T, int, str]]:
    """A15.1 HoB DRMs, cumulative: the nationality's, -1 Elite, +1 broken (even if it just rallied on the 2),
    +1 Inexperienced."""
    nat = au.nationality_of(unit, default_nationality)
    out: list[tuple[T, int, str]] = []
    if nat.number("hob_drm"):
        out.append((T("nationality ({nat})", nat=nat.name), nat.number("hob_drm"), "A15.1"))
    if au.unit_class(unit.values) == "elite":
        out.append((T("Elite"), -1, "A15.1"))
    if unit.has("broken"):
        out.append((T("broken"), 1, "A15.1"))
    if au.inexperienced(unit):  # A15.1 (not an A19.3 restriction: a leader does not lift it)
        out.append((T("Inexperienced"), 1, "A15.1"))
    return out


def heat_of_battle(unit: UnitState, dice: tuple[int, int], *, known_enemy_in_los: bool = True,
                   enemy_nationality: str | None = None, default_nationality: str | None = None,
                   no_quarter: bool = False) -> tuple[frozenset[str], int]:
    """A15.1: the HoB DR with its DRMs, read on the table; returns the results ({hero, bh, berserk,
    surrender}) and the final DR. Non-Elite Italians and Axis Minors surrender from 10 (A15.1 note); units
    that never surrender go berserk instead (Japanese, Gurkhas, Partisans, fanatics, SS against Russians);
    with no known enemy in LOS, berserk becomes Battle Hardening (A15.44). ``no_quarter``: the enemy has
    refused quarter (A20.3), so a surrender is berserk instead (the A15.1 table's note, A15.5)."""
    _, _, total = _dr(dice)
    nat = au.nationality_of(unit, default_nationality)
    final = total + sum(v for _, v, _ in hob_drm(unit, default_nationality))
    got = str(table("hob").lookup(final_dr=final))
    results = set(got.split("+")) if got != "hero+bh" else {"hero", "bh"}
    threshold = nat.number("surrender_at_non_elite", 0)
    if threshold and final >= threshold and au.unit_class(unit.values) != "elite":
        results = {"surrender"}
    if "surrender" in results and (
        nat.flag("berserk_not_surrender") or unit.has("fanatic") or commissar.is_commissar(unit)  # A15.1 note
        or no_quarter
        or (enemy_nationality or "") in nat.classes("berserk_not_surrender_vs")
    ):
        results = {"berserk"}
    if "berserk" in results and not known_enemy_in_los:
        results = {"bh"}
    return frozenset(results), final


# --- wounds (A17) and leader creation (A18) ---


def wound_severity(dr: int, already_wounded: bool) -> str:
    """A17.11: the severity dr, +1 if already wounded: 1-4 light, 5 or more KIA."""
    if not 1 <= dr <= 6:
        raise InvalidAction(T("a dr is one die of 1 to 6, got {dr}", dr=dr))
    return str(table("wound").lookup(dr=dr + (1 if already_wounded else 0)))


def leader_creation_drm(unit: UnitState, *, odds_columns_below_1_1: int = 0, vs_afv: bool = False,
                        default_nationality: str | None = None) -> list[tuple[T, int, str]]:
    """A18.2 drm, cumulative: the nationality's; -1 in CC against an AFV or per odds column below 1:1; -1 for
    a producing unit of morale 8 or more (see below), and +1 for morale 6 or less; +1 when it was broken
    (A18.11 gives it for the self-rally; the A18.2 table does not list the row, its example uses it)."""
    nat = au.nationality_of(unit, default_nationality)
    out: list[tuple[T, int, str]] = []
    if nat.number("leader_creation_drm"):
        out.append((T("nationality ({nat})", nat=nat.name), nat.number("leader_creation_drm"), "A18.2"))
    if vs_afv:
        out.append((T("CC against an AFV"), -1, "A18.2"))
    elif odds_columns_below_1_1:
        out.append((T("{n} odds column(s) below 1:1", n=odds_columns_below_1_1), -odds_columns_below_1_1,
                    "A18.2"))
    morale = au.morale_of(unit.values, frozenset())
    if morale >= 8:  # the table prints +1; the A11 comprehensive example's H3 (4 - 2 = 2 for a German 5-4-8)
        out.append((T("morale 8 or more"), -1, "A18.2"))  # needs -1, and a better unit a better leader
    if morale <= 6:
        out.append((T("morale 6 or less"), 1, "A18.2"))
    if unit.has("broken"):
        out.append((T("broken"), 1, "A18.2"))
    return out


def created_leader(unit: UnitState, dr: int, *, odds_columns_below_1_1: int = 0, vs_afv: bool = False,
                   default_nationality: str | None = None) -> tuple[str | None, int]:
    """A18.1-A18.2: the leader created (or None) and the final dr. Finns and Japanese create none."""
    nat = au.nationality_of(unit, default_nationality)
    if nat.flag("no_leader_creation"):
        return None, dr
    drms = leader_creation_drm(unit, odds_columns_below_1_1=odds_columns_below_1_1, vs_afv=vs_afv,
                               default_nationality=default_nationality)
    final = dr + sum(v for _, v, _ in drms)
    got = str(table("leader_creation").lookup(final_dr=final))
    return (None if got == "none" else got), final


# --- snipers (A14) ---


def sniper_activates(original_total: int, san: int, kind: str) -> bool:
    """A14.1: an Original DR equal to the enemy's SAN activates his sniper, on an IFT attack (not OBA) or an
    entrenching DR; never on a To Hit, MC or TC DR."""
    return kind in ("ift", "entrench") and original_total == san


def sniper_effect(unit: UnitState, dr: int) -> str:
    """A14.3: the sniper dr of 1 or 2 that activated it. dr 1: an SMC is eliminated, an MMC broken (reduced if
    it cannot break); dr 2: an SMC wounded, an MMC pinned. Anything else: no effect."""
    if dr == 1:
        if unit.type in au.SMC:
            return "eliminated"
        return "reduced" if unit.has("broken") or unit.has("berserk") else "broken"
    if dr == 2:
        if unit.type in au.SMC:
            return "wounded"
        return "pinned" if pinnable(unit) else "none"
    return "none"


def sniper_check_drm(units: Iterable[UnitState]) -> int:
    """A14.4: the participants' leadership (not for a leader alone: he does not modify his own DR), -1 per
    hero and -1 per HS-equivalent (a squad is 2)."""
    group = list(units)
    drm = 0
    if len(group) > 1:
        drm += min((au.leadership_of(u) for u in group if u.type == "leader"), default=0)
    for u in group:
        drm -= {"squad": 2, "hs": 1, "crew": 1, "hero": 1}.get(u.type, 0)
    return drm


def sniper_check_result(final: int) -> str:
    """A14.4: a final DR of 2 or less eliminates the enemy sniper (his SAN drops by one), 3 pins it."""
    return "eliminated" if final <= 2 else "pinned" if final == 3 else "none"


def san_after_elimination(san: int) -> int | None:
    """A14.1/A14.4: an eliminated sniper lowers the SAN by one; below 2 the sniper is gone (None)."""
    return None if san - 1 < 2 else san - 1


# --- prisoners (A20) ---


def guard_can_hold(guards: Iterable[UnitState], prisoners: Iterable[UnitState]) -> bool:
    """A20.5: a guard's US# may hold prisoners of up to five times its own US#."""
    return sum(au.us_number(p) for p in prisoners) <= 5 * sum(au.us_number(g) for g in guards)


def capture_drm(target: UnitState, *, restricted: bool, nationality: str | None = None) -> int:
    """A20.22: a capture attempt in CC is +1; -1 against a unit under the Inexperienced restrictions
    (``restricted``: units.restricted, A19.35, A19.3: a Green one stacked with a leader not broken gets the
    usual +1, a Conscript or Unarmed one never); none against a non-Elite Italian (A25.63). ``nationality``:
    the target's (the scenario's default for a counter without one), else its counter's."""
    if restricted:
        return -1
    nat = nationality if nationality is not None else au.nationality_of(target).name
    if nat == "italian" and au.unit_class(target.values) != "elite":
        return 0
    return 1


# --- Battlefield Integrity (A16, optional) ---


def integrity_base(mmc_bpv: int) -> int:
    """A16.1: a side's Integrity Base is 10% (FRU) of its starting MMC BPV."""
    return -(-mmc_bpv // 10)


def reinforced_base(base: int, mmc_bpv: int) -> tuple[int, int]:
    """A16.12, A16.3: MMC reinforcements raise the base by 10% (FRU) of their BPV; the new base and the drm
    the side's next ELR regain attempt gets (-1 per 10%, FRU, by which the base rose)."""
    new = base + integrity_base(mmc_bpv)
    rise = Fraction(new - base, base) if base else Fraction(0)
    return new, -math.ceil(rise * 10)


def integrity_tally(tally: int, base: int, losses: int) -> tuple[int, int, int]:
    """A16.2: each time the Casualty Tally reaches the base it is lowered by the base, one more Integrity
    loss counts and an Integrity Check is due. Returns (tally, losses, checks due)."""
    checks = 0
    while base > 0 and tally >= base:
        tally -= base
        losses += 1
        checks += 1
    return tally, losses, checks


def integrity_drm(losses: int, *, best_leader: int | None, case_b: Sequence[tuple[T, int, str]] = (),
                  case_d: Sequence[tuple[T, int, str]] = ()) -> list[tuple[T, int, str]]:
    """A16.2's cumulative DRMs: A +1 per base lost so far; B the enemy's Armor Superiority and air support
    (+1 each, superiority.py's lines); C the best Good Order friendly leader's modifier; D the side's own
    (-1 each); E +1 with no Good Order leader."""
    out: list[tuple[T, int, str]] = []
    if losses:
        out.append((T("Integrity Base lost {n} time(s)", n=losses), losses, "A16.2"))
    out += case_b
    if best_leader is None:
        out.append((T("no Good Order leader"), 1, "A16.2"))
    elif best_leader:
        out.append((T("best Good Order leader"), best_leader, "A16.2"))
    out += case_d
    return out


def integrity_check(dr: int, drms: Sequence[tuple[T, int, str]], elr: int, elr_lost: int,
                    ) -> tuple[int, int, bool]:
    """A16.2-A16.3: an Integrity Check DR. A final DR of 12 or more lowers the ELR by one (never below 0).
    A DR of 2 or less counting only the negative DRMs regains one lost ELR level (if any was lost) and
    wipes out the case A losses. Returns (ELR, ELR levels lost so far, losses wiped)."""
    if dr + sum(v for _, v, _ in drms) >= 12:
        return max(0, elr - 1), elr_lost + (1 if elr > 0 else 0), False
    if dr + sum(v for _, v, _ in drms if v < 0) <= 2:
        if elr_lost:
            return elr + 1, elr_lost - 1, True
        return elr, 0, True
    return elr, elr_lost, False
