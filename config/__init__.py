"""The almanac's configuration (installed as ``almanac.config``). This is the front door; each part
has its own module:

- ``options`` the built-in defaults (``config/default.toml`` beside this file, every option
  documented there with the source it follows) and a user's options merged over them;
- ``presets`` the schools (``config/schools.toml``, a configuration's own ``[schools.NAME]``);
- ``loader`` :func:`load` (a file ``--config FILE``, ``ALMANAC_CONFIG``, or a dict of the same
  shape), the :class:`Config` it gives and :func:`derive`.

An unknown section or key is bad input, so a typo never goes unnoticed.

>>> from almanac.config import load
>>> cfg = load({"calendar": {"day_boundary": "midnight"}})
>>> cfg["calendar"]["day_boundary"], cfg["calendar"]["time_basis"]
('midnight', 'civil')
"""
from __future__ import annotations

from .loader import Config, choice, derive, load, school_preset
from .options import DEFAULT_PATH
from .presets import BUILTIN_SCHOOLS, SCHOOL_SECTIONS, SCHOOLS_PATH, schools

__all__ = ["BUILTIN_SCHOOLS", "Config", "DEFAULT_PATH", "SCHOOLS_PATH", "SCHOOL_SECTIONS", "choice", "derive",
           "load", "school_preset", "schools"]
