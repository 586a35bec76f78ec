"""Frozen value classes for the page's own vocabulary, without dataclasses' start-up cost.

``@dataclass`` writes each class's methods as source text and ``exec()``s it at import: in
Pyodide that is 2-5 ms a class (compiled at run time, no .pyc helps), and the page declares
dozens of small classes before its first paint. Subclasses of :class:`Frozen` behave like
``@dataclass(frozen=True)`` ones (construction by position in field order or by keyword, with
defaults; equality and hash by class and field values; repr; ``__match_args__``; assignment raises
``FrozenInstanceError``) with methods shared by every class; ``dataclass_transform`` tells mypy.
The engine's public value types stay dataclasses.
"""

from __future__ import annotations

import inspect
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, Self, dataclass_transform

_CLASS_VAR = ("ClassVar", "typing.ClassVar")
_MISSING = object()


@dataclass_transform(eq_default=True, frozen_default=True)
class Frozen:
    """Base of a frozen value class: its fields are its annotations (after its bases'), in order;
    a class attribute of a field's name is its default."""

    __fields__: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = inspect.get_annotations(cls)  # this class's own (strings: postponed evaluation)
        new = (n for n, t in own.items() if n not in cls.__fields__ and not str(t).startswith(_CLASS_VAR))
        cls.__fields__ = (*cls.__fields__, *new)  # the bases' fields first, as dataclasses do
        cls.__match_args__ = cls.__fields__  # type: ignore[attr-defined,misc]  # mypy makes it per class

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls, names = type(self), self.__fields__
        if len(args) > len(names):
            raise TypeError(f"{cls.__qualname__}() takes {len(names)} arguments, {len(args)} given")
        values = dict(zip(names, args, strict=False))
        for name, value in kwargs.items():
            if name not in names or name in values:
                raise TypeError(f"{cls.__qualname__}() got an unexpected or repeated argument {name!r}")
            values[name] = value
        for name in names:
            if name not in values:
                default = getattr(cls, name, _MISSING)
                if default is _MISSING:
                    raise TypeError(f"{cls.__qualname__}() missing argument {name!r}")
                values[name] = default
        self.__dict__.update(values)

    def _values(self) -> tuple[Any, ...]:
        return tuple(self.__dict__[n] for n in self.__fields__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={self.__dict__[n]!r}" for n in self.__fields__)
        return f"{type(self).__qualname__}({fields})"

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` (as ``dataclasses.replace``)."""
        return type(self)(**({n: self.__dict__[n] for n in self.__fields__} | changes))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
