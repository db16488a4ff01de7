#!/usr/bin/env python3
"""Write the licences of the Rust crates linked into junqi for one target.

usage: third_party_licenses.py TARGET OUTPUT   (TARGET e.g. x86_64-pc-windows-gnu)

Reads `cargo metadata` (no network: --locked --offline), follows the normal dependencies (not dev- or
build-dependencies) from the junqi package for that target, and writes OUTPUT: every crate with its
version and licence expression, then the licence files each crate ships (identical texts once, with
the crates that share them). Exits 1 with a message if cargo fails.
"""
import hashlib
import json
import os
import subprocess
import sys

LICENCE_PREFIXES = ("license", "licence", "copying", "notice", "unlicense", "copyright")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    target, output = sys.argv[1], sys.argv[2]
    try:
        meta = json.loads(subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked", "--offline",
             "--filter-platform", target],
            check=True, capture_output=True, text=True).stdout)
    except subprocess.CalledProcessError as e:
        print(f"third_party_licenses: cargo metadata failed: {e.stderr.strip()}", file=sys.stderr)
        return 1
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = meta["resolve"]["root"]
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(k["kind"] is None for k in dep["dep_kinds"]):
                todo.append(dep["pkg"])
    seen.discard(root)
    crates = sorted((packages[p] for p in seen), key=lambda p: (p["name"], p["version"]))

    texts = {}  # hash -> (text, [crate names])
    missing = []
    for p in crates:
        folder = os.path.dirname(p["manifest_path"])
        files = sorted(f for f in os.listdir(folder)
                       if f.lower().startswith(LICENCE_PREFIXES) and os.path.isfile(os.path.join(folder, f)))
        if not files:
            missing.append(p)
        for f in files:
            with open(os.path.join(folder, f), encoding="utf-8", errors="replace") as fh:
                text = fh.read().strip()
            h = hashlib.sha256(text.encode()).hexdigest()
            texts.setdefault(h, (text, []))[1].append(f"{p['name']} {p['version']} ({f})")

    with open(output, "w", encoding="utf-8") as out:
        out.write(f"Third-party Rust crates linked into junqi ({target}): {len(crates)} crates.\n")
        out.write("The program's own licence is MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE);\n")
        out.write("the font's is the SIL Open Font License 1.1 (OFL.txt), the sounds' CC0 1.0.\n\n")
        for p in crates:
            out.write(f"  {p['name']} {p['version']}: {p.get('license') or p.get('license_file') or 'unknown'}\n")
        if missing:
            out.write("\nCrates that ship no licence file (their licence expression above applies):\n")
            for p in missing:
                out.write(f"  {p['name']} {p['version']}\n")
        for text, names in texts.values():
            out.write("\n" + "=" * 78 + "\n")
            out.write("The following text is shipped by:\n")
            for n in names:
                out.write(f"  {n}\n")
            out.write("-" * 78 + "\n")
            out.write(text + "\n")
    print(f"{output}: {len(crates)} crates, {len(texts)} distinct licence texts, "
          f"{len(missing)} crates without a licence file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
