"""Assemble a running service from its parts: board definition, scenario, calibration, registry, tracker,
link (serial port or emulated table) and record. Used by ``hexmate demo``/``run``, the e2e tests and bench."""

from __future__ import annotations

import importlib.resources
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hexmate.host.game import GameSession, SessionError
from hexmate.host.game.changes import Changes
from hexmate.host.link.base import Link
from hexmate.host.link.emulated import EmulatedTable
from hexmate.host.link.factory import LinkChoice, open_link
from hexmate.host.link.serial import SerialLink
from hexmate.host.record import Record, RecordError
from hexmate.host.service import sealing
from hexmate.host.service.core import Service
from hexmate.host.table.registry import Registry
from hexmate.host.tournament.keys import emulated_key

LOGGER = logging.getLogger(__name__)

DEMO_BOARD = "emu-346"
DEMO_GAME = "asl"
# The emulated board each game's demo map lies on: the ASL demo map (also PG's and Fire Team's) fits emu-346;
# the Schlieffen's War demo map (44 x 32 hexes) has a board of its own, covering all of it.
DEMO_BOARDS = {"asl": "emu-346", "pg": "emu-346", "fireteam": "emu-346", "sw": "emu-sw-1408"}


def _check_game(game: str) -> None:
    if game not in DEMO_BOARDS:
        raise SessionError(f"no demo for game {game!r} (games: {', '.join(DEMO_BOARDS)})")


def demo_scenario(game: str = DEMO_GAME) -> Path:
    """``rules/games/<game>/scenarios/demo.json``."""
    _check_game(game)
    return Path(str(importlib.resources.files("hexmate.rules") / "games" / game / "scenarios" / "demo.json"))


def demo_board(game: str = DEMO_GAME) -> str:
    """The emulated board that carries ``game``'s demo map."""
    _check_game(game)
    return DEMO_BOARDS[game]


def load_registry(path: Path | None, game: str = DEMO_GAME) -> Registry:
    """The registry file at ``path`` if it exists, else the game's demo registry (enrolments then go to
    ``path``)."""
    from hexmate.host.table.registry import load_demo

    if path is not None and path.exists():
        return Registry.load(path)
    return load_demo(game)


async def build_service(
    *,
    emulated: bool,
    record_path: Callable[[str], Path] | None = None,
    port: str | None = None,
    link: Link | None = None,
    board: str | None = None,
    scenario: str | Path | None = None,
    game: str = DEMO_GAME,
    connection_options: Mapping[str, Any] | None = None,
    set_up: bool = True,
    setup_mode: bool = False,
    registry_path: Path | None = None,
    resume: Path | None = None,
    board_key: Path | None = None,
) -> tuple[Service, EmulatedTable | None]:
    """Build (and for an emulated table, start) everything; the caller runs ``service.run()``.

    With ``set_up`` the emulated table starts with every scenario unit's counter on its hex, as the players
    would set up the board before play. ``setup_mode`` starts the tracker in set-up mode instead (the
    emulated table starts empty): the players put the scenario's setup position on the board.
    A real table is reached through ``link`` (from host/link/factory.py), or a SerialLink on ``port``.
    ``registry_path``: the tag registry file; read if it exists (else the demo registry is the start), and
    rewritten whole when a tag is enrolled on the page. Without ``scenario`` it is ``game``'s demo scenario,
    without ``board`` the emulated board of that game's demo (``DEMO_BOARDS``), and the registry the game's
    demo registry unless ``registry_path`` exists.

    ``resume``: a record to continue after a stop or a crash: its header names the game, scenario and board,
    the position is the fold of its actions (with the changes still owed), and new entries continue its chain;
    the table's present state is re-read (an emulated table starts with the counters where the game left
    them). ``board_key``: the emulated board's key file (its ``hexmate.key``; default: one made per board).
    """
    from hexmate.host.table.calibration import Calibration, CalibrationError
    from hexmate.host.table.registry import RegistryError
    from hexmate.host.table.tracker import Tracker

    resumed: Record | None = None
    owed = Changes()
    if resume is not None:
        resumed, session, owed, header = open_resume(resume)
        game = str(header.get("game", game))
        scenario = header.get("scenario_path") or scenario
        board = str(header.get("board") or board or "") or None
        setup_mode = False
    if scenario is None or board is None:
        _check_game(game)
    scenario_path = Path(scenario) if scenario is not None else demo_scenario(game)
    board = board if board is not None else demo_board(game)
    if resumed is None:
        session = GameSession.load(game, scenario_path)
    from hexmate.hardware.boards import BoardError, load_board

    try:
        board_def = load_board(board)
    except BoardError as e:
        raise SessionError(str(e)) from None
    try:
        calibration = Calibration.default_for(board_def, session.map)
        registry = load_registry(registry_path, game)
        if board_def.readers.type == "pn5180" and not (registry_path is not None and registry_path.exists()):
            from hexmate.host.table.registry import as_vicinity

            registry = as_vicinity(registry)  # the demo tags as ISO 15693 tags: this board reads no others
    except (CalibrationError, RegistryError) as e:
        raise SessionError(str(e)) from None
    tracker = Tracker(calibration, registry, session)
    table: EmulatedTable | None = None
    if emulated:
        table = EmulatedTable(board, key_path=board_key or emulated_key(board))
        if set_up and not setup_mode:
            for unit_id, h in session.expected().items():
                uid = registry.uid_of_unit(unit_id)
                cell = calibration.cell_of(h)
                if uid is not None and cell is not None:
                    table.cells.setdefault(cell, []).append(uid)
        await table.start()
        link = open_link(LinkChoice("emulated", "", "hexmate demo"), port_path=table.port_path)
    elif link is None:
        if port is None:
            raise SessionError("no serial port given (use --port /dev/ttyACM0)")
        link = SerialLink(port)
    record = resumed
    if record is None and record_path is not None:
        try:
            header = {"game": game, "scenario": str(scenario_path.name), "board": board_def.name,
                      "scenario_path": str(scenario_path.resolve()), "position": str(session.position)}
            path = record_path(scenario_path.stem)
            # the header shows the public set-up and commits to the hidden part (host/sealed.py)
            record = Record.create(path, header, sealer=sealing.sealer_for(path, header, session))
        except RecordError:
            if table is not None:
                await table.stop()
            raise
    service = Service(link, board=board_def, session=session, tracker=tracker, registry=registry,
                      record=record, table=table, connection_options=connection_options,
                      registry_path=registry_path, setup=setup_mode)
    if resumed is not None:
        service.resumed(owed)
    return service, table


def open_resume(path: Path) -> tuple[Record, GameSession, Changes, dict[str, Any]]:
    """A record continued after a stop or a crash: the record opened for appending (a torn last line cut
    off), the session folded from its actions with the changes still owed, and its header."""
    record = Record.resume(path)  # first: it cuts a torn last line off (and reads it once, verified)
    owed = Changes()
    try:
        recorded = record.found
        header: dict[str, Any] = recorded[0].data
        session = GameSession.from_entries(recorded, path, owed)
    except (SessionError, RecordError):
        record.close()
        raise
    return record, session, owed, header
