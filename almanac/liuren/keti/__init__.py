"""課體: the classical names of a 課, each a condition over the chart written in ``data/keti.toml``.

A practitioner reads a chart by its 課體 (元首, 重審 … 斬關, 勵德, 玄胎, 三交 …). Each entry of the
catalogue is data: a ``name``, a ``when`` condition over the chart's facts (below), its meaning in
zh/ko/en and where the book defines it. Conditions are small Python expressions restricted to the
names listed in :data:`FUNCTIONS` and the facts of :func:`chart_facts`; branches, stems and
generals are written as themselves (``chu in (辰, 戌)``, ``rides(chu) == 六合``). Where books define
a 課體 differently, ``when`` is a table keyed by the reading and the ``option`` names the
``[liuren]`` setting that chooses it.

Facts (all branches are 0 子 … 11 亥): ``gan`` stem, ``zhi`` day branch, ``jigong`` the stem's
寄宮, ``gan_el`` the stem's element, ``yang_day``; ``gan_up gan_yin zhi_up zhi_yin`` the four 課
上神 and ``ups`` all four; ``chu mid mo`` and ``chuan`` the 三傳; ``n_ke`` / ``n_zei`` how many 課
are 上剋下 / 下賊上; ``complete`` (四課備) and ``n_lessons`` (distinct 課: 4; 3 不備; 2 as in
伏吟); ``method`` and ``sub`` (門 and sub-name);
``patterns`` (seed 002's 格局 names); ``xun`` 旬首, ``xun_wei`` 旬尾, ``xun_qi`` 旬奇, ``void``
旬空; ``de`` 日德 (the stem's), ``zhi_de`` 支德 (the branch's), ``lu`` 日祿, ``ben`` 日本 (the stem's
長生); ``noble`` / ``noble_ground`` / ``shun`` the 貴人; ``k`` the rotation.

Of the moment (entries with ``needs``): ``hour`` 占時, ``month`` 月建, ``year`` 太歲, ``yuejiang``
月將, ``sili`` (the day is one of the four 立; ``jigong_prev`` is yesterday's 寄宮), ``fenzhi`` (a 分 or
至 falls on the day), ``yuesu`` (the moon's palace by the lunar date) and ``sizheng`` (朔 弦 望 晦), and the functions ``wangxiang(b)`` / ``qiusi(b)`` (旺相 / 囚死 in the month), ``shensha(name)`` (a month
神煞: ``shensha('死神')``) and ``suisha(name)`` (a year 神煞: ``suisha('歲虎')``); of the asker,
where known, ``ming`` (本命) and ``nian`` (行年), each a tuple that is empty without an asker
(:data:`PERSON`); of a couple (``couple``: a partner of the other sex is given), ``fu`` and ``qi``
(the husband's and the wife's 行年) and ``fu_gan`` / ``qi_gan`` (their stems). A condition must
list in ``needs`` every fact of the moment it reads; the catalogue refuses it otherwise. An entry of the
課 alone may read ``ming`` and ``nian`` all the same (:data:`ASKER`: empty in the chart's own 課體,
the asker's in :func:`for_asker`), and may carry ``also``, a clause of the moment that names it in
``keti_hour`` where the 課 alone does not (:attr:`KetiDef.also`).

What is computed once and what per call: a chart's facts (its condition environment,
:func:`environment`) and the 課體 the 課 alone decides (``Chart.keti``) are worked out once per
chart and shared. The 晝 and 夜 charts of one 課 differ only in what their 貴人 decides
(:data:`NOBLE_FACTS`), so every condition (and chart part, below) that reads none of it is
evaluated once per 課 (``Chart.keti_shared``, :func:`shared_truths`) and only the few that do are
evaluated per chart. The entries of the moment (those with ``needs``) are evaluated in part once per
chart (``Chart.keti_moment``, :class:`ChartMoments`): each condition is split into the parts that
read the chart only and those that read the moment (:func:`.partial.split`), the chart's parts are
evaluated, and by the three-valued logic of ``and``/``or``/``not`` an entry is dropped from the
chart (false whatever the moment), kept as found (true whatever the moment) or left open. Only the
open entries — on most charts one or two, each a small function of the facts of the moment it
reads (``hour``, ``month`` … ``ming``, ``nian``) — are tested for a moment, and the answer is kept
with the chart by which of them hold (a chart has a handful of distinct answers), so its JSON and
the views built of it are made once and shared by every moment with that answer. Where only a
condition's truth is read (these groups, a moment's tests) it is compiled as :func:`.inline.fast_form`
writes it — ``all``/``any`` over the 三傳 or 課 spelled out, the one-expression functions of
:data:`INLINE` in place of their calls —; the conditions as written stay the reference (:func:`find`).

How to write a condition of the moment so that this stays right and fast (tests/liuren/test_keti_moment.py
checks every catalogue entry against its whole condition evaluated afresh, and that each entry is
ruled out by the chart alone on some charts):

* read the moment only through the names of :data:`CONTEXT` and :data:`PERSON`, and through
  functions listed in :data:`MOMENT_FUNCTIONS` with the one fact that decides them (``wangxiang``
  → ``month``); a new fact goes into :data:`CONTEXT` (and :func:`moment`), a new function of the
  moment into :data:`MOMENT_FUNCTIONS`, made in :func:`moment` from that fact's value alone (an
  open entry is called with exactly the names it reads, taken from the moment's context);
* write the tests of the chart as operands of ``and``/``or``/``not`` at the top of the condition
  (``rides(chu) == 貴人 and chu in (year, yuejiang)``), or inside ``all``/``any`` over a written
  tuple or a ``+`` of tuples (``all(b in ups for b in (year, month) + chuan)`` is split into the
  moment's ``year``, ``month`` and the chart's ``chuan``); a test of the chart inside anything else
  (a comparison with the moment, a function's argument beside a fact of the moment) is only
  evaluated with the moment, which is right but leaves the entry open on every chart.

Why a condition here is an expression when the judgement's rule conditions are TOML tables
(``almanac.judgement.conditions``, docs/judgement.md): the two languages are kept apart on
purpose. A rule tests named facts of one hour against written values (``{fact = NAME, OP =
VALUE}`` under ``all``/``any``/``not``), so its table is checked value by value against each
fact's type and domain (``almanac.judgement.facts.FACTS``) and compiled to a plain predicate; what
it reads is derived in Python, once per hour, and every fact is known when a rule is read. A 課體
is a book's sentence about the chart's structure: a place of the chart against another
(``chu == zhi_up``, ``over(jigong) in chuan``), a general on a branch (``rides(chu) == 六合``),
elements between two places (``ke(el(chu), gan_el)``), ``all``/``any`` over the 三傳 or the 課. As
a table each of those would need a fact of its own, made in Python for one 課體, and the catalogue
would no longer hold its definition. The fast paths rely on the expression too: the partial
evaluator (:mod:`.partial`) splits a condition's syntax tree into the parts that read the chart
and those that read the moment, decides the chart's once per chart by three-valued logic and
compiles what is left as a small function of the moment's facts (:mod:`.plan`), and the fast form
(:mod:`.inline`) rewrites it; both need subexpressions that can be evaluated alone. What the two
languages share is the discipline: a closed vocabulary checked when the file loads, an error that
names the entry, and a citation for every entry.

The package, one job a module; this front door only gathers their public names:

* :mod:`.vocabulary` — the words a condition may use: the 課經's tables, the functions, the names
  of the facts of a chart, of a moment and of an asker;
* :mod:`.when` — the condition language: a condition checked by its syntax tree and compiled;
* :mod:`.entries` — the catalogue loaded and checked (:class:`KetiDef`, :func:`catalogue`), a 課體
  found (:class:`Keti`) and its names and citation for a reader;
* :mod:`.facts` — what a condition reads: a chart's facts and environment, a moment's;
* :mod:`.inline` — a condition rewritten for speed where only its truth is read;
* :mod:`.partial` — a condition of the moment split into chart and moment parts, its three-valued
  truth and what is left for the moment;
* :mod:`.plan` — the catalogue compiled once per school for the fast paths;
* :mod:`.finding` — the 課體 the 課 alone decides (:func:`of_chart`, :func:`for_asker`) and the
  reference :func:`find`;
* :mod:`.moments` — the 課體 of a moment, kept per chart (:class:`ChartMoments`, :func:`of_moment`).

>>> from almanac.cycles import GanZhi
>>> from almanac.liuren.chart import chart_for
>>> [k.name for k in chart_for(GanZhi.parse("甲寅").index, 8, True).keti][:3]   # 甲寅日亥時未將
['重審', '斬關', '六儀']
"""
from .entries import (DATA, LANGS, Keti, KetiDef, KetiSource, catalogue, catalogue_names, catalogue_text,
                      citation, korean, names, shown_name, shown_table)
