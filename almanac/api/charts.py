"""``api.chart`` and ``api.textbook_chart``: the 大六壬 chart of a moment or of a book example.

>>> d = textbook_chart("乙丑", gan_shang="巳")
>>> d["transmissions"], d["method"], d["noble"]["branch"]
(['寅', '卯', '辰'], '元首', '子')
>>> textbook_chart("甲丑", gan_shang="巳")
Traceback (most recent call last):
...
almanac.errors.BadInput: '甲丑' is not a sexagenary pillar (a stem and a branch of the same parity, e.g. 甲子, 乙丑)
"""
from __future__ import annotations

from datetime import datetime

from almanac.config import load

from ..calendar import hour_pillar, moment_facts, month_year_branches, read_moment, term_span
from ..cycles import BRANCHES, BRANCHES_KO, PILLARS, GanZhi
from ..errors import BadInput, field
from ..liuren.chart import chart_for
from ..liuren.daymarks import day_marks
from ..liuren.keti import for_asker, moment as moment_of, moment_json, moment_view
from ..liuren.generals import is_night_fixed, is_night_ziwu
from ..liuren.options import LiurenOptions
from ..liuren.plate import rotation, rotation_from_gan_shang
from ..shared import freeze, thaw
from ..hours import Options, chart_at
from ..judgement.person import parse_person
from .choices import describe
from .choices import load as load_choices

_NOBLE = {"day": False, "晝": False, "昼": False, "night": True, "夜": True}


_BRANCH_INDEX = {b: i for i, b in enumerate(BRANCHES)}


def parse_branch(value, what: str) -> int:
    """A branch given as its character (traditional or simplified; they coincide) or its Korean
    reading (자, 축, … 해)."""
    hit = _BRANCH_INDEX.get(value) if type(value) is str else None
    if hit is not None:
        return hit
    if isinstance(value, str):
        t = value.strip()
        if len(t) == 1 and t in BRANCHES:
            return BRANCHES.index(t)
        if len(t) == 1 and t in BRANCHES_KO:          # its Korean reading: 사 → 巳
            return BRANCHES_KO.index(t)
    what = field(what) if what.isidentifier() else what     # a parameter: as the reader typed it
    raise BadInput(f"{what} {value!r} is not an earthly branch (one of {BRANCHES})",
                   zh=f"{what} 的值不是地支：{value!r}（須為{BRANCHES}之一）",
                   ko=f"{what} 값이 지지(地支)가 아닙니다: {value!r} ({BRANCHES} 또는 {BRANCHES_KO} 중 하나)")


def _night_from_hour(hour: int, opts: LiurenOptions) -> bool:
    return is_night_ziwu(hour) if opts.daynight == "ziwu" else is_night_fixed(hour)


def _with_lang(doc: dict, lang) -> dict:
    """``lang`` and the patterns' citations for people (``citations``), when a language is asked for."""
    if lang is None:
        return doc
    from ..lang import check_lang
    from ..sources import citation
    lg = check_lang(lang)
    doc["lang"] = lg
    from ..liuren.patterns import QUOTED_SOURCES
    pats = (doc.get("sources") or {}).get("patterns") or {}
    # a pattern cited with a quote (稼穡 …) is cited by its Source, whose quote the string lacks
    doc["citations"] = {name: citation(QUOTED_SOURCES[name] if str(QUOTED_SOURCES.get(name)) == src else src, lg)
                        for name, src in pats.items()}
    from ..lang import in_lang
    from ..liuren.keti import citation as keti_citation
    # the chart's own 課體 are shared and read-only (Chart.document): this answer gets its own
    doc["keti"] = thaw(doc.get("keti", []))
    if "keti_hour" in doc:
        doc["keti_hour"] = thaw(doc["keti_hour"])
    for k in doc["keti"] + doc.get("keti_hour", []):
        # the 課體's meaning and its citation (seed paragraph or book) in the reader's language
        k["meaning"] = in_lang(k["meaning"], lg)
        k["citation"] = keti_citation(k["name"], lg)
    return doc


def _reading_profile(cfg, task):
    from ..judgement.score import profile
    return profile(cfg, task)


