"""Every citation in the project names one paragraph of its seed by its opening words, and any
quoted phrase stands in that paragraph."""
from pathlib import Path

import almanac.api.charts  # noqa: F401 — import every rule-bearing module
import almanac.api.days  # noqa: F401
import almanac.api.judging  # noqa: F401
from almanac.judgement.catalog import load_catalog
from almanac.sources import QIN_FU, REGISTRY

SEEDS = Path(__file__).resolve().parents[1] / "seeds"


def test_every_citation_opens_exactly_one_paragraph():
    load_catalog()
    assert len(set(REGISTRY)) > 50
    paragraphs = {}
    for s in set(REGISTRY):
        if s.file not in paragraphs:
            paragraphs[s.file] = [l for l in (SEEDS / s.file).read_text(encoding="utf-8").splitlines() if l.strip()]
        hits = [p for p in paragraphs[s.file] if p.startswith(s.opening)]
        assert len(hits) == 1, f"{s}: {len(hits)} paragraphs open so"
        assert s.quote is None or s.quote in hits[0], f"{s}: quote {s.quote!r} is not in that paragraph"
        assert str(s) == f"{s.file}: {s.opening}"


# ---------------------------------------------------------------- Korean openings

import re


def _korean_opening(paragraph: str, start: str | None = None, qin: bool = False, source: str = "") -> str:
    """The opening words of a Korean paragraph as a citation shows them: the translation's first
    clause — up to the first clause mark (, . ; : ——) outside brackets once eight letters are in,
    or the first word ending a clause (…하면, …없고, …이니, …이다) once ten are, at most about
    forty letters and then at a space (translators' notes in brackets left out). A translator's
    note heading the paragraph (「이 한 단락의 가결은 …을 말한다.」) is not the translation and is
    passed over; ``start`` names the words the translation of the cited words begins with, where
    the paragraph cited is a table of contents (:data:`_STARTS`).
    In the 演禽賦 (``qin``) a 금 standing alone is a 禽, and shown so: 금 alone reads "gold".
    Quotation marks inside it become single ones (it is itself quoted in 「」). A list of stems,
    branches or mansions it writes as bare sounds is glossed from the cited paragraph ``source``
    (:func:`_gloss_lists`).

    >>> _korean_opening("이 한 단락의 가결은 생극을 말한다. 일간 위에 탄 신이 일간을 생하면, 백사가 길하다.")
    '일간 위에 탄 신이 일간을 생하면'
    >>> _korean_opening("반음과는 양일이 의탁할 곳이 없다. 음일이 친부할 곳이 없다.")
    '반음과는 양일이 의탁할 곳이 없다'
    >>> _korean_opening("반음과는 양일이 의탁할 곳이 없고 음일이 친부할 곳이 없으니 화가 바깥에서 생겨 나와 "
    ...                 "몸에 재앙이 미쳐 그 흉험이 심히 무거운 줄 알 것이다.")
    '반음과는 양일이 의탁할 곳이 없고'
    >>> _korean_opening("일금(日禽)이 함께 열여섯이니——그것들이 밤에 장복한다.")
    '일금(日禽)이 함께 열여섯이니'
    >>> _korean_opening("‘방일토’와 ‘루금구’ 이 두 수명의 금은, 범을 만나면", qin=True)
    '‘방일토’와 ‘루금구’ 이 두 수명의 금(禽)은'
    """
    paragraph = _without_notes(paragraph)
    if start is not None:
        paragraph = paragraph[paragraph.index(start):]
    paragraph = re.sub(r"^이 (?:한 )?단락(?:의 [^ ]+)?[은는] [^.]*?다\.\s*", "", paragraph)     # a note on it
    for word, hanja in (("금성", "禽星"), ("연금", "演禽")):     # read as Venus, a pension
        paragraph = re.sub(f"{word}(?![가-힣]*\\()", f"{word}({hanja})", paragraph)
    if qin:
        paragraph = re.sub(r"(?<![가-힣‘「])금(?=[은는을를이가과와의도]?(?:[ ,.;:]|$))", "금(禽)", paragraph)
    for word, mended in _MENDS:
        paragraph = paragraph.replace(word, mended)
    # the translation's own slips a reader trips on: 如果 read 여과 ("filtering"), and 진연여/퇴연여
    # for 進連茹/退連茹, the almanac's 진연여 being 真連茹; the runs keep the names docs/terms-ko.md
    # and the rules give them, 진여(進茹) and 퇴여(退茹)
    paragraph = re.sub(r"^여과 ", "만약 ", paragraph)
    paragraph = paragraph.replace("진연여", "진여(進茹)").replace("퇴연여", "퇴여(退茹)")
    # a saying's formula is not its opening: 「소강절이 이르기를: …」, 「구결에 말하기를: …」 open with what is said
    said = re.match(r"^[^:：]{0,16}(?:이르|말하)기를[,:：]?\s*", paragraph)
    if said and len(paragraph) > said.end() + 8:
        paragraph = paragraph[said.end():].lstrip("‘「\"")
    paragraph = paragraph.replace("——", "—— ")
    # where the opening may end, outside brackets: after a clause mark, else after a word ending a
    # clause (…하면, …이니 before …하여), each the first once enough letters are in
    depth, letters, words, ends = 0, 0, [], {}
    for w in paragraph.split(" "):
        if w in ("—", "–") and depth <= 0:
            ends.setdefault("mark", len(words)) if letters >= 8 else None
            if letters >= 8:
                break
        words.append(w)
        for ch in w:
            depth += ch in "(「『[‘“"
            depth -= ch in ")」』]’”"
            letters += ch.isalnum()
        if depth > 0 or letters > 45:
            if letters > 45:
                break
            continue
        if letters >= 8 and w[-1:] in ",.;:·—":
            ends["mark"] = len(words)
            break
        if letters >= 10 and w[-1:] in _CLAUSE_ENDS:
            ends.setdefault("clause", len(words))
        if letters >= 10 and w[-1:] in _WEAK_ENDS:
            ends.setdefault("weak", len(words))
    n = ends.get("mark") or ends.get("clause") or ends.get("weak")
    if n is None:                                   # no end in sight: about forty letters, at a space
        n, letters = 0, 0
        while n < len(words) and letters < 40:
            letters += sum(ch.isalnum() for ch in words[n])
            n += 1
    out = words[:n]
    text = " ".join(out).rstrip(",.;:·— ")
    text = _gloss_lists(text, source)
    return text.replace("「", "‘").replace("」", "’").replace("『", "‘").replace("』", "’")


