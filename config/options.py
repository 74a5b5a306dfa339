"""The configuration's options and their defaults: ``default.toml`` beside this file read once, and a
user's options merged over them, each checked — an unknown section or key, or a value of the wrong
type, is bad input in the reader's language, so a typo never goes unnoticed.
"""
from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from pathlib import Path

from almanac.errors import BadInput

DEFAULT_PATH = Path(__file__).with_name("default.toml")

#: sections whose keys a user may extend with new entries (tasks and their profiles, schools)
OPEN_SECTIONS = {"tasks", "schools"}
#: the value types an option may need, named for the Chinese and the Korean reader of an error
TYPE_ZH = {"dict": "表（TOML table）", "str": "字串", "list": "列表", "int": "整數", "float": "數字",
           "bool": "布林值（true/false）"}
TYPE_KO = {"dict": "표(TOML table)", "str": "문자열", "list": "목록", "int": "정수", "float": "숫자",
           "bool": "참/거짓 값(true/false)"}


def _defaults() -> dict:
    with DEFAULT_PATH.open("rb") as f:
        return tomllib.load(f)


DEFAULTS = _defaults()


def merge(base: dict, over: Mapping, path: str) -> dict:
    """``over`` merged into a copy of ``base`` (at ``path``, dotted, for the error texts): only
    ``base``'s keys (any key in the open sections), each value of its default's type."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        where = f"{path}.{key}" if path else key
        if key not in base:
            if path.split(".")[0] in OPEN_SECTIONS:
                out[key] = copy.deepcopy(dict(value) if isinstance(value, Mapping) else value)
                continue
            names = ", ".join(sorted(base))
            accepted = names or "none"
            raise BadInput(f"unknown config option {where!r} (accepted here: {accepted})",
                           zh=f"未知的設定選項：{where!r}（此處可用：{names or '無'}）",
                           ko=f"알 수 없는 설정 옵션: {where!r} (여기서 쓸 수 있는 옵션: {names or '없음'})")
        if isinstance(base[key], dict):
            if not isinstance(value, Mapping):
                raise BadInput(f"config option {where!r} must be a table",
                               zh=f"設定選項 {where!r} 必須是{TYPE_ZH['dict']}",
                               ko=f"설정 옵션의 값은 {TYPE_KO['dict']} 형식이어야 합니다: {where!r}")
            out[key] = merge(base[key], value, where)
        else:
            if isinstance(base[key], bool) != isinstance(value, bool) or (
                    not isinstance(value, type(base[key])) and not (
                    isinstance(base[key], float) and isinstance(value, int))):
                kind = type(base[key]).__name__
                raise BadInput(f"config option {where!r} must be a {kind}, not {value!r}",
                               zh=f"設定選項 {where!r} 必須是{TYPE_ZH.get(kind, kind)}，而不是 {value!r}",
                               ko=f"설정 옵션의 값은 {TYPE_KO.get(kind, kind)} 형식이어야 합니다: "
                                  f"{where!r} = {value!r}")
            out[key] = copy.deepcopy(value)
    return out
