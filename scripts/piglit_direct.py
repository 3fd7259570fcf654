#!/usr/bin/env python3
"""Runs a piglit test list's commands directly, without piglit's framework, for a machine that has
the test binaries but not piglit (docs/device.md: the device check carries them there).

Usage: piglit_direct.py LIST.xml.gz PIGLIT_DIR RESULTS.txt [--jobs N] [--timeout S] [--filter REGEX] [--outputs DIR]

LIST.xml.gz is a list scripts/piglit_list.py wrote. Each test runs as piglit's runner runs it on the
surfaceless EGL platform: PIGLIT_DIR/bin/COMMAND with `-auto -fbo` added, in PIGLIT_DIR (shader
tests name their .shader_test files relative to it). Its result follows piglit's own rules
(framework/test/piglit_test.py, base.py, results.py): the `PIGLIT:` lines' result and subtests
(the worst subtest wins unless the test crashed), a signal a crash, a non-zero exit a warn after a
pass and a fail otherwise, no result line notrun, a missing binary a skip; past the timeout a
timeout. --filter keeps the tests whose name the regular expression matches (searched); --outputs
keeps the command, exit status and output of every test that neither passed nor skipped.
RESULTS.txt gets one `RESULT<TAB>NAME` line a test as it ends, then sorted by name, and the counts
are printed; the exit status is 0 whatever the results (read the counts).
"""
import ast
import concurrent.futures
import gzip
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET


# piglit's status order (framework/status.py): the worst subtest is the test's result.
ORDER = {"notrun": -1, "skip": -1, "pass": 0, "warn": 10, "dmesg-warn": 20, "fail": 30, "dmesg-fail": 40,
         "timeout": 50, "crash": 60}


def result_of(output, returncode):
    """piglit's PiglitBaseTest.interpret_result, then Test.interpret_result and TestResult.result."""
    raw, subtests = "notrun", {}
    for line in output.splitlines():
        if not line.startswith("PIGLIT:"):
            continue
        try:
            data = json.loads(line[len("PIGLIT:"):])
        except ValueError:
            continue
        if "enumerate subtests" in data:
            for name in data["enumerate subtests"]:
                subtests[name] = "notrun"
            continue
        raw = data.get("result", raw)
        subtests.update(data.get("subtest", {}))
    if raw == "skip":
        subtests = {k: ("skip" if v == "notrun" else v) for k, v in subtests.items()}
    if returncode < 0:
        raw = "crash"
    elif returncode != 0:
        raw = "warn" if raw == "pass" else "fail"
    if subtests and raw != "crash":
        return max(subtests.values(), key=lambda v: ORDER.get(v, 30))
    return raw


def run_one(piglit_dir, name, command, timeout, outputs):
    argv = [os.path.join(piglit_dir, "bin", command[0])] + command[1:] + ["-auto", "-fbo"]
    try:
        p = subprocess.run(argv, cwd=piglit_dir, capture_output=True, text=True, errors="replace",
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return name, "timeout"
    except FileNotFoundError:
        return name, "skip"  # piglit: "Test executable not found"
    except OSError as e:
        return name, f"fail ({e.strerror})"
    result = result_of(p.stdout, p.returncode)
    if outputs and result not in ("pass", "skip"):
        with open(os.path.join(outputs, re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".txt"), "w") as f:
            f.write(f"{' '.join(argv)}\nexit status {p.returncode}\n--- stdout\n{p.stdout}\n--- stderr\n{p.stderr}")
    return name, result


def main():
    args = sys.argv[1:]
    jobs, timeout, keep, outputs = os.cpu_count() or 2, 60.0, None, None
    for flag in ("--jobs", "--timeout", "--filter", "--outputs"):
        if flag in args:
            i = args.index(flag)
            if i + 1 >= len(args):
                sys.exit(f"{flag} needs a number")
            value = args[i + 1]
            del args[i:i + 2]
            if flag == "--jobs":
                jobs = int(value)
            elif flag == "--filter":
                keep = re.compile(value)
            elif flag == "--outputs":
                outputs = value
                os.makedirs(outputs, exist_ok=True)
            else:
                timeout = float(value)
    if len(args) != 3:
        sys.exit(__doc__.strip().splitlines()[3])
    list_path, piglit_dir, results_path = args
    tests = []
    with gzip.open(list_path) as f:
        for t in ET.parse(f).getroot():
            if keep and not keep.search(t.get("name")):
                continue
            options = {o.get("name"): o.get("value") for o in t}
            tests.append((t.get("name"), ast.literal_eval(options["command"])))
    results = {}
    # Each result is written as it comes, so a run stopped early keeps what it finished.
    with open(results_path, "w") as out, concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for future in concurrent.futures.as_completed(
                [pool.submit(run_one, piglit_dir, name, command, timeout, outputs) for name, command in tests]):
            name, result = future.result()
            results[name] = result
            out.write(f"{result}\t{name}\n")
            out.flush()
    with open(results_path, "w") as out:
        for name in sorted(results):
            out.write(f"{results[name]}\t{name}\n")
    counts = {}
    for r in results.values():
        counts[r.split(" ")[0]] = counts.get(r.split(" ")[0], 0) + 1
    print(f"{os.path.basename(list_path)}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
