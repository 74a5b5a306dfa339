"""A judgement explained to a person, in the reader's language.

Each reason keeps its machine fields (``rule``, ``effect``, ``source`` — the seed file and the
paragraph's opening words) and adds ``text`` in the reader's language, ``grave`` (the rule's text
forbids or dooms this task: 不可, 大忌, 必死 …) and ``citation`` (the book's title and the opening
words, for people). Each judged hour gets a one-line ``summary``: its verdict and score, what
favours it and what to watch.

A rule text is written ``condition — meaning``; the summary names the conditions.

>>> VERDICT_NAMES["凶"]["ko"], VERDICT_NAMES["大吉"]["en"]
('흉(凶)', 'very good (大吉)')
>>> r = {"rule": "x", "effect": -2.0, "text": "截路空亡（時干壬癸）— 出行大忌", "grave": True}
>>> summary("凶", -2.0, [r], "zh-Hant")
'凶（-2）。不可為：截路空亡（時干壬癸）。'
>>> summary("平", 0.0, [], "en")
'neutral (平, +0). Nothing in the texts speaks for or against this hour.'

A vetoed hour is named as the day's table names it (禁, 불가, forbidden), its veto said once:

>>> summary("大凶", -14.0, [{**r, "rule": "v"}], "ko", vetoes=[{"rule": "v", "text": "시진이 복단을 범함 — 흉"}])
'불가 · 대흉(大凶, -14). 불가 사유: 시진이 복단을 범함.'
"""
from __future__ import annotations

import functools

from typing import Any, Iterable, Mapping

from almanac.lang import check_lang, hans, in_lang
from almanac.sources import citation
from almanac.terms import VERDICTS, verdict_score, verdict_shown

#: the verdict scale in each language, from the verdict words of :mod:`almanac.terms` (Korean and
#: English keep the hanja beside the word: ``terms.verdict_shown``)
VERDICT_NAMES: dict[str, dict[str, str]] = {
    v: {lg: verdict_shown(v, lg) for lg in ("zh-Hant", "zh-Hans", "ko", "en")} for v in VERDICTS}

_WORDS: dict[str, dict[str, str]] = {
    "for": {"zh-Hant": "有利：", "zh-Hans": "有利：", "ko": "유리한 점: ", "en": "In favour: "},
    "watch": {"zh-Hant": "須防：", "zh-Hans": "须防：", "ko": "주의할 점: ", "en": "Watch: "},
    "grave": {"zh-Hant": "不可為：", "zh-Hans": "不可为：", "ko": "금기(禁忌): ",
              "en": "Forbidden for this task by the texts: "},
    "veto": {"zh-Hant": "禁用：", "zh-Hans": "禁用：", "ko": "불가 사유: ", "en": "Not to be used: "},
    "none": {"zh-Hant": "諸書於此時無吉凶之說。", "zh-Hans": "诸书于此时无吉凶之说。",
             "ko": "이 시에 대해 길흉을 말하는 구절이 없다.",
             "en": "Nothing in the texts speaks for or against this hour."},
    "sep": {"zh-Hant": "、", "zh-Hans": "、", "ko": ", ", "en": "; "},
    "stop": {"zh-Hant": "。", "zh-Hans": "。", "ko": ". ", "en": ". "},
}


def verdict_name(verdict: str, lang: str) -> str:
    return VERDICT_NAMES[verdict][check_lang(lang)]


def reason(rule, effect: float, lang: str, grave: bool, task: str | None = None) -> dict[str, Any]:
    """One reason: the rule id, its weighted effect, its text (the clause about ``task`` where the
    rule has one), its machine source, whether it is grave for the task, and a citation for people."""
    text = rule.text_of(task)
    return {"rule": rule.id, "effect": effect, "text": in_lang(text, lang), "source": str(rule.source),
            "grave": bool(grave), "citation": citation(rule.source, lang)}


def grave_for(rule, task: str) -> bool:
    """Whether ``rule``'s text forbids or dooms ``task`` (the catalog's ``grave`` list)."""
    fn = getattr(rule, "grave_for", None)
    return bool(fn(task)) if fn is not None else False


@functools.lru_cache(maxsize=8192)
def _head(text: str) -> str:
    """The condition part of a ``condition — meaning`` text (the catalog's few hundred texts:
    kept, as every judged hour's summary asks again)."""
    return text.split("—", 1)[0].strip()


@functools.lru_cache(maxsize=16)
def _words(lang: str) -> dict[str, str]:
    """The summary's words in ``lang`` (read-only: shared by every summary)."""
    return {k: v[lang] for k, v in _WORDS.items()}


