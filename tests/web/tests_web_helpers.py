"""Shared inputs for the web tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

import io

from PIL import Image

# Ann (player 0, East) wins on Bob's (player 1) discard; the engine input of the worked example.
WIN = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1}


def png_bytes(width: int, height: int, colour: tuple[int, int, int] = (40, 120, 60)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


def record(client, token: str, path: str, body: dict) -> dict:  # type: ignore[no-untyped-def]
    """POST ``body`` to the table's ``path`` (``hands``, ``draws``, ...) at its current version,
    as the page does; the event must be taken (201)."""
    version = client.get(f"/api/tables/{token}").json["version"]
    response = client.post(f"/api/tables/{token}/{path}", json=dict(body, version=version))
    assert response.status_code == 201, response.json
    return response.json


def amend(client, token: str, index: int, body: dict):  # type: ignore[no-untyped-def]
    """PUT ``body`` over hand ``index`` at the table's current version; the response, unchecked."""
    version = client.get(f"/api/tables/{token}").json["version"]
    return client.put(f"/api/tables/{token}/hands/{index}", json=dict(body, version=version))
