"""Loading the almanac's configuration.

The built-in defaults live in ``config/default.toml`` beside this file, every option documented
there with the source it follows. A user's file (``--config FILE``, ``ALMANAC_CONFIG``) or a dict of
the same shape is merged over them; an unknown section or key is bad input, so a typo never goes
unnoticed.

>>> from almanac.config import load
>>> cfg = load({"calendar": {"day_boundary": "midnight"}})
>>> cfg["calendar"]["day_boundary"], cfg["calendar"]["time_basis"]
('midnight', 'civil')
"""
from __future__ import annotations

import copy
import errno
import hashlib
import json
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from almanac.errors import BadInput

DEFAULT_PATH = Path(__file__).with_name("default.toml")
SCHOOLS_PATH = Path(__file__).with_name("schools.toml")

# Sections whose keys a user may extend with new entries (tasks and their profiles, schools).
_OPEN_SECTIONS = {"tasks", "schools"}

# What a school may set: the disputed options of these sections (docs/schools.md).
SCHOOL_SECTIONS = ("liuren", "qin", "calendar")
_SCHOOL_TEXT_KEYS = {"name_zh": str, "name_ko": str, "description": str, "description_ko": str, "description_zh": str,
                     "sources": list, "gloss_ko": str}
#: the value types an option may need, named for the Chinese and the Korean reader of an error
_TYPE_ZH = {"dict": "表（TOML table）", "str": "字串", "list": "列表", "int": "整數", "float": "數字",
            "bool": "布林值（true/false）"}
_TYPE_KO = {"dict": "표(TOML table)", "str": "문자열", "list": "목록", "int": "정수", "float": "숫자",
            "bool": "참/거짓 값(true/false)"}


def _defaults() -> dict:
    with DEFAULT_PATH.open("rb") as f:
        return tomllib.load(f)


_DEFAULTS = _defaults()


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
                           zh=f"設定選項 'schools.{name}' 必須是{_TYPE_ZH['dict']}",
                           ko=f"설정 옵션의 값은 {_TYPE_KO['dict']} 형식이어야 합니다: 'schools.{name}'")
        for key, value in p.items():
            if key in SCHOOL_SECTIONS:
                if not isinstance(value, Mapping):
                    raise BadInput(f"config option 'schools.{name}.{key}' must be a table",
                                   zh=f"設定選項 'schools.{name}.{key}' 必須是{_TYPE_ZH['dict']}",
                                   ko=f"설정 옵션의 값은 {_TYPE_KO['dict']} 형식이어야 합니다: 'schools.{name}.{key}'")
                try:                                    # known keys, right types
                    _merge(_DEFAULTS[key], value, key)
                except BadInput as e:
                    raise e.within(f"in school {name!r}: ", zh=f"學派 {name!r}：", ko=f"학파 {name!r}: ") from None
            elif key in _SCHOOL_TEXT_KEYS:
                if not isinstance(value, _SCHOOL_TEXT_KEYS[key]):
                    kind = _SCHOOL_TEXT_KEYS[key].__name__
                    raise BadInput(f"config option 'schools.{name}.{key}' must be a {kind}",
                                   zh=f"設定選項 'schools.{name}.{key}' 必須是{_TYPE_ZH[kind]}",
                                   ko=f"설정 옵션의 값은 {_TYPE_KO[kind]} 형식이어야 합니다: 'schools.{name}.{key}'")
            else:
                accepted = ", ".join([*_SCHOOL_TEXT_KEYS, *SCHOOL_SECTIONS])
                raise BadInput(f"unknown config option 'schools.{name}.{key}' (accepted here: {accepted})",
                               zh=f"未知的設定選項：'schools.{name}.{key}'（此處可用：{accepted}）",
                               ko=f"알 수 없는 설정 옵션: 'schools.{name}.{key}' (여기서 쓸 수 있는 옵션: {accepted})")
        out[name] = dict(p)
    return out



def school_preset(cfg: "Config") -> tuple[str, dict]:
    """The school ``cfg`` follows (its ``school`` key, ``default`` when unset) and that school's
    preset among the schools the configuration knows (``{}`` for an unknown name)."""
    name = cfg.get("school", "default")
    return name, schools(cfg.raw if cfg.raw is not None else cfg.data).get(name, {})

def _apply_school(data: dict) -> dict:
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
            out[section] = _merge(out[section], over, section)
    return out


