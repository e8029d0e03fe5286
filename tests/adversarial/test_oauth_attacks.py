"""Attacks on the OAuth side: the `/authorize` flood seed 003 found (many sources filling
pending requests), redirect tricks, forged or oversized client documents, guessed codes,
swapped tokens, and secrets that must be stored only as hashes. Loops are bounded."""

from __future__ import annotations

import json
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from memoire.auth.clients import ClientDirectory
from memoire.auth.database import AuthDatabase
from memoire.auth.grants import Grants
from memoire.auth.redirects import allowed, check_allowlist_entry, registered
from memoire.auth.settings import OAuthSettings
from memoire.config import load_config
from memoire.core.acl import FULL
from memoire.core.errors import AuthorizationRefused, InvalidArgument
from memoire.serving import serving_bridges

from ..bridges import HttpBridge, free_port, running_bridge
from ..oauth_apps import (
    CALLBACK,
    MetadataHost,
    authorize_query,
    code_for,
    exchange,
    mcp_status,
    metadata_host,
    oauth_config,
    owner_of,
    pkce,
    redirect_parameters,
    refresh,
    sign_in,
    start,
)
from ..oauth_owner import approve

FLOOD = "pending_per_source = 2\npending_shared = 6\npending_total = 26\n"
"""Own budgets may hold 20 requests together (10 sources), the shared one 6."""


def _from(address: str) -> httpx2.Client:
    """An HTTP client whose connections come from `address` (any of 127.0.0.0/8)."""
    return httpx2.Client(transport=httpx2.HTTPTransport(local_address=address), timeout=30)


def _pending_by_source(config: Path) -> dict[str, tuple[int, int]]:
    """(own, shared) pending requests per source, as the bridge keeps them."""
    database = load_config(config).memory.auth_database
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT source, sum(shared = 0), sum(shared = 1) FROM oauth_pending GROUP BY source"
        ).fetchall()
    return {source: (own, shared) for source, own, shared in rows}


