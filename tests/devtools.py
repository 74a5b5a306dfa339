"""A page as a phone shows it: headless Chromium driven over its DevTools pipe
(``--remote-debugging-pipe``: commands in on fd 3, answers out on fd 4, each a JSON text ended by
a NUL), its viewport set by ``Emulation.setDeviceMetricsOverride``. A headless window is never
laid out narrower than 500 pixels (``--window-size=390,…`` gives a 500-pixel page); the override
lays a page out at a true phone width, as a phone does (``mobile``: the page's viewport tag
read, the page zoomed out when it is wider than the screen).

    with Phone(exe, 360) as phone:
        phone.open(url)
        phone.eval("document.documentElement.scrollWidth")
        phone.screenshot(path)
"""
from __future__ import annotations

import base64
import json
import os
import select
import subprocess
import tempfile
import time


class Phone:
    def __init__(self, exe: str, width: int, height: int = 800, *, mobile: bool = True, timeout: float = 60):
        self.timeout = timeout
        ours_in, chrome_in = os.pipe()       # we write, Chromium reads (its fd 3)
        chrome_out, ours_out = os.pipe()     # Chromium writes (its fd 4), we read
        self._profile = tempfile.TemporaryDirectory(prefix="almanac-phone-")

        def child() -> None:                 # the pipes at fds 3 and 4 in Chromium, wherever they were
            a, b = os.dup(ours_in), os.dup(ours_out)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self._proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={self._profile.name}", "about:blank"],
            preexec_fn=child, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(ours_in)
        os.close(ours_out)
        self._w, self._r, self._closed = chrome_in, chrome_out, False
        self._n, self._buf, self._events = 0, b"", []
        try:
            target = self._send("Target.createTarget", url="about:blank")["targetId"]
            self._session = self._send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            self._send("Page.enable", self._session)
            self._send("Emulation.setDeviceMetricsOverride", self._session, width=width, height=height,
                       deviceScaleFactor=1, mobile=mobile)
        except BaseException:
            self.close()
            raise

    def _read(self) -> dict:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._r], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer over its DevTools pipe")
            chunk = os.read(self._r, 1 << 16)
            if not chunk:
                raise EOFError("Chromium closed its DevTools pipe")
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def _send(self, method: str, session: str | None = None, **params) -> dict:
        self._n += 1
        msg = {"id": self._n, "method": method, "params": params, **({"sessionId": session} if session else {})}
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        while True:
            got = self._read()
            if got.get("id") == self._n:
                if "error" in got:
                    raise RuntimeError(f"{method}: {got['error']}")
                return got["result"]
            self._events.append(got)

    def _wait(self, method: str) -> None:
        while True:
            for i, e in enumerate(self._events):
                if e.get("method") == method and e.get("sessionId") == self._session:
                    del self._events[i]
                    return
            self._events.append(self._read())

    def open(self, url: str) -> None:
        """Navigate to ``url`` (a fragment too) and wait for the page's load event."""
        self._events.clear()
        self._send("Page.navigate", self._session, url=url)
        self._wait("Page.loadEventFired")

    def eval(self, expression: str):
        """The value of a JavaScript expression in the page (JSON-able)."""
        got = self._send("Runtime.evaluate", self._session, expression=expression, returnByValue=True)
        if "exceptionDetails" in got:
            raise RuntimeError(got["exceptionDetails"].get("text", "exception"))
        return got["result"].get("value")

    def screenshot(self, path, *, full: bool = True) -> None:
        got = self._send("Page.captureScreenshot", self._session, format="png", captureBeyondViewport=full)
        with open(path, "wb") as f:
            f.write(base64.b64decode(got["data"]))

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self._send("Browser.close")
        except (OSError, EOFError, TimeoutError, RuntimeError):
            pass
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        for fd in (self._w, self._r):
            try:
                os.close(fd)
            except OSError:
                pass
        self._profile.cleanup()

    def __enter__(self) -> "Phone":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
