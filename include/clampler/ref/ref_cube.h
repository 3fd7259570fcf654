// Reference cube-map maths: face selection, face coordinates and derivatives, and the seamless edge crossing.
#pragma once

#include <cstdint>

namespace clampler::ref {

// The face a direction selects and the face coordinates there (GL 4.6 §8.13 table 8.19).
struct ref_cube_coord {
   int face = 0;       // 0..5 = +X, -X, +Y, -Y, +Z, -Z
   double s = 0.0;     // (sc / |ma| + 1) / 2
   double t = 0.0;     // (tc / |ma| + 1) / 2
   double sc = 0.0;    // the table's sc, tc and |ma| for this direction
   double tc = 0.0;
   double ma = 0.0;    // |ma|, > 0
};

// Face selection by the major axis. GL lets the implementation break ties between equal
// magnitudes; this follows the rule Vulkan recommends ("Cube Map Face Selection"): z wins
// over y and x, then y wins over x. Throws std::invalid_argument for the zero vector.
ref_cube_coord ref_cube_select(double rx, double ry, double rz);

// d(s_face), d(t_face) for a derivative dP of the direction (Vulkan "Cube Map Derivative
// Transformation": d(sc / |ma|) / 2 by the quotient rule, with the face fixed by c).
void ref_cube_face_derivatives(const ref_cube_coord &c, const double dP[3], double &ds, double &dt);

// A texel position on a face (indices may lie one past the face for the query below).
struct ref_cube_texel {
   int face = 0;
   int64_t i = 0;
   int64_t j = 0;
};

// Seamless filtering: the texel that lies across the edge from (i, j) on face, where exactly
// one of i, j is -1 or size (the other inside [0, size)). The result is the texel of the
// adjacent face that touches that edge next to the neighbour of (i, j) on this face
// (Vulkan "Cube Map Edge Handling"; GL 4.6 §8.13.1).
ref_cube_texel ref_cube_adjacent(int face, int64_t i, int64_t j, int64_t size);

}  // namespace clampler::ref
