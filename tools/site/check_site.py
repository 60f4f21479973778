#!/usr/bin/env python3
"""Checks the report site (tools/site/publish.py) in a real browser:
headless Chromium (Debian's `chromium`) driven through the DevTools
protocol over a pipe (--remote-debugging-pipe: NUL-terminated JSON messages
on file descriptors 3 and 4, no network port, no extra package).

It opens SITE/index.html as a phone would show it (412 x 915 CSS pixels,
mobile emulation), waits for the load event and then:
  - takes a full-page screenshot (PNG, --screenshot FILE, default
    build-ci/site-screenshot.png) and checks it is not blank;
  - reads the rendered DOM (document.documentElement.outerHTML, what
    `chromium --dump-dom` prints) and checks that every section of
    summary.json is on the page: a section that is null there says "not
    run" and shows no figure; of every other section, every figure (each
    leaf of summary.json but "schema") is an element with that data-key
    whose text is the figure (numbers compared to the precision shown,
    thousands separators and units ignored);
  - checks that every link and every resource of the page (a href, img
    src, link href, script src) resolves to a file inside the site
    (fragments to an element id of the page); no http:, https: or //
    address (the page has no external assets); the other HTML pages of the
    site (the lcov report) are checked for relative links that do not
    resolve (their links to lcov's home page are the only absolute ones
    allowed there);
  - checks that the page is no wider than the phone's screen (the tables
    scroll inside their section);
  - fails on any console error: console.error/console.assert calls,
    uncaught exceptions (Runtime.exceptionThrown) and browser log entries
    of level "error" (a resource that fails to load).

Usage: check_site.py SITE [--screenshot FILE] [--chromium PATH] [--timeout S]
Exit 0 when every check passes (one summary line), 1 with one line per
failed check, 2 on bad usage or when Chromium cannot be run.
Python 3 standard library only.
"""
import argparse
import base64
import html.parser
import json
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from urllib.parse import unquote, urlsplit

PHONE = {"width": 412, "height": 915, "deviceScaleFactor": 1, "mobile": True}


class Trouble(Exception):
    """Chromium could not be run or did not answer (exit 2)."""


class Browser:
    """Chromium with the DevTools protocol on a pipe."""

    def __init__(self, chromium, timeout):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="check-site-chromium.")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
                "--user-data-dir=" + self.profile, "about:blank"]

        def fds():  # the protocol's pipe: the child reads fd 3, writes fd 4
            r, w = os.dup(to_child_r), os.dup(from_child_w)  # above 4: dup2 cannot clobber the other
            while r <= 4 or w <= 4:
                r, w = (os.dup(r) if r <= 4 else r), (os.dup(w) if w <= 4 else w)
            os.dup2(r, 3)
            os.dup2(w, 4)
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, preexec_fn=fds, pass_fds=(3, 4, to_child_r, from_child_w))
        except OSError as e:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise Trouble("cannot run %s: %s" % (chromium, e.strerror))
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        return self.next_id

    def read(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_child], [], [], left)[0]:
                raise Trouble("Chromium did not answer within %g s" % self.timeout)
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise Trouble("Chromium closed the DevTools pipe (exit %s)" % self.proc.poll())
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        want = self.send(method, params, session)
        deadline = time.monotonic() + self.timeout
        while True:
            msg = self.read(deadline)
            if msg.get("id") == want:
                if "error" in msg:
                    raise Trouble("%s: %s" % (method, msg["error"].get("message")))
                return msg.get("result", {})
            self.events.append(msg)

    def wait_event(self, method):
        deadline = time.monotonic() + self.timeout
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while True:
            msg = self.read(deadline)
            if msg.get("method") == method:
                return msg
            self.events.append(msg)

    def close(self):
        try:
            self.send("Browser.close")
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_child)
        os.close(self.from_child)
        shutil.rmtree(self.profile, ignore_errors=True)


