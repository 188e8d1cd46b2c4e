"""Nationality traits of ASL chapter A (A25.1-A25.938): the scenario's date, the nationality a unit fights
as, and the traits that depend on them. The values are data (data/nationalities.json, each with its rule);
this module and the rule modules named below read them.

Every trait of A25, sentence by sentence, and where it stands ("built": the file that plays it; "data": a
printed value of the owner's counter catalogue, read by the code named; "not built": why):

==========  ====================================================  ============================================
rule        trait                                                 where
==========  ====================================================  ============================================
A25.1       German Elite squads 4-6-8 / 5-4-8, 3 or 2 ELR steps   data: counters' ``replaced_by``, read by
            to Inexperienced                                      units.replacement (A19.13)
A25.11      SS 6-5-8 / 3-4-8 Elite, higher broken morale          data: counters (printed values)
A25.11      SS Assault Fire in 1944-45                            data: counters' ``assault_fire``
A25.11      SS never surrender in the RtPh to Russians, never     built: prisoners.py (A20.21),
            Disrupted against them; HoB surrender becomes         morale.heat_of_battle (A15.1),
            berserk against them                                  ``never_disrupted`` here (A19.12)
A25.11      SS may Massacre (A20.4)                               built: prisoners.py (A20.4)
A25.11      SS weapons' depletion number +1 (C8.2)                not built: chapter C
A25.12      8-3-8 Combat Engineers: ELR 5 whatever the OB's       data: ``elr_fixed``, read by
                                                                  aftermath.resume_mc (A19.13)
A25.12      Assault Engineers in DYO (H1.22)                      not built: chapter H
A25.2       Guards' weapons depletion +1 (C8.2)                   not built: chapter C
A25.2       Russian squads do not Deploy (except A20.5, A21.22)   built: deployment.py (A1.31; A20.5's
                                                                  guards deploy in guards.py)
A25.2       4-2-6 Battle Hardens to 5-2-7, HS 2-2-7 to 3-2-8      data: ``hardens_to``, read by
                                                                  units.battle_hardening (A15.3)
A25.21      Russian Entrenching DRM -1                            not built: Entrenching is B27
A25.211     before 1941, a Conscript squad/HS Battle Hardens to   built here: ``early_hardening`` and the
            4-4-7 / 2-3-7 unless the Russian OB holds a 6-2-8 /   counters' ``hardens_to_early``
            5-2-7
A25.212     Early War Doctrine (SSR): CC -1 not added to capture  built: no Armored Assault (aa.py), AFVs
            -1; AFVs move first; no Armored Assault; OBA;         first (``afv_after_infantry``, read by
            aircraft                                              armour.can_move), by
                                                                  ``options.early_war_russian_doctrine``;
                                                                  the CC -1 against a 4-2-6/2-2-6, not
                                                                  added to a capture attempt's -1
                                                                  (``early_war_cc_drm``, read by cc.work);
                                                                  OBA, aircraft: chapters C, E
A25.22x     commissars                                            built: commissar.py
A25.23x     Human Wave (Russians; Ethiopians A25.933)             built: hw.py (``human_wave``)
A25.24      Partisans: broken morale 6, no national rules, ELR 5  data: counters; ``elr`` here, read by
                                                                  aftermath.resume_mc
A25.24      Partisans stealthy in Good Order                      built: units.stealthy
A25.24      never RtPh surrender, never Elite/Inexperienced,      built: prisoners.py, morale.py,
            never Disrupted; HoB +1 (A15.1)                       ``never_disrupted`` here (A19.12)
A25.24      Russian partisans use commissars                      built: commissar.py
A25.24      leadership never crosses partisan / non-partisan      built: ``leads`` here, read by the MC
                                                                  (morale.leader_drm_for), rally, CC and
                                                                  fire direction (cc.py, fire.py)
A25.241     SSR movement, shared with regulars moving with them   not built: SSR
A25.242     ordnance used by partisans: always the red TH#        built: ``red_to_hit`` here (the partisan
            (not ATR / MG)                                        entry's), read by vfire.py and motoord.py
                                                                  (ordnance.to_hit, no Case H); a Gun they
                                                                  man: chapter C
A25.3       American broken morale +1 / +2 (1st Line)             data: counters (printed values)
A25.31      7-4-7 ELR 5                                           data: ``elr_fixed``
A25.32      American-made AFV / ordnance (not ATR / MG) red TH#   built: ``red_to_hit`` here (the
            before 1944, black from 1944, whoever uses it         ``american`` entry's ``maker`` and
                                                                  ``made_red_to_hit``; the D2.5 manufacturer
                                                                  letter), read by vfire.py and motoord.py;
                                                                  ``check_made_dates``: such a scenario gives
                                                                  its date; a Gun: chapter C
A25.33      US OBA batteries have Plentiful Ammunition unless     not built: OBA is chapter C (C1), none at
            the scenario says otherwise                           the table
A25.34      smoke or WP grenades                                  built: smoke.py (``wp_refusal``, A24.3)
A25.35      British and Americans: each other's MGs and "(a)"     built: units.is_captured (``_us_british``);
            SW without capture penalties, other SW captured       US MTR / BAZ are chapter C's ordnance
A25.4       British: HoB -1 (A15.1), leader creation -1 (A18.2)   built: morale.py
A25.4       Gurkha, ANZAC are British: British SW uncaptured      built: units.is_captured (``army``)
A25.41      4-3-6 Green (Conscript only for Home Guard /          data: counters' ``class``
            colonials)
A25.42      6-4-8 ELR 5                                           data: ``elr_fixed``
A25.43      Gurkha Hand-to-Hand, never surrender, never           built: hth.py, prisoners.py, morale.py;
            Disrupted                                             Commandos (H1.24) not
A25.44      ANZAC stealthy in Good Order unless Green             built: units.stealthy
A25.45      British Elite / 1st Line do not Cower (not Free       built: units.cowering_exempt
            French)
A25.46      British WP grenades from 1944                         built: smoke.py (``wp_refusal``)
A25.5       French rules for the French to June 1940 and the      built: morale.py (HoB), for the ``french``
            Vichy French after it; HoB +1 (A15.1)                 and ``vichy_french`` entries
A25.51      French 4-3-7: Green reservists (not Conscripts),      data: counters' ``class`` and the ELR
            normally brought on by ELR Replacement                chain's ``replaced_by`` (units.replacement)
A25.52      French vehicles: red TH# (not an MA MG); other        data: ``red_to_hit`` of ``french`` and
            French ordnance black                                 ``vichy_french`` (red_to_hit; Guns: ch. C)
A25.53      Free French: British rules, Assault Fire from Dec     built: HoB and leader creation as British,
            1943, WP from 1944, OBA as British                    Cowering not exempt; WP: smoke.py
                                                                  (``wp_refusal``); Assault Fire: counters'
                                                                  ``assault_fire``; OBA: chapter C
A25.54      to Dec 1943 British SW, vehicles, Guns, no captured   built for SW: units.is_captured (the
            penalty                                               British family); vehicles, Guns: counters
A25.55      from Dec 1943 French- or British-coloured SW and US   built for SW: units.is_captured (British /
            vehicles / Guns, no captured penalty; inherent crews  US family, ``french_made_users``); crews:
            take their D5.1 morale as British                     out of the vehicle: crew.counter_for (the
                                                                  ``crew_as`` trait from ``crew_from``: the
                                                                  British vehicle crew counter); inside:
                                                                  vcrew.crew_morale (the British
                                                                  ``crew_morale`` data); both by
                                                                  ``crew_nationality``, the date required
                                                                  (``check_crew_dates``)
A25.56      "(f)" and French-coloured equipment: captured for     built for SW: units.is_captured (the
            any user but a French one (1940, Free, Vichy)         ``french_made_users`` entries); a vehicle
                                                                  or Gun is captured by its marker (A21.2)
A25.57      DYO: own SW allotment, OBA, RF; OP tank (H1.463);     not built: DYO is chapter H
            no side buys both Free and Vichy French
A25.58      Vichy French: own counters; French vehicles / Guns,   data: the ``vichy_french`` entry (French
            German ones as the scenario gives                     HoB, French-made SW uncaptured); German
                                                                  equipment stays captured for them (the
                                                                  text waives no penalty here)
A25.6       Italian ordnance red TH# (not ATR / MG)               data: ``red_to_hit`` (vehicles' guns;
                                                                  Guns are chapter C)
A25.61      Italian Elite 4-4-7 / 2-4-7 / 2-2-7 (4-4-7 ELR to     data: counters; only Elite Deploy:
            3-4-6); only Elite squads Deploy                      deployment.py
A25.62      3-4-7 Bersaglieri: ELR to a Conscript squad (not      data: counters' ``replaced_by`` and
            3-4-6); that Conscript Battle Hardens to 3-4-6        ``hardens_to`` (units.replacement, A19.13;
                                                                  units.battle_hardening, A15.3)
A25.63      no +1 capture DRM against non-Elite Italians          built: cc.py (A20.22)
A25.63      captured Italians never Escape                        built: escape.py (A20.55)
A25.64      non-Elite Italians are Lax                            built: ``lax`` here (A11.18)
A25.65      non-Elite Italians take a 1PAATC                      built: ``paatc_tc`` here
A25.66      Eritreans as Italians, not Lax, normal PAATC; own     built: the ``eritrean`` entry; ELR / BH
            ELR/BH                                                chain is counter data
A25.7       Finns (not Conscripts) self-rally in the RPh          built: ``self_rallies`` (rally.py)
A25.7       Finns (not Conscripts) do not Cower                   built: units.cowering_exempt
A25.7       Finnish Elite / 1st Line stealthy                     built: units.stealthy
A25.7       ski capability (E4.2)                                 not built: chapter E
A25.71      leader ladder 10-1 ... 8+1, no Field Promotion        built: units (ladder), morale.py
A25.71      Deploy with a 1TC and Recombine without a leader      built: deployment.py (A1.31),
                                                                  carriers.check_combine (A1.32)
A25.72      leaders harden / are replaced on their ladder; 8+1    built: units.battle_hardening,
            Disrupted                                             units.replacement
A25.72      MMC ladder; 1st Line hardens to Fanatic               data: counters; ``hardens_fanatic``
A25.72      rearmed Finnish MMC become Conscripts                 built: ``rearm_classes``, read by
                                                                  escape._rearmed (A20.551)
A25.73      Sissi 8-3-8 / 3-3-8 Elite                             data: counters
A25.74      1st Line use FT / DC as Elite (A22.3, A23.2)          built: ``ftdc_elite`` here (the ``finnish``
                                                                  entry's ``ftdc_elite_classes``), read by
                                                                  fire.py, demolition.py, placedc.py
A25.75      Russian MGs (not 1939 LMG, .50 cal) uncaptured;       built: units.is_captured (``captured_use``
            Finnish "(r)" for Russians; PSK German / Finn         of the Finns, Russians, Germans and SS; the
                                                                  date by ``is_captured`` here)
A25.76      PF for Finnish Elite / 1st Line from 7/44: range 1,   not built: PF is chapter C (C13.3)
            shot on dr 2 or less, 1.5 x squads
A25.77      PSK only in 7/44-45; non-1st-Line Finns captured      captured: units.is_captured (the Finns'
            whatever its colour                                   ``captured_classes``); the rest: not built,
                                                                  PSK is chapter C (C13.4)
A25.78      OBA chit draw pile by year; Plentiful Ammo 1943-45    not built: OBA is chapter C (C1.211)
            (not against Germans)
A25.79      Finnish ordnance red TH# (not ATR / MG)               data: ``red_to_hit`` (vehicles' guns;
                                                                  Guns are chapter C)
A25.8       Axis Minor broken morale -1 (non-Elite); home-soil    data: counters (printed values); home-soil
            SSR; Hungary v. Romania: broken morale +1, No         morale SSR: counters; Hungary v. Romania
            Quarter                                               built: ``hatred`` (the MMC marker read by
                                                                  units.morale_of), ``quarter_refused``
A25.81      non-Elite Axis Minors take a 1PAATC (not Romanian     built: ``paatc_tc`` (the ``romanian``
            1st Line from July 1943)                              entry's ``paatc_exempt``)
A25.82      Axis Minors never Escape (except at home against      built: ``escape_barred`` / ``home_escape``
            Russians); non-Elite surrender on HoB 10+; berserk    (``options.home_soil``), read by escape.py;
            instead on 10-11 when Hungary fights Romania          morale.heat_of_battle; the 10-11 berserk
                                                                  by the No Quarter of A25.8 (A15.5)
A25.83      Axis Minor ordnance red TH#, but Romanian /           built: ``red_to_hit`` here (the entries'
            Hungarian / Slovak (g) / (t) equipment black          ``red_to_hit``, ``black_to_hit_makers``:
                                                                  the D2.5 manufacturer letter), read by
                                                                  vfire.py and motoord.py; a Gun: chapter C
A25.83      HEAT from January 1943 by chapter H's notes           not built: chapter H
A25.84      SMG 5-3-7 / 2-2-7 (Romanian from 1/43, Bulgarian      data: counters' ``replaced_by`` and
            from 10/44): ELR to Conscript, Battle Hardening       ``hardens_to``; the counters'
            to Fanatic; that Conscript hardens to 3-4-7 / 1-3-7   ``hardens_fanatic``, read by
                                                                  units.battle_hardening (A15.3)
A25.85      Romanian / Hungarian PF: dates, check dr, range,      not built: PF is chapter C (C13.3)
            drm, number
A25.86      Hungarians: two-tone counters, every Axis Minor       data: the ``hungarian`` entry carries every
            rule                                                  trait of ``axis_minor``
A25.87      Romanian ATMM from 7/43: CC DRM -2, its own drm       not built: ATMM is chapter C (C13.7)
A25.9       Allied Minor broken morale -1 (printed); Greek /      data: counters
            Yugoslav against Italians +1 (SSR counters)
A25.91      non-Elite Allied Minors take a 1PAATC                 built: ``paatc_tc`` here
A25.92      Allied Minors as British or Russian                   data: the scenario side's nationality
A25.93      Ethiopians as Allied Minors, own classes              data: the ``ethiopian`` entry, counters
A25.931     Elite only 3-4-7 / 1-3-6 / 1-2-7; only Elite          data: counters' ``class``, ``replaced_by``;
            units join a multi-Location FG, only Elite            built: ``multi_location_fg_bar`` here, read
            squads Deploy (not A20.5, A21.22); 3-4-7 ELR to       by fire.py (A7.5); deployment.py
            3-3-7
A25.932     1st Line 3-3-7, ELR to Conscript, BH chain            data: counters
A25.933     Ethiopian Human Wave                                  built: hw.py (``human_wave``)
A25.934     CC as the Japanese (G1.64), MMC CCV -1                not built: chapter G
A25.935x    Tank Flip                                             built: tankflip.py (the weight is a
                                                                  counter's ``tons``: chapter H's note)
A25.936     non-Elite Ethiopian squads/HS firing an Ethiopian      built: ``weak_heavy_mg`` here, read by
            MMG/HMG: ROF and B# -1 (the light mortar too)         fire.py; the mortar is ordnance (C)
A25.937     captured ordnance penalties x2; temporary crew start  start dr: ``temp_crew_start_drm``, read by
            dr +2                                                 vcapture.py (A21.22); ordnance: chapter C
A25.938     No Quarter always (and for the enemy from Nov 1935);  built: leader creation (+1, A18.2); No
            leader creation +1                                    Quarter from the start: ``quarter_refused``
                                                                  (read by game.initial_game_state): as if
                                                                  the Ethiopians had refused (their enemy
                                                                  never surrenders), both ways from 11/35
==========  ====================================================  ============================================
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

_DATE = re.compile(r"^(\d{4})-(\d{2})(?:-(\d{2}))?$")


def parse_date(text: str) -> tuple[int, int]:
    """A scenario's date, ``YYYY-MM`` or ``YYYY-MM-DD``, as (year, month); ValueError otherwise.

    >>> parse_date("1940-12")
    (1940, 12)
    """
    got = _DATE.match(text)
    if got is None or not 1 <= int(got.group(2)) <= 12 or (got.group(3) and not 1 <= int(got.group(3)) <= 31):
        raise ValueError(text)
    return int(got.group(1)), int(got.group(2))


def scenario_date(scenario: Scenario) -> tuple[int, int] | None:
    """The scenario's ``options.date`` as (year, month), None when it gives none. A25 rules that depend on
    the date (A25.211, A25.22, A25.81, ...) read it; a malformed date is a DataError naming the scenario."""
    raw = scenario.options.get("date")
    if raw is None:
        return None
    try:
        return parse_date(str(raw))
    except ValueError:
        raise DataError(f"{scenario.source}: options.date: a date YYYY-MM (or YYYY-MM-DD), got {raw!r} "
                        "(the A25 rules read it)") from None


def check(scenario: Scenario) -> None:
    """On load: the date, when given, is one (``scenario_date``); ``home_soil``, when given, lists sides of
    the scenario (``home_sides``); a scenario with American-made ordnance gives its date (A25.32), and one
    with a Free French vehicle too (A25.55)."""
    scenario_date(scenario)
    home_sides(scenario)
    check_made_dates(scenario)  # A25.32
    check_crew_dates(scenario)  # A25.55


def home_sides(scenario: Scenario) -> frozenset[str]:
    """The sides the scenario's SSR has fighting on home soil (A25.82): ``options.home_soil``, a list of side
    ids (empty when not given); anything else is a DataError naming the scenario file and the key."""
    raw = scenario.options.get("home_soil", [])
    ids = [s.id for s in scenario.sides]
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise DataError(f"{scenario.source}: options.home_soil: a list of side ids (of {ids}), got {raw!r} "
                        "(the sides on home soil by SSR, A25.82)")
    unknown = [v for v in raw if v not in ids]
    if unknown:
        raise DataError(f"{scenario.source}: options.home_soil: {unknown} not side(s) of the scenario {ids} "
                        "(A25.82)")
    return frozenset(raw)


def of(position: Position, unit: UnitState) -> au.Nationality:
    """The nationality a unit fights as: its counter's ``nationality``, else its side's (A25.92: an Allied
    Minor OB may be given as British or Russian by the side's nationality)."""
    side = next((s.nationality for s in position.scenario.sides if s.id == unit.side), None)
    return au.nationality_of(unit, side or None)


def same_army(position: Position, a: UnitState, b: UnitState) -> bool:
    """A4.12: are these two counters of one nationality? Each fights as ``of`` gives (its counter's, else its
    side's nationality), taken as the army it belongs to (SS German, A25.11; Gurkha and ANZAC British,
    A25.43-A25.44); one naming none on a side naming none either is taken to match (units.same_army)."""
    armies = []
    for unit in (a, b):
        nat = of(position, unit)
        if not nat.name:
            return True
        army = nat.traits.get("army")
        armies.append(army if isinstance(army, str) else nat.name)
    return armies[0] == armies[1]


def is_captured(position: Position, sw: UnitState, owner: UnitState | None) -> bool:
    """A21.1 as ``units.is_captured`` decides it, told the scenario's date (A25.75: in a 1939 scenario a
    Finn's Russian LMG is still captured)."""
    return au.is_captured(sw, owner, date=scenario_date(position.scenario))


def _before(date: tuple[int, int] | None, limit: str) -> bool:
    return date is not None and date < parse_date(limit)


def early_hardening(position: Position, unit: UnitState) -> bool:
    """A25.211: in a scenario dated before 1941 a Russian Conscript squad or HS Battle Hardens to the
    counter its ``hardens_to_early`` names (4-4-7 / 2-3-7, not 5-2-7 / 2-2-7, A25.2) unless its side's OB
    holds one of the counters the nationality's ``early_hardening.unless_in_ob`` lists (6-2-8, 5-2-7)."""
    rule = of(position, unit).traits.get("early_hardening")
    if not isinstance(rule, Mapping) or not _before(scenario_date(position.scenario), str(rule["before"])):
        return False
    ob = {u.counter for u in position.scenario.units if u.side == unit.side}
    return not ob & {str(c) for c in rule.get("unless_in_ob", [])}


def battle_hardening(position: Position, unit: UnitState,
                     counters: Mapping[str, CounterType]) -> tuple[str | None, bool, str]:
    """A15.3 with the nationality's own steps: ``units.battle_hardening`` told the scenario's date
    (A25.211) and the unit's nationality (A25.72)."""
    return au.battle_hardening(unit, counters, early=early_hardening(position, unit), nat=of(position, unit))


def self_rallies(position: Position, unit: UnitState) -> bool:
    """A10.63: a broken MMC with the self-rally ability (the counter's ``self_rally``; a crew's always,
    A1.123), or of a nationality whose classes self-rally (A25.7: every Finn but the Conscripts)."""
    if unit.values.get("self_rally") or unit.type == "crew":  # A1.123: every crew self-rallies
        return True
    classes = of(position, unit).classes("self_rally_classes")
    return unit.type in au.MMC and au.unit_class(unit.values) in classes


def lax(position: Position, unit: UnitState) -> bool:
    """A11.18: Lax by its marker, under the Inexperienced restrictions (A19.36), or by nationality (A25.64:
    non-Elite Italians; not Eritreans, A25.66)."""
    return unit.has("lax") or au.restricted_in(position, unit) or au.lax_class(unit, of(position, unit))


def paatc_tc(position: Position, unit: UnitState) -> int:
    """A11.6's PAATC is a NTC (0) or a 1TC (1): a 1TC under the Inexperienced restrictions (A19.34) or for
    the classes a nationality names (A25.65 non-Elite Italians, A25.81 non-Elite Axis Minors, A25.91
    non-Elite Allied Minors)."""
    if au.restricted_in(position, unit):
        return 1
    nat = of(position, unit)
    free = nat.traits.get("paatc_exempt")  # A25.81: Romanian 1st Line MMC from July 1943
    date = scenario_date(position.scenario)
    if isinstance(free, Mapping) and unit.type in au.MMC and date is not None \
            and not _before(date, str(free["from"])) and au.unit_class(unit.values) in free["classes"]:
        return 0
    return 1 if au.unit_class(unit.values) in nat.classes("paatc_1tc_classes") else 0


def ftdc_elite(position: Position, owner: UnitState | None) -> bool:
    """A22.3, A23.2: a non-Elite user of a FT or DC applies the captured-SW X# penalty (special.py); the
    classes a nationality's ``ftdc_elite_classes`` names use them as Elite (A25.74: Finnish 1st Line). A
    weapon with no possessor (a Set DC, A23.7) takes no penalty."""
    if owner is None:
        return True
    cls = au.unit_class(owner.values)
    return cls == "elite" or cls in of(position, owner).classes("ftdc_elite_classes")


UNDERSCORED_ELR = 5  # A1.23


def ssr_elr(position: Position, unit: UnitState) -> bool:
    """A19.132: an SSR (``options.elr_ssr``: the sides it names) gives the side's ELR to its underscored
    morale units too, which then are Replaced as any other (units.replacement's ``ssr_elr``)."""
    named = position.scenario.options.get("elr_ssr", ())
    return bool(unit.values.get("underscored_morale")) and isinstance(named, (list, tuple)) \
        and unit.side in named


def elr(position: Position, unit: UnitState) -> int | None:
    """A19.1's ELR when the unit or its nationality fixes it: the counter's ``elr_fixed`` (A25.12 8-3-8,
    A25.31 7-4-7, A25.42 6-4-8), 5 for an underscored morale (A1.23; the side's under an A19.132 SSR), else
    the nationality's ``elr`` (A25.24: partisans, 5); None: the side's, which A16 may lower (A16.21): a
    fixed ELR stays as it is."""
    fixed = unit.values.get("elr_fixed")
    if fixed is not None:
        return int(fixed)
    if unit.values.get("underscored_morale"):  # A1.23: an underscored morale's ELR is always 5 ...
        return None if ssr_elr(position, unit) else UNDERSCORED_ELR  # ... unless an SSR says (A19.132)
    got = of(position, unit).traits.get("elr")
    return got if isinstance(got, int) else None


def never_disrupted(position: Position, unit: UnitState) -> bool:
    """A19.12: the units an ELR failure breaks but never Disrupts: Fanatic ones and those of a nationality
    with ``never_disrupted`` (A25.24 partisans, A25.43 Gurkhas, Japanese), or ``never_disrupted_vs`` the
    enemy's (A25.11: SS against Russians). (Commissars are never Replaced at all, A25.221.)"""
    if unit.has("fanatic"):
        return True
    nat = of(position, unit)
    if nat.flag("never_disrupted"):
        return True
    foe = position.enemy_of(unit.side)
    enemy = next((s.nationality for s in position.scenario.sides if s.id == foe), None)
    return (enemy or "").lower() in nat.classes("never_disrupted_vs")


def weak_heavy_mg(position: Position, sw: UnitState, owner: UnitState) -> bool:
    """A25.936: a non-Elite squad or HS of a nationality with ``weak_heavy_mg`` (Ethiopians) firing its own
    nationality's MMG or HMG (the counter names the trait lists) has ROF and B# one lower (A.11). (The light
    mortar of the same rule is ordnance, chapter C.)"""
    rule = of(position, owner).traits.get("weak_heavy_mg")
    if not isinstance(rule, Mapping) or owner.type not in ("squad", "hs"):
        return False
    if au.unit_class(owner.values) == "elite" or not any(n in sw.counter.name for n in rule.get("names", [])):
        return False
    theirs = sw.values.get("nationality")
    return theirs is None or theirs == of(position, owner).name


def multi_location_fg_bar(position: Position, units: list[UnitState]) -> UnitState | None:
    """A25.931: of a nationality naming ``multi_location_fg_classes`` (Ethiopians: Elite only), an MMC of
    another class may not be in a multi-Location fire group, with its inherent FP or as the user of a SW
    (the caller passes the SW's possessor); the first such unit of ``units``, None when there is none. The
    rule defines the class of MMC (3-4-7, 1-3-6, 1-2-7 are the Elite ones): SMC are left free."""
    for unit in units:
        if unit.type not in au.MMC:
            continue
        allowed = of(position, unit).classes("multi_location_fg_classes")
        if allowed and au.unit_class(unit.values) not in allowed:
            return unit
    return None


# D2.5: a vehicle's manufacturer letter and the nationality that made it (``maker`` in the data)
MAKERS = {"a": "american", "t": "czech", "r": "russian", "c": "chinese", "b": "british", "g": "german",
          "f": "french", "i": "italian"}
_MAKER_NAMES = {"american": T("American")}  # the makers the data gives a ``made_red_to_hit``


def red_to_hit(position: Position, vehicle: UnitState, kind: str) -> tuple[str, T] | None:
    """The rule, and why, by which the ordnance of ``kind`` a vehicle fires uses the red To Hit numbers; None
    when it uses the black. Red when any of these says so (a captured vehicle takes the red numbers with
    Case H by A21.12 anyway, ordnance.to_hit):

    - its user's nationality, the vehicle's side's (its counter's nationality is its maker's): the
      ``red_to_hit`` of A25.242 (partisans, not ATR / MG), A25.52 (the French and Vichy French: their
      vehicles, not an MA MG), A25.6 (Italians) and A25.79 (Finns, both not ATR / MG) and A25.83 (Axis
      Minors, every kind: the text excepts none), but the ``black_to_hit_makers`` of A25.83 (Romanians,
      Hungarians and Slovaks fire the German (g) and Czech (t) equipment, by its D2.5 manufacturer letter,
      with the black numbers);
    - its maker's: A25.32, the American-made (manufacturer ``a``) before 1944, whoever uses it (not ATR /
      MG), the ``made_red_to_hit`` of the maker's nationality, by the scenario's date (``check`` requires
      one of a scenario holding such a vehicle).

    A25.32's black numbers from 1944 do not take away a user's red ones: the text says both "always", and
    a captured American gun surely keeps A21.12's red row; so red wins."""
    vt = vehicle_of(vehicle.values)
    user = au.nationality(side_nationality(position.scenario, vehicle.side))
    rule = user.traits.get("red_to_hit")
    if (isinstance(rule, Mapping) and kind not in rule.get("except", [])
            and vt.manufacturer not in user.classes("black_to_hit_makers")):
        return str(rule["rule"]), T("by its users' nationality")
    made = _made_red(vt.manufacturer, kind)
    if made is not None and _before(scenario_date(position.scenario), str(made["before"])):
        maker, when = MAKERS[vt.manufacturer], str(made["before"])
        return str(made["rule"]), T("{maker}-made, before {when}", maker=_MAKER_NAMES.get(maker, maker),
                                    when=when[:4] if when.endswith("-01") else when)
    return None


def _made_red(manufacturer: str, kind: str) -> Mapping[str, object] | None:
    """A25.32: the maker's ``made_red_to_hit`` when it holds for ordnance of ``kind``."""
    made = au.nationality(MAKERS.get(manufacturer)).traits.get("made_red_to_hit")
    if not isinstance(made, Mapping) or kind in made.get("except", []):
        return None
    return made


def check_made_dates(scenario: Scenario) -> None:
    """On load, A25.32: a scenario holding a vehicle whose ordnance takes the red or black To Hit numbers by
    its maker and the date (American-made: red before 1944) gives its date; else a DataError naming the
    scenario, the key and the counter (no date would leave the colour a guess)."""
    if scenario_date(scenario) is not None:
        return
    used = {u.counter for u in scenario.units}
    for name in sorted(used):
        counter = scenario.counters.get(name)
        if counter is None or counter.type != "vehicle":
            continue
        vt = vehicle_of(counter.values)
        made = None if vt.ma is None else _made_red(vt.manufacturer, vt.ma.kind)
        if made is not None:
            raise DataError(f"{scenario.source}: options.date: needed: the vehicle {name!r} is "
                            f"{MAKERS[vt.manufacturer]}-made (manufacturer {vt.manufacturer!r}, D2.5) and "
                            f"fires with the red To Hit numbers before {made['before']}, the black after "
                            f"({made['rule']})")


def crew_nationality(scenario: Scenario, side: str) -> tuple[str, str | None]:
    """The nationality whose D5.1 crew morale the side's inherent crews take, and the rule when it is not the
    side's own: A25.55, a Free French crew takes the British one in a scenario dated from December 1943 (the
    nationality's ``crew_as`` from ``crew_from``); before that date (A25.54) its own. ``check`` makes a
    scenario with such a vehicle give its date; without one (a vehicle no scenario unit) its own."""
    own = side_nationality(scenario, side)
    traits = au.nationality(own).traits
    crew_as, since = traits.get("crew_as"), traits.get("crew_from")
    date = scenario_date(scenario)
    if not isinstance(crew_as, str) or date is None or (isinstance(since, str) and _before(date, since)):
        return own, None
    return crew_as, str(traits.get("crew_rule", "A25.55"))


def check_crew_dates(scenario: Scenario) -> None:
    """On load, A25.55: a scenario whose side's nationality takes another's crew morale from a date (the
    Free French: the British from December 1943) and that holds a vehicle of that side gives its date; else
    a DataError naming the scenario, the key and the vehicle."""
    if scenario_date(scenario) is not None:
        return
    for unit in scenario.units:
        counter = scenario.counters.get(unit.counter)
        since = au.nationality(side_nationality(scenario, unit.side)).traits.get("crew_from")
        if counter is not None and counter.type == "vehicle" and isinstance(since, str):
            raise DataError(f"{scenario.source}: options.date: needed: the vehicle {unit.id!r} of side "
                            f"{unit.side!r} ({side_nationality(scenario, unit.side)}) has an inherent crew "
                            f"that takes its morale as another nationality's from {since} (A25.55, D5.1)")


def early_war_doctrine(position: Position, side: str) -> bool:
    """A25.212: the scenario's SSR (``options.early_war_russian_doctrine``) puts the Early War Russian
    Doctrine on the side, when its nationality is Russian."""
    if not position.scenario.options.get("early_war_russian_doctrine"):
        return False
    nat = next((s.nationality for s in position.scenario.sides if s.id == side), None)
    return (nat or "").lower() == "russian"


EARLY_WAR_CONSCRIPTS = ("4-2-6", "2-2-6")  # A25.212: the counters its CC -1 is against


def early_war_cc_drm(position: Position, target: UnitState) -> int:
    """A25.212 (Early War Doctrine SSR): a CC attack on a Russian 4-2-6 or 2-2-6 is at -1. The text names
    this -1 only to say it does not add to the capture attempt's -1 (A20.22 with A19.35: a Conscript is
    always Inexperienced, A19.3), so cc.work leaves it out of a capture attempt: -1 in all either way."""
    if target.counter.name not in EARLY_WAR_CONSCRIPTS or not early_war_doctrine(position, target.side):
        return 0
    return -1


def side_nationality(scenario: Scenario, side: str) -> str:
    return next((s.nationality or "" for s in scenario.sides if s.id == side), "").lower()


def _other(scenario: Scenario, side: str) -> str | None:
    return next((s.id for s in scenario.sides if s.id != side), None)


def hatred(scenario: Scenario) -> bool:
    """A25.8: Hungarians fighting Romanians (the two sides' nationalities)."""
    return {side_nationality(scenario, s.id) for s in scenario.sides} == {"hungarian", "romanian"}


def quarter_refused(scenario: Scenario) -> tuple[str, ...]:
    """The sides for which No Quarter is in effect from the start, as though each had refused a surrender
    (A20.3: its enemy never surrenders to it). The text says "in effect for" a side in the sense of its rout
    example (A10): once the German refuses a surrender, No Quarter is in effect for the Germans only, and the
    Russians' broken units then rout rather than surrender. A25.938: for the Ethiopians always, and for
    their enemy too in a scenario dated from November 1935 (the nationality's ``no_quarter.from``; with no
    date: the Ethiopians only). A25.8: for both sides when Hungarians fight Romanians."""
    out: list[str] = []
    date = scenario_date(scenario)
    for side in scenario.sides:
        rule = au.nationality(side_nationality(scenario, side.id)).traits.get("no_quarter")
        if not isinstance(rule, Mapping):
            continue
        out.append(side.id)
        enemy = _other(scenario, side.id)
        if enemy is not None and date is not None and not _before(date, str(rule["from"])):
            out.append(enemy)
    if hatred(scenario):
        out.extend(s.id for s in scenario.sides)
    return tuple(dict.fromkeys(out))


HATRED = "hatred"  # A25.8: a Hungarian or Romanian MMC fighting the other: broken morale +1 (units.morale_of)


def setup(scenario: Scenario, state: State) -> State:
    """A25.8: when Hungarians fight Romanians, every MMC of both carries the ``hatred`` marker (broken morale
    one higher, units.morale_of)."""
    if not hatred(scenario):
        return state
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.type in au.MMC:
            state = state.with_unit(unit.mark(HATRED))
    return state


def home_escape(position: Position, prisoner: UnitState) -> bool:
    """A25.82: an Axis Minor prisoner may attempt Escape (A20.55 bars it otherwise) when its side fights the
    Russians on home soil: the scenario's SSR names the side in ``options.home_soil`` (``home_sides``).
    (A20.55 gives the case of Hungarians in Hungary; A25.82 words it for every Axis Minor at home against the
    Russians.)"""
    if not of(position, prisoner).flag("axis_minor"):
        return False
    enemy = _other(position.scenario, prisoner.side)
    return (prisoner.side in home_sides(position.scenario) and enemy is not None
            and side_nationality(position.scenario, enemy) == "russian")


def escape_barred(position: Position, prisoner: UnitState) -> bool:
    """A20.55: Italians, Japanese and Axis Minors never attempt Escape unless abandoned; A25.82's home-soil
    exception (``home_escape``)."""
    nat = of(position, prisoner)
    barred = nat.name in ("italian", "japanese") or nat.flag("axis_minor")
    return barred and not home_escape(position, prisoner)


def leads(leader: UnitState, unit: UnitState) -> bool:
    """A25.24: a partisan leader's leadership never reaches a non-partisan unit, nor a non-partisan leader's
    a partisan (by the counters' ``nationality``; a counter naming none fights as its side's, so a side
    mixing the two names them)."""
    mine = str(leader.values.get("nationality", "")).lower()
    theirs = str(unit.values.get("nationality", "")).lower()
    if not mine or not theirs:
        return True
    return (mine == "partisan") == (theirs == "partisan")


def afv_after_infantry(position: Position, afv: UnitState) -> T | None:
    """A25.212 (Early War Doctrine SSR): a Russian AFV that is to move in its MPh moves before every friendly
    infantry unit does; why this one may not, once one of the side's infantry units (not a vehicle, not now
    aboard one: mounting and dismounting are the exception) has moved this MPh; None when it may."""
    if not early_war_doctrine(position, afv.side):
        return None
    state = position.state
    for uid in state.moved:
        unit = state.units.get(uid)
        if unit is None or unit.side != afv.side or unit.type not in (*au.MMC, *au.SMC):
            continue
        if unit.has("unloaded"):  # dismounting is no infantry move here
            continue
        carrier = state.units.get(unit.carrier or "")
        if carrier is not None and carrier.type == "vehicle":
            continue
        return T("{unit} may not move: under the Early War Russian Doctrine the AFVs move before the "
                 "infantry, and {other} has moved this phase (A25.212)", unit=afv.id, other=uid)
    return None
