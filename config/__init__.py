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

# Sections whose keys a user may extend with new entries (tasks and their profiles).
_OPEN_SECTIONS = {"tasks"}


def _defaults() -> dict:
    with DEFAULT_PATH.open("rb") as f:
        return tomllib.load(f)


_DEFAULTS = _defaults()


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

    def __post_init__(self) -> None:
        blob = json.dumps(self.data, sort_keys=True, ensure_ascii=False, default=str)
        object.__setattr__(self, "digest", hashlib.sha256(blob.encode()).hexdigest()[:16])

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

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


def load(config: "str | os.PathLike | Mapping | Config | None" = None) -> Config:
    """Build the configuration from a TOML path, a dict, a ``Config``, or ``None``.

    ``None`` means ``$ALMANAC_CONFIG`` when it is set, else the built-in defaults.
    """
    if isinstance(config, Config):
        return config
    if config is None:
        env = os.environ.get("ALMANAC_CONFIG")
        if not env:
            key = "<defaults>"
            if key not in _cache:
                _cache[key] = Config(_DEFAULTS)
            return _cache[key]
        config = env
    if isinstance(config, Mapping):
        return Config(_merge(_DEFAULTS, config, ""), source="dict")
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
    cfg = Config(_merge(_DEFAULTS, user, ""), source=str(path))
    _cache[key] = cfg
    return cfg


def choice(cfg: Mapping, section: str, key: str, allowed: tuple[str, ...]) -> str:
    """Read a string option and check it is one of ``allowed``."""
    value = cfg[section][key]
    if value not in allowed:
        raise BadInput(f"config option '{section}.{key}' is {value!r}; accepted: {', '.join(allowed)}")
    return value
