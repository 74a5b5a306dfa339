"""The assembled 六壬 chart: a frozen ``Chart`` of (day, rotation k, 晝/夜, school).

A chart depends only on the day pillar, ``k = 月將 − 占時`` and 晝/夜 (liuren-rules.md §0), so
:func:`chart_for` is cached on exactly that key: one school has 1,440 charts, each built once and
shared. Its JSON document is built once too (``Chart.document``, shared and read-only);
``to_json()`` gives a new top-level dict over the same read-only nested values.

>>> from almanac.cycles import GanZhi
>>> c = chart_for(GanZhi.parse("乙丑").index, 1, False)
>>> c.to_json()["transmissions"], c.to_json()["method"], c.to_json()["patterns"][:2]
(['寅', '卯', '辰'], '元首', ['連茹', '進茹'])
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..cycles import BRANCHES, STEMS, GanZhi
from ..shared import freeze
from .generals import GENERALS, Noble, place_noble
from .lessons import Lesson, four_lessons
from .options import DEFAULT, LiurenOptions
from . import keti as _keti
from .patterns import Pattern, find
from .plate import Plate
from .transmissions import SOURCES, Transmissions, derive_from
from .void import dungan, liuqin, void_pair


@dataclass(frozen=True)
class Chart:
    """Everything the 課 shows; ``to_json()`` gives the CONTRACT.md shape plus audit fields."""

    day: int
    k: int
    night: bool
    options: LiurenOptions
    plate: Plate
    lessons: tuple[Lesson, Lesson, Lesson, Lesson]
    transmissions: Transmissions
    noble: Noble
    void: tuple[int, int]
    patterns: tuple[Pattern, ...]

    @cached_property
    def keti(self) -> tuple:
        """課體 by the classical catalogue (``keti``), worked out on first use."""
        return _keti.of_chart(self)

    @cached_property
    def keti_env(self) -> dict:
        """The names a 課體 condition reads on this chart (``keti.environment``), built once (from
        its twin's where that has been built: only the 貴人's facts differ)."""
        twin = self._twin()
        return _keti.environment(self, None if twin is None else twin.__dict__.get("keti_env"))

    @cached_property
    def keti_shared(self) -> tuple:
        """What the 晝 and 夜 charts of this 課 share for their 課體 (``keti.shared_truths``):
        worked out once per 課, by whichever of the two is asked first."""
        twin = self._twin()
        kept = None if twin is None else twin.__dict__.get("keti_shared")
        return _keti.shared_truths(self) if kept is None else kept

    def _twin(self) -> "Chart | None":
        """The shared chart of the same 課 and school by the other 貴人 (晝 for 夜), when it is
        built from this chart's own lessons, 三傳, 旬空 and 格局 (``ChartTable`` builds the second of
        the two from the first)."""
        twin = chart_table(self.options).get((self.day, self.k, not self.night))
        if (twin is None or twin is self or twin.transmissions is not self.transmissions
                or twin.lessons is not self.lessons or twin.patterns is not self.patterns
                or twin.void is not self.void):
            return None
        return twin

    @cached_property
    def keti_moment(self) -> "_keti.ChartMoments":
        """The 課體 of the moment this chart leaves open, and their answers by the facts of the
        moment they read (``keti.ChartMoments``), built once."""
        return _keti.ChartMoments(self)

    @property
    def pillar(self) -> GanZhi:
        return GanZhi(self.day)

    @property
    def method(self) -> str:
        return self.transmissions.method

    def general_on(self, sky: int) -> str:
        return GENERALS[self.noble.general_on[sky]]

    def to_json(self) -> dict:
        """A new dict of the document's fields; the nested lists and dicts are the shared,
        read-only ones of :attr:`document` (``copy.deepcopy`` it to change them)."""
        return dict(self.document)

    @cached_property
    def document(self) -> dict:
        """The chart's JSON document, built once per chart and shared: read-only throughout."""
        return freeze(self._build_json())

    def _build_json(self) -> dict:
        """The document built afresh (plain, mutable; what :attr:`document` freezes)."""
        t = self.transmissions
        three = t.branches
        return {
            "day": str(self.pillar),
            "plate": self.plate.to_json(),
            "lessons": [l.to_json() for l in self.lessons],
            "transmissions": [BRANCHES[b] for b in three],
            "method": t.method,
            "sub_method": t.sub_method,
            "noble": self.noble.to_json(),
            "generals": self.noble.generals_json(),
            "void": [BRANCHES[b] for b in self.void],
            "patterns": [p.name for p in self.patterns],
            "keti": [x.to_json() for x in self.keti],
            "rotation": self.k,
            "day_night": "night" if self.night else "day",
            "candidates": [BRANCHES[b] for b in t.candidates],
            "candidate_kind": t.kind,
            "shehai_counts": {BRANCHES[b]: n for b, n in t.shehai_counts},
            "lesson_relations": [l.relation for l in self.lessons],
            "lesson_generals": [self.general_on(l.upper) for l in self.lessons],
            "transmission_generals": [self.general_on(b) for b in three],
            "dungan": [dungan(self.day, b) for b in three],
            "liuqin": [liuqin(self.day, b) for b in three],
            "lesson_dungan": [dungan(self.day, l.upper) for l in self.lessons],
            "sources": {"method": str(SOURCES[t.rule]),
                        "patterns": {p.name: str(p.source) for p in self.patterns}},
        }


