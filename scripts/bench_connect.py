"""Benchmark: what Marginalia's HTTP client adds over a raw socket, and what reuse saves.

Runs a tiny keep-alive HTTP server in a child process on 127.0.0.1 and measures, over
many iterations, the median time to first byte (for the client: until ``request()``
returns with status and headers):

* fresh connections: raw ``socket`` vs ``HttpClient`` with pooling disabled;
* kept-alive connections: a raw persistent socket vs the pooled ``HttpClient``;
* the saving from reuse: client fresh minus client pooled.

Goal: the client's overhead over a raw socket stays under 5 ms.

Usage: python3 scripts/bench_connect.py [--iterations 500]
"""
import argparse
import os
import socket
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import devpath  # noqa: E402

devpath.install()

from marginalia.core.net.proxy import ProxyResolver  # noqa: E402
from marginalia.core.net.transport import HttpClient  # noqa: E402

BODY = b'{"object": "list", "data": [{"id": "bench"}]}'
RESPONSE = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
            % (len(BODY), BODY))
GOAL_MS = 5.0


# -- the server (child process) -----------------------------------------------------------

def _serve_connection(sock):
    buffered = b""
    with sock:
        while True:
            while b"\r\n\r\n" not in buffered:
                data = sock.recv(65536)
                if not data:
                    return
                buffered += data
            _, _, buffered = buffered.partition(b"\r\n\r\n")
            sock.sendall(RESPONSE)


def serve():
    listener = socket.create_server(("127.0.0.1", 0), backlog=128)
    print(listener.getsockname()[1], flush=True)
    while True:
        sock, _ = listener.accept()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=_serve_connection, args=(sock,), daemon=True).start()


# -- the measurements ----------------------------------------------------------------------

def _read_response(sock, first):
    data = first
    while len(data) < len(RESPONSE):
        data += sock.recv(65536)


def raw_fresh(port, request):
    start = time.perf_counter()
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.sendall(request)
    first = sock.recv(65536)
    elapsed = time.perf_counter() - start
    _read_response(sock, first)
    sock.close()
    return elapsed


def raw_pooled_factory(port):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def measure(_, request):
        start = time.perf_counter()
        sock.sendall(request)
        first = sock.recv(65536)
        elapsed = time.perf_counter() - start
        _read_response(sock, first)
        return elapsed
    return measure, sock


def client_measure(client, url):
    start = time.perf_counter()
    response = client.request("GET", url)
    elapsed = time.perf_counter() - start
    response.read_all()
    return elapsed


def median_ms(samples):
    return statistics.median(samples) * 1000.0


def run(iterations):
    server = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve"],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        url = "http://127.0.0.1:%d/v1/models" % port
        request = b"GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port
        fresh_client = HttpClient(ProxyResolver(environ={}), max_idle_per_host=0)
        pooled_client = HttpClient(ProxyResolver(environ={}))
        raw_pooled, raw_sock = raw_pooled_factory(port)
        cases = {
            "raw socket, new connection": lambda: raw_fresh(port, request),
            "client, new connection": lambda: client_measure(fresh_client, url),
            "raw socket, kept alive": lambda: raw_pooled(port, request),
            "client, pooled": lambda: client_measure(pooled_client, url),
        }
        results = {name: [] for name in cases}
        for _ in range(min(50, iterations)):  # warm up
            for measure in cases.values():
                measure()
        for _ in range(iterations):  # interleaved, so drift hits every case alike
            for name, measure in cases.items():
                results[name].append(measure())
        raw_sock.close()
        fresh_client.close()
        pooled_client.close()
        return {name: median_ms(samples) for name, samples in results.items()}
    finally:
        server.terminate()
        server.wait(5)


def report(medians, iterations):
    print("Time to first byte, median of %d requests to a local server (ms):" % iterations)
    for name, value in medians.items():
        print("  %-28s %8.3f" % (name, value))
    fresh = medians["client, new connection"] - medians["raw socket, new connection"]
    pooled = medians["client, pooled"] - medians["raw socket, kept alive"]
    saving = medians["client, new connection"] - medians["client, pooled"]
    print("Client overhead over a raw socket: new connection %.3f ms, pooled %.3f ms (goal < %g ms)"
          % (fresh, pooled, GOAL_MS))
    print("Saving from connection reuse: %.3f ms per request" % saving)
    verdict = "met" if max(fresh, pooled) < GOAL_MS else "NOT met"
    print("Goal %s." % verdict)
    return verdict == "met"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return 0
    return 0 if report(run(args.iterations), args.iterations) else 1


if __name__ == "__main__":
    sys.exit(main())
