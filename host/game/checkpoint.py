"""Checkpoints of the position in the record: the rules state after a number of actions, as JSON, so that a
resumed game folds only the actions after the last checkpoint (docs/RECORD.md, "Checkpoints").

A checkpoint is never the truth, only a shortcut: the position stays the fold of the record's actions, and
``hexmate record verify`` folds the record from its start and requires every checkpoint to equal the state
the actions before it fold to. The state is the rules core's frozen dataclasses (``rules.games.base.State``
and what it holds); they are written generically, each object tagged with its class, and read back only
into dataclasses and enums of the rules core (``hexmate.rules.*``): a record cannot make anything else.

>>> from hexmate.rules.hexes import Hex
>>> decode(encode((Hex(1, 2), frozenset({"a"}))))
(Hex(q=1, r=2), frozenset({'a'}))
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from hexmate.host.record import canonical

_ALLOWED = ("hexmate.rules.",)


class CheckpointError(ValueError):
    """A state that cannot be written as a checkpoint, or a checkpoint that cannot be read back."""


def encode(obj: Any) -> Any:
    """The object as JSON data (dataclasses, enums, tuples, sets, mappings, fractions tagged)."""
    if obj is None or isinstance(obj, bool | int | str):
        return obj
    if isinstance(obj, float):
        return {"@f": repr(obj)}
    if isinstance(obj, enum.Enum):
        return {"@e": _name(type(obj)), "v": encode(obj.value)}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {"@c": _name(type(obj)),
                "f": {f.name: encode(getattr(obj, f.name)) for f in dataclasses.fields(obj)}}
    if isinstance(obj, tuple):
        return {"@t": [encode(x) for x in obj]}
    if isinstance(obj, list):
        return [encode(x) for x in obj]
    if isinstance(obj, frozenset | set):
        items = sorted((encode(x) for x in obj), key=canonical)
        return {"@fs" if isinstance(obj, frozenset) else "@s": items}
    if isinstance(obj, Mapping):
        return {"@m": [[encode(k), encode(v)] for k, v in obj.items()]}
    if isinstance(obj, Fraction):
        return {"@q": [obj.numerator, obj.denominator]}
    raise CheckpointError(f"a {type(obj).__name__} cannot be written in a checkpoint")


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _class(name: Any) -> type:
    module, _, qual = str(name).partition(":")
    if not module.startswith(_ALLOWED):
        raise CheckpointError(f"{name!r} is not a class of the rules core")
    try:
        obj: Any = importlib.import_module(module)
        for part in qual.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        raise CheckpointError(f"no class {name!r}") from None
    if not isinstance(obj, type) or not (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)):
        raise CheckpointError(f"{name!r} is not a rules dataclass or enum")
    return obj


def decode(data: Any) -> Any:
    """``encode``'s inverse; CheckpointError for anything it would not have written."""
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, list):
        return [decode(x) for x in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise CheckpointError("not a checkpoint value")
    if "@c" in data:
        cls = _class(data["@c"])
        fields = {k: decode(v) for k, v in dict(data["f"]).items()}
        init = {f.name for f in dataclasses.fields(cls) if f.init}
        obj = cls(**{k: v for k, v in fields.items() if k in init})
        for k, v in fields.items():
            if k not in init:
                object.__setattr__(obj, k, v)
        return obj
    if "@e" in data:
        return _class(data["@e"])(decode(data["v"]))
    (tag, value), = data.items()
    if tag == "@t":
        return tuple(decode(x) for x in value)
    if tag == "@fs":
        return frozenset(decode(x) for x in value)
    if tag == "@s":
        return {decode(x) for x in value}
    if tag == "@m":
        return {decode(k): decode(v) for k, v in value}
    if tag == "@q":
        return Fraction(int(value[0]), int(value[1]))
    if tag == "@f":
        return float(value)
    raise CheckpointError(f"unknown checkpoint tag {tag!r}")
