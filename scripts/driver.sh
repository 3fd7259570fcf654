#!/usr/bin/env bash
# The clampler driver: Debian's own Mesa (the installed version) rebuilt with mesa/patches/ and clampler linked in.
#   bash scripts/driver.sh build          fetch Mesa's source, patch, build; output in build/driver/
#   bash scripts/driver.sh gl [--driver clampler|zink|llvmpipe|softpipe] -- CMD ...  run a GL program on a driver
#   bash scripts/driver.sh piglit [--driver clampler|zink|llvmpipe|softpipe] [--list piglit/X-tests.txt] [--results DIR] [PIGLIT RUN ARGS]
#   bash scripts/driver.sh limits [--driver clampler|zink]  10 000 sampler objects under lowered sampler limits
#   bash scripts/driver.sh faults [--driver clampler|zink]  failed vkCreateSampler / vkCreateImageView / vkCreateBufferView calls and a lost device injected under the driver
#   bash scripts/driver.sh tsan [--threads T] [--frames F] [--runs R]  clampler-gl-threads on the driver with
#                                         clampler's side built with ThreadSanitizer (not in CI)
#   bash scripts/driver.sh smoke          the driver loads, names itself, passes a piglit subset, the project's
#                                         GL cases, the limits runs and six groups of clampler conformance --gl (CI)
# Called by scripts/clampler.sh (driver, gl). docs/driver.md says what it does and why.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

# Mesa's source and build live outside the clone so a second CI run on the same machine reuses
# them; everything is rebuilt from Debian's packages when the cache is missing.
CACHE=${CLAMPLER_CACHE:-/var/cache/clampler}
OUT=$ROOT/build/driver
# The clampler libraries Mesa links (position-independent, release, no tests).
LIBBUILD=$ROOT/build-driver-lib
# Debian piglit's tests and binaries (package piglit).
PIGLIT_DIR=/usr/lib/x86_64-linux-gnu/piglit

