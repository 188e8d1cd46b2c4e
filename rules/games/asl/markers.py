"""Every ASL unit state and marker as players read it, with its rule (what a page shows for a unit's markers).

The rules keep states as short ids on ``UnitState.markers`` (``broken``, ``first_fire``) and a few carry a
number or a target in the id: ``spent<half MP>`` (a vehicle's MP spent this MPh, D2.1), ``mpq<k>`` (its MP
left as quarters after a loading, D6.4), ``tca<k>`` (its turret's covered arc, D3.12) and
``acq:<unit>@<q>,<r>`` (an acquired target, C6.5). ``phrase`` turns each into a cited sentence, translatable
like every rules text; an id it does not know is an error in the rules, not a player's: ``phrase`` then says
so plainly rather than show the raw id (the test lists every marker the ASL modules set).
"""

from __future__ import annotations

from fractions import Fraction

from hexmate.rules.text import T

PHRASES: dict[str, T] = {
    # infantry states (A10, A7, A15-A19)
    "broken": T("broken (A10.4)"),
    "dm": T("Desperation Morale (A10.62)"),
    "pinned": T("pinned (A7.8)"),
    "cx": T("Double Time: CX (A4.51)"),
    "no_dt": T("no Double Time this MPh: CX this Player Turn (A4.51)"),
    "berserk": T("berserk (A15.4)"),
    "charging": T("charging: its move is a berserk charge (A15.43)"),
    "berserk_facing": T("berserk with a Known enemy in its Location as the AFPh began (A15.46)"),
    "hw": T("in a Human Wave (A25.23)"),
    "hw_turn": T("Human Wave this Player Turn: morale +1 unless broken, Lax (A25.23)"),
    "cav_seat_lost": T("was on the HS horse counter lost: bails out with the HS (A13.511)"),
    "cw_turn": T("Cavalry Wave this Player Turn: Lax, no morale +1 (A13.62)"),
    "hw_range": T("Human Wave Range counter: no farther from the HW row (A25.2321)"),
    "heroic": T("heroic (A15.21)"),
    "fanatic": T("fanatic (A10.8)"),
    "hatred": T("Hungarians against Romanians: broken morale one higher (A25.8)"),
    "wounded": T("wounded (A17.1)"),
    "disrupted": T("disrupted (A19.12)"),
    "encircled": T("encircled (A7.7)"),
    "encircled_upper": T(
        "encircled: no way down from its upper level free of armed enemy units and fire (A7.72)"),
    "ti": T("Temporarily Immobilized (A4.8)"),
    "cycles1": T("a one-cycle counter now: its riders' casualties shrank or split it (D15.53)"),
    "cycles2": T("a HS-size motorcycle counter now: its riders' casualties shrank it (D15.52)"),
    "dismantled": T("dismantled (A9.8)"),
    "tc_vcrew": T("captured: a vehicle crew as its temporary crew, red MP (A21.22)"),
    "tc_icrew": T("captured: an infantry crew as its temporary crew, MP halved (A21.22)"),
    "tc_hs": T("captured: a HS as its temporary crew, MP halved, captured penalties doubled (A21.22)"),
    "lax": T("lax (A11.18)"),
    "stealthy": T("stealthy (A11.17)"),
    "melee": T("in Melee (A11.15)"),
    "cc": T("fought in Close Combat this CCPh (A11)"),
    "assault": T("Assault Movement (A4.61)"),
    "bicycle": T("on a bicycle (D15.81)"),
    "bcy_road": T("on a bicycle on the road since the MPh began: +1 MF (D15.81)"),
    "mounted": T("mounted: cavalry (A13.1)"),
    "dismounted": T("dismounted this Player Turn: no Assault Movement (A13.5)"),
    "hgallop": T("galloping this MPh (A13.36)"),
    "cav_charge": T("declared a Charge this MPh (A13.6): a Prep Fire counter at its end (A13.61)"),
    "gallop_mid": T("gallop declared during the MPh: 16 MF (A13.36)"),
    "horse_used": T("moved or dismounted this MPh: not mounted again in it (A13.31)"),
    "bypass": T("bypassing along a hexside (A4.3)"),
    "rider": T("riding outside the vehicle beside its passengers (D17.3)"),
    "dash": T("Dashing across a road (A4.63)"),
    "carried": T("wounded, carried by a Good Order MMC of its stack as 5 PP this MPh (A17.2)"),
    "hip": T("hidden initial placement (A12.3)"),
    "exiting": T("exiting the map (A2.6)"),
    "entry_barred": T("its entry hexes were barred all through its MPh: it enters a turn later (A2.5)"),
    "held_off": T("set up on the map by the OB, held off it by its owner until the MPh he brings it on "
                  "(D16.8)"),
    "entered": T("moved this MPh: a moving target (D2.1)"),
    "sz_lost": T("its Schuerzen are lost: it entered rubble, a building or woods (D11.22)"),
    # fire (A3, A7-A9)
    "prep_fire": T("Prep Fire (A3.2)"),
    "opportunity": T("Opportunity Fire: no fire in the PFPh, no move; fires unhalved in the AFPh (A7.25)"),
    "sw_moved": T("moved in the MPh: does not fire in the AFPh (A4.41)"),
    "first_fire": T("First Fire (A8.1)"),
    "bounding_fire": T("Bounding First Fire: no fire in the AFPh (D3.3)"),
    "final_fire": T("Final Fire (A8.4)"),
    "advancing_fire": T("Advancing Fire (A3.5)"),
    "no_fire": T("fired a SW: no inherent FP this phase (A7.35)"),
    "sustained_fire": T("Sustained Fire (A9.3)"),
    # support weapons (A9, A21) and the Rally Phase (A3.1)
    "malfunctioned": T("malfunctioned (A9.7)"),
    "set_dc": T("a Set DC (A23.7)"),
    "placed_dc": T("a DC placed this MPh: it attacks in the AFPh (A23.3)"),
    "placed_dc_cx": T("placed by a CX unit: +1 on its attack (A23.4)"),
    "placed_dc_hidden": T("placed at concealed units: Area Fire (A23.1)"),
    "placed_dc_ne": T("placed by a non-Elite unit: its X# is 2 lower (A23.2)"),
    "mol": T("uses a MOL in this attack (A22.611)"),
    "mol_failed": T("failed its MOL check: no FP in this attack (A22.611)"),
    "captured": T("captured (A21.1)"),
    "low_ammo": T("low ammo (D3.71)"),
    "rally_tried": T("has had its one Rally Phase action (A3.1)"),
    "repairing": T("repairing SW this Rally Phase (A9.72)"),
    "repair_tried": T("repair tried this Rally Phase (A9.72)"),
    **{f"vrepair_tried:{w}": T("its {weapon} had its repair dr this Rally Phase (D3.7)", weapon=n)  # vrepair
       for w, n in (("ma", "MA"), ("bmg", "BMG"), ("cmg", "CMG"), ("aamg", "AAMG"), ("rmg", "RMG"),
                    ("trmg", "turret RMG"))},
    "recovered": T("recovered this phase: not passed on in it (A4.44)"),
    "sw_pause": T("picked up or dropped a SW after moving: may go on with its move (A4.4)"),
    "recovering": T("its Rally Phase action is a recovery (A4.44)"),
    "combiner": T("its Rally Phase action is combining HS in its Location (A1.32)"),
    "combined": T("combined from two HS at the start of this Rally Phase (A1.32)"),
    "smoke_tried": T("tried to place smoke this MPh (A24.1)"),
    # prisoners (A20)
    "prisoner": T("prisoner (A20.5)"),
    "unarmed": T("unarmed (A20.5)"),
    "abandoned_pw": T("abandoned by its guard: its elimination by that side is a massacre (A20.53)"),
    "escaping": T("trying to escape (A20.55)"),
    "withdrawing": T("trying to withdraw from the Melee (A11.2)"),
    "scrounging": T("scrounged for small arms this MPh: no other Scrounge DR in its hex (A20.552)"),
    # vehicles (chapter D)
    "motion": T("in Motion (D2.4)"),
    "came_on_rev": T("backed onto the map this MPh: in Motion in reverse (D2.2)"),
    "rev_motion": T("its move ended backing: in Motion, that is Reverse Motion (D2.24)"),
    "reverse": T("moving in reverse (D2.21)"),
    "bu": T("buttoned up (D5.3)"),
    "ce": T("crew exposed (D5.3)"),
    "immobilized": T("immobilized (D8.1)"),
    "bogged": T("bogged (D8.21)"),
    "mired": T("mired (D8.2)"),
    "offbog": T("bogged off the map on its way on (D8.23); freed (D8.3), it comes on from that off-board hex "
                "at its named entry hexes (A2.51)"),
    "spent_start": T("start MP paid by its Bog Removal (D8.3)"),
    "hw_started": T("started as its MP action of a Human Wave's impulse: not stopped (D14.31)"),
    "hw_alone": T("entering a hex alone in a Human Wave's impulse, its platoon still with the wave "
                  "(D14.331)"),
    "hw_mr": T("started in a Human Wave's impulse: its platoon's mechanical reliability DR is due at the "
               "impulse's end (D14.21)"),
    "ce_placed": T("went CE this phase (D5.33)"),
    "ce_removed": T("buttoned up this phase (D5.33)"),
    "shocked": T("shocked (D5.34)"),
    "stunned": T("stunned (D5.34)"),
    "plus1": T("stunned before: a second stun recalls it (D5.342)"),
    "abandoned": T("abandoned (D5.4)"),
    "armor_leader_removed": T("its Armor Leader was removed by a Recall (D5.341)"),
    "recalled": T("Recalled: +1 on its crew's DRs; it must leave by its friendly board edge (D5.341)"),
    "crew_pinned": T("its crew is pinned: BU if closed-topped, this Player Turn (A7.82)"),
    "armor_leader_shown": T("its Armor Leader is in play (D3.41)"),
    "aa_led": T("moves with a halftrack whose CE leader aboard gives it A4.12's +2 MF this MPh (D6.65)"),
    "screen": T("DD screen raised: moves only CE, +1 MP a land hex, no fire, bypass or riders (D16.12)"),
    "dd": T("DD tank: may stay off the map past its entry turn, until the MPh its owner picks (D16.8)"),
    "amphibious": T("amphibious: if unarmored, may stay off the map past its entry turn (D16.8)"),
    "other_crew": T("crewed by another unit than its Armor Leader's crew: no Armor Leader (D3.43)"),
    "crew_left": T("its crew left it this Player Turn: nobody may enter it before the next (D5.42)"),
    "towing": T("towing a Gun or trailer: no reverse, +1 bog DRM (D2.2)"),
    "wreck": T("wreck (D10.1)"),
    "bailed": T("bailed out this phase: no more move or fire (D6.24)"),
    "bail_ff": T("bailed out during this move: a First Fire target, all its MF spent, FFNAM (D6.24)"),
    "aa_bump_ff": T("bumped back from a concealed enemy in an Armored Assault: a First Fire target where it "
                    "stays, its MF spent there (A12.15)"),
    "bump_ff": T("bumped back from a concealed enemy: a First Fire target where it stays, its MF spent there "
                 "(A12.15)"),
    "dt1": T("Double Time declared after spending MF, for this move: +1 MF at most (A4.5, A4.52)"),
    "conveyed": T("boarded, rode or unloaded from a vehicle this Player Turn: no Double Time (A4.5)"),
    "routed": T("has routed this phase: no second rout for an enemy revealed once it is done (A10.533)"),
    "routed_beneath": T("routed beneath its vehicle, whose crew is gone: its rout this phase (D6.1)"),
    "unloaded": T("unloaded this phase: keeps its vehicle's TEM though the vehicle moved (D9.3)"),
    "hazardous": T("forced out of its vehicle: Hazardous Movement this phase, -2 on attacks on it (A4.62)"),
    "setting_dc": T("setting a DC: Hazardous Movement this phase, -2 on attacks on it (A23.7)"),
    "ovr_fp": T("added its FP to an Overrun: no unloading this phase (D6.5)"),
    "cc_reacted": T("made CC Reaction Fire at the vehicle: no Non-CC Reaction Fire this phase (D7.21)"),
    "ncr": T("made Non-CC Reaction Fire at this Overrun (D7.22)"),
    "motion_tried": T("has made its Motion attempt this enemy MPh (D2.401)"),
    "burning": T("burning (D10.1)"),
    "hd": T("hull down (D4.2)"),
    "cupola": T("armored cupola (D9.5)"),
    "dug_in": T("dug in (D9.54)"),
    "ma_malf": T("main armament malfunctioned (D3.7)"),
    "ntc_passed": T("a radioless AFV that passed its NTC to move this MPh (D14.23)"),
    "ntc_failed": T("a radioless AFV that failed its NTC: stopped for this MPh (D14.23)"),
    "imp_on": T("moving with its platoon by impulses this MPh (D14.21)"),
    "imp_go": T("started in platoon movement: not stopped (D14.21)"),
    "imp_rev": T("moving in reverse in platoon movement (D14.21)"),
    "imp_started": T("spent its start MP in this impulse (D14.21)"),
    "imp_reform": T("re-conforming with its platoon after a loss (D14.22)"),
    "imp_aa": T("in Armored Assault with an AFV of a platoon moving by impulses (D14.33)"),
    "imp_aa_lead": T("parted from its AFV: finishes its MPh first while the platoon waits (D14.331)"),
    "hw_through": T("entered enemy infantry without an Overrun (D7.1) in the Human Wave's impulse: their CC "
                    "Reaction Fire at it comes at the impulse's end (D7.21)"),
    "imp_react": T("its Overrun in an impulse awaits the defender's Reaction Fire (D7.2)"),
    "vsmoke_tried": T("has tried its smoke dispenser or grenades this player turn (D13.2)"),
    "ft_fired": T("its FT has fired this player turn (A22.3)"),
    "ftdc_used": T("has used a FT or DC this Player Turn (A22.3)"),
    "ft_disabled": T("its FT is out for good: X# reached (D3.6)"),
    "cmg_malf": T("coaxial MG malfunctioned (A9.7)"),
    "aamg_malf": T("anti-aircraft MG malfunctioned (D3.7)"),
    "rmg_malf": T("hull rear MG malfunctioned (D3.7)"),
    "trmg_malf": T("turret rear MG malfunctioned (D3.7)"),
    "bmg_disabled": T("bow MG disabled for good: its X# reached (A21.11)"),
    "cmg_disabled": T("coaxial MG disabled for good: its X# reached (A21.11)"),
    "aamg_disabled": T("anti-aircraft MG disabled for good: its X# reached (A21.11)"),
    "rmg_disabled": T("hull rear MG disabled for good: its X# reached (A21.11)"),
    "trmg_disabled": T("turret rear MG disabled for good: its X# reached (A21.11)"),
    "sn_fired": T("fired its sN this CCPh (A11.622)"),
    "crew_survived": T("its crew survived (D5.6)"),
    "crew_lost": T("its crew was lost (D5.6)"),
    "disabled": T("main armament disabled (D3.7)"),
    "scrounged": T("scrounged: nothing more to take off it; what it had to take is unusable (D10.5)"),
    "bmg_malf": T("bow MG unusable (D10.5)"),
    "bmg_removed": T("its bow MG was taken out by its crew: Disabled (D6.631)"),
    "cmg_removed": T("its coaxial MG was taken out by its crew: Disabled (D6.631)"),
    "aamg_removed": T("its AAMG was taken out by its crew: Disabled (D6.631)"),
    "rmg_removed": T("its rear MG was taken out by its crew: Disabled (D6.631)"),
    "ma_removed": T("its main armament was taken out by its crew: Disabled (D6.83)"),
    "removed_sw": T("taken out of a vehicle by its crew (D6.631)"),
    "carrier_hs": T("a carrier's HS: it combines without a leader (D6.82)"),
    "inherent_hs": T("the HS that was its carrier's crew (D6.82): worth 2 VP (A26.213)"),
    "carrier_squad": T("combined with a carrier's HS: it deploys to board a carrier freely (D6.82)"),
    "gallop": T("galloping this MPh: 1.5 times its MF, a Wreck Check dr on each turn or dear hex (D12.4)"),
    "through": T("passing enemy Locations this move without an Overrun, as D15.43 lets a cycle (D7.1)"),
    "concealed": T("concealed (A12.1)"),
    "tc_smc": T("captured vehicle crewed by a lone SMC: CE it does not move and fires only the AAMG; else "
                "it moves or fires its BMG or CMG in a Player Turn, not both (A21.22)"),
    "smc_moved": T("crewed by a lone SMC, it has moved this Player Turn: it does not fire (A21.22)"),
    "temp_driver": T("captured unarmed vehicle driven by its captors' temporary driver (A21.21)"),
    "driving": T("off the map, driving the unarmed vehicle it captured (A21.21)"),
    "pax_capture": T("its passengers were the target of a capture attempt in this Close Combat (A11.52)"),
    "cc_held": T("abandoned, taken back by its own side in Close Combat: it holds it (A21.2)"),
    "cc_taken": T("captured in this Close Combat: the Location's attacks keep their order (A11.31)"),
    "mg_only": T("only its MGs have fired this phase: its gun may still fire (D3.5)"),
    "rof_kept": T("its gun kept its multiple rate of fire: it may fire again this phase (D3.5)"),
}