def summary(verdict: str, score: float, reasons: Iterable[Mapping], lang: str,
            vetoes: Iterable[Mapping] = ()) -> str:
    """One line: the verdict and score, then what forbids, favours and threatens the hour."""
    lang = check_lang(lang)
    vetoes = list(vetoes)
    # a vetoed hour opens with the word the day's table shows for it, the verdict and score beside it
    head = verdict_score(verdict, score, lang, vetoed=bool(vetoes))
    return head + _words(lang)["stop"] + summary_body(reasons, lang, vetoes)


def summary_body(reasons: Iterable[Mapping], lang: str, vetoes: Iterable[Mapping] = ()) -> str:
    """The summary after its verdict and score: what forbids, favours and threatens the hour —
    for a page or an event that shows the verdict and score beside it already.

    >>> summary_body([{"rule": "x", "effect": 1.5, "text": "六合不克日 — 福遂佳"}], "zh-Hant")
    '有利：六合不克日。'
    """
    lang = check_lang(lang)
    w = _words(lang)
    reasons = list(reasons)
    vetoes = list(vetoes)
    parts = []
    if vetoes:
        parts.append(w["veto"] + w["sep"].join(dict.fromkeys(_head(v["text"]) for v in vetoes)))
    vetoed = {v.get("rule") for v in vetoes}          # a veto is grave too: said once, as the veto
    grave = [r for r in reasons if r.get("grave") and r.get("rule") not in vetoed][:2]
    if grave:
        parts.append(w["grave"] + w["sep"].join(dict.fromkeys(_head(r["text"]) for r in grave)))
    pos = [r for r in reasons if r["effect"] > 0 and r.get("rule") not in vetoed][:2]
    shown = {v.get("rule") for v in vetoes} | {r.get("rule") for r in grave}
    neg = [r for r in reasons if r["effect"] < 0 and r.get("rule") not in shown][:2]
    if pos:
        parts.append(w["for"] + w["sep"].join(dict.fromkeys(_head(r["text"]) for r in pos)))
    if neg:
        parts.append(w["watch"] + w["sep"].join(dict.fromkeys(_head(r["text"]) for r in neg)))
    if not parts:
        parts.append(w["none"].rstrip(". 。"))
    stop = w["stop"]
    return stop.join(parts).rstrip() + stop.strip()


_RULE_WORDS: dict[tuple[int, str], tuple] = {}


def _rule_words(cat, lang: str, task: str | None = None) -> dict[str, dict[str, str]]:
    """Per rule id of ``cat``, its ``text`` (as a reader of ``task`` is shown it) and ``citation``
    in ``lang`` (worked out once per catalog, language and task, not for every reason of every
    hour; read-only)."""
    hit = _RULE_WORDS.get((id(cat), lang, task))
    if hit is None or hit[0] is not cat:
        if len(_RULE_WORDS) > 64:
            _RULE_WORDS.clear()
        words = {r.id: {"text": in_lang(r.text_of(task), lang), "citation": citation(r.source, lang)}
                 for r in cat.rules}
        hit = _RULE_WORDS[(id(cat), lang, task)] = (cat, words)
    return hit[1]


def localize(entry: Mapping[str, Any], lang: str, catalog=None, task: str | None = None) -> dict[str, Any]:
    """A judged hour (``judge_day``/``best`` entry) with its reasons, vetoes and summary in
    ``lang``, rebuilt from the catalog by rule id (effects and ``grave`` kept as judged); with
    ``task`` (its base task), each reason in the words that speak to it."""
    from .catalog import load_catalog

    lang = check_lang(lang)
    cat = catalog or load_catalog()
    out = dict(entry)
    words = _rule_words(cat, lang, task)

    def again(r: Mapping) -> dict:
        said = words.get(r.get("rule"))
        return dict(r) if said is None else dict(r) | said

    out["reasons"] = [again(r) for r in entry.get("reasons", ())]
    if entry.get("vetoes"):
        out["vetoes"] = [again(v) for v in entry["vetoes"]]
    if "verdict" in entry and "score" in entry:
        out["summary"] = summary(entry["verdict"], entry["score"], out["reasons"], lang,
                                 out.get("vetoes", ()))
    return out


def rule_text(rule_id: str, lang: str, fallback: str = "") -> str:
    """A rule's one-line text in ``lang`` from the catalog (zh-Hans converted from zh)."""
    from .catalog import load_catalog
    rule = load_catalog().by_id.get(rule_id)
    if rule is None:
        return hans(fallback) if lang == "zh-Hans" else fallback
    key = "zh" if lang in ("zh-Hant", "zh-Hans") else lang
    text = rule.text.get(key) or rule.text.get("zh") or fallback
    return hans(text) if lang == "zh-Hans" else text
