"""The owner: the one person who approves remote apps, signed in on the approval page.

The owner is created only on the server's command line (`memoire owner init`): a TOTP
secret and one-time recovery codes; passkeys are added from the page once signed in.
Nothing reachable over HTTP creates, resets or adds a credential without a signed-in owner.
The protocol side mounts `owner_routes(...)` beside `/authorize` and `/token`.
"""

from .routes import owner_routes
from .settings import OwnerSettings

__all__ = ["OwnerSettings", "owner_routes"]
