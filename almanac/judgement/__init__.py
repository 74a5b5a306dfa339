"""The judgement layer: a rule catalog (data) applied to the facts of each 時辰.

- ``facts``      the fact vocabulary and the flat fact mapping of one hour
- ``conditions`` the declarative condition language of the rule files
- ``catalog``    loading and checking ``almanac/data/rules/*.toml``
- ``score``      task profiles (config ``[tasks]``), scores, reasons, vetoes, verdicts
- ``search``     the best hours for a task over a date range, and the twelve hours of one day

Pure: no I/O beyond reading the packaged catalog. See docs/judgement.md.
"""
