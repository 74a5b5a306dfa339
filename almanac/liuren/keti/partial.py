"""The partial evaluation of a 課體 condition of the moment: the condition split into the parts that
read the chart only and those that read the moment (:func:`split`), its truth by the three-valued
logic of and/or/not when only the chart's parts are known (:func:`truth`, and :func:`state_text`,
the same written as one expression), and what the moment is still left to decide on a chart
(:func:`residual`)."""
from __future__ import annotations

import ast

from .inline import fast_form, put
from .when import read_names


def residual(tree: tuple, known: tuple, leaf_texts: tuple) -> "str | bool":
    """``tree`` (:func:`split`) as a condition's text with the chart parts whose truths are
    ``known`` put in (a part not known is kept as written) and folded through and/or/not: only
    what the chart leaves to the moment is left (True or False where nothing is). It reads a part
    of the moment wherever the whole condition would, and no part it would not, so it is true
    for the same moments."""
    kind = tree[0]
    if kind == "chart":
        t = known[tree[1]]
        return f"({leaf_texts[tree[1]]})" if t is None else bool(t)
    if kind == "moment":
        return f"({tree[1]})"
    if kind == "not":
        inner = residual(tree[1], known, leaf_texts)
        return (not inner) if isinstance(inner, bool) else f"(not {inner})"
    return _join([residual(t, known, leaf_texts) for t in tree[1]], kind)


def split(node: ast.AST, leaves: list[str]) -> tuple:
    """``node`` (a condition, or part of one, read for its truth) as a three-valued tree:
    ``("and", parts)``, ``("or", parts)``, ``("not", part)``, ``("chart", leaf index)`` for a part
    that reads nothing of the moment (its text appended to ``leaves``), ``("moment", text)`` for
    one that does (its text as :func:`fast_form` writes it: it is only read for its truth). ``all``/``any`` over a generator whose first iterable is ``a + b`` are split into
    the ``all``/``any`` over ``a`` and over ``b`` (``all(p for x in year_etc + chuan)`` becomes
    ``all(p for x in year_etc) and all(p for x in chuan)``, whose second part the chart decides)."""
    if isinstance(node, ast.BoolOp):
        return ("and" if isinstance(node.op, ast.And) else "or",
                tuple(split(v, leaves) for v in node.values))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ("not", split(node.operand, leaves))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any")
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
            and isinstance(node.args[0].generators[0].iter, ast.BinOp)
            and isinstance(node.args[0].generators[0].iter.op, ast.Add)):
        gen = node.args[0]
        first = gen.generators[0]
        parts = []
        for side in (first.iter.left, first.iter.right):
            comp = ast.comprehension(target=first.target, iter=side, ifs=first.ifs, is_async=0)
            parts.append(ast.Call(func=node.func, keywords=[], args=[
                ast.GeneratorExp(elt=gen.elt, generators=[comp, *gen.generators[1:]])]))
        return ("and" if node.func.id == "all" else "or", tuple(split(p, leaves) for p in parts))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any")
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
            and len(node.args[0].generators) == 1 and not node.args[0].generators[0].ifs
            and isinstance(node.args[0].generators[0].target, ast.Name)
            and isinstance(node.args[0].generators[0].iter, (ast.Tuple, ast.List))
            and not any(isinstance(n, (ast.comprehension, ast.Lambda)) for n in ast.walk(node.args[0].elt))):
        # all/any over a written tuple: one part per element, the element put for the variable
        name = node.args[0].generators[0].target.id
        parts = tuple(split(put(node.args[0].elt, name, e), leaves)
                      for e in node.args[0].generators[0].iter.elts)
        return ("and" if node.func.id == "all" else "or", parts)
    if read_names(node) or any(isinstance(n, ast.comprehension) and read_names(n.target)
                                for n in ast.walk(node)):
        return ("moment", fast_form(ast.unparse(node)))
    leaves.append(ast.unparse(node))
    return ("chart", len(leaves) - 1)


def truth(tree: tuple, known: tuple) -> bool | None:
    """The truth of ``tree`` given the chart parts' truths ``known`` (None: not known), by the
    three-valued logic of and/or/not: ``None`` where it depends on the moment."""
    kind = tree[0]
    if kind == "chart":
        return known[tree[1]]
    if kind == "moment":
        return None
    if kind == "not":
        t = truth(tree[1], known)
        return None if t is None else not t
    values = [truth(t, known) for t in tree[1]]
    stop = kind == "or"                 # the value that decides an or (True) or an and (False)
    if stop in values:
        return stop
    return None if None in values else not stop


def state_text(tree: tuple) -> str:
    """``0``/``1``/``2`` (false, true, open) of ``tree`` as an expression over the chart parts'
    truths ``k``: where ``true`` and ``false`` of each node are the and/or of its parts'."""
    true, false = _sure(tree)
    if false is True:
        return "0"
    if true is True:
        return "1"
    return (("" if false is False else f"0 if {false} else ")
            + ("2" if true is False else f"1 if {true} else 2"))


def _sure(tree: tuple) -> tuple:
    """``(true, false)``: expressions (or constants) over ``k`` saying the chart alone makes
    ``tree`` true, or false."""
    kind = tree[0]
    if kind == "chart":
        return f"k[{tree[1]}]", f"(not k[{tree[1]}])"
    if kind == "moment":
        return False, False
    if kind == "not":
        true, false = _sure(tree[1])
        return false, true
    parts = [_sure(t) for t in tree[1]]
    trues, falses = [p[0] for p in parts], [p[1] for p in parts]
    if kind == "and":
        return _join(trues, "and"), _join(falses, "or")
    return _join(trues, "or"), _join(falses, "and")


def _join(items: list, op: str):
    """``a op b …`` folded over constants."""
    absorbing, neutral = (False, True) if op == "and" else (True, False)
    if any(x is absorbing for x in items):
        return absorbing
    rest = [x for x in items if x is not neutral]
    if not rest:
        return neutral
    return rest[0] if len(rest) == 1 else "(" + f" {op} ".join(rest) + ")"
