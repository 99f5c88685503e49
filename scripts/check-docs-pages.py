#!/usr/bin/env python3
"""Opens built documentation pages in headless Chromium, as a reader would, and checks what they show.

DocC's pages are drawn by JavaScript from JSON, so a page that builds can still render empty (a wrong
base path, a missing index). Each argument is DIR:PATH:TEXT[|TEXT...]: DIR (a module's site, as
scripts/build-docs.sh writes it) is served on a local port, PATH is opened, and every TEXT must appear
in the text the rendered page shows.

    scripts/check-docs-pages.py DIR/MediatorTesting:/documentation/mediatortesting:"Test one module alone|MediatorStub"
"""
import functools
import http.server
import re
import shutil
import subprocess
import sys
import threading


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def rendered_text(directory: str, path: str) -> str:
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}{path}"
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if browser is None:
            sys.exit("check-docs-pages: chromium is not installed (apt-get install chromium)")
        dom = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=15000", "--dump-dom", url],
            capture_output=True, text=True, timeout=120).stdout
    finally:
        server.shutdown()
    dom = re.sub(r"<(style|script|noscript)[^>]*>.*?</\1>", " ", dom, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", dom).split())


failures = []
for argument in sys.argv[1:]:
    directory, path, texts = argument.split(":", 2)
    shown = rendered_text(directory, path)
    missing = [text for text in texts.split("|") if text not in shown]
    if missing:
        failures.append(f"{path}: the rendered page does not show {missing}; it shows: {shown[:300]}")
    else:
        print(f"docs page: {path} renders and shows {texts.split('|')}")
if failures:
    sys.exit("\n".join(failures))
