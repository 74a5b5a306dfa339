"""The rule catalog's condition language, and its compiler.

A condition is data (a TOML inline table), never Python:

- a test of one fact: ``{fact = NAME, OP = VALUE}`` with exactly one operator
  ``eq`` ``ne`` ``in`` ``not_in`` (a list of values), ``contains`` ``lacks`` (a value, for list
  facts), ``contains_any`` (a list, for list facts), ``ge`` ``le`` ``gt`` ``lt`` (numbers);
- a combination: ``{all = [...]}``, ``{any = [...]}``, ``{not = {...}}``.

``compile_condition`` checks a condition against the fact vocabulary (unknown facts, operators
that do not suit the fact's type, values outside its domain are errors naming the rule) and turns
it into a plain function of the fact mapping.

>>> from almanac.judgement.conditions import compile_condition
>>> f = compile_condition({"all": [{"fact": "hour_anjin", "eq": True},
...                                {"not": {"fact": "fanqin", "in": ["亢", "婁"]}}]}, "demo")
>>> f({"hour_anjin": True, "fanqin": "牛"}), f({"hour_anjin": True, "fanqin": "婁"})
(True, False)
>>> compile_condition({"fact": "no_such_fact", "eq": 1}, "demo")
Traceback (most recent call last):
...
almanac.judgement.conditions.CatalogError: rule demo: unknown fact 'no_such_fact'
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .facts import FACTS

Predicate = Callable[[Mapping[str, Any]], bool]

_SCALAR_OPS = ("eq", "ne", "in", "not_in")
_LIST_OPS = ("contains", "lacks", "contains_any")
_NUM_OPS = ("ge", "le", "gt", "lt")
OPERATORS = _SCALAR_OPS + _LIST_OPS + _NUM_OPS


class CatalogError(ValueError):
    """A rule file that does not make sense; raised when the catalog is loaded."""


def _check_value(rule: str, name: str, value: Any) -> None:
    kind, domain = FACTS[name].kind, FACTS[name].domain
    if kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, str) and (domain is None or value in domain)
    if not ok:
        accepted = ("true/false" if kind == "bool" else "an integer" if kind == "int"
                    else ("one of " + " ".join(domain)) if domain else "a string")
        raise CatalogError(f"rule {rule}: fact {name!r} cannot be {value!r} ({accepted})")


def compile_condition(cond: Any, rule: str) -> Predicate:
    """Check ``cond`` and return the predicate it denotes."""
    if not isinstance(cond, Mapping):
        raise CatalogError(f"rule {rule}: a condition must be a table, not {cond!r}")
    keys = set(cond)
    if keys == {"all"} or keys == {"any"}:
        op = next(iter(keys))
        parts = cond[op]
        if not isinstance(parts, list) or not parts:
            raise CatalogError(f"rule {rule}: '{op}' needs a non-empty list of conditions")
        preds = tuple(compile_condition(p, rule) for p in parts)
        # plain loops, not all()/any() over a generator: the same short-circuit answer, and
        # these run for every rule of every hour of a precomputed year
        if op == "all":
            if len(preds) == 2:
                a, b = preds
                return lambda f: True if a(f) and b(f) else False

            def all_of(f):
                for p in preds:
                    if not p(f):
                        return False
                return True
            return all_of
        if len(preds) == 2:
            a, b = preds
            return lambda f: True if a(f) or b(f) else False

        def any_of(f):
            for p in preds:
                if p(f):
                    return True
            return False
        return any_of
    if keys == {"not"}:
        inner = compile_condition(cond["not"], rule)
        return lambda f: not inner(f)
    if "fact" not in keys:
        raise CatalogError(f"rule {rule}: a condition needs 'fact' or one of all/any/not, got {sorted(keys)}")
    name = cond["fact"]
    if name not in FACTS:
        raise CatalogError(f"rule {rule}: unknown fact {name!r}")
    ops = keys - {"fact"}
    if len(ops) != 1:
        raise CatalogError(f"rule {rule}: fact {name!r} needs exactly one operator of {', '.join(OPERATORS)}")
    op = ops.pop()
    value = cond[op]
    kind = FACTS[name].kind
    if op not in OPERATORS:
        raise CatalogError(f"rule {rule}: unknown operator {op!r} (accepted: {', '.join(OPERATORS)})")
    is_list = kind.startswith("list")
    if is_list != (op in _LIST_OPS):
        raise CatalogError(f"rule {rule}: operator {op!r} does not suit {kind} fact {name!r}")
    if op in _NUM_OPS and kind != "int":
        raise CatalogError(f"rule {rule}: operator {op!r} needs a numeric fact, {name!r} is {kind}")
    if op in ("in", "not_in", "contains_any"):
        if not isinstance(value, list) or not value:
            raise CatalogError(f"rule {rule}: operator {op!r} needs a non-empty list")
        for v in value:
            _check_value(rule, name, v) if not is_list else _check_elem(rule, name, v)
        values = frozenset(value)
    elif is_list:
        _check_elem(rule, name, value)
    else:
        _check_value(rule, name, value)
    if op == "eq":
        return lambda f: f[name] == value
    if op == "ne":
        return lambda f: f[name] != value
    if op == "in":
        return lambda f: f[name] in values
    if op == "not_in":
        return lambda f: f[name] not in values
    if op == "contains":
        return lambda f: value in f[name]
    if op == "lacks":
        return lambda f: value not in f[name]
    if op == "contains_any":
        return lambda f: not values.isdisjoint(f[name])
    if op == "ge":
        return lambda f: f[name] >= value
    if op == "le":
        return lambda f: f[name] <= value
    if op == "gt":
        return lambda f: f[name] > value
    return lambda f: f[name] < value


def _check_elem(rule: str, name: str, value: Any) -> None:
    domain = FACTS[name].domain
    if not isinstance(value, str) or (domain is not None and value not in domain):
        raise CatalogError(f"rule {rule}: list fact {name!r} never holds {value!r}"
                           + (f" (elements are {' '.join(domain)})" if domain else ""))


def facts_used(cond: Any) -> set[str]:
    """The fact names a (valid) condition reads."""
    if "fact" in cond:
        return {cond["fact"]}
    if "not" in cond:
        return facts_used(cond["not"])
    return set().union(*(facts_used(c) for c in next(iter(cond.values()))))
