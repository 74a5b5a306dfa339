"""``almanac chart``: the 大六壬 chart of a moment, or of a day pillar as the books state it.

    almanac chart DATETIME [--tz ZONE] [--task NAME] [--lang L] [--json]
    almanac chart --day PILLAR (--yuejiang BRANCH --hour BRANCH | --gan-shang BRANCH) [--noble day|night]
                  [--task NAME] [--lang L] [--json]

With ``--task`` the answer adds a ``reading`` of the chart for that task (score, verdict, summary,
reasons): from every rule for a moment, from the rules a chart alone decides for a textbook chart.
"""
from __future__ import annotations

from almanac.errors import BadInput

from . import LANG_VALUES, say, shared_help


def register(subparsers, common) -> None:
    p = subparsers.add_parser("chart", parents=[common], help=say(
        "Great Six Ren (大六壬) chart of a moment or a day pillar",
        zh="某一時刻或某一日柱的大六壬課式",
        ko="한 시각 또는 한 일진(日辰)의 대육임(大六壬) 과(課)"),
        description=say(
            "The Great Six Ren (大六壬) chart: heaven-and-earth plates (天地盤), "
            "four lessons (四課), three transmissions (三傳), generals (天將), void (旬空), "
            "patterns (格局).",
            zh="大六壬課式：天地盤、四課、三傳、天將、旬空、格局。",
            ko="대육임(大六壬)의 과(課): 천지반(天地盤), 사과(四課), 삼전(三傳), 천장(天將), 순공(旬空), "
               "격국(格局)."))
    p.add_argument("moment", nargs="?", metavar="DATETIME", help=say(
        "ISO 8601 date-time, e.g. 2026-11-29T14:30",
        zh="ISO 8601 日期時刻，如 2026-11-29T14:30", ko="ISO 8601 날짜·시각, 예: 2026-11-29T14:30"))
    p.add_argument("--tz", metavar="ZONE", help=say(
        "IANA zone for a DATETIME without offset",
        zh="DATETIME 不含 UTC 偏移時所用的 IANA 時區",
        ko="UTC 오프셋이 없는 DATETIME 값에 쓸 IANA 시간대"))
    p.add_argument("--day", metavar="PILLAR", help=say(
        "day pillar in characters, e.g. Yichou (乙丑) (textbook chart)",
        zh="日柱干支，如 乙丑（書中例課）",
        ko="일진(日辰)의 간지를 한자나 한글로, 예: 乙丑 또는 을축 (책의 예제 과(課))"))
    p.add_argument("--yuejiang", metavar="BRANCH", help=say(
        "monthly general (月將) branch, with --hour",
        zh="月將的地支，配 --hour", ko="월장(月將)의 지지, --hour 옵션과 함께"))
    p.add_argument("--hour", metavar="BRANCH", help=say(
        "hour branch, with --yuejiang",
        zh="時支，配 --yuejiang", ko="시지(時支), --yuejiang 옵션과 함께"))
    p.add_argument("--gan-shang", metavar="BRANCH", dest="gan_shang", help=say(
        "sky branch over the day stem's lodging palace (寄宮), as in the books' “a Yichou (乙丑) day, Si (巳) over the stem”",
        zh="日干寄宮之上的天盤地支，如「乙丑日干上巳」",
        ko="일간(日干)의 기궁(寄宮) 위에 놓인 천반(天盤)의 지지, 「을축일 간상 사(乙丑日干上巳)」처럼"))
    p.add_argument("--noble", choices=("day", "night"), help=say(
        "the day Noble One (晝貴) or the night one (夜貴) (textbook chart)",
        zh="晝貴（day）或夜貴（night）（書中例課）",
        ko="주귀(晝貴, day) 또는 야귀(夜貴, night) (책의 예제 과(課))"))
    p.add_argument("--task", metavar="NAME", help=say(
        "read the chart for this task (see `almanac tasks`)",
        zh="按此事項解讀課式（見 `almanac tasks`）",
        ko="이 할 일로 과(課)를 풀이합니다 (`almanac tasks` 참고)"))
    p.add_argument("--lang", metavar="L", help=say(
        f"language of citations and readings: {LANG_VALUES['en']} (default: zh-Hant)",
        zh=f"出處與解讀的語言：{LANG_VALUES['zh']}（預設：zh-Hant）",
        ko=f"출처와 풀이의 언어: {LANG_VALUES['ko']} (기본값: zh-Hant)"))
    from .choices import add_partner_arguments, add_person_arguments
    add_person_arguments(p)
    add_partner_arguments(p)
    p.add_argument("--json", action="store_true", help=shared_help("json"))
    from .choices import add_arguments
    add_arguments(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from almanac.api.charts import chart, textbook_chart
    from almanac.cli import emit

    if args.day is not None:
        if args.moment is not None or args.tz is not None:
            raise BadInput("give either DATETIME [--tz] or --day with --yuejiang/--hour or --gan-shang, not both",
                           zh="DATETIME [--tz] 與 --day（配 --yuejiang/--hour 或 --gan-shang）只能擇一，不可並用",
                           ko="DATETIME [--tz] 방식과 --day 방식(--yuejiang/--hour 또는 --gan-shang)은 함께 "
                              "쓸 수 없습니다: 한쪽만 주십시오")
        if args.gan_shang is not None and (args.hour is not None or args.yuejiang is not None):
            raise BadInput("--gan-shang cannot be combined with --hour or --yuejiang",
                           zh="--gan-shang 不可與 --hour 或 --yuejiang 並用",
                           ko="--gan-shang 옵션은 --hour, --yuejiang 옵션과 함께 쓸 수 없습니다")
        if args.gan_shang is None and (args.hour is None or args.yuejiang is None):
            raise BadInput("--day needs both --yuejiang and --hour, or --gan-shang",
                           zh="--day 須配 --yuejiang 與 --hour 兩者，或配 --gan-shang",
                           ko="--day 옵션에는 --yuejiang 및 --hour 옵션 둘 다, 또는 --gan-shang 옵션이 필요합니다")
        if args.born or args.sex:
            raise BadInput("--born and --sex go with a DATETIME (the asker's 行年 is that year's)",
                           zh="--born 與 --sex 須配 DATETIME 使用（占者的行年取該年）",
                           ko="--born 및 --sex 옵션은 DATETIME 값과 함께 씁니다 (묻는 이의 행년(行年)은 "
                              "그해의 것입니다)")
        if args.partner_born or args.partner_sex:
            raise BadInput("--partner-born and --partner-sex go with a DATETIME (the couple's 行年 that year)",
                           zh="--partner-born 與 --partner-sex 須配 DATETIME 使用（取夫妻該年的行年）",
                           ko="--partner-born 및 --partner-sex 옵션은 DATETIME 값과 함께 씁니다 "
                              "(부부의 그해 행년(行年))")
        if args.place or args.clock or args.lunar:
            raise BadInput("--place, --clock and --lunar go with a DATETIME; a --day chart takes --school only",
                           zh="--place、--clock、--lunar 須配 DATETIME 使用；--day 的課只接受 --school",
                           ko="--place, --clock, --lunar 옵션은 DATETIME 값과 함께 씁니다. "
                              "--day 옵션의 과(課)에는 --school 옵션만 쓸 수 있습니다")
        doc = textbook_chart(args.day, yuejiang=args.yuejiang, hour=args.hour, gan_shang=args.gan_shang,
                             noble=args.noble, config=args.config, lang=args.lang, task=args.task,
                             school=args.school)
    else:
        if args.moment is None and (args.yuejiang or args.hour or args.gan_shang or args.noble):
            raise BadInput("chart needs a DATETIME, or --day PILLAR with --yuejiang/--hour or --gan-shang",
                           zh="chart 需要 DATETIME，或 --day PILLAR 配 --yuejiang/--hour 或 --gan-shang",
                           ko="chart 명령에는 DATETIME 값, 또는 --day PILLAR 및 --yuejiang/--hour 또는 "
                              "--gan-shang 옵션이 필요합니다")
        if args.moment is None:     # no moment: now, on the wall clock of the zone asked (or the reader's)
            args.moment, args.tz = _now(args)
        if args.yuejiang or args.hour or args.gan_shang or args.noble:
            raise BadInput("--yuejiang, --hour, --gan-shang and --noble go with --day, not with a DATETIME",
                           zh="--yuejiang、--hour、--gan-shang、--noble 須配 --day 使用，不可配 DATETIME",
                           ko="--yuejiang, --hour, --gan-shang, --noble 옵션은 DATETIME 값이 아니라 "
                              "--day 옵션과 함께 씁니다")
        from .choices import kwargs
        doc = chart(args.moment, tz=args.tz, config=args.config, lang=args.lang, task=args.task,
                    born=args.born, sex=args.sex, partner_born=args.partner_born,
                    partner_sex=args.partner_sex, **kwargs(args))
    task = None
    if doc.get("reading"):
        from almanac.api.judging import tasks
        from almanac.terms import task_label
        lang = doc.get("lang") or "zh-Hant"
        task = next((task_label(t, lang) for t in tasks(config=args.config)["tasks"]
                     if t["name"] == doc["reading"]["task"]), None)
    emit(doc, args.json, lambda d: render(d, task))
    return 0


def render(doc: dict, task: str | None = None) -> str:
    """The chart as ``almanac.liuren.render`` draws it (as the books print it, in characters), for
    an English reader with its key (day, 月將 over the hour, 三傳 with their generals, method) read
    in English and its 課體 again (Primary Head (元首)); for a Korean reader Korean first
    (:func:`_korean`: what the chart says in Korean, then the drawing under Korean headings), then
    the reading when one was asked for: the task as its reader calls it (``task``), and whom
    it was read for (the asker and the partner, with their 本命)."""
    from almanac.liuren.render import render_json
    from almanac.terms import label, term_list

    lang = doc.get("lang")
    keti = [k["name"] for k in doc.get("keti", []) + doc.get("keti_hour", [])]
    if lang == "ko":
        text = _korean(doc, keti)
    else:
        text = render_json(doc, _school_line(doc, lang)).rstrip("\n")
    if lang == "zh-Hans":           # drawn as the books print it, in the reader's characters
        from almanac.lang import hans
        text = hans(text)
    if lang == "en":
        text += "\n" + _key(doc, lang)
        if keti:
            text += f"\n{label('keti', lang)}: {term_list(keti, lang)}"
    r = doc.get("reading")
    if not r:
        return text
    lines = [text, "", f"{task or r['task']}: {r['summary']}"]
    people = _people_line(r, lang or "zh-Hant")
    if people:
        lines.insert(2, people)
    for x in r["reasons"]:
        lines.append(f"  {x['effect']:+5.1f}  {x['text']}")
        lines.append(f"         ↳ {x['citation']}")
    return "\n".join(lines)


def _korean(doc: dict, keti: list[str]) -> str:
    """The chart for a Korean reader, Korean first: what it says in Korean sentences, hanja beside
    each term (일진, 학파(學派), 과법(課法), 귀인(貴人), 순공(旬空), 삼전(三傳) and their 육친(六親)·
    둔간(遁干), 사과(四課), 격국(格局), 과체(課體)), then the drawing as the books print it — the
    三傳, 四課 and 天地盤 in characters under Korean headings (almanac.liuren.render.HEADINGS),
    with the plate's one-character generals read out under it. The books' own Chinese lines
    (丁未日 知一 (晝貴 亥 順) 旬空 寅卯, 寅將加未時, 課體 …) are what the sentences say."""
    from almanac.liuren.render import drawn_blocks
    from almanac.terms import label, term_list

    lines = _key(doc, "ko").split("\n")
    school = _school_line(doc, "ko")
    if school:
        lines.insert(1, school)
    if keti:
        lines.append(f"{label('keti', 'ko')}: {term_list(keti, 'ko')}")
    drawn = drawn_blocks(doc, "ko")
    plate_key = [x for x in lines if x.startswith(_PLATE_KEY_KO)]
    lines = [x for x in lines if not x.startswith(_PLATE_KEY_KO)]
    return "\n".join([*lines, DRAWING_KO, *drawn, *plate_key])


#: the heading between a Korean chart's sentences and its drawing (no blank line: a reading follows
#: the chart's first blank line)
DRAWING_KO = "그림 — 책에 실린 대로 한자로"
#: the line reading out the plate's one-character generals (drawn last, under the plate)
_PLATE_KEY_KO = "천지반(天地盤)의 천장(天將) 한 글자"


def _people_line(reading: dict, lang: str) -> str | None:
    """Whom the reading is for: 「占者: 1984年生 女命 (本命 子) · 配偶: 1982年生 男命 (本命 戌)」,
    「묻는 이: 1984년생 여성 (본명(本命) 자(子)) · 배우자: …」, "Asker: born 1984, female (birth-year
    branch (本命) Zi (子)) · Partner: …"; None for a reading for no one."""
    from almanac.terms import label, term

    def one(p: dict) -> str:
        who = label("person", lang).format(year=p["birth_year"], sex=label("sex_" + p["sex"], lang))
        return f"{who} ({label('benming', lang)} {term(p['benming'], lang, in_sentence=True)})" if p.get("benming") else who

    parts = [f"{label(head, lang)}: {one(reading[key])}"
             for key, head in (("person", "asker"), ("partner", "partner")) if reading.get(key)]
    return " · ".join(parts) or None


def _school_line(doc: dict, lang: str | None) -> str | None:
    """The chart's school as its reader calls it (學派 本書; 학파(學派): 본서(本書); School: default
    (本書)), for a built-in school or one of the configuration; None keeps the bare key."""
    from almanac import config as _config
    from almanac.terms import label, school_name

    name = doc.get("school")
    preset = _config.BUILTIN_SCHOOLS.get(name) if name else None
    if preset is None:
        return None
    if lang in ("ko", "en"):
        return f"{label('school', lang)}: {school_name(name, preset, lang)}"
    return f"學派 {school_name(name, preset, 'zh-Hant')}"


def _key(doc: dict, lang: str) -> str:
    """What the drawn chart says (drawn as the books print it), for a reader of English or Korean:
    the day, 月將 over the hour, the transmissions each with its general, the method and the void —
    Day Jiyou (己酉); Monthly general (月將) Yin (寅) over the hour Si (巳) …; 일진: 기유(己酉)일 ·
    월장(月將) 인(寅)을 사(巳)시에 더함 … (Korean sentences: the reading first, as the rules' texts
    and the seed translations write it; the drawing, under them, keeps the characters alone)."""
    from almanac.terms import label, term, term_list

    def t(x: str) -> str:
        return term(x, lang, in_sentence=True)
    gens = doc.get("transmission_generals") or [""] * 3
    if lang == "en":
        chuan = ", ".join(f"{t(b)} with the {t(g)}" if g else t(b) for b, g in zip(doc.get("transmissions") or [], gens))
        day = f"Day {t(doc.get('day') or '')}"
        if doc.get("yuejiang") and doc.get("hour"):      # a textbook chart from 干上 has neither
            day += f"; {label('yuejiang', lang)} {t(doc['yuejiang'])} over the hour {t(doc['hour'])}"
        void = "Void (旬空)"
    else:
        chuan = ", ".join(f"{t(b)} {t(g)}" if g else t(b) for b, g in zip(doc.get("transmissions") or [], gens))
        day = f"일진: {t(doc.get('day') or '')}{label('day', lang)}"
        if doc.get("yuejiang") and doc.get("hour"):
            jiang = t(doc["yuejiang"])                       # 인(寅)을, 자(子)를: by the reading's last sound
            last = jiang.partition("(")[0][-1]
            obj = "을" if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 else "를"
            day += f" · {label('yuejiang', lang)} {jiang}{obj} {t(doc['hour'])}{label('hour', lang)}에 더함"
        void = "순공(旬空)"
    noble = doc.get("noble") or {}
    if lang == "ko":        # the day, how the chart was found, then what it found, as the books read it
        lines = [day, f"{label('method', lang)}: {method_ko(doc.get('method', ''), doc.get('sub_method'))}"]
        if noble.get("branch"):
            lines.append(_noble_line(noble, lang))
        if doc.get("void"):
            lines.append(f"{void}: {', '.join(t(b) for b in doc['void'])}")
        lines += [f"{label('transmissions', lang)}: {chuan}", *_drawn_key(doc, lang)]
    else:
        lines = [day, f"{label('transmissions', lang)}: {chuan}", *_drawn_key(doc, lang),
                 f"{label('method', lang)}: {t(doc.get('method', ''))}"]
        if noble.get("branch"):
            lines.append(_noble_line(noble, lang))
        if doc.get("void"):
            lines.append(f"{void}: {', '.join(t(b) for b in doc['void'])}")
    if doc.get("patterns"):
        head = "격국(格局)" if lang == "ko" else "Patterns (格局)"
        lines.append(f"{head}: {term_list(doc['patterns'], lang)}")
    return "\n".join(lines)


def method_ko(method: str, sub_method: str | None) -> str:
    """The 課法 and the way within it that found the 初傳 (the drawn head's 知一·比用, 涉害·比用格),
    each read in Korean with its hanja, once each: 지일(知一)·비용(比用)."""
    from almanac.terms import term
    names = [method] + [x for x in (sub_method or "").split("·") if x]
    return "·".join(term(x, "ko", in_sentence=True) for x in dict.fromkeys(n for n in names if n))


def _drawn_key(doc: dict, lang: str) -> list[str]:
    """The blocks drawn in characters alone, read for an English or Korean reader: the 六親 and
    遁干 of the 三傳, the 四課 first to fourth (drawn right to left) each with its general, and the
    generals of the 天地盤 by the one character the plate writes them in (almanac.liuren.render)
    — Kin (六親) and hidden stems (遁干) …: parents (父母) Gui (癸) …; 사과(四課) …: 을(乙) 위
    인(寅) 주작(朱雀) …; 천장(天將) …: 귀(貴)=귀인(貴人), 사(蛇)=등사(螣蛇) …"""
    from almanac.liuren.generals import GENERALS
    from almanac.liuren.render import SHORT_GENERALS
    from almanac.terms import term

    def t(x: str) -> str:
        return term(x, lang, in_sentence=True)
    ko = lang == "ko"
    out = []
    kin = [(k, d) for k, d in zip(doc.get("liuqin") or [], doc.get("dungan") or [None] * 3) if k]
    if kin:
        head = "삼전의 육친(六親)·둔간(遁干)" if ko else "Kin (六親) and hidden stems (遁干) of the transmissions"
        none = "둔간 없음" if ko else "with no hidden stem"      # a void branch has none: 　戌
        out.append(f"{head}: " + "; ".join(f"{t(k)} {t(d) if d else none}" for k, d in kin))
    gens, lessons = doc.get("generals") or {}, doc.get("lessons") or []
    if lessons:
        if ko:       # 을(乙) 위 인(寅) 주작(朱雀): the upper over the lower, with the upper's general
            parts = [f"{t(x['lower'])} 위 {t(x['upper'])} {t(gens.get(x['upper'], ''))}".rstrip() for x in lessons]
            out.append("사과(四課), 제1과부터 (그림은 오른쪽부터): " + "; ".join(parts))
        else:
            parts = [f"{t(x['upper'])} over {t(x['lower'])}" + (f" with the {t(gens[x['upper']])}" if gens.get(x["upper"]) else "")
                     for x in lessons]
            out.append("Four lessons (四課), first to fourth (drawn right to left): " + "; ".join(parts))
    if gens:
        if ko:       # the plate's one character read as it is in the general's name: 사(蛇) of 등사(螣蛇)
            parts = [f"{_ko_syllable(g, c)}({c})={t(g)}" for g, c in ((g, SHORT_GENERALS[g]) for g in GENERALS)]
            out.append("천지반(天地盤)의 천장(天將) 한 글자: " + ", ".join(parts))
        else:
            parts = [f"{term(g, lang).replace(f'({g})', f'({SHORT_GENERALS[g]} = {g})')}" for g in GENERALS]
            out.append("Generals (天將) on the plate, one character each: " + ", ".join(parts))
    return out


def _ko_syllable(general: str, char: str) -> str:
    """The Korean reading of ``char`` as it sounds in the general's Korean name (蛇 of 등사(螣蛇):
    사), at the head of a word as a word begins (龍 of 청룡(青龍): 용, not 룡)."""
    from almanac.terms import GENERALS_KO
    from almanac.liuren.generals import GENERALS
    syllable = GENERALS_KO[GENERALS.index(general)][general.index(char)]
    code = ord(syllable) - 0xAC00
    lead, vowel, tail = code // 588, code % 588 // 28, code % 28
    if lead == 5:                # ㄹ at a word's head: ㅇ before ㅑ ㅕ ㅖ ㅛ ㅠ ㅣ, else ㄴ
        lead = 11 if vowel in (2, 6, 7, 12, 17, 20) else 2
    return chr(0xAC00 + lead * 588 + vowel * 28 + tail)


def _noble_line(noble: dict, lang: str) -> str:
    """Where the 貴人 stands, by day or night, and which way the generals run from it:
    귀인(貴人): 주귀(晝貴) 사(巳), 역행(逆行) · Noble One (貴人): the day noble at Si (巳),
    counter-clockwise (逆)."""
    from almanac.terms import term
    night = noble.get("time") == "night"
    back = noble.get("direction") == "逆"
    if lang == "ko":
        when = "야귀(夜貴)" if night else "주귀(晝貴)"
        way = "역행(逆行)" if back else "순행(順行)"
        return f"귀인(貴人): {when} {term(noble['branch'], lang, in_sentence=True)}, {way}"
    when = "night" if night else "day"
    way = "counter-clockwise (逆)" if back else "clockwise (順)"
    return f"Noble One (貴人): the {when} noble at {term(noble['branch'], lang)}, {way}"


def _now(args) -> tuple[str, str]:
    """The moment ``chart`` reads when none is given: now, to the second, as the wall clock of
    ``--tz`` (else the configuration's zone: the reader's place's) reads it, and that zone."""
    from datetime import datetime

    from almanac.api.choices import load
    from almanac.calendar import zone

    from .choices import kwargs
    cfg = load(args.config, **kwargs(args), tz=args.tz)
    name = args.tz or cfg["calendar"]["default_tz"]
    return datetime.now(zone(name)).replace(microsecond=0, tzinfo=None).isoformat(), name
