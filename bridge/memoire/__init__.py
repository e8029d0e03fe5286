"""memoire: a personal memory for AI assistants, kept as Markdown notes in Git."""