def render(site, chromium, timeout):
    """(dom, png bytes, console errors, page width, viewport width) of SITE/index.html."""
    b = Browser(chromium, timeout)
    try:
        target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            b.call(domain + ".enable", session=session)
        b.call("Emulation.setDeviceMetricsOverride", PHONE, session=session)
        url = (site / "index.html").resolve().as_uri()
        nav = b.call("Page.navigate", {"url": url}, session=session)
        if nav.get("errorText"):
            raise Trouble("cannot open %s: %s" % (url, nav["errorText"]))
        b.wait_event("Page.loadEventFired")

        def evaluate(expr):
            r = b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session=session)
            return r["result"].get("value")
        dom = evaluate("document.documentElement.outerHTML")
        width = evaluate("document.documentElement.scrollWidth")
        viewport = evaluate("window.innerWidth")
        size = b.call("Page.getLayoutMetrics", session=session)["cssContentSize"]
        shot = b.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                 "clip": {"x": 0, "y": 0, "width": size["width"],
                                                          "height": size["height"], "scale": 1}},
                      session=session)["data"]
        # messages that arrived during the last calls
        b.call("Runtime.evaluate", {"expression": "0"}, session=session)
        errors = []
        for e in b.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                errors.append("console.%s: %s" % (p["type"], " ".join(str(a.get("value", a.get("description")))
                                                                       for a in p.get("args", []))))
            elif m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                errors.append("uncaught: %s" % (d.get("exception", {}).get("description") or d.get("text")))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                entry = p["entry"]
                errors.append("%s: %s %s" % (entry.get("source"), entry.get("text"), entry.get("url", "")))
    finally:
        b.close()
    return dom, base64.b64decode(shot), errors, width, viewport


def png_ok(data):
    """'' when data is a PNG with some variety in its pixels, else what is wrong."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "not a PNG"
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            w, h = struct.unpack(">II", data[pos + 8:pos + 16])
        elif kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    raw = zlib.decompress(idat)
    if w < 300 or h < 300:
        return "%dx%d pixels: too small for the page" % (w, h)
    if len(set(raw)) < 16:
        return "blank (%d distinct byte values)" % len(set(raw))
    return ""


class Page(html.parser.HTMLParser):
    """data-key elements with their text, sections, ids, links."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.figures, self.sections, self.ids, self.links = {}, {}, set(), []
        self.stack = []  # open data-key / section elements: [kind, name, text]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for attr in ("href", "src"):
            if a.get(attr) is not None and tag in ("a", "img", "link", "script", "iframe", "source", "video", "audio"):
                self.links.append((tag, a[attr]))
        if tag in ("img", "link", "meta", "br", "hr", "input", "source"):
            return
        kind = "figure" if "data-key" in a else "section" if tag == "section" else None
        name = a.get("data-key") if kind == "figure" else (a.get("id"), a.get("data-status")) if kind else None
        self.stack.append([tag, kind, name, []])

    def handle_endtag(self, tag):
        while self.stack:
            t, kind, name, text = self.stack.pop()
            if kind == "figure":
                self.figures.setdefault(name, []).append("".join(text).strip())
            elif kind == "section":
                self.sections[name[0]] = (name[1], "".join(text))
            if self.stack:
                self.stack[-1][3].extend(text)
            if t == tag:
                break

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][3].append(data)


def leaves(v, path=""):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, path + "." + k if path else k)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, "%s.%d" % (path, i))
    else:
        yield path, v


def shows(text, value):
    """The text on the page shows the value: exactly for words, to the
    precision written for numbers."""
    if value is None:
        return text in ("\u2014", "-", "n/a")
    if isinstance(value, bool):
        return text == ("yes" if value else "no")
    if isinstance(value, (int, float)):
        m = re.fullmatch(r"(-?[\d,]*\.?\d+)\s*(?:%|s|x|KiB|MiB)?", text)
        if not m:
            return False
        shown = m.group(1).replace(",", "")
        decimals = len(shown.split(".")[1]) if "." in shown else 0
        return abs(float(shown) - value) <= 0.5 * 10 ** -decimals + 1e-9
    return text == str(value)


