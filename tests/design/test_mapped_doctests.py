"""The doctests of the folders installed under ``almanac`` (exports/, scheduler/, config/), run by
the modules' installed names: pytest's own doctest collection would import them from their folders
as top-level packages, which the one import root no longer has."""
import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = {"exports": "almanac.exports", "scheduler": "almanac.scheduler", "config": "almanac.config"}


def _modules():
    for folder, name in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            if ">>> " not in path.read_text(encoding="utf-8"):
                continue
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            parts = parts[:-1] if parts[-1] == "__init__" else parts
            yield ".".join((name,) + parts)


MODULES = list(_modules())


def test_the_mapped_folders_have_doctests():
    assert "almanac.exports.http.protocol" in MODULES and "almanac.config" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has '>>> ' but no doctest ran"
    assert result.failed == 0
