#!/usr/bin/python3
"""The catalog page as a tester sees it, in headless Chromium driven over the DevTools protocol.

Usage: scripts/check-catalog-page.py PAGE.html ARTIFACT_DIR

Loads the page from a file URL and fails unless:
  - every text has a contrast of at least 4.5:1 (WCAG AA), every control a label, and the print
    style leaves the controls out; without JavaScript every action shows;
  - the page makes no network request (every Network.requestWillBeSent is the page's own file URL)
    and logs no Content-Security-Policy violation or script error;
  - every action shows with no filter, and typing a search text leaves exactly the rows whose text
    holds it (checked against the page's own data, and against one known action);
  - the module and status filters narrow the rows;
  - every QR code decodes (zbarimg, on a full-page screenshot) to exactly the example links the page
    lists, each of them once or more, and nothing else.
The screenshot is kept as ARTIFACT_DIR/catalog-page.png (and the filtered one as catalog-page-search.png).
Needs Debian's chromium, zbar-tools and python3-websocket.
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # python3-websocket (Debian)


def fail(message):
    print("catalog page: FAIL: " + message)
    sys.exit(1)


class Browser:
    """One headless Chromium with one page target, spoken to over its DevTools WebSocket."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="catalog-page-")
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            fail("chromium is not installed (apt-get install chromium)")
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-default-apps", "--remote-debugging-port=0", "--remote-allow-origins=*",
             "--user-data-dir=" + self.profile, "--window-size=1280,1000", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.time() > deadline or self.process.poll() is not None:
                fail("chromium did not start")
            time.sleep(0.1)
        port = open(port_file).read().split("\n")[0]
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port, timeout=30))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    fail("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            for event in self.events:
                if event.get("method") == method:
                    return event
            self.events.append(json.loads(self.socket.recv()))
        fail("no %s within %d s" % (method, seconds))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            fail("script error: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)


# WCAG relative luminance and contrast of every element that holds text, against the first opaque
# background up its ancestors.
CONTRAST = r"""(function(){
function rgb(c){var m=c.match(/[\d.]+/g);return m?m.map(Number):[0,0,0,0];}
function lum(c){var v=c.slice(0,3).map(function(x){x/=255;return x<=0.03928?x/12.92:Math.pow((x+0.055)/1.055,2.4);});
return 0.2126*v[0]+0.7152*v[1]+0.0722*v[2];}
function bg(e){for(;e;e=e.parentElement){var c=rgb(getComputedStyle(e).backgroundColor);if(c.length<4||c[3]>0)return c;}return [255,255,255];}
var bad=[];document.querySelectorAll('body *').forEach(function(e){
if(!Array.prototype.some.call(e.childNodes,function(n){return n.nodeType===3&&n.textContent.trim();}))return;
if(e.offsetParent===null&&getComputedStyle(e).position!=='fixed')return;
var a=lum(rgb(getComputedStyle(e).color)),b=lum(bg(e));var r=(Math.max(a,b)+0.05)/(Math.min(a,b)+0.05);
if(r<4.5)bad.push(e.tagName+' '+r.toFixed(2)+' '+e.textContent.trim().slice(0,30));});
return bad;})()"""


def decode(png):
    """Every QR code zbarimg finds in the picture, as text."""
    run = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png],
                         capture_output=True)
    if run.returncode not in (0, 4):
        fail("zbarimg failed: %s" % run.stderr.decode(errors="replace"))
    # One symbol a line (the page's links are ASCII: percent-encoded, no line break).
    return [line for line in run.stdout.decode("utf-8").split("\n") if line]


