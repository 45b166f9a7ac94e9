"""A small, polite forge API client: conditional requests backed by an on-disk cache,
``Link`` pagination, rate limits, and retries on 5xx and timeouts. A misbehaving server cannot
hold a run: the client has a total deadline, and every answer is bounded in bytes, every list
in pages and items (past a bound: :class:`ForgeUnavailable`).

Each forge subclasses :class:`ForgeClient` with its name, headers and rate-limit headers
(:class:`commitcast.ingest.github.GitHubClient`, :class:`commitcast.ingest.gitlab.GitLabClient`).

The token only ever travels in the ``Authorization`` header (which httpx drops when a redirect
leaves the origin): it is never part of a URL, a cache key, a cache file, a log line or an
exception message.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import ssl
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

import httpx

from commitcast.errors import UserError

__all__ = [
    "ForgeError",
    "ForgeUnavailable",
    "RateLimited",
    "NotFound",
    "ApiStats",
    "HttpCache",
    "ForgeClient",
    "check_api_url",
    "MAX_ANSWER_BYTES",
    "MAX_PAGES",
    "MAX_PAGE_ITEMS",
    "DEFAULT_DEADLINE",
]

_RETRY_STATUSES = frozenset({500, 502, 503, 504})
# A server that keeps answering "retry after 0 s" must not hold the run forever.
_MAX_RATE_LIMIT_HITS = 8
# Bounds on what one server may make the client read. GitHub and GitLab send at most 100 items
# a page and a few MB an answer; a day's busiest listing is a few dozen pages.
MAX_ANSWER_BYTES = 32 << 20
MAX_PAGES = 200
MAX_PAGE_ITEMS = 100
DEFAULT_DEADLINE = 600.0  # seconds for everything one client does


class ForgeError(Exception):
    """A forge request failed; ``str()`` is one line fit for a log."""


class ForgeUnavailable(ForgeError):
    """The forge cannot be used for this run (offline, refused token, down, past a bound, …)."""


class RateLimited(ForgeUnavailable):
    """The rate limit would need a longer wait than the client's bound allows."""


class NotFound(ForgeError):
    """The resource does not exist, or the token cannot see it."""


def check_api_url(api_url: str, *, option: str, example: str) -> str:
    """``api_url`` without a trailing slash if it is an http(s) URL with a host and no
    credentials (the token travels in a header, never in a URL); else a UserError naming
    ``option`` and an ``example`` of a good value."""
    try:
        url = httpx.URL(api_url)
    except httpx.InvalidURL:
        url = httpx.URL("")
    if url.scheme not in ("http", "https") or not url.host or url.userinfo:
        raise UserError(f"{option} must be an http(s) URL without credentials, e.g. {example}")
    return api_url.rstrip("/")


@dataclass
class ApiStats:
    """What a client did: requests sent, how many were conditional, and what the cache saved."""

    requests: int = 0  # HTTP requests sent, retries included
    conditional: int = 0  # requests that carried If-None-Match / If-Modified-Since
    not_modified: int = 0  # 304 answers
    cache_hits: int = 0  # answers taken from the cache without any request
    retries: int = 0  # requests repeated after a 5xx or a timeout
    waited: float = 0.0  # seconds slept for rate limits and backoff


