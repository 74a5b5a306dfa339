"""The exception types for bad input.

``BadInput`` is a ``ValueError`` whose message is one line saying what was wrong and what is
accepted; the command line prints it and exits 2, the HTTP service answers 400 with it.
``BadConfig`` is bad input from the service's own configuration (a file, the environment) rather
than from the request: the command line treats it as bad input (exit 2), but the HTTP service
answers 503 — the client did nothing wrong.

The message (``str(e)``) is English. Each one is also written for the almanac's other readers —
``zh`` (Traditional Chinese; a ``zh-Hans`` reader gets it converted) and ``ko`` — where it is
raised, and :meth:`BadInput.text` gives the one for a reader's language: the command line and the
HTTP service print it in the language the request asked for (``--lang``, ``?lang=``).

>>> e = BadInput("unknown zone 'X'", zh="未知的時區：'X'", ko="알 수 없는 시간대: 'X'")
>>> str(e), e.text("ko"), e.text("zh-Hans"), e.text("en"), e.text(None)
("unknown zone 'X'", "알 수 없는 시간대: 'X'", "未知的时区：'X'", "unknown zone 'X'", "unknown zone 'X'")
>>> e.within("day: ", zh="day：", ko="day: ").text("ko")
"day: 알 수 없는 시간대: 'X'"

A message that names what the user gave writes it as :func:`field` of the API's parameter: the
HTTP service (and ``str(e)``) shows the parameter as a query names it, the command line shows
its own option (``text(lang, options=True)``):

>>> e = BadInput(f"{field('gan_shang')} 'x' is not a branch", zh="", ko=f"{field('gan_shang')} 값이 지지가 아닙니다: 'x'")
>>> str(e), e.text("ko"), e.text("ko", options=True), e.text("en", options=True)
("gan_shang 'x' is not a branch", "gan_shang 값이 지지가 아닙니다: 'x'", "--gan-shang 값이 지지가 아닙니다: 'x'", "--gan-shang 'x' is not a branch")
"""
from __future__ import annotations

import errno
import re

#: characters of a quoted value (the client's input, as ``{x!r}`` quotes it) an error line shows
QUOTED_WIDTH = 80
#: characters an error line has at most
LINE_WIDTH = 1000

# a quoted value: a quote not right after a Latin letter or digit (so not the apostrophe of
# "day's"), then anything but that quote (backslash escapes kept whole), then that quote
_QUOTED = re.compile(r"""(?<![A-Za-z0-9])(['"])((?:\\.|(?!\1)[^\\])*)\1""", re.S)


def capped(line: str, width: int = QUOTED_WIDTH, most: int = LINE_WIDTH) -> str:
    """An error line as a client is shown it: each quoted value longer than ``width`` cut to its
    first ``width`` characters and ``…`` (still quoted, so the line reads as before), and the
    line itself cut at ``most`` characters. The command line and the HTTP service print every
    error through it, so an input of 60,000 characters is never echoed whole.

    >>> capped("unknown zone '" + "x" * 100 + "'; accepted: IANA names")
    "unknown zone 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'; accepted: IANA names"
    >>> capped("the day's hours: 'X'")
    "the day's hours: 'X'"
    """
    def cut(m: re.Match) -> str:
        quote, inner = m.group(1), m.group(2)
        if len(inner) <= width:
            return m.group(0)
        inner = inner[:width]
        if (len(inner) - len(inner.rstrip("\\"))) % 2:   # never end on half an escape
            inner = inner[:-1]
        return quote + inner + "…" + quote
    if len(line) > width:
        line = _QUOTED.sub(cut, line)
    return line if len(line) <= most else line[:most - 1] + "…"


def quoted_values(line: str) -> list[str]:
    """The quoted values of a message (each with its quotes), as :func:`capped` finds them: what a
    message not written for a reader quotes of the client's input.

    >>> quoted_values("invalid literal for int() with base 10: 'abc'"), quoted_values("day's end")
    (["'abc'"], [])
    """
    return [m.group(0) for m in _QUOTED.finditer(line)]


