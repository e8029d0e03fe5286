"""Where the memory is kept: the Git store, the search index and the audit log."""
