"""Schlieffen's War game module: movement with terrain, river, EZOC, rail (depots), forced march, Belgian and
stacking limits [10.x, 7.1, 6.2, 6.3]; hex control along every path [3.3] (asked on the page when the end hex
alone leaves it open); supply traced in each Administrative Phase [8.x] (``supply.py``) with attrition [8.8];
attacks on the decision stack (``combat.py``) [11.x]; reorganisation, reinforcements and the German transfer
east [9.x] (``reorg.py``); victory after every turn [4.x]. Each ambiguity of the text is a setting
(``settings.py``, README.md)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Physical
from hexmate.rules.dice import SW_D6, DiceSpec
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Game, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups
from hexmate.rules.games.sw import combat as sw_combat
from hexmate.rules.games.sw import reorg as sw_reorg
from hexmate.rules.games.sw import supply as sw_supply
from hexmate.rules.games.sw.combat import MORALE_DOWN, MORALE_UP, Combat, column_index, morale, with_morale
from hexmate.rules.games.sw.settings import Settings
from hexmate.rules.games.sw.state import SwState
from hexmate.rules.games.sw.theatre import Theatre, load_theatre
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

__all__ = ["NATION_COLOURS", "SwGame", "SwState", "column_index"]

NATION_COLOURS = {"BEL": "orange", "BRI": "tan", "FRA": "blue", "GER": "grey"}  # 2.4


@dataclass(frozen=True)
class Calendar:
    """What happens on which turn besides the sequence of play (calendar.json): the turn-1 exemptions (5.1,
    10.2), the German transfer east (9.4), the Plan XVII check (4.4) and the Allied Final Effort (11.24)."""

    dates: Mapping[int, str]
    no_reorganisation: frozenset[int]
    german_no_fatigue: frozenset[int]
    east_turn: int
    east_corps: int
    east_cf: int
    plan17_turn: int
    plan17_attacks: int
    final_effort: frozenset[int]
    final_shift: int

    @classmethod
    def load(cls, path: Path) -> Calendar:
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                {int(k): str(v) for k, v in d["dates"].items()}, frozenset(d["no_reorganisation"]["turns"]),
                frozenset(d["german_no_fatigue"]["turns"]), int(d["east_transfer"]["turn"]),
                int(d["east_transfer"]["corps"]), int(d["east_transfer"]["cf"]), int(d["plan_xvii"]["turn"]),
                int(d["plan_xvii"]["attacks"]), frozenset(d["final_effort"]["turns"]),
                int(d["final_effort"]["shift"]))
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise DataError(f"{path}: not a Schlieffen's War calendar: {e!r}") from None


@dataclass(frozen=True)
class Ctx:
    """A scenario's fixed data, read once: its settings, its theatre, and which side is German."""

    settings: Settings
    theatre: Theatre
    german: str
    entente: str
    vp_entente_max: int  # 4.7: the Entente wins with the Germans at this many VP or fewer
    vp_draw_max: int  # 4.7: a draw up to this many; the Germans win above it
    plan17_needed: int  # 4.4
    calendar: Calendar


