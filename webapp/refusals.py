"""A refusal as its reader reads it: the page in the reader's language, the JSON API in English
with the code and params beside.

A refusal is any error the engine, the table or the store raises with a ``code`` (a
``engine.core.coded.CodedError``), or an error raised ``from`` one (a view's BadRequest around a
TableError keeps the table's code). Its English text is the error's own; the translated text is
rendered from the code's template (``webapp.engine_messages``), and an error without a code, or
with a code that has no template, reads as its English text in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from flask import Response, abort, jsonify

from engine.core.coded import coded_cause
from webapp.engine_messages import error_text
from webapp.i18n import current_language


def refusal_text(error: BaseException) -> str:
    """``error``'s message in the request's language (``engine_messages.error_text``)."""
    return error_text(error, current_language())


def refusal_fields(error: BaseException) -> dict[str, Any]:
    """``error`` as a JSON answer carries it: the English ``error`` text (the API is locale-free),
    and ``code`` and ``params`` where the error has them."""
    out: dict[str, Any] = {"error": str(error)}
    coded = coded_cause(error)
    if coded is not None:
        out["code"] = coded.code
        out["params"] = dict(coded.params)
    return out


def refuse(error: BaseException, status: int) -> tuple[Response, int]:
    """The JSON answer of a refused request: ``{"ok": false, "error", "code", "params", "status"}``."""
    return jsonify({"ok": False, **refusal_fields(error), "status": status}), status


def abort_with_result(result: Mapping[str, Any], status: int) -> NoReturn:
    """End the request with an engine result that is ``{"ok": false}`` (a hand that cannot be
    read): its English ``error``, and its ``code`` and ``params`` where it has them."""
    body: dict[str, Any] = {"ok": False, "error": str(result.get("error", "")), "status": status}
    if result.get("code"):
        body.update(code=result["code"], params=dict(result.get("params") or {}))
    response = jsonify(body)
    response.status_code = status
    abort(response)
