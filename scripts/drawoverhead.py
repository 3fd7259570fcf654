#!/usr/bin/env python3
"""piglit's drawoverhead on the clampler driver against stock behaviour: interleaved runs, medians, ratios.

Usage: drawoverhead.py [--runs N] [--tests 1,2,3,9,10,11]

Runs `drawoverhead -test T` for each test, alternating the clampler driver (build/driver) with
the same build under CLAMPLER_DISABLE=1 (stock zink behaviour) and with Debian's own zink, N times
each, and prints the median thousands of draws per second of each and the ratios clampler/disabled
and clampler/Debian (above 1: the clampler driver draws faster). Needs `bash scripts/clampler.sh
driver` first. Tests 1-3 are the no-state-change rows, 9-11 the texture-change rows.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = "/usr/lib/x86_64-linux-gnu/piglit/bin/drawoverhead"
ROW = re.compile(r"^\s*(\d+),\s*(.*?)\s*,\s*(?:\x1b\[[0-9;]*m)?\s*(\d+)")


def run(driver, test):
    env = dict(os.environ, PIGLIT_PLATFORM="surfaceless_egl")
    if driver == "debian-zink":
        env.update(LIBGL_ALWAYS_SOFTWARE="1", MESA_LOADER_DRIVER_OVERRIDE="zink", GALLIUM_DRIVER="zink",
                   EGL_PLATFORM="surfaceless")
        cmd = [BIN, "-fbo", "-test", str(test)]
    else:
        if driver == "disabled":
            env["CLAMPLER_DISABLE"] = "1"
        cmd = ["bash", os.path.join(ROOT, "scripts", "clampler.sh"), "gl", "--", BIN, "-fbo", "-test", str(test)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120).stdout
    for line in out.splitlines():
        m = ROW.match(line)
        if m and int(m.group(1)) == test:
            return m.group(2), int(m.group(3))
    sys.exit(f"drawoverhead -test {test} on {driver} printed no result:\n{out}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--tests", default="1,2,3,9,10,11")
    args = ap.parse_args()
    drivers = ["clampler", "disabled", "debian-zink"]
    print("test | clampler | CLAMPLER_DISABLE=1 | Debian zink | clampler/disabled | clampler/Debian (k draws/s, medians)")
    for test in (int(t) for t in args.tests.split(",")):
        samples = {d: [] for d in drivers}
        name = ""
        for _ in range(args.runs):
            for d in drivers:  # interleaved, so drift hits every driver alike
                name, value = run(d, test)
                samples[d].append(value)
        med = {d: statistics.median(samples[d]) for d in drivers}
        print(f"{test} {name} | {med['clampler']:.0f} | {med['disabled']:.0f} | {med['debian-zink']:.0f} | "
              f"{med['clampler'] / med['disabled']:.2f} | {med['clampler'] / med['debian-zink']:.2f}")


if __name__ == "__main__":
    main()
