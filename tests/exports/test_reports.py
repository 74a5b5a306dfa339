"""Reports: HTML and Markdown per day in every feed language — the day at a glance (best hour per
task with its reason, the taboos explained), the hour table with 三傳/課法 filled and cells
coloured by verdict with a legend, a heatmap across the report's days, the 天地盤 of the best
hours — and the page as a reader sees it in headless Chromium (DOM and screenshot)."""
from __future__ import annotations

import re

import pytest

from almanac import api
from almanac import terms as T


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("ALMANAC_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    from almanac.exports.reports import write_reports
    out = tmp_path_factory.mktemp("reports")
    paths = write_reports("2026-12-05", 3, out, None)
    ko = write_reports("2026-12-05", 3, out / "ko", None, lang="ko")
    en = write_reports("2026-12-05", 1, out / "en", None, lang="en", tz="Asia/Seoul", heatmap_days=4)
    for lang in ("en", "zh-Hans"):     # a day with plates of its best hours, for the phone
        write_reports("2026-12-07", 1, out / "phone" / lang, None, lang=lang)
    yield out, paths, ko, en
    mp.undo()


def _cells(page: str) -> list[str]:
    return re.findall(r'<td class="tr">([^<]*)</td>', page)


def test_files_and_content(written):
    out, paths, _, _ = written
    assert [p.name for p in paths] == ["2026-12-05.html", "2026-12-06.html", "2026-12-07.html"]
    for p in paths:
        assert p.with_suffix(".md").exists()
    page = (out / "2026-12-07.html").read_text()
    md = (out / "2026-12-07.md").read_text()
    assert page.count("<svg") >= 2 and "大雪" in page and "天地盤" in page
    assert "| 子 |" in md and "大雪" in md
    # latest.html is the run's own night (its first day), not the furthest page written
    assert (out / "latest.html").read_text() == (out / "2026-12-05.html").read_text() != page


def test_hour_table_shows_the_days_transmissions_and_methods(written):
    out, _, _, _ = written
    day = api.day("2026-12-07")
    page = (out / "2026-12-07.html").read_text()
    assert _cells(page) == [T.term("".join(h["liuren"]["transmissions"]), "zh-Hant") for h in day["hours"]]
    md = (out / "2026-12-07.md").read_text()
    for h in day["hours"]:
        assert f"| {''.join(h['liuren']['transmissions'])} | {h['liuren']['method']}" in md


def test_cells_are_coloured_by_verdict_not_score(written):
    out, _, _, _ = written
    judged = api.judge_day("2026-12-07", task="travel")["hours"]
    page = (out / "2026-12-07.html").read_text()
    rows = page.split('<table class="hours">', 1)[1].split("</table>", 1)[0].split("<tr>")[2:]
    assert len(rows) == 12
    for row, h in zip(rows, judged):
        first = re.search(r'<td class="v" style="background: (#\w+)', row).group(1)  # travel column
        assert first == T.verdict_style(h["verdict"], h.get("vetoed", False))[0]
    assert T.verdict_style("吉")[0] != T.verdict_style("大凶")[0]


def test_glance_summary_legend_and_taboos(written):
    out, _, _, _ = written
    page = (out / "2026-12-05.html").read_text()
    glance = page.split('id="glance"', 1)[1].split("</section>", 1)[0]
    # one line per task, with the best usable hour's verdict word and a reason
    for t in api.tasks()["tasks"]:
        assert f"<th>{t['name_zh']}</th>" in glance
    best = max((h for h in api.judge_day("2026-12-05", task="travel")["hours"] if not h["vetoed"]),
               key=lambda h: h["score"])
    row = glance.split("<th>出行</th>", 1)[1].split("</tr>", 1)[0]
    assert f"{best['branch']}時 {best['start'][11:16]}" in row and T.verdict_name(best["verdict"], "zh-Hant") in row
    assert re.search(r'class="reason">(?:<strong class="nogood">[^<]+</strong> · )?[^<]{4,}</td>', row)
    # taboos explained in a sentence: a day without day taboos says so; hour taboos are named
    assert "截路空亡" in glance and "時干帶壬、癸" in glance
    legend = page.split('id="legend"', 1)[1].split("</div>", 1)[0]
    assert all(T.verdict_name(v, "zh-Hant") in legend for v in T.VERDICTS) and "禁" in legend


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
def test_glance_says_each_tasks_verdict_and_score_once(written, lang):
    """A line of the day at a glance shows the best hour's verdict (with its character for a
    Korean or English reader) and score once, in its chip; the reason beside it says what favours
    and threatens the hour, without opening with the verdict and score again."""
    import html as _html

    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang]
    html_glance = page.read_text().split('id="glance"', 1)[1].split("</section>", 1)[0]
    md_glance = page.with_suffix(".md").read_text().split("\n## ", 2)[1]
    # the verdict and its score as every reader meets the pair (good (吉, +4.3), 길(吉, +4.3), 吉（+4.3）)
    pairs = {v: re.escape(T.verdict_score(v, "SCORE", lang)).replace("SCORE", r"[+-][\d.]+") for v in T.VERDICTS}
    for rows in (html_glance.split("<tr>")[1:],
                 [x for x in md_glance.splitlines() if x.startswith("- **")][:len(api.tasks()["tasks"])]):
        assert len(rows) == len(api.tasks()["tasks"])
        for row in rows:
            text = _html.unescape(re.sub(r"<[^>]+>", " ", row))
            said = [m.group(0) for v in T.VERDICTS for m in re.finditer(pairs[v], text)]
            if T.label("no_usable_hour", lang) in text:
                continue
            assert len(said) == 1 or lang.startswith("zh"), text
            word = max(said, key=len)
            reason = re.sub(r"<[^>]+>", "", row.split('class="reason">', 1)[1]) if 'class="reason"' in row \
                else text.rsplit(" · ", 1)[1]
            assert text.count(word) == 1 or lang.startswith("zh"), text
            assert not reason.startswith(word) and not re.match(r"\S*\s*[(（][+-]\d", reason), reason
            assert re.search(r"[+-]\d", text.split(reason)[0]), text     # the score is shown, before


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
def test_a_verdict_and_its_score_share_one_bracket(written, lang):
    """Wherever a report shows a verdict with its score — the day at a glance, each hour's
    reasons, the best hours' charts, in HTML and Markdown — the pair is one bracket after the word
    (good (吉, +4.3), 길(吉, +4.3), 吉（+4.3）): never 「good (吉) (+4.3)」, two brackets in a row."""
    import html as _html
    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang]
    pairs = "|".join(re.escape(T.verdict_score(v, "SCORE", lang, vetoed=x)).replace("SCORE", r"[+-][\d.]+")
                     for v in T.VERDICTS for x in (False, True))
    for text in (page.with_suffix(".md").read_text(), _html.unescape(re.sub(r"<[^>]+>", " ", page.read_text()))):
        assert not re.search(r"[)）]\s*[(（][+-]\d", text), re.search(r".{40}[)）]\s*[(（][+-]\d", text)
        assert len(re.findall(pairs, text)) >= len(api.tasks()["tasks"])   # the glance's lines at least
    md = page.with_suffix(".md").read_text()
    reasons = md.split("\n## " + T.label("hour_reasons", lang), 1)[1].split("\n## ", 1)[0]
    said = [x.split(" — ", 1)[1] for x in reasons.splitlines() if x.startswith("- **")]
    assert said and all(re.fullmatch(pairs, x) for x in said), said[:3]


