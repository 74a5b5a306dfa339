"""The day's 禽 (值日宿), its 七元, 將 and 將星 (氣將), and the day's taboos (暗金, 伏斷: ``taboos.TABOOS``).

The day mansion runs one unbroken 28-day cycle and the 七元 one 420-day cycle (7 元 × 60 days,
60 ≡ 4 mod 28), anchored on 1993-10-10 = 甲子 = 虛日鼠 = 一元 一將 (destiny-core's epoch; every
date agrees with lunar-python ``Lunar.getXiu()`` and cnlunar). Each 元 opens on a 甲子 day with its
head (「一元虛、二元奎、三元畢、四元鬼、五元翌、六元氐、七元箕」); each of its four 將 rules 15 days and
its 將星 is the mansion of the block's first day (「一元虛張室軫同…」), which the seed calls the
氣將 (「己卯張月鹿為將星，此將乃氣將也」).

Day-level facts use the civil date (as lunar-python and cnlunar do).

>>> from datetime import date
>>> from almanac.qin import day_qin, QinOptions
>>> d = day_qin(date(2026, 11, 29), QinOptions())
>>> str(d.pillar), d.mansion.name, d.luminary, d.yuan, d.jiang, d.jiang_star.char
('丁未', '昴日雞', '日', 6, 3, '心')
>>> d.to_json()["qin"]["general"], d.to_json()["flags"]
('心', {'anjin': False, 'fuduan': False})
>>> day_qin(date(1993, 10, 10), QinOptions()).fuduan
True
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache

from ..calendar import day_pillar as _calendar_day_pillar
from ..cycles import GanZhi
from ..errors import BadInput
from ..mansions import ALL, SRC_DAY_NIGHT, SRC_NAMES, Mansion
from ..sources import QIN_FU, cite
from .facts import Citations, Situation, citations_json
from .options import QinOptions
from .seasons import SeasonMarks, seasonal_situations
from . import taboos

#: 一元 甲子 虛日鼠, day 1 of the 420-day cycle
EPOCH = date(1993, 10, 10)
#: the mansion index of the epoch (虛)
EPOCH_MANSION = 10

SRC_YUAN = cite(QIN_FU, "一元虛、二元奎、三元畢、四元鬼、五元翌、六元氐、七元箕")
SRC_YUAN_CHANGE = cite(QIN_FU, "又以二元甲子奎木狼為將頭", "凡換元，皆以甲子日")
SRC_JIANG = cite(QIN_FU, "訣曰：凡七元禽法", "每一將管十五日，所以四將共管六十日")
SRC_JIANG_STAR = cite(QIN_FU, "一元虛張室軫同，二奎亢胃到房中")
SRC_QIJIANG = cite(QIN_FU, "訣曰：凡七元禽法", "又換己卯張月鹿為將星，此將乃氣將也")
SRC_DAY_QIN = cite(QIN_FU, "訣曰：凡七元禽法", "且如一元則以虛日鼠為頭，管至戊寅星日馬十五宿止")


def as_date(d: "date | str") -> date:
    if isinstance(d, datetime):
        return d.date()
    if isinstance(d, date):
        return d
    if isinstance(d, str):
        try:
            return date.fromisoformat(d.strip())
        except ValueError:
            pass
    raise BadInput(f"{d!r} is not a date (YYYY-MM-DD)",
                   zh=f"不是日期：{d!r}（格式 YYYY-MM-DD）",
                   ko=f"날짜가 아닙니다: {d!r} (YYYY-MM-DD)")


def days_since_epoch(d: date) -> int:
    return (as_date(d) - EPOCH).days


def day_pillar(d: date) -> GanZhi:
    """The day's 干支 (甲子 on the epoch, one step a day; the calendar's own count)."""
    return _calendar_day_pillar(as_date(d))


def day_mansion(d: date) -> Mansion:
    """The day's 禽: ``(10 + days since 1993-10-10) mod 28``."""
    return ALL[(EPOCH_MANSION + days_since_epoch(d)) % 28]


