"""ASL A7.37-A7.372: the Incremental IFT (IIFT), an optional table in place of the IFT.

With the scenario's ``options.iift: true`` an infantry attack (fire.resolve_attack) is resolved on the IIFT
chart of the chart pack (``iift``: the publisher's chart is not in the texts; the project's pack holds demo
values, charts/demo.json, and the columns the A7.37x examples name, charts/oracles.json). Its FP axis holds
the standard IFT columns (A7.371: 1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36, shaded in the printed chart) and
incremental columns between them; an attack uses the column of its actual FP after every doubling and halving
(A7.372: 5 FP at PBF on the 10 column, at Long Range on the 2 1/2 column), the largest column not above it.
DRMs apply as on the IFT (A7.372).

A7.371: a column shift (Cowering A7.9 and its Inexperienced two, A19.33; the one column of a Fire Lane,
A9.22) moves only through standard columns: an attack on a standard column goes to the next lower standard
one, one on an incremental column first to the next lower standard column and then one more; a second shift
one more again. So 4 FP cowering is on 2 (Inexperienced: 1), 5 FP on 4 then 2, and a German HMG's 7 FP lays
a 4 FP Fire Lane. Residual FP (A8.2) stays half the FP used, placed as the highest Residual counter not
above it (A7.372's exception: 5 FP at PBF leaves 4, at Long Range 1): residual.residual_value on the IFT's
columns, read from the IIFT line's column.

A7.37: the IIFT is offered in place of the IFT and is used as the IFT is, but for A7.371 and A7.372; its
examples reach past infantry fire (OBA, the HE equivalent of HEAT). So with the option every attack read on
the IFT is read on the IIFT: each goes through ``read`` (the table in use, the column of the attack's actual
FP, the result), so no caller picks a table of its own: infantry fire, Overrun (D7.1x), vehicle MG and
MG-at-vehicle fire, DC and set DC (A23), FT (A22), MOL (A22.6), Residual FP and Fire Lane attacks (A8.2,
A9.22: their FP is a standard column, A7.371, A7.372), the CC sniper attack, collateral attacks (D.8). The
vehicle line (A7.308) holds a Kill number per standard IFT column; an attack on an incremental column reads
it on the standard column at or below (``Reading.standard``): the pack's IIFT has no vehicle line. Residual
FP placed after vehicle or spraying fire (vfg.py, spray.py) keeps the IFT's column: below 30 FP half of it
gives the counter half the FP used gives (A7.372's exception), and an A7.371 shift ends on a standard column.

Bound elsewhere, not built: the OBA Barrage and Harassing Fire shifts and the HE equivalent of HEAT
(A7.371, A7.372 examples with C8.31, E12.5 and B16.31: chapters C, E and B).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hexmate.rules.charts import Chart, Key
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl.firepower import fmt as _fmt
from hexmate.rules.games.base import Position
from hexmate.rules.text import T

CHART = "iift"
OPTION = "iift"


def check(options: Mapping[str, Any], where: str) -> None:
    """``options.iift`` is true or false."""
    if OPTION in options and not isinstance(options[OPTION], bool):
        raise DataError(f"{where}: options.iift: true or false (A7.37, the optional IIFT)")


def enabled(position: Position) -> bool:
    """A7.37: is the optional IIFT in use in this scenario?"""
    return position.scenario.options.get(OPTION) is True


def standard(position: Position) -> tuple[Key, ...]:
    """A7.371: the standard IFT columns, those of the pack's IFT."""
    return position.charts.chart("ift").axis("fp").keys


def chart(position: Position) -> Chart:
    """The pack's IIFT; every standard IFT column must be one of its columns (A7.371)."""
    iift = position.charts.chart(CHART)
    keys = iift.axis("fp").keys
    missing = [k for k in standard(position) if k not in keys]
    if missing:
        raise DataError(f"{position.charts.source}: chart 'iift' lacks the standard IFT column(s) "
                        f"{', '.join(str(k) for k in missing)} (A7.371)")
    return iift


def column(keys: Sequence[Key], standard_keys: Sequence[Key], fp: Fraction | int,
           shift: int = 0) -> int | Fraction | None:
    """A7.371, A7.372: the IIFT column of an attack of ``fp`` (the largest column not above it), moved
    ``shift`` columns: each through the standard columns, an incremental column first down to the next lower
    standard one. None: below the first column, or shifted off the chart (no effect).

    >>> iift = (1, 2, Fraction(5, 2), 4, 5, 6, 7, 8, 10, 12)
    >>> ift = (1, 2, 4, 6, 8, 12)
    >>> column(iift, ift, 5), column(iift, ift, 4, 1), column(iift, ift, 5, 1), column(iift, ift, 5, 2)
    (5, 2, 2, 1)
    """
    numbers = [Fraction(k) for k in keys if not isinstance(k, str)]
    at = max((k for k in numbers if k <= fp), default=None)
    if at is None:
        return None
    if shift <= 0:
        return _key(at)
    lower = sorted((Fraction(k) for k in standard_keys if not isinstance(k, str)), reverse=True)
    below = [k for k in lower if k < at]  # an incremental column's first step is to the next standard
    if at not in lower:
        if not below:
            return None
        at, below = below[0], below[1:]
    if len(below) < shift:
        return None
    return _key(below[shift - 1])


