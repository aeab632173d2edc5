"""The match server's figures for Prometheus (``GET /metrics``, the text
format of prometheus-client), one registry per server:

- ``backgammon_connections``: WebSocket connections open now;
- ``backgammon_matches``: matches this process holds now;
- ``backgammon_messages_total``: messages received;
- ``backgammon_errors_total{code}``: refusals sent, by error code;
- ``backgammon_message_seconds``: from a message in to its answers out
  (on a shared store, its commit included);
- ``backgammon_store_seconds{op}``: calls to a shared store, by kind;
- ``backgammon_leases_taken_over_total``: matches taken from a dead process;
- ``backgammon_store_up``: 1 while the store answers (always 1 without a shared one).

>>> m = ServerMetrics(lambda: 3, lambda: 1)
>>> m.messages.inc(); m.error("stale")
>>> b"backgammon_connections 3.0" in m.render(), b'backgammon_errors_total{code="stale"} 1.0' in m.render()
(True, True)
"""

from __future__ import annotations

from typing import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

CONTENT_TYPE = CONTENT_TYPE_LATEST
_FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class ServerMetrics:
    """Counters, gauges and histograms of one server."""

    def __init__(self, connections: Callable[[], int], matches: Callable[[], int],
                 store_up: Callable[[], bool] = lambda: True):
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        Gauge("backgammon_connections", "WebSocket connections open now", registry=r).set_function(connections)
        Gauge("backgammon_matches", "Matches this process holds now", registry=r).set_function(matches)
        Gauge("backgammon_store_up", "1 while the match store answers", registry=r).set_function(
            lambda: 1.0 if store_up() else 0.0)
        self.messages = Counter("backgammon_messages", "Messages received", registry=r)
        self.errors = Counter("backgammon_errors", "Refusals sent, by error code", ["code"], registry=r)
        self.latency = Histogram("backgammon_message_seconds", "From a message in to its answers out",
                                 buckets=_FAST, registry=r)
        self.store_latency = Histogram("backgammon_store_seconds", "Calls to the shared store", ["op"],
                                       buckets=_FAST, registry=r)
        self.takeovers = Counter("backgammon_leases_taken_over", "Matches taken over from a dead process",
                                 registry=r)
        self.sent_back = Counter("backgammon_matches_sent_back", "Matches sent back to the process they were "
                                 "taken from, once it ran again", registry=r)

    def error(self, code: str) -> None:
        self.errors.labels(code=code).inc()

    def store_call(self, op: str, seconds: float) -> None:
        self.store_latency.labels(op=op).observe(seconds)

    def render(self) -> bytes:
        """The text format Prometheus scrapes."""
        return generate_latest(self.registry)
