"""Reports: HTML and Markdown per day, an SVG heatmap per task, the 天地盤 of the best hours, and
the page opened in headless Chromium with a screenshot that is not blank."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("ALMANAC_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    from exports.reports import write_reports
    out = tmp_path_factory.mktemp("reports")
    paths = write_reports("2026-12-05", 3, out, None)
    yield out, paths
    mp.undo()


def test_files_and_content(written):
    out, paths = written
    assert [p.name for p in paths] == ["2026-12-05.html", "2026-12-06.html", "2026-12-07.html"]
    for p in paths:
        assert p.with_suffix(".md").exists()
    page = (out / "2026-12-07.html").read_text()
    md = (out / "2026-12-07.md").read_text()
    assert page.count("<svg") >= 2 and "大雪" in page and "天地盤" in page
    assert "| 子 |" in md and "大雪" in md
    # latest.html is the run's own night (its first day), not the furthest page written
    assert (out / "latest.html").read_text() == (out / "2026-12-05.html").read_text() != page


def test_cli_report(written, tmp_path):
    from almanac.cli import main
    assert main(["report", "--date", "2026-12-05", "--days", "1", "-o", str(tmp_path)]) == 0
    assert (tmp_path / "2026-12-05.html").exists() and (tmp_path / "2026-12-05.md").exists()
    assert main(["report", "--date", "2026-12-05", "--days", "0", "-o", str(tmp_path)]) == 2


def test_chromium_screenshot_not_blank(written, tmp_path):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is not installed (CI installs it in .ci/setup.d/20-chromium.sh)")
    from PIL import Image
    out, _ = written
    shot = tmp_path / "shot.png"
    subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1200,1600",
                    f"--screenshot={shot}", (out / "2026-12-07.html").as_uri()],
                   check=True, timeout=90, capture_output=True)
    img = Image.open(shot).convert("RGB")
    assert img.size[0] >= 800
    colours = img.getcolors(maxcolors=1 << 20) or []
    assert len(colours) > 50, "screenshot is blank or nearly so"
    most = max(c for c, _ in colours) / (img.size[0] * img.size[1])
    assert most < 0.97
