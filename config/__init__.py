"""Loading the almanac's configuration.

The built-in defaults live in ``config/default.toml`` beside this file, every option documented
there with the source it follows. A user's file (``--config FILE``, ``ALMANAC_CONFIG``) or a dict of
the same shape is merged over them; an unknown section or key is bad input, so a typo never goes
unnoticed.

>>> from config import load
>>> cfg = load({"calendar": {"day_boundary": "midnight"}})
>>> cfg["calendar"]["day_boundary"], cfg["calendar"]["time_basis"]
('midnight', 'civil')
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
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
                     "sources": list}


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
            raise BadInput(f"config school {name!r} is a built-in school; give yours another name")
        if not isinstance(p, Mapping):
            raise BadInput(f"config option 'schools.{name}' must be a table")
        for key, value in p.items():
            if key in SCHOOL_SECTIONS:
                if not isinstance(value, Mapping):
                    raise BadInput(f"config option 'schools.{name}.{key}' must be a table")
                try:                                    # known keys, right types
                    _merge(_DEFAULTS[key], value, key)
                except BadInput as e:
                    raise BadInput(f"in school {name!r}: {e}") from None
            elif key in _SCHOOL_TEXT_KEYS:
                if not isinstance(value, _SCHOOL_TEXT_KEYS[key]):
                    raise BadInput(f"config option 'schools.{name}.{key}' must be a "
                                   f"{_SCHOOL_TEXT_KEYS[key].__name__}")
            else:
                accepted = ", ".join([*_SCHOOL_TEXT_KEYS, *SCHOOL_SECTIONS])
                raise BadInput(f"unknown config option 'schools.{name}.{key}' (accepted here: {accepted})")
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
        raise BadInput(f"unknown school {name!r}; accepted: {', '.join(known)}")
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
            accepted = ", ".join(sorted(base)) or "none"
            raise BadInput(f"unknown config option {where!r} (accepted here: {accepted})")
        if isinstance(base[key], dict):
            if not isinstance(value, Mapping):
                raise BadInput(f"config option {where!r} must be a table")
            out[key] = _merge(base[key], value, where)
        else:
            if isinstance(base[key], bool) != isinstance(value, bool) or (
                    not isinstance(value, type(base[key])) and not (
                    isinstance(base[key], float) and isinstance(value, int))):
                raise BadInput(f"config option {where!r} must be a {type(base[key]).__name__}, "
                               f"not {value!r}")
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
           calendar: "Mapping[str, Any] | None" = None) -> Config:
    """``cfg`` with another school and/or some ``[calendar]`` options (a request's choices).

    The school is applied to the configuration as written (not over its own school); the
    calendar options then win over the school's. Same arguments, same (cached) object.
    """
    if school is None and not calendar:
        return cfg
    key = (cfg.digest, school, json.dumps(dict(calendar or {}), sort_keys=True, default=str))
    hit = _derived.get(key)
    if hit is not None:
        return hit
    raw = dict(cfg.raw if cfg.raw is not None else cfg.data)
    if school is not None:
        if not isinstance(school, str) or not school.strip():
            raise BadInput(f"school {school!r} is not a school name; accepted: {', '.join(schools(raw))}")
        raw["school"] = school.strip()
    data = _apply_school(raw)
    if calendar:
        data = dict(data)
        data["calendar"] = _merge(data["calendar"], calendar, "calendar")
        raw = dict(raw)
        raw["calendar"] = _merge(raw["calendar"], calendar, "calendar")
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
        return _config(_merge(_DEFAULTS, config, ""), source="dict")
    path = Path(config)
    key = f"{path.resolve()}:{path.stat().st_mtime_ns if path.exists() else 0}"
    if key in _cache:
        return _cache[key]
    try:
        with path.open("rb") as f:
            user = tomllib.load(f)
    except FileNotFoundError:
        raise BadInput(f"config file {str(path)!r} does not exist") from None
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise BadInput(f"config file {str(path)!r} is not valid TOML: {e}".splitlines()[0]) from None
    cfg = _config(_merge(_DEFAULTS, user, ""), source=str(path))
    _cache[key] = cfg
    return cfg


def choice(cfg: Mapping, section: str, key: str, allowed: tuple[str, ...]) -> str:
    """Read a string option and check it is one of ``allowed``."""
    value = cfg[section][key]
    if value not in allowed:
        raise BadInput(f"config option '{section}.{key}' is {value!r}; accepted: {', '.join(allowed)}")
    return value
