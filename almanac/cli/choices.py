"""The per-request choices every computing command takes: ``--place``, ``--clock``, ``--lunar``,
``--school`` (``almanac.api.choices``)."""
from __future__ import annotations


def add_arguments(p) -> None:
    p.add_argument("--place", metavar="PLACE",
                   help="where you are: a city (almanac places lists them; English, Korean or Chinese "
                        "names) or LON,LAT; sets the solar clocks' longitude and, for a city, the zone")
    p.add_argument("--clock", metavar="CLOCK",
                   help="the clock the double-hours (時辰) follow: civil, mean_solar, true_solar, or korean "
                        "(127.5°E mean time: Zi (子) 23:30–01:30 KST)")
    p.add_argument("--lunar", metavar="CALENDAR",
                   help="lunar calendar: auto (by the zone's country), chinese, korean (KASI)")
    p.add_argument("--school", metavar="NAME", help="school preset of the disputed options "
                                                    "(almanac schools lists them)")


def kwargs(args) -> dict:
    return {"place": args.place, "clock": args.clock, "lunar": args.lunar, "school": args.school}


def add_person_arguments(p) -> None:
    """``--born``/``--sex``: read the judgement for a person (their 本命 and 行年). Checked by
    ``almanac.judgement.person.parse_person`` alone, as the API and HTTP check them."""
    p.add_argument("--born", metavar="YEAR|DATE", help="the person's birth year or date (with --sex): "
                                                        "their birth-year branch (本命) and year branch (行年) are read")
    p.add_argument("--sex", metavar="m|f", help="the person's sex, m or f (with --born)")
