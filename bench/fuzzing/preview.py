"""Family (g), preview requests: ``printkit preview`` started on 127.0.0.1 on a free port,
sent random request lines, paths, queries, headers and bytes (to 127.0.0.1 only, a bounded
number, each with a time limit), with idle connections held open and the definition broken
and mended while it serves; then stopped with Ctrl-C (SIGINT)."""

from __future__ import annotations

import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.fuzzing.definitions import ROOT
from bench.fuzzing.model import CRASH, FINE, OVER, UNSAFE, Budget, Case

HOST = b"@HOST"
"""Stands for ``127.0.0.1:PORT`` in a request."""
BREAK, MEND, IDLE = b"@BREAK", b"@MEND", b"@IDLE"
"""Not requests: break the definition, mend it, hold idle connections open."""
ANSWER_SECONDS = 10.0
ROUTES = ["/", "/version", "/board.svg", "/booklet.html", "/face/0.svg", "/face/1.svg"]
FACES = ["-1", "9" * 5000, "\u0663", "\u00b2", "1e3", "", "0x1", "00000001", " 1", "%31",
         "1/../0", "999999", "1.0", "+1", "\uff11"]
PATHS = ["/..%2f..%2fetc/passwd", "/../../etc/passwd", "//etc/passwd", "/%00", "/%", "*",
         "http://evil.example/", "/index.html", "/favicon.ico", "/\u00e9", "/face/.svg",
         "/face/0.svg/../../x", "/version?" + "a=1&" * 3000, "/" + "a" * 70_000, "", "x",
         "/?q=%ff%fe", "/booklet.html#frag", "/board.svg?"]
METHODS = ["GET"] * 6 + ["HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "get",
                         "G E T", "", "X" * 1000]
VERSIONS = ["HTTP/1.1"] * 4 + ["HTTP/1.0", "", "HTTP/2.0", "HTTP/9.9", "HTTP/1.1x", "HTTP/"]
HOSTS = ["@HOST"] * 4 + ["evil.example", "evil.example:@PORT", "localhost:@PORT", "127.0.0.1",
                         "[::1]:@PORT", "", "127.0.0.1:@PORT.evil.example", "0.0.0.0:@PORT"]
FOREIGN = ("evil.example",)
EXTRA_HEADERS = [
    "Content-Length: -1", "Content-Length: 99999999999", "Content-Length: x",
    "Transfer-Encoding: chunked", "Connection: keep-alive", "Expect: 100-continue",
    "X-Long: " + "y" * 100_000, "no colon here", "X-Nul: a\x00b", "Cookie: " + "c=1; " * 2000,
    "Range: bytes=0-0,1-1,2-2", "Accept-Encoding: gzip", "Upgrade: websocket",
]


def request(rng: random.Random) -> tuple[bytes, bool]:
    """Raw bytes of a random request and whether it is well formed (must get an answer)."""
    pick = rng.randrange(10)
    if pick == 0:
        return bytes(rng.randrange(256) for _ in range(rng.choice([1, 100, 2000]))), False
    if pick == 1:
        return b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40), False
    route = rng.choice(ROUTES)
    if pick in (2, 3):
        route = "/face/" + rng.choice(FACES) + ".svg"
    elif pick == 4:
        route = rng.choice(PATHS)
    method, version, host = "GET", "HTTP/1.1", rng.choice(HOSTS)
    if pick == 5:
        method, version = rng.choice(METHODS), rng.choice(VERSIONS)
    headers = [f"Host: {host}"] if host or rng.random() < 0.5 else []
    if pick == 6:
        headers += rng.sample(EXTRA_HEADERS, rng.randint(1, 3))
    if pick == 7:
        headers += [f"X-{i}: {i}" for i in range(rng.choice([50, 200, 5000]))]
    line = f"{method} {route} {version}".rstrip()
    text = (line + "\r\n" + "".join(h + "\r\n" for h in headers) + "\r\n").encode(
        "utf-8", "surrogatepass")
    if pick == 8:  # cut short: the server must not wait for the rest for ever
        return text[:rng.randrange(len(text))], False
    well_formed = pick in (2, 3, 9) or (pick == 4 and len(route) < 60_000)
    if rng.random() < 0.1:  # a second request on the same connection
        text += text
    return text, well_formed and method == "GET" and version.startswith("HTTP/1")


