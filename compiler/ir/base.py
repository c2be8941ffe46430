"""How the IR's frozen dataclasses are made.

Each IR module declares its classes with :func:`dataclass` (``frozen=True``) and calls
:func:`freeze` on its namespace at its end.  Type checkers see the real
``dataclasses.dataclass``; at run time the classes get equivalent methods from
:func:`freeze`, all their ``__init__``\\ s compiled in one ``exec``: the dataclass decorator
compiles six methods per class one ``exec`` at a time, and the IR has well over a hundred
classes, which every one-shot ``cardsmith build`` imports.
"""
from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, fields, is_dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from dataclasses import dataclass as _dataclass

    def dataclass(*, frozen: bool) -> Callable[[type], type]:
        """``dataclasses.dataclass(frozen=True)`` without the methods, which :func:`freeze`
        gives the module's classes at once."""
        assert frozen
        return _dataclass(init=False, repr=False, eq=False)

__all__ = ["dataclass", "freeze", "FROZEN"]

FROZEN: set[type] = set()  # every class given these methods (a subclass of one may set other attributes)


def freeze(namespace: dict[str, Any]) -> None:
    """Give each dataclass defined in the module whose globals are ``namespace`` what
    ``dataclasses.dataclass(frozen=True)`` would: ``__init__``, ``__repr__``, ``__eq__``,
    ``__hash__``, and the ``__setattr__``/``__delattr__`` that refuse to change a field.

    They behave as the dataclass's own (the same signatures; equality and hash of the tuple of
    the fields; the same ``repr``; :class:`dataclasses.FrozenInstanceError`).  ``__init__``
    stores the fields in the instance's ``__dict__`` directly; it is compiled from the field
    names of the IR's own classes, never from a script.  The other methods are shared and read
    each class's field names from ``_ir_fields``.  A method a class defines itself is kept."""
    module = namespace["__name__"]
    classes = [v for v in list(namespace.values())
               if isinstance(v, type) and is_dataclass(v) and v.__module__ == module and v not in FROZEN]
    source: list[str] = []
    names_space: dict[str, Any] = {}
    for n, cls in enumerate(classes):
        params: list[str] = []
        stores: list[str] = []
        names = tuple(f.name for f in fields(cls))
        for f in fields(cls):
            # (none here: the fields this code knows how to store and compare)
            assert f.init and f.repr and f.compare and f.hash is None and f.default_factory is MISSING, f
            if f.default is MISSING:
                params.append(f.name)
            else:
                names_space[f"_default{n}_{f.name}"] = f.default
                params.append(f"{f.name}=_default{n}_{f.name}")
            stores.append(f"    d[{f.name!r}] = {f.name}\n")
        source.append(f"def init{n}(self{''.join(', ' + p for p in params)}):\n    d = self.__dict__\n"
                      f"{''.join(stores) or '    pass'}\n")
        setattr(cls, "_ir_fields", names)
        # The tuple of the fields, as the dataclass's __eq__ and __hash__ compare and hash it.
        setattr(cls, "_ir_key", staticmethod(attrgetter(*names) if len(names) > 1 else _one_field_key(names[0])
                                             if names else _no_field_key))
    exec("".join(source), names_space)  # noqa: S102 - field names of the IR's own classes (see above)
    for n, cls in enumerate(classes):
        shared: dict[str, Callable[..., Any]] = {"__init__": names_space[f"init{n}"], "__repr__": _ir_repr,
                                                 "__eq__": _ir_eq, "__hash__": _ir_hash,
                                                 "__setattr__": _ir_setattr, "__delattr__": _ir_delattr}
        for method, fn in shared.items():
            if method in vars(cls):
                continue
            if method == "__init__":
                fn.__name__ = method
                fn.__qualname__ = f"{cls.__qualname__}.{method}"
                fn.__module__ = cls.__module__
            setattr(cls, method, fn)
        FROZEN.add(cls)


def _one_field_key(name: str) -> Callable[[Any], tuple[Any, ...]]:
    def key(obj: Any) -> tuple[Any, ...]:
        return (getattr(obj, name),)
    return key


def _no_field_key(obj: Any) -> tuple[Any, ...]:
    return ()


def _ir_repr(self: Any) -> str:
    return f"{self.__class__.__qualname__}({', '.join(f'{a}={getattr(self, a)!r}' for a in self._ir_fields)})"


def _ir_eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self._ir_key(self) == self._ir_key(other)
    return NotImplemented


def _ir_hash(self: Any) -> int:
    return hash(self._ir_key(self))


def _ir_setattr(self: Any, name: str, value: object) -> None:
    if type(self) in FROZEN or name in self._ir_fields:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _ir_delattr(self: Any, name: str) -> None:
    if type(self) in FROZEN or name in self._ir_fields:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)