def _heat_cells(page: str, marker: str) -> dict[str, list[tuple[str, ...]]]:
    """Each heatmap after ``marker`` on ``page``, by its task label: its cells' tooltips as
    (date, hour, mark, score), in the order drawn."""
    heat = page.split(marker, 1)[1]
    return {label: [re.fullmatch(r"(\d{4}-\d\d-\d\d) (.+) (\S+) ([+-][\d.]+)", t).groups()
                    for t in re.findall(r"<title>([^<]*)</title>", svg)]
            for label, svg in re.findall(r'<svg [^>]*aria-label="([^"]*)"[^>]*>(.*?)</svg>', heat, re.S)
            if "<rect" in svg}


#: an English heatmap's marks (its legend names them)
EN_MARKS = {"大吉": "++", "吉": "+", "平": "·", "凶": "−", "大凶": "−−"}


def test_heatmap_covers_the_reports_days(written):
    """Each task's heatmap has one cell per hour of each of the report's days (a single English
    page: the four days asked for), and each cell says that hour's judgement for that task — its
    verdict, or vetoed, and its score."""
    import html as _html
    from datetime import date
    out, _, _, en = written
    cases = [((out / "2026-12-05.html").read_text(), T.label("heatmap", "zh-Hant"), "zh-Hant",
              "Asia/Shanghai", ["2026-12-05", "2026-12-06", "2026-12-07"]),
             (en[0].read_text(), "Days × hours", "en", "Asia/Seoul",
              ["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"])]
    for page, marker, lang, tz, days in cases:
        maps = _heat_cells(page, marker)
        tasks = api.tasks()["tasks"]
        assert set(maps) == {_html.escape(T.task_label(t, lang)) for t in tasks}, lang
        for t in tasks:
            cells = maps[_html.escape(T.task_label(t, lang))]
            want = []
            for d in days:
                for h in api.judge_day(date.fromisoformat(d), tz, t["name"])["hours"]:
                    if lang == "en":
                        mark = "×" if h["vetoed"] else EN_MARKS[h["verdict"]]
                    else:
                        mark = T.label("vetoed", lang) if h["vetoed"] else T.verdict_name(h["verdict"], lang)
                    want.append((d, h["branch"], mark, f"{h['score']:+g}"))
            got = [(d, hour if lang != "en" else hour[-2], mark, score) for d, hour, mark, score in cells]
            assert got == want, (lang, t["name"])


def test_korean_page_reads_korean(written):
    _, _, ko, _ = written
    page = ko[0].read_text()
    md = ko[0].with_suffix(".md").read_text()
    for text in (page, md):
        text_only = re.sub(r"<[^>]+>", " ", re.sub(r"</?span[^>]*>", "", text))    # a span is inline
        assert "출행(出行)" in text_only and "견사(遣使)" in text_only
        assert not re.search(r"\b(travel|delegate|negotiation|wealth|lawsuit)\b", text_only)
        assert "임금" not in text_only
        assert not re.search(r"연금(?![가-힣]*\(演禽)", text_only) and not re.search(r"금성(?![가-힣]*\(禽星)", text_only)
        assert "대흉" in text_only or "흉" in text_only
        # verdict cells carry Korean words, never 大凶/平; dense, they keep the bare word
        cells = re.findall(r'<td class="v"[^>]*>(?:<a [^>]*>)?([^<]*)<', text)
        for cell in cells:
            assert cell in {"대길", "길", "평", "흉", "대흉", "불가"}
    assert "범례" in page and "삼전(三傳)" in page
    # the legend names each word once with its character, as the page writes a term (길(吉));
    # 평 alone is also a unit of floor area
    legend = page.split('id="legend"', 1)[1].split("</div>", 1)[0]
    chips = re.findall(r'<span class="chip"[^>]*>([^<]*)</span>', legend)
    assert chips == ["대길(大吉)", "길(吉)", "평(平)", "흉(凶)", "대흉(大凶)", "불가(不可)"], chips
    md_legend = next(x for x in md.splitlines() if x.startswith("범례"))
    assert all(c in md_legend for c in chips), md_legend
    assert 'id="marks"' not in page        # the heatmaps' marks are the legend's words already
    # an hour's several taboos are listed as Korean lists them, not with the Chinese 、
    rows = [line for p in ko for line in p.with_suffix(".md").read_text().splitlines() if line.startswith("| ")]
    assert not [r for r in rows if "、" in re.sub(r"「[^」]*」", "", r)]
    assert any(re.search(r"\(暗金\), |\(截路空亡\), |\(伏斷\), ", r) for r in rows)


def test_cli_report(written, tmp_path):
    from almanac.cli import main
    assert main(["report", "--date", "2026-12-05", "--days", "1", "-o", str(tmp_path), "--lang", "ko"]) == 0
    assert (tmp_path / "2026-12-05.html").exists() and (tmp_path / "2026-12-05.md").exists()
    assert '<html lang="ko">' in (tmp_path / "2026-12-05.html").read_text()
    assert main(["report", "--date", "2026-12-05", "--days", "0", "-o", str(tmp_path)]) == 2