def _gloss_lists(text: str, source: str) -> str:
    """``text`` with each list of stems, branches or mansions written as bare sounds (해·자·축)
    glossed member by member with the characters the Chinese ``source`` writes them in, as
    docs/terms-ko.md asks (해(亥)·자(子)·축(丑)): one sound alone is ambiguous (위 is 危 or 胃, 신 辛
    or 申). A list whose characters the source does not write in a row is left as it is.

    >>> _gloss_lists("태음과 유·해·미가 함께", "占婚，見太陰並酉、亥、未發用")
    '태음과 유(酉)·해(亥)·미(未)가 함께'
    >>> _gloss_lists("위·묘에", "胃昴") , _gloss_lists("위·묘에", "無")
    ('위(胃)·묘(昴)에', '위·묘에')
    """
    from almanac.cycles import BRANCHES, BRANCHES_KO, STEMS, STEMS_KO
    from almanac.mansions import MANSIONS, MANSIONS_KO
    reading = dict(zip(STEMS + BRANCHES + MANSIONS, STEMS_KO + BRANCHES_KO + MANSIONS_KO))
    chars = "".join(c for c in source if c in reading)

    def gloss(m: re.Match) -> str:
        sounds = m.group(0).split("·")
        for i in range(len(chars) - len(sounds) + 1):
            run = chars[i:i + len(sounds)]
            if [reading[c] for c in run] == sounds and run in re.sub(r"[、，,·\s]", "", source):
                return "·".join(f"{k}({c})" for k, c in zip(sounds, run))
        return m.group(0)
    return re.sub(r"(?<![가-힣])[가-힣](?:·[가-힣])+(?![(·])", gloss, text)


#: the last syllables of a word that ends a clause: …하면, …없고, …이니, …하며, …으나, …이요,
#: …이다; and, taken only when none of those comes, …하여 (which also makes adverbs: 총괄하여)
_CLAUSE_ENDS = frozenset("면고니며나요다")
_WEAK_ENDS = frozenset("여")

#: words of the translation a reader would misread, with the hanja that settles them: 강한 바 is
#: what a chapter 講 (teaches), not what is 強 (strong)
_MENDS = (("권이가 강한 바는", "권이(卷二)가 강(講)한 바는"),)

#: where the translation of a cited paragraph begins when the paragraph is a table of contents,
#: by (seed, opening, quote): the 卷之二 list names the 格局 that the translation then describes
#: — those the three transmissions make by their phase (三合 曲直 炎上 從革 潤下 稼穡), and the
#: chapter's 格局 in general
_STARTS = {
    ("002_70cc0c6be51c96e4.txt", "天祿秘典大六壬靈覺經神課卷之二 連茹 夾定", "三合 曲直 炎上 從革 潤下 稼穡"):
        "삼전 오행 회국을 따라",
    ("002_70cc0c6be51c96e4.txt", "天祿秘典大六壬靈覺經神課卷之二 連茹 夾定", None): "권이가 강한 바는",
}


