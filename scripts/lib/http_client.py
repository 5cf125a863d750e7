"""A small JSON client for the test scripts (crash test, two servers): a cookie
jar per buyer, the CSRF header on writes, and waiting for a server to be ready."""
import http.cookiejar, json, sys, time, urllib.error, urllib.request


class Client:
    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self):
        for c in self.jar:
            if c.name == "uplink_csrf":
                return c.value
        return ""

    def call(self, method, path, body=None, headers=None, timeout=15):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if method != "GET" and self.csrf():
            req.add_header("X-CSRF-Token", self.csrf())
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with self.opener.open(req, timeout=timeout) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw or b"null")
            except ValueError:
                return e.code, None


def wait_ready(base, proc):
    for _ in range(600):
        if proc.poll() is not None:
            sys.exit("server exited during start")
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as r:
                if r.status == 200:
                    return
        except Exception:
            pass
        time.sleep(0.1)
    sys.exit("server did not become ready")
