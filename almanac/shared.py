"""Read-only JSON containers for documents computed once and shared by every caller.

Only 1,440 六壬 charts (720 課 × 晝夜) and 5,040 hour-禽 fact sets (420-day cycle × 12 hours)
exist per school; their JSON documents are built once and handed out many times. A shared
document is made of :class:`FrozenDict` and :class:`FrozenList`, which compare, print, iterate and
serialise (``json``, pickle, SQLAlchemy's JSON type) exactly as ``dict`` and ``list`` do, but
refuse to be changed, so a caller that mutates one fails loudly instead of corrupting every later
answer. ``copy.copy``/``copy.deepcopy`` and pickling give plain, mutable ``dict``/``list``.

>>> d = freeze({"a": [1, 2], "b": {"c": None}})
>>> d == {"a": [1, 2], "b": {"c": None}}, d
(True, {'a': [1, 2], 'b': {'c': None}})
>>> d["a"].append(3)
Traceback (most recent call last):
...
TypeError: a shared document is read-only; copy it first (copy.deepcopy)
>>> import copy; m = copy.deepcopy(d); m["a"].append(3); m, type(m["a"]).__name__
({'a': [1, 2, 3], 'b': {'c': None}}, 'list')
"""
from __future__ import annotations

import copy
from dataclasses import fields


def _refuse(self, *args, **kwargs):
    raise TypeError("a shared document is read-only; copy it first (copy.deepcopy)")


def thaw(value):
    """A plain, mutable deep copy of a (possibly frozen) JSON value."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [thaw(v) for v in value]
    return value


class FrozenList(list):
    """A ``list`` that refuses changes (see the module docstring)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self):
        return list(self)

    def __deepcopy__(self, memo):
        return [copy.deepcopy(v, memo) for v in self]

    def __reduce__(self):
        return (list, (thaw(self),))


class FrozenDict(dict):
    """A ``dict`` that refuses changes (see the module docstring)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}

    def __reduce__(self):
        return (dict, (thaw(self),))


def freeze(value):
    """A read-only deep copy of a JSON value (dicts and lists frozen; scalars as they are)."""
    t = type(value)
    if t is dict or t is list or t is tuple:
        return _FREEZE[t](value)
    if t is FrozenDict or t is FrozenList or not isinstance(value, (dict, list, tuple)):
        return value
    return _FREEZE[dict if isinstance(value, dict) else list if isinstance(value, list) else tuple](value)


def _freeze_dict(d):
    return FrozenDict({k: _FREEZE[type(v)](v) if type(v) in _FREEZE else freeze(v)
                       for k, v in d.items()})


def _freeze_list(items):
    return FrozenList([_FREEZE[type(v)](v) if type(v) in _FREEZE else freeze(v) for v in items])


def _freeze_tuple(items):
    return tuple([_FREEZE[type(v)](v) if type(v) in _FREEZE else freeze(v) for v in items])


_FREEZE = {dict: _freeze_dict, list: _freeze_list, tuple: _freeze_tuple}


__all__ = ["FrozenDict", "FrozenList", "freeze", "thaw"]


def kept_hash(self) -> int:
    """``__hash__`` for a frozen options dataclass hashed on every lookup: the hash of its field
    tuple, computed once and kept on the instance (assign ``__hash__ = kept_hash`` in the class
    body, where the dataclass decorator leaves it alone)."""
    h = self.__dict__.get("_hash")
    if h is None:
        h = hash(tuple(getattr(self, f.name) for f in fields(self)))
        object.__setattr__(self, "_hash", h)
    return h


def state_without_kept_hash(self) -> dict:
    """``__getstate__`` to go with ``kept_hash``: a kept hash is of this process's string hashing,
    never carried to another process."""
    return {k: v for k, v in self.__dict__.items() if k != "_hash"}
