"""The 課體 catalogue (``almanac/data/keti.toml``) loaded: each entry checked (its names in three
languages, its source, its condition compiled by :func:`almanac.liuren.keti.when.compile_when`,
the facts of the moment it ``needs`` against those it reads, its ``also`` clause) into a
:class:`KetiDef`, once (:func:`catalogue`); a 課體 found on a chart (:class:`Keti`) and how a
reader meets its name and citation."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...keti_names import DATA, catalogue_names, catalogue_text, shown_table
from ...sources import BookSource
from .vocabulary import ASKER, CONTEXT, COUPLE, PERSON
from .when import KetiError, compile_when, moment_names


LANGS = ("zh", "ko", "en")


#: a book outside the seeds (title, chapter, the exact phrase): one kind with the rule catalog's
KetiSource = BookSource


@dataclass(frozen=True)
class KetiDef:
    name: str
    name_ko: str                     # the Korean reading (중심 for 重審), shown beside the hanja
    name_en: str                     # the English name (Double Review for 重審), the hanja beside it
    family: str
    when: Any                        # str, or {reading: str}
    option: str | None
    meaning: dict[str, str]
    source: Any                      # KetiSource or a seed Source
    aliases: tuple[str, ...]
    examples: tuple[dict, ...]
    code: Any                        # compiled condition, or {reading: compiled}
    needs: tuple[str, ...] = ()      # context beyond the 課 (``hour``): decided only when known
    #: where one reading reads the moment and another does not (孤辰 寡宿: by the 旬 or by the season),
    #: the needs of each reading; ``needs`` is then the first (default) reading's
    reading_needs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: a clause of the sentence read only where the moment knows what it needs (遊子's 天馬: the
    #: month): ``(needs, {reading: condition text})``, each condition naming the entry where the 課
    #: alone does not (in ``keti_hour``, beside the other names of the moment); a reading it leaves
    #: out has none. Empty for most entries
    also: tuple = ()

    def also_of(self, reading: str | None) -> tuple[tuple[str, ...], str | None]:
        """``(needs, condition text)`` of the clause :attr:`also` gives ``reading`` (``(), None``: none)."""
        if not self.also:
            return (), None
        needs, texts = self.also
        if isinstance(self.when, dict) and reading not in self.when:
            reading = next(iter(self.when))
        return needs, texts.get(reading if isinstance(self.when, dict) else None)

    def needs_of(self, reading: str | None) -> tuple[str, ...]:
        """The facts of the moment the condition of ``reading`` needs (:meth:`condition`'s choice)."""
        if self.reading_needs and isinstance(self.code, dict):
            chosen = reading if reading in self.code else next(iter(self.code))
            return dict(self.reading_needs)[chosen]
        return self.needs

    def condition(self, reading: str | None) -> Any:
        if isinstance(self.code, dict):
            return self.code[reading] if reading in self.code else next(iter(self.code.values()))
        return self.code

    def condition_text(self, reading: str | None) -> str:
        """The text of :meth:`condition` (the same choice of reading)."""
        if isinstance(self.when, dict):
            return self.when[reading] if reading in self.when else next(iter(self.when.values()))
        return self.when


@dataclass(frozen=True)
class Keti:
    """One 課體 found on a chart."""

    name: str
    defn: KetiDef

    def to_json(self, lang: str | None = None) -> dict:
        meaning = self.defn.meaning[lang] if lang in LANGS else dict(self.defn.meaning)
        return {"name": self.name, "name_ko": self.defn.name_ko, "name_en": self.defn.name_en,
                "family": self.defn.family,
                "meaning": meaning,
                "source": str(self.defn.source)}


def source_of(raw: dict, where: str):
    extra = set(raw) - {"seed", "opening", "quote", "book", "chapter"}
    if extra:    # a key written after a [keti.source] table lands in it (examples there would go untested)
        raise KetiError(f"{where}: source has unknown keys {sorted(extra)}")
    if "seed" in raw:
        from ...sources import cite
        return cite(raw["seed"], raw["opening"], raw.get("quote"))
    for key in ("book", "chapter", "quote"):
        if not raw.get(key):
            raise KetiError(f"{where}: source lacks {key!r}")
    from ...sources import CLASSICS
    if raw["book"] not in CLASSICS:
        raise KetiError(f"{where}: {raw['book']} has no titles for readers (almanac.sources.CLASSICS)")
    return KetiSource(raw["book"], raw["chapter"], raw["quote"])


def check_needs(entry: dict) -> tuple[str, ...]:
    """An entry's ``needs``: known facts of the moment, and every one its condition reads."""
    return _check_reading_needs(entry["name"], tuple(entry.get("needs", ())), entry["when"])


def _reading_needs(entry: dict) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``needs`` given by reading (a table keyed by the readings of ``when``; a reading it leaves out
    needs nothing), each checked as :func:`check_needs` checks a whole entry's."""
    name, when = entry["name"], entry["when"]
    if not isinstance(when, dict) or set(entry["needs"]) - set(when):
        raise KetiError(f"{name}: needs by reading must name readings of its condition")
    return tuple((r, _check_reading_needs(name, tuple(entry["needs"].get(r, ())), w)) for r, w in when.items())


def _check_reading_needs(name: str, needs: tuple[str, ...], when) -> tuple[str, ...]:
    if not set(needs) <= set(CONTEXT):
        raise KetiError(f"{name}: needs {needs}; known: {CONTEXT}")
    used = moment_names(when)
    if not used <= set(needs) | set(PERSON):
        raise KetiError(f"{name}: its condition reads {sorted(used)} but needs only {list(needs)}")
    if used & set(PERSON) and not set(needs) - {"hour"} and (needs or not used <= set(ASKER)):
        raise KetiError(f"{name}: reads the 年命 but needs nothing of the moment beyond its hour")
    if used & set(COUPLE) and "couple" not in needs:
        raise KetiError(f"{name}: reads the 夫妻 行年 ({sorted(used & set(COUPLE))}) but does not need the couple")
    return needs


def _catalogue_text() -> dict:
    """The catalogue file (:data:`DATA`) as TOML reads it (≈ 25 ms), once per file."""
    return catalogue_text(DATA)


@lru_cache(maxsize=1)
def catalogue() -> tuple[KetiDef, ...]:
    """The 課體 catalogue, loaded and compiled once."""
    raw = _catalogue_text()
    out: list[KetiDef] = []
    seen: set[str] = set()
    for entry in raw["keti"]:
        name = entry["name"]
        if name in seen:
            raise KetiError(f"{name}: defined twice")
        seen.add(name)
        meaning = {lang: entry[lang] for lang in LANGS if entry.get(lang)}
        if set(meaning) != set(LANGS):
            raise KetiError(f"{name}: meaning lacks {sorted(set(LANGS) - set(meaning))}")
        when = entry["when"]
        code = ({r: compile_when(w, f"{name}/{r}") for r, w in when.items()}
                if isinstance(when, dict) else compile_when(when, name))
        if isinstance(when, dict) and not entry.get("option"):
            raise KetiError(f"{name}: several readings but no option names the choice")
        name_ko = entry.get("name_ko", "")
        if not name_ko or not all("\uac00" <= ch <= "\ud7a3" for ch in name_ko):
            raise KetiError(f"{name}: name_ko must be the Korean reading in Hangul, not {name_ko!r}")
        name_en = entry.get("name_en", "")
        if not name_en or not name_en[0].isupper() or not name_en.isascii():
            raise KetiError(f"{name}: name_en must be the English name in Title Case without Chinese "
                            f"characters, not {name_en!r}")
        reading_needs = _reading_needs(entry) if isinstance(entry.get("needs"), dict) else ()
        needs = reading_needs[0][1] if reading_needs else check_needs(entry)
        out.append(KetiDef(name, name_ko, name_en, entry.get("family", "課經"), when, entry.get("option"), meaning,
                           source_of(entry["source"], name), tuple(entry.get("aliases", ())),
                           tuple(entry.get("examples", ())), code, needs, reading_needs, also_clause(entry, needs)))
    return tuple(out)


def also_clause(entry: dict, needs: tuple[str, ...]) -> tuple:
    """An entry's :attr:`KetiDef.also` from its ``also`` table (``needs`` and ``when``: a condition,
    or one per reading of the entry's own ``when``), each checked as a condition of the moment is;
    only an entry of the 課 alone may have one."""
    raw = entry.get("also")
    if raw is None:
        return ()
    name, when = entry["name"], entry["when"]
    texts = raw.get("when")
    if needs or isinstance(entry.get("needs"), dict) or not raw.get("needs") or texts is None:
        raise KetiError(f"{name}: also takes needs and when, on an entry of the 課 alone")
    if isinstance(texts, dict) != isinstance(when, dict) or (isinstance(texts, dict) and set(texts) - set(when)):
        raise KetiError(f"{name}: also's when must name readings of its condition")
    for r, t in (texts.items() if isinstance(texts, dict) else ((None, texts),)):
        compile_when(t, f"{name}/also/{r}")
    also_needs = _check_reading_needs(name, tuple(raw["needs"]), texts)
    return also_needs, (texts if isinstance(texts, dict) else {None: texts})


def citation(name: str, lang: str) -> str:
    """The citation of the 課體 ``name`` for a reader of ``lang``: a seed paragraph or a book's
    sentence, the title in that language."""
    from ...sources import citation as seed_citation
    d = next(d for d in catalogue() if d.name == name)
    return d.source.citation(lang) if isinstance(d.source, KetiSource) else seed_citation(d.source, lang)


def korean(name: str) -> str:
    """``중심(重審)``: the Korean reading with the hanja beside it, as a Korean reader expects."""
    return shown_name(name, "ko") or name


def shown_name(name: str, lang: str) -> str:
    """The 課體 (or 課法: the 九宗門 are 課體 too) ``name`` as a reader of ``lang`` meets it:
    ``중심(重審)`` in ko, ``Double Review (重審)`` in en; "" for a name outside the catalogue or
    a language that reads the characters themselves (almanac.terms.term reads :func:`shown_table`)."""
    return shown_table().get((name, lang), "")


def names() -> tuple[str, ...]:
    """Every 課體 name the catalogue can report, in its order (:func:`catalogue_names`)."""
    return tuple(n for n, *_ in catalogue_names())
