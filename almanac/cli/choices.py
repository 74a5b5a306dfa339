"""The per-request choices every computing command takes: ``--place``, ``--clock``, ``--lunar``,
``--school`` (``almanac.api.choices``)."""
from __future__ import annotations

from . import say


def add_arguments(p) -> None:
    p.add_argument("--place", metavar="PLACE", help=say(
        "where you are: a city (almanac places lists them; English, Korean or Chinese "
        "names) or LON,LAT; sets the solar clocks' longitude and, for a city, the zone",
        zh="所在地點：城市（almanac places 列出全部；英文、韓文或中文名稱皆可）或 LON,LAT；"
           "定太陽時的經度，若為城市亦定時區",
        ko="있는 곳: 도시(목록은 almanac places, 영어·한국어·중국어 이름 모두 가능) 또는 LON,LAT. "
           "태양시의 경도를 정하고, 도시이면 시간대도 정합니다"))
    p.add_argument("--clock", metavar="CLOCK", help=say(
        "the clock the double-hours (時辰) follow: civil, mean_solar, true_solar, or korean "
        "(127.5°E mean time: Zi (子) 23:30–01:30 KST)",
        zh="時辰所依的時法：civil（標準時）、mean_solar（平太陽時）、true_solar（真太陽時）或 korean"
           "（東經127.5度平時：子時為 KST 23:30–01:30）",
        ko="시진(時辰)을 나누는 시법(時法): civil(표준시), mean_solar(평태양시), true_solar(진태양시) "
           "또는 korean(동경(東經) 127.5도 평균시: 자시(子時)는 KST 23:30–01:30)"))
    p.add_argument("--lunar", metavar="CALENDAR", help=say(
        "lunar calendar: auto (by the zone's country), chinese, korean (KASI)",
        zh="農曆曆法：auto（依時區所屬國家）、chinese（中國曆）、korean（韓國曆，KASI）",
        ko="음력 역법: auto(시간대가 속한 나라에 따름), chinese(중국 역법), korean(한국천문연구원 KASI)"))
    p.add_argument("--school", metavar="NAME", help=say(
        "school preset of the disputed options (almanac schools lists them)",
        zh="學派：諸書說法不一之選項的成套設定（almanac schools 列出全部）",
        ko="학파(學派): 원전마다 설이 갈리는 옵션을 한데 묶은 설정 (목록은 almanac schools)"))


def kwargs(args) -> dict:
    return {"place": args.place, "clock": args.clock, "lunar": args.lunar, "school": args.school}


def choices_line(doc: dict, cfg, lang: str) -> str | None:
    """「學派: 六壬大全 · 時法: 真太陽時 · 地點: 首爾 126.98°E」 in ``lang`` for a day answered with
    other choices than the built-in ones (a school, a clock, a place), else None."""
    from almanac import config as _config
    from almanac.terms import choices_text

    school, preset = _config.school_preset(cfg)          # the school the day was answered by
    clock, place = doc.get("clock", "civil"), doc.get("place") or {}
    if school == "default" and clock == "civil" and not place.get("name"):
        return None
    if clock in ("civil", "korean") and not place.get("name"):
        place = {}                  # these clocks read no place: an unnamed one is not shown
    longitude = place.get("longitude", 0) if place.get("name") or place.get("longitude") is not None else None
    return choices_text(school, preset, clock, place.get("name"), lang, longitude=longitude)


def add_person_arguments(p) -> None:
    """``--born``/``--sex``: read the judgement for a person (their 本命 and 行年). Checked by
    ``almanac.judgement.person.parse_person`` alone, as the API and HTTP check them."""
    p.add_argument("--born", metavar="YEAR|DATE", help=say(
        "the person's birth year or date (with --sex): their birth-year branch (本命) and year branch (行年) are read",
        zh="當事人的生年或生日（配 --sex）：據以取其本命與行年",
        ko="판단 대상인 사람의 태어난 해 또는 생일 (--sex 옵션과 함께): 본명(本命)과 행년(行年)을 따집니다"))
    p.add_argument("--sex", metavar="m|f", help=say(
        "the person's sex, m or f (with --born)",
        zh="當事人的男女命：m（男）或 f（女）（配 --born）",
        ko="그 사람의 성별: m(남성) 또는 f(여성) (--born 옵션과 함께)"))


def add_partner_arguments(p) -> None:
    """``--partner-born``/``--partner-sex``: the person's partner (with ``--born``/``--sex``), whose
    行年 beside theirs the 課體 of a couple read (解離, 繁昌). Checked by ``parse_person`` alone."""
    p.add_argument("--partner-born", metavar="YEAR|DATE", help=say(
        "the partner's birth year or date (with --partner-sex, --born and --sex)",
        zh="配偶的生年或生日（配 --partner-sex、--born 與 --sex）",
        ko="배우자의 태어난 해 또는 생일 (--partner-sex, --born, --sex 옵션과 함께)"))
    p.add_argument("--partner-sex", metavar="m|f", help=say(
        "the partner's sex, m or f (with --partner-born)",
        zh="配偶的男女命：m（男）或 f（女）（配 --partner-born）",
        ko="배우자의 성별: m(남성) 또는 f(여성) (--partner-born 옵션과 함께)"))


def add_day_arguments(p, *, feed: bool = False) -> None:
    """``--partner-born``/``--partner-sex``, ``--by hour|day`` and ``--direction``: what a day
    task (이사 移徙, 결혼 嫁娶) reads, for ``almanac best`` (days ranked) and ``almanac feed`` (a
    feed of days). Checked where the days are read (``almanac.api.everyday.day_request``)."""
    add_partner_arguments(p)
    what = ("a feed of hours, or of days", "逐時或逐日的訂閱源", "시(時)별 또는 날(日)별 피드") if feed else \
        ("rank hours (default) or days", "逐時（預設）或逐日排列", "시(時)별(기본값) 또는 날(日)별로 고름")
    p.add_argument("--by", metavar="hour|day", help=say(
        f"{what[0]} (days are the default for the day tasks moving (移徙) and wedding (嫁娶))",
        zh=f"{what[1]}（移徙、嫁娶預設逐日）",
        ko=f"{what[2]} (이사(移徙)·결혼(嫁娶)은 날별이 기본값)"))
    p.add_argument("--direction", metavar="DIR", help=say(
        "direction of a move (移徙): N NE E SE S SW W NW (the Chinese and Korean names too)",
        zh="移徙的方向：北 東北 東 東南 南 西南 西 西北（或 N NE E …）",
        ko="이사하는 방향: 북 북동 동 남동 남 남서 서 북서 (또는 N NE E …)"))
