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


def choices_line(doc: dict, cfg, lang: str) -> str | None:
    """「學派: 六壬大全 · 時法: 真太陽時 · 地點: 首爾 126.98°E」 in ``lang`` for a day answered with
    other choices than the built-in ones (a school, a clock, a place), else None."""
    import config as _config
    from almanac.terms import choices_text

    school, preset = _config.school_preset(cfg)          # the school the day was answered by
    clock, place = doc.get("clock", "civil"), doc.get("place") or {}
    if school == "default" and clock == "civil" and not place.get("name"):
        return None
    longitude = place.get("longitude", 0) if place.get("name") or place.get("longitude") is not None else None
    return choices_text(school, preset, clock, place.get("name"), lang, longitude=longitude)


def add_person_arguments(p) -> None:
    """``--born``/``--sex``: read the judgement for a person (their 本命 and 行年). Checked by
    ``almanac.judgement.person.parse_person`` alone, as the API and HTTP check them."""
    p.add_argument("--born", metavar="YEAR|DATE", help="the person's birth year or date (with --sex): "
                                                        "their birth-year branch (本命) and year branch (行年) are read")
    p.add_argument("--sex", metavar="m|f", help="the person's sex, m or f (with --born)")


def add_partner_arguments(p) -> None:
    """``--partner-born``/``--partner-sex``: the person's partner (with ``--born``/``--sex``), whose
    行年 beside theirs the 課體 of a couple read (解離, 繁昌). Checked by ``parse_person`` alone."""
    p.add_argument("--partner-born", metavar="YEAR|DATE",
                   help="the partner's birth year or date (with --partner-sex, --born and --sex)")
    p.add_argument("--partner-sex", metavar="m|f", help="the partner's sex, m or f (with --partner-born)")
