"""Loading the configuration: from a TOML path, a dict, a ``Config`` or ``$ALMANAC_CONFIG`` (else
the built-in defaults), merged over the defaults with the school applied, kept per file; the
read-only :class:`Config` with its digest; and a configuration derived for a request's choices.
"""
from __future__ import annotations

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

from .options import DEFAULTS, merge
from .presets import apply_school, schools


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


def school_preset(cfg: "Config") -> tuple[str, dict]:
    """The school ``cfg`` follows (its ``school`` key, ``default`` when unset) and that school's
    preset among the schools the configuration knows (``{}`` for an unknown name)."""
    name = cfg.get("school", "default")
    return name, schools(cfg.raw if cfg.raw is not None else cfg.data).get(name, {})


_cache: dict[str, Config] = {}


def _config(raw: dict, source: str = "defaults") -> Config:
    return Config(apply_school(raw), source=source, raw=raw)


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
    data = apply_school(raw)
    if calendar:
        data = dict(data)
        data["calendar"] = merge(data["calendar"], calendar, "calendar")
        raw = dict(raw)
        raw["calendar"] = merge(raw["calendar"], calendar, "calendar")
    if feeds:
        data, raw = dict(data), dict(raw)
        data["feeds"] = merge(data["feeds"], feeds, "feeds")
        raw["feeds"] = merge(raw["feeds"], feeds, "feeds")
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
                hit = _cache["<defaults>"] = _config(DEFAULTS)
            return hit
        config = env
    if isinstance(config, Config):
        return config
    if isinstance(config, Mapping):
        return _config(_reader(config, merge(DEFAULTS, config, "")), source="dict")
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
    cfg = _config(_reader(user, merge(DEFAULTS, user, "")), source=str(path))
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
