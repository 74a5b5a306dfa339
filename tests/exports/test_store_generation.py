"""The store's generation marker moves at every committed write and at nothing else."""
from datetime import date

from almanac.exports import source
from almanac.exports.store import Store, generation
from almanac.exports.store.generation import generation as generation_of


def test_the_marker_moves_at_a_write_and_stays_for_reads(db_url):
    store = Store(db_url)
    store.precompute(date(2026, 3, 1), date(2026, 3, 2), "Asia/Shanghai")
    before = generation_of(db_url)
    assert before is not None
    store.get_day("2026-03-01", "Asia/Shanghai")
    store.best_tag("travel", date(2026, 3, 1), date(2026, 3, 2), "Asia/Shanghai")
    assert generation_of(db_url) == before          # reads leave it
    store.precompute(date(2026, 3, 3), date(2026, 3, 3), "Asia/Shanghai")
    after = generation_of(db_url)
    assert after != before                          # a committed write moves it
    store.precompute(date(2026, 3, 1), date(2026, 3, 3), "Asia/Shanghai")  # all current: no write
    assert generation_of(db_url) == after


def test_the_marker_sees_another_connections_write(db_url, monkeypatch):
    """A write by another connection (the scheduler's process) moves the marker read here."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.pool import NullPool
    monkeypatch.setenv("ALMANAC_DB_URL", db_url)
    Store(db_url).precompute(date(2026, 3, 1), date(2026, 3, 1), "Asia/Shanghai")
    before = generation()
    assert before == source.store_generation() and before is not None
    other = create_engine(db_url, poolclass=NullPool)
    with other.begin() as c:   # any table: the marker knows the database, not the layout
        c.execute(text("CREATE TABLE generation_probe (x integer)"))
    assert generation() != before
    middle = generation()
    with other.begin() as c:
        c.execute(text("INSERT INTO generation_probe VALUES (1)"))
    other.dispose()
    assert generation() != middle
