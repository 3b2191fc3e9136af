"""What every browser check shares: a headless Chromium, a `regalia serve` of its own, JSON
calls to it, and a failing check's message. The checks are run by engine-tests/browser.rs
(`run_check`), which gives each its paths on the command line."""

import json
import subprocess
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

TIMEOUT = 180  # seconds: a hang guard for a machine busy with builds, not a measurement


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def start_browser(chromium, chromedriver, size="1400,1100"):
    """Headless Chromium with a window of `size` ("width,height")."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={size}", "--hide-scrollbars"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(chromedriver), options=options)


def start_server(binary, db, port):
    """`regalia serve` on `port` (0: a free one) keeping games in `db`; the process and its
    address without the final slash."""
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--db", db],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    url = next(w for w in line.split() if w.startswith("http://"))
    return server, url.rstrip("/")


def stop_server(server):
    server.terminate()
    server.wait(timeout=60)


def call(url, method, path, body=None):
    """A JSON call; the status and the decoded answer, errors included."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())
