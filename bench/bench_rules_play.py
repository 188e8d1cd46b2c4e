"""Rules-core play speed: legal destinations, legal-action enumeration, push/pop and fire resolution on the
demo scenarios. Prints medians and p99 in milliseconds over repeated runs."""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from hexmate.host import script
from hexmate.rules import actions as act
from hexmate.rules.games import Position, get_game

SCRIPTS = Path(__file__).resolve().parents[1] / "tests" / "e2e" / "scripts"
# A2.51, D2.3: the armour demo's German tank held off the map, due on turn 1 at DP0 (beside woods DQ1) or at
# DQ1 (woods): every enter, enter+bypass and reverse offer is searched for each legal_actions (issue 10).
WAITING = {"ger-pz1": {"turn": 1, "hexes": ["DP0", "DQ1"]}}


def _measure(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.99 * len(times)))]


def asl_positions() -> dict[str, Position]:
    """The three positions the page enumerates most: the demo's first MPh, the armour demo's first MPh with
    its German tank waiting to come on, and turn 2's German MPh of the two-turn demo script (mid-game)."""
    asl = get_game("asl")
    out = {"demo first MPh": asl.new_position(asl.load_scenario(asl.demo_scenario_path))}
    armour = asl.load_scenario(asl.demo_scenario_path.parent / "demo-armour.json")
    waiting = asl.new_position(dataclasses.replace(armour, options={**armour.options, "entry": WAITING}))
    while waiting.phase.id != "MPh":  # from the PFPh, no Prep Fire
        waiting.push(waiting.parse_action("end"))
    out["armour demo, tank waiting to come on"] = waiting
    loaded = script.load(SCRIPTS / "asl-two-turns.json")
    mid = asl.new_position(asl.load_scenario(asl.demo_scenario_path))
    for step in loaded.steps:
        if mid.turn == 2 and mid.phase.id == "MPh" and mid.decision is None:
            break
        action = None if step.gesture == "expect" else script.action_for(mid, step)
        if action is not None:
            mid.push(action)
    out["mid-game (two-turn demo, turn 2 MPh)"] = mid
    return out


def _listing(pos: Position) -> Callable[[], object]:
    """Every legal action of ``pos``, for a state not seen before each time (as after each action played: no
    state-keyed cache helps)."""
    return lambda: list(pos.at(dataclasses.replace(pos.state)).legal_actions)


def main() -> None:
    asl = get_game("asl")
    pos = asl.new_position(asl.load_scenario(asl.demo_scenario_path))
    rows = []
    rows.append(
        (
            "asl moves_for one squad (demo MPh)",
            *_measure(lambda: pos.legal_actions.moves_for({"ger-sq5"}), 200),
        )
    )
    rows.append(
        (
            "asl moves_for 3-unit stack",
            *_measure(lambda: pos.legal_actions.moves_for({"ger-9-1", "ger-sq1", "ger-sq2"}), 200),
        )
    )
    rows.append(("asl legal_actions.count() (demo MPh)", *_measure(pos.legal_actions.count, 20)))
    move = next(a for a in pos.legal_actions if isinstance(a, act.Move))

    def push_pop() -> None:
        pos.push(move)
        pos.pop()

    rows.append(("asl push+pop one move", *_measure(push_pop, 200)))
    pos.push_text("end")  # to the Russian DFPh
    fire = pos.parse_action("fire rus-sq2 at DK4 dice 3,4")
    assert isinstance(fire, act.Fire)
    rows.append(("asl resolve one fire attack", *_measure(lambda: pos.resolve(fire), 200)))
    rows.append(("asl legal_actions.count() (demo DFPh)", *_measure(pos.legal_actions.count, 20)))
    sw = get_game("sw")
    swpos = sw.new_position(sw.load_scenario(sw.demo_scenario_path))
    rows.append(("sw legal_actions.count() (demo move)", *_measure(swpos.legal_actions.count, 20)))
    rows.append(("sw moves_for cavalry, MA 6 + forced march", *_measure(
        lambda: swpos.legal_actions.moves_for({"g-HKK"}), 50)))
    picture = getattr(sw, "supply_picture")  # noqa: B009 - Schlieffen's War's own hook
    rows.append(("sw supply picture of one side (8.x)", *_measure(lambda: picture(swpos, "ger"), 50)))
    for name, p in asl_positions().items():
        rows.append((f"asl legal actions, {name}", *_measure(_listing(p), 5)))
    for name, p50, p99 in rows:
        print(f"{name:60} p50 {p50:8.3f} ms   p99 {p99:8.3f} ms")


if __name__ == "__main__":
    main()