def check_dom(dom, summary):
    problems = []
    p = Page()
    p.feed(dom)
    p.close()
    sections = [k for k in summary if k not in ("schema", "commit", "generated")]
    for k in sections:
        if k not in p.sections:
            problems.append("section '%s' of summary.json is not on the page" % k)
            continue
        status, text = p.sections[k]
        inside = [f for f in p.figures if f == k or f.startswith(k + ".")]
        if summary[k] is None:
            if status != "not run" or "not run" not in text:
                problems.append("section '%s' did not run but the page does not say 'not run'" % k)
            if inside:
                problems.append("section '%s' did not run but shows figures: %s" % (k, ", ".join(inside[:3])))
        elif status != "run" or re.search(r"\bnot run\b", text):
            problems.append("section '%s' ran but the page says it did not" % k)
    for path, value in leaves(summary):
        if path == "schema" or summary.get(path.split(".")[0], 0) is None:
            continue
        texts = p.figures.get(path)
        if not texts:
            problems.append("figure %s = %r is not on the page" % (path, value))
        elif not all(shows(t, value) for t in texts):
            problems.append("figure %s = %r is shown as %r" % (path, value, texts))
    known = {path for path, _ in leaves(summary)}
    stray = sorted(set(p.figures) - known)
    if stray:
        problems.append("figures on the page that summary.json does not hold: %s" % ", ".join(stray[:5]))
    return problems, p


def check_links(site, page_links, ids, where, external_ok=False):
    problems = []
    for tag, ref in page_links:
        parts = urlsplit(ref)
        if parts.scheme or ref.startswith("//"):
            if not (external_ok and tag == "a" and parts.scheme in ("http", "https")):
                problems.append("%s: <%s> points outside the site: %s" % (where, tag, ref))
            continue
        if not parts.path:
            if parts.fragment and ids is not None and parts.fragment not in ids:
                problems.append("%s: link to #%s: no such element" % (where, parts.fragment))
            continue
        target = (where.parent / unquote(parts.path)).resolve()
        if site.resolve() not in target.parents and target != site.resolve():
            problems.append("%s: %s leaves the site" % (where, ref))
        elif not target.is_file():
            problems.append("%s: %s: no such file in the site" % (where, ref))
    return problems


def check(site, screenshot, chromium, timeout):
    problems = []
    try:
        summary = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return ["summary.json: %s" % e], None
    dom, png, errors, width, viewport = render(site, chromium, timeout)
    tmp = screenshot.with_name(screenshot.name + ".tmp")
    tmp.write_bytes(png)
    tmp.replace(screenshot)
    bad = png_ok(png)
    if bad:
        problems.append("screenshot %s: %s" % (screenshot, bad))
    problems += ["console error: %s" % e for e in errors]
    found, page = check_dom(dom, summary)
    problems += found
    problems += check_links(site, page.links, page.ids, site / "index.html")
    # with mobile emulation the layout viewport grows to fit a wider page:
    # compare with the phone's width itself
    if width > PHONE["width"] or viewport > PHONE["width"]:
        problems.append("the page is %d px wide on a %d px phone screen" % (max(width, viewport), PHONE["width"]))
    for other in sorted(site.rglob("*.html")):
        if other == site / "index.html":
            continue
        q = Page()
        q.feed(other.read_text(encoding="utf-8", errors="replace"))
        problems += check_links(site, q.links, None, other, external_ok=True)
    return problems, (summary, page, len(png))


def main(argv):
    ap = argparse.ArgumentParser(prog="check_site.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("site")
    ap.add_argument("--screenshot")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args(argv)
    site = Path(a.site)
    if not (site / "index.html").is_file():
        print("check_site.py: %s: no index.html (expected the folder ci/publish.sh builds)" % site, file=sys.stderr)
        return 2
    screenshot = Path(a.screenshot or "build-ci/site-screenshot.png")
    screenshot.parent.mkdir(parents=True, exist_ok=True)
    try:
        problems, info = check(site, screenshot, a.chromium, a.timeout)
    except Trouble as e:
        print("check_site.py: %s" % e, file=sys.stderr)
        return 2
    for p in problems:
        print("check_site.py: %s" % p)
    if problems:
        print("check_site.py: %s: %d problems" % (site, len(problems)))
        return 1
    summary, page, size = info
    ran = [k for k in summary if k not in ("schema", "commit", "generated") and summary[k] is not None]
    print("check_site.py: %s: %d figures shown as in summary.json (sections run: %s), %d links resolve, "
          "no console error; screenshot %s (%d bytes)" % (site, len(page.figures), ", ".join(ran) or "none",
                                                          len(page.links), screenshot, size))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
