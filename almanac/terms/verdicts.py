"""The verdict words of the judgement's scale (大吉 吉 平 凶 大凶) in each language, their rank and
the colours a cell showing one is drawn in, and a verdict with its score as every reader meets it.
"""
from __future__ import annotations

from almanac.lang import check_lang

from .labels import LABELS, bracketed

#: verdict words; the colour each is drawn in (reports, heatmaps) goes with the word
VERDICTS: dict[str, dict[str, str]] = {
    "大吉": {"zh-Hant": "大吉", "zh-Hans": "大吉", "ko": "대길", "en": "very good"},
    "吉": {"zh-Hant": "吉", "zh-Hans": "吉", "ko": "길", "en": "good"},
    "平": {"zh-Hant": "平", "zh-Hans": "平", "ko": "평", "en": "neutral"},
    "凶": {"zh-Hant": "凶", "zh-Hans": "凶", "ko": "흉", "en": "bad"},
    "大凶": {"zh-Hant": "大凶", "zh-Hans": "大凶", "ko": "대흉", "en": "very bad"},
}
#: verdict → rank (higher is better)
VERDICT_RANK = {"大凶": 0, "凶": 1, "平": 2, "吉": 3, "大吉": 4}
#: verdict → cell colour; a vetoed hour is drawn as VETO_COLOR whatever its verdict
VERDICT_COLORS = {"大吉": "#1b7837", "吉": "#a6dba0", "平": "#f7f7f7", "凶": "#f4a582", "大凶": "#b2182b"}
VERDICT_INK = {"大吉": "#ffffff", "吉": "#000000", "平": "#000000", "凶": "#000000", "大凶": "#ffffff"}
VETO_COLOR, VETO_INK = "#7f7f7f", "#ffffff"


def verdict_name(verdict: str, lang: str) -> str:
    names = VERDICTS.get(verdict)
    return names[lang] if names else verdict


def verdict_style(verdict: str, vetoed: bool = False) -> tuple[str, str]:
    """(background, ink) colours of a cell showing ``verdict`` (grey when the hour is vetoed)."""
    if vetoed:
        return VETO_COLOR, VETO_INK
    return VERDICT_COLORS.get(verdict, "#eeeeee"), VERDICT_INK.get(verdict, "#000000")


def verdict_shown(verdict: str, lang: str, more: str = "") -> str:
    """A verdict of the scale as a reader of ``lang`` meets it alone: the character in a bracket
    after the Korean or English word, with ``more`` beside it (길(吉), good (吉, +4.3)); Chinese
    as it is."""
    if lang in ("zh-Hant", "zh-Hans"):
        return verdict
    return f"{VERDICTS[verdict][lang]}{'' if lang == 'ko' else ' '}({verdict}{', ' + more if more else ''})"


def verdict_score(verdict: str, score: float, lang: str, *, vetoed: bool = False,
                  named: bool = False) -> str:
    """A verdict and its score as every reader meets the pair — summaries, reports, feeds: one
    bracket after the word, holding the character (Korean, English) and the score, so a reader
    never sees two brackets in a row (not 「good (吉) (+4.3)」). A vetoed hour opens with the word
    the day's table shows for it; ``named`` names the score where nothing else says what the
    number is (a calendar event).

    >>> [verdict_score("平", -0.5, g) for g in ("en", "ko", "zh-Hant")]
    ['neutral (平, -0.5)', '평(平, -0.5)', '平（-0.5）']
    >>> [verdict_score("大凶", -14, g, vetoed=True) for g in ("en", "ko", "zh-Hant")]
    ['forbidden · very bad (大凶, -14)', '불가 · 대흉(大凶, -14)', '禁（大凶，-14）']
    >>> verdict_score("吉", 4.3, "en", named=True), verdict_score("吉", 4.3, "zh-Hans", named=True)
    ('good (吉, score +4.3)', '吉（分 +4.3）')
    """
    lang = check_lang(lang)
    zh = lang in ("zh-Hant", "zh-Hans")
    sc = f"{score:+g}" if isinstance(score, (int, float)) else str(score or "")
    if not sc:                              # no score to show: the word alone, as a reader reads it
        word = verdict_shown(verdict, lang) if verdict in VERDICTS else verdict
        if not vetoed:
            return word
        return f"{LABELS['vetoed'][lang]}" + (f"（{word}）" if zh else f" · {word}")
    if named:
        sc = f"{LABELS['score'][lang].lower() if lang == 'en' else LABELS['score'][lang]} {sc}"
    if verdict not in VERDICTS:             # not a verdict of the scale: shown as it came
        pair = f"{verdict}{bracketed(sc, lang)}"
    elif zh:
        pair = f"{verdict}（{sc}）"
    else:
        pair = verdict_shown(verdict, lang, sc)
    if not vetoed:
        return pair
    if zh:
        return f"{LABELS['vetoed'][lang]}（{verdict}，{sc}）"
    return f"{LABELS['vetoed'][lang]} · {pair}"
