#!/usr/bin/env bash
# Set-up, build and run entry point for a fresh Debian 12 machine.
#   bash scripts/clampler.sh run [ARGS]  install what is missing, build, run clampler conformance [ARGS]
#   bash scripts/clampler.sh test   install what is missing, build with g++ and clang, run every test
#   bash scripts/clampler.sh driver          build the clampler driver (Debian's Mesa + mesa/patches) in build/driver
#   bash scripts/clampler.sh gl [--driver NAME] -- CMD ARGS  run a GL program on the clampler driver (or zink, llvmpipe, softpipe)
#   bash scripts/clampler.sh piglit [--driver clampler|zink|llvmpipe|softpipe]  piglit's sampler tests on a driver
#   bash scripts/clampler.sh limits [--driver clampler|zink]  10 000 sampler objects under lowered sampler limits
#   bash scripts/clampler.sh faults [--driver clampler|zink]  vkCreateSampler / vkCreateImageView / vkCreateBufferView failures and a lost device injected under the driver
#   bash scripts/clampler.sh fuzz [TARGET|all] [SECONDS]   the libFuzzer targets (ASan + UBSan), 60 s each by default
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(meson ninja-build g++ clang pkg-config python3 libgtest-dev libgmock-dev libgl-dev libegl-dev
          libopengl-dev libegl-mesa0 libgl1-mesa-dri
          libbenchmark-dev nlohmann-json3-dev
          libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers
          glslang-tools spirv-tools spirv-headers libpng-dev piglit libclang-rt-14-dev
          opencl-c-headers)

install_missing() {
   local missing=()
   for p in "${PACKAGES[@]}"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
   done
   [ ${#missing[@]} -eq 0 ] && return 0
   echo "clampler: installing ${missing[*]}"
   local sudo=""
   [ "$(id -u)" -ne 0 ] && sudo="sudo"
   export DEBIAN_FRONTEND=noninteractive
   $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
      { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
}

configure() {  # configure DIR [meson args...]
   local dir=$1; shift
   if [ -f "$dir/build.ninja" ]; then
      meson setup --reconfigure "$dir" "$@" >/dev/null
   else
      meson setup "$dir" "$@"
   fi
}

# Prints the plain "N passed, N failed" line from meson's JUnit log (one row per GoogleTest case).
summarize() {
   python3 - "$@" <<'PY'
import sys, xml.etree.ElementTree as ET
passed = failed = skipped = 0
for path in sys.argv[1:]:
    for case in ET.parse(path).getroot().iter('testcase'):
        if case.find('failure') is not None or case.find('error') is not None:
            failed += 1
        elif case.find('skipped') is not None:
            skipped += 1
        else:
            passed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
}

cmd=${1:-}
case "$cmd" in
run)
   install_missing
   configure build -Dtests=false -Dbench=false -Dvulkan=enabled
   ninja -C build clampler
   # The main job: the piglit-style conformance matrix on the default device (lavapipe
   # without a GPU), the summary table at the end; exit status 1 on any unexpected failure.
   ./build/clampler conformance "${@:2}"
   ;;
test)
   install_missing
   # Device tests run for real on lavapipe here: a missing device is a failure, not a skip.
   # Warnings are errors here (not a project default, so a packager's newer compiler cannot
   # break a release build): g++ in debugoptimized with the benchmarks, clang in release.
   configure build --buildtype=debugoptimized -Dwerror=true -Dtests=true -Dbench=true -Dvulkan=enabled \
      -Drequire_device=true
   ninja -C build
   configure build-clang --native-file scripts/clang.ini --buildtype=release -Dwerror=true -Dtests=true \
      -Dbench=false -Dvulkan=enabled -Drequire_device=true
   ninja -C build-clang
   status=0
   meson test -C build --print-errorlogs || status=1
   meson test -C build-clang --print-errorlogs || status=1
   # The main job too: the whole conformance matrix on lavapipe (a few seconds).
   ./build/clampler conformance --results build/conformance || status=1
   # The clampler driver: Debian's Mesa rebuilt with mesa/patches and clampler inside (cached
   # outside the clone, docs/driver.md), then a piglit subset through it.
   if bash scripts/driver.sh build; then
      bash scripts/driver.sh smoke || status=1
   else
      status=1
   fi
   # Every libFuzzer target for a short time (ASan + UBSan; the long runs are docs/reliability.md's).
   bash scripts/fuzz.sh all 20 || status=1
   summarize build/meson-logs/testlog.junit.xml build-clang/meson-logs/testlog.junit.xml
   exit $status
   ;;
driver)
   install_missing
   bash scripts/driver.sh build
   ;;
gl)
   bash scripts/driver.sh gl "${@:2}"
   ;;
piglit)
   install_missing
   bash scripts/driver.sh piglit "${@:2}"
   ;;
limits)
   bash scripts/driver.sh limits "${@:2}"
   ;;
faults)
   bash scripts/driver.sh faults "${@:2}"
   ;;
fuzz)
   install_missing
   bash scripts/fuzz.sh "${@:2}"
   ;;
*)
   echo "usage: bash scripts/clampler.sh run|test|driver|gl|piglit|limits|faults|fuzz" >&2
   exit 2
   ;;
esac
