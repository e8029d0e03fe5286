"""The page's words in English and French, and which language a browser gets.

An explicit choice (the switch on the page, kept in a cookie) wins; otherwise the first
of the browser's `Accept-Language` that we speak; otherwise English.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "fr")
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}

TEXTS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "title_sign_in": "Sign in to approve an app",
        "title_approve": "An app asks to use your memory",
        "title_problem": "This request cannot be answered",
        "sign_in_intro": "Only the owner of this memory may let an app in. Sign in first.",
        "code_label": "Code from your authenticator app, or a recovery code",
        "code_hint": "Six digits, or a recovery code like abcd-efgh-jkmn-pqrs (each works once).",
        "sign_in": "Sign in",
        "passkey_sign_in": "Sign in with a passkey",
        "passkey_add": "Add a passkey for next time",
        "passkey_failed": "The passkey did not work; try again or use a code.",
        "passkey_added": "Passkey added. Next time you can sign in with it.",
        "wrong_code": "That code is not right, or was already used. Try again.",
        "locked_out": "Too many wrong codes from your network. Wait {minutes} minute(s), "
        "or sign in with a passkey.",
        "approve_intro": "Check who is asking and choose what it may do.",
        "client_name": "App",
        "client_id": "Client ID",
        "redirect_uri": "Returns to",
        "redirect_hint": "After you answer, your browser goes to this address: check its "
        "host (in bold) is the app you expect.",
        "rights_legend": "What it may do",
        "approve": "Approve",
        "deny": "Deny",
        "preset_full": "Full",
        "preset_read-sensitive": "Read, sensitive included",
        "preset_read": "Read only",
        "reads_all": "reads every note, sensitive ones included",
        "reads_open": "reads notes not marked sensitive",
        "writes": "writes notes",
        "no_writing": "cannot write",
        "request_gone": "This request has expired or was already answered. Go back to the "
        "app and connect again.",
        "no_owner": "This memory has no owner yet. On the server, run: memoire owner init",
        "bad_form": "This form has expired or did not come from this page. Reload the page "
        "and try again.",
        "choose_preset": "Choose what the app may do, then approve.",
        "signed_out": "Your sign-in has ended. Sign in again.",
    },
    "fr": {
        "title_sign_in": "Connectez-vous pour approuver une application",
        "title_approve": "Une application demande à utiliser votre mémoire",
        "title_problem": "Impossible de répondre à cette demande",
        "sign_in_intro": "Seul le propriétaire de cette mémoire peut y laisser entrer une "
        "application. Connectez-vous d'abord.",
        "code_label": "Code de votre application d'authentification, ou code de récupération",
        "code_hint": "Six chiffres, ou un code de récupération comme abcd-efgh-jkmn-pqrs "
        "(chacun ne sert qu'une fois).",
        "sign_in": "Se connecter",
        "passkey_sign_in": "Se connecter avec une passkey",
        "passkey_add": "Ajouter une passkey pour la prochaine fois",
        "passkey_failed": "La passkey n'a pas fonctionné ; réessayez ou utilisez un code.",
        "passkey_added": "Passkey ajoutée. La prochaine fois, vous pourrez vous connecter avec.",
        "wrong_code": "Ce code n'est pas bon, ou a déjà servi. Réessayez.",
        "locked_out": "Trop de codes erronés depuis votre réseau. Attendez {minutes} minute(s), "
        "ou connectez-vous avec une passkey.",
        "approve_intro": "Vérifiez qui demande et choisissez ce qu'il pourra faire.",
        "client_name": "Application",
        "client_id": "Identifiant du client",
        "redirect_uri": "Retour vers",
        "redirect_hint": "Après votre réponse, votre navigateur ira à cette adresse : "
        "vérifiez que son hôte (en gras) est bien l'application attendue.",
        "rights_legend": "Ce qu'elle pourra faire",
        "approve": "Approuver",
        "deny": "Refuser",
        "preset_full": "Complet",
        "preset_read-sensitive": "Lecture, sensible comprise",
        "preset_read": "Lecture seule",
        "reads_all": "lit toutes les notes, y compris les sensibles",
        "reads_open": "lit les notes qui ne sont pas sensibles",
        "writes": "écrit des notes",
        "no_writing": "ne peut pas écrire",
        "request_gone": "Cette demande a expiré ou a déjà reçu une réponse. Retournez dans "
        "l'application et connectez-vous à nouveau.",
        "no_owner": "Cette mémoire n'a pas encore de propriétaire. Sur le serveur, lancez : "
        "memoire owner init",
        "bad_form": "Ce formulaire a expiré ou ne vient pas de cette page. Rechargez la page "
        "et réessayez.",
        "choose_preset": "Choisissez ce que l'application pourra faire, puis approuvez.",
        "signed_out": "Votre connexion a pris fin. Connectez-vous à nouveau.",
    },
}


def choose_language(chosen: str | None, accept_language: str) -> str:
    if chosen in LANGUAGES:
        return chosen
    for tag, _ in sorted(_ranges(accept_language), key=lambda item: -item[1]):
        primary = tag.split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return LANGUAGES[0]


def _ranges(header: str) -> list[tuple[str, float]]:
    """`fr-CA,fr;q=0.9,en;q=0.5` as (tag, weight) pairs; malformed weights count as 0."""
    found = []
    for part in header.split(",")[:20]:
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag:
            found.append((tag.strip(), weight))
    return found