def _without_notes(text: str) -> str:
    """``text`` without its bracketed notes of more than twelve characters (a translator's note:
    「‘천공’(십이천장의 하나로, …)이」), keeping short ones (일금(日禽))."""
    out, depth, start, cut = [], 0, 0, []
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0 and i - start - 1 <= 12:
                out.append(text[start:i + 1])
            elif depth == 0:
                cut.append(len(out))    # where a note was left out: its particle may need mending
        elif depth == 0:
            out.append(ch)
    for at in reversed(cut):            # 「‘태음’(…)가」 → 「‘태음’이」: the particle follows the word
        if at < len(out) and out[at] in _PAIRS:
            word = next((c for c in reversed(out[:at]) if "가" <= c <= "힣"), None)
            if word:
                closed = (ord(word) - 0xAC00) % 28 != 0
                out[at] = _PAIRS[out[at]][0 if closed else 1]
    return "".join(out)


#: a particle's two forms, after a closed and an open syllable
_PAIRS = {p: pair for pair in (("이", "가"), ("을", "를"), ("은", "는"), ("과", "와")) for p in pair}


def korean_openings() -> dict[str, dict[str, str]]:
    """For each seed paragraph a citation names, the opening words of its Korean translation (the
    paragraph that follows it in the seed): the table almanac/data/openings_ko.toml holds.
    ``python tools/generate_tables.py openings`` writes it."""
    load_catalog()
    from almanac.liuren.keti import catalogue
    catalogue()             # the 課體 catalogue cites seed paragraphs too
    out: dict[str, dict[str, str]] = {}
    lines: dict[str, list[str]] = {}
    for s in sorted(set(REGISTRY), key=str):
        ls = lines.setdefault(s.file, [l for l in (SEEDS / s.file).read_text(encoding="utf-8").splitlines()
                                       if l.strip()])
        i = next(k for k, l in enumerate(ls) if l.startswith(s.opening))
        table = out.setdefault(s.file, {})
        qin = s.file == QIN_FU
        table[s.opening] = _korean_opening(ls[i + 1].strip(), _STARTS.get((s.file, s.opening, None)), qin, ls[i])
        if s.quote is not None and (s.file, s.opening, s.quote) in _STARTS:    # keyed as korean_opening reads it
            table[f"{s.opening}「{s.quote}」"] = _korean_opening(ls[i + 1].strip(), _STARTS[s.file, s.opening, s.quote],
                                                               qin, ls[i])
    return out


def _toml(table: dict[str, dict[str, str]]) -> str:
    import json
    head = ("# The opening words of each cited paragraph's Korean translation (the paragraph after it in\n"
            "# the seed), shown to Korean readers in place of the classical Chinese opening.\n"
            "# Generated from the seeds: python tools/generate_tables.py openings\n")
    body = "".join(f"\n[{json.dumps(f)}]\n" + "".join(f"{json.dumps(k, ensure_ascii=False)} = "
                                                     f"{json.dumps(v, ensure_ascii=False)}\n" for k, v in t.items())
                   for f, t in sorted(table.items()))
    return head + body


OPENINGS_KO = Path(__file__).resolve().parents[2] / "almanac" / "data" / "openings_ko.toml"


def test_korean_openings_are_the_seeds_own():
    """Each cited paragraph is followed by its Korean translation, and the table the Korean
    citations read is made from the seeds as they are (regenerate: ``python tools/generate_tables.py openings``)."""
    import re
    table = korean_openings()
    for file, t in table.items():
        for opening, ko in t.items():
            assert len(re.findall("[가-힣]", ko)) >= 4, (file, opening, ko)
    assert OPENINGS_KO.read_text(encoding="utf-8") == _toml(table)


