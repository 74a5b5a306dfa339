"""The schools (學派, docs/schools.md): the built-in presets of ``schools.toml`` beside this file, a
configuration's own ``[schools.NAME]`` checked against the options a school may set, and a
configuration with its school's option tables merged over its own.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from almanac.errors import BadInput

from .options import DEFAULTS, TYPE_KO, TYPE_ZH, merge

SCHOOLS_PATH = Path(__file__).with_name("schools.toml")

# What a school may set: the disputed options of these sections (docs/schools.md).
SCHOOL_SECTIONS = ("liuren", "qin", "calendar")
_SCHOOL_TEXT_KEYS = {"name_zh": str, "name_ko": str, "description": str, "description_ko": str, "description_zh": str,
                     "sources": list, "gloss_ko": str}


def _builtin_schools() -> dict:
    with SCHOOLS_PATH.open("rb") as f:
        return tomllib.load(f)


BUILTIN_SCHOOLS = _builtin_schools()


def schools(data: Mapping) -> dict[str, dict]:
    """The schools a configuration knows: the built-in ones, then its own ``[schools.NAME]``."""
    out = {name: dict(p) for name, p in BUILTIN_SCHOOLS.items()}
    for name, p in (data.get("schools") or {}).items():
        if name in BUILTIN_SCHOOLS:
            raise BadInput(f"config school {name!r} is a built-in school; give yours another name",
                           zh=f"設定檔中的學派 {name!r} 與內建學派同名，請另取一個名稱",
                           ko=f"내장 학파와 이름이 같습니다: {name!r} (설정 파일의 학파에는 다른 이름을 붙이십시오)")
        if not isinstance(p, Mapping):
            raise BadInput(f"config option 'schools.{name}' must be a table",
                           zh=f"設定選項 'schools.{name}' 必須是{TYPE_ZH['dict']}",
                           ko=f"설정 옵션의 값은 {TYPE_KO['dict']} 형식이어야 합니다: 'schools.{name}'")
        for key, value in p.items():
            if key in SCHOOL_SECTIONS:
                if not isinstance(value, Mapping):
                    raise BadInput(f"config option 'schools.{name}.{key}' must be a table",
                                   zh=f"設定選項 'schools.{name}.{key}' 必須是{TYPE_ZH['dict']}",
                                   ko=f"설정 옵션의 값은 {TYPE_KO['dict']} 형식이어야 합니다: 'schools.{name}.{key}'")
                try:                                    # known keys, right types
                    merge(DEFAULTS[key], value, key)
                except BadInput as e:
                    raise e.within(f"in school {name!r}: ", zh=f"學派 {name!r}：", ko=f"학파 {name!r}: ") from None
            elif key in _SCHOOL_TEXT_KEYS:
                if not isinstance(value, _SCHOOL_TEXT_KEYS[key]):
                    kind = _SCHOOL_TEXT_KEYS[key].__name__
                    raise BadInput(f"config option 'schools.{name}.{key}' must be a {kind}",
                                   zh=f"設定選項 'schools.{name}.{key}' 必須是{TYPE_ZH[kind]}",
                                   ko=f"설정 옵션의 값은 {TYPE_KO[kind]} 형식이어야 합니다: 'schools.{name}.{key}'")
            else:
                accepted = ", ".join([*_SCHOOL_TEXT_KEYS, *SCHOOL_SECTIONS])
                raise BadInput(f"unknown config option 'schools.{name}.{key}' (accepted here: {accepted})",
                               zh=f"未知的設定選項：'schools.{name}.{key}'（此處可用：{accepted}）",
                               ko=f"알 수 없는 설정 옵션: 'schools.{name}.{key}' (여기서 쓸 수 있는 옵션: {accepted})")
        out[name] = dict(p)
    return out


def apply_school(data: dict) -> dict:
    """``data`` with its school's option tables merged over its own (checked like any option)."""
    name = data.get("school", "default")
    known = schools(data)
    if not isinstance(name, str) or name not in known:
        accepted = ", ".join(known)
        zh = "、".join(f"{k}（{p['name_zh']}）" if p.get("name_zh") else k for k, p in known.items())
        # each with its hanja: 칠원금 alone reads "seven-won gold", 본서 "this book"
        ko = ", ".join(f"{k} {p['name_ko']}" if p.get("name_ko") else k for k, p in known.items())
        raise BadInput(f"unknown school {name!r}; accepted: {accepted}",
                       zh=f"未知的學派：{name!r}（可用的學派：{zh}）",
                       ko=f"알 수 없는 학파: {name!r} (쓸 수 있는 학파: {ko})")
    out = data
    for section in SCHOOL_SECTIONS:
        over = known[name].get(section) or {}
        if over:
            out = dict(out)
            out[section] = merge(out[section], over, section)
    return out