from .facts import chart_facts, environment, moment
from .finding import find, for_asker, of_chart, shared_truths
from .inline import INLINE
from .moments import ChartMoments, moment_json, moment_view, moment_view_at, of_moment, open_entry_tests
from .vocabulary import (ASKER, CHANGSHENG, CHART_FUNCTIONS, CONSTANTS, CONTEXT, COUPLE, DE, FACTS, FLAGS,
                         FUNCTIONS, LU, MOMENT_FUNCTIONS, MU, NOBLE_FACTS, PERSON, WANG, XUN_QI, ZHI_DE_STEP)
from .when import KetiError, compile_when

__all__ = [
    # the words of a condition (vocabulary) and its language (when)
    "ASKER", "CHANGSHENG", "CHART_FUNCTIONS", "CONSTANTS", "CONTEXT", "COUPLE", "DE", "FACTS", "FLAGS",
    "FUNCTIONS", "LU", "MOMENT_FUNCTIONS", "MU", "NOBLE_FACTS", "PERSON", "WANG", "XUN_QI", "ZHI_DE_STEP",
    "INLINE", "KetiError", "compile_when",
    # the catalogue (entries)
    "DATA", "LANGS", "Keti", "KetiDef", "KetiSource", "catalogue", "catalogue_names", "catalogue_text",
    "citation", "korean", "names", "shown_name", "shown_table",
    # what a condition reads (facts)
    "chart_facts", "environment", "moment",
    # the 課體 of a chart (finding) and of a moment (moments)
    "find", "for_asker", "of_chart", "shared_truths",
    "ChartMoments", "moment_json", "moment_view", "moment_view_at", "of_moment", "open_entry_tests",
]
