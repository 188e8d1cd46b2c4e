"""Schlieffen's War settings: each ambiguity of the rules (digest Appendix A, A-1 to A-35) is a named switch
with a documented default (rules/games/sw/README.md). A scenario sets them in ``options.settings``; an
unknown name or a value of the wrong kind is an error naming the scenario file and the key."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hexmate.rules.errors import DataError


@dataclass(frozen=True)
class Settings:
    # 5.3 vs 10.2/10.6. Forced marchers roll on the Attrition Table (10.6) and drop a morale level (5.3).
    forced_march_morale: bool = True
    # rail matters for supply, depot movement and reorganisation placement (not only supply, 2.1).
    rail_beyond_supply: bool = True
    # a fort has as many steps as it has faces in the counter data (Verdun 4 -> 3 -> 2).
    fort_steps_from_faces: bool = True
    # forts carry no morale (9.6), whatever 6.5 says.
    fort_morale: bool = False
    # a German HQ may trace to any German depot, not only its army's (6.7 ignores armies after set-up).
    any_depot: bool = True
    # odds from 1:2 up to 1:1 use the 1:2 column; a defence of 0 is above 7:1.
    zero_defense_above_7: bool = True
    # the automatic results are tested on the final odds (after shifts), and no cap before shifting.
    automatic_after_shifts: bool = True
    # 11.15 (c) read literally: three or more hexsides attacking is concentric.
    concentric_min_sides: int = 3
    # the Belgian area is Belgium and French/Luxembourg hexes within this many hexes of Belgium (10.8).
    belgian_reach: int = 2
    # the river shift needs every attacker across a river (11.12 as written).
    river_all_attackers: bool = True
    # EZOC stops HQs as it stops corps; depots may not enter an EZOC.
    ezoc_for_hqs: bool = True
    # the fatigue threshold (10.2) is half the printed MA of the current face, rounded up.
    fatigue_on_printed_ma: bool = True
    # halvings (OOS, HF supply, fatigue) round up and compound, one after the other.
    halvings_compound: bool = True
    # an empty EZOC hex blocks a command path (7.5 by implication); command counts hexes otherwise.
    ezoc_blocks_command: bool = True
    # HF supply does not count as "in supply" for reorganisation or forced march.
    hf_counts_as_supply: bool = False
    # A-16: Germans and Belgians get HF supply in heavy-fortress hexes too (8.9's general wording).
    hf_for_all: bool = True
    # marsh takes its combat effect from the TEC (none in the demo table).
    marsh_shift: int = 0
    # depots set up where the scenario puts them.
    depots_from_scenario: bool = True
    # retreats, advances and probes change hex control like moves (3.3).
    control_by_any_entry: bool = True
    # ports are the hexes the map's theatre lists.
    ports_from_map: bool = True
    # the German depot's rail leg avoids EZOC outright, even where friends stand (8.6).
    strict_depot_ezoc: bool = True
    # a British HQ may return to any of the ports not in an EZOC even without a British HQ there.
    british_hq_any_port: bool = True
    # the British +1 German loss applies to the automatic results too.
    british_on_automatic: bool = True
    # the fort rule wins over the spreading rule; an already reduced unit counts as having one loss.
    fort_rule_first: bool = True
    # the whole defending hex retreats together.
    whole_hex_retreats: bool = True
    # "nearest functioning supply source" = the side's edge and port source hexes, by hex count.
    retreat_by_hex_distance: bool = True
    # the morale gain after a win is for the participating attackers only.
    win_morale_participants_only: bool = True
    # a defender that holds its hex gains no morale.
    holding_defender_gains: bool = False
    # when both sudden deaths happen at one turn end, the Paris check comes first (German win).
    paris_first: bool = True
    # Plan XVII (4.4) is not gated by 4.1; at turn 10 without Paris endangered a German VP win is a
    # draw.
    plan17_gated: bool = False
    # one reorganisation action per unit, and no restoring a unit still fatigued (9.6e).
    one_reorg_action: bool = True
    # heavy-fortress status is permanent.
    hf_permanent: bool = True
    # a forced march and spending half the MA cost one morale level in all, not two.
    one_level_per_move: bool = True
    # the defending HQ always takes part (6.2).
    hq_always_defends: bool = True
    # "all units elan" looks at corps only.
    elan_corps_only: bool = True

    @classmethod
    def from_options(cls, options: Mapping[str, Any], source: str) -> Settings:
        raw = options.get("settings", {})
        if not isinstance(raw, dict):
            raise DataError(f"{source}: options.settings: must be an object of setting names")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        out: dict[str, Any] = {}
        for key, value in raw.items():
            field = fields.get(key)
            if field is None:
                raise DataError(f"{source}: options.settings.{key}: not a Schlieffen's War setting "
                                f"(see rules/games/sw/README.md)")
            kind = bool if field.type in ("bool", bool) else int
            if type(value) is not kind:
                raise DataError(f"{source}: options.settings.{key}: must be {kind.__name__}, got {value!r}")
            if key in FIXED and value != field.default:
                raise DataError(f"{source}: options.settings.{key}: only the default ({field.default!r}) is "
                                "implemented (rules/games/sw/README.md)")
            out[key] = value
        return cls(**out)


# Settings the engine keeps at their default for now: naming another value is an error, never ignored.
FIXED = frozenset({
    "rail_beyond_supply", "fort_morale", "any_depot", "depots_from_scenario", "ports_from_map",
    "fort_rule_first", "whole_hex_retreats", "retreat_by_hex_distance", "win_morale_participants_only",
    "one_reorg_action", "hf_permanent", "hq_always_defends",
})

AMBIGUITY = {  # digest Appendix A id -> setting name (the README's table, checked by the tests)
    "A-1": "forced_march_morale", "A-2": "rail_beyond_supply", "A-3": "fort_steps_from_faces",
    "A-4": "fort_morale", "A-5": "any_depot", "A-6": "zero_defense_above_7", "A-7": "automatic_after_shifts",
    "A-8": "concentric_min_sides", "A-9": "belgian_reach", "A-10": "river_all_attackers",
    "A-11": "ezoc_for_hqs", "A-12": "fatigue_on_printed_ma", "A-13": "halvings_compound",
    "A-14": "ezoc_blocks_command", "A-15": "hf_counts_as_supply", "A-16": "hf_for_all",
    "A-17": "marsh_shift", "A-18": "depots_from_scenario", "A-19": "control_by_any_entry",
    "A-20": "ports_from_map", "A-21": "strict_depot_ezoc", "A-22": "british_hq_any_port",
    "A-23": "british_on_automatic", "A-24": "fort_rule_first", "A-25": "whole_hex_retreats",
    "A-26": "retreat_by_hex_distance", "A-27": "win_morale_participants_only",
    "A-28": "holding_defender_gains", "A-29": "paris_first", "A-30": "plan17_gated",
    "A-31": "one_reorg_action", "A-32": "hf_permanent", "A-33": "one_level_per_move",
    "A-34": "hq_always_defends", "A-35": "elan_corps_only",
}
