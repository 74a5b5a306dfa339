"""The files the nightly job writes, and what each was made from.

``almanac scheduler --once`` writes every feed and report page again each time it runs. A file
whose inputs have not changed since it was written — the same code, configuration, store row
checksums, dates, language and zone: a *key* its writer makes — comes out byte for byte the same,
so it need not be built at all. This module keeps, per written file, its key, its size and the
sha256 of its content (an SQLite file in the data folder, ``written-files.sqlite3``); a later run
that makes the same key and finds the file holding those bytes skips it. A file changed or
replaced by anyone else (another writer, a person) no longer matches and is built again — by its
content, not its modification time: a same-length edit whose mtime was set back was never
noticed (and served) while the record kept size, mtime and inode. So is everything when the
record cannot be read, and a row written before the content was recorded.

:func:`verified` asks the same of a file about to be served (a report page on disk, after a
restart): the bytes the service wrote, someone else's, or not known.

:func:`write` is the one atomic write of every generated file: a temp file beside the target,
flushed, renamed over it — and a file that already holds the same bytes is left as it is.

>>> import tempfile
>>> d = Path(tempfile.mkdtemp())
>>> rec = Record(d / "written.sqlite3")
>>> st = write(d / "a.txt", b"abc")
>>> rec.note(d / "a.txt", "k1", st); rec.save()
>>> (rec.unchanged(d / "a.txt", "k1") == st, rec.unchanged(d / "a.txt", "k2"))
(True, None)
>>> write(d / "a.txt", b"abc").st_ino == st.st_ino      # the same bytes: the file is left alone
True
>>> _ = write(d / "a.txt", b"abd"); rec.unchanged(d / "a.txt", "k1") is None
True
>>> rec.verified(d / "a.txt"), rec.verified(d / "b.txt")  # someone else's bytes; never written
(False, None)
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import tempfile
from functools import lru_cache
from pathlib import Path

_SCHEMA = """CREATE TABLE IF NOT EXISTS written (
    path TEXT PRIMARY KEY, key TEXT NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL, sha256 TEXT)"""
RECORD_FILE = "written-files.sqlite3"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The sha256 of the code and data that write feeds and reports (the ``almanac``,
    ``exports`` and ``config`` packages' .py, .toml and template files), read once per process."""
    h = hashlib.sha256()
    for name in ("almanac", "config", "exports"):
        root = Path(__file__).resolve().parents[1] / name
        for f in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml", ".j2") and p.is_file()):
            h.update(f"{name}/{f.relative_to(root).as_posix()}\0".encode())
            h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()


@lru_cache(maxsize=64)
def zone_rules(tz: str) -> str:
    """A digest of the compiled rules of zone ``tz`` as zoneinfo finds them (the system's zone
    files, else the tzdata package), or its name when they cannot be read: a file showing local
    times or a VTIMEZONE is made of them too."""
    import zoneinfo
    for root in zoneinfo.TZPATH:
        f = Path(root, tz)
        if f.is_file():
            return hashlib.sha256(f.read_bytes()).hexdigest()
    try:
        from importlib import resources
        return hashlib.sha256(resources.files("tzdata.zoneinfo").joinpath(*tz.split("/"))
                              .read_bytes()).hexdigest()
    except (ImportError, OSError):
        return tz


def key_of(*parts) -> str:
    """A key from plain values (str, int, bytes, lists of them), in order."""
    h = hashlib.sha256()
    for p in parts:
        _feed(h, p)
    return h.hexdigest()


def _feed(h, p) -> None:
    if isinstance(p, (list, tuple)):
        h.update(b"[%d" % len(p))
        for x in p:
            _feed(h, x)
        h.update(b"]")
        return
    b = p if isinstance(p, bytes) else str(p).encode()
    h.update(b"%d:" % len(b) + b)


