"""The approval page's HTML: small templates filled with escaped values, no build step.

Every value is HTML-escaped unless it is `Html`, which only this module makes from
templates and escaped parts; so a client name like `<script>` is shown, never run.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from string import Template
from urllib.parse import urlencode, urlsplit

from ...core.acl import Rights
from ..approval import APPROVAL_PATH, PRESETS, ApprovalRequest
from ..paths import OWNER_PATH
from .language import LANGUAGE_NAMES, LANGUAGES, TEXTS

STATIC_PATH = f"{OWNER_PATH}/static"
DEFAULT_PRESET = "read"
"""Least privilege is what a hurried tap approves."""


class Html(str):
    """Markup that is already safe: inserted as it is."""


@dataclass(frozen=True, slots=True)
class PageContext:
    language: str
    csrf: str
    request_id: str

    def text(self, key: str) -> str:
        return TEXTS[self.language][key]


def sign_in_page(context: PageContext, notice: str | None, passkeys: bool) -> str:
    body = _fill(
        "sign_in.html",
        intro=context.text("sign_in_intro"),
        notice=_notice(notice),
        action=APPROVAL_PATH,
        csrf=context.csrf,
        request=context.request_id,
        code_label=context.text("code_label"),
        code_hint=context.text("code_hint"),
        sign_in=context.text("sign_in"),
        passkey=_passkey(context, "sign-in") if passkeys else Html(""),
    )
    return _page(context, context.text("title_sign_in"), body, script=passkeys)


def approve_page(context: PageContext, request: ApprovalRequest, notice: str | None) -> str:
    body = _fill(
        "approve.html",
        intro=context.text("approve_intro"),
        notice=_notice(notice),
        client_name_label=context.text("client_name"),
        client_name=request.client_name,
        client_id_label=context.text("client_id"),
        client_id=request.client_id,
        redirect_label=context.text("redirect_uri"),
        redirect_uri=highlighted_host(request.redirect_uri),
        redirect_hint=context.text("redirect_hint"),
        action=APPROVAL_PATH,
        csrf=context.csrf,
        request=context.request_id,
        rights_legend=context.text("rights_legend"),
        presets=Html("".join(_preset(context, name, rights) for name, rights in PRESETS.items())),
        approve=context.text("approve"),
        deny=context.text("deny"),
        passkey=_passkey(context, "register"),
    )
    return _page(context, context.text("title_approve"), body, script=True)


def message_page(context: PageContext, message: str) -> str:
    body = _fill("message.html", message=message)
    return _page(context, context.text("title_problem"), body, script=False)


def highlighted_host(uri: str) -> Html:
    """The redirect URI with its host in bold: the part a phishing look-alike changes."""
    parts = urlsplit(uri)
    if not parts.netloc:
        return Html(html.escape(uri))
    userinfo, at, host = parts.netloc.rpartition("@")
    before = f"{parts.scheme}://{userinfo}{at}"
    after = uri[len(before) + len(host) :]
    return Html(f"{html.escape(before)}<strong>{html.escape(host)}</strong>{html.escape(after)}")


def rights_meaning(context: PageContext, rights: Rights) -> str:
    reads = context.text("reads_all" if rights.sensitive else "reads_open")
    writes = context.text("writes" if rights.write else "no_writing")
    return f"{reads}; {writes}"


def _preset(context: PageContext, name: str, rights: Rights) -> str:
    return _fill(
        "preset.html",
        value=name,
        checked=Html(" checked" if name == DEFAULT_PRESET else ""),
        name=context.text(f"preset_{name}"),
        meaning=rights_meaning(context, rights),
    )


def _passkey(context: PageContext, ceremony: str) -> Html:
    register = ceremony == "register"
    step = "register" if register else "sign-in"
    return _fill(
        "passkey.html",
        csrf=context.csrf,
        request=context.request_id,
        ceremony=ceremony,
        options_url=f"{OWNER_PATH}/passkey/{step}/options",
        finish_url=f"{OWNER_PATH}/passkey/{step}",
        failed=context.text("passkey_failed"),
        done=context.text("passkey_added"),
        label=context.text("passkey_add" if register else "passkey_sign_in"),
    )


def _page(context: PageContext, title: str, body: Html, *, script: bool) -> str:
    return _fill(
        "page.html",
        lang=context.language,
        title=title,
        static=STATIC_PATH,
        script=Html(f'<script src="{STATIC_PATH}/passkeys.js" defer></script>' if script else ""),
        languages=_language_switch(context),
        body=body,
    )


def _language_switch(context: PageContext) -> Html:
    links = []
    for language in LANGUAGES:
        name = html.escape(LANGUAGE_NAMES[language])
        if language == context.language:
            links.append(f'<span lang="{language}">{name}</span>')
            continue
        query = urlencode({"request": context.request_id, "lang": language})
        href = html.escape(f"{APPROVAL_PATH}?{query}")
        links.append(f'<a href="{href}" lang="{language}" hreflang="{language}">{name}</a>')
    return Html("".join(links))


def _notice(notice: str | None) -> Html:
    return _fill("message.html", message=notice) if notice else Html("")


def _fill(template: str, **values: str) -> Html:
    safe = {
        key: value if isinstance(value, Html) else html.escape(value, quote=True)
        for key, value in values.items()
    }
    return Html(_template(template).substitute(safe))


@cache
def _template(name: str) -> Template:
    return Template((files(__package__) / "templates" / name).read_text(encoding="utf-8"))


@cache
def static_file(name: str) -> bytes:
    return (files(__package__) / "static" / name).read_bytes()
