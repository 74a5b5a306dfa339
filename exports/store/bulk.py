"""Bulk SQL: a batch of days' rows in a handful of statements, never one per row.

Driver-level ``executemany`` inserts and updates of plain values (only the dialect's own value
conversions, no per-row SQLAlchemy parameter processing), the ids of the shared hour parts
(inserting the missing ones) and of the day rows just written, and the parts read back by id.
Each runs on the connection it is given, inside the caller's transaction.
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy import JSON, Boolean, Float, Text, cast, select

from .models import Day, HourPart


def part_ids(conn, parts: dict[str, tuple[str, str]], rewrite: bool = False) -> dict[str, int]:
    """``{digest: id}`` of the given parts, inserting those not stored yet (a few statements per
    batch of days, never one per row). With ``rewrite`` every given part is written again (its
    stored body failed its digest)."""
    if not parts:
        return {}
    found = _select_parts(conn, list(parts))
    missing = list(parts) if rewrite else [d for d in parts if d not in found]
    if missing:
        mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
        table = HourPart.__table__
        on_conflict = ("DO UPDATE SET kind = excluded.kind, body = excluded.body" if rewrite
                       else "DO NOTHING")
        conn.exec_driver_sql(
            f"INSERT INTO {table.name} (digest, kind, body) VALUES ({mark}, {mark}, {mark}) "
            f"ON CONFLICT (digest) {on_conflict}",
            [(d, *parts[d]) for d in missing])
        found.update(_select_parts(conn, [d for d in missing if d not in found]))
    return found


def _chunks(items: list, n: int = 900):
    for i in range(0, len(items), n):
        yield items[i:i + n]


def _select_parts(conn, digests: list[str]) -> dict[str, int]:
    """``{digest: id}`` of the stored ones among ``digests`` (plain SQL: hundreds of digests a
    batch, without SQLAlchemy's per-parameter processing)."""
    out = {}
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    for chunk in _chunks(digests):
        out.update(conn.exec_driver_sql(
            f"SELECT digest, id FROM {HourPart.__tablename__} WHERE digest IN "
            f"({', '.join([mark] * len(chunk))})", tuple(chunk)).all())
    return out


def read_parts(conn, ids: set[int]) -> dict[int, tuple]:
    """``{id: (digest, kind, body text)}`` of the given parts."""
    out = {}
    for chunk in _chunks(sorted(ids)):
        for r in conn.execute(select(HourPart.id, HourPart.digest, HourPart.kind,
                                     cast(HourPart.body, Text)).where(HourPart.id.in_(chunk))):
            out[r[0]] = (r[1], r[2], r[3])
    return out


def day_ids(conn, tz: str, fh: str, dates: list[dt.date]) -> dict[dt.date, int]:
    """``{date: id}`` of the rows of one option set (plain SQL: SQLite gives the date back as
    its ISO text, PostgreSQL as a date; both print as the ISO date)."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    by_text = {d.isoformat(): d for d in dates}
    rows = conn.exec_driver_sql(
        f"SELECT date, id FROM {Day.__tablename__} WHERE tz = {mark} AND facts_hash = {mark} "
        f"AND date IN ({', '.join([mark] * len(dates))})", (tz, fh, *dates)).all()
    return {by_text[str(r[0])]: r[1] for r in rows}


def _processors(conn, model, columns: tuple[str, ...]) -> list:
    """Per column, the dialect's conversion of a plain value (dates and times on SQLite, for
    instance), or None. JSON columns take their text as it is: it was encoded (and its checksum
    taken) once, in the compute step."""
    out = []
    for name in columns:
        col = model.__table__.c[name]
        # JSON: the text as it is; Boolean, Float: both drivers take a Python bool and float
        # as they are (the compute step makes scores floats)
        out.append(None if isinstance(col.type, (JSON, Boolean, Float))
                   else col.type.bind_processor(conn.dialect))
    return out


def _convert(rows: list[tuple], procs: list) -> list[tuple]:
    if not any(procs):
        return rows
    return [tuple(v if p is None or v is None else p(v) for v, p in zip(r, procs)) for r in rows]


def insert_many(conn, model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """One driver-level executemany of plain values: tens of thousands of rows without
    SQLAlchemy's per-row parameter processing (only the dialect's own value conversions)."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    table = model.__table__
    prep = conn.dialect.identifier_preparer
    sql = (f"INSERT INTO {prep.format_table(table)} ({', '.join(prep.quote(c) for c in columns)}) "
           f"VALUES ({', '.join([mark] * len(columns))})")
    conn.exec_driver_sql(sql, _convert(rows, _processors(conn, model, columns)))


def update_many(conn, model, columns: tuple[str, ...], rows: list[tuple]) -> None:
    """``UPDATE … SET columns WHERE id = ?`` for rows of the columns' values followed by the id."""
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    prep = conn.dialect.identifier_preparer
    sql = (f"UPDATE {prep.format_table(model.__table__)} SET "
           f"{', '.join(f'{prep.quote(c)} = {mark}' for c in columns)} WHERE id = {mark}")
    conn.exec_driver_sql(sql, _convert(rows, _processors(conn, model, columns) + [None]))
