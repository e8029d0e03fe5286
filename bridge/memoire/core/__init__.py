"""The rules of the memory: layout, notes, rights, secrets and the service that applies them."""