class HttpCache:
    """Response bodies and validators (ETag, Last-Modified) on disk, one JSON file per URL."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        digest = hashlib.sha256(key.encode()).hexdigest()
        return self.root / digest[:2] / f"{digest}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored entry for ``key``, or None (a damaged file counts as missing)."""
        try:
            entry = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return entry if isinstance(entry, dict) and entry.get("key") == key else None

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store ``entry`` atomically (a reader never sees half a file)."""
        path = self._path(key)
        # Cached answers may come from private repositories: keep them to the user.
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump({**entry, "key": key}, handle)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """One verifying TLS context per process: loading the CA bundle costs 17 ms, and a fleet
    run opens a client per show."""
    return httpx.create_ssl_context()  # certifi's bundle, or SSL_CERT_FILE, as httpx chooses


@dataclass(frozen=True)
class _Answer:
    data: Any
    next_url: str | None


# A query parameter: one value, or several (GitLab's ``iids[]=1&iids[]=2``).
QueryValue = str | int | Sequence[str | int]


class ForgeClient:
    """REST calls against one forge API base URL, cached and rate-limit aware.

    A subclass names its forge (:attr:`label`, in messages), the headers every request carries
    and the headers its rate limit is told in. ``max_wait`` bounds the total seconds spent waiting for rate limits; past it the client
    raises :class:`RateLimited` instead of sleeping. ``deadline`` bounds the seconds the
    client works in all (requests, reads and waits), ``timeout`` each read. ``sleep`` and
    ``clock`` are injectable so tests can check the waits without taking them.
    """

    label: ClassVar[str] = "the forge"  # "GitHub", "GitLab": how messages name it
    headers: ClassVar[Mapping[str, str]] = {"Accept": "application/json"}
    rate_limit_headers: ClassVar[tuple[str, str]] = ("ratelimit-remaining", "ratelimit-reset")
    default_api_url: ClassVar[str] = ""  # the public service's API, used when none is given

    def __init__(
        self,
        api_url: str | None = None,
        *,
        token: str | None = None,
        cache_dir: Path | None = None,
        timeout: float = 10.0,
        max_wait: float = 60.0,
        retries: int = 3,
        backoff: float = 1.0,
        deadline: float = DEFAULT_DEADLINE,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.api_url = (api_url or self.default_api_url).rstrip("/")
        self.host = httpx.URL(self.api_url).host
        self.cache = HttpCache(cache_dir) if cache_dir is not None else None
        self.max_wait = max_wait
        self.retries = retries
        self.backoff = backoff
        self.stats = ApiStats()
        self.deadline = deadline
        self._ends = time.monotonic() + deadline
        self._timeout = timeout
        self._sleep = sleep
        self._clock = clock
        self._rate_waited = 0.0
        self._secret = token or ""
        headers = {**self.headers, "User-Agent": "commitcast"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        # httpx drops the Authorization header itself when a redirect leaves the origin.
        self._http = httpx.Client(headers=headers, timeout=timeout, follow_redirects=True, verify=_tls_context())

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.api_url!r})"

    # ------------------------------------------------------------------ public calls

    def get_json(
        self,
        path: str,
        params: Mapping[str, QueryValue] | None = None,
        *,
        fresh_while: str | None = None,
        fresh_for: float | None = None,
    ) -> Any:
        """GET one resource as JSON (conditionally when cached).

        ``fresh_while``: a version tag (e.g. the PR's ``updated_at``); while the cached
        entry carries the same tag it is used without asking. ``fresh_for``: seconds a
        cached entry is used without asking.
        """
        return self._get(self._url(path, params), fresh_while, fresh_for).data

    def paginate(
        self,
        path: str,
        params: Mapping[str, QueryValue] | None = None,
        *,
        fresh_while: str | None = None,
    ) -> Iterator[list[Any]]:
        """Yield each page of a list resource, following ``Link: rel="next"`` (at most
        :data:`MAX_PAGES` pages of :data:`MAX_PAGE_ITEMS` items, never a page twice)."""
        url: str | None = self._url(path, params)
        seen: set[str] = set()
        while url is not None:
            if url in seen:
                raise ForgeUnavailable(f"{self.host} links {_path_of(url)} back to a page already read")
            if len(seen) >= MAX_PAGES:
                raise ForgeUnavailable(f"{self.host} has more than {MAX_PAGES} pages of {_path_of(url)}")
            seen.add(url)
            answer = self._get(url, fresh_while, None)
            if not isinstance(answer.data, list):
                raise ForgeError(f"expected a list from {_path_of(url)}")
            if len(answer.data) > MAX_PAGE_ITEMS:
                raise ForgeUnavailable(
                    f"{self.host} sent {len(answer.data)} items on one page of {_path_of(url)} "
                    f"({self.label} sends at most {MAX_PAGE_ITEMS})"
                )
            yield answer.data
            url = answer.next_url

    # ------------------------------------------------------------------ internals

    def _url(self, path: str, params: Mapping[str, QueryValue] | None) -> str:
        if path.startswith(("http://", "https://")):
            base = path
        else:
            base = self.api_url + "/" + path.lstrip("/")
        return str(httpx.URL(base, params=dict(params or {})))

    def _get(self, url: str, fresh_while: str | None, fresh_for: float | None) -> _Answer:
        if not url.startswith(self.api_url + "/"):
            # Links come from answers: never send the token to a host the user did not name.
            raise ForgeUnavailable("a link in an answer points outside the API")
        key = "GET " + url
        entry = self.cache.get(key) if self.cache else None
        if entry is not None and (
            (fresh_while is not None and entry.get("tag") == fresh_while)
            or (fresh_for is not None and self._clock() - entry.get("stored_at", 0) < fresh_for)
        ):
            self.stats.cache_hits += 1
            return _Answer(entry["data"], entry.get("next"))
        headers: dict[str, str] = {}
        if entry is not None and entry.get("etag"):
            headers["If-None-Match"] = entry["etag"]
        if entry is not None and entry.get("last_modified"):
            headers["If-Modified-Since"] = entry["last_modified"]
        response = self._send("GET", url, headers, None)
        if response.status_code == 304 and entry is not None:
            self.stats.not_modified += 1
            data, next_url = entry["data"], entry.get("next")
        else:
            self._raise_for_status(response, url)
            data = _json(response, url)
            next_url = response.links.get("next", {}).get("url")
        if self.cache is not None:
            self.cache.put(
                key,
                {
                    "data": data,
                    "next": next_url,
                    "etag": response.headers.get("etag") or (entry or {}).get("etag"),
                    "last_modified": response.headers.get("last-modified")
                    or (entry or {}).get("last_modified"),
                    "tag": fresh_while,
                    "stored_at": self._clock(),
                },
            )
        return _Answer(data, next_url)

    def _send(
        self, method: str, url: str, headers: dict[str, str], payload: Any
    ) -> httpx.Response:
        attempt = 0
        rate_hits = 0
        while True:
            self.stats.requests += 1
            if "If-None-Match" in headers or "If-Modified-Since" in headers:
                self.stats.conditional += 1
            try:
                response = self._bounded(method, url, headers, payload)
            except httpx.TimeoutException:
                if attempt >= self.retries:
                    raise ForgeUnavailable(
                        f"{self.host} timed out {attempt + 1} times on {_path_of(url)}"
                    ) from None
                self._back_off(attempt, None)
                attempt += 1
                continue
            except httpx.TransportError as exc:
                # Refused or unresolvable: we are offline, and retrying would only wait longer.
                raise ForgeUnavailable(
                    f"cannot reach {self.host} ({type(exc).__name__})"
                ) from None
            wait = self._rate_limit_wait(response)
            if wait is not None:
                rate_hits += 1
                if rate_hits > _MAX_RATE_LIMIT_HITS:
                    raise RateLimited(f"{self.host} kept answering 'rate limited'")
                self._wait_for_rate_limit(wait)
                continue
            if response.status_code in _RETRY_STATUSES:
                if attempt >= self.retries:
                    raise ForgeUnavailable(
                        f"{self.host} answered {response.status_code} {attempt + 1} times on {_path_of(url)}"
                    )
                self._back_off(attempt, response)
                attempt += 1
                continue
            return response

    def _bounded(self, method: str, url: str, headers: dict[str, str], payload: Any) -> httpx.Response:
        """One request whose answer is read whole within the deadline and the byte bound."""
        left = self._ends - time.monotonic()
        if left <= 0:
            raise ForgeUnavailable(f"{self.host} did not finish within the {self.deadline:g} s bound")
        timeout = httpx.Timeout(min(self._timeout, left))
        with self._http.stream(method, url, headers=headers, json=payload, timeout=timeout) as response:
            body = bytearray()
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) > MAX_ANSWER_BYTES:
                    raise ForgeUnavailable(
                        f"{self.host} sent more than {MAX_ANSWER_BYTES >> 20} MB for {_path_of(url)}"
                    )
                if time.monotonic() > self._ends:  # a server dripping bytes slower than any read timeout
                    raise ForgeUnavailable(
                        f"{self.host} was still sending {_path_of(url)} at the {self.deadline:g} s bound"
                    )
        # The body is decoded already: the copy must not carry the headers that say how to decode it.
        kept = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _BODY_HEADERS]
        return httpx.Response(response.status_code, headers=kept, content=bytes(body), request=response.request)

    def _rate_limit_wait(self, response: httpx.Response) -> float | None:
        """Seconds to wait before retrying, when ``response`` is a rate-limit answer."""
        if response.status_code not in (403, 429):
            return None
        retry_after = _seconds(response.headers.get("retry-after"))
        if retry_after is not None:
            return retry_after
        remaining, reset_at = self.rate_limit_headers
        if response.headers.get(remaining) == "0":
            reset = _seconds(response.headers.get(reset_at))
            if reset is not None:
                return max(0.0, reset - self._clock()) + 1.0
        if response.status_code == 429 or "rate limit" in response.text.lower():
            return 60.0  # GitHub's advice for a secondary limit without Retry-After, good for any
        return None

    def _wait_for_rate_limit(self, seconds: float) -> None:
        if self._rate_waited + seconds > self.max_wait:
            raise RateLimited(
                f"rate limited for {seconds:.0f} s, beyond the {self.max_wait:.0f} s wait bound"
            )
        self._rate_waited += seconds
        self.stats.waited += seconds
        self._sleep(seconds)

    def _back_off(self, attempt: int, response: httpx.Response | None) -> None:
        delay = self.backoff * 2**attempt
        if response is not None:
            delay = max(delay, min(_seconds(response.headers.get("retry-after")) or 0.0, 60.0))
        self.stats.retries += 1
        self.stats.waited += delay
        self._sleep(delay)

    def _raise_for_status(self, response: httpx.Response, url: str) -> None:
        code = response.status_code
        if code < 400:
            return
        message = self._scrub(_message(response))
        where = _path_of(url)
        if code == 401:
            raise ForgeUnavailable(f"{self.label} refused the token (401 {message})")
        if code == 404:
            raise NotFound(f"{where} not found, or the token cannot see it")
        text = f"{code} {message} on {where}"
        if code == 403:
            raise ForgeUnavailable(f"access denied: {text}")
        raise ForgeError(f"{self.label} answered {text}")

    def _scrub(self, text: str) -> str:
        return text.replace(self._secret, "***") if self._secret else text


def _seconds(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


_BODY_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})


def _json(response: httpx.Response, url: str) -> Any:
    try:
        return response.json()
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        raise ForgeError(f"the answer for {_path_of(url)} is not JSON that can be read") from None


def _message(response: httpx.Response) -> str:
    try:
        body = response.json()
        message = body.get("message") or body.get("error") or ""  # GitLab answers some errors as "error"
    except (ValueError, AttributeError, RecursionError):
        message = ""
    return str(message or response.reason_phrase)[:120]


def _path_of(url: str) -> str:
    return httpx.URL(url).path
