#!/usr/bin/env python3
"""Writes the piglit test list of Debian piglit's sampler-related tests (piglit/sampler-tests.txt).

Usage: piglit_list.py PATTERNS OUT.xml.gz [PIGLIT_TESTS_DIR]

Reads piglit's own profiles (opengl.xml.gz and shader.xml.gz in PIGLIT_TESTS_DIR, by default the
Debian package's /usr/lib/x86_64-linux-gnu/piglit/tests), keeps every <Test> whose name one of the
patterns matches (Python regular expressions, searched) and writes them in profile order as a
PiglitTestList that `piglit run OUT.xml.gz RESULTS` reads. One change: every "gl" test is marked
run_concurrent, because piglit adds `-fbo` only to those, and on the surfaceless EGL platform a test
without `-fbo` aborts (7 tests of the list were marked otherwise). A pattern that matches nothing is
an error: the list must not silently lose a group when piglit renames it.
"""
import gzip
import re
import sys

DEFAULT_TESTS_DIR = "/usr/lib/x86_64-linux-gnu/piglit/tests"
PROFILES = ("opengl", "shader")
TEST = re.compile(r'<Test type="[^"]*" name="([^"]*)".*?</Test>', re.S)


def read_patterns(path):
    patterns = []
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            patterns.append((line, re.compile(line)))
        except re.error as e:
            sys.exit(f"{path}:{n}: bad regular expression '{line}': {e}")
    if not patterns:
        sys.exit(f"{path}: no patterns")
    return patterns


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[2])
    patterns = read_patterns(sys.argv[1])
    tests_dir = sys.argv[3] if len(sys.argv) == 4 else DEFAULT_TESTS_DIR
    kept, used = [], set()
    for profile in PROFILES:
        path = f"{tests_dir}/{profile}.xml.gz"
        try:
            text = gzip.open(path).read().decode("utf-8")
        except OSError as e:
            sys.exit(f"cannot read piglit profile {path}: {e} (install Debian's piglit)")
        for m in TEST.finditer(text):
            hits = [p for p, rx in patterns if rx.search(m.group(1))]
            if hits:
                test = m.group(0)
                if test.startswith('<Test type="gl"'):
                    test = test.replace('<option name="run_concurrent" value="False" />',
                                        '<option name="run_concurrent" value="True" />')
                kept.append(test)
                used.update(hits)
    unused = [p for p, _ in patterns if p not in used]
    if unused:
        sys.exit("patterns matching no piglit test: " + ", ".join(unused))
    body = "".join(kept)
    xml = (f"<?xml version='1.0' encoding='utf-8'?>\n<PiglitTestList count=\"{len(kept)}\" "
           f"name=\"clampler-sampler\">{body}</PiglitTestList>\n")
    with gzip.open(sys.argv[2], "wb") as out:
        out.write(xml.encode("utf-8"))
    print(f"{sys.argv[2]}: {len(kept)} tests")


if __name__ == "__main__":
    main()