def test_report_set_writes_every_published_language_and_zone(tmp_path, monkeypatch):
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    from almanac.exports.reports import write_report_set
    cfg = {"reports": {"langs": ["zh-Hant", "ko"], "zones": ["Asia/Shanghai", "Asia/Seoul"]}}
    paths = write_report_set("2026-12-05", 1, tmp_path / "r", cfg)
    got = sorted(str(p.relative_to(tmp_path / "r")) for p in paths)
    assert got == ["2026-12-05.html", "ko/Asia/Seoul/2026-12-05.html", "ko/Asia/Shanghai/2026-12-05.html",
                   "zh-Hant/Asia/Seoul/2026-12-05.html"]
    assert "Asia/Seoul" in (tmp_path / "r/ko/Asia/Seoul/2026-12-05.html").read_text()


@pytest.mark.parametrize("lang", ["zh-Hant", "ko"])
def test_chromium_reader_sees_summary_transmissions_legend(written, browse, lang):
    out, _, ko, _ = written
    page = out / "2026-12-07.html" if lang == "zh-Hant" else ko[2]
    dom = browse(page.as_uri(), "--dump-dom").stdout
    from almanac.exports.reports import that_day      # a page of another day than today: 이날, 當日
    assert T.label("at_a_glance", lang) in dom or that_day(T.label("at_a_glance", lang), lang) in dom
    assert any(T.label(k, lang) in dom for k in ("best_per_task", "top_per_task"))
    day = api.day("2026-12-07")
    tr = T.term("".join(day["hours"][0]["liuren"]["transmissions"]), lang)
    assert re.search(r'<td class="tr">' + re.escape(tr) + "</td>", dom)
    assert 'id="legend"' in dom and T.label("legend", lang) in dom


def test_english_reader_meets_chinese_only_beside_english_words(written, browse):
    # the page as Chromium shows it, outside the drawn plates and heatmaps: every run of characters
    # glosses an English word (Zi (子), the Noble One (貴人)) or is a source's quoted opening words
    import html as _html
    _, _, _, en = written
    dom = browse(en[0].as_uri(), "--dump-dom").stdout
    body = re.sub(r"<svg.*?</svg>|<style.*?</style>|<script.*?</script>|<head>.*?</head>", "", dom, flags=re.S)
    text = _html.unescape(re.sub(r"<[^>]+>", " ", body))
    bare = re.sub(r"「[^」]*」", "", text)
    bare = re.sub(r"(?<=[A-Za-z.]) ?\((?:[^()]|\([^()]*\))*\)", "", bare)
    assert "Zi (子)" in text and "Three transmissions (三傳)" in text
    assert not re.findall(r"[\u4e00-\u9fff]+", bare), re.findall(r".{30}[\u4e00-\u9fff]+.{10}", bare)


def test_english_markdown_meets_chinese_only_beside_english_words(tmp_path, monkeypatch):
    # the Markdown page has no plates: every character glosses an English word, the hour of each
    # best hour's plate too (it read 「- competition · 未 good」)
    import html as _html

    from almanac.exports.reports import write_reports
    from tests.judgement.test_rules_text import bare_cjk
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    page = write_reports("2026-11-29", 1, tmp_path / "en", None, lang="en", tz="Asia/Seoul")[0]
    md = _html.unescape(page.with_suffix(".md").read_text())
    plates = md.split("\n## ")[-1]
    assert "(天地盤)" in plates.splitlines()[0] and re.search(r"^- .+ · [A-Z][a-z]+ \(.\) ", plates, re.M)
    assert not bare_cjk(md, "en"), bare_cjk(md, "en")


def test_chromium_screenshot_shows_verdict_colours(written, browse, tmp_path):
    from PIL import Image
    out, _, _, _ = written
    shot = tmp_path / "shot.png"
    browse((out / "2026-12-07.html").as_uri(), "--window-size=1400,1800", f"--screenshot={shot}")
    img = Image.open(shot).convert("RGB")
    assert img.size[0] >= 800
    colours = dict((rgb, n) for n, rgb in img.getcolors(maxcolors=1 << 22) or [])
    assert len(colours) > 50, "screenshot is blank or nearly so"

    def area(hex_colour: str) -> int:
        rgb = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
        return colours.get(rgb, 0)
    # the verdict colours are painted (cells and legend chips), the most common of them in
    # proportion: some 大凶 red, but not a sea of it, and the legend's 大吉/吉 green is there
    seen = {v: area(T.VERDICT_COLORS[v]) for v in T.VERDICTS}
    assert all(n > 0 for n in seen.values()), seen
    assert area(T.VETO_COLOR) > 0


@pytest.mark.parametrize("lang, school, clock, place", [
    ("ko", "학파(學派): 육임대전(六壬大全)", "시법(時法): 진태양시(眞太陽時)", "장소: 서울"),
    ("en", "School: daquan", "Clock: true solar time", "Place: Seoul"),
    ("zh-Hant", "學派：六壬大全", "時法：真太陽時", "地點：首爾")])
def test_reports_name_their_school_clock_and_place(tmp_path, monkeypatch, lang, school, clock, place):
    """A page says which school it follows, and its clock and place when they are not the default."""
    from almanac import config
    from almanac.api.choices import apply
    from almanac.exports.reports import write_reports
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    plain = write_reports("2026-12-05", 1, tmp_path / "plain", None, lang=lang)[0]
    cfg = apply(config.load({}), school="daquan", clock="true_solar", place="Seoul")
    chosen = write_reports("2026-12-05", 1, tmp_path / "chosen", cfg, lang=lang, tz="Asia/Seoul")[0]
    default_school = {"ko": "본서(本書)", "en": "default", "zh-Hant": "本書"}[lang]
    for page, md, named in ((plain, plain.with_suffix(".md"), False), (chosen, chosen.with_suffix(".md"), True)):
        for text in (page.read_text(), md.read_text()):
            assert (school in text) is named and (clock in text) is named and (place in text) is named
            if not named:   # the default school is named too; the default clock and no place are not
                sep = "：" if lang.startswith("zh") else ": "
                assert f"{school.split(sep)[0]}{sep}{default_school}" in text
                assert clock.split(sep)[0] not in text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_lines_under_a_plate_are_read_in_the_readers_language(lang):
    # the plate keeps the books' characters; the day, 月將, 三傳 and method under it are the reader's
    from almanac import config
    from almanac.exports import source
    from almanac.exports.reports import plate_svg
    ch = source.chart("2026-12-05T10:01", "Asia/Seoul", config.load())
    lines = re.findall(r'<text class="centre"[^>]*>([^<]*)<', plate_svg(ch, "x", lang))
    tr = T.term("".join(ch["transmissions"]), lang)
    assert tr in " ".join(lines) and T.term(ch["method"], lang) in lines
    assert T.term(ch["day"], lang) in lines[0]
    assert any(T.term(ch["yuejiang"], lang) in x and (T.label("yuejiang", lang) in x or lang == "en")
               for x in lines)
    assert tr != "".join(ch["transmissions"])          # named, not the bare characters