def _mp(halves: int) -> str:
    value = Fraction(halves, 2)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _hex_name(where: str, label: object) -> str:
    """``q,r`` as the map's label when ``label`` is given, else ``@q,r``."""
    q, r = (int(v) for v in where.split(","))
    if callable(label):
        from hexmate.rules.hexes import Hex

        return str(label(Hex(q, r)))
    return f"@{q},{r}"


def phrase(marker: str, label: object = None) -> T:
    """The marker as players read it, with its rule. ``label`` turns an axial hex into the map's label."""
    if marker in PHRASES:
        return PHRASES[marker]
    if marker.startswith("came_on") and marker[7:].isdigit():
        return T("came on from off the map this MPh, {mp} MP for its entry hex (A2.51)",
                 mp=_mp(int(marker[7:])))
    if marker.startswith("spent") and marker[5:].isdigit():
        return T("{mp} MP spent this MPh (D2.1)", mp=_mp(int(marker[5:])))
    if marker.startswith("smoke_mf") and marker[8:].isdigit():
        return T("{mf} MF spent on a smoke attempt (A24.1)", mf=marker[8:])
    if marker.startswith("mfleft") and marker[6:].isdigit():
        return T("{mf} MF left of its move, to go on with after a SW picked up or dropped (A4.4)",
                 mf=_mp(int(marker[6:])))
    if marker.startswith("chargego") and marker[8:].isdigit():
        return T("went berserk during its move: charges on with {mf} MF (A15.431)", mf=_mp(int(marker[8:])))
    if marker.startswith("chargeto:") and marker.count(":") == 3:
        _, halves, _, where = marker.split(":")
        hexes = [tuple(int(v) for v in h.split(",")) for h in where.split(";") if h]
        if callable(label):
            from hexmate.rules.hexes import Hex

            names = " / ".join(str(label(Hex(q, r))) for q, r in hexes)
        else:
            names = " / ".join(f"@{q},{r}" for q, r in hexes)
        return T("charging {target} with {mf} MF, hex by hex (A15.431)", target=names, mf=_mp(int(halves)))
    if marker.startswith("rides:") and len(marker) > 6:
        return T("rides along on {horse}, another unit's horse counter (A13.32)", horse=marker[6:])
    if marker.startswith("horse_lost") and marker[10:].isdigit():
        return T("{mf} MF of its allowance lost to its rider's mounting (A13.31)", mf=_mp(int(marker[10:])))
    if marker.startswith("rode_from") and marker[9:].isdigit():
        return T("mounted this MPh with {mf} MF left to its horse (A13.31)", mf=_mp(int(marker[9:])))
    if marker.startswith("inf_spent") and marker[9:].isdigit():
        return T("{mf} of its basic 4 MF spent before riding this MPh (A13.31)", mf=_mp(int(marker[9:])))
    if marker.startswith("swppkept") and marker[8:].isdigit():
        return T("{pp} PP of a SW dropped during its move still count this MPh (A4.4)", pp=marker[8:])
    if marker.startswith("swmf") and marker[4:].isdigit():
        return T("{mf} MF spent on SW recovery before moving (A4.44)", mf=marker[4:])
    if marker.startswith("rectry:"):
        return T("has tried to recover {sw} this MPh (A4.44)", sw=marker[7:])
    if marker.startswith("mpq") and marker[3:].isdigit():
        return T("moves on {n}/4 of its MP after a loading (D6.4)", n=marker[3:])
    if marker.startswith("byp") and marker[3:].isdigit() and int(marker[3:]) < 6:
        from hexmate.rules.hexes import DIRECTION_NAMES

        side = DIRECTION_NAMES[int(marker[3:])]
        return T("bypassing along the {side} hexside of its hex (D2.34)", side=side)
    if marker.startswith("smc_driver:"):
        return T("driven by {unit}, off the map until it is abandoned (A21.21)", unit=marker[11:])
    if marker.startswith("imp_mp") and marker[6:].isdigit():
        return T("{mp} MP spent in this impulse (D14.31)", mp=_mp(int(marker[6:])))
    if marker.startswith("imp_mfsum") and marker[9:].isdigit():
        return T("{mf} MF spent by its impulses this MPh (D14.33)", mf=_mp(int(marker[9:])))
    if marker.startswith("imp_mf") and marker[6:].isdigit():
        return T("{mf} MF spent in this impulse (D14.33)", mf=_mp(int(marker[6:])))
    if marker.startswith("imp_aa_out") and marker[10:].isdigit():
        return T("parted from its AFV: goes on with {mf} MF once the platoon is done (D14.331)",
                 mf=_mp(int(marker[10:])))
    if marker.startswith("imp_last") and marker[8:].isdigit():
        return T("its group spent {mp} MP (MF) in the impulse just ended (D14.33)", mp=_mp(int(marker[8:])))
    if marker.startswith("hw_bog:"):
        return T("its entry in a Human Wave's impulse calls for a bog DR ({drm} DRM), its platoon's one at "
                 "the impulse's end (D14.21)", drm=marker[7:])
    if marker.startswith("imp_from:"):
        return T("where it stood as this impulse began (D14.22)")
    if marker.startswith("imp_off:"):
        return T("leaving the map in this impulse (D14.212)")
    if marker.startswith("imp_ovr:"):
        return T("overran a hex in this impulse: its attack comes at the impulse's end (D14.32)")
    if marker.startswith("platoon:"):
        return T("in AFV platoon {name} (D14.2)", name=marker[8:])
    if marker.startswith("push:"):
        return T("pushing the wreck {unit} aside this MPh (D10.42)", unit=marker[5:])
    if marker.startswith("hds") and marker[3:].isdigit() and int(marker[3:]) < 6:
        from hexmate.rules.hexes import DIRECTION_NAMES

        return T("hull down behind its {side} crest hexside (D4.221)", side=DIRECTION_NAMES[int(marker[3:])])
    if marker.startswith("tca") and marker[3:].isdigit():
        return T("turret covered arc at hexspine {k} (D3.12)", k=marker[3:])
    if marker.startswith("tca_at:") and marker.count(":") == 2:
        _, k, where = marker.split(":")
        return T("its turret turns to hexspine {k} as its move enters {hex} (D3.1.2)", k=k,
                 hex=_hex_name(where, label))
    if marker.startswith("ovr_at:"):
        return T("its move overruns {hex}, named among its enemy hexes (D7.14)",
                 hex=_hex_name(marker[7:], label))
    if marker.startswith("caend:") and len(marker) == 10:
        return T("its {arc} turns to hexspine {k} at the end of this fire phase (D3.1.2)",
                 arc=marker[6:9].upper(), k=marker[9])
    if marker.startswith("mg_fired:"):
        return T("its {weapon} has fired this player turn (D3.5)", weapon=marker[9:].upper())
    if marker.startswith("vfrom:") and "@" in marker:
        return T("its weapons fired from this hex in this {phase} (D3.51)", phase=marker[6:].split("@")[0])
    if marker.startswith("capen:"):
        return T("its turret turned this {phase}: the other turret weapons pay the same Case A (D3.51)",
                 phase=marker[6:].split(":")[0])
    if marker.startswith("ma_fired:"):
        return T("its MA fired in this {phase}: no turret rear MG fire then (D1.82)", phase=marker[9:])
    if marker.startswith("mgca:") and marker.count(":") == 4:
        return T("its CA is fixed by its fire in this {phase} (A9.21)", phase=marker.split(":")[3])
    if marker.startswith("mgat:") and "@" in marker:
        phase, where = marker[5:].split("@", 1)
        at = f"@{where}"
        if callable(label):
            from hexmate.rules.hexes import Hex

            q, r = (int(v) for v in where.split(","))
            at = str(label(Hex(q, r)))
        return T("its MGs fired at {hex} in this {phase} (D3.5)", hex=at, phase=phase)
    if marker.startswith("aapart"):
        return T("its Armored Assault infantry part from it on its way (D9.31)")
    if marker.startswith("aa:"):
        return T("moves in Armored Assault with {unit} (D9.31)", unit=marker[3:])
    if marker.startswith("coupled:"):
        return T("coupled with the wagon {unit} to tow a Gun: T# 2, a Large target (D12.2, D12.3)",
                 unit=marker[len("coupled:"):])
    if marker.startswith("acq:") and "@" in marker:
        target, where = marker[4:].rsplit("@", 1)
        hex_text = f"@{where}"
        if callable(label):
            from hexmate.rules.hexes import Hex

            q, r = (int(v) for v in where.split(","))
            hex_text = str(label(Hex(q, r)))
        return T("has acquired {unit} in {hex} as its target (C6.5)", unit=target, hex=hex_text)
    if marker.startswith("led:") and marker.count(":") == 2:
        units = ", ".join(marker.split(":")[2].split("+"))
        return T("has directed {units} this Player Turn (A7.53)", units=units)
    return T("state {marker} (no reading for it yet)", marker=marker)


__all__ = ["PHRASES", "phrase"]
