"""The IR's classes behave exactly as frozen dataclasses.

They get their methods from compiler/ir/base.py (``freeze``) rather than from the dataclass
decorator, which compiles each method of each class with an ``exec`` of its own when the IR is
imported, a cost every one-shot ``cardsmith`` command pays.  So these tests check what the
decorator would have guaranteed: an ``__init__`` with the same signature as the dataclass's own,
and objects that compare, hash, print, copy, pickle and refuse assignment exactly as frozen
dataclasses do (checked against a real frozen dataclass with the same fields)."""
from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from compiler import ir
from compiler.ir import amounts, base
from runtime.selectors import ObjectKind


def _classes() -> list[type]:
    return sorted(base.FROZEN, key=lambda c: (c.__module__, c.__qualname__))


def test_every_ir_class_takes_its_fields_in_order_with_their_defaults() -> None:
    classes = _classes()
    assert len(classes) > 150
    for cls in classes:
        params = list(inspect.signature(cls).parameters.values())
        fields = dataclasses.fields(cls)
        assert [p.name for p in params] == [f.name for f in fields], cls
        for p, f in zip(params, fields):
            want = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
            assert p.default == want, (cls, f.name)
        assert getattr(cls, "__init__").__qualname__ == f"{cls.__qualname__}.__init__"


def test_ir_objects_behave_as_frozen_dataclasses() -> None:
    f = ir.FilterIR(types=("creature",), mana_value_at_least=2)
    same = ir.FilterIR(("creature",), mana_value_at_least=2)
    assert f == same and hash(f) == hash(same) and f != ir.FilterIR(types=("land",))
    assert repr(f).startswith("FilterIR(types=('creature',), subtypes=()")
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.types = ()  # type: ignore[misc]
    assert dataclasses.replace(f, kind=ObjectKind.SPELL).kind is ObjectKind.SPELL and f.kind is ObjectKind.ANY
    assert pickle.loads(pickle.dumps(f)) == f
    with pytest.raises(TypeError):
        amounts.Fixed()  # type: ignore[call-arg]  # a field without a default is required
    with pytest.raises(TypeError):
        amounts.Fixed(1, nonsense=1)  # type: ignore[call-arg]


def _sample(cls: type, salt: int) -> dict[str, object]:
    """Field values for an instance of ``cls``: each field's default, or a value made of ``salt``."""
    return {f.name: (f.default if f.default is not dataclasses.MISSING and salt == 0 else (f.name, salt))
            for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", _classes(), ids=lambda c: c.__name__)
def test_each_class_behaves_as_a_real_frozen_dataclass(cls: type) -> None:
    fields = dataclasses.fields(cls)
    real = dataclasses.make_dataclass(cls.__name__, [(f.name, object, dataclasses.field(default=f.default))
                                                     if f.default is not dataclasses.MISSING else (f.name, object)
                                                     for f in fields], frozen=True)
    for salt in (0, 1):
        values = _sample(cls, salt)
        ours, theirs = cls(**values), real(**values)
        assert repr(ours) == repr(theirs)
        assert hash(ours) == hash(theirs)
        assert ours == cls(**values) and not ours != cls(**values)
        assert ours != theirs  # (another class: never equal, as between two dataclasses)
        assert (ours == cls(**_sample(cls, 2))) == (theirs == real(**_sample(cls, 2))) == (not fields)
        for name in ([fields[0].name] if fields else []) + ["not_a_field"]:
            with pytest.raises(dataclasses.FrozenInstanceError) as ours_error:
                setattr(ours, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError) as their_error:
                setattr(theirs, name, 1)
            assert str(ours_error.value) == str(their_error.value)
            with pytest.raises(dataclasses.FrozenInstanceError) as ours_error:
                delattr(ours, name)
            with pytest.raises(dataclasses.FrozenInstanceError) as their_error:
                delattr(theirs, name)
            assert str(ours_error.value) == str(their_error.value)
        assert pickle.loads(pickle.dumps(ours)) == ours
        assert dataclasses.replace(ours) == ours and dataclasses.astuple(ours) == dataclasses.astuple(theirs)
