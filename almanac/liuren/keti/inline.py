"""A 課體 condition rewritten to be evaluated faster where only its truth is read (:func:`fast_form`):
``all``/``any`` over the 三傳, the 課 or a written tuple spelled out as and/or, and the functions
that are one expression (:data:`INLINE`) put in place of their calls. The rewriting of syntax
trees only; the condition as written stays the reference."""
from __future__ import annotations

import ast
import copy


#: the functions a condition may call that are one expression of their argument(s) ``{0}``
#: (``{1}``), as :func:`fast_form` puts them in place of the call: the same values as
#: :data:`FUNCTIONS`' (``el`` its table, ``ke``/``sheng`` almanac.cycles' element_overcomes and
#: element_generates) and the chart's ``over``/``under`` (rotation ``k``) for every integer —
#: tests/liuren/test_keti_moment.py compares them
INLINE = {
    "el": "_EL[{0}]", "ke": "(({0}) + 2) % 5 == ({1})", "sheng": "(({0}) + 1) % 5 == ({1})",
    "yang": "({0}) % 2 == 0", "meng": "({0}) % 3 == 2", "zhong": "({0}) % 3 == 0",
    "ji": "({0}) % 3 == 1", "chong": "(({0}) + 6) % 12",
    "over": "(({0}) + k) % 12", "under": "(({0}) - k) % 12",
}
#: the names the inlined expressions read or replace: a condition whose comprehension binds one
#: is left as written
_INLINE_READS = frozenset(("_EL", "k", *INLINE, "chuan", "ups"))
#: ``chuan`` and ``ups`` as the chart's facts spell them out (:func:`chart_facts`)
_SPELLED = {"chuan": ("chu", "mid", "mo"), "ups": ("gan_up", "gan_yin", "zhi_up", "zhi_yin")}


def fast_form(text: str) -> str:
    """A condition (or chart part) written to be evaluated faster for its truth alone, on a
    chart's environment: ``all``/``any`` over ``chuan``, ``ups`` or a written tuple where its
    truth is read (at the top, under and/or/not) become and/or over their elements, and each
    call of :data:`INLINE` becomes its expression (no generator or function call per test).
    It reads what the condition reads, and no more, so it is true exactly where the condition
    is (the condition as written stays the reference: :func:`find`)."""
    tree = ast.parse(text, mode="eval")
    if any(isinstance(n, ast.comprehension) and not (isinstance(n.target, ast.Name)
                                                     and n.target.id not in _INLINE_READS)
           for n in ast.walk(tree)):
        return text
    body = _Inliner().visit(_unrolled(tree.body))
    return ast.unparse(ast.fix_missing_locations(body))


def _unrolled(node: ast.AST) -> ast.AST:
    """``node``, read for its truth, with ``all``/``any`` over a spelled-out tuple as and/or."""
    if isinstance(node, ast.BoolOp):
        return ast.BoolOp(op=node.op, values=[_unrolled(v) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.UnaryOp(op=node.op, operand=_unrolled(node.operand))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("all", "any")
            and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
            and len(node.args[0].generators) == 1 and not node.args[0].generators[0].ifs
            and isinstance(node.args[0].generators[0].target, ast.Name)
            and not any(isinstance(n, (ast.comprehension, ast.Lambda)) for n in ast.walk(node.args[0].elt))):
        gen = node.args[0].generators[0]
        if isinstance(gen.iter, ast.Name) and gen.iter.id in _SPELLED:
            elts = [ast.Name(id=n, ctx=ast.Load()) for n in _SPELLED[gen.iter.id]]
        elif isinstance(gen.iter, ast.Tuple) and gen.iter.elts:
            elts = gen.iter.elts
        else:
            return node
        parts = [_unrolled(put(node.args[0].elt, gen.target.id, e)) for e in elts]
        return parts[0] if len(parts) == 1 else ast.BoolOp(
            op=ast.And() if node.func.id == "all" else ast.Or(), values=parts)
    return node


class _Inliner(ast.NodeTransformer):
    """Each call of :data:`INLINE` as its expression."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        form = INLINE.get(node.func.id) if isinstance(node.func, ast.Name) else None
        if form is None or node.keywords or len(node.args) != form.count("{"):
            return node
        return ast.parse(form.format(*(ast.unparse(a) for a in node.args)), mode="eval").body


def put(node: ast.AST, name: str, value: ast.AST) -> ast.AST:
    """A copy of ``node`` with ``value`` put wherever it reads the variable ``name``."""
    class Put(ast.NodeTransformer):
        def visit_Name(self, n):
            return copy.deepcopy(value) if n.id == name else n
    return ast.fix_missing_locations(Put().visit(copy.deepcopy(node)))
