"""The IR's frozen dataclasses get an ``__init__`` that stores fields directly (compiler/ir.py,
``_direct_inits``): the same signature as the dataclass's own, and objects that compare, hash,
copy, pickle and refuse assignment exactly as frozen dataclasses do."""
from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from compiler import ir


def _classes() -> list[type]:
    return [v for v in vars(ir).values()
            if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == ir.__name__]


def test_every_ir_class_takes_its_fields_in_order_with_their_defaults() -> None:
    classes = _classes()
    assert len(classes) > 20
    for cls in classes:
        params = list(inspect.signature(cls).parameters.values())
        fields = dataclasses.fields(cls)
        assert [p.name for p in params] == [f.name for f in fields], cls
        for p, f in zip(params, fields):
            want = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
            assert p.default == want, (cls, f.name)
        assert getattr(cls, "__init__").__qualname__ == f"{cls.__qualname__}.__init__"


def test_ir_objects_behave_as_frozen_dataclasses() -> None:
    f = ir.FilterIR(types=("creature",), mv_min=2)
    same = ir.FilterIR(("creature",), mv_min=2)
    assert f == same and hash(f) == hash(same) and f != ir.FilterIR(types=("land",))
    assert repr(f).startswith("FilterIR(types=('creature',), subtypes=()")
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.types = ()  # type: ignore[misc]
    assert dataclasses.replace(f, kind="x").kind == "x" and f.kind == ""
    assert pickle.loads(pickle.dumps(f)) == f
    with pytest.raises(TypeError):
        ir.AmountIR()  # type: ignore[call-arg]  # a field without a default is required
    with pytest.raises(TypeError):
        ir.AmountIR("fixed", nonsense=1)  # type: ignore[call-arg]
