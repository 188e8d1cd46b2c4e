"""A running table joins the hall: the record's listener feeds the publisher, the shared page's views become
the live state, and when the table stops the record and the result are sent (``hexmate run --hall-broker``).

Spectators may not see concealed units: the set hidden from them is the rules' (``hidden_units`` for the
shared audience) plus those units' tag UIDs, read when each entry is written."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexmate.host.hall.publisher import BrokerConfig, TablePublisher
from hexmate.host.record import Record
from hexmate.host.table.views import SHARED

if TYPE_CHECKING:
    from hexmate.host.service.core import Service


def reveal_closed(record: Record) -> None:
    """Append the reveal to a record the stopped service closed, if it still seals anything (a game ended
    at the table without a result recorded): it is continued (a ``resume`` entry) and closed again."""
    if record.sealer is None or not record.sealer.pending:
        return
    again = Record.resume(record.path)
    again.reveal()
    again.close()
    record.n, record.head = again.n, again.head  # the closed record's object names the file's new head
    record.sealer.revealed = True


def hidden_from_spectators(service: Service) -> frozenset[str]:
    units = service.session.hidden_units(SHARED)
    uids = {uid for u in units if (uid := service.registry.uid_of_unit(u)) is not None}
    return frozenset(units | uids)


class HallLink:
    """Joins one Service to the hall; ``start()`` after building the service, ``close()`` after it stopped."""

    def __init__(self, service: Service, table: str, broker: BrokerConfig, outbox: str | Path) -> None:
        if service.record is None:
            raise ValueError("a table in a hall needs its record (no --record given and none created)")
        self.service = service
        self.record = service.record
        self.publisher = TablePublisher(table, broker, outbox, hidden=lambda: hidden_from_spectators(service))
        self._views: asyncio.Queue[dict[str, Any]] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.publisher.attach(self.record)
        self._views = self.service.subscribe(host=False)  # the shared (spectator) audience, no table messages
        self.publisher.on_view(self.service.view())
        self._task = asyncio.create_task(self._forward(), name="hall-state")
        self.publisher.start()

    async def _forward(self) -> None:
        assert self._views is not None
        while True:
            view = await self._views.get()
            self.publisher.on_view(view)

    def result(self) -> dict[str, Any]:
        outcome = self.service.session.position.outcome()
        if outcome is None:
            return {"winner": None, "over": False, "reason": "ended at the table before the rules' end"}
        return {"winner": outcome.winner, "over": True, "reason": outcome.reason}

    async def close(self, drain_s: float = 5.0, *, ends_game: bool = False) -> int:
        """After the service stopped (its record closed): if the game is over (the rules' outcome, or
        ``ends_game``: the players or the director ended it here), send the record and the result; a table
        merely stopped (a restart, a break) sends nothing that would reveal concealed units. Waits up to
        ``drain_s`` for the broker; returns what is still owed (kept in the outbox for the next start)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._views is not None:
            self.service.unsubscribe(self._views)
        result = self.result()
        if result["over"] or ends_game:
            reveal_closed(self.record)  # the game is over: what was sealed opens before the record leaves
            self.publisher.finish(self.record.path, result)
        await asyncio.to_thread(self.publisher.drain, drain_s)
        owed = self.publisher.pending()
        self.publisher.stop()
        return owed
