"""The request guards every page and API call passes: CSRF and Origin checks for forms, the
JSON-only rule for API writes, per-client rate limits, and the security headers.

Maintained extensions do the standard parts: Flask-WTF's ``CSRFProtect`` (a token tied to the
session in every form; on HTTPS it also requires a same-site Referer), Flask-Talisman (the
Content-Security-Policy and the other security headers) and Flask-Limiter (429 with Retry-After
when one client sends hundreds of writes or uploads a minute; counted in memory, per process).
On top, a form post whose ``Origin`` names another site (or is ``null``) is refused even with a
valid token. The referrer policy is ``same-origin``: links carry table tokens, so no other site
ever gets them in a Referer, while this site's own form posts keep the Origin and Referer these
checks read.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, abort, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_talisman import Talisman
from flask_wtf.csrf import CSRFError, CSRFProtect

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

    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://", headers_enabled=True,
                      enabled=bool(app.config.get("RATE_LIMITS_ENABLED", True)),
                      application_limits=[app.config.get("RATE_LIMIT_WRITES", "300 per minute")],
                      application_limits_exempt_when=lambda: request.method in SAFE_METHODS)
    return limiter


def csrf_message(error: CSRFError) -> str:
    """What a person reads when a form's CSRF check fails."""
    return (f"The form expired or came from another site (CSRF check failed: {error.description}) "
            "Reload the page and try again.")