def textbook_chart(day, *, yuejiang=None, hour=None, gan_shang=None, noble=None, config=None,
                   lang=None, task=None, school=None) -> dict:
    """The chart of a day pillar with (月將, hour) or with the branch over the stem (干上).

    ``noble`` is ``"day"`` or ``"night"``; without it the hour decides by ``liuren.daynight``
    (the sun rule needs a real moment, so it falls back to the fixed 卯–申 rule here), and a
    「干上」 example without an hour is read by day. The answer is a new dict; its nested lists
    and dicts are the chart's shared, read-only document (``Chart.document``): deep-copy to change.
    """
    settings = _settings(config, school=school)
    cfg, opts = settings.cfg, settings.liuren
    pillar = GanZhi.parse(day)
    if gan_shang is not None and (yuejiang is not None or hour is not None):
        gs, yjf, hrf = field("gan_shang"), field("yuejiang"), field("hour")
        raise BadInput(f"give either {gs} or {yjf} and {hrf}, not both",
                       zh=f"{gs} 與 {yjf}、{hrf} 只能擇一給出，不可並給",
                       ko=f"{gs}, 또는 {yjf} 및 {hrf} 중 한쪽만 주십시오 (둘 다 줄 수 없습니다)")
    yj = hr = None
    if gan_shang is not None:
        k = rotation_from_gan_shang(pillar.stem, parse_branch(gan_shang, "gan_shang"))
    elif yuejiang is not None and hour is not None:
        yj, hr = parse_branch(yuejiang, "yuejiang"), parse_branch(hour, "hour")
        k = rotation(yj, hr)
    else:
        gs, yjf, hrf = field("gan_shang"), field("yuejiang"), field("hour")
        raise BadInput(f"a textbook chart needs {yjf} and {hrf}, or {gs} (the branch over the day stem)",
                       zh=f"書中課例須給 {yjf} 與 {hrf}，或給 {gs}（日干上的地支）",
                       ko=f"책의 예제 과(課)에는 다음이 필요합니다: {yjf} 및 {hrf}, 또는 {gs} "
                          "(일간(日干) 위의 지지)")
    if noble is None:
        night = _night_from_hour(hr, opts) if hr is not None else False
    elif isinstance(noble, str) and noble.strip() in _NOBLE:
        night = _NOBLE[noble.strip()]
    else:
        nb = field("noble")
        raise BadInput(f"{nb} {noble!r} is not day or night",
                       zh=f"{nb} 的值無效：{noble!r}（應為 day 或 night）",
                       ko=f"{nb} 값이 올바르지 않습니다: {noble!r} (day 또는 night)")
    prof = _reading_profile(cfg, task) if task is not None else None
    c = chart_for(pillar.index, k, night, opts)
    # the chart's document after these three keys (its own "day" is the pillar's name too)
    doc = {"day": str(pillar), "yuejiang": BRANCHES[yj] if yj is not None else None,
           "hour": BRANCHES[hr] if hr is not None else None, **c.document}
    if hr is not None:
        doc["keti_hour"] = moment_json(c, hr)
    doc["school"] = settings.school
    if lang is not None:
        doc = _with_lang(doc, lang)
    if prof is not None:
        from ..judgement.reading import chart_facts, reading
        from ..lang import check_lang
        facts, known = chart_facts(c, hr, yj)
        doc["reading"] = reading(facts, known, prof, check_lang(lang), "chart")
    return doc


