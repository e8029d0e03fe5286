"""Thin adapters over the memory service: the command line, and later MCP and HTTP."""
