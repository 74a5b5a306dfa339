"""The benchmark scripts stay importable (their own imports resolve); running them is for bench/."""
import importlib.util
from pathlib import Path

import pytest

BENCH = sorted((Path(__file__).resolve().parents[2] / "bench").glob("bench_*.py"))


@pytest.mark.parametrize("path", BENCH, ids=[p.stem for p in BENCH])
def test_bench_script_imports(path):
    spec = importlib.util.spec_from_file_location(f"_bench_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)           # top level only: each runs under `if __name__ == "__main__"`
    assert callable(getattr(mod, "main", None))
