"""Every citation in the project names one paragraph of its seed by its opening words, and any
quoted phrase stands in that paragraph."""
from pathlib import Path

import almanac.api.charts  # noqa: F401 — import every rule-bearing module
import almanac.api.days  # noqa: F401
import almanac.api.judging  # noqa: F401
from almanac.judgement.catalog import load_catalog
from almanac.sources import REGISTRY

SEEDS = Path(__file__).parent / "seeds"


def test_every_citation_opens_exactly_one_paragraph():
    load_catalog()
    assert len(set(REGISTRY)) > 50
    paragraphs = {}
    for s in set(REGISTRY):
        if s.file not in paragraphs:
            paragraphs[s.file] = [l for l in (SEEDS / s.file).read_text(encoding="utf-8").splitlines() if l.strip()]
        hits = [p for p in paragraphs[s.file] if p.startswith(s.opening)]
        assert len(hits) == 1, f"{s}: {len(hits)} paragraphs open so"
        assert s.quote is None or s.quote in hits[0], f"{s}: quote {s.quote!r} is not in that paragraph"
        assert str(s) == f"{s.file}: {s.opening}"
