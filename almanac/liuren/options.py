"""The disputed rules of 大六壬 as named options (``[liuren]`` in ``config/default.toml``).

Each field is one row of the disagreement register (docs/liuren.md, liuren-rules.md §7). The
defaults are the set that reproduces every worked example of the seed texts and, among such sets,
the most 《六壬大全》 examples (measured over ``tests/vectors/liuren.json``; see docs/liuren.md).

>>> LiurenOptions().shehai, LiurenOptions().biyongge
('count', True)
>>> LiurenOptions.school("mengzhong").shehai
'mengzhong'
>>> LiurenOptions(noble_table="E")
Traceback (most recent call last):
...
almanac.errors.BadInput: liuren.noble_table is 'E'; accepted: A, B, C, D
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import BadInput
from ..shared import kept_hash, state_without_kept_hash

#: accepted values of each string option
CHOICES: dict[str, tuple[str, ...]] = {
    "shehai": ("count", "mengzhong"),
    "shehai_scope": ("bi", "all"),
    "shehai_fudeng": ("literal", "first_seen"),
    "shehai_class_by": ("seat", "shen"),
    "fuyin_zimao": ("chong", "xing"),
    "fuyin_renxin": ("wuke", "gangrou"),
    "bieze_yin": ("branch", "upper"),
    "noble_table": ("A", "B", "C", "D"),
    "daynight": ("fixed", "sun", "ziwu"),
    "yuejiang_switch": ("zhongqi", "jie"),
    # 課體 readings where the books differ (docs/liuren.md, 課體)
    "keti_zhanguan": ("fayong", "lin"),
    "keti_yiqi": ("chuan", "fayong"),
    "keti_sanjiao": ("structure", "yinhe"),
    "keti_zhuyin": ("jia", "sanchuan"),
    "keti_zhuixu": ("lin", "fayong"),
    "keti_longzhan": ("tongwei", "maoyou", "shang", "anyday"),
    "keti_jiuchou": ("lin", "fayong", "ganzhi"),
    "keti_longde": ("either", "both"),
    "keti_youzi": ("daquan", "tu", "verse"),
    "keti_tianyu": ("daquan", "zhinan"),
    "keti_siqi": ("sike", "richen"),
    "keti_chongpo": ("daquan", "either"),
    "keti_pohua": ("fayong", "lin", "qiusi"),
    "keti_yuesu": ("daquan", "xinjing"),
    "keti_sijue": ("plate", "yin"),
    "keti_luowang": ("daquan", "ganzhi", "bifa"),
    "keti_zhongyin": ("lianru", "either"),
    "keti_erfan": ("daquan", "fayong"),
    "keti_yangjiu": ("daquan", "kezhan"),
    "keti_jieli": ("huxiang", "strict"),
    "keti_guchen": ("xun", "sishi"),
}


@dataclass(frozen=True)
class LiurenOptions:
    """One school: a hashable set of answers to the disputed rules."""

    shehai: str = "count"               # §7 #1 涉害 by depth count (DQ) or 孟仲季 directly
    biyongge: bool = True               # §7 #2 比用格 override after 涉害
    shehai_scope: str = "bi"            # §7 #3 count among the 比 candidates (≥2) or among all
    shehai_fudeng: str = "literal"      # §7 #3 復等: 干上/支上 literally, or first seen among the tied
    shehai_count_start: bool = False    # §7 #4 count the starting ground too
    shehai_count_stems: bool = True     # §7 #5 count the stems lodged on each ground
    shehai_class_by: str = "seat"       # §7 #6 孟仲季 of the ground seat or of the 神 itself
    fuyin_zimao: str = "chong"          # §7 #7 伏吟 子卯: 末傳 by 沖 (卯子午) or 刑 (卯子卯)
    fuyin_renxin: str = "wuke"          # 伏吟 named 自任/自信 without a 剋 only (大全) / by 剛柔 alone (直指)
    bieze_yin: str = "branch"           # §7 #8 別責 陰日: the 三合 branch or the sky branch above it
    bazhuan_before_yaoke: bool = True   # §7 #9 八專 judged before 遙剋
    noble_table: str = "A"              # §7 #11 貴人 table
    daynight: str = "fixed"             # §7 #12 晝/夜: 卯–申 fixed, sunrise–sunset, 子午分
    yuejiang_switch: str = "zhongqi"    # §7 #13 月將 changes at the 中氣 or at the 節
    keti_zhanguan: str = "fayong"       # 斬關: 魁罡 on 日辰 and used (大全) / on 日辰 at all (觀月經)
    keti_yiqi: str = "chuan"            # 六儀/三奇: in the 三傳 (大全) / as 初傳 only (課經 verse)
    keti_sanjiao: str = "structure"     # 三交: 仲 structure / plus a 仲 riding 太陰·六合 (大全 text)
    keti_zhuyin: str = "jia"            # 鑄印: 戌加巳 with both in the 三傳 / 三傳 exactly 巳戌卯
    keti_zhuixu: str = "lin"            # 贅婿: 干支 on each other (訂訛) / and that one used (大全)
    keti_longzhan: str = "tongwei"      # 龍戰: 卯日卯用 (大全) / 卯酉 用 / 用 on 卯酉 (訂訛) / any day (觀月經)
    keti_jiuchou: str = "lin"           # 九醜: 丑 over the 支 (訂訛) / and used (大全) / over 干 or 支 (心鏡)
    keti_longde: str = "either"         # 龍德: 太歲 or 月將 with 天乙 used / both at once (課目 verse)
    keti_youzi: str = "daquan"          # 遊子: 三傳 all 土, 用 on 旬丁 (大全) / 三傳 土 (觀月經) / 季用 乘丁 (課目)
    keti_tianyu: str = "daquan"         # 天獄: 用 囚死 or the 日墓 (大全) / 囚死 only (指南); 罡 on 日本
    keti_siqi: str = "sike"             # 死奇: 辰 used from any of the 四課 (日辰陰陽) / on 干上 or 支上 only
    keti_chongpo: str = "daquan"        # 衝破: 日辰's 沖神 used on its own 破 (大全's example) / or on the 日辰's 破
    keti_pohua: str = "fayong"          # 魄化: 白虎 on the 死神/死氣 over 日辰 and used (大全) / used or not (訂訛's case) / or on a 囚死 神 (訂訛 「及囚死」)
    keti_yuesu: str = "daquan"          # 月宿 (天寇, 二煩): wide 宿 奎張井翼氐斗 held two days (大全) / no 斗 (心鏡)
    keti_sijue: str = "plate"           # 四絕: the plate 子加巳 (大全 心印賦, 直指) / on a 陰日 only (粹言: 祿 on its 絕)
    keti_luowang: str = "daquan"        # 羅網: 日前一位 or its 沖 used (大全) / 干前 or 支前 used (粹言) / on 干上·支上 (畢法)
    keti_zhongyin: str = "lianru"       # 重陰: 三傳 子亥戌 (大全, seed 002) / or 伏吟 with 亥 used (seed 002's 伏吟)
    keti_erfan: str = "daquan"          # 二煩: 日月宿 on 仲, 斗罡 on 丑未 (大全) / and a 宿 used (訂訛 「日月宿不發用者不真」)
    keti_yangjiu: str = "daquan"        # 殃咎: 遞剋 or 干支乘墓 (大全) / or the 三傳's 神 and 將 at war (訂訛's 外戰 內戰)
    keti_jieli: str = "huxiang"         # 解離: the 行年's 上神 overcome crosswise (the chapter's cases) / and the 行年 衝克
    keti_guchen: str = "xun"            # 孤辰 寡宿: the 用 on / in the 旬空 (心鏡, 袖中金) / the season's 孤 寡 used (袖中金's 四時)

    # hashed on every chart lookup (chart_table's cache): the field tuple's hash, kept
    __hash__ = kept_hash
    __getstate__ = state_without_kept_hash

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise BadInput(f"liuren.{name} is {value!r}; accepted: {', '.join(allowed)}",
                               zh=f"liuren.{name} 的值無效：{value!r}（可選：{', '.join(allowed)}）",
                               ko=f"liuren.{name} 값이 올바르지 않습니다: {value!r} (가능한 값: {', '.join(allowed)})")
        for f in fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise BadInput(f"liuren.{f.name} must be true or false",
                               zh=f"liuren.{f.name} 須為 true 或 false",
                               ko=f"liuren.{f.name}: true 또는 false여야 합니다")

    @classmethod
    def from_config(cls, cfg) -> "LiurenOptions":
        """The options of a loaded ``Config`` (its ``[liuren]`` table), built once per config
        digest (the value is frozen, so it is shared)."""
        digest = getattr(cfg, "digest", None)
        hit = _BY_DIGEST.get((cls, digest)) if digest is not None else None
        if hit is None:
            hit = cls._from_section(cfg)
            if digest is not None and len(_BY_DIGEST) < 256:
                _BY_DIGEST[cls, digest] = hit
        return hit

    @classmethod
    def _from_section(cls, cfg) -> "LiurenOptions":
        section = dict(cfg.get("liuren", {})) if hasattr(cfg, "get") else {}
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in section.items() if k in names})

    @classmethod
    def school(cls, name: str) -> "LiurenOptions":
        """The option set the vectors call ``name`` (tests/vectors/README.md)."""
        try:
            return SCHOOLS[name]
        except KeyError:
            raise BadInput(f"unknown 六壬 school {name!r}; accepted: {', '.join(SCHOOLS)}",
                           zh=f"未知的六壬學派：{name!r}（可選：{', '.join(SCHOOLS)}）",
                           ko=f"알 수 없는 육임(六壬) 학파: {name!r} (가능한 값: {', '.join(SCHOOLS)})") from None

    def changed(self, **kw) -> "LiurenOptions":
        return replace(self, **kw)


#: LiurenOptions.from_config's answers by (class, config digest)
_BY_DIGEST: dict[tuple[type, str], LiurenOptions] = {}

#: The book defaults of 《六壬大全》 as the vectors name them, and each school as its difference.
_DAQUAN = LiurenOptions(biyongge=False)
SCHOOLS: dict[str, LiurenOptions] = {
    "daquan_default": _DAQUAN,
    "mengzhong": replace(_DAQUAN, shehai="mengzhong"),
    "count_scope_all": replace(_DAQUAN, shehai_scope="all", shehai_fudeng="first_seen"),
    "biyongge": replace(_DAQUAN, biyongge=True),
    "fuyin_zimao_xing": replace(_DAQUAN, fuyin_zimao="xing"),
    "bieze_upper": replace(_DAQUAN, bieze_yin="upper"),
    "count_start": replace(_DAQUAN, shehai_count_start=True),
}

DEFAULT = LiurenOptions()