def test_a_report_set_whose_inputs_are_unchanged_is_not_rendered_again(tmp_path, monkeypatch):
    """The nightly pages of a language and zone are rendered again only when what they show
    changed: the same night over the same store rows leaves every file as it was; a changed
    judgement (its store tag) or a page changed by hand renders them again, to the same bytes
    as a render from nothing when only the file was touched."""
    import datetime as dt

    from almanac import config as config_mod
    from almanac.exports import reports, source
    from almanac.exports.store import Store
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    cfg = {"reports": {"langs": ["zh-Hant", "ko"]}}
    Store(None, config_mod.load(cfg)).precompute("2026-12-05", "2026-12-06")
    root = tmp_path / "r"
    rendered: list = []
    real = reports.render.render_pages
    monkeypatch.setattr(reports.render, "render_pages", lambda rng, out, lang, *a, **k:
                        rendered.append(lang) or real(rng, out, lang, *a, **k))

    def run():
        rendered.clear()
        reports.write_report_set("2026-12-05", 2, root, cfg)
        return {str(p.relative_to(root)): (p.read_bytes(), p.stat().st_ino)
                for p in sorted(root.rglob("*.*"))}

    first = run()
    assert sorted(rendered) == ["ko", "zh-Hant"] and len(first) == 2 * 5   # 2 days × (html, md) + latest
    assert run() == first and rendered == []
    (root / "2026-12-06.md").write_text("changed by hand")
    assert {k: v[0] for k, v in run().items()} == {k: v[0] for k, v in first.items()}
    assert rendered == ["zh-Hant"]
    real_tags = source.task_tags
    task = source.task_names(config_mod.load(cfg))[0]
    monkeypatch.setattr(source, "task_tags", lambda t, *a, **k: {
        d: v + ("'" if t == task and d == dt.date(2026, 12, 6) else "") for d, v in real_tags(t, *a, **k).items()})
    run()
    assert sorted(rendered) == ["ko", "zh-Hant"]


def test_pages_link_to_the_days_beside_them_within_the_supported_years(tmp_path, monkeypatch):
    """A page links to the day before and after; the first and last days of the supported years
    link only inward (the day beyond would be refused)."""
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    from almanac.calendar import MAX_YEAR, MIN_YEAR
    from almanac.exports.reports import write_reports
    for day, inward, outward in ((f"{MIN_YEAR}-01-01", f"{MIN_YEAR}-01-02", f"{MIN_YEAR - 1:04d}-12-31"),
                                 (f"{MAX_YEAR}-12-31", f"{MAX_YEAR}-12-30", f"{MAX_YEAR + 1}-01-01")):
        first = min(day, inward)
        pages = write_reports(first, 2, tmp_path / day, None, heatmap_days=1)
        page = next(p for p in pages if p.name == f"{day}.html").read_text()
        nav = re.search(r"<nav>(.*?)</nav>", page, re.S).group(1)
        assert f'href="{inward}.html?lang=zh-Hant&amp;tz=Asia%2FShanghai"' in nav and outward not in nav


def test_a_page_links_only_to_pages_that_are_there(tmp_path, monkeypatch):
    """A day's page written alone (`almanac report --days 1`) has no link to a day whose page was
    never written; a later run beside it links to it, and the service links to the days it makes
    on demand."""
    import datetime as dt

    from almanac.exports.http import routes
    from almanac.exports.reports import write_reports
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "r"

    def nav(path):      # the day each link leads to (each carries the page's lang and tz)
        return [x.split("?", 1)[0] for x in
                re.findall(r'href="([^"]+)"', re.search(r"<nav>(.*?)</nav>", path.read_text(), re.S).group(1))]

    alone = write_reports("2026-12-05", 1, out, None, heatmap_days=1)[0]
    assert nav(alone) == []
    after = write_reports("2026-12-06", 1, out, None, heatmap_days=1)[0]
    assert nav(after) == ["2026-12-05.html"]            # the page before it is there; the next is not
    from almanac import config as config_mod
    cfg = config_mod.load({"reports": {"days": 1}})
    lo, hi = routes.report_window(cfg)
    served = routes.write_page(lo + dt.timedelta(days=1), tmp_path / "served", cfg, "zh-Hant",
                               cfg["calendar"]["default_tz"])
    assert nav(served) == [f"{lo.isoformat()}.html", f"{(lo + dt.timedelta(days=2)).isoformat()}.html"]
    edge = routes.write_page(hi, tmp_path / "served", cfg, "zh-Hant", cfg["calendar"]["default_tz"])
    assert nav(edge) == [f"{(hi - dt.timedelta(days=1)).isoformat()}.html"]


