"""What a command prints on a terminal: its answer as one JSON document or as text (``emit``),
and text laid out by the columns it takes (a CJK character takes two): ``width``, ``pad`` and
``wrap``, which breaks lines between Chinese characters as well as at spaces.
"""
from __future__ import annotations

import json
import re
import sys


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (CJK characters take two)."""
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, cols: int) -> str:
    """``text`` padded with spaces to ``cols`` terminal columns."""
    return text + " " * max(0, cols - width(text))


def emit(doc, as_json: bool, render) -> None:
    """Print ``doc`` as one JSON document, or as the readable text ``render(doc)`` makes."""
    if as_json:
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(render(doc).rstrip("\n") + "\n")


def wrap(text: str, cols: int) -> list[str]:
    """``text`` in lines of at most ``cols`` terminal columns, broken at a space or between two
    Chinese characters (never before a closing mark nor after an opening one; Korean breaks at its
    spaces); a word longer than a line is left whole."""
    cols = max(cols, 10)
    lines, line, used = [], "", 0
    for token in re.findall(r"\S+\s*|\s+", text):
        for piece in _pieces(token):
            w = width(piece.rstrip())
            if line and used + w > cols:
                lines.append(line.rstrip())
                line, used = "", 0
            line += piece
            used += width(piece)
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _pieces(token: str) -> list[str]:
    """``token`` (a word and its trailing space) cut where a line may break inside it: in a run of
    Chinese longer than a term (a term such as (本命) or 「乙丑日干上巳」 in other prose is kept
    whole), after a character or a closing mark and before a character; and after a Chinese
    comma, stop or colon anywhere."""
    cuts = {p.start() for run in _LONG_RUN.finditer(token) for p in _BREAKS.finditer(token, run.start() + 1, run.end())}
    cuts |= {p.end() for p in _AFTER_MARK.finditer(token) if 0 < p.end() < len(token)}
    cuts = sorted(cuts)
    return [token[i:j] for i, j in zip([0, *cuts], [*cuts, len(token)])]


_LONG_RUN = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{9,}")
_BREAKS = re.compile(r"(?<=[\u3400-\u9fff，。、：；！？）」』])(?=[\u3400-\u9fff])")
#: and anywhere after a Chinese comma, stop or colon that no closing mark follows
_AFTER_MARK = re.compile(r"[，。、：；！？](?![）」』，。、：；！？])")
