"""The request guards every page and API call passes: CSRF and Origin checks for forms, the
JSON-only rule for API writes, per-client rate limits, and the security headers.

Maintained extensions do the standard parts: Flask-WTF's ``CSRFProtect`` (a token tied to the
session in every form; on HTTPS it also requires a same-site Referer), Flask-Talisman (the
Content-Security-Policy and the other security headers) and Flask-Limiter (429 with Retry-After
when one client sends too many writes, previews, reads or uploads a minute, each kind counted
apart; in memory, per process).
On top, a form post whose ``Origin`` names another site (or is ``null``) is refused even with a
valid token. The referrer policy is ``same-origin``: links carry table tokens, so no other site
ever gets them in a Referer, while this site's own form posts keep the Origin and Referer these
checks read.
"""

from __future__ import annotations

import time
from functools import partial
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, abort, request
from flask_limiter import ApplicationLimit, Limiter
from flask_talisman import Talisman
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp.rate_storage import STORAGE_URI
from webapp.security import JSONRejected, check_api_request, check_nesting

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data: blob:",
    "connect-src": "'self'",
    "font-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
}
# Pages that list or carry table links (secrets): never kept by a browser or proxy cache.
NO_STORE_PREFIXES = ("/api/", "/t/", "/b/")


def install(app: Flask, *, csrf_exempt: tuple[Blueprint, ...] = ()) -> Limiter:
    """Register every guard on ``app``; ``csrf_exempt``: blueprints that take no forms (the JSON
    API, which a cross-site form cannot call: it needs a JSON body or the table token)."""
    app.config.setdefault("WTF_CSRF_ENABLED", not app.config.get("CSRF_DISABLED"))
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)     # valid for the session: pages stay open
    app.config.setdefault("WTF_CSRF_HEADERS", ["X-CSRF-Token", "X-CSRFToken"])
    csrf = CSRFProtect(app)
    for blueprint in csrf_exempt:
        csrf.exempt(blueprint)

    @app.before_request
    def _guard() -> None:
        if request.method in SAFE_METHODS:
            return
        # Bounded before any parser reads it: the API's parser checks (SafeJSONProvider), and a
        # form route sent JSON is checked here, so no route parses unbounded nesting.
        if request.is_json and not request.path.startswith("/api/"):
            try:
                check_nesting(request.get_data(cache=True))
            except JSONRejected as error:
                abort(400, description=str(error))
        if request.path.startswith("/api/"):
            check_api_request(request)
            return
        origin = request.headers.get("Origin")
        if origin is not None and not app.config.get("CSRF_DISABLED") \
                and urlsplit(origin).netloc != request.host:
            abort(400, description="This form was sent from another site (its Origin is not this "
                                   "server); open TileTally's own page and try again.")

    Talisman(app, force_https=False, frame_options="DENY", strict_transport_security=True,
             content_security_policy=CONTENT_SECURITY_POLICY, referrer_policy="same-origin",
             permissions_policy={"camera": "(self)", "microphone": "()", "geolocation": "()"},
             session_cookie_secure=bool(app.config.get("SESSION_COOKIE_SECURE")),
             session_cookie_http_only=True, session_cookie_samesite="Lax")

    @app.after_request
    def _no_store(response):  # type: ignore[no-untyped-def]
        if request.path == "/" or request.path.startswith(NO_STORE_PREFIXES):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    return _limiter(app)


# -- rate limits ---------------------------------------------------------------------------------

# Each kind of request has its own budget per client, so that one kind never uses up another's:
# a phone previewing every hand as its tiles are entered, or a scoreboard polling, can still record.
PREVIEW_ENDPOINTS = frozenset({"api.score", "api.dispute_preview", "api.draw_preview"})
UPLOAD_ENDPOINTS = frozenset({"api.upload_photo"})        # their own limit, set where they are served
UNMETERED_ENDPOINTS = frozenset({"static", "scoreboard.tile_image"})   # files a browser caches
BUDGET_SETTINGS = {"writes": "RATE_LIMIT_WRITES", "previews": "RATE_LIMIT_PREVIEWS",
                   "reads": "RATE_LIMIT_READS"}


def request_budget() -> str | None:
    """The budget this request is counted in: writes, previews, reads, uploads, or None."""
    endpoint = request.endpoint
    if endpoint in UNMETERED_ENDPOINTS:
        return None
    if endpoint in UPLOAD_ENDPOINTS:
        return "uploads"
    if endpoint in PREVIEW_ENDPOINTS:
        return "previews"
    return "reads" if request.method in SAFE_METHODS else "writes"


def _counts_as_write(response: Response) -> bool:
    """A write answered 409 changed nothing: its retry, at the version the answer carries, is the
    same write again, not a new one (the 409 cost about what a read costs)."""
    return response.status_code != 409


def _limiter(app: Flask) -> Limiter:
    """Flask-Limiter with a budget per kind of request, keyed by ``client_key``. No rate-limit
    headers on ordinary answers: a 429 carries its Retry-After (``retry_after``), nothing else does."""
    limits = [ApplicationLimit(limit_provider=app.config[setting], scope=budget,
                               exempt_when=partial(_other_budget, budget),
                               deduct_when=_counts_as_write if budget == "writes" else None)
              for budget, setting in BUDGET_SETTINGS.items()]
    return Limiter(client_key, app=app, storage_uri=STORAGE_URI, headers_enabled=False,
                   enabled=bool(app.config.get("RATE_LIMITS_ENABLED", True)), application_limits=limits)


def _other_budget(budget: str) -> bool:
    return request_budget() != budget


def client_key() -> str:
    """Whom a request's budget belongs to: the address it came from. Behind a reverse proxy every
    request comes from the proxy, so ``TRUSTED_PROXIES`` (``trust_proxies``) makes this the
    address the proxy names, as it does for every other use of the client's address."""
    return request.remote_addr or "unknown"


def trust_proxies(app: Flask, count: int) -> None:
    """Take the client's address, scheme, host and prefix from the X-Forwarded-* headers that
    ``count`` reverse proxies in front of this server add (Werkzeug's ProxyFix); 0 (the default)
    trusts none, since without a proxy anyone could send those headers."""
    if count > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count,  # type: ignore[method-assign]
                                x_port=count, x_prefix=count)


def retry_after(limiter: Limiter) -> int:
    """Seconds until the budget a 429 was answered for has room again (at least 1)."""
    breached = limiter.current_limit
    if breached is None:
        return 1
    return max(1, int(breached.reset_at - time.time()))


def csrf_message(error: CSRFError) -> str:
    """What a person reads when a form's CSRF check fails."""
    return (f"The form expired or came from another site (CSRF check failed: {error.description}) "
            "Reload the page and try again.")
