"""三傳 by the 九宗門, in the classical order, with the audit trail of how 初傳 was chosen.

Order (《六壬大全》 入手法): 伏吟 and 返吟 by the plate; otherwise 賊剋 (重審/元首) → 比用 (知一) →
涉害 → 八專 → 遙剋 → 別責 → 昴星. Once 初傳 c is chosen the generic chain is 中 = up(c),
末 = up(中) except where a 門 says otherwise.

>>> t = derive(1, 1, DEFAULT)                   # 乙丑日干上巳 (seed 002: 三傳寅卯辰)
>>> t.text, t.method
('寅卯辰', '元首')
>>> derive(27, 10, DEFAULT).text                 # 辛卯日干上申 (seed 002: 三傳丑亥酉)
'丑亥酉'
>>> derive(27, 10, DEFAULT.changed(biyongge=False)).text   # plain depth count: 亥 (5 重) beats 丑
'亥酉未'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cycles import BRANCH_ELEMENT, BRANCHES, STEM_ELEMENT, element_generates, element_overcomes
from . import rules
from .lessons import KE, ZEI, Lesson, complete, four_lessons
from .options import DEFAULT, LiurenOptions
from .plate import JIGONG, LODGED, season_class

METHODS = ("元首", "重審", "知一", "涉害", "遙剋", "昴星", "別責", "八專", "伏吟", "返吟")

#: 刑 of each branch (子卯 互刑; 寅巳申 / 丑戌未 持勢/無恩; 辰午酉亥 自刑)
XING = (3, 10, 5, 0, 4, 8, 6, 1, 2, 9, 7, 11)
#: 驛馬 of a branch, by branch % 4: 申子辰 寅, 巳酉丑 亥, 寅午戌 申, 亥卯未 巳
YIMA = (2, 11, 8, 5)
ZIXING = frozenset((4, 6, 9, 11))

#: where each rule comes from
SOURCES = {
    "賊剋": rules.ZEIKE, "比用": rules.BIYONG, "涉害": rules.SHEHAI, "孟仲季": rules.SHEHAI_MENGZHONG,
    "比用格": rules.BIYONGGE, "遙剋": rules.YAOKE, "昴星": rules.MAOXING, "別責": rules.BIEZE,
    "八專": rules.BAZHUAN, "伏吟": rules.FUYIN, "返吟": rules.FANYIN_RULE, "返吟無克": rules.FANYIN_WUKE,
    "返吟歌": rules.FANYIN_SONG, "返吟詩": rules.FANYIN_POEM,
}


@dataclass(frozen=True)
class Transmissions:
    """三傳 with the 門 that produced them."""

    branches: tuple[int, int, int]
    method: str                         # one of METHODS
    sub_method: str                     # 見機, 察微, 綴瑕, 蒿矢, 彈射, 虎視, 冬蛇掩目, 自任 …
    kind: str | None                    # 賊 or 剋 when 初傳 came from a 克 (or 遙剋 蒿矢/彈射)
    candidates: tuple[int, ...]         # the 上神 considered for 初傳
    shehai_counts: tuple[tuple[int, int], ...]   # (candidate, depth) when 涉害 counted
    rule: str                           # the key of SOURCES behind 初傳

    @property
    def text(self) -> str:
        return "".join(BRANCHES[b] for b in self.branches)


def _chain(c: int, k: int) -> tuple[int, int, int]:
    return (c, (c + k) % 12, (c + 2 * k) % 12)


def _dedup(xs) -> tuple[int, ...]:
    out: list[int] = []
    for x in xs:
        if x not in out:
            out.append(x)
    return tuple(out)


def _bi_with_stem(branch: int, stem: int) -> bool:
    """比和 for the 比用格: same element as the day stem, or generating it."""
    be, se = BRANCH_ELEMENT[branch], STEM_ELEMENT[stem]
    return be == se or element_generates(be, se)


def shehai_depth(c: int, k: int, kind: str, opts: LiurenOptions) -> int:
    """How many 克 the candidate ``c`` meets walking from its ground seat home to ``c``.

    Items at each ground passed: the ground's own element and (``shehai_count_stems``) those of
    the stems lodged there; 賊-type counts items that overcome c, 剋-type items c overcomes.
    The start is skipped (DQ 「亥加丑土前行歷辰、戊、未、己、戌土位五重」) unless
    ``shehai_count_start``.

    >>> shehai_depth(11, 10, ZEI, DEFAULT)   # 亥加丑: 辰 戊 未 己 戌
    5
    >>> shehai_depth(1, 10, ZEI, DEFAULT)    # 丑加卯: 辰中乙木一重
    1
    """
    ce = BRANCH_ELEMENT[c]
    seat = (c - k) % 12
    steps = (c - seat) % 12
    n = 0
    for i in range(0 if opts.shehai_count_start else 1, steps):
        q = (seat + i) % 12
        items = [BRANCH_ELEMENT[q]]
        if opts.shehai_count_stems:
            items.extend(STEM_ELEMENT[s] for s in LODGED[q])
        for e in items:
            if (kind == ZEI and element_overcomes(e, ce)) or (kind == KE and element_overcomes(ce, e)):
                n += 1
    return n


def _first_seen(tied, lessons: tuple[Lesson, ...], yang: bool) -> int:
    order = (0, 1, 2, 3) if yang else (2, 3, 0, 1)
    for i in order:
        if lessons[i].upper in tied:
            return lessons[i].upper
    return tied[0]


def _fudeng(tied, lessons, yang: bool, opts: LiurenOptions) -> int:
    if opts.shehai_fudeng == "literal":
        return lessons[0].upper if yang else lessons[2].upper
    return _first_seen(tied, lessons, yang)


def _select(cands: tuple[int, ...], kind: str, stem: int, k: int, lessons, opts: LiurenOptions):
    """(初傳, method, sub_method, counts, rule) among several 賊/剋 candidates."""
    if len(cands) == 1:
        return cands[0], ("重審" if kind == ZEI else "元首"), "", (), "賊剋"
    yang = stem % 2 == 0
    bi = tuple(c for c in cands if c % 2 == stem % 2)
    if len(bi) == 1:
        return bi[0], "知一", "比用", (), "比用"
    pool = bi if (opts.shehai_scope == "bi" and len(bi) >= 2) else cands

    def cls(c: int) -> int:
        return season_class(c if opts.shehai_class_by == "shen" else (c - k) % 12)

    counts: tuple[tuple[int, int], ...] = ()
    if opts.shehai == "count":
        counts = tuple((c, shehai_depth(c, k, kind, opts)) for c in pool)
        best = max(n for _, n in counts)
        tied = tuple(c for c, n in counts if n == best)
        rule = "涉害"
        if len(tied) == 1:
            chosen, sub = tied[0], "涉害"
        else:
            chosen, sub = _by_class(tied, cls, lessons, yang, opts)
    else:
        rule = "孟仲季"
        chosen, sub = None, ""
        for level, name in ((0, "見機"), (1, "察微"), (2, "綴瑕")):
            group = tuple(c for c in pool if cls(c) == level)
            if group:
                chosen, sub = group[0], name
                break
    if opts.biyongge and not _bi_with_stem(chosen, stem):
        bihe = [c for c in cands if _bi_with_stem(c, stem)]
        if bihe:
            depth = dict(counts)
            chosen = max(bihe, key=lambda c: depth.get(c, 0))
            sub, rule = "比用格", "比用格"
    return chosen, "涉害", sub, counts, rule


def _by_class(tied, cls, lessons, yang, opts):
    """Ties of equal depth: 孟 seat 見機, else 仲 seat 察微, else 復等 綴瑕."""
    for level, name in ((0, "見機"), (1, "察微")):
        group = tuple(c for c in tied if cls(c) == level)
        if len(group) == 1:
            return group[0], name
        if len(group) > 1:
            return _fudeng(group, lessons, yang, opts), "綴瑕"
    return _fudeng(tied, lessons, yang, opts), "綴瑕"


def _fuyin(day: int, lessons, opts: LiurenOptions) -> Transmissions:
    stem = day % 10
    yang = stem % 2 == 0
    u1, u3 = lessons[0].upper, lessons[2].upper
    kes = [l for l in lessons if l.relation]
    if kes:     # 「取神克日為用，曰伏吟」: named 自任/自信 only by 剛柔 alone (fuyin_renxin = "gangrou")
        first, kind = kes[0].upper, kes[0].relation
        sub = ("自任" if yang else "自信") if opts.fuyin_renxin == "gangrou" else ""
    else:       # 「凡伏吟課無克，剛日自以日神為用，曰自任格」, 「凡伏吟無克，柔日以支神為用，曰自信格」
        first, kind, sub = (u1, None, "自任") if yang else (u3, None, "自信")
    tags = [sub] if sub else []
    if first in ZIXING:
        middle = u3 if first == u1 else u1
        tags.append("杜傳")
    else:
        middle = XING[first]
    if middle in ZIXING:
        last = (middle + 6) % 12
    elif XING[middle] == first:            # 子卯 互刑
        last = (middle + 6) % 12 if opts.fuyin_zimao == "chong" else XING[middle]
        if opts.fuyin_zimao == "chong":
            tags.append("杜傳")
    else:
        last = XING[middle]
    cands = _dedup(l.upper for l in kes)
    return Transmissions((first, middle, last), "伏吟", "·".join(tags), kind, cands, (), "伏吟")


def derive(day: int, k: int, opts: LiurenOptions = DEFAULT) -> Transmissions:
    """三傳 of day index ``day`` on rotation ``k`` under the school ``opts``."""
    lessons = four_lessons(day, k)
    return derive_from(day, k, lessons, opts)


def derive_from(day: int, k: int, lessons, opts: LiurenOptions) -> Transmissions:
    stem, branch = day % 10, day % 12
    yang = stem % 2 == 0
    if k == 0:
        return _fuyin(day, lessons, opts)
    zei = _dedup(l.upper for l in lessons if l.relation == ZEI)
    ke = _dedup(l.upper for l in lessons if l.relation == KE)
    cands, kind = (zei, ZEI) if zei else (ke, KE)
    u1, u3, u4 = lessons[0].upper, lessons[2].upper, lessons[3].upper
    if cands:
        first, method, sub, counts, rule = _select(cands, kind, stem, k, lessons, opts)
        if k == 6:
            sub = method if not sub else f"{method}·{sub}"
            method = "返吟"
        return Transmissions(_chain(first, k), method, sub, kind, cands, counts, rule)
    if k == 6:   # 返吟無克 (井欄射): 初 = 驛馬 of the 支, 中 = 支上, 末 = 干上
        ma = YIMA[branch % 4]
        return Transmissions((ma, u3, u1), "返吟", "井欄射", None, (), (), "返吟無克")
    bazhuan = JIGONG[stem] == branch
    if bazhuan and opts.bazhuan_before_yaoke:
        return _bazhuan(lessons, yang)
    se = STEM_ELEMENT[stem]
    hao = _dedup(l.upper for l in lessons[1:] if element_overcomes(BRANCH_ELEMENT[l.upper], se))
    tan = _dedup(l.upper for l in lessons[1:] if element_overcomes(se, BRANCH_ELEMENT[l.upper]))
    yc, sub = (hao, "蒿矢") if hao else (tan, "彈射")
    if yc:
        bi = [c for c in yc if c % 2 == stem % 2]
        first = bi[0] if len(bi) == 1 else yc[0]
        return Transmissions(_chain(first, k), "遙剋", sub, None, yc, (), "遙剋")
    if bazhuan:
        return _bazhuan(lessons, yang)
    if not complete(lessons):
        if yang:
            first = (JIGONG[(stem + 5) % 10] + k) % 12
        else:
            first = (branch + 4) % 12
            if opts.bieze_yin == "upper":
                first = (first + k) % 12
        return Transmissions((first, u1, u1), "別責", "蕪淫", None, (), (), "別責")
    if yang:
        return Transmissions(((9 + k) % 12, u3, u1), "昴星", "虎視", None, (), (), "昴星")
    return Transmissions(((9 - k) % 12, u1, u3), "昴星", "冬蛇掩目", None, (), (), "昴星")


def _bazhuan(lessons, yang: bool) -> Transmissions:
    u1 = lessons[0].upper
    first = (u1 + 2) % 12 if yang else (lessons[3].upper - 2) % 12
    sub = "獨足" if first == u1 else "帷薄不修"
    return Transmissions((first, u1, u1), "八專", sub, None, (), (), "八專")