def chart_for(day: int, k: int, night: bool, options: LiurenOptions = DEFAULT) -> Chart:
    """The chart of day index ``day`` (0 甲子 … 59 癸亥) on rotation ``k`` (0…11), 晝 or 夜.

    Built once per school and shared (a ``Chart`` is frozen; its ``document`` is read-only)."""
    return chart_table(options)[day, k % 12, night]


@lru_cache(maxsize=64)
def chart_table(options: LiurenOptions = DEFAULT) -> "ChartTable":
    """The charts of one school, by ``(day, k, night)``, each built on first use: at most 1,440.
    A caller casting many charts fetches it once (hashing the options once, not per chart)."""
    return ChartTable(options)


class ChartTable(dict):
    """``(day, k, night)`` → the shared ``Chart`` of one school."""

    def __init__(self, options: LiurenOptions):
        super().__init__()
        self.options = options

    def __missing__(self, key: tuple[int, int, bool]) -> Chart:
        day, k, night = key
        if not (isinstance(day, int) and 0 <= day < 60 and isinstance(k, int) and 0 <= k < 12):
            return build_chart(day, k, night, self.options)     # odd keys: built, not kept
        twin = self.get((day, k, not night))
        chart = self[key] = build_chart(day, k, bool(night), self.options, twin)
        return chart


def build_chart(day: int, k: int, night: bool, options: LiurenOptions = DEFAULT,
                twin: Chart | None = None) -> Chart:
    """A chart built afresh (uncached): what :func:`chart_for` builds once per key. ``twin``: the
    chart of the same day, rotation and school by the other 貴人, whose plate, lessons, 三傳, 旬空 and
    格局 are this chart's too (none of them reads the 貴人)."""
    k %= 12
    noble = place_noble(day % 10, k, night, options.noble_table)
    if twin is not None and (twin.day, twin.k, twin.options) == (day, k, options):
        return Chart(day, k, night, options, twin.plate, twin.lessons, twin.transmissions, noble,
                     twin.void, twin.patterns)
    lessons = four_lessons(day, k)
    t = derive_from(day, k, lessons, options)
    void = void_pair(day)
    pats = find(day, k, t.branches, tuple(l.upper for l in lessons), void, t.method,
                tuple(l.relation for l in lessons))
    return Chart(day, k, night, options, Plate(k), lessons, t, noble, void, pats)


__all__ = ["Chart", "ChartTable", "build_chart", "chart_for", "chart_table", "STEMS"]
