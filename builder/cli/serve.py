"""`zodiac serve`: preview a project's sheets, cards and books in a browser as you edit.

The server (`builder.serve`) listens on 127.0.0.1 only and never writes into the
project; this command finds the project, prints the address and stops on Ctrl-C.
"""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors

# The examples carry a prompt: the help-example test runs every line that starts with
# "zodiac ", and this command runs until it is stopped.
EPILOG = (
    "\b\nExamples (each runs until Ctrl-C):\n"
    "  $ zodiac serve content/examples/zodiac\n"
    "  $ zodiac serve my-campaign --port 8080\n\n"
    "\b\nOpen the address it prints; the page follows every save. Only this machine\n"
    "can open it (127.0.0.1). Nothing is written into the project."
)


@handle_user_errors
def serve(
    project: Annotated[
        Path | None,
        typer.Argument(
            help="Project folder (holding zodiac.yaml). Default: found from the current folder."
        ),
    ] = None,
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1 (0: any free port)."),
    ] = 8017,  # builder.serve.DEFAULT_PORT (not imported here: the CLI starts fast)
) -> None:
    """Serve a live preview of the project on 127.0.0.1 (read-only; Ctrl-C stops)."""
    from rich.markup import escape

    from builder.cli.output import console
    from builder.cli.project import require_project
    from builder.errors import UsageError
    from builder.serve import make_server

    root = require_project(project, "serve")
    try:
        server = make_server(root, port)
    except OSError as error:
        raise UsageError(
            f"cannot listen on 127.0.0.1:{port} ({error.strerror or error}); "
            "choose another --port, or 0 for any free one"
        ) from error
    console.print(f"previewing {escape(str(root))}")
    console.print(f"open [bold]{server.url}[/bold]  (Ctrl-C stops)", soft_wrap=True)
    if server.watcher.polling:  # no OS file events here (or no more of them): say the cost
        console.print("file events unavailable: comparing the files every 0.3 s")
    console.file.flush()
    # Stop cleanly on Ctrl-C and on `kill`, even when started in the background (where a
    # shell leaves SIGINT ignored).
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _interrupt)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    console.print("stopped")
    raise typer.Exit(0)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
