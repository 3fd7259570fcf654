// Reference cube-map face selection, derivative transformation and seamless edge adjacency.
//
// Each face is described by three integer axis vectors: M (outward, the major axis), S and
// T (the directions in which the face's s and t grow), read off GL 4.6 table 8.19:
// sc = dot(P, S), tc = dot(P, T), |ma| = dot(P, M) for a direction P on that face. The
// edge crossing uses the same vectors, so the adjacency follows from the table alone.
#include "clampler/ref/ref_cube.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace clampler::ref {
namespace {

struct ivec3 {
   int64_t x, y, z;
};

struct face_axes {
   ivec3 m, s, t;
};

// GL 4.6 table 8.19: +X: sc = -rz, tc = -ry; -X: sc = rz, tc = -ry; +Y: sc = rx, tc = rz;
// -Y: sc = rx, tc = -rz; +Z: sc = rx, tc = -ry; -Z: sc = -rx, tc = -ry.
constexpr face_axes kFaces[6] = {
   {{+1, 0, 0}, {0, 0, -1}, {0, -1, 0}},  // +X
   {{-1, 0, 0}, {0, 0, +1}, {0, -1, 0}},  // -X
   {{0, +1, 0}, {+1, 0, 0}, {0, 0, +1}},  // +Y
   {{0, -1, 0}, {+1, 0, 0}, {0, 0, -1}},  // -Y
   {{0, 0, +1}, {+1, 0, 0}, {0, -1, 0}},  // +Z
   {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},  // -Z
};

int64_t dot(const ivec3 &a, const ivec3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
double dotd(const ivec3 &a, const double p[3]) { return a.x * p[0] + a.y * p[1] + a.z * p[2]; }
ivec3 add(const ivec3 &a, const ivec3 &b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
ivec3 scale(const ivec3 &a, int64_t k) { return {a.x * k, a.y * k, a.z * k}; }

// The face whose outward axis is the unit vector v.
int face_of_axis(const ivec3 &v) {
   for (int f = 0; f < 6; ++f)
      if (kFaces[f].m.x == v.x && kFaces[f].m.y == v.y && kFaces[f].m.z == v.z)
         return f;
   throw std::logic_error("not a cube axis");
}

// Texel index along an axis of a face from twice the texel-centre coordinate relative to
// the face centre (x = 2i + 1 - N), or the edge row when |x| = N (the old face's plane).
int64_t index_from_numerator(int64_t x, int64_t n) {
   if (x >= n)
      return n - 1;
   if (x <= -n)
      return 0;
   return (x + n - 1) / 2;
}

}  // namespace

ref_cube_coord ref_cube_select(double rx, double ry, double rz) {
   const double ax = std::fabs(rx), ay = std::fabs(ry), az = std::fabs(rz);
   ref_cube_coord c;
   if (az >= ax && az >= ay) {
      if (az == 0)
         throw std::invalid_argument("cube map lookup with the zero direction vector");
      c.face = rz < 0 ? 5 : 4;
   } else if (ay >= ax) {
      c.face = ry < 0 ? 3 : 2;
   } else {
      c.face = rx < 0 ? 1 : 0;
   }
   const double p[3] = {rx, ry, rz};
   const face_axes &fa = kFaces[c.face];
   c.sc = dotd(fa.s, p);
   c.tc = dotd(fa.t, p);
   c.ma = dotd(fa.m, p);
   c.s = (c.sc / c.ma + 1) / 2;
   c.t = (c.tc / c.ma + 1) / 2;
   return c;
}

void ref_cube_face_derivatives(const ref_cube_coord &c, const double dP[3], double &ds, double &dt) {
   const face_axes &fa = kFaces[c.face];
   const double dsc = dotd(fa.s, dP), dtc = dotd(fa.t, dP), dma = dotd(fa.m, dP);
   const double ma2 = c.ma * c.ma;
   ds = 0.5 * (c.ma * dsc - c.sc * dma) / ma2;
   dt = 0.5 * (c.ma * dtc - c.tc * dma) / ma2;
}

ref_cube_texel ref_cube_adjacent(int face, int64_t i, int64_t j, int64_t size) {
   const bool i_out = i < 0 || i >= size, j_out = j < 0 || j >= size;
   if (i_out == j_out || i < -1 || i > size || j < -1 || j > size)
      throw std::invalid_argument("ref_cube_adjacent: exactly one index must be one past the face");
   // Twice the texel centre relative to the face centre, in units of a texel: the direction
   // of the centre of (i, j), scaled by N, is N*M + a*S + b*T.
   const face_axes &fa = kFaces[face];
   const int64_t a = 2 * i + 1 - size, b = 2 * j + 1 - size;
   const ivec3 q = add(add(scale(fa.m, size), scale(fa.s, a)), scale(fa.t, b));
   // The out-of-range coordinate (|a| or |b| = N + 1) now dominates: its axis is the new face.
   const ivec3 axis = i_out ? scale(fa.s, a < 0 ? -1 : 1) : scale(fa.t, b < 0 ? -1 : 1);
   ref_cube_texel r;
   r.face = face_of_axis(axis);
   const face_axes &nf = kFaces[r.face];
   r.i = index_from_numerator(dot(q, nf.s), size);
   r.j = index_from_numerator(dot(q, nf.t), size);
   return r;
}

}  // namespace clampler::ref
