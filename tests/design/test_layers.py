"""The layers of the almanac, written once, and a check that the code keeps to them.

Every module of the project is parsed (not imported), its imports read wherever they sit — at the
top, inside a function, under ``if TYPE_CHECKING`` — relative ones resolved, the mapped folders
(``exports/``, ``scheduler/``, ``config/``) by their installed names. The check fails on

- an import from a lower layer into a higher one (the engine reaching for the API, the service…),
- any import cycle between modules, however long and wherever its imports sit, and
- ``from x import _name`` across modules: a name one module keeps to itself is not another's.

A module may import anything in its own layer or below, so long as no loop closes. A module not
named in ``LAYERS`` fails the check too: a new module takes its place in the order by a line here.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: source folder → the package it installs as (pyproject.toml's package-dir)
FOLDERS = {"almanac": "almanac", "exports": "almanac.exports", "scheduler": "almanac.scheduler",
           "config": "almanac.config"}

#: The layers, lowest first. A module belongs to the layer of the longest name here that is it or
#: a package holding it (the root, ``almanac``, names only its own ``__init__``); it may import
#: its own layer and those before it, never one after.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("vocabulary", ("almanac", "almanac.cycles", "almanac.lang_tags", "almanac.errors", "almanac.lang",
                    "almanac.keti_names", "almanac.sources", "almanac.redaction", "almanac.lru", "almanac.shared",
                    "almanac.data_files")),
    # the configuration reads the reader's place (almanac.reader), which the gazetteer names
    ("calendar", ("almanac.calendar", "almanac.solar_term_table", "almanac.lunar",
                  "almanac.lunar_month_table", "almanac.places", "almanac.reader", "almanac.config")),
    ("engine", ("almanac.mansions", "almanac.qin", "almanac.liuren")),
    ("hours", ("almanac.hours",)),
    ("words", ("almanac.terms", "almanac.task_words")),
    ("judgement", ("almanac.judgement", "almanac.everyday")),
    ("api", ("almanac.api",)),
    ("service", ("almanac.__main__", "almanac.cli", "almanac.exports", "almanac.scheduler")),
]


# --- reading the sources ----------------------------------------------------------------------


def project_sources(root: Path = ROOT) -> dict[str, tuple[Path, bool]]:
    """Each module's dotted name → (its file, whether it is a package's ``__init__``)."""
    found = {}
    for folder, pkg in FOLDERS.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root / folder).with_suffix("").parts
            is_pkg = parts[-1] == "__init__"
            found[".".join((pkg,) + (parts[:-1] if is_pkg else parts))] = (path, is_pkg)
    return found


@dataclass(frozen=True)
class Import:
    source: str      # the importing module
    target: str      # the project module imported (the most specific one that exists)
    line: int
    name: str = ""   # for ``from x import name``: the name, when it is not itself a module


def imports_of(name: str, text: str, is_pkg: bool, modules: set[str]) -> list[Import]:
    """The project imports of module ``name`` whose source is ``text``, from anywhere in it."""
    package = name if is_pkg else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _existing(alias.name, modules)
                if target:
                    found.append(Import(name, target, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            for alias in node.names:
                if f"{stem}.{alias.name}" in modules:
                    found.append(Import(name, f"{stem}.{alias.name}", node.lineno))
                else:
                    target = _existing(stem, modules)
                    if target:
                        found.append(Import(name, target, node.lineno,
                                            "" if alias.name == "*" else alias.name))
    return found


def _existing(dotted: str, modules: set[str]) -> str | None:
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in modules:
            return ".".join(parts[:n])
    return None


def layer_of(module: str, layers=LAYERS) -> int | None:
    best, rank = -1, None
    for i, (_, names) in enumerate(layers):
        for n in names:
            if (module == n or "." in n and module.startswith(n + ".")) and len(n) > best:
                best, rank = len(n), i
    return rank


# --- the check --------------------------------------------------------------------------------


def problems(sources: dict[str, tuple[str, bool]], layers=LAYERS) -> list[str]:
    """What breaks the layering in ``sources`` (dotted name → (text, is a package)), one line each;
    empty when the code keeps to ``layers``."""
    modules = set(sources)
    edges = [i for name, (text, is_pkg) in sorted(sources.items())
             for i in imports_of(name, text, is_pkg, modules)]
    out = []
    for name in sorted(modules):
        if layer_of(name, layers) is None:
            out.append(f"{name}: in no layer")
    for i in edges:
        a, b = layer_of(i.source, layers), layer_of(i.target, layers)
        if a is not None and b is not None and b > a:
            out.append(f"upward: {i.source}:{i.line} ({layers[a][0]}) imports {i.target} ({layers[b][0]})")
        if i.name.startswith("_") and not i.name.startswith("__") and i.target != i.source:
            out.append(f"private: {i.source}:{i.line} takes {i.target}.{i.name}")
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for i in edges:
        if i.target != i.source:
            graph[i.source].add(i.target)
    for loop in cycles(graph):
        where = {(i.source, i.target): i.line for i in reversed(edges)}
        steps = [f"{a}:{where[a, b]} → {b}" for a in loop for b in sorted(graph[a] & set(loop))]
        out.append(f"cycle of {len(loop)}: " + "; ".join(steps))
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion)."""
    index, low, on, stack, found, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def _read(root: Path = ROOT) -> dict[str, tuple[str, bool]]:
    return {name: (path.read_text(encoding="utf-8"), is_pkg)
            for name, (path, is_pkg) in project_sources(root).items()}