@dataclass(frozen=True)
class Reading:
    """An attack read on the table in use (A7.3, or A7.37 with the option): ``column`` None when the FP is
    below the first column or a shift took it off the chart; then the result is ``-``."""

    table: str  # "IFT" or "IIFT": what a resolution line names
    fp: Fraction
    column: int | Fraction | None
    standard: int | None  # A7.308: the standard IFT column at or below (the vehicle line's), None if none
    final: int
    result: str
    rule: str  # "A7.3" or "A7.37"

    @property
    def shown(self) -> str:
        """The column as a resolution line shows it (``2 1/2``), ``-`` for none."""
        return "-" if self.column is None else _fmt(self.column)

    @property
    def key(self) -> int | str:
        """The column as a line's fact: the key itself when whole (aftermath reads it back), else shown."""
        return self.column if isinstance(self.column, int) else self.shown

    def cite(self, rule: str) -> str:
        """The rule a line cites: A7.37 on the IIFT (aftermath reads it), else the attack's own."""
        return "A7.37" if self.table == "IIFT" else rule

    def label(self) -> T:
        """The resolution line's name: the table read."""
        return T("IIFT") if self.table == "IIFT" else T("IFT")

    def said(self) -> T:
        """The line every IFT attack shows: FP, column, Final DR and result."""
        return T("{fp} FP -> {column} column, final DR {final} -> {result}", fp=_fmt(self.fp),
                 column=self.key, final=self.final, result=self.result)


def at(position: Position, fp: Fraction | int, shift: int = 0) -> int | Fraction | None:
    """The column an attack of ``fp`` is on, moved ``shift`` columns (A7.9 cowering, A9.22): the IIFT's
    (A7.371, A7.372) with the option, else the IFT's. None: below the first column or shifted off."""
    ift = position.charts.chart("ift").axis("fp")
    if enabled(position):
        return column(chart(position).axis("fp").keys, ift.keys, Fraction(fp), shift)
    index = ift.locate(Fraction(fp))
    if index is None or index - shift < 0:
        return None
    return _key(Fraction(ift.key_at(index - shift)))


def read(position: Position, fp: Fraction | int, final: int, shift: int = 0) -> Reading:
    """A7.3, A7.37: every attack on the IFT, read on the table in use: the IIFT when the scenario chose it.

    A caller gives the attack's actual FP after all its doublings and halvings (A7.372), the Final DR and any
    column shift; the reading names the table, the column and the result."""
    on = at(position, fp, shift)
    incremental = enabled(position)
    return Reading("IIFT" if incremental else "IFT", Fraction(fp), on, vehicle_column(position, on), final,
                   cell(position, on, final), "A7.37" if incremental else "A7.3")


def cell(position: Position, column: int | Fraction | None, final: int) -> str:
    """The result at a column ``at`` chose (a collateral attack on the attack's own column, D.8B), on the
    table in use; ``-`` for no column."""
    if column is None:
        return "-"
    table = chart(position) if enabled(position) else position.charts.chart("ift")
    return str(table.lookup(fp=column, final_dr=final))


def vehicle_column(position: Position, column: int | Fraction | None) -> int | None:
    """A7.308: the standard IFT column at or below an attack's column, the one the vehicle line is read on
    (itself on the IFT). None for no column."""
    if column is None:
        return None
    index = position.charts.chart("ift").axis("fp").locate(Fraction(column))
    return None if index is None else int(position.charts.chart("ift").axis("fp").key_at(index))


def lane_fp(position: Position, mg_fp: int) -> int:
    """A9.22 with A7.371: a Fire Lane's FP on the IIFT, the MG's column shifted one (0 if none is left)."""
    got = column(chart(position).axis("fp").keys, standard(position), mg_fp, 1)
    return int(got) if got is not None else 0


def ift_column(position: Position, shown: str) -> int:
    """The standard IFT column at or below a column a resolution line shows: what the IFT's own lines read
    (the vehicle line, A7.308, keyed by the standard columns). An IFT line's column is itself."""
    axis = position.charts.chart("ift").axis("fp")
    index = axis.locate(parse(shown))
    return int(axis.key_at(index)) if index is not None else 0


def could_give_nmc(position: Position, fp: Fraction, drm: int, cowering: int) -> bool:
    """A10.62 on the IIFT: whether any Original DR gives at least an NMC, doubles read on the column A7.371's
    ``cowering`` shift leaves."""
    table = chart(position)
    keys = table.axis("fp").keys
    for white in range(1, 7):
        for coloured in range(1, 7):
            key = column(keys, standard(position), fp, cowering if white == coloured else 0)
            got = "-" if key is None else str(table.lookup(fp=key, final_dr=white + coloured + drm))
            if got not in ("-", "PTC"):
                return True
    return False


def could_nmc(position: Position, fp: Fraction | int, drm: int, cowering: int) -> bool:
    """A10.62 on the table in use: could an attack of ``fp`` at this DRM give at least an NMC?"""
    if enabled(position):
        return could_give_nmc(position, Fraction(fp), drm, cowering)
    from hexmate.rules.games.asl import morale  # morale reads the IFT; it imports much of the module

    ift = position.charts.chart("ift")
    index = ift.axis("fp").locate(Fraction(fp))
    return index is not None and morale.could_give_nmc(ift, index, drm, cowering)


def lookup(position: Position, shown: str, final: int) -> str:
    """A result read again on the column an attack used (A9.74's SW dr): the IIFT's when it is in use."""
    if enabled(position):
        return str(chart(position).lookup(fp=parse(shown), final_dr=final))
    return str(position.charts.chart("ift").lookup(fp=int(shown), final_dr=final))


def parse(text: str) -> Fraction:
    """A column as a resolution line shows it (firepower.fmt: ``10``, ``2 1/2``) back to a number."""
    whole, _, rest = text.strip().rpartition(" ")
    return Fraction(whole or 0) + Fraction(rest)


def _key(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


__all__ = ["CHART", "OPTION", "Reading", "at", "cell", "chart", "check", "column", "could_give_nmc",
           "could_nmc", "enabled", "ift_column", "lane_fp", "lookup", "parse", "read", "standard",
           "vehicle_column"]
