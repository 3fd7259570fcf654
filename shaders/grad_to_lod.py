#!/usr/bin/env python3
# grad_to_lod.py: a shadow compute shader with textureLod where GLSL 4.50 has none (sampler2DArrayShadow,
# samplerCubeShadow; GL_EXT_texture_shadow_lod is not in Debian 12's glslang).
#
# usage: grad_to_lod.py GLSLANG INPUT OUTPUT NAME [GLSLANG ARGS...]
# Compiles INPUT with -DLOD_AS_GRAD (the shader passes textureGrad(tex, P, vecN(lod), vecN(lod))),
# then rewrites each OpImageSampleDrefExplicitLod whose only image operand is Grad dx dy, dx and dy
# OpCompositeConstructs of one value repeated, into the same lookup with the operand Lod <that value>
# — SPIR-V allows Lod with Dref on arrayed 2D and cube images — and writes a C header like
# glslangValidator --vn NAME. Fails (exit 1) when no lookup was rewritten.
import os
import struct
import subprocess
import sys
import tempfile

OP_COMPOSITE_CONSTRUCT = 80
OP_IMAGE_SAMPLE_DREF_EXPLICIT_LOD = 90
GRAD = 0x4
LOD = 0x2


def main():
    glslang, source, output, name = sys.argv[1:5]
    with tempfile.TemporaryDirectory() as tmp:
        spv = os.path.join(tmp, 'shader.spv')
        subprocess.run([glslang] + sys.argv[5:] + ['-DLOD_AS_GRAD', '-o', spv, source], check=True)
        with open(spv, 'rb') as f:
            data = f.read()
    words = list(struct.unpack('<%dI' % (len(data) // 4), data))
    defs = {}
    pos = 5
    insts = []
    while pos < len(words):
        count, op = words[pos] >> 16, words[pos] & 0xffff
        if count == 0:
            sys.exit('grad_to_lod: a zero word count at word %d' % pos)
        insts.append((pos, count, op))
        if op == OP_COMPOSITE_CONSTRUCT:
            defs[words[pos + 2]] = words[pos + 3:pos + count]
        pos += count
    out = words[:5]
    rewritten = 0
    for pos, count, op in insts:
        inst = words[pos:pos + count]
        # result type, result, sampled image, coordinate, Dref, mask, dx, dy
        if op == OP_IMAGE_SAMPLE_DREF_EXPLICIT_LOD and count == 9 and inst[6] == GRAD:
            dx, dy = defs.get(inst[7]), defs.get(inst[8])
            # (two loads of the same lod: each vector repeats one value)
            if dx and dy and all(p == dx[0] for p in dx) and all(p == dy[0] for p in dy):
                inst = [(8 << 16) | op] + inst[1:6] + [LOD, dx[0]]
                rewritten += 1
        out += inst
    if rewritten == 0:
        sys.exit('grad_to_lod: no Dref lookup with Grad vecN(lod) found in ' + source)
    with open(output, 'w') as f:
        f.write('\t#pragma once\nconst uint32_t %s[] = {\n' % name)
        for i in range(0, len(out), 8):
            f.write('\t' + ','.join('0x%08x' % w for w in out[i:i + 8]) + (',\n' if i + 8 < len(out) else '\n'))
        f.write('};\n')


if __name__ == '__main__':
    main()
