"""Options of the 演禽 engine: the rules the sources dispute, read from the ``[qin]`` config section.

Every option is documented, with its citation, in ``config/default.toml`` and ``docs/qin.md``.

>>> from almanac.qin.options import QinOptions
>>> QinOptions().hour_rule, QinOptions().jielu_table
('continuous', 'stem')
>>> QinOptions.from_config({"qin": {"hour_rule": "qiyuan"}}).hour_rule
'qiyuan'
>>> QinOptions.from_config({"qin": {"hour_rule": "weekly"}})
Traceback (most recent call last):
...
almanac.errors.BadInput: config option 'qin.hour_rule' is 'weekly'; accepted: continuous, qiyuan
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from ..errors import BadInput
from ..shared import kept_hash, state_without_kept_hash
from ..sources import QIN_FU, cite

#: the accepted values of each option; the first is the default
CHOICES: dict[str, tuple[str, ...]] = {
    "hour_rule": ("continuous", "qiyuan"),
    "jielu_table": ("stem", "yuanhai_zichou", "sanming_xuhai"),
    "jielu_strict_usage": ("separate", "replace"),
    "fanqin_labels": ("fan_we", "fan_they"),
    "huoyao_tu_start": ("翼", "箕"),
    "bo": ("hour_branch", "suobo"),
    "season_rise_end": ("立秋", "秋分", "立冬"),
    "season_decline_end": ("驚蟄", "春分", "立春"),
    "jing_winter_start": ("立冬", "冬至"),
}

#: the seed paragraph each option's default rests on
SOURCES = {
    "hour_rule": cite(QIN_FU, "異禽之神", "乃以元下日禽，演出時禽"),
    "jielu_table": cite(QIN_FU, "時直空亡", "空亡者，乃時上天干帶壬癸是也"),
    "jielu_strict_usage": cite(QIN_FU, "時直空亡", "《禽書》云：凡選用時若天干帶壬癸"),
    "fanqin_labels": cite(QIN_FU, "觀其上伏下", "如番我禽高而得地，他將低而休因"),
    "huoyao_tu_start": cite(QIN_FU, "蓋壬禽之發", "然後番將、到將，看彼我之禽何者得地"),
    "bo": cite(QIN_FU, "然其伏斷之惡本官", "卯女辰箕巳泊房"),
    "season_rise_end": cite(QIN_FU, "龍蛇遇驚蟄而致事", "亢翌二宿，遇春夏而得地"),
    "season_decline_end": cite(QIN_FU, "龍蛇遇驚蟄而致事", "此二禽春社旺而飛鳴，秋社衰而生患"),
    "jing_winter_start": cite(QIN_FU, "龍蛇遇驚蟄而致事", "其井宿冬則復旺"),
}


@dataclass(frozen=True)
class QinOptions:
    """The 演禽 options. Defaults are the documented choices of ``config/default.toml``.

    - ``hour_rule``: ``continuous`` — one unbroken 28-時辰 cycle (子 of a 日/月/火/水/木/金/土 day
      starts at 虛/鬼/箕/畢/氐/奎/翼); ``qiyuan`` — the 七元 rotation (the cycle restarts at each
      元's 甲子 子 hour on the 元's head mansion).
    - ``jielu_table``: ``stem`` — 截路空亡 is any 壬/癸 hour; ``yuanhai_zichou`` /
      ``sanming_xuhai`` — on 戊/癸 days only 子丑 (《淵海子平》) / only 戌亥 (《三命通會》).
    - ``jielu_strict_usage``: ``separate`` — ``jielu`` and ``jielu_strict`` are two flags;
      ``replace`` — ``jielu`` itself takes the 《禽書》 strict form.
    - ``fanqin_labels``: ``fan_we`` — 番禽 is 我, 到將 is 彼 (the seed's wording);
      ``fan_they`` — 番禽 is 彼, 到將 is 我 (destiny-core, PTT).
    - ``huoyao_tu_start``: where a 土 時禽 starts the 活曜 count: ``翼`` or ``箕``.
    - ``bo``: where a 禽 "泊"s: ``hour_branch`` — the branch of its hour; ``suobo`` — its 鎖泊 house
      counted from the 長生 of its 七曜.
    - ``season_rise_end``, ``season_decline_end``, ``jing_winter_start``: end points of the
      seasonal rules (see ``seasons``).
    """

    hour_rule: str = "continuous"
    jielu_table: str = "stem"
    jielu_strict_usage: str = "separate"
    fanqin_labels: str = "fan_we"
    huoyao_tu_start: str = "翼"
    bo: str = "hour_branch"
    season_rise_end: str = "立秋"
    season_decline_end: str = "驚蟄"
    jing_winter_start: str = "立冬"

    # a key of the cycle tables and day 禽 caches, hashed several times a day: kept
    __hash__ = kept_hash
    __getstate__ = state_without_kept_hash

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in CHOICES[f.name]:
                raise BadInput(f"config option 'qin.{f.name}' is {value!r}; "
                               f"accepted: {', '.join(CHOICES[f.name])}",
                               zh=f"設定選項 'qin.{f.name}' 的值無效：{value!r}"
                                  f"（可用值：{'、'.join(CHOICES[f.name])}）",
                               ko=f"설정 옵션 'qin.{f.name}' 값이 올바르지 않습니다: {value!r} "
                                  f"(가능한 값: {', '.join(CHOICES[f.name])})")

    @classmethod
    def from_config(cls, cfg: "Mapping | None" = None) -> "QinOptions":
        """Options from a loaded config (``config.load(...)``), a dict of the same shape
        (only the ``qin`` section is read), or ``None`` for the built-in defaults."""
        if cfg is None:
            from almanac.config import load
            cfg = load()
        section = cfg.get("qin", {}) if isinstance(cfg, Mapping) else {}
        if not isinstance(section, Mapping):
            raise BadInput("config option 'qin' must be a table",
                           zh="設定選項 'qin' 須為 TOML 表（table）",
                           ko="설정 옵션 'qin'은 TOML 테이블이어야 합니다")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(section) - known)
        if unknown:
            raise BadInput(f"unknown config option 'qin.{unknown[0]}' "
                           f"(accepted here: {', '.join(sorted(known))})",
                           zh=f"未知的設定選項：'qin.{unknown[0]}'（此處可用：{'、'.join(sorted(known))}）",
                           ko=f"알 수 없는 설정 옵션: 'qin.{unknown[0]}' "
                              f"(여기서 쓸 수 있는 옵션: {', '.join(sorted(known))})")
        return cls(**{k: v for k, v in section.items()})