def chart(moment, tz=None, config=None, *, lang=None, task=None, born=None, sex=None, place=None,
          clock=None, lunar=None, school=None, partner_born=None, partner_sex=None) -> dict:
    """The chart of an instant: ``moment`` an aware ``datetime`` or ISO string (naive → ``tz``).

    ``partner_born``/``partner_sex``: the asker's partner (with ``born``/``sex``), checked as they
    are; a man and a woman make a couple, whose two 行年 the 課體 of a couple read (解離, 繁昌 in
    ``keti_hour``); the reading names the partner beside the person (``reading.partner``).

    ``place``, ``clock``, ``lunar`` and ``school`` as in ``almanac.api.choices``. Only what the
    chart needs is computed: the clock's day and 時辰, then the 月將 and 晝/夜 once by the
    configured rules (``hours.chart_at``). The answer is a new dict; its nested lists and dicts
    (the chart's document, ``keti_hour`` and ``place``) are shared and read-only: deep-copy to
    change them.
    """
    settings = _settings(config, place, clock, lunar, school, tz)
    cfg, opts, school = settings.cfg, settings.options, settings.school
    prof = _reading_profile(cfg, task) if task is not None else None
    person = parse_person(born, sex) if born is not None or sex is not None else None
    if person is not None and prof is None:
        b, x, t = field("born"), field("sex"), field("task")
        raise BadInput(f"{b} and {x} read the chart for a person: give a {t} too",
                       zh=f"{b} 與 {x} 是為某人斷課：請一併給出 {t}",
                       ko=f"{b} 및 {x} 값은 특정인을 위해 과(課)를 풀이할 때 씁니다: {t} 값도 함께 주십시오")
    partner = (parse_person(partner_born, partner_sex, "partner_")
               if partner_born is not None or partner_sex is not None else None)
    if partner is not None and person is None:
        pb, px, b, x = field("partner_born"), field("partner_sex"), field("born"), field("sex")
        raise BadInput(f"{pb} and {px} name the asker's partner: give {b} and {x} too",
                       zh=f"{pb} 與 {px} 指占者的配偶：請一併給出 {b} 與 {x}",
                       ko=f"{pb} 및 {px} 값은 묻는 이의 배우자를 가리킵니다: "
                          f"{b} 및 {x} 값도 함께 주십시오")
    if not isinstance(moment, (str, datetime)):
        raise BadInput(f"{moment!r} is not a date-time (ISO 8601 string or datetime)",
                       zh=f"不是日期時間：{moment!r}（應為 ISO 8601 字串或 datetime）",
                       ko=f"날짜·시각 값이 아닙니다: {moment!r} (ISO 8601 문자열 또는 datetime)")
    instant, utc, zi_day, day_index, branch = read_moment(moment, tz, opts.calendar)
    span = term_span(utc)               # one term look-up for the 月將, 月建 and 太歲
    c, yj, _night = chart_at(instant, day_index, branch, opts, span)
    # the moment's own 課體: the 占時, the month (旺相), year (太歲) and 月將 of the instant, the
    # day's marks, and the asker's 本命 and 行年 when one is given
    ming = nian = fu = qi = None
    if person is not None:
        from ..judgement.person import xingnian, year_of
        ming, yn = BRANCHES.index(person.benming), xingnian(person, year_of(instant))
        nian = BRANCHES.index(yn) if yn is not None else None
        if partner is not None:
            fu, qi = _couple_years(person, partner, year_of(instant))
    marks = day_marks(zi_day, instant.tzinfo, opts.calendar, opts.liuren.keti_yuesu)    # 四立 分至 月宿 四正 of the day
    my = month_year_branches(utc, span)
    tz_name = getattr(instant.tzinfo, "key", None) or str(instant.tzinfo)
    # everything but the instant itself follows from the chart, the answer of its moment's 課體,
    # the 月將 (which with the chart gives the day and 時辰), the zone and the config's choices:
    # kept with that answer (keti.moment_view) and copied, the instant written into the copy; the
    # chart also keeps it by the facts of the moment themselves (at most _ANSWERS_PER_CHART)
    key = (branch, my, yj, tuple(marks.values()), ming, nian, fu, qi, tz_name, opts.calendar, school)
    answers = c.__dict__.get("_moment_answers")
    if answers is None:
        answers = c.__dict__.setdefault("_moment_answers", {})
    kept = answers.get(key)
    if kept is None:
        more = moment_of(*my, yj, ming, nian, **marks, fu=fu, qi=qi)
        day_pillar = PILLARS[day_index]
        kept = moment_view(c, branch, more, ("api.chart", yj, tz_name, opts.calendar, school),
                           lambda c, _found: _moment_answer(c, branch, more, day_pillar, yj, tz_name,
                                                            cfg, opts.calendar))
        if len(answers) >= _ANSWERS_PER_CHART:
            answers.clear()
        answers[key] = kept
    doc = dict(kept)
    doc["moment"] = instant.isoformat()
    if person is not None:
        # the chart's own 課體 whose sentences name the 年命 (羅網 合歡 龍戰 侵害 刑傷), read for this asker
        mine = for_asker(c, ming, nian)
        if mine is not c.keti:
            doc["keti"] = freeze([k.to_json() for k in mine])
    if lang is not None:
        doc = _with_lang(doc, lang)
    if prof is not None:
        doc["reading"] = _moment_reading(moment_facts(instant, opts.calendar), cfg, prof, lang, person)
        if person is not None:
            doc["reading"]["person"] = person.to_json()
        if partner is not None:
            doc["reading"]["partner"] = partner.to_json()
    return doc


