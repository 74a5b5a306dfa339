"""A person's 年命 on the plate: 本命 (the birth-year branch) and 行年 (the year's 行年 by sex).

The seeds read a chart for someone: 「言主將行年與日辰上，切忌天罡、天耳、太陰臨之」 (001),
「日辰與年命相生則吉，相剋則凶」 (001), 「吉神吉將臨日辰行年…必免難」 (001),
「得旺長生長逢吉將生身命行年者，先凶後吉」 (002, 返吟), 「年命填實，不在此限」 (002, 夾定虛一).
This module places the person on an hour's plate and gives the facts those rules read
(``almanac/data/rules/004_mingnian.toml``).

- 本命: the branch of the year of birth; a birth date counts from 立春 (the year pillar turns there).
- 行年: the 六壬 reckoning by 虛歲 (age 1 in the year of birth): a man's 行年 starts at 丙寅 and runs
  forward, a woman's starts at 壬申 and runs backward (男一歲起丙寅順行，女一歲起壬申逆行). The year
  of the hour counts from 立春.

>>> p = parse_person(1990, "m")
>>> p.benming, xingnian(p, 2026)        # 庚午 year; 37 歲: 丙寅 + 36 = 壬寅
('午', '寅')
>>> xingnian(parse_person("1990-01-20", "f"), 2026)   # born before 立春 1990: 己巳 year; 38 歲: 壬申 − 37 = 乙未
'未'
>>> parse_person(1990, None)
Traceback (most recent call last):
...
almanac.errors.BadInput: born and sex go together: give both (born a year or YYYY-MM-DD, sex m or f)
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from almanac.cycles import BRANCHES, GanZhi
from almanac.errors import BadInput, field

_SEX = {"m": "m", "male": "m", "男": "m", "f": "f", "female": "f", "女": "f"}
_CN = ZoneInfo("Asia/Shanghai")
FIRST_YEAR, LAST_YEAR = 1900, 2100
MALE_START, FEMALE_START = GanZhi.parse("丙寅"), GanZhi.parse("壬申")


@dataclass(frozen=True)
class Person:
    birth_year: int        # the 立春 year of birth
    sex: str               # "m" or "f"

    @property
    def benming(self) -> str:
        return BRANCHES[(self.birth_year - 4) % 12]

    def to_json(self) -> dict[str, Any]:
        return {"birth_year": self.birth_year, "sex": self.sex, "benming": self.benming}


def lichun_year(d: date) -> int:
    """The year (counted from 立春) that ``d`` falls in."""
    from almanac.calendar import year_pillar_at
    noon = datetime.combine(d, time(12), tzinfo=_CN)
    y = d.year
    return y if year_pillar_at(noon).index == (y - 4) % 60 else y - 1


def _born_year(d: date) -> int:
    """The 立春 year of a birth date; a date whose calendar year is outside the supported years is
    its calendar year (refused by the caller): its 立春 is never sought (in year 9999 the search
    overflowed the dates Python has, a 500 for a client's bad input)."""
    return lichun_year(d) if FIRST_YEAR <= d.year <= LAST_YEAR else d.year


def parse_person(born, sex, prefix: str = "") -> Person | None:
    """``Person`` from the API's ``born`` (a year, ``YYYY-MM-DD`` or a date) and ``sex`` (m/f), or
    None when neither is given. ``prefix`` names the pair in the messages (``"partner_"`` for
    ``partner_born``/``partner_sex``)."""
    b, x = field(f"{prefix}born"), field(f"{prefix}sex")     # as each reader typed them: born=, --born
    if born in (None, "") and sex in (None, ""):
        return None
    if born in (None, "") or sex in (None, ""):
        raise BadInput(f"{b} and {x} go together: give both ({b} a year or YYYY-MM-DD, {x} m or f)",
                       zh=f"{b} 與 {x} 須一併給出（{b}：年份或 YYYY-MM-DD，{x}：m 或 f）",
                       ko=f"{b}, {x}: 둘 다 함께 주어야 합니다 ({b}: 연도 또는 YYYY-MM-DD, {x}: m 또는 f)")
    s = _SEX.get(sex.strip().lower()) if isinstance(sex, str) else None
    if s is None:
        raise BadInput(f"{x} {sex!r} is not accepted; give m or f",
                       zh=f"{x} 的值無效：{sex!r}（可用 m 或 f）",
                       ko=f"{x} 값이 올바르지 않습니다: {sex!r} (m 또는 f)")
    if isinstance(born, datetime):
        born = born.date()
    if isinstance(born, date):
        year = _born_year(born)
    elif isinstance(born, int) and not isinstance(born, bool):
        year = born
    elif isinstance(born, str) and born.strip().isdigit() and len(born.strip()) == 4:
        year = int(born.strip())
    elif isinstance(born, str):
        try:
            year = _born_year(date.fromisoformat(born.strip()))
        except ValueError:
            raise BadInput(f"{b} {born!r} is not a year or a date (e.g. 1990 or 1990-05-17)",
                           zh=f"{b} 不是年份或日期：{born!r}（例如 1990 或 1990-05-17）",
                           ko=f"{b} 값이 연도나 날짜가 아닙니다: {born!r} (예: 1990 또는 1990-05-17)") from None
    else:
        raise BadInput(f"{b} {born!r} is not a year or a date (e.g. 1990 or 1990-05-17)",
                       zh=f"{b} 不是年份或日期：{born!r}（例如 1990 或 1990-05-17）",
                       ko=f"{b} 값이 연도나 날짜가 아닙니다: {born!r} (예: 1990 또는 1990-05-17)")
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise BadInput(f"{b} {born!r}: the year must be {FIRST_YEAR}–{LAST_YEAR}",
                       zh=f"{b} {born!r}：年份須在 {FIRST_YEAR}–{LAST_YEAR} 之間",
                       ko=f"{b} {born!r}: 연도는 {FIRST_YEAR}–{LAST_YEAR} 사이여야 합니다")
    return Person(year, s)


def xingnian(p: Person, year: int) -> str | None:
    """The person's 行年 branch in ``year`` (counted from 立春), or None before their birth."""
    pillar = xingnian_pillar(p, year)
    return None if pillar is None else BRANCHES[pillar.branch]


def xingnian_pillar(p: Person, year: int) -> GanZhi | None:
    """The person's 行年 as a 干支 in ``year`` (counted from 立春), or None before their birth: the
    stem is read where two 行年 combine (繁昌: 「甲與己合，寅與亥合」)."""
    age = year - p.birth_year + 1
    if age < 1:
        return None
    return MALE_START + (age - 1) if p.sex == "m" else FEMALE_START + (-(age - 1))


def husband_and_wife(a: Person, b: Person) -> tuple[Person, Person] | None:
    """The pair ``a``, ``b`` as (夫, 妻) by their sexes; None for a pair of one sex, whom the 課經's
    夫妻 names (解離, 繁昌) do not describe."""
    if a.sex == b.sex:
        return None
    return (a, b) if a.sex == "m" else (b, a)


def person_facts(f: dict[str, Any], chart, p: Person, year: int) -> dict[str, Any] | None:
    """The 年命 facts of ``p`` on the hour whose facts are ``f`` and chart is ``chart`` (an
    ``almanac.liuren.Chart``), in ``year`` (counted from 立春); None before the person's birth."""
    from .facts import GOOD_GENERALS, TIANER, rel, stage, wangxiang

    nian = xingnian(p, year)
    if nian is None:
        return None
    ming = p.benming

    def up(ground: str) -> str:
        return BRANCHES[chart.plate.up(BRANCHES.index(ground))]

    def general(sky: str) -> str:
        return chart.general_on(BRANCHES.index(sky))

    gan, zhi = f["day_stem"], f["day_branch"]
    nu = up(nian)
    # 「日辰與年命相生則吉，相剋則凶」: the four pairs (日/辰 against 本命/行年) generate, or overcome,
    # one another; where some generate and others overcome the sentence's two cases do not decide (雜)
    rels = [rel(x, y) for x in (gan, zhi) for y in (ming, nian)]
    overcome, generate = (any(r in pair for r in rels) for pair in (("剋", "被剋"), ("生", "被生")))
    vs = "雜" if overcome and generate else "剋" if overcome else "生" if generate else "比"
    # 「得旺長生長逢吉將生身命行年者」: the 用 (發用), thriving or at its 長生 under a good general,
    # generates the person (in 返吟 the spirit over a branch is its 沖 and never generates it)
    chu = f["chu"]
    sheng = ((rel(chu, ming) == "生" or rel(chu, nian) == "生") and general(chu) in GOOD_GENERALS
             and (wangxiang(chu, f["month_branch"]) in ("旺", "相") or stage(gan, chu) == "長生"))
    missing = None
    chuan = f["chuan"]
    step = (BRANCHES.index(chuan[1]) - BRANCHES.index(chuan[0])) % 12
    if "前虛一" in f["patterns"]:
        missing = BRANCHES[(BRANCHES.index(chuan[0]) - step) % 12]
    elif "後虛一" in f["patterns"]:
        missing = BRANCHES[(BRANCHES.index(chuan[2]) + step) % 12]
    return {
        "benming": ming, "xingnian": nian, "xingnian_shang": nu,
        "xingnian_gang_er_yin": nu == "辰" or nu == TIANER[f["season"]] or general(nu) == "太陰",
        "nianming_vs_ganzhi": vs,
        "xingnian_jishen_jijiang": general(nu) in GOOD_GENERALS and rel(nu, gan) != "剋",
        "nianming_shang_sheng": sheng,
        "nianming_tianshi": missing is not None and missing in (ming, nian),
        # 「又看人年上神與日克制玄武者亦獲」: the spirit over the 行年 controls the thief's branch
        "xingnian_shang_zhi_wu": rel(nu, f["xuanwu_on"]) == "剋",
    }


def year_of(instant) -> int:
    """The year (counted from 立春) of an aware instant."""
    from almanac.calendar import year_pillar_at
    y = instant.year
    return y if year_pillar_at(instant).index == (y - 4) % 60 else y - 1
