#!/usr/bin/env python3
"""The architecture test: every #include between clampler's layers must follow the layer table.

Usage: check_layers.py [SOURCE_ROOT]   (exit status 1 on any include that breaks the table)
       check_layers.py --self-test     (the check itself: a tree that breaks each rule is refused)

A layer is a folder of src/ with its public headers in include/clampler/<layer>/. A file of layer L
may include "clampler/M/..." only when M is L itself or one of the layers ALLOWED[L] names, and may
not reach into another layer's private headers ("../"). The table is the one docs/architecture.md
draws; it must itself be acyclic (checked here too).
"""
import pathlib
import re
import sys
import tempfile

# The layers each layer may include, lowest first. The driver layer (zink) sees only Gallium's
# vocabulary; device sampling sits above the driver, the state tracker, the lowering pass and
# the reference sampler; tools sit on top.
ALLOWED = {
    "pipe": set(),
    "gl": {"pipe"},
    "cso": {"pipe"},
    "st": {"pipe", "gl", "cso"},
    # The txq queries: GL's answers from the front end's state, beside the state tracker.
    "txq": {"pipe", "gl"},
    "ref": {"pipe", "gl"},
    "spirv": {"pipe", "gl", "st"},
    "zink": {"pipe"},
    "sample": {"pipe", "gl", "cso", "st", "ref", "spirv", "zink"},
    "tools": {"pipe", "gl", "cso", "st", "txq", "ref", "spirv", "zink", "sample"},
    # The C interface Mesa's patches call: the state tracker and driver layers behind plain C.
    "c": {"pipe", "gl", "cso", "st", "spirv", "zink"},
}
# GL's enum values as header-only constants (no code, no state): every layer may name GL enums,
# as Mesa's Gallium drivers include GL/gl.h for them.
VOCABULARY = {"clampler/gl/gl_enums.h", "clampler/gl/gl_formats.h"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCES = (".c", ".cpp", ".h", ".hpp")


def check_acyclic():
    state = {}

    def visit(layer, path):
        if state.get(layer) == "done":
            return None
        if state.get(layer) == "open":
            return path + [layer]
        state[layer] = "open"
        for dep in sorted(ALLOWED[layer]):
            cycle = visit(dep, path + [layer])
            if cycle:
                return cycle
        state[layer] = "done"
        return None

    for layer in ALLOWED:
        cycle = visit(layer, [])
        if cycle:
            return ["layer table has a cycle: " + " -> ".join(cycle)]
    return []


def files_of(root, layer):
    for base in (root / "src" / layer, root / "include" / "clampler" / layer):
        if base.is_dir():
            yield from sorted(p for p in base.rglob("*") if p.suffix in SOURCES)


def check_includes(root):
    problems = []
    layers_on_disk = {p.name for p in (root / "src").iterdir() if p.is_dir()}
    for layer in sorted(layers_on_disk - set(ALLOWED)):
        problems.append(f"src/{layer}/: a folder the layer table does not know (add it to ALLOWED)")
    for layer in ALLOWED:
        for path in files_of(root, layer):
            rel = path.relative_to(root)
            for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = m.group(1)
                if target.startswith("../") and rel.parts[0] == "src" and len(rel.parts) == 3:
                    problems.append(f"{rel}:{n}: includes {target}, outside its own layer's folder")
                    continue
                parts = target.split("/")
                if len(parts) < 3 or parts[0] != "clampler" or target in VOCABULARY:
                    continue
                dep = parts[1]
                if dep != layer and dep not in ALLOWED[layer]:
                    problems.append(f"{rel}:{n}: layer '{layer}' includes {target} (layer '{dep}'); "
                                    f"'{layer}' may include only {sorted(ALLOWED[layer]) or 'nothing'}")
    return problems


def self_test():
    """Builds small trees in a temporary folder: a clean one passes, each kind of break is found."""
    cases = {
        "clean": ({"src/zink/a.cpp": '#include "clampler/pipe/p_state.h"\n#include "clampler/gl/gl_enums.h"\n'}, 0),
        "driver above st": ({"include/clampler/zink/z.h": '#include "clampler/st/st_sampler.h"\n'}, 1),
        "pipe above gl front end": ({"src/pipe/p.cpp": '#include "clampler/gl/context.h"\n'}, 1),
        "private header of another layer": ({"src/st/s.cpp": '#include "../cso/cso_private.h"\n'}, 1),
        "unknown layer": ({"src/newlayer/n.cpp": "int x;\n"}, 1),
    }
    failures = []
    for name, (files, expected) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            (root / "src").mkdir()
            for rel, text in files.items():
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_text(text)
            found = len(check_includes(root))
            if found != expected:
                failures.append(f"self-test '{name}': expected {expected} problem(s), found {found}")
    for f in failures:
        print(f)
    print(f"layers self-test: {len(cases) - len(failures)}/{len(cases)} cases as expected")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    problems = check_acyclic() + check_includes(root)
    for p in problems:
        print(p)
    checked = sum(1 for layer in ALLOWED for _ in files_of(root, layer))
    print(f"layers: {checked} files checked against {len(ALLOWED)} layers, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