@pytest.mark.parametrize("lang", ["zh-Hant", "ko", "en"])
def test_a_plates_middle_lines_stay_inside_its_middle_cells(browse, lang, tmp_path):
    """The 天地盤 of a page, measured as Chromium lays it out: the lines in the middle (the day and
    hour, 月將, 三傳 and 課) stay inside the middle four cells, in every language (glossed English
    and Korean lines once ran over the cells beside them). Charts of a day's twelve hours, with
    the longest 三傳 glosses among them."""
    import json as _json

    from almanac.exports.reports import plate_svg
    svgs = [plate_svg(api.chart(f"2026-12-07T{h:02d}:30", tz="Asia/Seoul"), "caption", lang)
            for h in range(0, 24, 2)]
    probe = tmp_path / "plates.html"
    probe.write_text('<html><head><meta charset="utf-8"></head><body>' + "".join(svgs) + """
<pre id="out"></pre><script>
const rows = [];
for (const svg of document.querySelectorAll("svg")) {
  const cells = [...svg.querySelectorAll("rect")].map(r => r.getBBox());
  const left = Math.min(...cells.map(b => b.x)), top = Math.min(...cells.map(b => b.y));
  const cell = cells[0].width;
  for (const t of svg.querySelectorAll("text.centre")) {
    const b = t.getBBox();
    rows.push({text: t.textContent, x0: b.x - left - cell, x1: b.x + b.width - left - cell,
               y0: b.y - top - cell, y1: b.y + b.height - top - cell, box: 2 * cell});
  }
}
document.getElementById("out").textContent = JSON.stringify(rows);
</script></body></html>""", encoding="utf-8")
    dom = browse(probe.as_uri(), "--dump-dom").stdout
    rows = _json.loads(__import__("html").unescape(re.search(r'<pre id="out">(.*?)</pre>', dom, re.S).group(1)))
    assert len(rows) >= 4 * len(svgs)
    for r in rows:
        assert 0 <= r["x0"] and r["x1"] <= r["box"] and 0 <= r["y0"] and r["y1"] <= r["box"], r


def _measure(phone, page, width: int) -> dict:
    """The page as Chromium lays it out ``width`` pixels wide (a phone's true width, below 640
    pixels a phone's viewport; tests.devtools): how wide the page itself is, the glance's width
    and its reason cells' widths, where the hour table's first verdict cell ends (its right edge,
    in page pixels), and each element outside a sideways-scrolling box that reaches past the
    screen's right edge."""
    import json as _json
    browser = phone(width, mobile=width < 640)
    browser.open(page.as_uri())
    return _json.loads(browser.eval("""JSON.stringify((() => {
  const glance = document.getElementById("glance").getBoundingClientRect();
  const v = document.querySelector(".hours td.v").getBoundingClientRect();
  const over = [...document.querySelectorAll("body *")]
    .filter(e => !e.closest(".scroll") && e.getBoundingClientRect().right > WIDTH + 0.5)
    .map(e => e.tagName + " " + (e.textContent || "").slice(0, 30));
  return {page: document.documentElement.scrollWidth, view: window.innerWidth, glance: glance.width,
          reasons: [...document.querySelectorAll("#glance td.reason")].map(e => e.getBoundingClientRect().width),
          verdict_right: v.right, over: over,
          rows: [...document.querySelectorAll("table.hours tr")].slice(1).map(r => r.getBoundingClientRect().height),
          line: parseFloat(getComputedStyle(document.querySelector("table.hours td")).lineHeight),
          verdicts_in_view: [...document.querySelectorAll("table.hours tr")[1].querySelectorAll("td.v")]
            .filter(c => c.getBoundingClientRect().right <= Math.min(WIDTH, document.querySelector(".scroll")
              .getBoundingClientRect().right) + 0.5).length};
})())""".replace("WIDTH", str(width))))


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hans", "zh-Hant"])
def test_a_phone_reads_the_page_without_sideways_scrolling(written, phone, lang, width):
    """360 and 390 pixels wide, as a phone lays a page out (a headless window is never narrower
    than 500 pixels: the page is measured in a phone's viewport, tests.devtools): the page is no
    wider than the screen and nothing outside the hour table and the heatmaps, which scroll inside
    their own boxes, reaches past its edge (a heatmap once ran off the page; the plates of the
    best hours, 324 pixels and a figure's margins, ran 17 pixels past a 360-pixel screen); each
    task's reason at a glance takes the glance's width under its task, verdict and time (it was
    a column a few characters wide beside them, a dozen lines tall)."""
    out, paths, ko, en = written
    page = {"ko": ko[2], "zh-Hant": paths[2]}.get(lang) or out / "phone" / lang / "2026-12-07.html"
    assert "<figure>" in page.read_text()          # a plate is on the page, to be measured
    m = _measure(phone, page, width)
    assert m["view"] == width and m["page"] <= width and not m["over"], m
    assert m["reasons"] and min(m["reasons"]) >= 0.8 * m["glance"] - 40, m
    # an hour is a row of a few lines, not a tall block (the 課體 cell, far right, was narrow
    # enough that an English row stood six lines tall and the twelve hours three screens)
    assert len(m["rows"]) == 12 and max(m["rows"]) <= 4 * m["line"], (m["rows"], m["line"])
    # the first screen shows at least two tasks' verdicts beside the hour and its time (each may
    # take two lines on a phone; an English one showed one task's)
    assert m["verdicts_in_view"] >= 2, m


def test_a_desktop_sees_the_verdicts_of_the_hour_table(written, phone):
    """1280 pixels wide, an English page (the longest glosses): the hour table's verdict cells
    are on the screen without scrolling it sideways (they came after the chart's columns, past
    the right edge)."""
    _, _, _, en = written
    m = _measure(phone, en[0], 1280)
    assert m["verdict_right"] <= m["view"], m


def test_the_english_heatmaps_marks_are_explained(written):
    """An English heatmap marks its cells ++, +, ·, −, −−, ×: a legend beside the heatmaps says
    which verdict each stands for (the legend above the hour table shows the words only)."""
    _, _, _, en = written
    page = en[0].read_text()
    heat = page.split("Days × hours", 1)[1]
    marks = re.search(r'id="marks">(.*?)</div>', heat, re.S)
    assert marks, "no legend of the marks beside the heatmaps"
    for v in T.VERDICTS:
        mark = {"大吉": "++", "吉": "+", "平": "·", "凶": "−", "大凶": "−−"}[v]
        assert re.search(rf">{re.escape(mark)}</span> {re.escape(T.verdict_name(v, 'en'))}<", marks.group(1)), v
    assert re.search(r">×</span> forbidden<", marks.group(1))


