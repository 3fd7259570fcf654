#!/usr/bin/env bash
# The device check: the project's Vulkan and GL checks on a lent GPU machine (docs/device.md).
#
#   bash scripts/device_check.sh pack   here: the built binaries, the clampler driver, the libraries
#                                       they need and piglit's raster and sampler tests, stripped,
#                                       in .dev/bundle.tar.xz (git-ignored through .git/info/exclude)
#   bash scripts/device_check.sh run    there, from the repository root, with .dev carried: unpacks
#                                       the bundle and runs everything below, one report file each
#                                       in $OUT (or ./device-out), within a time budget (--budget S)
#
# The run: the device's summary; `clampler conformance` (validation on); test_zink, test_sample and
# test_tools with a device required; the project's GL programs on the clampler driver under
# VK_LAYER_KHRONOS_validation (clampler-gl-edge-flags also with CLAMPLER_DISABLE=1); `clampler
# conformance --gl` on the clampler driver; piglit's raster list on the clampler driver, with and
# without CLAMPLER_DISABLE=1, then the sampler list while the budget lasts.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
die() { echo "device_check: $*" >&2; exit 1; }

PIGLIT=/usr/lib/x86_64-linux-gnu/piglit
LIBDIR=/usr/lib/x86_64-linux-gnu
BINARIES=(build/clampler build/tests/zink/test_zink build/tests/sample/test_sample build/tests/tools/test_tools
          build/tests/driver/clampler-gl-cases build/tests/driver/clampler-gl-depth-only
          build/tests/driver/clampler-gl-edge-flags build/tests/driver/clampler-gl-polygon-modes
          build/tests/driver/clampler-gl-polygon-offset build/tests/driver/clampler-gl-query-lod
          build/tests/driver/clampler-gl-threads build/tests/driver/clampler-gl-meta-paths
          build/tests/driver/clampler-gl-multisample-off build/tests/driver/clampler-gl-clip-planes
          build/tests/driver/clampler-gl-clip-edges build/tests/driver/clampler-gl-point-smooth)

# Shared libraries a file needs that a bare machine may lack (glibc's own stay the machine's).
libs_of() {
   ldd "$@" 2>/dev/null | awk '$3 ~ /^\// {print $3}' |
      grep -v -E '/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so' | sort -u
}

cmd_pack() {
   local stage=.dev/stage
   rm -rf "$stage" && mkdir -p "$stage/lib" "$stage/layers" "$stage/piglit/bin" "$stage/piglit/lib" .dev
   grep -qx '/.dev/' .git/info/exclude 2>/dev/null || echo /.dev/ >> .git/info/exclude
   local b
   for b in "${BINARIES[@]}" build/driver/zink_dri.so; do
      [ -f "$b" ] || die "$b is missing: build first (bash scripts/clampler.sh test; bash scripts/driver.sh build)"
      mkdir -p "$stage/$(dirname "$b")"
      strip -o "$stage/$b" "$b"
   done
   cp build/driver/mesa-version "$stage/build/driver/"
   ln -s zink_dri.so "$stage/build/driver/swrast_dri.so"
   ln -s zink_dri.so "$stage/build/driver/kms_swrast_dri.so"
   cp -r build/piglit "$stage/build/"
   # Mesa's EGL (Debian's, the version the driver was built against), the validation layer and
   # vulkaninfo.
   cp "$LIBDIR/libEGL_mesa.so.0" "$LIBDIR/libglapi.so.0" "$stage/lib/"
   strip -o "$stage/layers/libVkLayer_khronos_validation.so" "$LIBDIR/libVkLayer_khronos_validation.so"
   sed 's|"library_path": *"[^"]*"|"library_path": "./libVkLayer_khronos_validation.so"|' \
      /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json > "$stage/layers/VkLayer_khronos_validation.json"
   cp /usr/bin/vulkaninfo "$stage/lib/"
   # piglit: the binaries of both lists, their libraries, the shader tests they name.
   local commands
   commands=$(for l in build/piglit/raster.xml.gz build/piglit/sampler.xml.gz; do
                 zcat "$l" | grep -o 'name="command" value="[^"]*"'; done |
              sed "s/.*value=\"\['\([^']*\)'.*/\1/" | sort -u)
   for b in $commands; do cp "$PIGLIT/bin/$b" "$stage/piglit/bin/"; done
   cp -P "$PIGLIT"/lib/libpiglitutil*.so* "$stage/piglit/lib/"
   for f in $(for l in build/piglit/raster.xml.gz build/piglit/sampler.xml.gz; do zcat "$l"; done |
              grep -o "[a-z_]*tests/[^' ]*\.shader_test" | sort -u); do
      [ -f "$PIGLIT/$f" ] || die "piglit file $f is missing"
      mkdir -p "$stage/piglit/$(dirname "$f")" && cp "$PIGLIT/$f" "$stage/piglit/$f"
   done
   local l
   for l in $(libs_of "$stage"/piglit/bin/* "$stage"/build/clampler "$stage"/build/driver/zink_dri.so \
                      "$stage"/build/tests/driver/* "$stage"/lib/libEGL_mesa.so.0 /usr/bin/vulkaninfo); do
      case $l in */piglit/*|*/libEGL.so*|*/libGL.so*|*/libGLX.so*|*/libGLdispatch.so*|*/libOpenGL.so*|*/libvulkan.so*) continue ;; esac
      [ -f "$stage/lib/$(basename "$l")" ] || cp "$l" "$stage/lib/"
   done
   # The commit, and for a tree with changes a digest of them (two dirty bundles differ).
   { git describe --always --dirty; git diff HEAD | sha256sum | cut -c1-12; } | paste -sd' ' > "$stage/REVISION"
   tar -C "$stage" -cJf .dev/bundle.tar.xz . || die "tar failed"
   rm -rf "$stage"
   echo "device_check: .dev/bundle.tar.xz, $(du -h .dev/bundle.tar.xz | cut -f1)"
}

