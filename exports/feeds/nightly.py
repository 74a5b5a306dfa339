"""The nightly feeds: ``write_feeds`` writes the rolling feed of every task in every language
into a folder, keeping each day's event texts on disk for the next night's run, and leaves a
feed whose inputs are unchanged (``_feed_key``: the store's row checksums, the code, the
config, the stamps ledger) and whose file is as it was left unbuilt and unwritten.
"""
from __future__ import annotations

from datetime import date
from pathlib import Path

import icalendar

from almanac import config as config_mod
from almanac.exports import source, written
from almanac.exports.feeds import kept, memo, params, rolling
from almanac.exports.feeds import labels as L
from almanac.exports.feeds.events import Builder
from almanac.exports.feeds.ledger import stamps_for


def write_feeds(out_dir, config=None, today: date | None = None, *,
                texts_file: "str | Path | None" = None) -> list[Path]:
    """Write the rolling feed of every task in every language into ``out_dir``
    (``{task}.ics`` for the default language, ``{task}.{lang}.ics`` for the others).
    Files are replaced atomically; returns the paths written.

    Each day's event texts are kept on disk (``kept.KeptTexts``, at ``texts_file`` or
    :func:`kept_path`) under the digest of what they are made of, so the next run — another
    process — builds only the days whose content changed (the day that entered each feed).
    A feed whose every day the store holds current, with the same code, config, horizon and
    stamps ledger as when its file was written, and whose file is as it was left, is not built
    at all (``exports.written``; :func:`_feed_key`)."""
    cfg = config_mod.load(config)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tz = cfg["calendar"]["default_tz"]
    today = today or params.today_in(tz)
    paths, done = [], []
    ledger = stamps_for(cfg).fingerprint()   # None: stamps kept in memory only, nothing skipped
    memo.run.memo = {}                    # each day range and task read once for all languages
    memo.run.kept = kept.KeptTexts.open(kept_path(cfg) if texts_file is None else (texts_file or None))
    record = written.Record(written.record_path() if ledger is not None else None)
    try:
        for task in source.task_names(cfg):
            for lang in L.LANGS:
                path = out / (f"{task}.ics" if lang == L.LANGS[0] else f"{task}.{lang}.ics")
                key = _feed_key(task, tz, lang, cfg, today) if ledger is not None else None
                st = record.unchanged(path, written.key_of(key, ledger)) if key is not None else None
                if st is None:
                    st = written.write(path, rolling.rolling_feed(task, tz, lang, None, cfg, today).body)
                paths.append(path)
                done.append((path, key, st))
        if memo.run.kept is not None:
            memo.run.kept.save()              # this run's texts, for the next run (one transaction)
        ledger = stamps_for(cfg).fingerprint()
        for path, key, st in done:
            if key is not None and ledger is not None:
                record.note(path, written.key_of(key, ledger), st)
        record.save()
    finally:
        record.close()
        if memo.run.kept is not None:
            memo.run.kept.close()
        memo.run.memo = memo.run.kept = None
    return paths


def _feed_key(task: str, tz: str, lang: str, cfg, today: date) -> "str | None":
    """What the plain rolling feed of ``task`` for ``today`` is made of, when the store holds
    every day of its horizon current (else None): the code, the config, the feed's namespace,
    its horizon and the keys of its days' texts (``memo.stored_keys``: the store's row checksums),
    the zone's rules and the icalendar version that writes its VTIMEZONE. With the stamps
    ledger unchanged too, the feed is byte for byte the file written from the same key. The
    days' kept texts are marked used, as a build would (they stay for the next night)."""
    s, e = params.horizon(today, cfg)
    b = Builder(task, tz, lang, None, cfg)
    keys = memo.stored_keys(b, s, e)
    dates = source._dates(s, e, tz, cfg)
    if any(d not in keys for d in dates):
        return None
    if memo.reads_kept() is not None:
        memo.reads_kept().used.update(memo.on_disk(keys[d]) for d in dates)
    return written.key_of("feed", kept.code_digest(), icalendar.__version__, written.zone_rules(tz),
                          b.ns, cfg.digest, s.isoformat(), e.isoformat(), [keys[d] for d in dates])


def kept_path(cfg) -> "Path | None":
    """Where :func:`write_feeds` keeps the event texts between runs: ``[feeds] texts_file``
    (``""``: not kept), by default ``feed-texts.sqlite3`` in the data folder."""
    name = params.feeds_options(cfg).get("texts_file", "feed-texts.sqlite3")
    if not name:
        return None
    path = Path(name)
    return path if path.is_absolute() else source.data_dir() / path


def atomic_write(path: Path, data: bytes) -> Path:
    """Write ``path`` whole or not at all (``exports.written.write``: a file already holding
    ``data`` is left as it is)."""
    written.write(path, data)
    return Path(path)
