"""The everyday 택일 (擇日) layer: what families look up before they choose a day.

The facts of a day — 建除, 黃道/黑道 of the day and of each hour, 손 없는 날 and 손's direction, the
day's 沖 and 煞, the year's 太歲, 三煞 and 大將軍, the gods that decide 宜/忌 for weddings and moves —
and, for a person, 생기복덕 and 삼재. Pure computation on the calendar's facts: each concept is a
module with its table, its names in four languages and its citation (jianchu, huangdao, son,
chongsha, shensha, person, directions); :mod:`.tasks` reads them for the two day-choosing tasks
(이사 移徙, 결혼 嫁娶). docs/everyday.md names every source and option.

This package is its front door: :mod:`.day` computes a day's facts, :mod:`.text` says them.
"""
from .day import OPTIONS, day_facts, dir_zh, hour_huangdao, options
from .text import (act_text, banner_line, citations, detail_lines, god_text, kind_text, label, officer_text,
                   short_line, son_text)

__all__ = ["OPTIONS", "options", "day_facts", "dir_zh", "hour_huangdao", "short_line", "banner_line", "detail_lines",
           "officer_text", "god_text", "kind_text", "son_text", "act_text", "citations", "label"]