def _rss_kib(bridge: HttpBridge) -> int:
    state = load_config(bridge.config).memory.state_dir
    (serving,) = [record for record in serving_bridges(state) if record.url.startswith(bridge.url)]
    status = Path(f"/proc/{serving.pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1])


def test_a_flood_of_sources_fills_budgets_not_the_bridge_and_a_fresh_source_gets_through(
    tmp_path: Path, repository: Path
) -> None:
    port = free_port()
    config = oauth_config(tmp_path, repository, port, extra=FLOOD)
    with metadata_host() as apps, running_bridge(config, port=port) as bridge:
        app = apps.publish("flooder")
        query = authorize_query(app, pkce(), bridge.url)
        flooders = [f"127.0.0.{number}" for number in range(10, 18)]
        statuses: dict[str, list[int]] = {}
        for address in flooders:  # 8 sources, 10 requests each
            with _from(address) as http:
                statuses[address] = [start(http, bridge.url, query).status_code for _ in range(10)]
        before = _rss_kib(bridge)
        with _from("127.0.0.10") as http:  # then 300 refused requests from one of them
            refused = [start(http, bridge.url, query).status_code for _ in range(300)]
        grown = _rss_kib(bridge) - before

        held = _pending_by_source(config)
        assert all(own == 2 for own, _ in held.values())  # each spent its own budget first
        assert sum(shared for _, shared in held.values()) == 6  # then the shared one, no more
        assert all(shared <= 2 for _, shared in held.values())  # at most its own budget again
        assert sum(status == 302 for codes in statuses.values() for status in codes) == 16 + 6
        assert all(codes[:2] == [302, 302] for codes in statuses.values())
        assert set(refused) == {429}
        assert grown < 16 * 1024, f"the bridge grew {grown} KiB while refusing"

        with _from("127.0.0.200") as fresh:  # the owner's browser, a source of its own
            answer = start(fresh, bridge.url, query)
        assert answer.status_code == 302
        assert "/oauth/approve?request=" in answer.headers["location"]

        for number in range(6):  # more sources than own budgets hold: the total still caps
            with _from(f"127.0.1.{number + 1}") as http:
                for _ in range(2):
                    start(http, bridge.url, query)
        assert sum(own + shared for own, shared in _pending_by_source(config).values()) == 26


def test_a_request_is_settled_once(tmp_path: Path, repository: Path) -> None:
    port = free_port()
    config = oauth_config(tmp_path, repository, port)
    with (
        metadata_host() as apps,
        running_bridge(config, port=port) as bridge,
        owner_of(config) as owner,
        httpx2.Client(timeout=30) as http,
    ):
        answer = start(http, bridge.url, authorize_query(apps.publish("app"), pkce(), bridge.url))
        approve_url = answer.headers["location"]
        request_id = redirect_parameters(approve_url)["request"]
        with pytest.raises(InvalidArgument, match="Unknown preset"):
            owner.approve(request_id, "everything")
        approve(http, approve_url, "read")
        with pytest.raises(AssertionError, match="not the approval form"):
            approve(http, approve_url, "full")  # the page: "expired or was already answered"
        with pytest.raises(InvalidArgument, match="already settled"):
            owner.approve(request_id, "full")
        with pytest.raises(InvalidArgument, match="already settled"):
            owner.deny(request_id)
        assert owner.pending("moar_guessed") is None


@pytest.fixture
def shared_bridge(tmp_path: Path) -> Iterator[tuple[HttpBridge, MetadataHost, httpx2.Client]]:
    from memoire.bootstrap import create_memory
    from memoire.core.layout import ENGLISH

    folder = tmp_path
    repository = folder / "memory"
    create_memory(repository, "", ENGLISH)
    port = free_port()
    config = oauth_config(
        folder, repository, port, extra="dynamic_registration = true\nmax_registered_clients = 3\n"
    )
    with (
        metadata_host() as apps,
        running_bridge(config, port=port) as bridge,
        owner_of(config),
        httpx2.Client(timeout=30) as http,
    ):
        yield bridge, apps, http


NEAR_MISSES = (
    "https://app.example/callback.evil.example",
    "https://app.example/callback/",
    "https://app.example/callback?next=https://evil.example",
    "https://app.example:8443/callback",
    "https://app.example@evil.example/callback",
    "https://APP.example/callback#frag",
    "http://app.example/callback",
    "http://127.0.0.2:5555/callback",
    "http://localhost:5555/callback",
    "http://127.0.0.1:5555/callback/more",
)


def test_a_redirect_near_an_allowed_one_is_not_allowed(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    """Even when the app's own document lists it: the owner's allowlist is matched exactly."""
    bridge, apps, http = shared_bridge
    for number, redirect_uri in enumerate(NEAR_MISSES):
        app = apps.publish(f"tricky-{number}", redirect_uris=[CALLBACK, redirect_uri])
        query = authorize_query(app, pkce(), bridge.url, redirect_uri=redirect_uri)
        answer = start(http, bridge.url, query)
        assert answer.status_code == 400, redirect_uri
        assert "location" not in answer.headers


def test_loopback_callbacks_may_use_any_port_only_where_the_owner_wrote_one() -> None:
    allowlist = ("http://127.0.0.1:*/callback", "https://claude.ai/api/mcp/auth_callback")
    assert allowed(allowlist, "http://127.0.0.1:51234/callback")
    assert allowed(allowlist, "https://claude.ai/api/mcp/auth_callback")
    assert not allowed(allowlist, "http://127.0.0.1:*/callback")
    assert not allowed(allowlist, "https://claude.ai/api/mcp/auth_callback/x")
    assert registered(("http://127.0.0.1/callback",), "http://127.0.0.1:40000/callback")
    assert not registered(("https://app.example/cb",), "https://app.example:444/cb")
    assert check_allowlist_entry("https://*.example/cb") is not None
    assert check_allowlist_entry("https://app.example:*/cb") is not None
    assert check_allowlist_entry("http://app.example/cb") is not None


BROKEN_DOCUMENTS = (
    (b"not json", "not JSON"),
    (b"[]", "does not name itself"),
    (b"{" + b" " * 9000 + b"}", "larger than"),
)


def test_a_broken_or_oversized_client_document_is_refused(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    bridge, apps, http = shared_bridge
    for number, (body, said) in enumerate(BROKEN_DOCUMENTS):
        client_id = apps.put(f"/broken-{number}.json", body)
        query = authorize_query(apps.publish("app"), pkce(), bridge.url, client_id=client_id)
        answer = start(http, bridge.url, query)
        assert answer.status_code == 400
        assert said in answer.text


def test_a_confidential_client_document_is_refused(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    bridge, apps, http = shared_bridge
    app = apps.publish("secretive", token_endpoint_auth_method="client_secret_basic")
    answer = start(http, bridge.url, authorize_query(app, pkce(), bridge.url))
    assert answer.status_code == 400
    assert "public clients only" in answer.text


def test_guessed_codes_and_swapped_tokens_open_nothing(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    bridge, apps, http = shared_bridge
    app = apps.publish("victim")
    for guess in ("moac_" + "A" * 48, "", "moac_"):
        answer = exchange(http, bridge.url, app, guess, pkce().verifier)
        assert answer.status_code == 400
    tokens = sign_in(http, bridge.url, app)
    assert mcp_status(http, bridge.url, tokens["refresh_token"]) == 401  # not an access token
    swapped = refresh(http, bridge.url, app, tokens["access_token"])
    assert swapped.json()["error"] == "invalid_grant"
    thief = apps.publish("thief")
    stolen = refresh(http, bridge.url, thief, tokens["refresh_token"])
    assert stolen.json()["error"] == "invalid_grant"
    assert "another client" in stolen.json()["error_description"]


def test_secrets_are_stored_only_as_hashes(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    bridge, apps, http = shared_bridge
    app = apps.publish("hashed")
    pair = pkce()
    answer = start(http, bridge.url, authorize_query(app, pair, bridge.url))
    request_id = redirect_parameters(answer.headers["location"])["request"]
    code = redirect_parameters(approve(http, answer.headers["location"], "full"))["code"]
    tokens = exchange(http, bridge.url, app, code, pair.verifier).json()
    state = load_config(bridge.config).memory.state_dir
    stored = b"".join(path.read_bytes() for path in state.glob("auth.sqlite3*"))
    for secret in (request_id, code, tokens["access_token"], tokens["refresh_token"]):
        assert secret.encode() not in stored


def test_registration_is_bounded_and_limited_to_the_allowlist(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    bridge, _, http = shared_bridge
    outside = http.post(
        f"{bridge.url}/register", json={"redirect_uris": ["https://evil.example/cb"]}
    )
    assert outside.status_code == 400
    assert outside.json()["error"] == "invalid_redirect_uri"
    huge = http.post(
        f"{bridge.url}/register",
        content=json.dumps({"redirect_uris": [CALLBACK], "x": "y" * 20_000}),
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 400
    ids = []
    for number in range(6):  # twice the bound: the oldest unapproved ones make room
        answer = http.post(
            f"{bridge.url}/register",
            json={"redirect_uris": [CALLBACK], "client_name": f"App {number}"},
        )
        assert answer.status_code == 201, answer.text
        assert answer.json()["token_endpoint_auth_method"] == "none"
        assert "client_secret" not in answer.json()
        ids.append(answer.json()["client_id"])
    database = load_config(bridge.config).memory.auth_database
    with sqlite3.connect(database) as db:
        kept = [row[0] for row in db.execute("SELECT client_id FROM oauth_registrations")]
    assert sorted(kept) == sorted(ids[-3:])


def test_a_row_name_never_takes_a_configured_client_name(tmp_path: Path) -> None:
    database = AuthDatabase(tmp_path / "auth.sqlite3")
    grants = Grants(database, configured={"oauth-app"})
    with database.transaction() as db:
        first = grants.record(db, "https://a.example/c.json", "App", CALLBACK, FULL)
        second = grants.record(db, "https://b.example/c.json", "App", CALLBACK, FULL)
        again = grants.record(db, "https://a.example/c.json", "App renamed", CALLBACK, FULL)
        odd = grants.record(db, "https://c.example/c.json", "Ünïcode ✨ " * 10, CALLBACK, FULL)
    database.close()
    assert (first, second, again) == ("oauth-app-2", "oauth-app-3", "oauth-app-2")
    assert odd.startswith("oauth-n-code-n-code")
    assert len(odd) <= 40


def test_a_code_for_one_app_is_useless_to_another_even_with_the_verifier(
    shared_bridge: tuple[HttpBridge, MetadataHost, httpx2.Client],
) -> None:
    bridge, apps, http = shared_bridge
    victim, thief = apps.publish("victim-2"), apps.publish("thief-2")
    pair = pkce()
    code = code_for(http, bridge.url, victim, pair)
    answer = exchange(
        http, bridge.url, thief, code, pair.verifier, redirect_uri=victim.redirect_uri
    )
    assert answer.json()["error"] == "invalid_grant"
    # The victim's own exchange now finds the code spent: it asks the owner again.
    assert exchange(http, bridge.url, victim, code, pair.verifier).status_code == 400


async def test_a_public_name_that_resolves_to_a_private_address_is_never_fetched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DNS is the system edge faked here: a name the attacker points at 10.x is refused
    before any request; the same name resolving publicly is fetched (the network faked
    too) and its document read."""
    settings = OAuthSettings(public_url="https://memory.example.org", redirect_uris=(CALLBACK,))
    database = AuthDatabase(tmp_path / "auth.sqlite3")
    Grants(database, ())
    client_id = "https://app.example/client.json"
    requests: list[httpx2.Request] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        document = {"client_id": client_id, "client_name": "App", "redirect_uris": [CALLBACK]}
        return httpx2.Response(200, json=document)

    directory = ClientDirectory(database, settings, transport=httpx2.MockTransport(answer))

    def resolving_to(address: str) -> object:
        return lambda *_, **__: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, 443))]

    monkeypatch.setattr(socket, "getaddrinfo", resolving_to("10.1.2.3"))
    with pytest.raises(AuthorizationRefused, match="non-public address"):
        await directory.find(client_id, "127.0.0.1")
    assert requests == []
    monkeypatch.setattr(socket, "getaddrinfo", resolving_to("93.184.216.34"))
    found = await directory.find(client_id, "127.0.0.1")
    assert (found.name, found.redirect_uris) == ("App", (CALLBACK,))
    assert [str(request.url) for request in requests] == [client_id]
    database.close()