die() { echo "clampler driver: $*" >&2; exit 1; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

installed_mesa_version() {
   local egl dri
   egl=$(dpkg-query -W -f='${Version}' libegl-mesa0 2>/dev/null) || die "libegl-mesa0 is not installed"
   dri=$(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null) || die "libgl1-mesa-dri is not installed"
   [ "$egl" = "$dri" ] || die "libegl-mesa0 is $egl but libgl1-mesa-dri is $dri: install one Mesa version"
   echo "$egl"
}

# A deb-src entry for the archives the machine already uses (deb822 or one-line sources).
ensure_deb_src() {
   apt-get source --print-uris mesa >/dev/null 2>&1 && return 0
   local f=/etc/apt/sources.list.d/clampler-deb-src.sources
   if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed -e 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | as_root tee "$f" >/dev/null
   elif [ -f /etc/apt/sources.list ]; then
      grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
         as_root tee /etc/apt/sources.list.d/clampler-deb-src.list >/dev/null
   else
      die "no apt sources found to derive a deb-src entry from"
   fi
   as_root apt-get update -qq
}

install_build_deps() {
   local need=() p
   # Mesa's own DRI and EGL packages first: the source fetched is the version they have.
   for p in libegl-mesa0 libgl1-mesa-dri bison flex libdrm-dev quilt dpkg-dev libexpat1-dev zlib1g-dev \
            libglvnd-dev python3-mako waffle-utils llvm-15-dev; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
   done
   [ ${#need[@]} -eq 0 ] && return 0
   echo "clampler driver: installing ${need[*]}"
   export DEBIAN_FRONTEND=noninteractive
   as_root apt-get install -y --no-install-recommends "${need[@]}" ||
      { as_root apt-get update -qq && as_root apt-get install -y --no-install-recommends "${need[@]}"; }
}

# Debian's source of exactly the installed version, Debian's quilt series applied: $PRISTINE.
fetch_source() {
   local version=$1 upstream=${1%%-*}
   PRISTINE=$CACHE/mesa-$version/pristine/mesa-$upstream
   [ -f "$PRISTINE/.clampler-complete" ] && return 0
   ensure_deb_src
   local dir=$CACHE/mesa-$version/pristine
   as_root mkdir -p "$dir"
   as_root chown "$(id -u):$(id -g)" "$CACHE" "$CACHE/mesa-$version" "$dir"
   rm -rf "${dir:?}"/*
   (cd "$dir" && apt-get source -qq "mesa=$version") ||
      die "apt-get source mesa=$version failed (is a deb-src entry for the installed Mesa's archive present?)"
   [ -d "$PRISTINE" ] || die "apt-get source did not unpack $PRISTINE"
   local got
   got=$(cd "$PRISTINE" && dpkg-parsechangelog -S Version)
   [ "$got" = "$version" ] || die "the source is Mesa $got but the installed Mesa is $version"
   if [ -s "$PRISTINE/debian/patches/series" ] && [ ! -d "$PRISTINE/.pc" ]; then
      (cd "$PRISTINE" && QUILT_PATCHES=debian/patches quilt push -a -q) || die "Debian's patches did not apply"
   fi
   touch "$PRISTINE/.clampler-complete"
}

# The working tree: the pristine tree plus mesa/patches/*.patch. Only files whose patched content
# changed are rewritten, so ninja recompiles only what a patch change touches.
apply_patches() {
   WORK=$CACHE/mesa-$1/work
   if [ ! -f "$WORK/.clampler-complete" ]; then
      rm -rf "$WORK"
      cp -a "$PRISTINE" "$WORK"
      rm -f "$WORK/.clampler-patched"
      touch "$WORK/.clampler-complete"
   fi
   local stage files f p
   stage=$(mktemp -d)
   # Every file a patch of the series touches now, or touched at the previous run.
   files=$( (cat "$WORK/.clampler-patched" 2>/dev/null || true
             sed -n 's/^+++ b\/\([^\t ]*\).*/\1/p' mesa/patches/*.patch 2>/dev/null) | sort -u)
   for f in $files; do
      mkdir -p "$stage/$(dirname "$f")"
      [ -f "$PRISTINE/$f" ] && cp -p "$PRISTINE/$f" "$stage/$f"
   done
   for p in mesa/patches/*.patch; do
      [ -e "$p" ] || continue
      patch -s -p1 -d "$stage" --no-backup-if-mismatch < "$p" || die "$p does not apply to Mesa $1"
   done
   for f in $files; do
      if [ -f "$stage/$f" ]; then
         cmp -s "$stage/$f" "$WORK/$f" || cp "$stage/$f" "$WORK/$f"
      elif [ -f "$WORK/$f" ] && [ ! -f "$PRISTINE/$f" ]; then
         rm -f "$WORK/$f"  # a file only an earlier patch created
      fi
   done
   sed -n 's/^+++ b\/\([^\t ]*\).*/\1/p' mesa/patches/*.patch 2>/dev/null | sort -u > "$WORK/.clampler-patched"
   rm -rf "$stage"
}

# build_clampler_lib [MESON OPTIONS]: libclampler_mesa.a in $LIBBUILD (release unless told).
build_clampler_lib() {
   if [ -f "$LIBBUILD/build.ninja" ]; then
      meson setup --reconfigure "$LIBBUILD" >/dev/null
   else
      [ $# -gt 0 ] || set -- --buildtype=release
      meson setup "$LIBBUILD" -Dtests=false -Dbench=false -Dvulkan=enabled "$@" >/dev/null
   fi
   ninja -C "$LIBBUILD" src/c/libclampler_mesa.a >/dev/null
}

MESA_OPTIONS=(
   --buildtype=release -Db_ndebug=true
   -Dplatforms=[] -Degl-native-platform=surfaceless -Dglx=disabled -Degl=enabled -Dgbm=disabled
   -Dglvnd=true -Dshared-glapi=enabled -Dgallium-drivers=zink,swrast -Dvulkan-drivers=[]
   -Dllvm=enabled -Dshared-llvm=enabled -Dgles1=disabled -Dgles2=enabled -Dopengl=true
   -Ddri3=disabled -Dgallium-vdpau=disabled -Dgallium-va=disabled -Dgallium-xa=disabled
   -Dgallium-omx=disabled -Dgallium-nine=false -Dgallium-opencl=disabled -Dgallium-rusticl=false
   -Dgallium-d3d10umd=false -Dgallium-d3d12-video=disabled -Dosmesa=false -Dxlib-lease=disabled
   -Dvalgrind=disabled -Dlibunwind=disabled -Dlmsensors=disabled -Dzstd=disabled -Dselinux=false
   -Dbuild-tests=false -Dtools=[] -Dvulkan-layers=[] -Dvideo-codecs=[] -Dperfetto=false
   -Dmicrosoft-clc=disabled -Dintel-clc=disabled -Dandroid-stub=false
)

# build_mesa VERSION [tsan]: the driver in $OUT; the tsan variant (its own build and stage
# directories) links Mesa with ThreadSanitizer's runtime for a clampler archive built with it.
build_mesa() {
   local version=$1 variant=${2:-} build=$CACHE/mesa-$1/build${2:+-$2}
   # Mesa sees clampler through stable paths in the cache (the C header and the archive, copied
   # only when they changed), so a build from another clone of the project reuses the cache.
   local stage=$CACHE/mesa-$version/clampler${2:+-$2}
   mkdir -p "$stage/include/clampler/c"
   local h
   for h in clampler_mesa.h clampler_mesa_sampler.h clampler_mesa_stipple.h; do
      cmp -s "include/clampler/c/$h" "$stage/include/clampler/c/$h" || cp "include/clampler/c/$h" "$stage/include/clampler/c/$h"
   done
   cmp -s "$LIBBUILD/src/c/libclampler_mesa.a" "$stage/libclampler_mesa.a" ||
      cp "$LIBBUILD/src/c/libclampler_mesa.a" "$stage/libclampler_mesa.a"
   # Mesa's meson needs python3 with mako: Debian's, not a pyenv one earlier in PATH.
   local -x PATH=/usr/bin:$PATH
   local args=("${MESA_OPTIONS[@]}" "-Dc_args=-I$stage/include" "-Dcpp_args=-I$stage/include"
               "-Dcpp_link_args=$stage/libclampler_mesa.a")
   [ "$variant" = tsan ] && args=("${MESA_OPTIONS[@]}" "-Dc_args=-I$stage/include" "-Dcpp_args=-I$stage/include"
                                  "-Dc_link_args=-fsanitize=thread" "-Dcpp_link_args=$stage/libclampler_mesa.a -fsanitize=thread")
   mkdir -p "$(dirname "$build")"
   if [ ! -f "$build/build.ninja" ]; then
      meson setup "$build" "$WORK" "${args[@]}" >"$CACHE/mesa-$version/configure.log" 2>&1 ||
         { tail -30 "$CACHE/mesa-$version/configure.log"; die "Mesa's configure failed (log above)"; }
   elif [ "$(cat "$build/.clampler-args" 2>/dev/null)" != "${args[*]}" ]; then
      meson configure "$build" "${args[@]}" >"$CACHE/mesa-$version/configure.log" 2>&1 ||
         { tail -30 "$CACHE/mesa-$version/configure.log"; die "Mesa's reconfigure failed (log above)"; }
   fi
   echo "${args[*]}" > "$build/.clampler-args"
   # The archive is a link argument ninja does not track: relink when it changed.
   local stamp=$build/.clampler-lib.sha256 sum
   sum=$(sha256sum "$stage/libclampler_mesa.a" | cut -d' ' -f1)
   if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
      rm -f "$build/src/gallium/targets/dri/libgallium_dri.so"
   fi
   ninja -C "$build" src/gallium/targets/dri/libgallium_dri.so
   echo "$sum" > "$stamp"
   mkdir -p "$OUT"
   local so=$build/src/gallium/targets/dri/libgallium_dri.so name
   for name in zink_dri.so swrast_dri.so kms_swrast_dri.so; do
      cmp -s "$so" "$OUT/$name" || cp "$so" "$OUT/$name"
   done
   echo "$version" > "$OUT/mesa-version"
}

cmd_build() {
   local version
   install_build_deps
   version=$(installed_mesa_version)
   fetch_source "$version"
   apply_patches "$version"
   build_clampler_lib
   build_mesa "$version"
   echo "clampler driver: Mesa $version with $(ls mesa/patches/*.patch 2>/dev/null | wc -l) patch(es) in $OUT"
}

# The clampler side of the driver under ThreadSanitizer: libclampler_mesa.a built with
# -fsanitize=thread, linked into a second Mesa build (Mesa itself not instrumented) in
# build/driver-tsan, and clampler-gl-threads built with it runs on that driver. A report with a
# frame in clampler's code fails the run (exit 1); the others (Mesa's and lavapipe's code, seen
# only through libc's interceptors, their futex locks invisible to TSan) are counted, not judged.
# Not part of CI (a second Mesa build); docs/reliability.md.
cmd_tsan() {
   local threads=8 frames=20 runs=3
   while [ $# -gt 0 ]; do
      case $1 in
      --threads) [ $# -ge 2 ] || die "--threads needs a count"; threads=$2; shift 2 ;;
      --frames) [ $# -ge 2 ] || die "--frames needs a count"; frames=$2; shift 2 ;;
      --runs) [ $# -ge 2 ] || die "--runs needs a count"; runs=$2; shift 2 ;;
      *) die "tsan: unknown argument '$1' (--threads T --frames F --runs R)" ;;
      esac
   done
   local version
   install_build_deps
   version=$(installed_mesa_version)
   fetch_source "$version"
   apply_patches "$version"
   LIBBUILD=$ROOT/build-driver-lib-tsan build_clampler_lib -Db_sanitize=thread --buildtype=debugoptimized
   LIBBUILD=$ROOT/build-driver-lib-tsan OUT=$ROOT/build/driver-tsan build_mesa "$version" tsan
   local dir=$ROOT/build/driver-tsan exe=$ROOT/build/driver-tsan/clampler-gl-threads
   g++ -std=c++20 -O1 -g -fsanitize=thread -pthread tests/driver/gl_threads.cpp -o "$exe" -lEGL -lOpenGL ||
      die "clampler-gl-threads did not build with -fsanitize=thread"
   local run out ours others status=0
   for run in $(seq "$runs"); do
      # LD_PRELOAD keeps the instrumented driver mapped to the end: unloaded at eglTerminate, it
      # leaves ThreadSanitizer's exit-time code calling into unmapped memory (a segfault).
      out=$( (export LIBGL_DRIVERS_PATH=$dir && mesa_driver_env zink &&
              LD_PRELOAD=$dir/zink_dri.so TSAN_OPTIONS="halt_on_error=0 exitcode=0 ${TSAN_OPTIONS:-}" \
              "$exe" --threads "$threads" --frames "$frames") 2>&1) ||
         { printf '%s\n' "$out" | tail -20; die "clampler-gl-threads failed under ThreadSanitizer (lines above)"; }
      # One report runs from its WARNING line to its SUMMARY line; clampler's frames carry its
      # sources (../src/, ../include/) or its names (clampler::, clampler_mesa_).
      read -r ours others < <(printf '%s\n' "$out" | awk '
         /^WARNING: ThreadSanitizer/ {in_report = 1; mine = 0}
         in_report && /(clampler::|clampler_mesa_[a-z_]+|[ (]\.\.\/(src|include)\/)/ {mine = 1}
         in_report && /^SUMMARY: ThreadSanitizer/ {in_report = 0; if (mine) o++; else t++}
         END {print o + 0, t + 0}')
      echo "tsan: run $run: $(printf '%s\n' "$out" | awk '/lookups right/ {r += $3; n += $5; t++} END {print t " threads, " r " of " n}') lookups right; $ours ThreadSanitizer reports with a frame in clampler, $others in Mesa's and lavapipe's code only"
      if [ "$ours" != 0 ]; then
         printf '%s\n' "$out" | grep -B2 -A40 'clampler::\|clampler_mesa_' | head -120
         status=1
      fi
   done
   return $status
}

no_gpu() { ! ls /dev/dri/renderD* >/dev/null 2>&1 && ! [ -e /dev/nvidia0 ]; }

# The environment that loads the clampler driver: zink on the Vulkan device (lavapipe without a
# GPU), loaded by the system's libEGL_mesa through EGL surfaceless (or the platform asked for).
clampler_driver_env() {
   [ -f "$OUT/zink_dri.so" ] || die "no driver in $OUT: run 'bash scripts/clampler.sh driver' first"
   local version
   version=$(installed_mesa_version)
   [ "$(cat "$OUT/mesa-version" 2>/dev/null)" = "$version" ] ||
      die "build/driver was built for Mesa $(cat "$OUT/mesa-version" 2>/dev/null || echo '?') but $version is installed: rebuild it"
   export LIBGL_DRIVERS_PATH=$OUT
   mesa_driver_env zink
}

# Debian's own Mesa driver NAME (zink, llvmpipe, softpipe), or the clampler build when
# LIBGL_DRIVERS_PATH points there.
mesa_driver_env() {
   export __EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
   export EGL_PLATFORM=${EGL_PLATFORM:-surfaceless}
   export GALLIUM_DRIVER=$1
   if [ "$1" = zink ]; then
      export MESA_LOADER_DRIVER_OVERRIDE=zink
      # zink refuses a CPU Vulkan device unless software rendering is allowed: allow it when
      # the machine has no GPU render node, so lavapipe serves.
      no_gpu && export LIBGL_ALWAYS_SOFTWARE=1
   else
      export MESA_LOADER_DRIVER_OVERRIDE=swrast LIBGL_ALWAYS_SOFTWARE=1
   fi
   return 0
}

# The environment for one of the drivers side-by-side runs compare: the clampler driver, or
# Debian's own zink, llvmpipe or softpipe.
driver_env() {
   case "$1" in
   clampler) clampler_driver_env ;;
   zink | llvmpipe | softpipe) mesa_driver_env "$1" ;;
   *) die "unknown driver '$1': clampler, zink, llvmpipe or softpipe" ;;
   esac
}

cmd_gl() {
   local driver=clampler
   if [ "${1:-}" = "--driver" ]; then
      [ $# -ge 2 ] || die "--driver needs clampler, zink, llvmpipe or softpipe"
      driver=$2
      shift 2
   fi
   [ "${1:-}" = "--" ] && shift
   [ $# -gt 0 ] || die "usage: bash scripts/clampler.sh gl [--driver NAME] -- COMMAND [ARGS]"
   driver_env "$driver"
   exec "$@"
}

# Debian piglit's sampler-related tests (piglit/sampler-tests.txt, or the --list given) on one driver, through piglit's
# own runner; results readable by `piglit summary`.
cmd_piglit() {
   local driver=clampler results="" args=() tests=piglit/sampler-tests.txt
   while [ $# -gt 0 ]; do
      case "$1" in
      --driver) [ $# -ge 2 ] || die "--driver needs clampler, zink, llvmpipe or softpipe"; driver=$2; shift 2 ;;
      --list) [ $# -ge 2 ] && [ -f "$2" ] || die "--list needs a test-name file (piglit/*-tests.txt)"; tests=$2; shift 2 ;;
      --results) [ $# -ge 2 ] || die "--results needs a folder"; results=$2; shift 2 ;;
      *) args+=("$1"); shift ;;
      esac
   done
   driver_env "$driver"
   results=${results:-$ROOT/results/piglit-$driver}
   local list=$ROOT/build/piglit/$(basename "$tests" -tests.txt).xml.gz
   mkdir -p "$(dirname "$list")"
   if [ ! -f "$list" ] || [ "$tests" -nt "$list" ] || [ scripts/piglit_list.py -nt "$list" ]; then
      /usr/bin/python3 scripts/piglit_list.py "$tests" "$list"
   fi
   # Debian's piglit: its binaries' directory, the shaders some tests read, no wflinfo fast-skip
   # guesses (the driver's own answers decide).
   export PIGLIT_PLATFORM=surfaceless_egl PIGLIT_NO_FAST_SKIP=1
   export PIGLIT_SOURCE_DIR=$PIGLIT_DIR
   /usr/bin/python3 /usr/bin/piglit run -p surfaceless_egl -o "${args[@]}" "$list" "$results"
   echo "clampler piglit: $driver results in $results ('/usr/bin/python3 /usr/bin/piglit summary console $results')"
}

# The piglit tests the CI run puts through the driver: wraps (GL_CLAMP included), border colours,
# rectangles, 3D, sampler objects, LOD clamp and bias, swizzle, explicit LOD, seamless cube maps
# (stock zink passes these; on the clampler driver texwrap also runs the mirror clamps, which
# stock zink does not expose: patches 0006-0009), and shadow lookups under every depth texture
# mode and texture swizzle (stock zink fails these: patches 0002-0005). Whole list: docs/driver.md.
SMOKE_TESTS=('texwrap 2d$' 'texwrap 2d bordercolor$' 'texwrap 3d$' 'texwrap rect$'
             'arb_sampler_objects@sampler-objects$' 'lodclamp$' 'ext_texture_lod_bias@lodbias$'
             'ext_texture_swizzle-swizzle$' 'tex-miplevel-selection texturelod 2d$' 'arb_seamless_cubemap$'
             'arb_depth_texture@depth-tex-modes$' 'depth-tex-modes-glsl$' 'depth_texture_mode_and_swizzle$'
             'samplers@glsl-fs-shadow2d$' 'fs-shadow2d-red-01$')
# Rasterizer tests of piglit/raster-tests.txt: those stock zink fails and patches 0022-0023, 0043 and
# 0045-0047 fix (sprite origin, smallest point size, polygon stipple, polygon modes and edge flags), flat
# shading of clipped primitives in every mode, and one each of provoking vertex, quads, polygon
# offset, two-sided colour, depth clamp, clip control and sprite origin, and the clip distances of
# disabled planes that transform feedback and a fragment shader must still see (docs/rasterizer.md).
SMOKE_RASTER_TESTS=('arb_point_sprite-checkerboard$' 'arb_point_sprite-mipmap$' 'polygon-stipple-fs$' 'arb-provoking-vertex-render$'
                    '1.1@polygon-mode$' '@gl-1.0-edgeflag' '@gl-2.0-edgeflag' '1.1@clipflat$'
                    '1.1@polygon-offset$' 'arb-quads-follow-provoking-vertex$' '1.1@two-sided-lighting$' 'depth-clamp-range$'
                    'arb_clip_control-clip-control$' 'pointsprite-origin$' 'interpolation [24] .*centroid-disabled$' '1.1@polygon-mode-offset$'
                    'builtin-varyings gl_clipdistance$' 'fs-cull-and-clip-distance-different$'
                    'arb_clip_control-depth-precision$')

renderer_of() {  # the GL_RENDERER the driver reports, through waffle's wflinfo
   wflinfo --platform surfaceless_egl --api gl 2>&1 | sed -n 's/^OpenGL renderer string: //p'
}

# The project's 10 000-sampler program (tests/driver/gl_many_samplers.cpp) on a device that answers
# lowered sampler limits (VK_LAYER_CLAMPLER_limits, below VK_LAYER_KHRONOS_validation), five runs:
# 1024 samplers with LOD-distinct samplers, 1024 samplers with border-colour-distinct ones, 24
# custom border colours, three contexts with the same 1 000 samplers each within 1024, and the
# churn: 100 000 distinct border colours under both limits at once, twice over (display to
# eglTerminate), with the heap in use before and after. One line each: pixels right, the most
# samplers alive at once, creations the device refused, samplers still alive at vkDestroyDevice,
# validation messages (and the heap, for the churn). Exit 1 unless every pixel is right, nothing
# was refused or left alive and validation said nothing.
cmd_limits() {
   local driver=clampler
   if [ "${1:-}" = "--driver" ]; then
      [ $# -ge 2 ] || die "--driver needs clampler or zink"
      driver=$2
   fi
   local dir=$ROOT/build/tests/driver
   local many=$dir/clampler-gl-many-samplers
   [ -x "$many" ] || die "$many was not built (bash scripts/clampler.sh test builds it)"
   [ -f "$dir/VkLayer_clampler_limits.json" ] || die "no VK_LAYER_CLAMPLER_limits in $dir (it is built with Vulkan)"
   local status=0 ok kind limit report out pixels messages line
   local run extra
   local memory
   for run in "lod CLAMPLER_LIMIT_MAX_SAMPLERS=1024" "border CLAMPLER_LIMIT_MAX_SAMPLERS=1024" \
              "border CLAMPLER_LIMIT_MAX_CUSTOM_BORDER=24" \
              "border CLAMPLER_LIMIT_MAX_SAMPLERS=1024 --contexts 3 --count 1000" \
              "border CLAMPLER_LIMIT_MAX_SAMPLERS=1024,CLAMPLER_LIMIT_MAX_CUSTOM_BORDER=24 --count 100000 --cycles 2 --memory"; do
      read -r kind limit extra <<<"$run"
      report=$(mktemp)
      ok=1
      out=$( (driver_env "$driver" &&
              VK_LAYER_PATH=$dir:/usr/share/vulkan/explicit_layer.d VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation:VK_LAYER_CLAMPLER_limits \
              CLAMPLER_LIMIT_REPORT=$report env ${limit//,/ } "$many" --kind "$kind" $extra) 2>&1) || ok=0
      pixels=$(printf '%s\n' "$out" | sed -n 's/^[a-z]*: \([0-9]* of [0-9]*\) pixels right.*/\1/p' | paste -sd+)
      messages=$(printf '%s\n' "$out" | grep -c 'VUID-\|Validation Error' || true)
      line=$(grep -o 'peak_live=[0-9]* peak_custom=[0-9]* creates=[0-9]* refused=[0-9]* live_at_destroy=[0-9]*' "$report" |
             tail -1 || true)
      memory=$(printf '%s\n' "$out" | sed -n 's/^memory: \([0-9]*\) KiB.*/\1/p' | paste -sd' ')
      rm -f "$report"
      echo "limits ($driver): --kind $kind${extra:+ $extra} under $limit: ${pixels:-no} pixels right; ${line:-no device report}; $messages validation messages${memory:+; heap in use (KiB) before, then after each eglTerminate: $memory}"
      [ "$messages" = 0 ] && [ -n "$line" ] && [[ "$line" == *" refused=0 live_at_destroy=0" ]] || ok=0
      if [ "$ok" = 0 ]; then
         status=1
         printf '%s\n' "$out" | grep -m5 'VUID-\|Validation Error\|^sampler \|ZINK' >&2 || true
      fi
   done
   return $status
}

# vkCreateSampler and vkCreateImageView failures injected below validation
# (VK_LAYER_CLAMPLER_limits). Samplers: one call in a hundred fails (the driver finishes its batches
# and asks again: every pixel right, no GL_OUT_OF_MEMORY); every call after the first thousand (with
# glFinish before each glGetError the draws from then on raise GL_OUT_OF_MEMORY, every other pixel
# right); every call after the first two (no glFinish: the error comes late, the program runs to its
# end); every second call (a fallback sampler fails at start-up: no screen, exit 2). Views of sampled
# textures, colour attachments and shader images, and texel buffer views of buffer textures and
# image buffers: one call in a hundred and every call after the first thousand (GL_OUT_OF_MEMORY;
# images and buffer textures are bound on the driver thread, so with glFinish);
# one view call in seven under glBitmap, glDrawPixels, glCopyPixels, glClearTexImage, a scaled blit
# (plain and scissored) and a multisample resolve (clampler-gl-meta-paths, with glFinish; glCopyPixels needs no view on
# lavapipe, so every block must be right).
# None may crash, leak or draw with an invalid descriptor (no validation message). Then a device lost
# at a submit. One line each; exit 1 otherwise.
cmd_faults() {
   local driver=clampler
   if [ "${1:-}" = "--driver" ]; then
      [ $# -ge 2 ] || die "--driver needs clampler or zink"
      driver=$2
   fi
   local dir=$ROOT/build/tests/driver many=$ROOT/build/tests/driver/clampler-gl-many-samplers
   local meta=$ROOT/build/tests/driver/clampler-gl-meta-paths
   [ -x "$many" ] || die "$many was not built (bash scripts/clampler.sh test builds it)"
   [ -x "$meta" ] || die "$meta was not built (bash scripts/clampler.sh test builds it)"
   local status=0 run inject kind want out rc messages pixels oom report line program what
   # want: all = exit 0, every pixel right and no GL_OUT_OF_MEMORY; late = no crash, no leak, no
   # message, GL_OUT_OF_MEMORY raised (the pixels of the failed draws are wrong); oom = exit 0 with
   # GL_OUT_OF_MEMORY raised by at least one draw (every other pixel right) and no image view alive at
   # vkDestroyDevice; noscreen = exit 2 (no display), nothing alive at vkDestroyDevice. An error is
   # never raised more often than the layer refused a call (a driver that raises it for nothing
   # fails).
   local extra refused
   for run in "CLAMPLER_LIMIT_FAIL_SAMPLER_EVERY=100 border all" "CLAMPLER_LIMIT_FAIL_SAMPLER_AFTER=1000 border oom --finish" \
              "CLAMPLER_LIMIT_FAIL_SAMPLER_AFTER=2 border late" "CLAMPLER_LIMIT_FAIL_SAMPLER_EVERY=2 border noscreen" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=100 views oom" "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_AFTER=1000 views oom" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=100 attachments oom" "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_AFTER=1000 attachments oom" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=100 images oom --finish" "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_AFTER=1000 images oom --finish" \
              "CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_EVERY=100 buffers oom --finish" "CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_AFTER=1000 buffers oom --finish" \
              "CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_EVERY=100 image-buffers oom --finish" "CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_AFTER=1000 image-buffers oom --finish" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:bitmap oom --finish" "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:drawpixels oom --finish" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:copypixels all --finish" "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:cleartex oom --finish" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:blit oom --finish" "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:scissored-blit oom --finish" \
              "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=7 meta:resolve oom --finish"; do
      read -r inject kind want extra <<<"$run"
      if [ "${kind#meta:}" != "$kind" ]; then
         program=("$meta" --path "${kind#meta:}" --count 300)
         what="clampler-gl-meta-paths --path ${kind#meta:}"
      else
         program=("$many" --kind "$kind" --count 2000)
         what="--kind $kind"
      fi
      report=$(mktemp)
      rc=0
      out=$( (driver_env "$driver" &&
              VK_LAYER_PATH=$dir:/usr/share/vulkan/explicit_layer.d VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation:VK_LAYER_CLAMPLER_limits \
              CLAMPLER_LIMIT_REPORT=$report env "$inject" "${program[@]}" $extra) 2>&1) || rc=$?
      messages=$(printf '%s\n' "$out" | grep -c 'VUID-\|Validation Error' || true)
      pixels=$(printf '%s\n' "$out" | sed -n 's/^[a-z-]*: \([0-9]* of [0-9]*\) \(pixels\|blocks\) right.*/\1/p')
      oom=$(printf '%s\n' "$out" | sed -n 's/.*[;(] *\([0-9]*\) \(draws\|iterations\) raised GL_OUT_OF_MEMORY.*/\1/p')
      line=$(grep -o 'creates=[0-9]* refused=[0-9]* live_at_destroy=[0-9]*.*' "$report" | tail -1 || true)
      if [ "$kind" = border ]; then
         refused=$(printf '%s\n' "$line" | sed -n 's/.* refused=\([0-9]*\) .*/\1/p')
      elif [ "$kind" = buffers ] || [ "$kind" = image-buffers ]; then
         refused=$(printf '%s\n' "$line" | sed -n 's/.* buffer_views_refused=\([0-9]*\) .*/\1/p')
      else
         refused=$(printf '%s\n' "$line" | sed -n 's/.* views_refused=\([0-9]*\) .*/\1/p')
      fi
      rm -f "$report"
      echo "faults ($driver): $inject $what${extra:+ $extra}: exit $rc; ${pixels:-no} right, ${oom:-no} GL_OUT_OF_MEMORY raised; ${line:-no device report}; $messages validation messages"
      if [ "$messages" != 0 ] || [[ " $line " != *" live_at_destroy=0 "* ]]; then
         status=1
      elif [ "$want" = noscreen ]; then
         [ "$rc" = 2 ] && [ -z "$pixels" ] && [[ "$out" == *"no EGL surfaceless display"* ]] || status=1
      elif [ "$rc" -gt 1 ] || [ -z "$pixels" ] || [ "${oom:-0}" -gt "${refused:-0}" ] ||
           { [ "$want" = all ] && { [ "$rc" != 0 ] || [ "${oom:-0}" != 0 ]; }; } ||
           { [ "$want" = late ] && [ "${oom:-0}" = 0 ]; } ||
           { [ "$want" = oom ] && { [ "$rc" != 0 ] || [ "${oom:-0}" = 0 ] || { [ "$kind" != border ] && [[ " $line " != *"views_live_at_destroy=0 "* ]]; }; }; }; then
         status=1
      fi
   done
   # The device lost at the 31st submit: a robust context reports the reset and then
   # GL_CONTEXT_LOST, a plain one draws on; both end cleanly (tests/driver/gl_device_lost.cpp).
   local lost=$ROOT/build/tests/driver/clampler-gl-device-lost mode
   [ -x "$lost" ] || die "$lost was not built (bash scripts/clampler.sh test builds it)"
   for mode in robust plain; do
      report=$(mktemp)
      rc=0
      out=$( (driver_env "$driver" &&
              VK_LAYER_PATH=$dir:/usr/share/vulkan/explicit_layer.d VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation:VK_LAYER_CLAMPLER_limits \
              CLAMPLER_LIMIT_REPORT=$report CLAMPLER_LIMIT_LOSE_DEVICE_AFTER=30 \
              timeout 120 "$lost" $([ "$mode" = robust ] && echo --robust --expect-reset) --frames 100) 2>&1) || rc=$?
      messages=$(printf '%s\n' "$out" | grep -c 'VUID-\|Validation Error' || true)
      line=$(grep -o 'live_at_destroy=[0-9]*.*lost=[01]' "$report" | tail -1 || true)
      rm -f "$report"
      echo "faults ($driver): CLAMPLER_LIMIT_LOSE_DEVICE_AFTER=30, $mode context: exit $rc$([ "$rc" -gt 128 ] && echo " (signal $((rc - 128)))"); $(printf '%s\n' "$out" | grep -E 'reset reported|frames drawn' | head -1 || true); ${line:-no device report}; $messages validation messages"
      if [ "$rc" != 0 ] || [ "$messages" != 0 ] || [[ " $line " != *" live_at_destroy=0 "*" lost=1 "* ]]; then
         status=1
      fi
   done
   return $status
}

# Runs a GL program of the project on the clampler driver under VK_LAYER_KHRONOS_validation and
# prints its output; returns 1, the reason on stderr, when it fails or validation reports anything.
# With CLAMPLER_LIMIT_REPORT set, VK_LAYER_CLAMPLER_limits runs below validation (VK_LAYER_PATH
# must then name its directory).
validated_run() {
   local exe=$1 name out rc=0 messages
   name=$(basename "$exe")
   [ -x "$exe" ] || { echo "$exe was not built (bash scripts/clampler.sh test builds it)" >&2; return 1; }
   out=$( (clampler_driver_env && VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation${CLAMPLER_LIMIT_REPORT:+:VK_LAYER_CLAMPLER_limits} "$@") 2>&1) || rc=$?
   if [ "$rc" != 0 ]; then
      printf '%s\n' "$out" | grep -v XDG_RUNTIME_DIR | tail -20 >&2
      echo "$name failed on the clampler driver: exit status $rc$([ "$rc" -gt 128 ] && echo " (signal $((rc - 128)))")" >&2
      return 1
   fi
   messages=$(printf '%s\n' "$out" | grep -c 'VUID-\|Validation Error' || true)
   if [ "$messages" != 0 ]; then
      printf '%s\n' "$out" | grep 'VUID-\|Validation Error' | head -5 >&2
      echo "$name: $messages validation messages" >&2
      return 1
   fi
   printf '%s\n' "$out"
}

cmd_smoke() {
   local version want got
   version=$(meson introspect --projectinfo "$LIBBUILD" | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')
   got=$(clampler_driver_env && renderer_of)
   want="zink+clampler $version ("
   [ "${got#"$want"}" != "$got" ] || die "GL_RENDERER is '$got', expected it to start with '$want'"
   echo "driver smoke: GL_RENDERER is '$got'"
   got=$(clampler_driver_env && CLAMPLER_DISABLE=1 renderer_of)
   want="zink+clampler $version disabled ("
   [ "${got#"$want"}" != "$got" ] || die "under CLAMPLER_DISABLE=1 GL_RENDERER is '$got', expected '$want...'"
   echo "driver smoke: under CLAMPLER_DISABLE=1 GL_RENDERER is '$got'"
   local results=$ROOT/build/driver-smoke t args=() raster_results=$ROOT/build/driver-smoke-raster raster_args=()
   for t in "${SMOKE_TESTS[@]}"; do args+=(-t "$t"); done
   (cmd_piglit --driver clampler --results "$results" "${args[@]}") >"$results.log" 2>&1 ||
      { tail -20 "$results.log"; die "piglit run failed (log above)"; }
   for t in "${SMOKE_RASTER_TESTS[@]}"; do raster_args+=(-t "$t"); done
   (cmd_piglit --driver clampler --list piglit/raster-tests.txt --results "$raster_results" "${raster_args[@]}") \
      >"$raster_results.log" 2>&1 || { tail -20 "$raster_results.log"; die "piglit run failed (log above)"; }
   # Exiting with a draw unflushed, shader caches cold: lavapipe compiles it in the program's exit
   # handler, after LLVM's statics are destroyed unless patch 0059 constructed them first (LLVM
   # issue 60361). Each test passes; without the patch each faults or hangs in exit().
   local cold rc exits=()
   for t in "arb_clip_control-depth-precision" "ext_transform_feedback-tessellation polygon wireframe"; do
      read -r -a exits <<<"$t"
      cold=$(mktemp -d)
      rc=0
      (clampler_driver_env && MESA_SHADER_CACHE_DIR=$cold PIGLIT_PLATFORM=surfaceless_egl \
         timeout 60 "$PIGLIT_DIR/bin/${exits[0]}" "${exits[@]:1}" -auto -fbo) >/dev/null 2>&1 || rc=$?
      rm -rf "$cold"
      [ "$rc" -eq 0 ] || die "'$t' exited with status $rc on the clampler driver (shader caches cold)"
   done
   echo "driver smoke: two programs exiting with a draw unflushed exit 0 (shader caches cold)"
   # st's own draw module runs a vertex shader on the CPU for glRasterPos: with LLVM, as Debian
   # builds Mesa, a texelFetch there samples through gallivm (built without LLVM, TGSI had no
   # sampler and the process died). The test fails its linked-stage subtests on every driver
   # (exit status 1): it must not die from a signal.
   rc=0
   (clampler_driver_env && PIGLIT_PLATFORM=surfaceless_egl timeout 120 "$PIGLIT_DIR/bin/rasterpos" -auto -fbo) \
      >/dev/null 2>&1 || rc=$?
   [ "$rc" -le 1 ] || die "rasterpos exited with status $rc on the clampler driver"
   echo "driver smoke: rasterpos ends without a signal (status $rc)"
   # The project's own GL lookups (GL_CLAMP with mixed filters, MIN/MAX_LOD without mipmaps):
   # what piglit does not test, checked against GL's formulas (tests/driver).
   local cases=$ROOT/build/tests/driver/clampler-gl-cases
   [ -x "$cases" ] || die "$cases was not built (it needs libegl-dev and libopengl-dev: bash scripts/clampler.sh test installs them)"
   (clampler_driver_env && "$cases") | tail -5 | sed 's/^/driver smoke: /' ||
      die "clampler-gl-cases failed on the clampler driver (lines above)"
   # textureQueryLod under every min filter and GL's LOD parameters (tests/driver/gl_query_lod.cpp),
   # checked against ARB_texture_query_lod: the clampler driver must fail no case Debian's
   # llvmpipe passes. Both fail MIN_LOD == MAX_LOD with a mip filter, where gallivm's LOD query
   # ignores a one-value range (docs/queries.md).
   local qlod=$ROOT/build/tests/driver/clampler-gl-query-lod ours theirs worse
   [ -x "$qlod" ] || die "$qlod was not built (bash scripts/clampler.sh test builds it)"
   ours=$( (clampler_driver_env && "$qlod") 2>/dev/null | grep '^FAIL' | sed 's/: got.*//' | sort || true)
   theirs=$( (driver_env llvmpipe && "$qlod") 2>/dev/null | grep '^FAIL' | sed 's/: got.*//' | sort || true)
   worse=$(comm -23 <(printf '%s\n' "$ours") <(printf '%s\n' "$theirs") | grep -c . || true)
   [ "$worse" = 0 ] || { comm -23 <(printf '%s\n' "$ours") <(printf '%s\n' "$theirs") | head -5
                         die "clampler-gl-query-lod: $worse cases fail on the clampler driver and pass on llvmpipe"; }
   echo "driver smoke: clampler-gl-query-lod: $(printf '%s\n' "$ours" | grep -c . || true) failures on the clampler driver, $(printf '%s\n' "$theirs" | grep -c . || true) on llvmpipe, none of ours passing there"
   # glPolygonOffset's units on a float depth buffer against GL 4.6 §14.6.5 (r = 2^(e - 23)):
   # stock zink doubles them, patch 0021 does not (tests/driver/gl_polygon_offset.cpp).
   local offset=$ROOT/build/tests/driver/clampler-gl-polygon-offset
   [ -x "$offset" ] || die "$offset was not built (bash scripts/clampler.sh test builds it)"
   (clampler_driver_env && "$offset") | tail -1 | sed 's/^/driver smoke: /' ||
      die "clampler-gl-polygon-offset failed on the clampler driver (lines above)"
   # User clip planes on the draw after they are enabled, moved or disabled, and written clip
   # distances following their enables in every API (GL 4.6 compatibility §13.7.1, GLSL 1.30 §7.1;
   # patches 0057-0058; tests/driver/gl_clip_planes.cpp), under validation: every case, the three
   # Debian's llvmpipe gets wrong too.
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-clip-planes") || die "clampler-gl-clip-planes (lines above)"
   echo "driver smoke: clampler-gl-clip-planes: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # Depth-only passes (no colour buffer) and a colour pass after them, under validation: the depths
   # of GL 4.6 §13.8 and no message (stock zink sets colour blend state its pipeline does not
   # declare; patch 0035).
   local out
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-depth-only") || die "clampler-gl-depth-only (lines above)"
   echo "driver smoke: clampler-gl-depth-only: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # The front and back polygon modes apart through every draw path, in primitive order, under
   # validation (GL 4.6 compatibility §14.6.4: stock zink draws both faces in the front's mode;
   # patch 0044 draws a pass per face; tests/driver/gl_polygon_modes.cpp).
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-polygon-modes") || die "clampler-gl-polygon-modes (lines above)"
   echo "driver smoke: clampler-gl-polygon-modes: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # Polygon boundaries and edge flags in LINE and POINT modes through every draw path, display
   # lists included (GL 4.6 compatibility §10.1.17 and §14.6.4; patches 0045-0048;
   # tests/driver/gl_edge_flags.cpp), under validation.
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-edge-flags") || die "clampler-gl-edge-flags (lines above)"
   echo "driver smoke: clampler-gl-edge-flags: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # A polygon in LINE mode cut by a user clip plane outlined along the plane, edge flags or not
   # (GL 2.1 §2.17; patch 0064; tests/driver/gl_clip_edges.cpp), under validation.
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-clip-edges") || die "clampler-gl-clip-edges (lines above)"
   echo "driver smoke: clampler-gl-clip-edges: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # Smooth points drawn round: the pixels the circle holds whole, none it misses (GL 4.6
   # compatibility §14.4.2; patch 0065; tests/driver/gl_point_smooth.cpp), under validation.
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-point-smooth") || die "clampler-gl-point-smooth (lines above)"
   echo "driver smoke: clampler-gl-point-smooth: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # GL_MULTISAMPLE off on a 4-sample framebuffer draws as single-sampling does (GL 4.6
   # compatibility §14.3.1; patches 0052-0053; tests/driver/gl_multisample_off.cpp), under validation.
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-multisample-off") || die "clampler-gl-multisample-off (lines above)"
   echo "driver smoke: clampler-gl-multisample-off: $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   # zink's pipeline-library path, which a GPU such as NVIDIA's takes and lavapipe takes only
   # without inlined uniforms (ZINK_INLINE_UNIFORMS=0): the library state patches 0049-0051 fix
   # (uninitialised rendering info, no blend attachments, libraries never destroyed), under
   # validation; VK_LAYER_CLAMPLER_limits below it counts the library pipelines, so the path is
   # known to be taken.
   local p report libs
   for p in clampler-gl-polygon-modes clampler-gl-edge-flags clampler-gl-cases clampler-gl-multisample-off; do
      report=$(mktemp)
      out=$(ZINK_INLINE_UNIFORMS=0 CLAMPLER_LIMIT_COUNT_LIBRARIES=1 CLAMPLER_LIMIT_REPORT=$report \
            VK_LAYER_PATH=$ROOT/build/tests/driver:/usr/share/vulkan/explicit_layer.d \
            validated_run "$ROOT/build/tests/driver/$p") || { rm -f "$report"; die "$p through zink's pipeline libraries (lines above)"; }
      libs=$(awk -F' library_pipelines=' 'NF > 1 {split($2, v, " "); n += v[1]} END {print n + 0}' "$report")
      rm -f "$report"
      [ "${libs:-0}" -gt 0 ] || die "$p: zink made no pipeline library with ZINK_INLINE_UNIFORMS=0 (the step tests nothing)"
      echo "driver smoke: $p through pipeline libraries ($libs made): $(printf '%s\n' "$out" | tail -1), 0 validation messages"
   done
   # 10 000 sampler objects on a device with lowered sampler limits, under validation: every
   # pixel right, no creation refused, no validation message (tests/driver/gl_many_samplers.cpp).
   cmd_limits --driver clampler 2>&1 | sed 's/^/driver smoke: /' ||
      die "clampler-gl-many-samplers failed under lowered sampler limits (lines above)"
   # vkCreateSampler failing under the driver: no crash, no invalid descriptor; vkCreateImageView
   # failing: GL_OUT_OF_MEMORY on the draw, every other pixel right, no view leaked; the device
   # lost: the reset reported to a robust context, no crash.
   cmd_faults --driver clampler 2>&1 | sed 's/^/driver smoke: /' ||
      die "the clampler driver did not survive failed sampler or image view creations (lines above)"
   # Eight threads, each with its own context on one display, churning textures and sampler
   # objects, under validation: every lookup right, no message (tests/driver/gl_threads.cpp).
   out=$(validated_run "$ROOT/build/tests/driver/clampler-gl-threads" --threads 8 --frames 20) ||
      die "clampler-gl-threads (lines above)"
   echo "driver smoke: clampler-gl-threads: $(printf '%s\n' "$out" | awk '/lookups right/ {r += $3; n += $5; t++} END {print t " threads, " r " of " n}') lookups right, 0 validation messages"
   # The conformance matrix through the clampler driver, for the groups whose sampling gallivm
   # (llvmpipe under lavapipe) gets right: GL_CLAMP and the mirror clamps, borders, depth modes,
   # LOD (docs/driver.md, "clampler conformance --gl"; the whole matrix is a documented command).
   local exe=$ROOT/build/clampler
   [ -x "$exe" ] || die "$exe was not built (bash scripts/clampler.sh test builds it)"
   # The raster group too: the driver draws the FBO cases, against the reference rasterizer.
   "$exe" conformance --gl --driver clampler --filter '^clampler/(texwrap|border|shadow|lod|srgb|raster)/' 2>&1 |
      tail -1 | sed 's/^/driver smoke: /' ||
      die "clampler conformance --gl failed on the clampler driver (run it for the list of cases)"
   /usr/bin/python3 - "$results" "$raster_results" <<'PY'
import bz2, json, sys
tests = {}
for run in sys.argv[1:]:
    with bz2.open(run + "/results.json.bz2") as f:
        tests.update(json.load(f)["tests"])
bad = {name: t["result"] for name, t in tests.items() if t["result"] != "pass"}
for name, result in sorted(bad.items()):
    print(f"driver smoke: {name}: {result}")
print(f"driver smoke: {len(tests) - len(bad)} of {len(tests)} piglit results pass on the clampler driver")
sys.exit(1 if bad or not tests else 0)
PY
}

case "${1:-}" in
build) shift; cmd_build "$@" ;;
gl) shift; cmd_gl "$@" ;;
piglit) shift; cmd_piglit "$@" ;;
smoke) shift; cmd_smoke "$@" ;;
limits) shift; cmd_limits "$@" ;;
faults) shift; cmd_faults "$@" ;;
tsan) shift; cmd_tsan "$@" ;;
*) echo "usage: bash scripts/driver.sh build | gl [--driver NAME] -- COMMAND [ARGS] | piglit [--driver NAME] [--results DIR] | limits [--driver NAME] | faults [--driver NAME] | tsan [--threads T] [--frames F] [--runs R] | smoke" >&2; exit 2 ;;
esac
