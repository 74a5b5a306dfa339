"""The one home of every translated word the almanac shows: labels, verdicts, taboo names and
their one-sentence explanations, in ``zh-Hant`` (default), ``zh-Hans``, ``ko`` and ``en``.

Feeds, reports, the HTTP pages and the command line read their words from here, so a term is
translated once. Task names are not here: they live with the task profiles (``[tasks.NAME]``
``name_zh`` / ``name_ko`` in the configuration), read through :func:`task_label`.

This is the front door. A name's translations live with the table it names — the stems' and
branches' in ``almanac.cycles``, the mansions' in ``almanac.mansions``, the generals' in
``almanac.liuren.generals``, the solar terms' in ``almanac.calendar`` — gathered by the one lookup,
:func:`term` (``lookup``). The other words each have their module: ``labels`` (and the
punctuation they are set with), ``verdicts``, ``yanqin`` (the 演禽 taboos and situations),
``daliuren`` (directions, 三宮, 六親), ``days`` (pillars, seasons, weekdays), ``choices`` (tasks,
schools, clock and place) and ``ko_terms``.

The Korean choices (and the homonyms they avoid: 임금 "king/wages", 연금 "pension", 금성 "Venus")
are explained in docs/terms-ko.md, which lists :data:`KO_TERMS`; a test keeps the two the same.

>>> label("good_hour", "ko")
'길시'
>>> verdict_name("大凶", "ko"), verdict_name("吉", "en")
('대흉', 'good')
>>> check_lang("KO")
'ko'
"""
from __future__ import annotations

from almanac.calendar import SOLAR_TERMS_EN
from almanac.cycles import BRANCHES_EN, STEMS_EN
from almanac.keti_names import PATTERNS_KO, SUB_METHODS_KO
# the one home of the reader's languages and of Traditional → Simplified (zhconv's tables)
from almanac.lang import LANGS, check_lang, hans
from almanac.liuren.generals import GENERALS_EN, GENERALS_KO
from almanac.mansions import ANIMALS_EN, LUMINARIES_EN, MANSIONS_EN

from .choices import choices_text, place_name, school_name, task_description, task_label
from .daliuren import DIRECTIONS, LIUQIN_KO, SANGONG_KO, direction
from .days import PHASES_EN, PHASES_KO, WEEKDAYS, pillar_line, season_text
from .ko_terms import KO_TERMS
from .labels import LABELS, PRODUCT, bracketed, colon, joined, label, score_note
from .lookup import WORDS_EN, en_name, en_names, term, term_list
from .verdicts import (VERDICT_COLORS, VERDICT_INK, VERDICT_RANK, VERDICTS, VETO_COLOR, VETO_INK, verdict_name,
                       verdict_score, verdict_shown, verdict_style)
from .yanqin import FLAGS, SITUATIONS, flag_explain, flag_name, qin_text, situation_text, yuan_text

__all__ = [
    "ANIMALS_EN", "BRANCHES_EN", "DIRECTIONS", "FLAGS", "GENERALS_EN", "GENERALS_KO", "KO_TERMS", "LABELS",
    "LANGS", "LIUQIN_KO", "LUMINARIES_EN", "MANSIONS_EN", "PATTERNS_KO", "PHASES_EN", "PHASES_KO", "PRODUCT",
    "SANGONG_KO", "SITUATIONS", "SOLAR_TERMS_EN", "STEMS_EN", "SUB_METHODS_KO", "VERDICTS", "VERDICT_COLORS",
    "VERDICT_INK", "VERDICT_RANK", "VETO_COLOR", "VETO_INK", "WEEKDAYS", "WORDS_EN",
    "bracketed", "check_lang", "choices_text", "colon", "direction", "en_name", "en_names", "flag_explain",
    "flag_name", "hans", "joined", "label", "pillar_line", "place_name", "qin_text", "school_name",
    "score_note", "season_text", "situation_text", "task_description", "task_label", "term", "term_list",
    "verdict_name", "verdict_score", "verdict_shown", "verdict_style", "yuan_text",
]