#: the marks around a field's name in a message (:func:`field`); never shown to anyone
_MARK = "\x1f"
_FIELD = re.compile(_MARK + r"([A-Za-z_][A-Za-z0-9_]*)" + _MARK)


def field(name: str) -> str:
    """The API parameter ``name`` (``born``, ``gan_shang``) as a message names it: shown as the
    HTTP query names it, or as the command line's option (``--born``, ``--gan-shang``) on the
    command line (:func:`option`), so that each reader is told of what they typed."""
    return f"{_MARK}{name}{_MARK}"


def option(name: str) -> str:
    """The command line's option for the API parameter ``name``: ``partner_born`` → ``--partner-born``."""
    return "--" + name.replace("_", "-")


def _named(text: str, options: bool = False) -> str:
    """``text`` with each :func:`field` written as the HTTP query (or, with ``options``, the
    command line) names it."""
    if _MARK not in text:
        return text
    return _FIELD.sub(lambda m: option(m.group(1)) if options else m.group(1), text)


def reader_lang(lang) -> "str | None":
    """The almanac's language (``check_lang``) a reader who asked for ``lang`` reads an error in:
    ``lang`` itself when accepted (a browser's ``ko-KR`` is ``ko``, ``zh-TW`` Traditional and
    ``zh-CN`` Simplified Chinese), else the language of its first subtag when that one is known —
    ``ko-!!`` is refused in Korean; None when nothing in it is known (English).

    >>> reader_lang("KO"), reader_lang("ko-KR"), reader_lang("zh_TW"), reader_lang("zh-Hans-CN"), reader_lang("fr")
    ('ko', 'ko', 'zh-Hant', 'zh-Hans', None)
    >>> reader_lang("ko-!!"), reader_lang("fr-KR"), reader_lang("")
    ('ko', None, None)
    """
    from .lang_tags import LANGS, known_lang
    if not isinstance(lang, str) or not lang.strip():
        return None
    for asked in (lang, re.split(r"[-_]", lang.strip(), maxsplit=1)[0]):
        known = known_lang(asked) if asked else LANGS[0]     # check_lang's answer, raising nothing
        if known is not None:
            return known
    return None


class BadInput(ValueError):
    """Input the almanac cannot accept. The message is a single line, in English; ``zh`` and
    ``ko`` are the same line for those readers (:meth:`text`)."""

    def __init__(self, message: str = "", *, zh: str | None = None, ko: str | None = None):
        super().__init__(message)
        self.zh, self.ko = zh, ko

    def __str__(self) -> str:
        return _named(self._raw())

    def _raw(self) -> str:
        """The English message as written, its fields still marked (:func:`field`)."""
        return super().__str__()

    def text(self, lang: str | None = None, *, options: bool = False) -> str:
        """The message for a reader of ``lang`` (``zh-Hant``, ``zh-Hans``, ``ko``, ``en``, any
        spelling ``almanac.lang.check_lang`` takes); English for ``None``, ``en``, a language it
        does not know, or a message not written in that language. ``options``: the fields it
        names are written as the command line's options (``--born``), not as query parameters."""
        message = _named(self._raw(), options)
        if not lang:
            return message
        from .lang_tags import TEXT_KEY, hans
        lang = reader_lang(lang)
        if lang is None:
            return message
        key = TEXT_KEY[lang]
        out = self.ko if key == "ko" else self.zh if key == "zh" else None
        if not out:
            return message
        out = _named(out, options)
        return hans(out) if lang == "zh-Hans" else out

    def within(self, en: str, *, zh: str, ko: str) -> "BadInput":
        """The same error (same class) with a prefix saying where it was met, in each language."""
        raw = self._raw()
        return type(self)(en + raw, zh=zh + (self.zh or raw), ko=ko + (self.ko or raw))

    def __reduce__(self):          # keep the translations across processes (precompute's workers)
        return (_rebuild, (type(self), self._raw(), self.zh, self.ko))


def _rebuild(cls, message, zh, ko):
    return cls(message, zh=zh, ko=ko)