def generate(rng: random.Random, index: int) -> Case:
    """A preview server and a batch of requests (each counts as one input)."""
    base, name = rng.choice([
        (ROOT / "tests" / "plugin_game" / "printkit_toy_nim", "toy-nim.yaml"),
        (ROOT / "tests" / "data" / "content" / "poker", "poker.yaml"),
        (ROOT / "tests" / "data" / "components", "skirmish.yaml"),
    ])
    files = {f"game/{p.relative_to(base)}": p.read_bytes() for p in sorted(base.rglob("*"))
             if p.is_file() and p.suffix in {".yaml", ".csv", ".svg", ".j2"}}
    requests: list[bytes] = []
    for _ in range(rng.choice([40, 50, 60])):
        if rng.random() < 0.04:
            requests.append(rng.choice([BREAK, MEND, IDLE + str(rng.choice([20, 100, 400])
                                                               ).encode()]))
        else:
            data, well_formed = request(rng)
            requests.append((b"!" if well_formed else b"?") + data)
    return Case("preview", index, f"preview {name}, {len(requests)} requests", files,
                (("preview", "{dir}/game/" + name, "--port", "@PORT", "-q"),), located=False,
                requests=tuple(requests))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _peak_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _send(port: int, data: bytes) -> tuple[bytes, float]:
    """Send ``data`` and read the answer (at most 8 MB) until the server closes or
    :data:`ANSWER_SECONDS` pass; returns the answer and the seconds it took."""
    started = time.monotonic()
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS) as sock:
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
            while len(answer) < 8_000_000:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except TimeoutError:
            pass
        except OSError:  # reset by the server: an answer of its own kind
            pass
    return answer, time.monotonic() - started


def serve_and_send(case: Case, folder: Path, budget: Budget,
                   record: Callable[[Path, dict[str, object]], None]) -> None:
    """Run the preview case in this (forked) child: one verdict recorded per request."""
    port = _free_port()
    words = [w.replace("{dir}", str(folder)).replace("@PORT", str(port))
             for w in case.commands[0]]
    log = folder / "server.log"
    with open(log, "wb") as stream:
        server = subprocess.Popen([sys.executable, "-m", "printkit", *words], cwd=folder,
                                  stdout=stream, stderr=stream, env=dict(os.environ))
    try:
        _serve(case, folder, port, server, log, budget, record)
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _started(port: int, server: subprocess.Popen[bytes]) -> bool:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


def _serve(case: Case, folder: Path, port: int, server: subprocess.Popen[bytes], log: Path,
           budget: Budget, record: Callable[[Path, dict[str, object]], None]) -> None:
    if not _started(port, server):
        text = log.read_text(errors="replace")[-300:]
        for _ in case.requests:
            record(folder, {"class": CRASH, "reason": "the server did not start",
                            "detail": text})
        return
    definition = Path(case.commands[0][1].replace("{dir}", str(folder)))
    original = definition.read_bytes()
    idle: list[socket.socket] = []
    seen = 0
    for item in case.requests:
        verdict: dict[str, object] = {"class": FINE}
        if item == BREAK:
            definition.write_bytes(original + b"\n  : broken: [\n")
        elif item == MEND:
            definition.write_bytes(original)
        elif item.startswith(IDLE):
            for _ in range(int(item[len(IDLE):])):
                try:
                    idle.append(socket.create_connection(("127.0.0.1", port), timeout=2))
                except OSError:
                    break
        else:
            data = item[1:].replace(HOST, f"127.0.0.1:{port}".encode()).replace(
                b"@PORT", str(port).encode())
            try:
                answer, seconds = _send(port, data)
            except OSError as exc:
                answer, seconds = b"", 0.0
                verdict = {"class": CRASH, "reason": "connection refused", "detail": str(exc)}
            verdict = verdict if verdict["class"] != FINE else _judge_answer(
                item[:1] == b"!", data, answer, seconds)
        text = log.read_text(errors="replace")
        if server.poll() is not None:
            verdict = {"class": CRASH, "reason": f"the server ended ({server.returncode})",
                       "detail": text[-300:]}
        elif "Traceback" in text[seen:]:
            verdict = {"class": CRASH, "reason": "traceback in the server's output",
                       "detail": _exception_line(text[seen:])}
        elif _peak_mb(server.pid) > budget.memory_mb:
            verdict = {"class": OVER, "reason": "memory", "detail": f"{_peak_mb(server.pid)} MB"}
        seen = len(text)
        record(folder, verdict)
        if server.poll() is not None:
            break
    for sock in idle:
        sock.close()


_STATUS = re.compile(rb"^HTTP/1\.[01] (\d{3})")


def _judge_answer(well_formed: bool, data: bytes, answer: bytes,
                  seconds: float) -> dict[str, object]:
    match = _STATUS.match(answer)
    status = int(match.group(1)) if match else 0
    if status >= 500 and status not in (501, 505):
        return {"class": CRASH, "reason": f"HTTP {status}", "detail": data[:200].decode(
            "latin-1")}
    if well_formed and not answer and seconds >= ANSWER_SECONDS:
        return {"class": OVER, "reason": "time", "detail": "no answer in "
                f"{ANSWER_SECONDS:g} s: {data[:120].decode('latin-1')!r}"}
    host = re.search(rb"(?im)^host: *([^\r\n]*)", data)
    if status == 200 and host and any(f.encode() in host.group(1) for f in FOREIGN):
        return {"class": UNSAFE, "reason": "answered a request for another host",
                "detail": host.group(1)[:100].decode("latin-1")}
    return {"class": FINE}


def _exception_line(text: str) -> str:
    lines = [line for line in text[text.find("Traceback"):].splitlines() if line.strip()]
    return " | ".join(lines[-3:])[:400]
