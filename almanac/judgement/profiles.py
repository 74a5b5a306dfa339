"""Task profiles: each task of the config (``[tasks]``) read and checked once — its base task,
the weight of each rule family and rule, its own vetoes, its verdict thresholds (:data:`SCALE`
unless it sets its own), its reading method and tone — and a task found by any name a reader
types (key, Chinese in either script, Korean, an everyday word).

The score of an hour for a task is ``almanac.judgement.score``'s; its profile's names are read
from there too, as before they moved.

>>> from almanac import config
>>> p = profile(config.load(None), "출행")
>>> p.name, p.base, p.thresholds == tuple(SCALE.values())
('travel', 'travel', True)
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from almanac.errors import BadInput

from .catalog import Catalog, Rule, load_catalog

#: the verdict scale in score units: 大吉 ≥ 4.5, 吉 ≥ 1.5, 凶 ≤ −4, 大凶 ≤ −10 (docs/judgement.md)
SCALE = {"daji": 4.5, "ji": 1.5, "xiong": -4.0, "daxiong": -10.0}
_PROFILE_KEYS = {"name_zh", "name_ko", "description", "description_zh", "description_ko", "base", "families", "rules", "veto",
                 "thresholds", "directions", "method", "tone"}
#: the families a task reads in full by default (its reading method): the 類神 of every task
#: (005_method.toml), the 演禽 side read in the 演禽賦's own order, and a person's 年命; the other
#: sentences of the chart (日辰上神, 發用, the generals, 課體 …) speak of it in general and together
#: weigh as one consideration, at most ``tone`` either way (docs/judgement.md "Weighing")
METHOD = ("liuren.method", "qin", "liuren.nianming")
TONE = 1.0
_THRESHOLD_KEYS = ("daji", "ji", "xiong", "daxiong")


@dataclass(frozen=True)
class TaskProfile:
    name: str
    base: str
    name_zh: str
    description: str
    description_zh: str
    families: tuple[tuple[str, float], ...]
    rules: tuple[tuple[str, float], ...]
    veto: frozenset[str]
    thresholds: tuple[float, float, float, float]
    directions: bool
    digest: str
    name_ko: str = ""
    description_ko: str = ""
    method: tuple[str, ...] = METHOD
    tone: float = TONE

    def in_method(self, rule: Rule) -> bool:
        """Whether the task reads ``rule`` in full (its family is one of the task's ``method``)."""
        return any(rule.family == f or rule.family.startswith(f + ".") for f in self.method)

    @property
    def aliases(self) -> tuple[str, ...]:
        """Every name a reader may type for this task: key, Chinese (both scripts), Korean."""
        from almanac.terms import hans
        return tuple(dict.fromkeys(a for a in (self.name, self.name_zh, hans(self.name_zh), self.name_ko) if a))

    def weight(self, rule: Rule) -> float:
        rules = dict(self.rules)
        if rule.id in rules:
            return rules[rule.id]
        fams = dict(self.families)
        parts = rule.family.split(".")
        for i in range(len(parts), 0, -1):
            key = ".".join(parts[:i])
            if key in fams:
                return fams[key]
        return 1.0

    def vetoed_by(self, rule: Rule) -> bool:
        return self.base in rule.veto or self.name in rule.veto or rule.id in self.veto


def _num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _profile(name: str, raw: Any, cat: Catalog) -> TaskProfile:
    where = f"tasks.{name}"
    if not isinstance(raw, Mapping):
        raise BadInput(f"config {where} must be a table of task settings",
                       zh=f"設定 {where} 須為事項設定的表（table）",
                       ko=f"설정 {where}: 할 일 설정을 담은 테이블이어야 합니다")
    unknown = set(raw) - _PROFILE_KEYS
    if unknown:
        got, ok = ", ".join(sorted(unknown)), ", ".join(sorted(_PROFILE_KEYS))
        raise BadInput(f"config {where} has unknown keys {got} (accepted: {ok})",
                       zh=f"設定 {where} 有未知的鍵：{got}（可用：{ok}）",
                       ko=f"설정 {where}: 알 수 없는 키가 있습니다: {got} (가능한 키: {ok})")
    base = raw.get("base", name if name in cat.tasks else "general")
    if base not in cat.tasks:
        builtin = ", ".join(sorted(cat.tasks))
        raise BadInput(f"config {where}.base is {base!r}; a task's base must be one of the built-in tasks "
                       f"({builtin})",
                       zh=f"設定 {where}.base 無效：{base!r}（事項的 base 須為內建事項之一：{builtin}）",
                       ko=f"설정 {where}.base 값이 올바르지 않습니다: {base!r} "
                          f"(할 일의 base는 기본 제공 할 일 중 하나여야 합니다: {builtin})")
    desc = raw.get("description")
    if not isinstance(desc, str) or not desc.strip():
        raise BadInput(f"config {where}.description must be a one-line text",
                       zh=f"設定 {where}.description 須為一行文字",
                       ko=f"설정 {where}.description: 한 줄 텍스트여야 합니다")
    for key in ("name_zh", "name_ko", "description_zh", "description_ko"):
        if not isinstance(raw.get(key, ""), str):
            raise BadInput(f"config {where}.{key} must be a text",
                           zh=f"設定 {where}.{key} 須為文字",
                           ko=f"설정 {where}.{key}: 텍스트여야 합니다")
    fams = raw.get("families", {})
    if not isinstance(fams, Mapping) or any(k not in cat.families or not _num(v) for k, v in fams.items()):
        known = ", ".join(sorted(cat.families))
        raise BadInput(f"config {where}.families must map rule families to numbers (families: {known})",
                       zh=f"設定 {where}.families 須把規則類別對應到數字（類別：{known}）",
                       ko=f"설정 {where}.families: 규칙 계열마다 숫자를 지정해야 합니다 (계열: {known})")
    rules = raw.get("rules", {})
    if not isinstance(rules, Mapping):
        raise BadInput(f"config {where}.rules must map rule ids to numbers",
                       zh=f"設定 {where}.rules 須把規則 id 對應到數字",
                       ko=f"설정 {where}.rules: 규칙 id마다 숫자를 지정해야 합니다")
    # an id a verse's rule had before it was split per case names every case
    rules = {new: v for k, v in rules.items() for new in cat.ids(k)}
    for k, v in rules.items():
        if k not in cat.by_id or not _num(v):
            raise BadInput(f"config {where}.rules: {k!r} is not a rule id with a number "
                           "(see `almanac tasks --json` / docs/judgement.md for the ids)",
                           zh=f"設定 {where}.rules：{k!r} 不是帶數字的規則 id"
                              "（規則 id 見 `almanac tasks --json` / docs/judgement.md）",
                           ko=f"설정 {where}.rules: 숫자가 붙은 규칙 id가 아닙니다: {k!r} "
                              "(규칙 id는 `almanac tasks --json` / docs/judgement.md 참조)")
    veto = raw.get("veto", [])
    if isinstance(veto, list):
        veto = [new for v in veto for new in (cat.ids(v) if isinstance(v, str) else (v,))]
    if not isinstance(veto, list) or any(v not in cat.by_id for v in veto):
        bad = [v for v in veto if v not in cat.by_id] if isinstance(veto, list) else veto
        raise BadInput(f"config {where}.veto must list rule ids; unknown: {bad!r}",
                       zh=f"設定 {where}.veto 須為規則 id 的列表；未知：{bad!r}",
                       ko=f"설정 {where}.veto: 규칙 id의 목록이어야 합니다 (알 수 없는 id: {bad!r})")
    th = raw.get("thresholds", SCALE)
    if not isinstance(th, Mapping) or set(th) != set(_THRESHOLD_KEYS) or not all(_num(th[k]) for k in _THRESHOLD_KEYS):
        raise BadInput(f"config {where}.thresholds needs numbers daji, ji, xiong, daxiong",
                       zh=f"設定 {where}.thresholds 須給出 daji（大吉）、ji（吉）、xiong（凶）、daxiong（大凶）"
                          "四個數字",
                       ko=f"설정 {where}.thresholds: daji(대길), ji(길), xiong(흉), daxiong(대흉) 네 값이 "
                          "모두 숫자여야 합니다")
    t = tuple(float(th[k]) for k in _THRESHOLD_KEYS)
    if not t[0] >= t[1] > t[2] >= t[3]:
        raise BadInput(f"config {where}.thresholds must satisfy daji ≥ ji > xiong ≥ daxiong, got {t}",
                       zh=f"設定 {where}.thresholds 須滿足 daji ≥ ji > xiong ≥ daxiong，實際為 {t}",
                       ko=f"설정 {where}.thresholds: daji ≥ ji > xiong ≥ daxiong 조건을 만족해야 합니다 "
                          f"(받은 값: {t})")
    method = raw.get("method", list(METHOD))
    if not isinstance(method, list) or any(m not in cat.families for m in method):
        known = ", ".join(sorted(cat.families))
        raise BadInput(f"config {where}.method must list rule families (families: {known})",
                       zh=f"設定 {where}.method 須為規則類別的列表（類別：{known}）",
                       ko=f"설정 {where}.method: 규칙 계열의 목록이어야 합니다 (계열: {known})")
    tone = raw.get("tone", TONE)
    if not _num(tone) or tone < 0:
        raise BadInput(f"config {where}.tone must be a number ≥ 0",
                       zh=f"設定 {where}.tone 須為不小於 0 的數字",
                       ko=f"설정 {where}.tone: 0 이상의 숫자여야 합니다")
    directions = raw.get("directions", False)
    if not isinstance(directions, bool):
        raise BadInput(f"config {where}.directions must be true or false",
                       zh=f"設定 {where}.directions 須為 true 或 false",
                       ko=f"설정 {where}.directions: true 또는 false여야 합니다")
    blob = json.dumps([name, base, sorted(fams.items()), sorted(rules.items()), sorted(veto), t,
                       sorted(method), float(tone)], ensure_ascii=False, default=str)
    return TaskProfile(name, base, raw.get("name_zh", ""), desc.strip().splitlines()[0],
                       raw.get("description_zh", ""), tuple(sorted((k, float(v)) for k, v in fams.items())),
                       tuple(sorted((k, float(v)) for k, v in rules.items())), frozenset(veto), t, directions,
                       hashlib.sha256(blob.encode()).hexdigest()[:16], raw.get("name_ko", ""),
                       raw.get("description_ko", ""), tuple(method), float(tone))


_profiles_cache: dict[str, dict[str, TaskProfile]] = {}


def task_profiles(cfg) -> dict[str, TaskProfile]:
    """Every task of a loaded config, checked (BadInput names the task and the setting)."""
    key = cfg.digest
    if key not in _profiles_cache:
        cat = load_catalog()
        tasks = cfg.get("tasks", {})
        if not isinstance(tasks, Mapping) or not tasks:
            raise BadInput("config [tasks] must hold at least one task table",
                           zh="設定 [tasks] 須至少含一個事項表",
                           ko="설정 [tasks]: 할 일 테이블이 하나 이상 있어야 합니다")
        _profiles_cache[key] = {n: _profile(n, raw, cat) for n, raw in tasks.items()}
    return _profiles_cache[key]


def resolve_task(cfg, task: Any) -> str:
    """The key of the task named ``task`` — its key (``travel``), Chinese name (出行, 出行's
    simplified form) or Korean name (출행); BadInput naming the accepted keys otherwise.

    >>> from almanac import config
    >>> [resolve_task(config.load(None), t) for t in ("travel", "出行", "출행", " 詞訟 ", "词讼")]
    ['travel', 'travel', 'travel', 'lawsuit', 'lawsuit']
    """
    profiles = task_profiles(cfg)
    name = task.strip() if isinstance(task, str) else task
    if isinstance(name, str) and name in profiles:
        return name
    if isinstance(name, str) and name:
        for p in profiles.values():
            if name in p.aliases or name.lower() == p.name.lower():
                return p.name
        from almanac.task_words import alias     # everyday words: 여행, 결혼, 打官司, wedding …
        word = alias(name)
        if word is not None and word in profiles:
            return word
    raise BadInput(f"unknown task {task!r}; accepted: {', '.join(profiles)}",
                   zh=f"未知的事項：{task!r}（可選：{named_tasks(profiles, 'zh')}）",
                   ko=f"알 수 없는 할 일: {task!r} (가능한 할 일: {named_tasks(profiles, 'ko')})")


def named_tasks(profiles: Mapping[str, TaskProfile], lang_key: str) -> str:
    """The tasks as a ``zh`` or ``ko`` reader names them, each with its key (all are accepted):
    「出行(travel)、遣使(delegate)…」, 「출행(travel), 견사(delegate), …」."""
    if lang_key == "ko":
        return ", ".join(f"{p.name_ko}({p.name})" if p.name_ko else p.name for p in profiles.values())
    return "、".join(f"{p.name_zh}({p.name})" if p.name_zh else p.name for p in profiles.values())


def profile(cfg, task: Any) -> TaskProfile:
    """The profile of a task named by key, Chinese or Korean name (:func:`resolve_task`)."""
    return task_profiles(cfg)[resolve_task(cfg, task)]