def _couple_years(person, partner, year: int) -> tuple[int | None, int | None]:
    """The husband's and the wife's 行年 in ``year`` as 干支 indices (``keti.moment``'s ``fu``,
    ``qi``): (None, None) for a pair of one sex (the 課經's 夫妻 names do not apply) or when
    either is not yet born that year."""
    from ..judgement.person import husband_and_wife, xingnian_pillar
    pair = husband_and_wife(person, partner)
    if pair is None:
        return None, None
    fu, qi = (xingnian_pillar(p, year) for p in pair)
    return (None, None) if fu is None or qi is None else (fu.index, qi.index)


#: moments (by their facts) whose answer a chart keeps for ``chart``; beyond it they are dropped
_ANSWERS_PER_CHART = 64


class _Settings:
    """A request's configuration with what a chart reads of it, each part derived when first
    asked for: the school's name, the 六壬 options (``textbook_chart``) and all the engines'
    ``Options`` (``chart``)."""

    __slots__ = ("cfg", "school", "_liuren", "_options")

    def __init__(self, cfg):
        self.cfg = cfg
        self.school = cfg.get("school", "default")
        self._liuren = self._options = None

    @property
    def liuren(self) -> LiurenOptions:
        if self._liuren is None:
            self._liuren = LiurenOptions.from_config(self.cfg)
        return self._liuren

    @property
    def options(self) -> Options:
        if self._options is None:
            self._options = Options.from_config(self.cfg)
        return self._options


#: the settings of the configuration last asked for: the same ``Config`` object comes back call
#: after call, and deriving what is read of it (hashing it, its school's name) costs more than this
_last_settings: "_Settings | None" = None


def _settings(config, place=None, clock=None, lunar=None, school=None, tz=None) -> _Settings:
    """The request's configuration (``choices.load``) with what a chart reads of it."""
    global _last_settings
    cfg = load_choices(config, place=place, clock=clock, lunar=lunar, school=school, tz=tz)
    last = _last_settings
    if last is None or last.cfg is not cfg:
        last = _last_settings = _Settings(cfg)
    return last


def _moment_answer(c, branch, more, day_pillar, yj, tz_name, cfg, calendar) -> dict:
    """The answer of ``chart`` but its ``moment`` (kept and shared: the caller copies the top level;
    the nested values are read-only)."""
    return {"moment": None, "tz": tz_name, "day": str(day_pillar),
            "hour_pillar": str(hour_pillar(day_pillar, branch)), "yuejiang": BRANCHES[yj],
            "hour": BRANCHES[branch], **c.document, "keti_hour": moment_json(c, branch, more),
            **freeze(describe(cfg, calendar))}


def _moment_reading(m, cfg, prof, lang, person=None) -> dict:
    """The reading of the hour holding the moment: every fact (演禽 and 六壬) is known, so it is
    that hour's judgement (``judge_day``'s) for the task."""
    from ..judgement.facts import FACTS
    from ..judgement.reading import reading
    from ..judgement.facts import PERSON_FACTS
    from ..judgement.search import judged_facts, person_facts_of_day
    from ..lang import check_lang

    hours = (judged_facts(m.zi_day, m.local.tzinfo, cfg) if person is None
             else person_facts_of_day(m.zi_day, m.local.tzinfo, cfg, person))
    for slot, facts, _ in hours:
        known = frozenset(FACTS) if PERSON_FACTS <= facts.keys() else frozenset(FACTS) - PERSON_FACTS
        if slot.branch == m.hour_branch:
            return reading(facts, known, prof, check_lang(lang), "moment")
    raise BadInput(f"no 時辰 of {m.zi_day} holds {m.local.isoformat()}",
                   zh=f"{m.zi_day} 沒有任何時辰包含此時刻：{m.local.isoformat()}",
                   ko=f"{m.zi_day}의 어느 시진(時辰)에도 들지 않는 시각입니다: {m.local.isoformat()}")
