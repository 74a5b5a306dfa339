"""Labels of the feeds and reports in the four languages: ``zh-Hant`` (default), ``zh-Hans``,
``ko`` and ``en`` — a reader of :mod:`almanac.terms`, where every translated word lives.

Almanac terms (pillars, mansions, generals, 課 names) are Traditional Chinese in the computed
data; ``zh-Hans`` converts them with zhconv's tables (almanac.lang.hans), ``ko`` adds the hangul reading of
stems, branches and 禽 names, ``en`` gives their English names with the characters beside them.

>>> hans("昴日雞 虛 勾陳 驚蟄")
'昴日鸡 虚 勾陈 惊蛰'
>>> label("good_hour", "ko")
'길시'
>>> check_lang("fr")
Traceback (most recent call last):
...
almanac.errors.BadInput: unknown language 'fr' (accepted: zh-Hant, zh-Hans, ko, en)
"""
from __future__ import annotations

from almanac.cycles import BRANCHES, BRANCHES_KO, STEMS, STEMS_KO
from almanac.terms import (FLAGS, LABELS, LANGS, VERDICT_RANK, VERDICTS, bracketed, check_lang,  # noqa: F401
                           choices_text, colon, flag_explain, flag_name, hans, joined, label, pillar_line,
                           place_name, qin_text, school_name, task_description, task_label, term, term_list,
                           verdict_name, verdict_score, yuan_text)

_KO_GZ = str.maketrans(dict(zip(STEMS + BRANCHES, STEMS_KO + BRANCHES_KO)))


def ko_reading(text: str) -> str:
    """Hangul reading of a run of stems and branches, e.g. 甲子 → 갑자."""
    return text.translate(_KO_GZ)


def free_text(text: str, lang: str) -> str:
    """Computed prose (reasons, citations): converted for zh-Hans, kept as written otherwise."""
    return hans(text) if lang == "zh-Hans" else text