def yuan_jiang(d: date) -> tuple[int, int, Mansion]:
    """(元 1–7, 將 1–4, 將星) of a day."""
    return yuan_jiang_in_cycle(days_since_epoch(d) % 420)


def yuan_jiang_in_cycle(k: int) -> tuple[int, int, Mansion]:
    """(元 1–7, 將 1–4, 將星) of day ``k`` (0–419) of the 420-day cycle."""
    yuan, jiang = k // 60 + 1, (k % 60) // 15 + 1
    star = ALL[(EPOCH_MANSION + 60 * (yuan - 1) + 15 * (jiang - 1)) % 28]
    return yuan, jiang, star


def yuan_head(yuan: int) -> Mansion:
    """The mansion of the 甲子 day opening 元 ``yuan`` (虛奎畢鬼翼氐箕)."""
    return ALL[(EPOCH_MANSION + 60 * (yuan - 1)) % 28]


@dataclass(frozen=True)
class DayQin:
    """The 演禽 facts of one day (civil date)."""

    date: date
    pillar: GanZhi
    mansion: Mansion
    yuan: int
    jiang: int
    jiang_star: Mansion
    #: the day's taboos (``taboos.TABOOS`` of scope ``day``), by id; each is an attribute too
    flags: taboos.Flags
    situations: tuple[Situation, ...] = ()
    citations: Citations = ()

    def __getattr__(self, name: str):
        """A taboo of the day by its id (``day.anjin``, ``day.fuduan`` …)."""
        try:
            return self.__dict__["flags"][name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}") from None

    @property
    def luminary(self) -> str:
        return self.mansion.luminary

    @property
    def name(self) -> str:
        return self.mansion.name

    @property
    def qin_class(self) -> str:
        return self.mansion.qin_class

    def to_json(self) -> dict:
        """``{"qin": {...}, "flags": {...}}``: the CONTRACT fields (qin.mansion, name, luminary,
        yuan, general; flags: the day's taboos) plus extras."""
        m = self.mansion
        return {
            "qin": {
                "mansion": m.char, "name": m.name, "luminary": m.luminary, "yuan": self.yuan,
                "general": self.jiang_star.char,
                "index": m.index, "name_ko": m.korean_name, "animal": m.animal,
                "class": m.qin_class, "jiang": self.jiang, "jiang_star": self.jiang_star.name,
                "pillar": str(self.pillar),
                "situations": [s.to_json() for s in self.situations],
                "citations": citations_json(self.citations),
            },
            "flags": dict(self.flags),
        }


def day_qin(civil_date: date, opts: QinOptions | None = None, *,
            season: SeasonMarks | None = None) -> DayQin:
    """The day's 禽, 七元, 將, 將星 and taboos. ``season`` (optional) adds the seasonal situations
    of the day 禽."""
    return _day_qin(as_date(civil_date), opts or QinOptions(), season)


@lru_cache(maxsize=4096)
def _day_qin(d: date, opts: QinOptions, season: SeasonMarks | None) -> DayQin:
    pillar, m = day_pillar(d), day_mansion(d)
    yuan, jiang, star = yuan_jiang(d)
    return DayQin(d, pillar, m, yuan, jiang, star, taboos.flags_of("day", pillar, m, pillar, opts),
                  seasonal_situations(m, season, opts, "日禽"), _CITES)


#: the citations of every day (one tuple, shared: a day keeps it rather than a copy of its own)
_CITES: Citations = (
    ("mansion", SRC_DAY_QIN), ("name", SRC_NAMES), ("class", SRC_DAY_NIGHT),
    ("yuan", SRC_YUAN), ("jiang", SRC_JIANG), ("general", SRC_JIANG_STAR),
    ("qi_jiang", SRC_QIJIANG), *taboos.citations("day"),
)
