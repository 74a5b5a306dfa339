"""翻禽 (番禽), 倒將 (到將) and 活曜: the generals turned out of the 氣將 and the 時禽.

The rhyme (quoted by destiny-core): 「週時支上起將星，順行逐位向時禽。尋得時禽權且逆，回卓時上覓
他人」 — put the 氣將 on the hour branch, count forward to the 時禽 (``k`` steps), then the same
``k`` steps back to the hour: 翻禽 = 2·時禽 − 氣將; the same from 時禽 to 翻禽 gives
倒將 = 2·翻禽 − 時禽 = 3·時禽 − 2·氣將 (mod 28). The seed names the method: 「以氣將時將番出彼將、
我將」.

活曜: the start mansion by the 時禽's 七曜 (日畢 月尾 金牛 木虛 水氐 火奎, 土 翼 or 箕) is put on 寅;
counting the branches backwards, the mansions forwards, until the 時禽 appears; then forwards from
that branch to the hour branch.

The published example (PTT, 2008-11-22 癸巳 hour, 七元 rule): 氣將 奎, 時禽 婁 → 翻禽 胃, 倒將 昴,
活曜 張.

>>> from almanac.mansions import Mansion
>>> q, h = Mansion.parse("奎"), Mansion.parse("婁")
>>> fan_qin(q, h).char, dao_jiang(q, h).char, huo_yao(h, 5, "翼").char
('胃', '昴', '張')
"""
from __future__ import annotations

from ..mansions import ALL, Mansion
from ..sources import QIN_FU, cite

SRC_QIJIANG = cite(QIN_FU, "訣曰：凡七元禽法", "又換己卯張月鹿為將星，此將乃氣將也")
SRC_FANQIN = cite(QIN_FU, "異禽之神", "然後以氣將時將番出彼將、我將")
SRC_SIDES = cite(QIN_FU, "觀其上伏下", "如番我禽高而得地，他將低而休因")
SRC_HUOYAO = cite(QIN_FU, "蓋壬禽之發", "然後番將、到將，看彼我之禽何者得地")

#: 活曜 start mansion by the 七曜 of the 時禽 (土 is configurable: 翼 or 箕)
HUOYAO_START = {"日": "畢", "月": "尾", "金": "牛", "木": "虛", "水": "氐", "火": "奎"}


def fan_qin(qi_jiang: Mansion, hour_qin: Mansion) -> Mansion:
    """翻禽 = 2·時禽 − 氣將 (mod 28)."""
    return ALL[(2 * hour_qin.index - qi_jiang.index) % 28]


def dao_jiang(qi_jiang: Mansion, hour_qin: Mansion) -> Mansion:
    """倒將 = 2·翻禽 − 時禽 = 3·時禽 − 2·氣將 (mod 28)."""
    return ALL[(3 * hour_qin.index - 2 * qi_jiang.index) % 28]


def huo_yao(hour_qin: Mansion, hour_branch: int, tu_start: str = "翼") -> Mansion:
    """活曜 of a 時禽 standing in the hour ``hour_branch`` (0 子 … 11 亥)."""
    start = _HUOYAO_START.get(hour_qin.luminary) or Mansion.parse(tu_start)
    steps = (hour_qin.index - start.index) % 28          # mansions counted from the start
    where = (2 - steps) % 12                              # the branch where the 時禽 appears
    return hour_qin + (hour_branch - where) % 12


_HUOYAO_START = {k: Mansion.parse(v) for k, v in HUOYAO_START.items()}


def sides(labels: str) -> tuple[str, str]:
    """(side of 番禽, side of 到將): ``fan_we`` → (我, 彼), ``fan_they`` → (彼, 我)."""
    return ("我", "彼") if labels == "fan_we" else ("彼", "我")
