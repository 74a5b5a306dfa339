"""The 28 mansions: order, names, Korean readings, 七曜, 日禽/夜禽, 暗金, parsing."""
from __future__ import annotations

from pathlib import Path

import pytest

from almanac.errors import BadInput
from almanac.mansions import (ALL, ANIMALS_KO, ANJIN, DAY_QIN, LUMINARIES_KO, MANSIONS, MANSIONS_KO_SEED,
                              NIGHT_QIN, Mansion)

SEED = (Path(__file__).resolve().parents[1] / "seeds" / "000_4c1b45775ab319f3.txt").read_text("utf-8")

NAMES = ("角木蛟 亢金龍 氐土貉 房日兔 心月狐 尾火虎 箕水豹 斗木獬 牛金牛 女土蝠 虛日鼠 危月燕 室火豬 壁水貐 "
         "奎木狼 婁金狗 胃土雉 昴日雞 畢月烏 觜火猴 參水猿 井木犴 鬼金羊 柳土獐 星日馬 張月鹿 翼火蛇 軫水蚓").split()
KOREAN = ("각목교 항금룡 저토학 방일토 심월호 미화호 기수표 두목해 우금우 여토복 허일서 위월연 실화저 벽수유 "
          "규목랑 누금구 위토치 묘일계 필월오 자화후 삼수원 정목안 귀금양 유토장 성일마 장월록 익화사 진수인").split()


def test_order_and_names():
    assert MANSIONS == "角亢氐房心尾箕斗牛女虛危室壁奎婁胃昴畢觜參井鬼柳星張翼軫"
    assert [m.name for m in ALL] == NAMES
    assert [m.index for m in ALL] == list(range(28))


def test_names_against_the_seed_list():
    """The seed's four lists of seven (角木蛟、亢金龍… with lacunae □ and 翌, 狳)."""
    seed_names = []
    for opening in ("角木蛟、", "斗木□、", "奎木狼、", "井木犴、"):
        line = next(l for l in SEED.splitlines() if l.startswith(opening))
        seed_names += line.rstrip("。").split("、")
    assert len(seed_names) == 28
    fills = {"斗木□": "斗木獬", "室火□": "室火豬", "昴日□": "昴日雞", "壁水狳": "壁水貐", "翌火蛇": "翼火蛇"}
    assert [fills.get(n, n) for n in seed_names] == NAMES
    for n in seed_names:
        if "□" not in n:
            assert Mansion.parse(n).name == fills.get(n, n)


def test_korean_readings():
    assert [m.korean_name for m in ALL] == KOREAN
    assert Mansion.parse("昴").korean_name == "묘일계"
    assert Mansion.parse("虛").korean_name == "허일서"
    # The seed's translation writes the same readings without the initial-sound rule
    # (녀토복, 루금구, 류토장); 25 of the 28 names occur there verbatim. The other three differ
    # by the animal character only: 氐土貉 (its translation 저토막), 室火豕 (실화시), 壁水狳 (벽수여).
    seed_forms = [MANSIONS_KO_SEED[i] + LUMINARIES_KO[i % 7] + ANIMALS_KO[i] for i in range(28)]
    missing = [MANSIONS[i] for i, k in enumerate(seed_forms) if k not in SEED]
    assert missing == ["氐", "室", "壁"]
    assert "실화시" in SEED and "벽수여" in SEED


def test_luminaries_and_animals():
    for m in ALL:
        assert m.luminary == "木金土日月火水"[m.index % 7] == m.name[1]
        assert m.animal == m.name[2]
    assert [m.char for m in ALL if m.luminary == "金"] == list("亢牛婁鬼")


def test_day_and_night_qin():
    assert len(DAY_QIN) == 16 and len(NIGHT_QIN) == 12 and not DAY_QIN & NIGHT_QIN
    assert DAY_QIN | NIGHT_QIN == set(MANSIONS)
    assert [m.char for m in ALL if m.qin_class == "夜禽"] == list("角亢氐房心尾箕女虛壁翼軫")


def test_anjin_set():
    assert ANJIN == {"亢", "牛", "婁", "鬼"}
    assert [m.char for m in ALL if m.is_anjin] == list("亢牛婁鬼")


@pytest.mark.parametrize("text,char", [
    ("虚", "虛"), ("娄", "婁"), ("毕", "畢"), ("参", "參"), ("张", "張"), ("轸", "軫"), ("翌", "翼"),
    ("翼", "翼"), ("昴日鸡", "昴"), ("亢金龙", "亢"), ("室火猪", "室"), ("室火豕", "室"),
    ("壁水狳", "壁"), ("斗木蟹", "斗"), ("毕月乌", "畢"), ("星日马", "星"), ("翌火蛇", "翼"),
    (" 角 ", "角"), (0, "角"), (27, "軫"),
])
def test_parse(text, char):
    assert Mansion.parse(text).char == char


@pytest.mark.parametrize("bad", ["", "金", "角金蛟", "昴日鼠", "角亢", 28, -1, None, True])
def test_parse_rejects(bad):
    with pytest.raises(BadInput):
        Mansion.parse(bad)


def test_arithmetic():
    assert (Mansion.parse("軫") + 1).char == "角"
    assert Mansion.parse("角") - Mansion.parse("軫") == 1
    assert (Mansion.parse("角") - 1).char == "軫"
    assert str(Mansion(17)) == "昴"
