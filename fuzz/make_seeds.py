#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target into OUT_DIR, from the scripts
and snippets of the tests and samples. Each seed is the target's input
format (fuzz/fuzz_support.h): a byte whose low two bits pick the dialect
(0 sh, 1 bash, 2 ksh, 3 mksh) and whose bit 2 is option bit 0, then text.
    fuzz/make_seeds.py TARGET OUT_DIR"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPT_DIRS = ["samples", "tests/rules/fixtures", "tests/corpus/scripts"]
EXTENSIONS = {".sh": 0, ".bash": 1, ".ksh": 2, ".mksh": 3}


def scripts():
    for folder in SCRIPT_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in EXTENSIONS:
                yield path


def snippets():
    """The snippets of the front-end comparison corpus, with their dialect."""
    text = (ROOT / "tests/corpus/snippets.txt").read_text(encoding="utf-8", errors="surrogateescape")
    for chunk in re.split(r"^=== ", text, flags=re.M)[1:]:
        header, _, body = chunk.partition("\n")
        shell = re.search(r"shell=(\w+)", header)
        yield {"sh": 0, "bash": 1, "ksh": 2, "mksh": 3}.get(shell.group(1) if shell else "bash", 1), body


def shell_text_seeds():
    yield from snippets()
    for path in scripts():
        yield EXTENSIONS[path.suffix], path.read_text(encoding="utf-8", errors="surrogateescape")


def extracted_seeds(pattern, fallback, both_forms):
    """Pieces of the scripts matching `pattern` (group 1), then each line of `fallback`."""
    pieces = set()
    for path in scripts():
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        pieces.update(match.group(1) for match in re.finditer(pattern, text))
    lines = (ROOT / "fuzz/seeds" / fallback).read_text(encoding="utf-8").splitlines()
    for piece in sorted(pieces) + lines:
        yield 2, piece
        if both_forms:
            yield 2 | 4, piece


def lsp_seeds():
    for path in sorted((ROOT / "fuzz/seeds/lsp").glob("*.txt")):
        yield 1, path.read_text(encoding="utf-8")


SEEDS = {
    "fuzz_exact_parser": shell_text_seeds,
    "fuzz_tree_sitter": shell_text_seeds,
    "fuzz_fix_loop": shell_text_seeds,
    "fuzz_arithmetic": lambda: extracted_seeds(r"\$\(\(([^()]*)\)\)", "arithmetic.txt", False),
    "fuzz_expansion": lambda: extracted_seeds(r"(\"?\$\{[^}\n]*\}\"?)", "expansion.txt", True),
    "fuzz_lsp": lsp_seeds,
}


def main():
    target, out = sys.argv[1], pathlib.Path(sys.argv[2])
    if target not in SEEDS:
        sys.exit(f"make_seeds: no seeds for {target}")
    out.mkdir(parents=True, exist_ok=True)
    for n, (first_byte, text) in enumerate(SEEDS[target]()):
        data = bytes([first_byte]) + text.encode("utf-8", errors="surrogateescape")
        (out / f"seed-{n:04d}").write_bytes(data)


main()
