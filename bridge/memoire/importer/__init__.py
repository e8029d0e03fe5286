"""`memoire import`: adopting an existing folder of notes (plain Markdown, an Obsidian vault,
a seed-style memory) into the memory, in one commit, without following a link out of it."""
