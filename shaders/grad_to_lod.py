#!/usr/bin/env python3
# grad_to_lod.py: shadow compute shaders with the lookups GLSL 4.50 cannot write (sampler2DArrayShadow and
# samplerCubeShadow have no textureLod, samplerCubeArrayShadow neither textureLod nor textureGrad;
# GL_EXT_texture_shadow_lod is not in Debian 12's glslang).
#
# usage: grad_to_lod.py GLSLANG INPUT OUTPUT NAME [--dref-from-min-lod=lod|grad] [GLSLANG ARGS...]
# Default: compiles INPUT with -DLOD_AS_GRAD (the shader passes textureGrad(tex, P, vecN(lod), vecN(lod))),
# then rewrites each OpImageSampleDrefExplicitLod whose only image operand is Grad dx dy, dx and dy
# OpCompositeConstructs of one value repeated, into the same lookup with the operand Lod <that value>
# — SPIR-V allows Lod with Dref on arrayed 2D and cube images.
# --dref-from-min-lod (cube-map arrays): INPUT is compiled with -DDREF_AS_MIN_LOD (plus -DLOD_AS_GRAD for
# lod); the shader samples a samplerCubeArray with textureGradClampARB(tex, P, dx, dy, dref).x. Each
# OpImageSampleExplicitLod with the operands Grad|MinLod whose only use is that .x becomes
# OpImageSampleDrefExplicitLod with the MinLod value as Dref, its float result the .x itself, and the
# operand Lod <value> (lod: dx, dy repeat one value) or Grad dx dy (grad); the cube-array image type
# becomes a depth image and Capability MinLod goes (SPIR-V has this lookup; GLSL does not).
# Writes a C header like glslangValidator --vn NAME. Fails (exit 1) when no lookup was rewritten.
import os
import struct
import subprocess
import sys
import tempfile

OP_CAPABILITY = 17
OP_FIRST_WITH_ID_OPERANDS_ONLY = 20  # below: debug names, strings and modes, whose literals look like ids
OP_DECORATE = 71
OP_MEMBER_DECORATE = 72
OP_TYPE_IMAGE = 25
OP_COMPOSITE_CONSTRUCT = 80
OP_COMPOSITE_EXTRACT = 81
OP_IMAGE_SAMPLE_EXPLICIT_LOD = 88
OP_IMAGE_SAMPLE_DREF_EXPLICIT_LOD = 90
CAPABILITY_MIN_LOD = 42
DIM_CUBE = 3
GRAD = 0x4
LOD = 0x2
MIN_LOD = 0x80


def repeats(vec):
    """The one value a vector construct repeats, or None."""
    return vec[0] if vec and all(p == vec[0] for p in vec) else None


def rewrite_dref_lod(words, insts, defs):
    """Dref lookups with Grad vecN(lod) vecN(lod): the operand Lod lod instead."""
    out, rewritten = words[:5], 0
    for pos, count, op in insts:
        inst = words[pos:pos + count]
        # result type, result, sampled image, coordinate, Dref, mask, dx, dy
        if op == OP_IMAGE_SAMPLE_DREF_EXPLICIT_LOD and count == 9 and inst[6] == GRAD:
            # (two loads of the same lod: each vector repeats one value)
            lod_x, lod_y = repeats(defs.get(inst[7])), repeats(defs.get(inst[8]))
            if lod_x is not None and lod_y is not None:
                inst = [(8 << 16) | op] + inst[1:6] + [LOD, lod_x]
                rewritten += 1
        out += inst
    return out, rewritten