class Unreachable(RuntimeError):
    """A service the almanac needs (its database) did not answer: not bad input — the command
    line says so in one line in the reader's language and exits 1, not 2. ``text`` as
    :meth:`BadInput.text`.

    >>> e = Unreachable("the database could not be reached", zh="無法連上資料庫", ko="데이터베이스에 연결할 수 없습니다")
    >>> str(e), e.text("ko"), isinstance(e, ValueError)
    ('the database could not be reached', '데이터베이스에 연결할 수 없습니다', False)
    """

    def __init__(self, message: str = "", *, zh: str | None = None, ko: str | None = None):
        super().__init__(message)
        self._told = BadInput(message, zh=zh, ko=ko)

    def __str__(self) -> str:
        return str(self._told)

    def text(self, lang: str | None = None, *, options: bool = False) -> str:
        return self._told.text(lang, options=options)

    def __reduce__(self):
        return (_rebuild, (type(self), self._told._raw(), self._told.zh, self._told.ko))


class StorageError(Unreachable):
    """The disk or the database cannot take what the almanac writes — full, read-only, failing:
    not bad input (exit 1, never 2), and said as what it is, one line in the reader's language,
    rather than as "internal error" or as whatever a later step said about it (a full disk
    during the nightly run was recorded as "cannot rollback - no transaction is active").
    ``kind`` is ``"disk full"``, ``"read-only"`` or ``"disk error"`` (the scheduler's ledger
    records it). Made by :func:`storage_failure`."""

    def __init__(self, message: str = "", *, zh: str | None = None, ko: str | None = None,
                 kind: str = "disk error"):
        super().__init__(message, zh=zh, ko=ko)
        self.kind = kind

    def __reduce__(self):
        return (_rebuild_storage, (self._told._raw(), self._told.zh, self._told.ko, self.kind))


def _rebuild_storage(message, zh, ko, kind):
    return StorageError(message, zh=zh, ko=ko, kind=kind)


#: what each kind of storage failure is called, for the English, Chinese and Korean reader
STORAGE_TEXTS = {"disk full": ("the disk is full", "磁碟已滿", "디스크에 남은 공간이 없습니다"),
            "read-only": ("the store or its folder is read-only", "儲存庫或其資料夾唯讀",
                          "저장소나 그 폴더가 읽기 전용입니다"),
            "disk error": ("the disk failed (input/output error)", "磁碟讀寫出錯", "디스크 입출력 오류입니다")}
_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT} | ({errno.EFBIG} if hasattr(errno, "EFBIG") else set())


def storage_kind(e: BaseException) -> "str | None":
    """``"disk full"``, ``"read-only"``, ``"disk error"`` when ``e`` (or what it wraps: a
    SQLAlchemy error's driver error) says the disk or the database cannot be written; else None.

    >>> import sqlite3
    >>> full = sqlite3.OperationalError("database or disk is full")
    >>> storage_kind(full), storage_kind(OSError(errno.EROFS, "Read-only file system"))
    ('disk full', 'read-only')
    >>> storage_kind(sqlite3.OperationalError("attempt to write a readonly database"))
    'read-only'
    >>> storage_kind(ValueError("no")), storage_kind(OSError(errno.ENOENT, "gone"))
    (None, None)
    """
    seen = 0
    while e is not None and seen < 5:
        if isinstance(e, StorageError):
            return e.kind
        if isinstance(e, OSError) and e.errno is not None:
            if e.errno in _FULL_ERRNOS:
                return "disk full"
            if e.errno == errno.EROFS:
                return "read-only"
            if e.errno == errno.EIO:
                return "disk error"
        name = getattr(e, "sqlite_errorname", "") or ""
        text = str(e).lower()
        if name == "SQLITE_FULL" or "database or disk is full" in text:
            return "disk full"
        if name.startswith("SQLITE_READONLY") or "readonly database" in text:
            return "read-only"
        if name.startswith("SQLITE_IOERR") or text.startswith("disk i/o error"):
            return "disk error"
        state = getattr(e, "sqlstate", None) or ""
        if state == "53100":                     # PostgreSQL disk_full
            return "disk full"
        if state == "25006":                     # read_only_sql_transaction
            return "read-only"
        e = getattr(e, "orig", None) or e.__cause__ or e.__context__
        seen += 1
    return None


