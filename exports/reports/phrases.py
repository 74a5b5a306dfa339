"""What a day's page says in words: the one line that explains an hour's verdict, the plain
answer per task in everyday words, an hour's start and its 課法·課體 as a cell shows them, and
how a page of another day than today says "today" (이날, 當日, that day).
"""
from __future__ import annotations

from almanac import terms as T
from almanac.judgement.explain import localize, rule_text, summary_body
from almanac.exports.feeds import labels as L
from almanac.task_words import everyday


def is_score(x) -> bool:
    """Whether ``x`` is a score (a number, not a bool)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def reason_line(hour: dict, lang: str) -> str:
    """The one line that best explains an hour's verdict, in ``lang``, for a place that shows the
    verdict and score beside it: the judgement's own ``summary`` after its verdict and score
    (almanac.judgement.explain.summary_body), else the strongest reason pulling the way the
    verdict went (the largest blessing for 平 and better, the gravest warning below)."""
    if hour.get("reasons") is not None and "verdict" in hour:
        said = localize(hour, lang)
        return summary_body(said["reasons"], lang, said.get("vetoes") or ())
    reasons = [r for r in hour.get("reasons") or [] if isinstance(r, dict)]
    if not reasons:
        return ""
    good = T.VERDICT_RANK.get(str(hour.get("verdict", "")), 2) >= 2
    pick = (max if good else min)(reasons, key=lambda r: float(r.get("effect", 0) or 0))
    return rule_text(str(pick.get("rule", "")), lang, str(pick.get("text", "")))



#: what a page of another day than today says in place of "today" (이날, 當日, that day)
_THAT_DAY = {"ko": (("오늘의", "이날의"), ("오늘은", "이날은"), ("오늘", "이날")),
             "zh-Hant": (("今日", "當日"),), "zh-Hans": (("今日", "当日"),),
             "en": (("Today's", "That day's"), ("today", "that day"))}


def that_day(text: str, lang: str) -> str:
    """``text`` as a page of a past or future day says it: 오늘 → 이날, 今日 → 當日, today → that day.

    >>> that_day("오늘 한눈에", "ko"), that_day("今日一覽", "zh-Hant"), that_day("No task has a good hour today.", "en")
    ('이날 한눈에', '當日一覽', 'No task has a good hour that day.')
    """
    for a, b in _THAT_DAY.get(lang, ()):
        text = text.replace(a, b)
    return text


#: the plain answer per task, in everyday words: {when} the hour, {why} its main reason
_PLAIN = {
    "ko": ("{day} {task}에 가장 좋은 때는 {when}({verdict})입니다. {why}",
           "{day} {task}에는 좋은 때가 없습니다. 그나마 나은 때는 {when}({verdict})입니다.",
           "{day} {task}에는 쓸 만한 때가 없습니다."),
    "zh-Hant": ("{day}{task}最好的時間是{when}（{verdict}）。{why}",
                "{day}{task}沒有好時間；相對較好的是{when}（{verdict}）。",
                "{day}{task}沒有可用的時間。"),
    "en": ("{day}'s best time for {task} is {when} ({verdict}). {why}",
           "{day} has no good time for {task}; the least bad is {when} ({verdict}).",
           "{day} has no usable time for {task}."),
}
_DAY_WORD = {"ko": ("오늘", "이날"), "zh-Hant": ("今天", "當天"), "zh-Hans": ("今天", "当天"), "en": ("Today", "That day")}


def plain_answers(day: dict, judged_by_task: dict[str, dict], tasks: list[dict], lang: str,
                  today: bool = True) -> list[str]:
    """One sentence per task in everyday words — "오늘 여행·외출에 가장 좋은 때는 05:00–07:00(길)입니다.
    …" — the expert terms left to the glance and the table below it."""
    from almanac.lang import hans
    from almanac.reader import hour_span
    key = "zh-Hant" if lang == "zh-Hans" else lang
    good_t, poor_t, none_t = _PLAIN[key]
    hours = {h["branch"]: h for h in day.get("hours") or []}
    out = []
    for t in tasks:
        name = everyday(t["name"], lang) or T.task_label(t, lang)
        usable = [hj for hj in judged_by_task[t["name"]].values() if not hj.get("vetoed") and is_score(hj.get("score"))]
        words = {"day": _DAY_WORD[lang][0 if today else 1], "task": name}
        if not usable:
            text = none_t.format(**words)
        else:
            top = max(usable, key=lambda hj: (float(hj["score"]), -"子丑寅卯辰巳午未申酉戌亥".index(hj["branch"])))
            h = hours.get(top["branch"], {})
            when = hour_span(h.get("start", ""), h.get("end", ""), lang, top["branch"]) if h.get("start") else top["branch"]
            good = T.VERDICT_RANK.get(str(top["verdict"]), 0) >= T.VERDICT_RANK["吉"]
            words.update(when=when, verdict=T.verdict_name(str(top["verdict"]), lang),
                         why=_plain_why(top, lang))
            text = (good_t if good else poor_t).format(**words).strip()
        out.append(hans(text) if lang == "zh-Hans" else text)
    return out


def _plain_why(hour: dict, lang: str) -> str:
    """The hour's strongest reason in favour, as a short clause (its rule's text, no citation)."""
    reasons = [r for r in localize(hour, lang).get("reasons") or [] if isinstance(r, dict)] \
        if hour.get("reasons") is not None and "verdict" in hour else []
    good = [r for r in reasons if float(r.get("effect", 0) or 0) > 0]
    if not good:
        return ""
    top = max(good, key=lambda r: float(r.get("effect", 0) or 0))
    text = str(top.get("text", "")).split(" — ")[0].strip()
    lead = {"ko": "근거: ", "zh-Hant": "因為", "zh-Hans": "因为", "en": "Because: "}[lang]
    stop = "。" if lang.startswith("zh") else "."
    return f"{lead}{text}{stop}" if text else ""



#: the mark of a 子 hour's start in an English page's hour table, and the note under the table
#: that says what it means (the words would make the narrow time column four lines tall)
EVENING_MARK = "†"
EVENING_NOTE = {"en": "† The Zi (子) hour begins at its time on the evening before the day it belongs to.",
                "ko": "", "zh-Hant": "", "zh-Hans": ""}


def hour_start(start: str, end: str, lang: str, branch: str, table: bool = False) -> str:
    """An hour's start as a page shows it: ``05:00``; the 子 hour's says it is the evening before
    (``전날 23:00``, ``前一日 23:00``, ``day before 23:00``: ``almanac.reader.hour_span``; in an
    English hour table ``23:00†``, the note under the table saying what † means)."""
    from almanac.reader import evening_before, hour_span
    if not (start and end):
        return start[11:16]
    if table and lang == "en" and evening_before(start, end, branch):
        return start[11:16] + EVENING_MARK
    # one unbroken run (전날 23:00, day before 23:00): a narrow time column wraps after its dash only
    return hour_span(start, end, lang, branch).rsplit("–", 1)[0].replace(" ", "\u00a0")


def method_cell(method: str, keti: list[str], lang: str) -> str:
    """The 課法·課體 cell: the method, then the other 課體 (the method is the first of them; a
    reader should not meet it twice, 중심(重審) · 중심(重審) …)."""
    rest = [k for k in keti if k != method]
    return " · ".join([L.term(method, lang), L.term_list(rest, lang)]) if rest else L.term(method, lang)


def after_name(sentence: str) -> str:
    """An explanation without its leading "name:" (the name is shown beside it already)."""
    for sep in ("：", ": "):
        if sep in sentence:
            return sentence.split(sep, 1)[1]
    return sentence
