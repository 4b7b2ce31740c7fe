"""The tables and clubs this browser has opened, kept in its session cookie, encrypted.

The home page lists "your tables" with their edit links and "your clubs" with theirs, so the
browser must keep the tokens somewhere; Flask's session cookie is signed but readable by anyone
who sees it (a shared computer, a log of cookies), so each list is encrypted (Fernet: AES with an
HMAC) under a key derived from the app's secret key. A cookie that does not decrypt (another
install, an old key) is an empty list.
"""

from __future__ import annotations

import base64
import hashlib
import json

from cryptography.fernet import Fernet, InvalidToken
from flask import current_app, session

SESSION_KEY = "tables"
CLUBS = "clubs"      # the clubs' list: "c/TOKEN" (an edit link) or "cv/TOKEN" (read-only)
MAX_REMEMBERED = 30


def _fernet() -> Fernet:
    secret = str(current_app.config["SECRET_KEY"]).encode()
    key = hashlib.sha256(b"tiletally remembered tables\0" + secret).digest()
    return Fernet(base64.urlsafe_b64encode(key))


def remembered(key: str = SESSION_KEY) -> list[str]:
    """This browser's edit tokens (or with ``key`` CLUBS, its club links), newest first."""
    sealed = session.get(key)
    if not isinstance(sealed, str):
        return []
    try:
        tokens = json.loads(_fernet().decrypt(sealed.encode()))
    except (InvalidToken, ValueError):
        return []
    return [token for token in tokens if isinstance(token, str)] if isinstance(tokens, list) else []


def remember(token: str, key: str = SESSION_KEY) -> None:
    """Put a table (or with ``key`` CLUBS, a club link) first in this browser's list (at most
    MAX_REMEMBERED are kept)."""
    tokens = [t for t in remembered(key) if t != token]
    plain = json.dumps(([token] + tokens)[:MAX_REMEMBERED]).encode()
    session[key] = _fernet().encrypt(plain).decode()