def storage_failure(e: BaseException, doing: str = "") -> "StorageError | None":
    """The :class:`StorageError` that ``e`` is (``doing``: what failed, e.g. ``"precompute"``),
    or None when it is no storage failure.

    >>> import sqlite3
    >>> f = storage_failure(sqlite3.OperationalError("database or disk is full"), "the nightly run")
    >>> str(f), f.text("ko"), f.kind
    ('the nightly run failed: the disk is full (database or disk is full)', 'the nightly run 실패: 디스크에 남은 공간이 없습니다', 'disk full')
    """
    kind = storage_kind(e)
    if kind is None:
        return None
    if isinstance(e, StorageError):
        return e
    en, zh, ko = STORAGE_TEXTS[kind]
    detail = (str(getattr(e, "orig", None) or e).splitlines() or [""])[0]
    lead = f"{doing} failed: " if doing else ""
    return StorageError(f"{lead}{en} ({detail})" if detail else f"{lead}{en}",
                        zh=(f"{doing} 失敗：" if doing else "") + zh,
                        ko=(f"{doing} 실패: " if doing else "") + ko, kind=kind)


class BadConfig(BadInput):
    """The service's configuration cannot be used (not the HTTP client's fault)."""


#: why a file operation failed, for the Chinese and the Korean reader (the system's words are English)
_WHY = {errno.ENOSPC: ("磁碟已滿", "디스크에 남은 공간이 없습니다"),
        errno.EDQUOT: ("超出磁碟配額", "디스크 할당량을 넘었습니다"),
        errno.EACCES: ("沒有權限", "권한이 없습니다"), errno.EPERM: ("不允許", "허용되지 않습니다"),
        errno.EROFS: ("唯讀的檔案系統", "읽기 전용 파일 시스템입니다"),
        errno.ENOENT: ("不存在", "없습니다"), errno.ENOTDIR: ("不是資料夾", "폴더가 아닙니다"),
        errno.EISDIR: ("是資料夾", "폴더입니다"), errno.EIO: ("輸入輸出錯誤", "입출력 오류입니다"),
        errno.EADDRINUSE: ("位址已被使用", "이미 쓰이고 있는 주소입니다"),
        errno.ENAMETOOLONG: ("名稱太長", "이름이 너무 깁니다"),
        errno.EEXIST: ("已有同名的檔案", "같은 이름의 파일이 이미 있습니다")}


def os_reasons(e: OSError) -> tuple[str, str, str]:
    """Why ``e`` happened, in English (the system's words), Chinese and Korean: a failure not known
    here is named by its code (``ENOSPC``) for those readers rather than in English words.

    >>> os_reasons(OSError(errno.ENOSPC, "No space left on device"))
    ('No space left on device', '磁碟已滿', '디스크에 남은 공간이 없습니다')
    >>> os_reasons(OSError(errno.ELOOP, "Too many levels of symbolic links"))[1:]
    ('ELOOP', 'ELOOP')
    """
    en = e.strerror or type(e).__name__
    code = errno.errorcode.get(e.errno or 0) or type(e).__name__
    zh, ko = _WHY.get(e.errno, (code, code))
    return en, zh, ko


class DataFolderError(BadConfig, OSError):
    """The data folder (``ALMANAC_DATA_DIR``, or the platform's) cannot be made or used: bad
    configuration to the command line (one line, exit 2) and the HTTP service (503), and still an
    ``OSError`` to whoever falls back when the disk fails (the reports compute without a store)."""


def data_folder_error(folder, e: OSError) -> DataFolderError:
    """The :class:`DataFolderError` of ``folder`` that ``e`` says cannot be made or used."""
    why, zh, ko = os_reasons(e)
    return DataFolderError(f"the data folder {str(folder)!r} cannot be used ({why}); "
                           f"set ALMANAC_DATA_DIR to a folder that can be written",
                           zh=f"資料夾無法使用：{str(folder)!r}（{zh}）；請把 ALMANAC_DATA_DIR 設為可寫入的資料夾",
                           ko=f"데이터 폴더를 쓸 수 없습니다: {str(folder)!r} ({ko}). ALMANAC_DATA_DIR 환경 변수를 "
                              f"쓸 수 있는 폴더로 정해 주십시오")
