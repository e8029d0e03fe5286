"""OAuth 2.1 for remote assistants: the bridge as its own authorization server for `/mcp`.

`database` holds every piece of auth state (SQLite under `.git/memoire/`, never in the
memory's tree or its history); the protocol (`oauth` side) and the owner's sign-in (`owner`
side) each keep their own tables in it.
"""