def test_a_korean_reader_is_told_the_days_seven_luminary_not_shown_a_bare_character(written):
    """The day's 禽 line of a Korean page reads its 七曜 (칠요(七曜) 수(水)), not 「參水猿(삼수원) (水)」,
    a lone character in brackets; Chinese pages keep 「參水猿（水）」."""
    from almanac.mansions import LUMINARIES
    out, paths, ko, _ = written
    lum = api.day("2026-12-05")["qin"]["luminary"]
    for page in (ko[0], ko[0].with_suffix(".md")):
        text = page.read_text()
        assert not re.search(rf" \([{LUMINARIES}]\)", text), re.findall(rf".{{20}} \([{LUMINARIES}]\)", text)
        assert re.search(rf"칠요\(七曜\) [가-힣]\({lum}\)", text)
    assert f"（{lum}）" in paths[0].read_text()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_plates_caption_gives_the_verdict_with_its_character(tmp_path, monkeypatch, lang):
    """Under a best hour's 天地盤 the caption names task, hour and verdict as the reader reads a
    verdict elsewhere on the page (길(吉), good (吉)), not the bare word 길 or good."""
    import html as _html

    from almanac.judgement.explain import VERDICT_NAMES
    from almanac.exports.reports import write_reports
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    pages = write_reports("2026-12-02", 1, tmp_path / lang, None, lang=lang, heatmap_days=1)
    captions = [_html.unescape(c) for p in pages for c in
                re.findall(r'<text x="[^"]+" y="[^"]+" text-anchor="middle" font-size="13">([^<]*)</text></svg>',
                           p.read_text())]
    assert captions
    names = [VERDICT_NAMES[v][lang] for v in ("吉", "大吉")]
    assert all(c.endswith(tuple(names)) for c in captions), captions


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
def test_a_page_says_the_days_pillars_and_taboos_once(written, lang):
    """The day's pillars are the line under the title and its taboos are the glance's; the list of
    the day's facts does not say them again (「간지: …」 under 「丙午(병오)년 …」, 「기피: 없음」
    under 「오늘은 암금(暗金)·복단(伏斷)이 없다」)."""
    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang]
    day = api.day(page.stem, tz="Asia/Seoul" if lang == "en" else "Asia/Shanghai")
    pillars = T.pillar_line(day["pillars"], lang)
    for text in (page.read_text(), page.with_suffix(".md").read_text()):
        assert text.count(pillars) == 1, pillars
        facts = re.findall(r"<li>([^<]*)</li>", text.split('class="facts"', 1)[1].split("</ul>", 1)[0]) \
            if 'class="facts"' in text else [x[2:] for x in text.split(f"## {T.label('hours', lang)}")[0]
                                                 .split(T.label("hour_taboos", lang))[-1].splitlines()
                                                 if x.startswith("- ") and (": " in x or "：" in x)]
        said_again = tuple(T.label(k, lang) + c for k in ("taboos", "pillars") for c in (":", "："))
        assert facts and not [f for f in facts if f.startswith(said_again)], facts


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
def test_the_pages_foot_says_what_its_digest_is(written, lang):
    """The hexadecimal digest at a page's foot is introduced as what it is (the settings the page
    was made with), not by a bare 「설정」 or 「config」."""
    from almanac import config as config_mod
    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang]
    digest = config_mod.load().digest
    for text in (page.read_text(), page.with_suffix(".md").read_text()):
        # the words just before the digest on its line, back to the last tag, emphasis or 「·」
        # (read line by line: a pattern scanning back over the whole page is quadratic in its size)
        line = next(x for x in text.splitlines() if digest in x)
        before = re.split(r"[>_·]", line.split(digest, 1)[0].removesuffix("<code>"))[-1]
        assert T.label("config_digest", lang) in before, line


@pytest.mark.parametrize("lang, head", [("ko", "시주(時柱)"), ("zh-Hant", "時柱"), ("en", "Hour pillar")])
def test_the_hour_tables_pillar_column_is_named_for_an_hours_pillar(written, lang, head):
    """The hour table's column of 丙子, 丁丑 … is the hour's pillar (時柱), not 「四柱」 or 「Pillars」
    (the four pillars of the day), and a Korean reader meets 간지 with its hanja (干支)."""
    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang]
    header = page.read_text().split('<table class="hours">', 1)[1].split("</tr>", 1)[0]
    assert f"<th>{head}</th>" in header and T.label("pillars", lang) not in header
    md_header = next(x for x in page.with_suffix(".md").read_text().splitlines() if x.startswith("| "))
    assert f" {head} |" in md_header
    assert T.label("pillars", "ko") == "간지(干支)"


def test_glance_calls_an_hour_best_only_when_it_is_good(written):
    """The glance's heading says 「best hour for each task」 only when every task's
    highest-scoring hour is good (吉 or better); a line whose hour is 平 or worse says the day has
    no good hour for its task, or, when no task has one, one line above them says so (a verdict
    agrees with what the page says of it)."""
    import html as _html
    out, paths, ko, en = written
    pages = [(p, "zh-Hant", "Asia/Shanghai") for p in paths] + [(p, "ko", "Asia/Shanghai") for p in ko] \
        + [(p, "en", "Asia/Seoul") for p in en]
    seen = set()
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from almanac.exports.reports import that_day
    for page, lang, tz in pages:
        # a page of another day than today says 이날/當日/that day where today's says 오늘/今日/today
        today = page.stem == datetime.now(ZoneInfo(tz)).date().isoformat()
        label = (lambda k, lang=lang: T.label(k, lang)) if today else (lambda k, lang=lang: that_day(T.label(k, lang), lang))
        glance = _html.unescape(page.read_text().split('id="glance"', 1)[1].split("</section>", 1)[0])
        md = page.with_suffix(".md").read_text().split("\n## ", 2)[1]
        good = {}
        for t in api.tasks()["tasks"]:
            usable = [h for h in api.judge_day(page.stem, tz, t["name"])["hours"] if not h["vetoed"]]
            if usable:
                top = max(usable, key=lambda h: h["score"])
                good[T.task_label(t, lang)] = T.VERDICT_RANK[top["verdict"]] >= T.VERDICT_RANK["吉"]
        seen.update(good.values())
        heading = T.label("best_per_task" if all(good.values()) else "top_per_task", lang)
        other = T.label("top_per_task" if all(good.values()) else "best_per_task", lang)
        assert f"<h3>{heading}</h3>" in glance and other not in glance, (page, heading)
        assert f"### {heading}\n" in md and other not in md
        rows = {re.sub(r"<[^>]+>", "", r.split("</th>", 1)[0]): r for r in glance.split("<tr><th>")[1:]}
        md_rows = {x.split("**")[1]: x for x in md.splitlines() if x.startswith("- **")}
        none = not any(good.values())      # then said once, above the lines
        assert (label("no_good_hour_any") in glance) is none is (label("no_good_hour_any") in md)
        for task, ok in good.items():
            for row in (rows[task], md_rows[task]):
                assert (label("no_good_hour") in row) is (not ok and not none), (page, row)
        seen.add("none" if none else "some")
    # the pages hold good and poor tasks side by side; a day with no good hour for any task is rare
    # under the reading method (each line above is still checked whenever it occurs)
    assert {True, False, "some"} <= seen