def test_every_korean_citation_opens_the_translation_and_ends_a_clause():
    """What a Korean reader is shown for every citation the rules, the 課體 and the 格局 use: the
    start of the translation of the cited paragraph — not a translator's note on it, not a table
    of contents, not the classical Chinese — ending where a clause or a sentence ends."""
    from almanac.liuren import rules as liuren_rules
    from almanac.liuren.keti import catalogue
    from almanac.sources import citation, korean_opening
    load_catalog()
    catalogue()                             # registers the 課體 citations
    assert liuren_rules.JUAN2_PHASES in set(REGISTRY)
    hanja = re.compile(r"[\u4e00-\u9fff]")
    paragraphs = {f: [l for l in (SEEDS / f).read_text(encoding="utf-8").splitlines() if l.strip()]
                  for f in {s.file for s in REGISTRY}}
    for s in set(REGISTRY):
        ko = korean_opening(s.file, s.opening, s.quote)
        shown = citation(s, "ko")
        assert f"「{ko}」" in shown, (str(s), shown)
        assert not ko.startswith(("이 한 단락", "이 단락")), (str(s), ko)          # a note on the paragraph
        assert not re.match(r"[^:：]{0,16}(?:이르|말하)기를", ko), (str(s), ko)     # a saying's formula
        assert "목록" not in ko and not re.match(r"《[^》]+》\s*권", ko), (str(s), ko)   # a table of contents
        bare = re.sub(r"\([^()]*\)", "", ko)           # hanja beside a reading is welcome, hanja alone is not
        assert not hanja.search(bare), (str(s), ko)
        # it ends a clause: its last word ends one (…하면, …없고, …이다) or stands before a clause mark
        word = re.sub(r"\([^()]*\)", "", ko).split(" ")[-1]
        korean = _without_notes(paragraphs[s.file][paragraphs[s.file].index(next(
            p for p in paragraphs[s.file] if p.startswith(s.opening))) + 1]).replace("「", "‘").replace("」", "’")
        assert word[-1] in _CLAUSE_ENDS | _WEAK_ENDS or re.search(
            re.escape(word) + r"(?:[,.;:?!]|——| —)", re.sub(r"\([^()]*\)", "", korean)), (str(s), ko)
        assert len(re.findall("[가-힣]", ko)) >= 6, (str(s), ko)


def test_the_phase_patterns_cite_what_the_translation_says_of_them():
    """The 格局 of the transmissions' phase (稼穡, 曲直 …) cite the 卷之二 list; a Korean reader is
    shown the translation's words on them, not the list's heading."""
    from almanac.liuren.keti import citation as keti_citation
    for name in ("稼穡", "曲直", "潤下"):
        ko = keti_citation(name, "ko")
        assert "오행 회국" in ko and "목록" not in ko, ko
    assert "목록" not in keti_citation("井欄", "ko")
    from almanac import api                 # the chart's 格局 citations, made from its JSON
    doc = api.textbook_chart("壬辰", yuejiang="申", hour="巳", lang="ko")
    assert "稼穡" in doc["citations"] and "오행 회국" in doc["citations"]["稼穡"], doc["citations"]


def test_a_korean_citation_quotes_the_korean_translation():
    from almanac.sources import QIN_FU, Source, citation
    s = Source(QIN_FU, "時直空亡，遇吉禽猶當取的")
    ko = citation(s, "ko")
    assert ko.startswith("《연금부(演禽賦)》 「시진(時辰)이 만약") and "時直" not in ko
    assert citation(s, "zh-Hant") == "《演禽賦》「時直空亡，遇吉禽猶當取的」"


def test_the_linked_runs_have_one_korean_name_wherever_a_reader_meets_them():
    """docs/terms-ko.md names the forward and backward 連茹 진여(進茹) and 퇴여(退茹) (진연여 is 真連茹
    alone); the Korean openings made from the seeds and the rules' Korean texts use the same names."""
    import re
    import tomllib
    terms = (Path(__file__).resolve().parents[2] / "docs" / "terms-ko.md").read_text(encoding="utf-8")
    assert "진여(進茹)" in terms and "퇴여(退茹)" in terms
    openings = [v for t in tomllib.loads(OPENINGS_KO.read_text(encoding="utf-8")).values() for v in t.values()]
    rules = [r.text["ko"] for r in load_catalog().rules]
    for name in ("진여(進茹)", "퇴여(退茹)"):
        assert any(name in t for t in openings) and any(name in t for t in rules), name
    for t in openings + rules:
        assert not re.search(r"[진퇴]여\((?![進退]茹\))", t), t


def test_a_bare_geum_in_the_qin_rules_korean_is_always_marked_as_the_animal():
    """In the 演禽 rules a 금 standing alone is the mansion animal and reads 금(禽): bare, it is
    metal or gold to a Korean reader."""
    import re
    qin = [r for r in load_catalog().rules if r.id.startswith("qin.")]
    assert qin and any("금(禽)" in r.text["ko"] for r in qin)
    for r in qin:
        bare = re.search(r"(?<![가-힣‘「])금(?=[은는을를이가과와의도]?(?:[ ,.;:]|$))", r.text["ko"])
        assert not bare, (r.id, r.text["ko"])
