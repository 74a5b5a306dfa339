"""Contract-shaped sample answers for the export tests, used only while the real compute API
(almanac.api.day, almanac.api.best.judge_day) is not installed. `install()` patches exports.source."""
from datetime import date, timedelta, datetime
from zoneinfo import ZoneInfo
from exports import source
from almanac import calendar as C
B="子丑寅卯辰巳午未申酉戌亥"
def fake_day(d, tz=None, config=None):
    d = source._as_date(d); tz = tz or "Asia/Shanghai"; z=ZoneInfo(tz)
    hours=[]
    for i,b in enumerate(B):
        st = datetime(d.year,d.month,d.day,tzinfo=z)+timedelta(hours=2*i-1)
        hours.append({"branch":b,"start":st.isoformat(),"end":(st+timedelta(hours=2)).isoformat(),"pillar":"甲"+b if i%2==0 else "乙"+b,
                      "mansion":"虛","yuejiang":"寅","flags":{"anjin":i==3,"fuduan":False,"jielu":i==5,"jielu_strict":False},
                      "transmissions":["寅","卯","辰"],"method":"元首"})
    terms=[{"name":"大雪","at":"2026-12-07T11:52:00+08:00"}] if d==date(2026,12,7) else []
    return {"date":d.isoformat(),"tz":tz,"pillars":{"year":"丙午","month":"己亥","day":"丁未"},"lunar":{"year":2026,"month":10,"day":21,"leap":False},
            "solar_terms":terms,"yuejiang":"寅","qin":{"mansion":"昴","name":"昴日雞","luminary":"日","yuan":6,"general":"心"},
            "flags":{"anjin":d.day%5==0,"fuduan":False},"hours":hours}
def fake_judge(d, tz, task, config=None):
    day=fake_day(d,tz)
    out=[]
    for i,h in enumerate(day["hours"]):
        sc=((d.toordinal()*7+i*3)%9)-4
        v="大吉" if sc>=3 else "吉" if sc>=1 else "平" if sc==0 else "凶" if sc>-3 else "大凶"
        out.append({"branch":h["branch"],"start":h["start"],"end":h["end"],"pillar":h["pillar"],"mansion":"虛","score":float(sc),"verdict":v,
                    "reasons":[{"rule":"liuren.x","effect":1.0,"text":"日上神生日干 — 百事吉","source":"003_089677c8ddf9fd3a.txt: 日上生日百事吉"}]})
    return out
def install():
    source._backend = lambda: None
    source.get_day = fake_day
    source.get_range = lambda s,e,tz=None,config=None: [fake_day(x,tz) for x in source._dates(s,e)]
    source.judge_day = fake_judge
    source.judge_range = lambda task,s,e,tz=None,config=None: {x:fake_judge(x,tz,task) for x in source._dates(s,e)}
    source.tasks = lambda config=None: [{"name":"travel","description":"出行 — setting out on a journey"},{"name":"wedding","description":"嫁娶 — marriage"}]
    try:
        import almanac.api.charts  # noqa: F401 — the real chart is installed: keep it
        return
    except ImportError:
        pass
    source.chart = lambda m,tz=None,config=None: {"day":"乙丑","yuejiang":"申","hour":"子","plate":{b:B[(i+8)%12] for i,b in enumerate(B)},"lessons":[],"transmissions":["寅","卯","辰"],"method":"元首","noble":{"branch":"子"},"generals":{B[(i+8)%12]:g for i,g in enumerate("貴人 螣蛇 朱雀 六合 勾陳 青龍 天空 白虎 太常 玄武 太陰 天后".split())},"void":["戌","亥"],"patterns":[]}


def real_api_available() -> bool:
    import importlib
    try:
        importlib.import_module("almanac.api.days")
        importlib.import_module("almanac.api.judging").judge_day
    except (ImportError, AttributeError):
        return False
    return True


def ensure() -> str:
    """Use the real compute API when it is installed, else install the sample; returns which."""
    if real_api_available():
        return "real"
    install()
    return "sample"
