"""Day reports a person reads: one HTML and one Markdown page per day (Jinja2 templates shipped as
package data), in zh-Hant, zh-Hans, ko or en.

A page opens with the day at a glance — the best hour for each task with its one-line reason
(the highest-scoring, said to be no good one, when no hour is good),
the day's taboos each explained in a sentence — then the twelve-hour table (時柱, 時禽, taboos,
三傳, 課法 and each task's verdict, coloured by verdict, with a legend), the 天地盤 of the day's best
hours, and per task a heatmap of days × hours over the report's days.

``write_reports(start_date, days, out_dir, config, lang=, tz=)`` writes one language and zone;
``write_report_set(start_date, days, root, config)`` writes every language and zone the
configuration publishes (``[reports] langs`` / ``zones``) — what the scheduler calls nightly.
Pages in the default language and zone go into ``root`` itself, the others into
``root/LANG/ZONE`` (:func:`variant_dir`).

The package is this front door; its modules do one job each:

- ``gather``: the days and every task's judged hours a run of pages shows;
- ``phrases``: what a page says in words (an hour's reason, the plain answers, "that day");
- ``pictures``: the heatmaps and the 天地盤 plates (SVG);
- ``sections``: the hour table, its cited reasons, the glance and the legend, as template data;
- ``render``: the pages rendered from ``templates/`` and written, with their links;
- ``writing``: the folders written (``write_reports``, ``write_report_set``) and found.
"""
from __future__ import annotations

from almanac.exports.reports import gather, phrases, pictures, render, sections, writing
from almanac.exports.reports.phrases import EVENING_MARK, EVENING_NOTE, plain_answers, reason_line, that_day
from almanac.exports.reports.pictures import heatmap_svg, plate_key, plate_svg
from almanac.exports.reports.render import compile_templates, link_query, unbroken
from almanac.exports.reports.writing import latest, published, variant_dir, write_report_set, write_reports

__all__ = [
    "write_reports", "write_report_set", "published", "variant_dir", "latest", "link_query",
    "compile_templates", "unbroken", "heatmap_svg", "plate_svg", "plate_key", "reason_line", "that_day",
    "plain_answers", "EVENING_MARK", "EVENING_NOTE",
    "gather", "phrases", "pictures", "render", "sections", "writing",
]
