"""The built wheel installs one import name, ``almanac``: exports/, scheduler/ and config/ go in
as almanac.exports, almanac.scheduler and almanac.config, with their data files, so nothing
generic (``config``, ``scheduler``, ``exports``) lands on a user's sys.path."""
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_wheel_has_one_top_level_import_name(tmp_path):
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                          str(ROOT)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"almanac"}
    for must in ("almanac/exports/http/__init__.py", "almanac/scheduler/jobs.py", "almanac/config/__init__.py",
                 "almanac/config/default.toml", "almanac/config/schools.toml",
                 "almanac/exports/reports/templates/", "almanac/data/rules/000_qin.toml"):
        assert any(n.startswith(must) for n in names), must
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "almanac = almanac.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()