class SwGame(Game):
    name: ClassVar[str] = "sw"
    title: ClassVar[str] = "Schlieffen's War"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "crt": ("odds", "roll"), "attrition": ("roll",), "artillery": ("roll",)}
    dice: ClassVar[Mapping[str, DiceSpec]] = {"d6": SW_D6}  # one die for every roll (8.8, 11.15, 11.17)
    flip_markers: ClassVar[frozenset[str]] = frozenset({"reduced"})  # 2.3: the back is the reduced side
    marker_counters: ClassVar[frozenset[str]] = frozenset({"elan", "fatigue", "oos"})  # 2.10

    def __init__(self) -> None:
        self._ctx: dict[tuple[int, int], tuple[Scenario, HexMap, Ctx]] = {}

    # --- the scenario's data ---
    def ctx(self, position: Position) -> Ctx:
        key = (id(position.scenario), id(position.map))
        hit = self._ctx.get(key)
        if hit is not None:
            return hit[2]
        scen = position.scenario
        opts = scen.options
        settings = Settings.from_options(opts, scen.source)
        theatre = load_theatre(opts, scen.source, position.map, scen.map_path.parent)
        if opts.get("supply", "traced") not in ("traced", "markers"):
            raise DataError(f"{scen.source}: options.supply: 'traced' (8.x, the default) or 'markers' (the "
                            "players' own OOS markers)")
        nations = {s.id: s.nationality for s in scen.sides}
        by_units = next((u.side for u in scen.units
                         if scen.counters[u.counter].values.get("nation") == "GER"), scen.first_side)
        german = next((s for s, n in nations.items() if n == "GER"), by_units)
        entente = next(s.id for s in scen.sides if s.id != german)
        vp = opts.get("victory_points", {})
        calendar = Calendar.load(self.data_dir / "calendar.json")
        ctx = Ctx(settings, theatre, german, entente, int(vp.get("entente_max", 10)),
                  int(vp.get("draw_max", 12)), int(opts.get("plan17_needed", calendar.plan17_attacks)),
                  calendar)
        if len(self._ctx) > 64:
            self._ctx.clear()
        self._ctx[key] = (scen, position.map, ctx)
        return ctx

    def initial_game_state(self, scenario: Scenario) -> SwState:
        return SwState()

    def initial(self, position: Position) -> State:
        """The scenario's theatre, settings and calendar are read (and checked) before play starts."""
        self.ctx(position)
        return super().initial(position)

    @staticmethod
    def gstate(state: State) -> SwState:
        assert isinstance(state.game, SwState)
        return state.game

    def with_g(self, state: State, **changes: Any) -> State:
        return state.replace(game=dataclasses.replace(self.gstate(state), **changes))

    def combat(self, state: State) -> Combat:
        combat = self.gstate(state).combat
        assert combat is not None, "no attack is being worked out"
        return combat

    def with_combat(self, state: State, combat: Combat) -> State:
        return self.with_g(state, combat=combat)

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type not in ("corps", "hq", "fort", "depot"):
            return f"type {counter.type!r} is not corps, hq, fort or depot [2.5]"
        if not isinstance(counter.values.get("cf"), int) or not isinstance(counter.values.get("ma"), int):
            return "needs whole-number 'cf' and 'ma' [2.3]"
        return None

    def unit_colour(self, unit: UnitState) -> str:
        """2.4: Belgium orange, Britain tan, France blue, Germany grey."""
        return NATION_COLOURS.get(str(unit.values.get("nation", "")), "")

    def nation(self, position: Position, unit: UnitState) -> str:
        n = unit.values.get("nation")
        if n:
            return str(n)
        return "GER" if unit.side == self.ctx(position).german else "FRA"

    # --- hex control [3.3] and victory points [4.6] ---
    def start_control(self, position: Position, h: Hex) -> str:
        """3.3: at the start the Germans control Germany, the Entente Belgium, Luxembourg and France."""
        ctx = self.ctx(position)
        n = ctx.theatre.nation(h)
        if n == "NEU":
            return ""
        return ctx.german if n == "GER" else ctx.entente

    def controller(self, position: Position, h: Hex) -> str:
        return self.gstate(position.state).controller(h, self.start_control(position, h))

    def take_hexes(self, position: Position, state: State, side: str, hexes: tuple[Hex, ...]) -> State:
        """3.3: each hex a unit enters becomes its side's; 4.1: a German unit entering the Paris final
        defence zone endangers Paris for good."""
        ctx = self.ctx(position)
        g = self.gstate(state)
        for h in hexes:
            if ctx.theatre.nation(h) == "NEU":
                continue
            g = g.with_control(h, side, self.start_control(position, h))
            if side == ctx.german and h in ctx.theatre.paris_zone and not g.paris_endangered:
                g = dataclasses.replace(g, paris_endangered=True)
        return state.replace(game=g)

    def vp_cities(self, position: Position) -> list[Hex]:
        """4.6, 4.7: the Belgian and French city hexes, Paris excepted."""
        t = self.ctx(position).theatre
        return sorted((h for h in position.map.hexes if position.map.terrain(h) == "city"
                       and t.nation(h) in ("BEL", "FRA") and h not in t.paris), key=lambda h: (h.q, h.r))

    def german_vp(self, position: Position) -> int:
        """4.6: +1 for each Belgian or French city the Germans take, -1 for each retaken; every city starts
        Entente, so this is the number of them the Germans hold."""
        german = self.ctx(position).german
        return sum(1 for h in self.vp_cities(position) if self.controller(position, h) == german)

    def german_cities(self, position: Position) -> list[Hex]:
        t = self.ctx(position).theatre
        return [h for h in position.map.hexes if position.map.terrain(h) == "city" and t.nation(h) == "GER"]

    # --- zones of control and costs ---
    def ezoc(self, position: Position, side: str) -> frozenset[Hex]:
        """Hexes in an enemy zone of control: around enemy corps not in a heavy fortress or fort hex [7.0]."""
        out: set[Hex] = set()
        for unit in position.units.values():
            if unit.side == side or unit.type != "corps" or unit.hex is None:
                continue
            here = position.units_at(unit.hex)
            if "heavy-fortress" in position.map.features(unit.hex) or any(u.type == "fort" for u in here):
                continue
            out.update(position.map.neighbors(unit.hex))
        return frozenset(out)

    def ma(self, unit: UnitState, printed: bool = False, position: Position | None = None) -> int:
        """The MA of the face up (2.3); halved, rounded up, out of supply [8.7], in HF supply [8.9] and
        fatigued [9.6a], each in turn (digest A-13)."""
        key = "reduced_ma" if unit.has("reduced") and "reduced_ma" in unit.values else "ma"
        ma = int(unit.values[key])
        if printed:
            return ma
        halvings = [m for m in ("oos", "hf", "fatigue") if unit.has(m)]
        compound = position is None or self.ctx(position).settings.halvings_compound
        for _ in halvings[: None if compound else 1]:
            ma = math.ceil(ma / 2)
        return ma

    def can_force_march(self, position: Position, unit: UnitState) -> str | None:
        """10.6: corps and HQs only, in command, in normal supply, not fatigued, not starting in an EZOC
        (friends there do not help)."""
        if unit.type not in ("corps", "hq"):
            return T("only corps and HQs force march (10.6)")
        if unit.has("oos") or (unit.has("hf") and not self.ctx(position).settings.hf_counts_as_supply):
            return T("a unit out of supply or in HF supply may not force march (10.6, 8.7)")
        if unit.has("fatigue"):
            return T("a fatigued unit may not force march (9.6d, 10.6)")
        if unit.hex in self.ezoc(position, unit.side):
            return T("a unit starting in an enemy zone of control may not force march (10.6)")
        if not sw_combat.in_command(position, unit):
            return T("a unit out of command may not force march (6.7, 10.6)")
        return None

    def cost_fn(self, position: Position, units: list[UnitState], start: Hex | None = None) -> CostFn:
        """MP to step a->b for these units (the host's tracker also asks this to route a shown trail)."""
        if start is None:
            start = units[0].hex
        ctx = self.ctx(position)
        t = ctx.theatre
        base = self.terrain_table().cost_fn("corps")
        side = units[0].side
        zoc = self.ezoc(position, side)
        stops = any(u.type == "corps" or (u.type == "hq" and ctx.settings.ezoc_for_hqs) for u in units)
        depot = any(u.type == "depot" for u in units)
        belgian = any(self.nation(position, u) == "BEL" for u in units)
        reach = ctx.settings.belgian_reach

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            if t.nation(b) == "NEU":
                return None  # [3.2] never into the Netherlands or Switzerland
            if any(u.side != side for u in position.units_at(b)):
                return None  # [10.3] never into an enemy-occupied hex
            if belgian and not t.belgian_area(b, reach):
                return None  # [10.8] Belgians keep to Belgium and its edge (digest A-9)
            if depot:  # [10.7] depots: along connected rail only, 1 MP a hex; never into an EZOC
                return 1 if t.rail_link(a, b) and b not in zoc else None
            if stops and a != start and a in zoc:
                return None  # [7.1] a corps stops on entering an EZOC hex
            if stops and a == start and a in zoc and b in zoc:
                return None  # [7.1] never straight from one EZOC hex to another
            step: int | Fraction | None = base(m, a, b)
            return step

        return cost

    def terrain_table(self) -> Any:
        from hexmate.rules.games.terrain_view import table_for

        return table_for(self.name, self.data_dir)

    def arrival_turn(self, position: Position, unit_id: str) -> int | None:
        return sw_reorg.arrival_turn(position, unit_id)

    def can_move(self, position: Position, unit: UnitState) -> str | None:
        if unit.side != position.phasing:
            return T("only the phasing player moves [10.0]")
        if unit.type == "fort" or int(unit.values["ma"]) == 0:
            return T("{unit} never moves [2.5]", unit=unit.id)
        if unit.id in position.state.moved:
            return T("{unit} has already moved this phase [10.0]", unit=unit.id)
        if self.nation(position, unit) == "BRI" and self.arrival_turn(position, unit.id) == position.turn:
            return T("{unit} arrived this turn: the BEF may not move or attack yet [9.2]", unit=unit.id)
        return None

    def overstacked(self, units: list[UnitState]) -> bool:
        """6.2: 3 corps (forts count as corps) and 1 HQ a hex; 6.4: depots and markers do not count; 6.3:
        Entente nations never share a hex, except British units with a fort counter (8.4)."""
        return self.too_many(units) or self.mixed(units)

    @staticmethod
    def too_many(units: list[UnitState]) -> bool:
        corps = sum(1 for u in units if u.type in ("corps", "fort"))
        hqs = sum(1 for u in units if u.type == "hq")
        return corps > 3 or hqs > 1

    @staticmethod
    def mixed(units: list[UnitState]) -> bool:
        nations = {str(u.values.get("nation", "")) for u in units if u.type != "fort"} - {"GER", ""}
        if len(nations) > 1:
            return True
        forts = {str(u.values.get("nation", "")) for u in units if u.type == "fort"} - {"GER", ""}
        return bool(nations and forts and nations != forts and nations != {"BRI"})

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "10.0")
        if position.phase.id == "combat":
            return sw_combat.probes(self, position, units, start)
        if position.phase.id != "move" or any(self.can_move(position, u) for u in units):
            return {}
        ma = min(self.ma(u, position=position) for u in units)
        budget = ma + 2 if all(self.can_force_march(position, u) is None for u in units) else ma  # 10.6
        if any(u.type == "depot" for u in units):
            budget = min(self.ma(u, printed=True) for u in units)  # 10.7: 1 MP a rail hex
        out: dict[Hex, act.Move] = {}
        ids = tuple(u.id for u in units)
        cost = self.cost_fn(position, units, start)
        reach = reachable(position.map, start, budget, cost)
        keys = self._key_hexes(position, units[0].side, set(reach))
        via: dict[Hex, dict[Hex, Any]] = {}
        for x in keys:
            if x in reach and not (x in self.ezoc(position, units[0].side) and x != start):
                via[x] = reachable(position.map, x, budget - reach[x].cost, cost)
        for h, r in reach.items():
            if h == start:
                continue
            friends = [u for u in position.units_at(h) if u.id not in ids]
            if self.mixed(friends + units):
                continue  # [6.3]: Entente nations never end in one hex (6.1: too many is paid for at the end)
            path = r.path
            if self._ambiguous(position, start, h, reach, keys, via, cost):
                path = (start, h)  # only the end is known: the path is asked for (3.3)
            out[h] = act.Move(ids, tuple(path), r.cost)
        return out

    def _key_hexes(self, position: Position, side: str, near: set[Hex]) -> set[Hex]:
        """Hexes whose control matters beyond the move itself: enemy-held cities and ports (4.3, 4.6, 8.4),
        and for the Germans the Paris zone before it is endangered (4.1)."""
        ctx = self.ctx(position)
        t = ctx.theatre
        latched = self.gstate(position.state).paris_endangered
        out = set()
        for h in near:
            city = position.map.terrain(h) == "city" or h in t.ports
            paris = side == ctx.german and not latched and h in t.paris_zone
            if (city and self.controller(position, h) != side) or paris:
                out.add(h)
        return out

    def _ambiguous(self, position: Position, start: Hex, dest: Hex, reach: Mapping[Hex, Any], keys: set[Hex],
                   via: Mapping[Hex, Mapping[Hex, Any]], cost: CostFn) -> bool:
        """Would another path to ``dest`` for the same MP (a cheapest way: the board saw no trail) enter a
        different set of the hexes that matter?"""
        if not keys:
            return False
        best = reach[dest]
        on_best = keys & set(best.path[1:])
        for x in keys - on_best:
            if x != dest and dest in via.get(x, {}) and reach[x].cost + via[x][dest].cost <= best.cost:
                return True  # as cheap a way through x
        for x in on_best - {dest}:
            def avoid(m: HexMap, a: Hex, b: Hex, x: Hex = x) -> int | Fraction | None:
                return None if b == x else cost(m, a, b)
            if dest in reachable(position.map, start, best.cost, avoid):
                return True  # as cheap a way round x
        return False

    def path_cost(self, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> int | Fraction:
        cost = self.cost_fn(position, units, path[0])
        total: int | Fraction = 0
        for a, b in itertools.pairwise(path):
            step = cost(position.map, a, b) if distance(a, b) == 1 else None
            if step is None:
                raise IllegalAction(T("step {a}-{b} is not allowed",
                                      a=position.label(a), b=position.label(b)), "10.1")
            total += step
        return total

    # --- supply sources (for retreats, 11.21, and displacement, 6.5) ---
    def supply_sources(self, position: Position, side: str) -> frozenset[Hex]:
        """The side's supply-source hexes (digest A-26): the Germans' east-edge German hexes (8.6); the
        Entente's south and west edge hexes (8.3-8.5) and friendly ports (8.4)."""
        ctx = self.ctx(position)
        t = ctx.theatre
        if side == ctx.german:
            east = {h for h in t.edge("east") if t.nation(h) == "GER"}
            return frozenset(east or t.edge("east"))
        ports = {h for h in t.ports if self.controller(position, h) == side}
        return frozenset(h for h in t.edge("south") | t.edge("west") | ports if t.nation(h) != "NEU")

    def supply_lines(self, position: Position, side: str) -> sw_supply.Lines:
        ctx = self.ctx(position)
        return sw_supply.lines_for(
            position, ctx.theatre, side, self.ezoc(position, side),
            lambda h: self.controller(position, h) == side, ctx.settings.strict_depot_ezoc,
        )

    def supply_status(self, position: Position, unit: UnitState) -> str:
        ctx = self.ctx(position)
        lines = self.supply_lines(position, unit.side)
        return sw_supply.status(lines, unit, unit.side == ctx.german, ctx.settings.hf_for_all)

    def supply_picture(self, position: Position, side: str) -> dict[Hex, str]:
        """The LED picture of a side's supply on request: each of its units' hexes by status (in, hf,
        oos), and its source hexes."""
        ctx = self.ctx(position)
        lines = self.supply_lines(position, side)
        german = side == ctx.german
        out: dict[Hex, str] = {h: "source" for h in self.supply_sources(position, side)}
        rank = {"in": 0, "hf": 1, "oos": 2}
        for unit in sorted(position.units.values(), key=lambda u: u.id):
            if unit.side != side or unit.hex is None or unit.type == "fort":
                continue
            s = sw_supply.status(lines, unit, german, ctx.settings.hf_for_all)
            old = out.get(unit.hex)
            if old in rank and rank[old] >= rank[s]:
                continue
            out[unit.hex] = s
        return out

    def show(self, position: Position, words: list[str]) -> tuple[dict[Hex, str], str]:
        """``show supply SIDE``: the side's supply lines as traced now (8.x), on the LEDs."""
        if len(words) != 2 or words[0] != "supply" or words[1] not in position.sides:
            raise IllegalAction(T("show supply SIDE, a side of {sides}",
                                  sides=", ".join(position.sides)), "8.0")
        picture = self.supply_picture(position, words[1])
        counts = {s: sum(1 for v in picture.values() if v == s) for s in ("in", "hf", "oos")}
        return picture, T("{side} units: {n_in} hexes in supply, {n_hf} in heavy-fortress supply, {n_oos} "
                          "out of supply; sources dark blue (8.3-8.9)",
                          side=position.scenario.side(words[1]).name, n_in=counts["in"], n_hf=counts["hf"],
                          n_oos=counts["oos"])

    # --- hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        if isinstance(action, act.Attack):
            return sw_combat.check_attack(self, position, action)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            if position.phase.id == "combat":
                return sw_combat.check_probe(self, position, action)
            return self.check_move(position, action)
        phase = position.phase
        raise IllegalAction(T("{kind} is not an action of the {phase}",
                              kind=action.kind, phase=phase.name), phase.rule)

    def check_move(self, position: Position, action: act.Move) -> act.Move:
        units, start = group_of(position, frozenset(action.units), "10.0")
        for unit in units:
            why = self.can_move(position, unit)
            if why:
                raise IllegalAction(why)
        options = self.moves_for(position, frozenset(action.units))
        dest = action.path[-1]
        if dest not in options:
            ma = min(self.ma(u, position=position) for u in units)
            forced = [w for u in units if (w := self.can_force_march(position, u))]
            dest_label = position.label(dest)
            raise IllegalAction(T(
                "{hex} is not reachable within MA {ma}: terrain, river, enemy units, zones of control, the "
                "Belgian area or stacking; no forced march: {why}", hex=dest_label, ma=ma, why=forced[0],
            ) if forced else T(
                "{hex} is not reachable within MA {ma}: terrain, river, enemy units, zones of control, the "
                "Belgian area or stacking", hex=dest_label, ma=ma,
            ), "10.0")
        best = options[dest]
        if action.path == best.path or (len(action.path) == 2 and distance(start, dest) > 1):
            return best
        if action.path[0] != start:
            raise IllegalAction(T("a path starts where the units stand"), "10.1")
        hq_stops = self.ctx(position).settings.ezoc_for_hqs
        if any(u.type == "corps" or (u.type == "hq" and hq_stops) for u in units):
            zoc = self.ezoc(position, units[0].side)
            if any(h in zoc for h in action.path[1:-1]):
                raise IllegalAction(T("a corps stops on entering an enemy zone of control"), "7.1")
        total = self.path_cost(position, units, action.path)
        limit = min(self.ma(u, position=position) for u in units)
        if best.cost is not None and best.cost > limit:
            limit += 2
        elif total > limit and all(self.can_force_march(position, u) is None for u in units):
            limit += 2  # 10.6
        if total > limit:
            raise IllegalAction(T("that path is not legal within the MA"), "10.7")
        return act.Move(action.units, action.path, total)

    def apply(self, position: Position, action: act.Action) -> State:
        if isinstance(action, act.Attack):
            return sw_combat.declare(self, position, action)
        assert isinstance(action, act.Move)
        if position.phase.id == "combat":
            return sw_combat.probe(self, position, action)
        state = position.state
        if len(action.path) == 2 and distance(action.path[0], action.path[1]) > 1:
            # 3.3: the board saw only the end, and the paths there differ in what they take: ask
            state = state.replace(moved=state.moved + tuple(action.units))
            for uid in action.units:
                state = state.with_unit(state.units[uid].at(action.path[-1]))
            return state.push(Decision(
                "path", position.phasing,
                T("{units} reached {hex} by more than one way that takes different hexes: show or type the "
                  "path "
                  "it took (answer path START-...-END)", units=", ".join(action.units),
                  hex=position.label(action.path[-1])),
                "3.3", "path", hexes=(action.path[-1],), subject=tuple(action.units), target=action.path[0],
                choices=("cheapest",),
            ))
        return self._moved(position, state.replace(moved=state.moved + tuple(action.units)), action)

    def _before(self, position: Position, decision: Decision) -> Position:
        """The position as it was before a move whose path is asked for (its units back at the start)."""
        assert decision.target is not None
        units = {u: position.units[u].at(decision.target) for u in decision.subject}
        return position.at(position.state.replace(
            units={**position.state.units, **units},
            moved=tuple(u for u in position.state.moved if u not in decision.subject)))

    def path_options(self, position: Position, decision: Decision) -> list[tuple[Hex, ...]]:
        """The legal paths to the end hex that take different hexes that matter (3.3, 4.1, 4.6): the
        cheapest, the cheapest through each such hex, the cheapest round each one the cheapest takes."""
        before = self._before(position, decision)
        units = [before.units[u] for u in decision.subject]
        start, dest = decision.target, decision.hexes[0]
        assert start is not None
        ma = min(self.ma(u, position=position) for u in units)
        budget = ma + 2 if all(self.can_force_march(before, u) is None for u in units) else ma
        cost = self.cost_fn(before, units, start)
        reach = reachable(before.map, start, budget, cost)
        keys = self._key_hexes(before, units[0].side, set(reach))
        out = [tuple(reach[dest].path)]
        limit = reach[dest].cost  # ways as cheap as the cheapest (the board saw no trail)
        zoc = self.ezoc(before, units[0].side)
        for x in sorted(keys, key=lambda h: (h.q, h.r)):
            if x in reach and x != dest and x not in zoc and reach[x].cost <= limit:
                on = reachable(before.map, x, limit - reach[x].cost, cost)
                if dest in on:
                    out.append(tuple(reach[x].path) + tuple(on[dest].path[1:]))
            if x in out[0][1:-1]:
                def avoid(m: HexMap, a: Hex, b: Hex, x: Hex = x) -> int | Fraction | None:
                    return None if b == x else cost(m, a, b)
                around = reachable(before.map, start, limit, avoid)
                if dest in around:
                    out.append(tuple(around[dest].path))
        seen: set[frozenset[Hex]] = set()
        unique = []
        for path in out:
            taken = frozenset(keys & set(path[1:]))
            if taken not in seen:
                seen.add(taken)
                unique.append(path)
        return unique

    def answers(self, position: Position, top: Decision) -> Iterator[act.Answer]:
        if top.then != "path":
            yield from super().answers(position, top)
            return
        for path in self.path_options(position, top):
            yield act.Answer(hexes=path)
        yield from (act.Answer(choice=c) for c in top.choices)

    def check_reply(self, position: Position, decision: Decision, answer: act.Answer) -> None:
        if decision.then != "path" or answer.choice:
            return
        path = answer.hexes
        if decision.target is None or not path or path[0] != decision.target or len(path) < 2:
            raise IllegalAction(T("the path starts at the hex the units left: answer path "
                                  "2811-2711-..."), "3.3")
        if len(path) != len(set(path)):
            raise IllegalAction(T("a path enters each hex once"), "10.1")
        self.check_move(self._before(position, decision), act.Move(decision.subject, path))

    def resume_path(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """3.3: the path shown (or the cheapest, on done): control, morale and a forced march follow it."""
        state = position.state
        before = self._before(position, decision)
        path = self.path_options(position, decision)[0] if answer.choice == "cheapest" else answer.hexes
        units = [before.units[u] for u in decision.subject]
        total = self.path_cost(before, units, path)
        return self._moved(before.at(state.replace(units=before.state.units)), state,
                           act.Move(decision.subject, path, total))

    def _moved(self, position: Position, state: State, action: act.Move) -> State:
        """After a move: control of every hex entered (3.3); morale (10.2); a forced march's attrition roll
        and lost level (10.6, 5.3)."""
        ctx = self.ctx(position)
        rolls = []
        forced: list[str] = []
        for uid in action.units:
            unit = state.units[uid]
            turn1_german = (position.turn in ctx.calendar.german_no_fatigue
                            and self.nation(position, unit) == "GER")
            moved = unit.at(action.path[-1])
            spent = action.cost if action.cost is not None else 0
            half = math.ceil(self.ma(unit, printed=ctx.settings.fatigue_on_printed_ma, position=position) / 2)
            is_forced = spent > self.ma(unit, position=position)
            tired = spent >= half
            forced_down = is_forced and ctx.settings.forced_march_morale
            levels = 1 if (tired or forced_down) else 0
            if tired and forced_down and not ctx.settings.one_level_per_move:
                levels = 2  # digest A-33 read the other way: a level each
            for _ in range(0 if turn1_german else levels):  # 10.2, 10.6: Germans are exempt on turn 1
                moved = with_morale(moved, MORALE_DOWN[morale(moved)])
            state = state.with_unit(moved)
            if is_forced:
                forced.append(uid)
                if not turn1_german:
                    rolls.append(Decision(
                        "roll", unit.side, T("{unit} force-marched: roll on the Attrition Table",
                                             unit=uid), "10.6",
                        "forced", dice="d6", subject=(uid,), target=action.path[-1]))
        state = self.take_hexes(position, state, position.phasing, tuple(action.path[1:]))
        if forced:
            state = self.with_g(state, forced=self.gstate(state).forced + tuple(forced))
        return state.push(*rolls) if rolls else state

    def resume_forced(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """10.6: the forced marcher's roll on the Attrition Table (printed on the map: a chart pack)."""
        state = position.state
        unit = state.units.get(decision.subject[0])
        die = SW_D6.from_values(answer.dice or ()).total
        steps = int(str(position.charts.chart("attrition").lookup(roll=die)))
        for _ in range(steps):
            if unit is None:
                break
            state = sw_combat.lose_step(self, position, state, unit)
            unit = state.units.get(unit.id)
        return state

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        assert isinstance(fire, act.Attack)
        return sw_combat.preview(self, position, fire)

    # --- continuations (combat.py, reorg.py) ---
    def resume_participants(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_participants(self, position, decision, answer)

    def resume_concentric(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_concentric(self, position, decision, answer)

    def resume_crt(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_crt(self, position, decision, answer)

    def resume_loss(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_loss(self, position, decision, answer)

    def resume_retreat(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_retreat(self, position, decision, answer)

    def resume_extra(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_extra(self, position, decision, answer)

    def resume_advance(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_advance(self, position, decision, answer)

    def resume_artillery(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_artillery(self, position, decision, answer)

    def resume_bombard(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_bombard(self, position, decision, answer)

    def resume_keep_hab(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_keep_hab(self, position, decision, answer)

    def resume_east(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_reorg.resume_east(self, position, decision, answer)

    def resume_arrive(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_reorg.resume_arrive(self, position, decision, answer)

    def resume_reorg(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_reorg.resume_reorg(self, position, decision, answer)

    def resume_return(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_reorg.resume_return(self, position, decision, answer)

    def resume_attrition(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """8.8: on a 1 or 2 an out-of-supply corps loses a step and an HQ is eliminated."""
        state = position.state
        unit = state.units.get(decision.subject[0])
        if unit is None or SW_D6.from_values(answer.dice or ()).total > 2:
            return state
        return sw_combat.lose_step(self, position, state, unit)

    # --- legal actions ---
    def generate(self, position: Position) -> Iterator[act.Action]:
        phase = position.phase.id
        side = position.phasing
        if phase == "move":
            for group in stack_groups(position, lambda u: self.can_move(position, u) is None):
                yield from self.moves_for(position, group).values()
        elif phase == "combat":
            for group in stack_groups(position, lambda u: u.side == side):
                yield from self.moves_for(position, group).values()
            attacked = self.gstate(position.state).attacked
            targets = {u.hex for u in position.units.values() if u.side != side and u.hex is not None}
            for target in sorted(targets, key=lambda h: (h.q, h.r)):
                ready = [
                    u for u in position.units.values()
                    if u.side == side and u.hex is not None and distance(u.hex, target) == 1
                    and u.type in ("corps", "hq") and u.id not in attacked
                ]
                groups = {tuple(sorted(u.id for u in ready))}
                groups |= {tuple(sorted(u.id for u in ready if u.hex == h)) for h in {u.hex for u in ready}}
                for ids in sorted(g for g in groups if g):
                    attack = act.Attack(ids, target)
                    if attack in position.legal_actions:
                        yield attack

    # --- the flow's hooks ---
    def phase_over(self, position: Position) -> bool:
        """5.1: no Reorganization/Reinforcement Phase on turn 1, for either side."""
        skipped = self.ctx(position).calendar.no_reorganisation
        return position.phase.id == "reorg" and position.turn in skipped

    def on_phase_start(self, position: Position) -> State:
        """The phase's own questions come after any left open at the end of the last (6.5 displacements)."""
        old = position.state.decisions
        state = self._phase_start(position.at(position.state.replace(decisions=())))
        return state.replace(decisions=state.decisions + old) if old else state

    def _phase_start(self, position: Position) -> State:
        phase = position.phase.id
        if phase == "reorg" and position.turn not in self.ctx(position).calendar.no_reorganisation:
            return sw_reorg.start(self, position)
        if phase == "admin":
            return self.administration(position)
        if phase == "end":
            return self.end_of_turn(position)
        return position.state

    def administration(self, position: Position) -> State:
        """5.5, 8.1, 8.8: the phasing side's supply is traced and marked (kept until its next
        Administrative Phase); depots flip; each out-of-supply corps and HQ rolls for attrition."""
        state = position.state
        traced = position.scenario.options.get("supply", "traced") == "traced"
        if traced:
            for unit in sorted(position.units.values(), key=lambda u: u.id):
                if unit.side != position.phasing or unit.type == "fort":
                    continue
                s = self.supply_status(position, unit)
                marks = {"oos": ("oos",), "hf": ("hf",), "in": ()}[s]
                state = state.with_unit(unit.mark(*marks, remove=("oos", "hf")))
        view = position.at(state)
        rolls = [
            Decision("roll", u.side, T("{unit} is out of supply: roll for attrition (1-2: a step lost)",
                                       unit=u.id), "8.8",
                     "attrition", dice="d6", subject=(u.id,), target=u.hex)
            for u in sorted(view.units.values(), key=lambda u: u.id)
            if u.side == position.phasing and u.has("oos") and u.type in ("corps", "hq")
        ]
        return state.push(*rolls)

    def end_of_turn(self, position: Position) -> State:
        """5.6: the sudden-death checks on turns 1-9 (4.2, 4.3), Plan XVII at the end of turn 7 (4.4), and the
        victory points at the end of the last turn (4.6, 4.7)."""
        ctx = self.ctx(position)
        st = ctx.settings
        g = self.gstate(position.state)
        t = ctx.theatre
        turn = position.turn
        last = position.scenario.turns
        win: tuple[str, str] | None = None
        if turn < last:
            paris = any(self.controller(position, h) == ctx.german for h in t.paris)
            germany = [h for h in self.german_cities(position) if self.controller(position, h) == ctx.entente]
            paris_win = (ctx.german, T("the Germans control a Paris hex at the end of the turn (4.2)"))
            ent_win = (ctx.entente, T("the Entente controls the German city {hex} at the end of the turn "
                                      "(4.3)",
                                      hex=position.label(germany[0]))) if germany else None
            if paris and (st.paris_first or ent_win is None):
                win = paris_win
            elif ent_win is not None:
                win = ent_win
        plan17 = turn == ctx.calendar.plan17_turn and g.plan17 < ctx.plan17_needed
        if win is None and plan17 and (g.paris_endangered or not st.plan17_gated):
            win = (ctx.german, T("only {made} French-only attacks into Germany by the end of turn 7, "
                                 "{needed} "
                                 "needed (4.4)", made=g.plan17, needed=ctx.plan17_needed))
        if win is None and turn >= last:
            vp = self.german_vp(position)
            if vp <= ctx.vp_entente_max:
                win = (ctx.entente, T("{vp} German VP at the end of turn {turn}: the Entente wins (4.7)",
                                      vp=vp,
                                      turn=turn))
            elif vp <= ctx.vp_draw_max and g.paris_endangered:
                win = ("draw", T("{vp} German VP at the end of turn {turn}: a draw (4.7)", vp=vp, turn=turn))
            elif vp <= ctx.vp_draw_max or not g.paris_endangered:
                win = ("draw", T("{vp} German VP at the end of turn {turn}: a draw (4.7); Paris was never "
                                 "endangered, so no German win (4.1)", vp=vp, turn=turn))
            else:
                win = (ctx.german, T("{vp} German VP at the end of turn {turn}: the Germans win (4.7)", vp=vp,
                                     turn=turn))
        if win is None:
            vp = self.german_vp(position)
            return self.with_g(position.state, checked=T(
                "End of turn {turn}: no victory yet (4.2-4.4); German VP {vp} (4.6)", turn=turn, vp=vp))
        return self.with_g(position.state, winner=win[0], why=win[1], checked=T(
            "End of turn {turn}: {why}", turn=turn, why=win[1])).replace(over=True)

    def on_phase_end(self, position: Position) -> State:
        state = position.state
        phase = position.phase.id
        if phase == "move":
            # 10.2: a unit that did not move rises one level (5.3's "marked elan" is the short form)
            for unit in list(state.units.values()):
                if unit.side == position.phasing and unit.type == "corps" and unit.id not in state.moved:
                    state = state.with_unit(with_morale(unit, MORALE_UP[morale(unit)]))
            state = self.with_g(state, forced=())
        if phase == "combat":
            state = self.with_g(state, attacked=(), defended=(), combat=None, declared=False)
        if phase == "reorg":
            state = self.with_g(state, reorg=(), reorg_step=0)
        return self.overstack(position.at(state))

    # --- 6.5: overstacking at the end of every phase, for both sides ---
    def overstack(self, position: Position, penalised: bool = True) -> State:
        """6.5: in each hex over the limit every corps drops a morale level (unmarked -> fatigue, elan ->
        normal; digest A-4: forts carry no morale); then the owner takes surplus units off one at a time."""
        state = position.state
        hexes = sorted({u.hex for u in position.units.values() if u.hex is not None
                        and self.too_many(position.units_at(u.hex))}, key=lambda h: (h.q, h.r))
        if not hexes:
            return state
        if penalised:
            for h in hexes:
                for unit in position.units_at(h):
                    if unit.type == "corps" and not unit.has("fatigue"):
                        state = state.with_unit(with_morale(unit, MORALE_DOWN[morale(unit)]))
        h = hexes[0]
        here = [u for u in position.at(state).units_at(h) if u.type in ("corps", "fort", "hq")]
        ids = tuple(sorted(u.id for u in here))
        return state.push(Decision(
            "units", here[0].side,
            T("{hex} is overstacked: tap a unit to move one hex toward supply or be eliminated",
              hex=position.label(h)),
            "6.5", "overstack", units=ids, subject=ids, target=h))

    def resume_overstack(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        unit = position.units[answer.units[0]]
        hexes = self.displacements(position, unit) if unit.type != "fort" else ()
        return position.state.push(Decision(
            "hexes", unit.side,
            T("move {unit} one hex toward a supply source (a lit hex), or press done to eliminate it",
              unit=unit.id),
            "6.5", "displace", hexes=hexes, choices=("eliminate",), subject=(unit.id,),
            target=unit.hex))

    def displacements(self, position: Position, unit: UnitState) -> tuple[Hex, ...]:
        """6.5: one hex nearer a friendly supply source (digest A-26: by hex count), never into enemy units,
        neutral ground, or an enemy zone of control unless a friendly unit stands there."""
        assert unit.hex is not None
        sources = self.supply_sources(position, unit.side)
        if not sources:
            return ()

        def far(h: Hex) -> int:
            return min(distance(h, s) for s in sources)

        zoc = self.ezoc(position, unit.side)
        t = self.ctx(position).theatre
        out = []
        for n in position.map.neighbors(unit.hex):
            here = position.units_at(n)
            if t.nation(n) == "NEU" or any(u.side != unit.side for u in here) or far(n) >= far(unit.hex):
                continue
            if n in zoc and not here:
                continue
            if self.mixed([*here, unit]):
                continue
            out.append(n)
        return tuple(sorted(out, key=lambda h: (h.q, h.r)))

    def resume_displace(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = position.state
        unit = state.units[decision.subject[0]]
        if answer.choice == "eliminate":
            state = sw_combat.eliminate(self, position, state, unit)
        else:
            to = answer.hexes[0]
            state = state.with_unit(unit.at(to))
            state = self.take_hexes(position, state, unit.side, (to,))
            if self.too_many(position.at(state).units_at(to)):  # 6.5: the same steps for that hex
                for other in position.at(state).units_at(to):
                    if other.type == "corps" and not other.has("fatigue"):
                        state = state.with_unit(with_morale(other, MORALE_DOWN[morale(other)]))
        return self.overstack(position.at(state), penalised=False)

    def outcome(self, position: Position) -> Outcome | None:
        g = self.gstate(position.state)
        if g.winner:
            return Outcome(None if g.winner == "draw" else g.winner, g.why)
        return super().outcome(position)

    def status(self, position: Position) -> list[str]:
        """The scoreboard for the pages' Now panel (4.x): VP, Paris, Plan XVII, and the result."""
        ctx = self.ctx(position)
        g = self.gstate(position.state)
        date = ctx.calendar.dates.get(position.turn, "")
        turns = position.scenario.turns
        lines: list[str] = [
            T("Turn {turn} of {turns} ({date} 1914, 1.2)", turn=position.turn, turns=turns, date=date) if date
            else T("Turn {turn} of {turns}", turn=position.turn, turns=turns),
            T("German VP {vp} of {cities} cities (4.6; Entente wins at {entente} or less, draw to {draw}, "
              "4.7)",
              vp=self.german_vp(position), cities=len(self.vp_cities(position)), entente=ctx.vp_entente_max,
              draw=ctx.vp_draw_max),
            T("Paris endangered (4.1)") if g.paris_endangered else T("Paris not yet endangered (4.1)"),
            T("Plan XVII attacks {made} of {needed} by the end of turn 7 (4.4)", made=g.plan17,
              needed=ctx.plan17_needed),
        ]
        if g.checked:
            lines.append(g.checked)
        if g.eliminated:
            lines.append(T("Eliminated (may return, 9.5): {units}", units=", ".join(g.eliminated)))
        if g.winner == "draw":
            lines.append(T("Draw: {why}", why=g.why))
        elif g.winner:
            lines.append(T("{side} win: {why}", side=position.scenario.side(g.winner).name, why=g.why))
        return lines

    def physical_changes(self, before: State, after: State) -> tuple[Physical, ...]:
        return super().physical_changes(before, after)