def test_chinese_pages_write_chinese_punctuation(written, tmp_path, monkeypatch):
    """A Chinese page's labels, brackets and list lines use full-width punctuation (學派：本書,
    伏斷（巳）：…, 吉（+2）), not the ASCII 「學派: 本書」 and 「(巳)」 beside Chinese words; the
    drawn plates and heatmaps aside."""
    import html as _html

    from almanac.exports.reports import write_reports
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    out, paths, _, _ = written
    hans = write_reports("2026-12-05", 1, tmp_path / "hans", None, lang="zh-Hans")[0]
    checked = 0
    for page in (paths[0], paths[2], hans):
        for text in (page.read_text(), page.with_suffix(".md").read_text()):
            text = re.sub(r"<svg.*?</svg>|<style.*?</style>|<head>.*?</head>", "", text, flags=re.S)
            for line in _html.unescape(re.sub(r"<[^>]+>", "", text)).splitlines():
                if re.search(r"[\u4e00-\u9fff]", line):
                    checked += 1
                    assert not re.search(r": |[()]", line), line
            assert "：" in text and "（" in text
    assert checked > 100


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
def test_each_verdict_cell_leads_to_its_hours_reasons(written, lang):
    """A phone shows no tooltip: each verdict cell of the hour table links to a section of the
    page that gives, for that hour, each task's verdict and its reasons — each distinct reason of
    the day said once, in a numbered list the task's line refers to (a page repeated the same
    reason lines for every task and again in every cell's tooltip)."""
    import html as _html
    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang].read_text()
    table = page.split('<table class="hours">', 1)[1].split("</table>", 1)[0]
    assert "title=" not in table.split("</tr>", 1)[1]          # no reason tooltips in the cells
    cells = re.findall(r'<td class="v"[^>]*><a href="#(why-\d+)">([^<]*)<', table)
    assert len(cells) == 12 * len(api.tasks()["tasks"])
    # the link's target is inside its <details>, after the hour's line (a browser opens a closed
    # <details> for a fragment inside it, not for the <details> itself)
    sections = {target: head + body for head, target, body in re.findall(
        r'<details class="why">(<summary>[^<]*</summary>)\s*<div class="reasons" id="(why-\d+)">(.*?)</details>',
        page, re.S)}
    assert len(sections) == 12
    cited = re.findall(r'<li id="r-(\d+)">(.*?)</li>', page.split('<ol class="cited">', 1)[1].split("</ol>", 1)[0], re.S)
    texts = [_html.unescape(re.sub(r"<[^>]+>", "", x)) for _, x in cited]
    assert [int(n) for n, _ in cited] == list(range(1, len(cited) + 1)) and len(set(texts)) == len(texts)
    referred = set()
    for target, word in cells:
        section = sections[target]
        assert word in section
        referred |= {int(n) for n in re.findall(r'<a href="#r-(\d+)">', section)}
    assert referred == set(range(1, len(cited) + 1))         # every reason said is one an hour gives
    # which hour each section is: the table's rows, in order
    hours = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td>", table)
    for i, (branch, span) in enumerate(hours, 1):
        summary = re.search(r"<summary>([^<]*)</summary>", sections[f"why-{i}"]).group(1)
        assert summary.startswith(branch) and summary.endswith(span), (summary, branch, span)
    assert 'href="#why"' in page and 'id="why"' in page
    # the Markdown page gives each hour's reasons in full under its own heading, every one of
    # those the HTML page cites
    md = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang].with_suffix(".md").read_text()
    part = md.split(f"## {T.label('hour_reasons', lang)}\n", 1)[1].split("\n## ", 1)[0]
    blocks = part.split("\n### ")[1:]
    assert len(blocks) == 12
    for block, (branch, span) in zip(blocks, hours):
        assert block.startswith(branch) and block.splitlines()[0].endswith(span), block[:40]
    assert all(t in part for t in texts)


@pytest.mark.parametrize("lang", ["ko", "en", "zh-Hant"])
def test_a_tapped_verdict_opens_its_hours_reasons(written, phone, tmp_path, lang):
    """The page has no script: a verdict cell's link lands on its hour's reasons open, in
    Chromium (which opens a closed <details> holding the fragment navigated to; the link once led
    to the <details> itself, which stays closed), with the hour's line in view above them; the
    other hours stay closed. Where a browser does not open it, the reasons show anyway
    (``:target`` styling): checked here on a <details> closed again after the tap."""
    out, paths, ko, en = written
    page = {"ko": ko[0], "en": en[0], "zh-Hant": paths[0]}[lang]
    target = re.search(r'<td class="v"[^>]*><a href="#(why-\d+)">', page.read_text().split("<tr><td>")[5]).group(1)
    browser = phone(390)
    browser.open(page.as_uri() + "#" + target)
    got = browser.eval("""JSON.stringify((() => {
  const box = document.getElementById("%s"), details = box.closest("details");
  return {open: [...document.querySelectorAll("details.why")].filter(d => d.open).map(d => d.querySelector(".reasons").id),
          summary: details.querySelector("summary").getBoundingClientRect().top, box: box.getBoundingClientRect().top};
})())""" % target)
    import json as _json
    got = _json.loads(got)
    assert got["open"] == [target], got
    assert 0 <= got["summary"] < got["box"] < 844, got
    browser.screenshot(tmp_path / "tapped.png", full=False)
    # closed again, as a browser that does not open it leaves it: the reasons are still painted
    shown = browser.eval("""(() => {
  const box = document.getElementById("%s"); box.closest("details").open = false;
  return getComputedStyle(box.closest("details"), "::details-content").contentVisibility;
})()""" % target)
    assert shown == "visible", shown


