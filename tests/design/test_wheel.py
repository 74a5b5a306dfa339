"""The built wheel installs one import name, ``almanac``: exports/, scheduler/ and config/ go in
as almanac.exports, almanac.scheduler and almanac.config, with their data files, so nothing
generic (``config``, ``scheduler``, ``exports``) lands on a user's sys.path."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_wheel_has_one_top_level_import_name(tmp_path):
    # built from a copy of the source alone: a build/ folder left by an earlier build would lend the
    # wheel files that the project's package list no longer (or never) names
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns("build", "dist", ".venv", ".git", "*.egg-info",
                                                             "__pycache__", "node_modules", ".pytest_cache"))
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                          str(src)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"almanac"}
    for must in ("almanac/exports/http/__init__.py", "almanac/scheduler/jobs.py", "almanac/config/__init__.py",
                 "almanac/config/default.toml", "almanac/config/schools.toml",
                 "almanac/exports/reports/templates/", "almanac/data/rules/000_qin.toml"):
        assert any(n.startswith(must) for n in names), must
    # every module of the source folders is in the wheel under its one import name (a package
    # missing from pyproject's list installs nothing, and only an editable install hides that)
    folders = {"almanac": "almanac", "exports": "almanac/exports", "scheduler": "almanac/scheduler",
               "config": "almanac/config"}
    for folder, installed in folders.items():
        for py in (ROOT / folder).rglob("*.py"):
            rel = py.relative_to(ROOT / folder).as_posix()
            assert f"{installed}/{rel}" in names, f"{folder}/{rel} is not in the wheel"
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "almanac = almanac.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()
