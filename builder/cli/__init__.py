"""The command line: Typer only; thin; prints through rich. The core never prints."""