def rewrite_dref_from_min_lod(words, insts, defs, mode):
    """textureGradClampARB(samplerCubeArray, P, dx, dy, dref).x: the Dref lookup GLSL cannot write."""
    # The .x of each candidate lookup, and every other use of its result (there must be none).
    lookups = {words[pos + 2]: pos for pos, count, op in insts
               if op == OP_IMAGE_SAMPLE_EXPLICIT_LOD and count == 9 and words[pos + 5] == GRAD | MIN_LOD}
    extract_of, other_uses = {}, set()
    for pos, count, op in insts:
        operands = words[pos + 1:pos + count]
        if op == OP_COMPOSITE_EXTRACT and count == 5 and operands[2] in lookups and operands[3] == 0:
            extract_of[operands[2]] = (pos, operands[0], operands[1])
        elif op >= OP_FIRST_WITH_ID_OPERANDS_ONLY and op not in (OP_IMAGE_SAMPLE_EXPLICIT_LOD, OP_DECORATE, OP_MEMBER_DECORATE):
            other_uses.update(w for w in operands if w in lookups)
    out, rewritten, dropped = words[:5], 0, set()
    for pos, count, op in insts:
        inst = words[pos:pos + count]
        if op == OP_CAPABILITY and inst[1] == CAPABILITY_MIN_LOD:
            continue
        if op == OP_TYPE_IMAGE and inst[3] == DIM_CUBE and inst[5] == 1:
            inst = inst[:4] + [1] + inst[5:]  # Depth 1: a shadow image
        if pos in dropped:
            continue
        if op == OP_IMAGE_SAMPLE_EXPLICIT_LOD and inst[2] in extract_of:
            if inst[2] in other_uses:
                sys.exit('grad_to_lod: the result of the lookup %%%d is used beyond its .x' % inst[2])
            ext_pos, float_type, x = extract_of[inst[2]]
            dropped.add(ext_pos)
            si, coord, dx, dy, dref = inst[3], inst[4], inst[6], inst[7], inst[8]
            if mode == 'lod':
                lod_x, lod_y = repeats(defs.get(dx)), repeats(defs.get(dy))
                if lod_x is None or lod_y is None:
                    sys.exit('grad_to_lod: the lod lookup %%%d does not pass vecN(lod) as gradients' % inst[2])
                operands = [LOD, lod_x]
            else:
                operands = [GRAD, dx, dy]
            # The .x becomes the Dref lookup's own float result; the vec4 is gone.
            inst = [((6 + len(operands)) << 16) | OP_IMAGE_SAMPLE_DREF_EXPLICIT_LOD, float_type, x, si, coord,
                    dref] + operands
            rewritten += 1
        out += inst
    return out, rewritten


def main():
    glslang, source, output, name = sys.argv[1:5]
    args, mode = sys.argv[5:], None
    if args and args[0].startswith('--dref-from-min-lod='):
        mode = args.pop(0).split('=', 1)[1]
        if mode not in ('lod', 'grad'):
            sys.exit('grad_to_lod: --dref-from-min-lod takes lod or grad, not ' + mode)
    defines = ['-DLOD_AS_GRAD'] if mode != 'grad' else []
    if mode:
        defines.append('-DDREF_AS_MIN_LOD')
    with tempfile.TemporaryDirectory() as tmp:
        spv = os.path.join(tmp, 'shader.spv')
        subprocess.run([glslang] + args + defines + ['-o', spv, source], check=True)
        with open(spv, 'rb') as f:
            data = f.read()
    words = list(struct.unpack('<%dI' % (len(data) // 4), data))
    defs = {}
    pos = 5
    insts = []
    while pos < len(words):
        count, op = words[pos] >> 16, words[pos] & 0xffff
        if count == 0 or pos + count > len(words):
            sys.exit('grad_to_lod: a malformed instruction at word %d' % pos)
        insts.append((pos, count, op))
        if op == OP_COMPOSITE_CONSTRUCT:
            defs[words[pos + 2]] = words[pos + 3:pos + count]
        pos += count
    if mode:
        out, rewritten = rewrite_dref_from_min_lod(words, insts, defs, mode)
    else:
        out, rewritten = rewrite_dref_lod(words, insts, defs)
    if rewritten == 0:
        sys.exit('grad_to_lod: no lookup to rewrite found in ' + source)
    with open(output, 'w') as f:
        f.write('\t#pragma once\nconst uint32_t %s[] = {\n' % name)
        for i in range(0, len(out), 8):
            f.write('\t' + ','.join('0x%08x' % w for w in out[i:i + 8]) + (',\n' if i + 8 < len(out) else '\n'))
        f.write('};\n')


if __name__ == '__main__':
    main()