# --- the tests --------------------------------------------------------------------------------


def test_the_project_keeps_its_layers():
    sources = _read()
    assert "almanac.liuren.keti" in sources and "almanac.scheduler.jobs" in sources
    found = problems(sources)
    assert not found, "\n".join(found)


def test_every_layer_names_modules_that_exist():
    modules = set(project_sources())
    for layer, names in LAYERS:
        for n in names:
            assert any(m == n or m.startswith(n + ".") for m in modules), (layer, n)


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, tuple[str, bool]]:
    """A project of ``files`` (relative path → text) written under ``tmp_path``, read as the
    project is read."""
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return _read(tmp_path)


_CLEAN = {
    "almanac/__init__.py": "",
    "almanac/cycles.py": "STEMS = 10\n",
    "almanac/calendar.py": "from almanac.cycles import STEMS\n",
    "almanac/liuren/__init__.py": "",
    "almanac/liuren/plate.py": "from . import lessons\nfrom ..calendar import STEMS\n",
    "almanac/liuren/lessons.py": "from almanac import cycles\n",
    "almanac/api/__init__.py": "from almanac.liuren import plate\n",
    "exports/__init__.py": "import almanac.api\n",
}


def test_the_check_passes_a_layered_tree(tmp_path):
    assert problems(_tree(tmp_path, _CLEAN)) == []


def test_the_check_fails_an_upward_import_even_inside_a_function(tmp_path):
    files = {**_CLEAN, "almanac/liuren/void.py": "def f():\n    from almanac.api import day\n"}
    found = problems(_tree(tmp_path, files))
    assert found == ["upward: almanac.liuren.void:2 (engine) imports almanac.api (api)"]


def test_the_check_fails_a_relative_upward_import_into_a_mapped_folder(tmp_path):
    files = {**_CLEAN, "almanac/places.py": "from .exports import x\n"}
    found = problems(_tree(tmp_path, files))
    assert found == ["upward: almanac.places:1 (calendar) imports almanac.exports (service)"]


def test_the_check_fails_a_cycle_within_one_layer(tmp_path):
    files = {**_CLEAN, "almanac/liuren/lessons.py": "def f():\n    from .plate import g\n"}
    found = problems(_tree(tmp_path, files))
    assert found == ["cycle of 2: almanac.liuren.lessons:2 → almanac.liuren.plate; "
                     "almanac.liuren.plate:1 → almanac.liuren.lessons"]


def test_the_check_fails_a_long_cycle(tmp_path):
    files = {**_CLEAN,
             "almanac/liuren/a.py": "import almanac.liuren.b\n",
             "almanac/liuren/b.py": "from almanac.liuren import c\n",
             "almanac/liuren/c.py": "if True:\n    from . import a\n"}
    found = problems(_tree(tmp_path, files))
    assert len(found) == 1 and found[0].startswith("cycle of 3: almanac.liuren.a:1 → almanac.liuren.b")


def test_the_check_fails_a_private_name_taken_across_modules(tmp_path):
    files = {**_CLEAN, "almanac/calendar.py": "from almanac.cycles import STEMS, _helper\n"}
    found = problems(_tree(tmp_path, files))
    assert found == ["private: almanac.calendar:1 takes almanac.cycles._helper"]


def test_the_check_fails_a_module_in_no_layer(tmp_path):
    files = {**_CLEAN, "almanac/everywhere.py": ""}
    assert problems(_tree(tmp_path, files)) == ["almanac.everywhere: in no layer"]
