"""The 課體 condition language: a condition is a Python expression over the names of
:mod:`almanac.liuren.keti.vocabulary`, checked by its syntax tree before it is compiled
(:func:`compile_when`: no name, call or construct outside the vocabulary gets through), and read
for which names of the moment it reads (:func:`moment_names`, :func:`read_names`, :func:`reads`)."""
from __future__ import annotations

import ast
from typing import Any

from .vocabulary import CHART_FUNCTIONS, CONSTANTS, CONTEXT, FACTS, FUNCTIONS, MOMENT_FUNCTIONS, PERSON


class KetiError(ValueError):
    """The 課體 catalogue names an unknown fact, reading or construct."""


_ALLOWED = (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.Compare,
            ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Name,
            ast.Load, ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Call, ast.BinOp, ast.Add,
            ast.Sub, ast.Mod, ast.IfExp, ast.Subscript, ast.GeneratorExp, ast.comprehension,
            ast.Store)


def compile_when(expr: str, where: str = "") -> Any:
    """Compile one condition, refusing any name or construct outside the vocabulary."""
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError as e:
        raise KetiError(f"{where}: condition does not parse: {expr!r} ({e.msg})") from None
    known = (set(FUNCTIONS) | set(CHART_FUNCTIONS) | set(FACTS) | set(CONSTANTS) | set(CONTEXT)
             | set(MOMENT_FUNCTIONS) | set(PERSON))
    known |= {n.target.id for n in ast.walk(tree)
              if isinstance(n, ast.comprehension) and isinstance(n.target, ast.Name)}
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise KetiError(f"{where}: {type(node).__name__} is not allowed in {expr!r}")
        if isinstance(node, ast.Name) and node.id not in known:
            raise KetiError(f"{where}: unknown name {node.id!r} in {expr!r}")
        if isinstance(node, ast.Call) and not isinstance(node.func, ast.Name):
            raise KetiError(f"{where}: only plain function calls are allowed in {expr!r}")
    return compile(tree, f"<keti {where}>", "eval")


def moment_names(when) -> set[str]:
    """The facts of the moment a condition reads (directly or through a moment function)."""
    out: set[str] = set()
    for expr in (when.values() if isinstance(when, dict) else (when,)):
        for node in ast.walk(ast.parse(expr, mode="eval")):
            if isinstance(node, ast.Name):
                if node.id in CONTEXT or node.id in PERSON:
                    out.add(node.id)
                elif node.id in MOMENT_FUNCTIONS:
                    out.add(MOMENT_FUNCTIONS[node.id])
    return out


def reads(text: str, names) -> bool:
    """Whether the condition (or part) ``text`` reads one of ``names``."""
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(ast.parse(text, mode="eval")))


def read_names(tree: ast.AST) -> set[str]:
    """The names of the moment an expression reads (facts and moment functions)."""
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
            and (n.id in CONTEXT or n.id in PERSON or n.id in MOMENT_FUNCTIONS)}
