"""The 大六壬 words a chart's reading shows beside its terms: the directions (天罡's, the side to
withdraw to, those to avoid), the 三宮 and the 六親 read in Korean.
"""
from __future__ import annotations

from almanac.lang import hans

#: directions (天罡's, the side to withdraw to, those to avoid) for each reader
DIRECTIONS = {
    "東": {"ko": "동", "en": "east"}, "西": {"ko": "서", "en": "west"}, "南": {"ko": "남", "en": "south"},
    "北": {"ko": "북", "en": "north"}, "東北": {"ko": "동북", "en": "north-east"},
    "東南": {"ko": "동남", "en": "south-east"}, "西北": {"ko": "서북", "en": "north-west"},
    "西南": {"ko": "서남", "en": "south-west"}, "左": {"ko": "왼쪽", "en": "left"}, "右": {"ko": "오른쪽", "en": "right"},
    # 001's 「壬癸日不宜向四維」: the four corners between the cardinal points
    "四維": {"ko": "네 모퉁이 방위(四維)", "en": "the four corners (四維)"},
}


def direction(word: str, lang: str) -> str:
    if lang == "zh-Hans":
        return hans(word)
    return DIRECTIONS.get(word, {}).get(lang, word)


#: the 三宮 (the hours to set out by, almanac.judgement.facts ``sangong``) read in Korean
SANGONG_KO = {"絳宮": "강궁", "明堂": "명당", "玉堂": "옥당"}
#: PATTERNS_KO, the 格局 of a chart read in Korean where the 課體 catalogue does not name them, lives
#: with the catalogue's names (almanac.keti_names), which the citations read too
#: the 六親 of a transmission seen from the day stem (almanac.liuren.void.liuqin) read in Korean
LIUQIN_KO = {"父母": "부모", "兄弟": "형제", "子孫": "자손", "妻財": "처재", "官鬼": "관귀"}
