"""The names of the 課體: what the catalogue (``almanac/data/keti.toml``) calls each entry — its
characters, aliases, Korean reading and English name — read off the file without compiling its
conditions, and the 格局 the catalogue does not name, read in Korean.

``almanac.liuren.keti`` compiles the catalogue; its names are vocabulary, shown by the citations
(``almanac.sources``: a chapter of 《六壬大全》 is named by its 課) and by the reader's words
(``almanac.terms``), which the engine's modules import, so they are read here, below the engine.

>>> shown_table()[("元首", "ko")], shown_table()[("元首", "en")], english_name("元首")
('원수(元首)', 'Primary Head (元首)', 'Primary Head')
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

#: the 課體 catalogue (almanac.liuren.keti compiles it)
DATA = Path(__file__).resolve().parent / "data" / "keti.toml"

#: the 格局 of a chart (almanac.liuren.patterns) read in Korean where the 課體 catalogue does not
#: name them (進茹, 稼穡, 曲直 … it does)
PATTERNS_KO = {"連茹": "연여", "真連茹": "진연여", "谷傳空亡": "곡전공망", "腳踏空亡": "각답공망",
               "三奇連珠": "삼기연주", "夾定": "협정", "夾定虛一": "협정허일", "遇夾不夾": "우협불협",
               "夾不住": "협부주", "三合": "삼합", "孤單": "고단", "革羈": "혁기", "前虛一": "전허일",
               "後虛一": "후허일"}
#: the ways within a 課法 that found the 初傳 (almanac.liuren.transmissions ``sub_method``) read in
#: Korean where the catalogue names them by another name (比用 of 知一, 蒿矢 of 嚆矢) or not at all
SUB_METHODS_KO = {"比用": "비용", "比用格": "비용격", "蒿矢": "호시", "井欄射": "정란사"}


def catalogue_text(path: Path = DATA) -> dict:
    """The catalogue file (:data:`DATA`, or another at ``path``) as TOML reads it (≈ 25 ms), once
    per file."""
    return _toml(path)


@lru_cache(maxsize=4)
def _toml(path) -> dict:
    with path.open("rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=1)
def catalogue_names() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """``(name, name_ko, name_en, aliases)`` of each entry of the catalogue, in its order, read off
    the file without compiling its conditions (≈ 40 ms more): what the judgements' vocabulary,
    the readers' names and the English names read, which a process that reads the default
    school's 課體 from the shipped table (``liuren.moment_table``) needs and nothing more."""
    return tuple((e["name"], e.get("name_ko", ""), e.get("name_en", ""), tuple(e.get("aliases", ())))
                 for e in catalogue_text()["keti"])


@lru_cache(maxsize=1)
def shown_table() -> dict[tuple[str, str], str]:
    """``{(name, lang): shown}`` for ko and en, every 課體 of the catalogue (read-only), from
    :func:`catalogue_names`."""
    out: dict[tuple[str, str], str] = {}
    for name, name_ko, name_en, _ in catalogue_names():
        out[(name, "ko")] = f"{name_ko}({name})"
        out[(name, "en")] = f"{name_en} ({name})"
    return out


def english_name(name: str) -> str:
    """The English name the catalogue gives the 課體 ``name`` (or an alias of one), ``""`` for a
    name it does not hold."""
    return _english().get(name, "")


@lru_cache(maxsize=1)
def _english() -> dict[str, str]:
    out: dict[str, str] = {}
    for name, _, name_en, aliases in catalogue_names():
        for n in (name, *aliases):
            out.setdefault(n, name_en)
    return out


__all__ = ["DATA", "PATTERNS_KO", "SUB_METHODS_KO", "catalogue_names", "catalogue_text", "english_name", "shown_table"]