def test_a_markdown_page_is_text_not_html_escaped(written):
    """A Markdown page reads as text: an apostrophe or ampersand is itself, not an HTML entity
    (「the cited rules&#39; effects」); the HTML page escapes them as HTML must."""
    _, _, _, en = written
    md, page = en[0].with_suffix(".md").read_text(), en[0].read_text()
    assert "'" in md and not re.findall(r"&(?:#\d+|[a-z]+);", md), re.findall(r".{20}&#?\w+;", md)[:3]
    assert "&#39;" in page or "&apos;" in page


def test_a_phone_never_breaks_a_date_in_the_day_links(phone, tmp_path, monkeypatch):
    """The links to the day before and after keep each date on one line on a phone 360 pixels
    wide (「next day 2026-12-」 over 「07 →」 split a date in two), and both are on the screen."""
    from almanac.exports.reports import write_reports
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    page = write_reports("2026-12-05", 3, tmp_path / "en", None, lang="en")[1]
    browser = phone(360)
    browser.open(page.as_uri())
    lines = browser.eval('[...document.querySelectorAll("nav a")].map(a => a.getClientRects().length)')
    right = browser.eval('Math.max(...[...document.querySelectorAll("nav a")].map(a => a.getBoundingClientRect().right))')
    assert lines == [1, 1], lines
    # nor does the second link run off the screen (nothing between the links let them wrap)
    assert browser.eval("window.innerWidth") == 360 and right <= 360, right


def test_a_simplified_page_writes_its_plates_in_simplified_characters():
    """A zh-Hans page's plates write the generals and the lines in their middle as the rest of
    the page does (贵人, 月将, 三传, 辰时; they were 貴人, 月將, 三傳, 辰時 on a simplified page)."""
    from almanac.lang import hans
    from almanac.exports.reports import plate_svg
    for h in range(0, 24, 4):
        svg = plate_svg(api.chart(f"2026-12-07T{h:02d}:30", tz="Asia/Seoul"), "", "zh-Hans")
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        assert texts and all(t == hans(t) for t in texts), [t for t in texts if t != hans(t)]
        assert "月将" in svg and "三传" in svg


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_plates_characters_are_keyed_under_the_plates(written, lang):
    """The plates write each general (and, to an English reader, each branch) in characters: a
    key under them names each one in the reader's language, every general the plates show."""
    import html as _html

    from almanac.liuren.generals import GENERALS
    out, paths, ko, en = written
    page = (ko[2] if lang == "ko" else out / "phone" / "en" / "2026-12-07.html").read_text()
    charts = page.split('<div class="charts">', 1)[1]
    key = _html.unescape(re.search(r'<p class="small" id="plate-key">([^<]*)</p>', charts).group(1))
    shown = set(re.findall(r'font-size="13">([^<]{2})</text>', charts.split("</div>", 1)[0]))
    assert shown and shown <= set(GENERALS)
    for g in GENERALS:
        assert T.term(g, lang) in key, g
    if lang == "en":
        assert all(T.term(b, "en") in key for b in "子丑寅卯辰巳午未申酉戌亥")


def test_one_days_heatmap_is_dated_that_day_not_a_range(tmp_path, monkeypatch):
    """A page of one day (its heatmaps of that day alone) dates them by the day, not 「2026-12-07 –
    2026-12-07」; pages of several days give the range."""
    from almanac.exports.reports import write_reports
    monkeypatch.setenv("ALMANAC_DATA_DIR", str(tmp_path / "data"))
    one = write_reports("2026-12-07", 1, tmp_path / "one", None, lang="en")[0]
    three = write_reports("2026-12-07", 3, tmp_path / "three", None, lang="en")[0]
    def heading(page):
        return re.sub(r"<[^>]+>", "", re.search(r'<h2>[^<]*<span class="small">(.*?)</span></h2>', page.read_text()).group(1))
    assert heading(one) == "2026-12-07" and heading(three) == "2026-12-07 – 2026-12-09"
    assert "2026-12-07 – 2026-12-07" not in one.with_suffix(".md").read_text()


def _lines_of(browser, selector: str, pattern: str) -> list:
    """[text, lines] for each match of the JavaScript regex ``pattern`` in the text of the
    elements ``selector`` picks: on how many lines the browser set it."""
    return browser.eval("""[...document.querySelectorAll(SELECTOR)].flatMap(e => {
      const out = [], walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode())
        for (const m of n.data.matchAll(PATTERN)) {
          const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
          out.push([m[0], new Set([...r.getClientRects()].map(x => Math.round(x.top))).size]);
        }
      return out;
    })""".replace("SELECTOR", repr(selector)).replace("PATTERN", pattern))


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_phone_never_breaks_a_gloss_in_characters(written, phone, lang):
    """A Korean or English page on a phone breaks a line between words, never inside a word or
    its characters (「천후(天后)가 해」 over 「(亥)에서」 is fair; 「태상(太」 over 「常)」 and
    「묘·유(卯·」 over 「酉)」 split a gloss): every (漢字) of the glance and the plates' key is
    on one line."""
    out, _, ko, _ = written
    browser = phone(360)
    browser.open((ko[2] if lang == "ko" else out / "phone" / "en" / "2026-12-07.html").as_uri())
    lines = _lines_of(browser, "#glance, #plate-key", r"/\([\u4e00-\u9fff·]+\)/g")
    assert len(lines) > 50 and all(n == 1 for _, n in lines), [x for x in lines if x[1] != 1]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_phone_never_breaks_a_date_in_the_days_facts(written, phone, lang):
    """On a phone 360 pixels wide each date of the day's facts (the solar term's date and time)
    and of the heatmaps' heading stays on one line (「Major Snow (大雪) 2026-12-」 over 「07 10:52」)."""
    out, paths, ko, en = written
    page = ko[2] if lang == "ko" else out / "phone" / "en" / "2026-12-07.html"
    browser = phone(360)
    browser.open(page.as_uri())
    lines = browser.eval("""[...document.querySelectorAll(".facts li, h2 .small")]
      .flatMap(e => [...e.textContent.matchAll(/\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2})?/g)].map(m => {
        const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const at = n.data.indexOf(m[0]);
          if (at >= 0) { const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + m[0].length);
                         return [m[0], new Set([...r.getClientRects()].map(x => Math.round(x.top))).size]; }
        }
        return [m[0], -1];
      }))""")
    assert any(" " in d for d, _ in lines), lines          # the solar term's date and time is there
    assert lines and all(n == 1 for _, n in lines), lines