def main():
    if len(sys.argv) != 3:
        fail("usage: check-catalog-page.py PAGE.html ARTIFACT_DIR")
    page, artifacts = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(artifacts, exist_ok=True)
    page_url = "file://" + page
    browser = Browser()
    try:
        browser.call("Network.enable")
        browser.call("Page.enable")
        browser.call("Runtime.enable")
        browser.call("Log.enable")
        browser.call("Page.navigate", url=page_url)
        browser.wait_for("Page.loadEventFired")
        time.sleep(0.5)  # let any late request show itself before counting

        # 1. No network request: the only request is the page itself, and nothing was blocked.
        requests = [e["params"]["request"]["url"] for e in browser.events if e.get("method") == "Network.requestWillBeSent"]
        others = [url for url in requests if url != page_url]
        if others:
            fail("the page requested %s" % others)
        problems = [e["params"] for e in browser.events
                    if e.get("method") in ("Runtime.exceptionThrown",)
                    or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
        if problems:
            fail("the page logged errors: %s" % problems)
        print("catalog page: loaded with 1 request (the page itself), no error")

        # 2. Every action shows; search leaves exactly the rows whose text holds the words.
        rows = browser.evaluate("document.querySelectorAll('article.action').length")
        visible = "Array.from(document.querySelectorAll('article.action')).filter(r=>!r.hidden).map(r=>r.id)"
        if rows < 1 or len(browser.evaluate(visible)) != rows:
            fail("not every action shows before a search (%s rows)" % rows)
        browser.screenshot(os.path.join(artifacts, "catalog-page.png"))

        texts = browser.evaluate("Object.fromEntries(Array.from(document.querySelectorAll('article.action')).map(r=>[r.id,r.dataset.text]))")
        for query in ["reviews", "cart", "zzz-no-such-link"]:
            browser.evaluate("document.getElementById('search').focus()")
            browser.call("Input.insertText", text=query)  # typed, as a person types
            shown = browser.evaluate(visible)
            expected = [row for row, text in texts.items() if query in text]
            if sorted(shown) != sorted(expected):
                fail("search %r shows %s, expected %s" % (query, shown, expected))
            status = browser.evaluate("document.getElementById('shown').textContent")
            if status != "%d of %d actions shown" % (len(expected), rows):
                fail("search %r says %r" % (query, status))
            print("catalog page: search %r leaves %d of %d rows: %s" % (query, len(shown), rows, ", ".join(sorted(shown))))
            if query == "reviews":
                if "Products.reviews" not in shown:
                    fail("search 'reviews' hides Products.reviews")
                browser.screenshot(os.path.join(artifacts, "catalog-page-search.png"))
            browser.evaluate("(function(){var q=document.getElementById('search');q.value='';q.dispatchEvent(new Event('input'));})()")

        # 3. The module and status filters.
        modules = browser.evaluate("Array.from(document.querySelectorAll('#module option')).map(o=>o.value).filter(Boolean)")
        module = modules[0]
        browser.evaluate("(function(){var m=document.getElementById('module');m.value=%s;m.dispatchEvent(new Event('change'));})()" % json.dumps(module))
        shown = browser.evaluate(visible)
        if not shown or any(not row.startswith(module + ".") for row in shown):
            fail("module filter %s shows %s" % (module, shown))
        browser.evaluate("(function(){var m=document.getElementById('module');m.value='';m.dispatchEvent(new Event('change'));})()")
        browser.evaluate("(function(){var s=document.getElementById('status');s.value='problem';s.dispatchEvent(new Event('change'));})()")
        problem_rows = browser.evaluate(visible)
        expected = browser.evaluate("Array.from(document.querySelectorAll('article.action[data-status=problem]')).map(r=>r.id)")
        if sorted(problem_rows) != sorted(expected):
            fail("status filter shows %s, expected %s" % (problem_rows, expected))
        browser.evaluate("(function(){var s=document.getElementById('status');s.value='';s.dispatchEvent(new Event('change'));})()")
        print("catalog page: module filter %s leaves %d rows; status 'problem' leaves %d" % (module, len(shown), len(problem_rows)))

        # 4. Readable: every text has a contrast of at least 4.5:1 against its background (WCAG AA),
        #    every control has a label, and printing leaves the controls out.
        low = browser.evaluate(CONTRAST)
        if low:
            fail("text with too little contrast: %s" % low[:5])
        unlabelled = browser.evaluate("Array.from(document.querySelectorAll('input,select')).filter(c=>!c.labels||!c.labels.length).map(c=>c.id)")
        if unlabelled:
            fail("controls without a label: %s" % unlabelled)
        browser.call("Emulation.setEmulatedMedia", media="print")
        if browser.evaluate("getComputedStyle(document.getElementById('filters')).display") != "none":
            fail("the filters are printed")
        browser.call("Emulation.setEmulatedMedia", media="")
        print("catalog page: every text has contrast >= 4.5:1, every control a label; printing drops the controls")

        # 5. Every QR code decodes to its example link, and the set matches the page's links.
        links = browser.evaluate("Array.from(document.querySelectorAll('code.link')).map(c=>c.textContent)")
        labels = browser.evaluate("Array.from(document.querySelectorAll('figure.qr svg')).map(s=>s.getAttribute('aria-label'))")
        if len(labels) != len(links):
            fail("%d QR codes for %d example links" % (len(labels), len(links)))
        png = os.path.join(artifacts, "catalog-page.png")
        decoded = decode(png)
        missing = sorted(set(links) - set(decoded))
        extra = sorted(set(decoded) - set(links))
        if missing or extra:
            fail("QR codes decode to %d links; missing %s; not on the page %s" % (len(set(decoded)), missing, extra))
        print("catalog page: %d QR codes in the screenshot decode to exactly the %d example links" % (len(decoded), len(set(links))))
        # 6. Without JavaScript every action shows, the same page.
        browser.call("Emulation.setScriptExecutionDisabled", value=True)
        browser.events = []
        browser.call("Page.reload")
        browser.wait_for("Page.loadEventFired")
        browser.call("Emulation.setScriptExecutionDisabled", value=False)
        hidden = browser.evaluate("Array.from(document.querySelectorAll('article.action')).filter(r=>r.hidden||r.offsetParent===null).length")
        status = browser.evaluate("document.getElementById('shown').textContent")
        if hidden != 0 or status != "%d of %d actions shown" % (rows, rows):
            fail("without JavaScript %d actions are hidden (%r)" % (hidden, status))
        print("catalog page: without JavaScript all %d actions show" % rows)
    finally:
        browser.close()
    print("catalog page: passed (screenshot: %s)" % os.path.join(artifacts, "catalog-page.png"))


if __name__ == "__main__":
    main()
