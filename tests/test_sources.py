"""Every citation in the project names one paragraph of its seed by its opening words, and any
quoted phrase stands in that paragraph."""
from pathlib import Path

import almanac.api.charts  # noqa: F401 — import every rule-bearing module
import almanac.api.days  # noqa: F401
import almanac.api.judging  # noqa: F401
from almanac.judgement.catalog import load_catalog
from almanac.sources import REGISTRY

SEEDS = Path(__file__).parent / "seeds"


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


def _korean_opening(paragraph: str) -> str:
    """The opening words of a Korean paragraph as a citation shows them: up to the first clause
    mark outside brackets once eight letters are in, else about twenty letters cut at a space
    (translators' notes in brackets left out);
    quotation marks inside it become single ones (it is itself quoted in 「」)."""
    paragraph = _without_notes(paragraph)
    for word, hanja in (("금성", "禽星"), ("연금", "演禽")):     # read as Venus, a pension
        paragraph = re.sub(f"{word}(?![가-힣]*\\()", f"{word}({hanja})", paragraph)
    # the translation's own slips a reader trips on: 如果 read 여과 ("filtering"), and 진연여/퇴연여
    # for 進連茹/退連茹, the almanac's 진연여 being 真連茹
    paragraph = re.sub(r"^여과 ", "만약 ", paragraph)
    paragraph = paragraph.replace("진연여", "진여(進連茹)").replace("퇴연여", "퇴여(退連茹)")
    # a saying's formula is not its opening: 「소강절이 이르기를: …」 opens with what is said
    said = re.match(r"^[^:：]{0,16}이르기를[,:：]?\s*", paragraph)
    if said and len(paragraph) > said.end() + 8:
        paragraph = paragraph[said.end():].lstrip("‘「\"")
    depth, letters, out = 0, 0, []
    words = paragraph.split(" ")
    for w in words:
        out.append(w)
        for ch in w:
            depth += ch in "(「『["
            depth -= ch in ")」』]"
            letters += ch.isalnum()
        if depth <= 0 and letters >= 8 and w[-1:] in ",.;:·":
            break
        if depth <= 0 and letters >= 20:
            break
    text = " ".join(out).rstrip(",.;:· ")
    return text.replace("「", "‘").replace("」", "’").replace("『", "‘").replace("』", "’")


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
    ``python -m tests.test_sources`` writes it."""
    load_catalog()
    out: dict[str, dict[str, str]] = {}
    lines: dict[str, list[str]] = {}
    for s in sorted(set(REGISTRY), key=str):
        ls = lines.setdefault(s.file, [l for l in (SEEDS / s.file).read_text(encoding="utf-8").splitlines()
                                       if l.strip()])
        i = next(k for k, l in enumerate(ls) if l.startswith(s.opening))
        out.setdefault(s.file, {})[s.opening] = _korean_opening(ls[i + 1].strip())
    return out


def _toml(table: dict[str, dict[str, str]]) -> str:
    import json
    head = ("# The opening words of each cited paragraph's Korean translation (the paragraph after it in\n"
            "# the seed), shown to Korean readers in place of the classical Chinese opening.\n"
            "# Generated from the seeds: python -m tests.test_sources\n")
    body = "".join(f"\n[{json.dumps(f)}]\n" + "".join(f"{json.dumps(k, ensure_ascii=False)} = "
                                                     f"{json.dumps(v, ensure_ascii=False)}\n" for k, v in t.items())
                   for f, t in sorted(table.items()))
    return head + body


OPENINGS_KO = Path(__file__).resolve().parents[1] / "almanac" / "data" / "openings_ko.toml"


def test_korean_openings_are_the_seeds_own():
    """Each cited paragraph is followed by its Korean translation, and the table the Korean
    citations read is made from the seeds as they are (regenerate: ``python -m tests.test_sources``)."""
    import re
    table = korean_openings()
    for file, t in table.items():
        for opening, ko in t.items():
            assert len(re.findall("[가-힣]", ko)) >= 4, (file, opening, ko)
    assert OPENINGS_KO.read_text(encoding="utf-8") == _toml(table)


def test_a_korean_citation_quotes_the_korean_translation():
    from almanac.sources import QIN_FU, Source, citation
    s = Source(QIN_FU, "時直空亡，遇吉禽猶當取的")
    ko = citation(s, "ko")
    assert ko.startswith("《연금부(演禽賦)》 「시진(時辰)이 만약") and "時直" not in ko
    assert citation(s, "zh-Hant") == "《演禽賦》「時直空亡，遇吉禽猶當取的」"


if __name__ == "__main__":
    OPENINGS_KO.write_text(_toml(korean_openings()), encoding="utf-8")
