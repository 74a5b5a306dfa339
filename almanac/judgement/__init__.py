"""The judgement layer: a rule catalog (data) applied to the facts of each 時辰.

- ``facts``      the flat fact mapping of one hour
- ``vocabulary`` the fact vocabulary: every fact a rule may test, its type and domain
- ``relations``  the small derived relations the facts are worked out with
- ``conditions`` the declarative condition language of the rule files
- ``catalog``    loading and checking ``almanac/data/rules/*.toml``
- ``profiles``   task profiles (config ``[tasks]``)
- ``score``      scores, reasons, vetoes, verdicts
- ``search``     the best hours for a task over a date range, and the twelve hours of one day

Pure: no I/O beyond reading the packaged catalog. See docs/judgement.md.
"""
