"""The LLM writer against hostile Chat Completions servers on loopback: a reply dripped a
byte at a time, one nested past any parser, one that never ends. Each falls back to the
builtin narrator (as the README says) within the configured timeout, never hangs or crashes."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler

import pytest
from write_days import busy_day

from commitcast.write import LLMConfig, narrate
from commitcast.write.llm import write_with_llm

KEY = "sk-test-HOSTILE-77aa"
DRIP_LIMIT = 1_500  # a dripping server stops by itself after this many bytes (or when the test ends)
Write = Callable[[BaseHTTPRequestHandler, threading.Event], None]  # see hostile_server in tests/conftest.py
DRIPPED_ALL = threading.Event()  # set when a drip ran to its end: the client waited it out


def head(handler: BaseHTTPRequestHandler, length: int) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(length))
    handler.end_headers()


def drip(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
    """A byte every 20 ms: each comes far inside any read timeout."""
    head(handler, 1 << 20)
    for _ in range(DRIP_LIMIT):
        if stop.wait(0.02):
            return
        handler.wfile.write(b" ")
        handler.wfile.flush()
    DRIPPED_ALL.set()


def deep_body(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
    body = b"[" * 200_000 + b"]" * 200_000
    head(handler, len(body))
    handler.wfile.write(body)


def deep_content(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
    content = '{"sections": ' + "[" * 200_000 + "]" * 200_000 + "}"
    body = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
    head(handler, len(body))
    handler.wfile.write(body)


def endless(handler: BaseHTTPRequestHandler, stop: threading.Event) -> None:
    """Megabytes as fast as the client reads them, well past any reply a script needs."""
    head(handler, 1 << 30)
    for _ in range(1 << 12):
        if stop.is_set():
            return
        handler.wfile.write(b" " * (1 << 16))


@pytest.mark.parametrize(
    ("write", "timeout", "said"),
    [
        (drip, 0.5, "no answer within 0.5 s"),
        (deep_body, 30.0, "malformed Chat Completions reply"),
        (deep_content, 30.0, "nested too deep"),
        (endless, 30.0, "a reply of more than 4 MB"),
    ],
    ids=["slow-drip", "deep-body", "deep-content", "endless"],
)
def test_a_hostile_endpoint_falls_back_to_the_builtin_narrator(
    hostile_server, caplog, write: Write, timeout: float, said: str
) -> None:
    plan = busy_day()
    config = LLMConfig(base_url=hostile_server(write) + "/v1", model="m", api_key=KEY, timeout=timeout)
    DRIPPED_ALL.clear()
    with caplog.at_level(logging.INFO, logger="commitcast.write"):
        script = write_with_llm(plan, config)
    assert not DRIPPED_ALL.is_set()  # it gave up while the server was still sending
    assert script == narrate(plan)
    assert said in caplog.text and "builtin" in caplog.text and KEY not in caplog.text
