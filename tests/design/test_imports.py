"""Every module of the project imports on its own, first, in a fresh set of project modules — so
an import loop (a imports b imports a) fails here rather than only in the order some caller
happens to use. Third-party modules stay loaded between tries; the project's are dropped."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("almanac",)
FOLDERS = {"almanac": "almanac", "exports": "almanac.exports", "scheduler": "almanac.scheduler",
           "config": "almanac.config"}

_PROBE = """
import importlib, json, sys, traceback
names, failures = json.loads(sys.argv[1]), {}
for name in names:
    for k in [k for k in sys.modules if k.split(".")[0] in %r]:
        del sys.modules[k]
    try:
        importlib.import_module(name)
    except Exception:
        failures[name] = traceback.format_exc(limit=3)
print(json.dumps(failures))
""" % (PACKAGES,)


def _modules() -> list[str]:
    names = []
    for folder, pkg in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__main__":   # runs the program when imported
                continue
            names.append(".".join((pkg,) + (parts[:-1] if parts[-1] == "__init__" else parts)))
    return names


@pytest.mark.slow
def test_every_module_imports_alone():
    names = _modules()
    assert len(names) > 50 and "almanac.judgement.explain" in names
    out = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(names)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    failures = json.loads(out.stdout.strip().splitlines()[-1])
    assert not failures, "\n".join(f"{k}:\n{v}" for k, v in failures.items())