def write(path, data: bytes) -> os.stat_result:
    """Write ``path`` whole or not at all, unless it already holds ``data``: a temp file with a
    unique name in the same folder (so concurrent writers of one path never share it), flushed to
    disk, then renamed over ``path`` (atomic on POSIX and Windows). A failure leaves no temp file
    behind. Returns the stat of the file now at ``path`` as this call wrote or found it."""
    path = Path(path)
    with contextlib.suppress(OSError), open(path, "rb") as f:
        st = os.fstat(f.fileno())
        if st.st_size == len(data) and f.read(len(data) + 1) == data:
            return st
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            os.chmod(tmp, 0o644)
            st = os.fstat(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return st


def _stamp(st: os.stat_result) -> tuple[int, int, int]:
    return st.st_size, st.st_mtime_ns, st.st_ino


def content_digest(path) -> "tuple[os.stat_result, str]":
    """The stat of the file at ``path`` and the sha256 of its content, read through one open
    file (``OSError`` when it cannot be read)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return st, h.hexdigest()


class Record:
    """The key each file was written from; ``unchanged`` during a run, ``note`` as files are
    written, ``save`` at the end. Never a reason to fail: an unusable file records nothing."""

    def __init__(self, path: "str | Path | None"):
        self.db: sqlite3.Connection | None = None
        self.noted: dict[str, tuple] = {}
        if path is None:
            return
        try:
            db = sqlite3.connect(str(path), timeout=30)
            db.execute(_SCHEMA)
            if "sha256" not in {r[1] for r in db.execute("PRAGMA table_info(written)")}:
                db.execute("ALTER TABLE written ADD COLUMN sha256 TEXT")   # rows before it: rebuilt
            db.commit()
            self.db = db
        except (OSError, sqlite3.Error):
            self.db = None

    def _row(self, path) -> "tuple | None":
        return self.db.execute("SELECT key, size, sha256 FROM written WHERE path = ?",
                               (str(Path(path).absolute()),)).fetchone()

    def unchanged(self, path, key: str) -> "os.stat_result | None":
        """The file's stat when ``path`` was last written from ``key`` and still holds the bytes
        written (its content's sha256), else None."""
        if self.db is None:
            return None
        try:
            row = self._row(path)
            if row is None or row[0] != key or row[2] is None or os.stat(path).st_size != row[1]:
                return None
            st, digest = content_digest(path)
        except (OSError, sqlite3.Error):
            return None
        return st if (st.st_size, digest) == (row[1], row[2]) else None

    def verified(self, path, digest: str | None = None) -> "bool | None":
        """Whether the file at ``path`` (or content of sha256 ``digest``) holds the bytes last
        written there: None when the record knows nothing of it (or cannot be read)."""
        if self.db is None:
            return None
        try:
            row = self._row(path)
            if row is None or row[2] is None:
                return None
            if digest is None:
                digest = content_digest(path)[1]
        except (OSError, sqlite3.Error):
            return None
        return digest == row[2]

    def note(self, path, key: str, st: os.stat_result, digest: str | None = None) -> None:
        """``path`` was written from ``key`` (``st``: :func:`write`'s answer; ``digest``: the
        sha256 of the bytes written, read from the file when not given); kept at ``save``."""
        if digest is None:
            try:
                st, digest = content_digest(path)
            except OSError:
                return
        self.noted[str(Path(path).absolute())] = (key, *_stamp(st), digest)

    def save(self) -> None:
        if self.db is None or not self.noted:
            return
        try:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO written (path, key, size, mtime_ns, ino, sha256) "
                                    "VALUES (?, ?, ?, ?, ?, ?)",
                                    [(p, *v) for p, v in self.noted.items()])
        except sqlite3.Error:
            pass
        self.noted.clear()

    def close(self) -> None:
        if self.db is not None:
            with contextlib.suppress(sqlite3.Error):
                self.db.close()
            self.db = None

    def __enter__(self) -> "Record":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def record_path() -> Path:
    """The record of the data folder (``ALMANAC_DATA_DIR``)."""
    from almanac.exports.source import data_dir
    return data_dir() / RECORD_FILE


__all__ = ["Record", "code_digest", "content_digest", "key_of", "record_path", "write", "zone_rules"]
