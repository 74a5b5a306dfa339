"""Where ``-o`` writes, checked before anything is computed: a path the command cannot write to
is bad input (one line, exit 2), never an internal error after a long computation.

- :func:`file_target` for a file (``almanac feed -o FILE``): not a folder, in a folder that
  exists, and that folder takes a new file (the file is written to a temp file there and renamed
  over the target);
- :func:`folder_target` for a folder (``almanac report -o DIR``, created when missing): not a
  file, not under a file, and the nearest folder that exists takes a new entry.

Each takes the test a real write would: a temp file made (and removed) in that folder — as root a
folder's mode says little, and ``/proc`` or a read-only mount refuse whatever the mode.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from almanac.errors import BadInput


def unwritable(given: str, e: OSError) -> Exception:
    """The error of a write to ``-o given`` that failed (``e``): what was typed and why, one line
    (a full disk, ``-o /dev/full``, a folder made read-only meanwhile). A full disk, a read-only
    file system or a failing disk is no fault of the input (``StorageError``: exit 1); anything
    else about the path given is (``BadInput``: exit 2)."""
    from almanac.errors import StorageError, storage_kind
    why, zh, ko = _reasons(e)
    kind = storage_kind(e)
    if kind is not None:
        return StorageError(f"cannot write -o {given!r}: {why}", zh=f"無法寫入 -o {given!r}：{zh}",
                            ko=f"-o {given!r}에 쓸 수 없습니다: {ko}", kind=kind)
    return BadInput(f"cannot write -o {given!r} ({why})",
                    zh=f"無法寫入 -o {given!r}（{zh}）",
                    ko=f"-o {given!r}에 쓸 수 없습니다 ({ko})")


def _reason(e: OSError) -> str:
    return e.strerror or type(e).__name__


def _reasons(e: OSError) -> tuple[str, str, str]:
    """Why ``e`` happened, in English, Chinese and Korean (``almanac.errors.os_reasons``)."""
    from almanac.errors import os_reasons
    return os_reasons(e)


def _probe(folder: Path, given: str) -> None:
    """A temp file can be made in ``folder`` (then removed), or bad input naming ``given``."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".almanac-probe.", suffix=".tmp", dir=folder)
    except OSError as e:
        why, zh, ko = _reasons(e)
        raise BadInput(f"cannot write -o {given!r}: folder {str(folder)!r} does not take a new file ({why})",
                       zh=f"無法寫入 -o {given!r}：資料夾 {str(folder)!r} 無法建立新檔案（{zh}）",
                       ko=f"-o {given!r}에 쓸 수 없습니다: 폴더 {str(folder)!r}에 새 파일을 만들 수 없습니다 ({ko})"
                       ) from None
    os.close(fd)
    try:
        os.unlink(tmp)
    except OSError:
        pass


def is_special(path: Path) -> bool:
    """True when ``path`` is a symbolic link or something other than a regular file or a folder:
    a device, a pipe, a socket (``/dev/null``, ``/dev/stdout``, a link to a file). Such a target
    is written into, as a shell's ``>`` does: renaming a new file over it (the atomic write of a
    regular file) would replace the link or the device itself."""
    try:
        if os.path.islink(path):
            return True
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def file_target(given: str, example: str) -> Path:
    """The path of ``-o given`` for a file, checked as a write of it would go (``example``: a file
    name to suggest when ``given`` is a folder). A path the system refuses even to look at (a
    name too long) is bad input naming ``-o`` as any other."""
    try:
        return _file_target(given, example)
    except OSError as e:
        raise unwritable(given, e) from None


def _file_target(given: str, example: str) -> Path:
    out = Path(given)
    if out.is_dir():
        raise BadInput(f"-o {given!r} is a folder; give a file name such as {example}",
                       zh=f"-o 的值是資料夾：{given!r}；請給檔名，如 {example}",
                       ko=f"-o 값이 폴더입니다: {given!r}; {example} 같은 파일 이름을 주십시오")
    folder = out.parent
    if not folder.exists():
        if _under_file(folder) is not None:
            _not_a_folder(given, _under_file(folder))
        raise BadInput(f"folder {str(folder)!r} of -o does not exist",
                       zh=f"-o 所在的資料夾不存在：{str(folder)!r}",
                       ko=f"-o 값의 폴더가 없습니다: {str(folder)!r}")
    if not folder.is_dir():
        _not_a_folder(given, folder)
    if is_special(out):
        try:
            mode = os.stat(out).st_mode
            if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
                # never opened to try it: a reader already waiting would take the close for the
                # end of the feed; the write waits for a reader as a shell's `>` does
                if not os.access(out, os.W_OK):
                    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
                return out
            # opened for writing without truncating it
            os.close(os.open(out, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK))
        except OSError as e:
            raise unwritable(given, e) from None
        return out
    _probe(folder, given)
    return out


def folder_target(given: str) -> Path:
    """The path of ``-o given`` for a folder (created by the writer when missing), checked as
    the writes into it would go (a name too long: bad input, as in :func:`file_target`)."""
    try:
        return _folder_target(given)
    except OSError as e:
        raise unwritable(given, e) from None


def _folder_target(given: str) -> Path:
    out = Path(given)
    if out.exists() and not out.is_dir():
        raise BadInput(f"-o {given!r} is a file; give a folder",
                       zh=f"-o 的值是檔案：{given!r}；請給資料夾",
                       ko=f"-o 값이 파일입니다: {given!r}; 폴더를 주십시오")
    existing = out
    while not existing.exists():
        if existing.parent == existing:
            break
        existing = existing.parent
    blocker = _under_file(out)
    if blocker is not None:
        _not_a_folder(given, blocker)
    _probe(existing if existing.exists() else Path("."), given)
    return out


def _under_file(path: Path) -> "Path | None":
    """The file (not a folder) that ``path`` would have to be inside, if any."""
    for up in [path, *path.parents]:
        if up.exists() or up.is_symlink():
            return None if up.is_dir() else up
    return None


def _not_a_folder(given: str, blocker: Path) -> None:
    raise BadInput(f"cannot write -o {given!r}: {str(blocker)!r} is a file, not a folder",
                   zh=f"無法寫入 -o {given!r}：{str(blocker)!r} 是檔案，不是資料夾",
                   ko=f"-o {given!r}에 쓸 수 없습니다: {str(blocker)!r}은(는) 폴더가 아니라 파일입니다")


def write_in_place(path: Path, data: bytes) -> None:
    """``data`` written into a special file or through a link (``is_special``), truncating it."""
    with open(path, "wb") as f:
        f.write(data)
