"""Which 禽 eats which (相吞相食): the 演禽賦's predation verses as a table.

Each entry is ``(eaters, prey, citation)`` read from one verse line; only plain statements are
taken — a line whose eater or prey is a lacuna of the seed (□), or that needs a transformation first
(「虎狼箕遇危臨變」, 「蛇變龍兒牛命非」), is left out. The 我/他 comparison of the 賦 (番禽 我, 到將 他)
reads it through :func:`eats`.

>>> eats("角", "危"), eats("尾", "牛"), eats("牛", "尾")
(True, True, False)
>>> prey_of("畢") >= set("壁室翼牛危胃昴女房虛")
True
"""
from __future__ import annotations

from ..sources import QIN_FU, cite

_TABLE = (
    ("角亢", "危牛", cite(QIN_FU, "角亢吞危並食牛", "角亢吞危並食牛")),
    ("翼", "虛女", cite(QIN_FU, "角亢吞危並食牛", "虛女逢蛇聞見走")),
    ("奎", "鬼房", cite(QIN_FU, "角亢吞危並食牛", "狼吞羊兔")),
    ("尾箕", "牛", cite(QIN_FU, "角亢吞危並食牛", "虎豹逢牛牛命傷")),
    ("婁", "參觜", cite(QIN_FU, "猿猴□鼠憂逢狗", "猿猴□鼠憂逢狗")),
    ("尾", "心星張鬼", cite(QIN_FU, "猿猴□鼠憂逢狗", "狐馬鹿羊忌虎口")),
    ("壁", "軫", cite(QIN_FU, "狳與□皆吞食蚓", "狳與□皆吞食蚓")),
    ("胃", "軫", cite(QIN_FU, "狳與□皆吞食蚓", "蚓逢□雉軫亡身")),
    ("翼", "胃", cite(QIN_FU, "狳與□皆吞食蚓", "亦憂蛇啖雉")),
    ("奎尾", "觜參", cite(QIN_FU, "觜參摠怕狼兼虎", "觜參摠怕狼兼虎")),
    ("畢", "壁室翼", cite(QIN_FU, "觜參摠怕狼兼虎", "狳室蛇防畢月烏")),
    ("尾箕奎", "室柳壁張鬼", cite(QIN_FU, "室火□同柳土獐", "若遇虎豹奎狼類，進退時中總被傷")),
    ("尾箕奎", "房婁", cite(QIN_FU, "房兔婁金狗宿名", "虎豹狼臨命必傾")),
    ("畢", "牛危胃昴女房虛", cite(QIN_FU, "牛危胃昴女房虛", "切忌飛來畢月烏")),
    ("婁", "柳張鬼壁", cite(QIN_FU, "牛危胃昴女房虛", "若逢金狗盡皆輸")),
)
#: (eater, prey) → the verse that says so
EATS = {(a, b): src for eaters, prey, src in _TABLE for a in eaters for b in prey}


def eats(eater: str, prey: str) -> bool:
    """Whether the verses say 禽 ``eater`` eats (吞, 食, 傷) 禽 ``prey`` (mansion characters)."""
    return (eater, prey) in EATS


def prey_of(eater: str) -> frozenset[str]:
    return frozenset(b for a, b in EATS if a == eater)
