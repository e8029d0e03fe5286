"""How maintained secret-scanning packages do on the guard's corpora, next to the guard itself.

Run from the repository root with the package added for the run only, e.g.
`uv run --with kingfisher-secret-scanner --with detect-secrets python bench/secrets_libraries.py`.
A package that is not installed is skipped. The numbers fed issue 9's choice of rule source.
"""

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.secrets_corpus import PLAIN_PROSE, Scanner, fill_note, guard, report, timing
from tests.secret_corpus import DEV_CORPUS, load_corpus


def kingfisher(confidence: str) -> Scanner | None:
    try:
        import kingfisher_sdk  # type: ignore[import-not-found]
    except ImportError:
        return None
    started = time.perf_counter()
    scanner = kingfisher_sdk.Scanner(kingfisher_sdk.Rules(confidence=confidence), base64=False)
    rules = len(scanner.rules)
    print(
        f"kingfisher {kingfisher_sdk.__version__}: {rules} rules ({confidence}), "
        f"loaded in {time.perf_counter() - started:.2f} s"
    )
    return lambda text: bool(scanner.scan(text))


def detect_secrets() -> Scanner | None:
    try:
        from detect_secrets.core.scan import scan_line  # type: ignore[import-not-found]
        from detect_secrets.settings import default_settings  # type: ignore[import-not-found]
    except ImportError:
        return None
    settings = default_settings()
    settings.__enter__()  # left open for the whole run: the plugins live in it

    def scan(text: str) -> bool:
        assert settings is not None  # the closure keeps the settings alive
        return any(True for line in text.splitlines() for _ in scan_line(line))

    return scan


def main() -> None:
    corpus = load_corpus(DEV_CORPUS)
    note = fill_note([PLAIN_PROSE])
    candidates: list[tuple[str, Callable[[], Scanner | None]]] = [
        ("memoire guard", lambda: guard),
        ("kingfisher (medium)", lambda: kingfisher("medium")),
        ("kingfisher (low)", lambda: kingfisher("low")),
        ("detect-secrets", detect_secrets),
    ]
    for name, make in candidates:
        scan = make()
        if scan is None:
            print(f"== {name}: not installed, skipped")
            continue
        print(f"== {name}")
        report(corpus, scan)
        print(f"  20,000-char prose note: {timing(note, scan)}")


if __name__ == "__main__":
    main()