def _merge(base: dict, over: Mapping, path: str) -> dict:
    out = copy.deepcopy(base)
    for key, value in over.items():
        where = f"{path}.{key}" if path else key
        if key not in base:
            if path.split(".")[0] in _OPEN_SECTIONS:
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
                               zh=f"設定選項 {where!r} 必須是{_TYPE_ZH['dict']}",
                               ko=f"설정 옵션의 값은 {_TYPE_KO['dict']} 형식이어야 합니다: {where!r}")
            out[key] = _merge(base[key], value, where)
        else:
            if isinstance(base[key], bool) != isinstance(value, bool) or (
                    not isinstance(value, type(base[key])) and not (
                    isinstance(base[key], float) and isinstance(value, int))):
                kind = type(base[key]).__name__
                raise BadInput(f"config option {where!r} must be a {kind}, not {value!r}",
                               zh=f"設定選項 {where!r} 必須是{_TYPE_ZH.get(kind, kind)}，而不是 {value!r}",
                               ko=f"설정 옵션의 값은 {_TYPE_KO.get(kind, kind)} 형식이어야 합니다: "
                                  f"{where!r} = {value!r}")
            out[key] = copy.deepcopy(value)
    return out


@dataclass(frozen=True)
class Config(Mapping):
    """The merged configuration: a read-only mapping of sections, plus a stable hash of it."""

    data: Mapping[str, Any]
    source: str = "defaults"
    digest: str = field(init=False)
    #: the data before its school was applied (what a per-request school starts from)
    raw: "Mapping[str, Any] | None" = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        blob = json.dumps(self.data, sort_keys=True, ensure_ascii=False, default=str)
        object.__setattr__(self, "digest", hashlib.sha256(blob.encode()).hexdigest()[:16])

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __hash__(self) -> int:
        return hash(self.digest)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Config) and other.digest == self.digest

    def section_hash(self, *names: str) -> str:
        """A short hash of only the named sections: what a computed fact depends on."""
        blob = json.dumps({n: self.data.get(n) for n in names}, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


_cache: dict[str, Config] = {}


def _config(raw: dict, source: str = "defaults") -> Config:
    return Config(_apply_school(raw), source=source, raw=raw)


_derived: dict[tuple, Config] = {}


def derive(cfg: Config, *, school: "str | None" = None,
           calendar: "Mapping[str, Any] | None" = None, feeds: "Mapping[str, Any] | None" = None) -> Config:
    """``cfg`` with another school and/or some ``[calendar]`` options (a request's choices), and
    some ``[feeds]`` options (a feed's ``kind`` and ``banner``).

    The school is applied to the configuration as written (not over its own school); the
    calendar options then win over the school's. Same arguments, same (cached) object.
    """
    if school is None and not calendar and not feeds:
        return cfg
    key = (cfg.digest, school, json.dumps(dict(calendar or {}), sort_keys=True, default=str),
           json.dumps(dict(feeds or {}), sort_keys=True, default=str))
    hit = _derived.get(key)
    if hit is not None:
        return hit
    raw = dict(cfg.raw if cfg.raw is not None else cfg.data)
    if school is not None:
        if not isinstance(school, str) or not school.strip():
            accepted = ", ".join(schools(raw))
            raise BadInput(f"school {school!r} is not a school name; accepted: {accepted}",
                           zh=f"不是學派名稱：{school!r}（可用的學派：{accepted}）",
                           ko=f"학파 이름이 아닙니다: {school!r} (쓸 수 있는 학파: {accepted})")
        raw["school"] = school.strip()
    data = _apply_school(raw)
    if calendar:
        data = dict(data)
        data["calendar"] = _merge(data["calendar"], calendar, "calendar")
        raw = dict(raw)
        raw["calendar"] = _merge(raw["calendar"], calendar, "calendar")
    if feeds:
        data, raw = dict(data), dict(raw)
        data["feeds"] = _merge(data["feeds"], feeds, "feeds")
        raw["feeds"] = _merge(raw["feeds"], feeds, "feeds")
    out = Config(data, source=cfg.source, raw=raw)
    if len(_derived) > 512:
        _derived.clear()
    _derived[key] = out
    return out


#: where ``os.environ`` keeps its variables (encoded), and the variable's key there: read directly,
#: ``$ALMANAC_CONFIG`` costs a twentieth of ``os.environ.get`` (a Mapping method over an encode, a
#: lookup and a decode), and it is read on every call that takes the default configuration
_ENV_KEY = "ALMANAC_CONFIG"
_ENV_STORE_KEY = os.environ.encodekey(_ENV_KEY) if hasattr(os.environ, "encodekey") else None


def _environment_value() -> "str | None":
    """``os.environ.get("ALMANAC_CONFIG")``, read from ``os.environ``'s own store when this Python
    keeps one (CPython does); the same value either way, changes made through ``os.environ``
    included."""
    environ = os.environ
    store = getattr(environ, "_data", None)
    if store is None or _ENV_STORE_KEY is None:
        return environ.get(_ENV_KEY)
    raw = store.get(_ENV_STORE_KEY)
    return None if raw is None else environ.decodevalue(raw)


def load(config: "str | os.PathLike | Mapping | Config | None" = None) -> Config:
    """Build the configuration from a TOML path, a dict, a ``Config``, or ``None``.

    ``None`` means ``$ALMANAC_CONFIG`` when it is set, else the built-in defaults.
    """
    if config is None:          # first: the common call (an ABC isinstance check costs more)
        env = _environment_value()
        if not env:
            hit = _cache.get("<defaults>")
            if hit is None:
                hit = _cache["<defaults>"] = _config(_DEFAULTS)
            return hit
        config = env
    if isinstance(config, Config):
        return config
    if isinstance(config, Mapping):
        return _config(_reader(config, _merge(_DEFAULTS, config, "")), source="dict")
    path = Path(config)
    try:
        key = f"{path.resolve()}:{path.stat().st_mtime_ns if path.exists() else 0}"
    except OSError:     # a path the system will not even look at (a name too long): read below
        key = None
    if key in _cache:
        return _cache[key]
    try:
        with path.open("rb") as f:
            user = tomllib.load(f)
    except FileNotFoundError:
        raise BadInput(f"config file {str(path)!r} does not exist",
                       zh=f"設定檔不存在：{str(path)!r}",
                       ko=f"설정 파일이 없습니다: {str(path)!r}") from None
    except tomllib.TOMLDecodeError as e:
        at = re.search(r"at line (\d+), column (\d+)", str(e))
        zh_at, ko_at = (f"（第 {at[1]} 行第 {at[2]} 列）", f" ({at[1]}행 {at[2]}열)") if at else ("", "")
        raise BadInput(f"config file {str(path)!r} is not valid TOML: {e}".splitlines()[0],
                       zh=f"設定檔不是有效的 TOML：{str(path)!r}{zh_at}",
                       ko=f"설정 파일이 올바른 TOML 형식이 아닙니다: {str(path)!r}{ko_at}") from None
    except UnicodeDecodeError as e:
        raise BadInput(f"config file {str(path)!r} is not UTF-8 text (byte {e.start}); TOML files are UTF-8",
                       zh=f"設定檔不是 UTF-8 文字：{str(path)!r}（第 {e.start} 位元組）；TOML 檔須為 UTF-8",
                       ko=f"설정 파일이 UTF-8 텍스트가 아닙니다: {str(path)!r} ({e.start}번째 바이트). "
                          "TOML 파일은 UTF-8이어야 합니다") from None
    except OSError as e:
        code = errno.errorcode.get(e.errno or 0, "")
        zh_code, ko_code = (f"（{code}）", f" ({code})") if code else ("", "")
        raise BadInput(f"cannot read config file {str(path)!r}: {e.strerror or e}".splitlines()[0],
                       zh=f"無法讀取設定檔：{str(path)!r}{zh_code}",
                       ko=f"설정 파일을 읽을 수 없습니다: {str(path)!r}{ko_code}") from None
    cfg = _config(_reader(user, _merge(_DEFAULTS, user, "")), source=str(path))
    if key is not None:
        _cache[key] = cfg
    return cfg


def _reader(user: Mapping, data: dict) -> dict:
    """``data`` with what the reader's ``place`` implies (``almanac.reader.implied``)."""
    from almanac.reader import implied
    return implied(user, data)


def choice(cfg: Mapping, section: str, key: str, allowed: tuple[str, ...]) -> str:
    """Read a string option and check it is one of ``allowed``."""
    value = cfg[section][key]
    if value not in allowed:
        accepted = ", ".join(allowed)
        raise BadInput(f"config option '{section}.{key}' is {value!r}; accepted: {accepted}",
                       zh=f"設定選項 '{section}.{key}' 的值無效：{value!r}（可用的值：{accepted}）",
                       ko=f"설정 옵션의 값이 올바르지 않습니다: '{section}.{key}' = {value!r} (쓸 수 있는 값: {accepted})")
    return value
