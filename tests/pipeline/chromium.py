"""Headless Chromium for tests that must see an HTML page the way a reviewer does.

Each call starts a fresh profile with background networking off and every
host name resolving to nothing, so a page that needs the network to look
right fails its test instead of quietly fetching a CDN.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

BINARY = shutil.which("chromium") or shutil.which("chromium-browser")

needs_chromium = pytest.mark.skipif(BINARY is None, reason="chromium not installed (scripts/bootstrap.sh)")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars"]


def _flags(local: bool) -> list[str]:
    """``local``: a page served on 127.0.0.1 (the Airflow UI) may be reached; no name resolves still."""
    return [f.replace("~NOTFOUND", "~NOTFOUND, EXCLUDE 127.0.0.1") if local else f for f in FLAGS]


def _run(args: list[str], timeout: float = 90, local: bool = False, tries: int = 2) -> subprocess.CompletedProcess:
    """Headless Chromium's virtual-time budget now and then never expires on a web app that
    polls (seen once in ~10 runs on the Airflow UI): a run past ``timeout`` is killed with
    its whole process group (renderers included) and started once more with a fresh profile.
    What the page must show is asserted by the caller either way."""
    assert BINARY is not None
    flags = _flags(local)
    for attempt in range(tries):
        with tempfile.TemporaryDirectory(prefix="replbed-chromium-") as profile:
            proc = subprocess.Popen([BINARY, *flags, f"--user-data-dir={profile}", *args],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
            try:
                out, err = proc.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
                if attempt + 1 == tries:
                    raise
                continue
            if proc.returncode:
                raise subprocess.CalledProcessError(proc.returncode, proc.args, out, err)
            return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    raise AssertionError("unreachable")


def url_of(path: Path, fragment: str = "") -> str:
    return Path(path).resolve().as_uri() + (f"#{fragment}" if fragment else "")


def dump_dom(url: str, budget: int = 3000) -> str:
    """The DOM after load, serialized (what the page really contains once rendered);
    ``budget``: milliseconds of virtual time the page's scripts get (a web app needs more).

    A web app served on 127.0.0.1 (the Airflow UI) is read over the DevTools protocol
    after ``budget`` of real time instead: a page that polls can hold a request open when
    the virtual-time budget ends, and ``--dump-dom`` then never returns (CI saw two such
    runs in a row; ``--timeout`` does not end it either)."""
    if url.startswith("http://127.0.0.1"):
        return _dump_dom_live(url, budget / 1000)
    return _run([f"--virtual-time-budget={budget}", "--dump-dom", url], timeout=90 + budget / 1000,
                local=False).stdout.decode("utf-8")


def _dump_dom_live(url: str, seconds: float) -> str:
    """``document.documentElement.outerHTML`` of ``url`` after ``seconds``, over CDP."""
    import json
    import time
    import urllib.request

    from websockets.sync.client import connect

    assert BINARY is not None
    flags = _flags(local=True)
    with tempfile.TemporaryDirectory(prefix="replbed-chromium-") as profile:
        proc = subprocess.Popen([BINARY, *flags, f"--user-data-dir={profile}", "--remote-debugging-port=0", url],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            port_file, deadline = Path(profile) / "DevToolsActivePort", time.monotonic() + 60
            while not (port_file.exists() and port_file.read_text().strip()):
                assert proc.poll() is None and time.monotonic() < deadline, "chromium gave no DevTools port"
                time.sleep(0.2)
            port = int(port_file.read_text().split()[0])
            time.sleep(seconds)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30) as r:
                page = next(t for t in json.loads(r.read()) if t.get("type") == "page")
            with connect(page["webSocketDebuggerUrl"], max_size=None, open_timeout=30) as ws:
                ws.send(json.dumps({"id": 1, "method": "Runtime.evaluate", "params": {
                    "expression": "document.documentElement.outerHTML", "returnByValue": True}}))
                while True:
                    msg = json.loads(ws.recv(timeout=60))
                    if msg.get("id") == 1:
                        return str(msg["result"]["result"]["value"])
        finally:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def screenshot(url: str, png: Path, size: str = "1400,2000", budget: int = 3000) -> Path:
    _run([f"--window-size={size}", f"--virtual-time-budget={budget}", f"--screenshot={png}", url],
         timeout=90 + budget / 1000, local=url.startswith("http://127.0.0.1"))
    data = Path(png).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, f"{png}: no real screenshot"
    return Path(png)


_VISIBLE_JS = """
<script>
window.addEventListener('load', () => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (rects.some(r => r.top >= 0 && r.bottom <= window.innerHeight && r.left < window.innerWidth)) {
      out.push(node.textContent.replace(/\\s+/g, ' ').trim());
    }
  }
  const pre = document.createElement('pre');
  pre.id = 'replbed-visible-text';
  pre.textContent = out.join(' ');
  document.documentElement.appendChild(pre);
});
</script>"""


def visible_text(url: str, width: int = 1400, height: int = 900) -> str:
    """The text a person sees on the first screen (no scrolling) of a local page at this window
    size: the page is copied next to itself with a script that keeps the text nodes laid out
    inside the viewport."""
    assert url.startswith("file://")
    page = Path(url[len("file://"):].split("#")[0])
    probe = page.with_name(f".visible-{page.name}")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", _VISIBLE_JS + "</body>"), encoding="utf-8")
    try:
        dom = _run([f"--window-size={width},{height}", "--virtual-time-budget=3000", "--dump-dom",
                    probe.resolve().as_uri()]).stdout.decode("utf-8")
    finally:
        probe.unlink()
    found = [text for tag, attrs, text in Elements(dom).find("pre", id="replbed-visible-text")]
    assert found, "the probe script did not run"
    return " ".join(found[0].split())


class Elements(HTMLParser):
    """Flat list of (tag, attrs, text) in document order; enough to assert structure."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.items: list[tuple[str, dict, str]] = []
        self._stack: list[int] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.items.append((tag, dict(attrs), ""))
        if tag not in ("br", "img", "meta", "link", "input", "hr"):
            self._stack.append(len(self.items) - 1)

    def handle_endtag(self, tag):
        while self._stack:
            i = self._stack.pop()
            if self.items[i][0] == tag:
                break

    def handle_data(self, data):
        for i in self._stack:
            t, a, text = self.items[i]
            self.items[i] = (t, a, text + data)

    def find(self, tag: str | None = None, **attrs) -> list[tuple[str, dict, str]]:
        out = []
        for t, a, text in self.items:
            if tag and t != tag:
                continue
            if all((k == "class_" and v in (a.get("class") or "").split()) or a.get(k) == v
                   for k, v in attrs.items()):
                out.append((t, a, text))
        return out