# One line per step in the summary, the step's output in its own log.
step() {  # step NAME COMMAND...
   local name=$1 start rc
   shift
   start=$(date +%s%N)
   "$@" > "$LOGS/$name.log" 2>&1
   rc=$?
   printf '%-34s rc=%-3s %6s ms  %s\n' "$name" "$rc" "$(( ($(date +%s%N) - start) / 1000000 ))" \
      "$(grep -v '^\s*$' "$LOGS/$name.log" | tail -1 | cut -c1-150)" | tee -a "$SUMMARY"
}

left() { echo $(( BUDGET - ($(date +%s) - T0) )); }

validated() {  # validated EXE ARGS: the clampler driver under validation; counts messages
   local out rc messages
   out=$(VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation "$@" 2>&1)
   rc=$?
   printf '%s\n' "$out"
   messages=$(printf '%s\n' "$out" | grep -c 'VUID-\|Validation Error')
   echo "validation messages: $messages; exit status $rc"
   [ "$rc" = 0 ] && [ "$messages" = 0 ]
}

cmd_run() {
   [ -f .dev/bundle.tar.xz ] || die "no .dev/bundle.tar.xz: run 'bash scripts/device_check.sh pack' here and carry .dev"
   # The bundle's build/ replaces ./build: never a developer's own build directory.
   [ ! -f build/build.ninja ] ||
      die "build/ is a meson build directory: run this on the device machine, or in a copy of the tree without build/ (docs/device.md)"
   BUDGET=300
   if [ "${1:-}" = --budget ]; then
      [ $# -ge 2 ] || die "--budget needs a number of seconds"
      BUDGET=$2
   fi
   # DEVICE_CHECK_QUICK=1: a few cases of each step, to try the check on this machine first.
   local cf=() gf=() pf=()
   if [ "${DEVICE_CHECK_QUICK:-0}" = 1 ]; then
      cf=(--filter '^clampler/raster/provoking')
      gf=(--gtest_filter='*Border*')
      pf=(--filter 'edgeflag|polygon-mode|texwrap 2d$')
   fi
   T0=$(date +%s)
   local out=${OUT:-$ROOT/device-out}
   mkdir -p "$out"
   LOGS=/tmp/device-logs
   rm -rf "$LOGS" && mkdir -p "$LOGS"
   SUMMARY=$out/summary.txt
   : > "$SUMMARY"
   mkdir -p .dev/root
   tar -C .dev/root -xJf .dev/bundle.tar.xz 2>/dev/null ||
      python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' .dev/bundle.tar.xz .dev/root ||
      die "the bundle did not unpack"
   local R=$ROOT/.dev/root
   rm -rf build && cp -a "$R/build" build
   export LD_LIBRARY_PATH=$R/lib:$R/piglit/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
   export VK_LAYER_PATH=$R/layers
   # Mesa's EGL through glvnd, at the path `clampler conformance --gl` names.
   mkdir -p /usr/share/glvnd/egl_vendor.d
   [ -f /usr/share/glvnd/egl_vendor.d/50_mesa.json ] ||
      printf '{"file_format_version": "1.0.0", "ICD": {"library_path": "%s"}}\n' "$R/lib/libEGL_mesa.so.0" \
         > /usr/share/glvnd/egl_vendor.d/50_mesa.json
   # NVIDIA's Vulkan driver where no ICD file is installed for the loader to find.
   if ! compgen -G '/usr/share/vulkan/icd.d/*.json' >/dev/null && ! compgen -G '/etc/vulkan/icd.d/*.json' >/dev/null &&
      [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
      export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
   fi
   {
      echo "device check of $(cat "$R/REVISION"), $(date -u +%FT%TZ), $(nproc) cores"
      nvidia-smi -L 2>/dev/null; nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null
      "$R/lib/vulkaninfo" --summary 2>&1 | grep -E 'apiVersion|driverName|deviceName|driverInfo' | sort -u
   } | tee -a "$SUMMARY"
   export CLAMPLER_BIN=$ROOT/build/clampler CLAMPLER_EXAMPLES=$ROOT/examples CLAMPLER_SOURCE=$ROOT
   export CLAMPLER_REQUIRE_DEVICE=1
   [ "${DEVICE_CHECK_GL_ONLY:-0}" = 1 ] || run_vulkan "$out"
   run_gl "$out"
}

# The Vulkan layer on the device: the conformance matrix and the device tests.
run_vulkan() {
   local out=$1
   step info build/clampler info
   step conformance env CLAMPLER_VALIDATION=1 build/clampler conformance --jobs 12 "${cf[@]}" --results "$LOGS/conformance"
   grep -E '^(fail|crash|note)' "$LOGS/conformance.log" > "$out/conformance-failures.txt"
   # The device tests, side by side.
   local t
   for t in zink/test_zink sample/test_sample tools/test_tools; do
      (cd build && step "$(basename "$t")" timeout 180 "./tests/$t" "${gf[@]}") &
   done
   wait
   grep -h -E '^\[  FAILED  \] [A-Za-z]' "$LOGS"/test_*.log | sed 's/ (.*//' | sort -u > "$out/gtest-failures.txt"
}

# The clampler driver on the device, and piglit on it.
run_gl() {
   local out=$1 R=$ROOT/.dev/root
   # The clampler driver on this device (zink over its Vulkan driver; Debian's EGL).
   export LIBGL_DRIVERS_PATH=$ROOT/build/driver EGL_PLATFORM=surfaceless GALLIUM_DRIVER=zink \
          MESA_LOADER_DRIVER_OVERRIDE=zink
   # Mesa's EGL first; NVIDIA's EGL vendor stays listed: without it NVIDIA's Vulkan driver finds no
   # device (vk_icdGetInstanceProcAddr gives no vkCreateInstance).
   local v=/usr/share/glvnd/egl_vendor.d/50_mesa.json f
   for f in /usr/share/glvnd/egl_vendor.d/*.json /usr/local/nvidia/share/glvnd/egl_vendor.d/*.json; do
      [ -f "$f" ] && [ "$f" != /usr/share/glvnd/egl_vendor.d/50_mesa.json ] && v=$v:$f
   done
   export __EGL_VENDOR_LIBRARY_FILENAMES=$v
   # zink takes a CPU Vulkan device only when software rendering is asked for (a dry run here).
   ls /dev/dri/renderD* >/dev/null 2>&1 || [ -e /dev/nvidia0 ] || export LIBGL_ALWAYS_SOFTWARE=1
   local d=build/tests/driver
   # The steps below count validation messages: the layer must be there to give them.
   # (vulkaninfo's whole output first: under pipefail, grep -q ending the pipe early fails it)
   local info
   info=$("$R/lib/vulkaninfo" 2>/dev/null)
   grep -q VK_LAYER_KHRONOS_validation <<<"$info" || die "VK_LAYER_KHRONOS_validation is not found in $VK_LAYER_PATH"
   # The first GL program once with the Vulkan loader's own account of the drivers it tried.
   step gl-loader-debug env VK_LOADER_DEBUG=error,warn,driver $d/clampler-gl-polygon-modes
   step gl-edge-flags validated $d/clampler-gl-edge-flags
   step gl-edge-flags-no-layer $d/clampler-gl-edge-flags
   step gl-edge-flags-disabled env CLAMPLER_DISABLE=1 $d/clampler-gl-edge-flags
   step gl-polygon-modes validated $d/clampler-gl-polygon-modes
   step gl-polygon-offset validated $d/clampler-gl-polygon-offset
   step gl-clip-planes validated $d/clampler-gl-clip-planes -v
   step gl-clip-edges validated $d/clampler-gl-clip-edges -v
   step gl-point-smooth validated $d/clampler-gl-point-smooth -v
   # rule Z13 (patches 0052-0053) assumes lavapipe's snapping and tie rule: the device's own
   # single-sampled image decides, and the run with CLAMPLER_DISABLE=1 shows the device's coverage
   step gl-multisample-off validated $d/clampler-gl-multisample-off -v
   step gl-multisample-off-disabled env CLAMPLER_DISABLE=1 $d/clampler-gl-multisample-off -v
   step gl-depth-only validated $d/clampler-gl-depth-only
   step gl-cases validated $d/clampler-gl-cases
   step gl-query-lod validated $d/clampler-gl-query-lod
   step gl-threads validated $d/clampler-gl-threads --threads 8 --frames 20
   local p
   for p in bitmap drawpixels copypixels cleartex blit scissored-blit resolve; do
      step "gl-meta-paths-$p" validated $d/clampler-gl-meta-paths --path "$p"
   done
   step conformance-gl timeout 200 build/clampler conformance --gl --driver clampler --jobs 12 "${cf[@]}" \
      --results "$LOGS/conformance-gl"
   grep -E '^(fail|crash|note)' "$LOGS/conformance-gl.log" > "$out/conformance-gl-failures.txt"
   export PIGLIT_PLATFORM=surfaceless_egl PIGLIT_NO_FAST_SKIP=1 PIGLIT_SOURCE_DIR=$R/piglit
   step piglit-raster python3 scripts/piglit_direct.py build/piglit/raster.xml.gz "$R/piglit" "$LOGS/piglit-raster.txt" --jobs 12 "${pf[@]}" \
      --outputs "$LOGS/piglit-raster-out"
   [ "${DEVICE_CHECK_NO_DISABLED:-0}" = 1 ] ||
   step piglit-raster-disabled env CLAMPLER_DISABLE=1 python3 scripts/piglit_direct.py build/piglit/raster.xml.gz \
      "$R/piglit" "$LOGS/piglit-raster-disabled.txt" --jobs 12 "${pf[@]}"
   if [ "$(left)" -gt 60 ]; then
      step piglit-sampler timeout $(( $(left) - 30 )) python3 scripts/piglit_direct.py build/piglit/sampler.xml.gz \
         "$R/piglit" "$LOGS/piglit-sampler.txt" --jobs 12 --timeout 30 "${pf[@]}" \
         --outputs "$LOGS/piglit-sampler-out"
   else
      echo "piglit-sampler: skipped, $(left) s of the budget left" | tee -a "$SUMMARY"
   fi
   [ -f "$LOGS/piglit-raster-disabled.txt" ] || sed 's/^[^\t]*/-/' "$LOGS/piglit-raster.txt" > "$LOGS/piglit-raster-disabled.txt"
   paste "$LOGS/piglit-raster.txt" "$LOGS/piglit-raster-disabled.txt" 2>/dev/null |
      awk -F'\t' '{print $1 "\t" $3 "\t" $2}' > "$out/piglit-raster.tsv"
   echo "total $(( $(date +%s) - T0 )) s" | tee -a "$SUMMARY"
   tar -C "$LOGS" --exclude=./conformance/scenarios --exclude=./conformance-gl/scenarios -cJf "$out/logs.tar.xz" . 2>/dev/null ||
      python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1], "w:xz").add(sys.argv[2], ".", filter=lambda t: None if "/scenarios" in t.name else t)' \
         "$out/logs.tar.xz" "$LOGS"
}

case "${1:-}" in
pack) shift; cmd_pack "$@" ;;
run) shift; cmd_run "$@" ;;
*) die "usage: bash scripts/device_check.sh pack | run [--budget SECONDS]" ;;
esac
