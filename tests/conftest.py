"""CI sets ALMANAC_REQUIRE_PG / ALMANAC_REQUIRE_CHROMIUM: there a test that would skip for want of
PostgreSQL or Chromium fails instead, so a broken service set-up cannot pass unnoticed."""
import os
import shutil
import subprocess

import pytest

_REQUIRED = {"ALMANAC_REQUIRE_PG": ("ALMANAC_TEST_PG_URL", "postgres"),
             "ALMANAC_REQUIRE_CHROMIUM": ("chromium",)}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not report.skipped:
        return
    reason = str(report.longrepr).lower()
    for env, needles in _REQUIRED.items():
        if os.environ.get(env) and any(n.lower() in reason for n in needles):
            report.outcome = "failed"
            report.longrepr = f"skipped although {env} is set: {report.longrepr}"


@pytest.fixture(autouse=True)
def _no_reader_locale(monkeypatch):
    """The command line speaks the process locale's language when nothing else names one
    (``almanac.reader``): tests run as if the locale named none, whatever the machine's is, and
    a test of the locale sets it itself."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A fresh, empty data folder (ALMANAC_DATA_DIR) and no database URL: the embedded default."""
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(d))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    return d


@pytest.fixture
def browse(tmp_path):
    """Headless Chromium as a reader's browser: ``browse(url, *flags)`` runs it once on ``url``
    (``--dump-dom``, ``--screenshot=…``); skipped without chromium."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is not installed (CI installs it in .ci/setup.d/20-chromium.sh)")

    def run(url: str, *args: str, tz: str | None = None) -> subprocess.CompletedProcess:
        """``tz``: the zone the browser lives in (its ``TZ``)."""
        env = {**os.environ, "TZ": tz} if tz else None
        return subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                               "--disable-background-networking", "--disable-component-update", "--disable-sync",
                               f"--user-data-dir={tmp_path / 'profile'}", *args, url],
                              check=True, timeout=90, capture_output=True, text=True, env=env)
    return run


@pytest.fixture
def phone():
    """A phone's browser: ``phone(width)`` is a :class:`tests.devtools.Phone`, headless Chromium
    laying pages out ``width`` pixels wide (a true phone width: a headless window is never
    narrower than 500); skipped without chromium."""
    from tests.devtools import Phone
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is not installed (CI installs it in .ci/setup.d/20-chromium.sh)")
    opened = []

    def make(width: int, height: int = 800, *, mobile: bool = True) -> Phone:
        opened.append(Phone(exe, width, height, mobile=mobile))
        return opened[-1]
    yield make
    for p in opened:
        p.close()


# ------------------------------------------------------------ database fixture (store, scheduler)
PG_URL = os.environ.get("ALMANAC_TEST_PG_URL")


def _pg_database(base_url: str):
    """A fresh PostgreSQL database for one test; returns (url, drop)."""
    import uuid

    from sqlalchemy import create_engine, text

    from almanac.exports.store import core as store_core
    from almanac.exports.store import db as store_db
    name = f"almanac_t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    url = base_url.rsplit("/", 1)[0] + "/" + name

    def drop():
        eng = store_db._engines.pop(url, None)
        if eng is not None:
            eng.dispose()
        store_core._migrated.discard(url)
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
    return url, drop


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="ALMANAC_TEST_PG_URL not set"))])
def db_url(request, tmp_path, monkeypatch):
    """A fresh store URL: a SQLite file, and a new PostgreSQL database when one is configured."""
    from almanac.exports.store import core as store_core
    from almanac.exports.store import db as store_db
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("ALMANAC_DB_URL", raising=False)
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
        yield url
        eng = store_db._engines.pop(url, None)
        if eng is not None:
            eng.dispose()
        store_core._migrated.discard(url)
    else:
        url, drop = _pg_database(PG_URL)
        yield url
        drop()


@pytest.fixture
def pg_url():
    """A fresh PostgreSQL database URL for one test (skipped without ALMANAC_TEST_PG_URL)."""
    if not PG_URL:
        pytest.skip("ALMANAC_TEST_PG_URL not set (postgres)")
    url, drop = _pg_database(PG_URL)
    yield url
    drop()
