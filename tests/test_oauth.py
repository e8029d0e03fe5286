"""OAuth 2.1 for remote apps, driven as an app drives it: a real HTTP client against a real
bridge on loopback, the owner's approval in one helper (`oauth_owner.approve`), and the MCP
Python SDK's client for the tool calls."""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from mcp.types import TextContent
from pydantic import AnyUrl

from memoire.auth.database import AuthDatabase
from memoire.auth.server import OAuthServer
from memoire.bootstrap import create_memory
from memoire.config import ConfigError, load_config
from memoire.core.layout import ENGLISH
from memoire.service import MemoryService

from .bridges import (
    HttpBridge,
    bridge_in_process,
    free_port,
    issue_token,
    memoire_command,
    running_bridge,
)
from .conftest import git, write_config
from .oauth_apps import (
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
from .oauth_owner import approve, register
from .test_foreign_client import CLIENT as TS_CLIENT
from .test_foreign_client import _install_client

READ_TOOLS = ["memoire_index", "memoire_read", "memoire_search", "memoire_history"]


@dataclass(frozen=True)
class OAuthBridge:
    bridge: HttpBridge
    apps: MetadataHost
    owner: OAuthServer
    http: httpx2.Client

    @property
    def url(self) -> str:
        return self.bridge.url


@pytest.fixture
def oauth_bridge(tmp_path: Path, repository: Path) -> Iterator[OAuthBridge]:
    port = free_port()
    config = oauth_config(tmp_path, repository, port)
    with (
        metadata_host() as apps,
        running_bridge(config, port=port) as bridge,
        owner_of(config) as owner,
        httpx2.Client(timeout=30) as http,
    ):
        yield OAuthBridge(bridge, apps, owner, http)


# Discovery


def test_discovery_documents_and_the_401_that_points_to_them(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    refused = http.post(f"{url}/mcp", json={})
    assert refused.status_code == 401
    challenge = refused.headers["www-authenticate"]
    assert f'resource_metadata="{url}/.well-known/oauth-protected-resource/mcp"' in challenge
    for path in (
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource",
    ):
        resource = http.get(url + path).json()
        assert resource["resource"] == f"{url}/mcp"
        assert resource["authorization_servers"] == [url]
    server = http.get(f"{url}/.well-known/oauth-authorization-server").json()
    assert server["issuer"] == url
    assert server["authorization_endpoint"] == f"{url}/authorize"
    assert server["token_endpoint"] == f"{url}/token"
    assert server["revocation_endpoint"] == f"{url}/revoke"
    assert server["code_challenge_methods_supported"] == ["S256"]
    assert server["client_id_metadata_document_supported"] is True
    assert server["authorization_response_iss_parameter_supported"] is True
    assert "registration_endpoint" not in server  # dynamic registration is off by default


def test_without_an_oauth_section_nothing_of_oauth_answers(
    tmp_path: Path, repository: Path
) -> None:
    with running_bridge(write_config(tmp_path, repository)) as bridge:
        assert httpx2.get(f"{bridge.url}/.well-known/oauth-authorization-server").status_code == 401
        assert httpx2.get(f"{bridge.url}/authorize").status_code == 401
        challenge = httpx2.post(f"{bridge.url}/mcp").headers["www-authenticate"]
        assert "resource_metadata" not in challenge


def test_listing_apps_with_oauth_off_says_how_to_turn_it_on(
    tmp_path: Path, repository: Path
) -> None:
    listing = memoire_command("oauth", "list", config=write_config(tmp_path, repository))
    assert listing.returncode == 0
    assert "No OAuth apps yet" in listing.stdout
    assert "OAuth is off: add an [oauth] section with public_url" in listing.stdout


# The flow


async def test_an_app_signs_in_calls_tools_refreshes_and_a_reused_refresh_token_ends_it(
    oauth_bridge: OAuthBridge,
) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("phone-assistant")
    tokens = sign_in(http, url, app, preset="read")
    assert tokens["token_type"] == "Bearer"
    assert 0 < tokens["expires_in"] <= 3600
    assert tokens["access_token"] != tokens["refresh_token"]

    async with oauth_bridge.bridge.client(tokens["access_token"]) as client:
        listed = [tool.name for tool in (await client.list_tools()).tools]
        index = await client.call_tool("memoire_index", {})
    assert listed == READ_TOOLS  # the "read" preset: no write tool is even shown
    assert not index.is_error

    renewed = refresh(http, url, app, tokens["refresh_token"])
    assert renewed.status_code == 200, renewed.text
    fresh = renewed.json()
    assert fresh["refresh_token"] != tokens["refresh_token"]
    assert mcp_status(http, url, fresh["access_token"]) == 200

    reused = refresh(http, url, app, tokens["refresh_token"])
    assert reused.status_code == 400
    assert reused.json()["error"] == "invalid_grant"
    assert "already used" in reused.json()["error_description"]
    # The whole family is gone: the fresh pair too.
    assert mcp_status(http, url, fresh["access_token"]) == 401
    assert refresh(http, url, app, fresh["refresh_token"]).json()["error"] == "invalid_grant"


async def test_the_approved_row_is_what_the_bridge_enforces(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("web-assistant")
    tokens = sign_in(http, url, app, preset="full")
    async with oauth_bridge.bridge.client(tokens["access_token"]) as client:
        written = await client.call_tool(
            "memoire_append",
            {"path": "topics/oauth.md", "text": "Signed in.", "title": "OAuth", "sensitive": False},
        )
    assert not written.is_error, written.content
    config = oauth_bridge.bridge.config
    listing = memoire_command("oauth", "list", config=config)
    assert listing.returncode == 0, listing.stderr
    header, row = listing.stdout.splitlines()
    assert header.split("\t") == [
        "client",
        "app",
        "rights",
        "redirect URI",
        "last use",
        "live tokens",
    ]
    name, shown, rights, redirect, last_use, live = row.split("\t")
    assert (name, shown, rights, redirect) == (
        "oauth-web-assistant",
        "Web Assistant",
        "read, sensitive, write",
        CALLBACK,
    )
    assert last_use != "never"
    assert live == "2"  # one access token, one refresh token

    revoked = memoire_command("oauth", "revoke", "oauth-web-assistant", config=config)
    assert revoked.returncode == 0, revoked.stderr
    assert mcp_status(http, url, tokens["access_token"]) == 401
    assert refresh(http, url, app, tokens["refresh_token"]).status_code == 400
    assert "No OAuth apps" in memoire_command("oauth", "list", config=config).stdout
    unknown = memoire_command("oauth", "revoke", "oauth-nobody", config=config)
    assert unknown.returncode == 2
    assert "memoire oauth list" in unknown.stderr


async def test_a_read_preset_app_cannot_write_even_by_calling_the_tool(
    oauth_bridge: OAuthBridge,
) -> None:
    app = oauth_bridge.apps.publish("voice-app")
    tokens = sign_in(oauth_bridge.http, oauth_bridge.url, app, preset="read")
    async with oauth_bridge.bridge.client(tokens["access_token"]) as client:
        refused = await client.call_tool(
            "memoire_append",
            {"path": "topics/x.md", "text": "no", "title": "X", "sensitive": False},
        )
    assert refused.is_error
    assert isinstance(refused.content[0], TextContent)


def test_revoking_a_refresh_token_ends_its_family(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("revoked-app")
    tokens = sign_in(http, url, app)
    answer = http.post(f"{url}/revoke", data={"token": tokens["refresh_token"]})
    assert answer.status_code == 200
    assert mcp_status(http, url, tokens["access_token"]) == 401
    assert refresh(http, url, app, tokens["refresh_token"]).status_code == 400
    # RFC 7009: an unknown token is answered 200 too, so revocation reveals nothing.
    assert http.post(f"{url}/revoke", data={"token": "moat_unknown"}).status_code == 200


def test_revoking_an_access_token_ends_that_token_only(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("careful-app")
    tokens = sign_in(http, url, app)
    assert http.post(f"{url}/revoke", data={"token": tokens["access_token"]}).status_code == 200
    assert mcp_status(http, url, tokens["access_token"]) == 401
    renewed = refresh(http, url, app, tokens["refresh_token"])
    assert mcp_status(http, url, renewed.json()["access_token"]) == 200


def test_static_tokens_keep_working_and_oauth_tokens_open_only_mcp(
    oauth_bridge: OAuthBridge,
) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    static = issue_token(oauth_bridge.bridge.config, "desk")
    whoami = http.get(f"{url}/api/v1/whoami", headers={"Authorization": f"Bearer {static}"})
    assert whoami.status_code == 200
    assert whoami.json()["client"] == "desk"
    assert mcp_status(http, url, static) == 200
    tokens = sign_in(http, url, oauth_bridge.apps.publish("mcp-only"))
    api = http.get(
        f"{url}/api/v1/whoami", headers={"Authorization": f"Bearer {tokens['access_token']}"}
    )
    assert api.status_code == 401  # bound to <public_url>/mcp, not to the JSON API


def test_the_owner_may_deny(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("unwanted")
    answer = start(http, url, authorize_query(app, pkce(), url))
    request_id = redirect_parameters(answer.headers["location"])["request"]
    shown = oauth_bridge.owner.pending(request_id)
    assert shown is not None
    assert (shown.client_name, shown.redirect_uri) == ("Unwanted", CALLBACK)
    back = redirect_parameters(oauth_bridge.owner.deny(request_id))
    assert back["error"] == "access_denied"
    assert (back["state"], back["iss"]) == ("the-state", url)
    assert oauth_bridge.owner.pending(request_id) is None


# Refusals


def test_a_wrong_verifier_is_refused_and_spends_the_code(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("app")
    pair = pkce()
    code = code_for(http, url, app, pair)
    wrong = exchange(http, url, app, code, pkce().verifier)
    assert wrong.status_code == 400
    assert wrong.json()["error"] == "invalid_grant"
    assert "code_verifier" in wrong.json()["error_description"]
    assert exchange(http, url, app, code, pair.verifier).json()["error"] == "invalid_grant"


@pytest.mark.parametrize(
    ("overrides", "error"),
    [
        ({"code_challenge_method": "plain"}, "invalid_request"),
        ({"code_challenge_method": None}, "invalid_request"),
        ({"code_challenge": None}, "invalid_request"),
        ({"code_challenge": "too-short"}, "invalid_request"),
        ({"response_type": "token"}, "unsupported_response_type"),
        ({"resource": "https://elsewhere.example/mcp"}, "invalid_target"),
    ],
)
def test_bad_requests_go_back_to_the_app_with_an_error(
    oauth_bridge: OAuthBridge, overrides: dict[str, str | None], error: str
) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("app")
    answer = start(http, url, authorize_query(app, pkce(), url, **overrides))
    assert answer.status_code == 302
    location = answer.headers["location"]
    assert location.startswith(CALLBACK + "?")
    back = redirect_parameters(location)
    assert back["error"] == error
    assert (back["state"], back["iss"]) == ("the-state", url)
    assert oauth_bridge.owner.requests.count() == 0


def test_plain_pkce_is_refused_at_the_token_endpoint_too(oauth_bridge: OAuthBridge) -> None:
    """A verifier equal to the challenge (what `plain` sends) never matches an S256 code."""
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("app")
    pair = pkce()
    code = code_for(http, url, app, pair)
    plain = exchange(http, url, app, code, pair.challenge + "-padding-to-43-chars")
    assert plain.json()["error"] == "invalid_grant"


@pytest.mark.parametrize(
    ("redirect_uri", "said"),
    [
        ("https://evil.example/callback", "not one of this app's redirect URIs"),
        ("https://app.example/callback/../steal", "not one of this app's redirect URIs"),
        ("https://other.example/callback", "not in this bridge's redirect_uris allowlist"),
    ],
)
def test_a_redirect_that_cannot_be_trusted_gets_a_page_not_a_redirect(
    oauth_bridge: OAuthBridge, redirect_uri: str, said: str
) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish(
        "app", redirect_uris=[CALLBACK, "https://other.example/callback"]
    )
    query = authorize_query(app, pkce(), url, redirect_uri=redirect_uri)
    answer = start(http, url, query)
    assert answer.status_code == 400
    assert "location" not in answer.headers
    assert said in answer.text
    assert answer.headers["content-type"].startswith("text/html")


def test_a_replayed_code_is_refused_and_revokes_what_it_gave(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("app")
    pair = pkce()
    code = code_for(http, url, app, pair)
    first = exchange(http, url, app, code, pair.verifier).json()
    assert mcp_status(http, url, first["access_token"]) == 200
    replay = exchange(http, url, app, code, pair.verifier)
    assert replay.status_code == 400
    assert "already used" in replay.json()["error_description"]
    assert mcp_status(http, url, first["access_token"]) == 401
    assert refresh(http, url, app, first["refresh_token"]).status_code == 400


def test_a_code_is_bound_to_its_client_redirect_and_resource(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("app")
    other = oauth_bridge.apps.publish("other-app")
    cases = [
        ({"client_id": other.client_id}, "another client"),
        ({"redirect_uri": "https://app.example/other"}, "redirect_uri differs"),
        ({"resource": "https://elsewhere.example/mcp"}, "resource differs"),
    ]
    for extra, said in cases:
        pair = pkce()
        code = code_for(http, url, app, pair)
        answer = exchange(http, url, app, code, pair.verifier, **extra)
        assert answer.json()["error"] == "invalid_grant", extra
        assert said in answer.json()["error_description"]


def test_dynamic_registration_is_off_unless_configured(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    answer = http.post(f"{url}/register", json={"redirect_uris": [CALLBACK]})
    assert answer.status_code == 403
    assert "dynamic_registration = true" in answer.json()["error_description"]
    query = authorize_query(
        oauth_bridge.apps.publish("app"), pkce(), url, client_id="memoire-dcr-guessed"
    )
    assert start(http, url, query).status_code == 400


def test_a_client_id_must_be_an_https_metadata_document(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    app = oauth_bridge.apps.publish("app")
    for client_id in ("plain-name", "http://app.example/client.json", "https://10.0.0.1/c.json"):
        answer = start(http, url, authorize_query(app, pkce(), url, client_id=client_id))
        assert answer.status_code == 400, client_id
        assert "location" not in answer.headers


def test_a_document_that_does_not_name_itself_is_refused(oauth_bridge: OAuthBridge) -> None:
    http, url = oauth_bridge.http, oauth_bridge.url
    liar = oauth_bridge.apps.put(
        "/liar.json",
        b'{"client_id": "https://claude.ai/x", "redirect_uris": ["' + CALLBACK.encode() + b'"]}',
    )
    answer = start(
        http, url, authorize_query(oauth_bridge.apps.publish("app"), pkce(), url, client_id=liar)
    )
    assert answer.status_code == 400
    assert "does not name itself" in answer.text


# Time: the bridge in this process, with the authorization server's clock in the test's hand


class Clock:
    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class TimedBridge:
    url: str
    apps: MetadataHost
    clock: Clock
    http: httpx2.Client


@pytest.fixture
def timed_bridge(tmp_path: Path, repository: Path) -> Iterator[TimedBridge]:
    port = free_port()
    config_file = oauth_config(tmp_path, repository, port)
    config = load_config(config_file)
    assert config.oauth is not None
    clock = Clock()
    database = AuthDatabase(config.memory.auth_database)
    oauth = OAuthServer(database, config.oauth, config.access.clients(), clock=clock)
    register(config.oauth.public_url, database)
    service = MemoryService(
        dataclasses.replace(config, access=config.access.with_rows(oauth.grants))
    )
    with (
        metadata_host() as apps,
        bridge_in_process(config_file, service, oauth, port=port) as bridge,
        httpx2.Client(timeout=30) as http,
    ):
        yield TimedBridge(bridge.url, apps, clock, http)
    service.close()
    database.close()


def test_an_expired_code_is_refused(timed_bridge: TimedBridge) -> None:
    http, url = timed_bridge.http, timed_bridge.url
    app = timed_bridge.apps.publish("slow-app")
    pair = pkce()
    code = code_for(http, url, app, pair)
    timed_bridge.clock.now += 61
    answer = exchange(http, url, app, code, pair.verifier)
    assert answer.json()["error"] == "invalid_grant"
    assert "expired" in answer.json()["error_description"]


def test_an_expired_access_token_is_refused_and_refresh_renews_it(
    timed_bridge: TimedBridge,
) -> None:
    http, url = timed_bridge.http, timed_bridge.url
    app = timed_bridge.apps.publish("app")
    tokens = sign_in(http, url, app)
    assert mcp_status(http, url, tokens["access_token"]) == 200
    timed_bridge.clock.now += 30 * 60 + 1
    refused = http.post(
        f"{url}/mcp", json={}, headers={"Authorization": f"Bearer {tokens['access_token']}"}
    )
    assert refused.status_code == 401
    assert 'error="invalid_token"' in refused.headers["www-authenticate"]
    renewed = refresh(http, url, app, tokens["refresh_token"]).json()
    assert mcp_status(http, url, renewed["access_token"]) == 200
    timed_bridge.clock.now += 31 * 86_400
    assert refresh(http, url, app, renewed["refresh_token"]).json()["error"] == "invalid_grant"


def test_a_pending_request_expires(timed_bridge: TimedBridge) -> None:
    http, url = timed_bridge.http, timed_bridge.url
    answer = start(http, url, authorize_query(timed_bridge.apps.publish("app"), pkce(), url))
    approve_url = answer.headers["location"]
    timed_bridge.clock.now += 10 * 60 + 1
    shown = http.get(approve_url)
    assert shown.status_code == 404
    assert "expired or was already answered" in shown.text
    with pytest.raises(AssertionError, match="not the approval form"):
        approve(http, approve_url, "full")


def test_a_token_of_one_bridge_opens_nothing_on_another(tmp_path: Path, repository: Path) -> None:
    ports = free_port(), free_port()
    other_memory = tmp_path / "other-memory"
    create_memory(other_memory, "", ENGLISH)
    configs = []
    for number, (port, memory) in enumerate(zip(ports, (repository, other_memory), strict=True)):
        folder = tmp_path / f"bridge-{number}"
        folder.mkdir()
        configs.append(oauth_config(folder, memory, port))
    with (
        metadata_host() as apps,
        running_bridge(configs[0], port=ports[0]) as first,
        running_bridge(configs[1], port=ports[1]) as second,
        owner_of(configs[0]),
        httpx2.Client(timeout=30) as http,
    ):
        tokens = sign_in(http, first.url, apps.publish("app"))
        assert mcp_status(http, first.url, tokens["access_token"]) == 200
        assert mcp_status(http, second.url, tokens["access_token"]) == 401


def test_a_token_is_bound_to_the_resource_it_was_issued_for(
    tmp_path: Path, repository: Path
) -> None:
    """The same auth database, served under another public URL: the old tokens open nothing."""
    port = free_port()
    config = oauth_config(tmp_path, repository, port)
    with metadata_host() as apps, owner_of(config), httpx2.Client(timeout=30) as http:
        with running_bridge(config, port=port) as bridge:
            tokens = sign_in(http, bridge.url, apps.publish("app"))
            assert mcp_status(http, bridge.url, tokens["access_token"]) == 200
        moved = free_port()
        text = config.read_text().replace(f"127.0.0.1:{port}", f"127.0.0.1:{moved}")
        config.write_text(text)
        with running_bridge(config, port=moved) as bridge:
            assert mcp_status(http, bridge.url, tokens["access_token"]) == 401
    rows = sqlite3.connect(load_config(config).memory.auth_database).execute(
        "SELECT resource FROM oauth_tokens WHERE kind = 'access'"
    )
    assert [row[0] for row in rows] == [f"http://127.0.0.1:{port}/mcp"]


# Clients nobody here wrote


class _Memory:
    """The SDK's TokenStorage, in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


async def test_the_mcp_python_sdk_oauth_provider_completes_the_flow(
    tmp_path: Path, repository: Path
) -> None:
    """The SDK discovers, registers (dynamic registration on), sends the owner to approve,
    exchanges the code with PKCE, checks `iss`, and calls a tool with the access token."""
    port = free_port()
    config = oauth_config(tmp_path, repository, port, extra="dynamic_registration = true\n")
    callback: dict[str, str] = {}
    http = httpx2.Client(timeout=30)

    async def redirect_handler(authorize_url: str) -> None:
        answer = http.get(authorize_url, follow_redirects=False)
        assert answer.status_code == 302, answer.text
        callback.update(redirect_parameters(approve(http, answer.headers["location"], "full")))

    async def callback_handler() -> AuthorizationCodeResult:
        return AuthorizationCodeResult(
            code=callback["code"], state=callback["state"], iss=callback["iss"]
        )

    storage = _Memory()
    with running_bridge(config, port=port) as bridge, owner_of(config):
        provider = OAuthClientProvider(
            server_url=f"{bridge.url}/mcp",
            client_metadata=OAuthClientMetadata(
                client_name="SDK app",
                redirect_uris=[AnyUrl(f"http://127.0.0.1:{free_port()}/callback")],
                grant_types=["authorization_code", "refresh_token"],
                response_types=["code"],
                token_endpoint_auth_method="none",
            ),
            storage=storage,
            redirect_handler=redirect_handler,
            callback_handler=callback_handler,
        )
        authed = httpx2.AsyncClient(auth=provider, timeout=30)
        async with Client(
            streamable_http_client(f"{bridge.url}/mcp", http_client=authed)
        ) as client:
            written = await client.call_tool(
                "memoire_append",
                {"path": "topics/sdk.md", "text": "Via OAuth.", "title": "SDK", "sensitive": False},
            )
        assert not written.is_error, written.content
        listing = memoire_command("oauth", "list", config=config).stdout
    http.close()
    assert storage.tokens is not None
    assert storage.tokens.refresh_token
    assert storage.client is not None
    assert storage.client.client_id.startswith("memoire-dcr-")
    assert "oauth-sdk-app\tSDK app\tread, sensitive, write" in listing
    assert "memoire (oauth-sdk-app)" in git(repository, "log", "-1", "--format=%cn")


def test_the_mcp_typescript_sdk_oauth_client_completes_the_flow(
    tmp_path: Path, repository: Path
) -> None:
    _install_client()
    port = free_port()
    config = oauth_config(tmp_path, repository, port, extra="dynamic_registration = true\n")
    callback_url = f"http://127.0.0.1:{free_port()}/callback"
    with (
        running_bridge(config, port=port) as bridge,
        owner_of(config),
        httpx2.Client(timeout=30) as http,
        subprocess.Popen(
            ["node", str(TS_CLIENT / "oauth_client.mjs"), bridge.url, callback_url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        ) as node,
    ):
        assert node.stdin is not None
        assert node.stdout is not None
        approve_url = json.loads(node.stdout.readline())["approve"]
        assert approve_url.startswith(f"{bridge.url}/oauth/approve?request=")
        node.stdin.write(approve(http, approve_url, "read") + "\n")
        node.stdin.flush()
        answer = json.loads(node.stdout.readline())
        assert node.wait(timeout=60) == 0
    assert answer["tools"] == READ_TOOLS
    assert answer["indexError"] is False
    assert answer["clientId"].startswith("memoire-dcr-")
    assert answer["hasRefreshToken"] is True
    assert answer["iss"] == bridge.url


# Configuration


@pytest.mark.parametrize(
    ("section", "said"),
    [
        ('redirect_uris = ["https://a.example/cb"]\n', "needs public_url"),
        ('public_url = "http://memory.example.org"\n', "must use https"),
        ('public_url = "https://memory.example.org/?x=1"\n', "without query"),
        ('public_url = "https://m.example"\nredirect_uris = ["http://a.example/cb"]\n', "loopback"),
        ('public_url = "https://m.example"\nredirect_uris = ["https://*.example/cb"]\n', "not an"),
        ('public_url = "https://m.example"\nredirect_uris = "https://a.example/cb"\n', "a list"),
        ('public_url = "https://m.example"\npending_total = 5\npending_shared = 5\n', "larger"),
        ('public_url = "https://m.example"\naccess_token_minutes = 0\n', ">= 1"),
        ('public_url = "https://m.example"\ndynamic_registration = "yes"\n', "true or false"),
        ('public_url = "https://m.example"\nredirect_uri = []\n', "unknown key(s) redirect_uri"),
    ],
)
def test_a_wrong_oauth_section_is_refused_with_what_to_fix(
    tmp_path: Path, repository: Path, section: str, said: str
) -> None:
    config = write_config(tmp_path, repository, extra="[oauth]\n" + section)
    with pytest.raises(ConfigError, match=re.escape(said)):
        load_config(config)
    served = memoire_command("check", config=config)
    assert served.returncode == 2
    assert said in served.stderr
    assert "Traceback" not in served.stderr


def test_the_readme_oauth_example_is_a_valid_configuration(
    tmp_path: Path, repository: Path
) -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text("utf-8")
    section = readme.split("## Remote apps (OAuth)", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    settings = load_config(write_config(tmp_path, repository, extra=example)).oauth
    assert settings is not None
    assert settings.resource == "https://memory.example.org/mcp"
    assert "https://claude.ai/api/mcp/auth_callback" in settings.redirect_uris
    assert settings.dynamic_registration is False
