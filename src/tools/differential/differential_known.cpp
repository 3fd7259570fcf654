// The documented deviations of docs/fidelity.md as predicates on a scenario, a lookup and the four answers; the sampling state they read.
#include "differential_known.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "../conformance/conformance_gen.h"

namespace clampler::differential {
namespace {

// A GL parameter of the scenario's sampling state: the sampler object's, else the texture's.
ojson state(const ojson &sc, const char *pname) {
   if (sc.contains("sampler"))
      return sc["sampler"].contains(pname) ? sc["sampler"][pname] : ojson();
   const ojson &t = sc["texture"];
   return t.contains("params") && t["params"].contains(pname) ? t["params"][pname] : ojson();
}
double state_number(const ojson &sc, const char *pname, double fallback) {
   const ojson v = state(sc, pname);
   return v.is_number() ? v.get<double>() : fallback;
}
std::string texture_string(const ojson &sc, const char *key, const char *fallback) {
   const ojson &t = sc["texture"];
   return t.contains(key) && t[key].is_string() ? t[key].get<std::string>() : fallback;
}

// An integer texture parameter (GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL), or `fallback`.
int texture_int(const ojson &sc, const char *pname, int fallback) {
   const ojson &t = sc["texture"];
   return t.contains("params") && t["params"].contains(pname) && t["params"][pname].is_number_integer()
             ? t["params"][pname].get<int>()
             : fallback;
}
int base_level(const ojson &sc) { return std::max(0, texture_int(sc, "GL_TEXTURE_BASE_LEVEL", 0)); }

bool cube_target(const ojson &sc) {
   const std::string target = texture_string(sc, "target", "");
   return target == "GL_TEXTURE_CUBE_MAP" || target == "GL_TEXTURE_CUBE_MAP_ARRAY";
}

// The major axis of a cube direction (the generator makes it unique).
int major_axis(const ojson &coord) {
   int major = 0;
   for (int a = 1; a < 3; ++a)
      major = std::fabs(coord[a].get<double>()) > std::fabs(coord[major].get<double>()) ? a : major;
   return major;
}

// A depth texture sampled as depth (not its stencil), and depth compare on.
bool samples_depth(const ojson &sc) {
   return texture_string(sc, "internal_format", "").find("DEPTH") != std::string::npos &&
          texture_string(sc, "depth_stencil_texture_mode", "") != "GL_STENCIL_INDEX";
}
bool compares(const ojson &sc) {
   const ojson v = state(sc, "GL_TEXTURE_COMPARE_MODE");
   return v.is_string() && v.get<std::string>() == "GL_COMPARE_REF_TO_TEXTURE";
}

// GL's λ for the lookup (GL 4.6 §8.14.1), from its LOD or its gradients in texels of the base level.
double gl_lambda(const ojson &sc, const ojson &lk) {
   const ojson &t = sc["texture"];
   const int base = base_level(sc);
   double lambda = 0.0;
   if (lk.contains("lod")) {
      lambda = lk["lod"].get<double>();
   } else if (lk.contains("grad_x") && cube_target(sc)) {
      // The face coordinates (sc / |ma| + 1) / 2 (§8.13, table 8.19) and their derivatives, in texels.
      const ojson &c = lk["coord"];
      const int major = major_axis(c);
      const double ma = c[major].get<double>(), size = std::max(1, t.value("width", 1) >> base);
      double rho = 0.0;
      for (const char *g : {"grad_x", "grad_y"}) {
         const double dma = lk[g][major].get<double>();
         double sum = 0.0;
         for (int a = 0; a < 3; ++a)
            if (a != major) {
               const double d = (lk[g][a].get<double>() * ma - c[a].get<double>() * dma) / (2.0 * ma * ma);
               sum += std::pow(d * size, 2);
            }
         rho = std::max(rho, std::sqrt(sum));
      }
      lambda = std::log2(rho);
   } else if (lk.contains("grad_x")) {
      const double size[3] = {static_cast<double>(std::max(1, t.value("width", 1) >> base)),
                              static_cast<double>(std::max(1, t.value("height", 1) >> base)),
                              static_cast<double>(std::max(1, t.value("depth", 1) >> base))};
      double rho = 0.0;
      for (const char *g : {"grad_x", "grad_y"}) {
         double sum = 0.0;
         for (size_t a = 0; a < lk[g].size(); ++a)
            sum += std::pow(lk[g][a].get<double>() * size[a], 2);
         rho = std::max(rho, std::sqrt(sum));
      }
      lambda = std::log2(rho);
   }
   // The bias of the sampling state (the sampler object's replaces the texture's) and the unit's.
   lambda += state_number(sc, "GL_TEXTURE_LOD_BIAS", 0.0) + sc.value("unit_lod_bias", 0.0);
   return std::clamp(lambda, state_number(sc, "GL_TEXTURE_MIN_LOD", -1000.0),
                     std::max(state_number(sc, "GL_TEXTURE_MIN_LOD", -1000.0), state_number(sc, "GL_TEXTURE_MAX_LOD", 1000.0)));
}

// GL's min/mag switch point c (§8.14): 0.5 for a LINEAR mag filter with a NEAREST_MIPMAP_* min
// filter, else 0.
double switch_point(const std::string &min, const std::string &mag) {
   return mag == "GL_LINEAR" && (min == "GL_NEAREST_MIPMAP_NEAREST" || min == "GL_NEAREST_MIPMAP_LINEAR") ? 0.5 : 0.0;
}

// Whether the LINEAR footprint GL takes for the cube lookup reads a border texel: the filter GL
// applies at its λ is LINEAR, and on a level it reads (§8.14.3: the base level when magnified or
// without mipmaps, level ⌈λ + ½⌉ − 1 or levels ⌊λ⌋ and ⌊λ⌋ + 1 otherwise, within BASE / MAX_LEVEL
// and the levels given) the face coordinate (table 8.19) lies within half a texel of the face's
// edge on an axis whose wrap reads the border (CLAMP_TO_BORDER, GL_CLAMP and their mirrored forms).
bool cube_footprint_reads_border(const ojson &sc, const ojson &lk) {
   if (!lk.contains("coord") || lk["coord"].size() < 3)
      return false;
   std::string min, mag;
   sampling_filters(sc, &min, &mag);
   const double lambda = gl_lambda(sc, lk);
   const bool magnified = lambda <= switch_point(min, mag);
   if ((magnified ? mag : min).rfind("GL_LINEAR", 0) != 0)
      return false;  // a NEAREST footprint: one texel, clamped into the face
   const ojson &t = sc["texture"];
   const int base = base_level(sc);
   const int given = t.contains("levels") && t["levels"].is_array() ? static_cast<int>(t["levels"].size()) : 1;
   const int last = std::max(std::min(given - 1, texture_int(sc, "GL_TEXTURE_MAX_LEVEL", given - 1)), base);
   std::vector<int> levels;
   if (magnified || min.find("MIPMAP") == std::string::npos) {
      levels = {base};
   } else if (min.find("MIPMAP_NEAREST") != std::string::npos) {
      const int d = lambda <= 0.5 ? 0 : static_cast<int>(std::ceil(lambda + 0.5)) - 1;
      levels = {std::min(base + d, last)};
   } else {
      const int d = static_cast<int>(std::floor(lambda));
      levels = {std::min(base + d, last), std::min(base + d + 1, last)};
   }
   const ojson &c = lk["coord"];
   const int major = major_axis(c);
   const double ma = std::fabs(c[major].get<double>());
   // sc lies on x for the Y and Z faces and on z for the X faces; tc on z for the Y faces, else y.
   const double face[2] = {c[major == 0 ? 2 : 0].get<double>(), c[major == 1 ? 2 : 1].get<double>()};
   for (int axis = 0; axis < 2; ++axis) {
      const ojson w = state(sc, axis == 0 ? "GL_TEXTURE_WRAP_S" : "GL_TEXTURE_WRAP_T");
      const std::string wrap = w.is_string() ? w.get<std::string>() : "GL_REPEAT";
      if (wrap.find("TO_BORDER") == std::string::npos && wrap != "GL_CLAMP" && wrap != "GL_MIRROR_CLAMP_EXT")
         continue;
      const double st = 0.5 * (std::fabs(face[axis]) / ma + 1.0);  // or 1 − st: the same distance to an edge
      for (int level : levels) {
         const int size = std::max(1, t.value("width", 1) >> level);
         if (st * size < 0.5 || st * size > size - 0.5)
            return true;
      }
   }
   return false;
}

bool near(const ojson &a, size_t i, double v, double tol) {
   return a.is_array() && a.size() > i && a[i].is_number() && std::fabs(a[i].get<double>() - v) <= tol;
}

}  // namespace

std::string sampling_param(const ojson &sc, const char *pname, const char *fallback) {
   const ojson v = state(sc, pname);
   return v.is_string() ? v.get<std::string>() : fallback;
}

void sampling_filters(const ojson &sc, std::string *min, std::string *mag) {
   *min = sampling_param(sc, "GL_TEXTURE_MIN_FILTER", "GL_NEAREST_MIPMAP_LINEAR");
   *mag = sampling_param(sc, "GL_TEXTURE_MAG_FILTER", "GL_LINEAR");
   if (*min != "GL_NEAREST" && *min != "GL_LINEAR" && min->find("_MIPMAP_") == std::string::npos)
      *min = "GL_NEAREST_MIPMAP_LINEAR";
   if (*mag != "GL_NEAREST" && *mag != "GL_LINEAR")
      *mag = "GL_LINEAR";
}

deviation known_deviation(const ojson &sc, const ojson &lk, verdict v, const ojson &, const ojson &r, const ojson &l,
                          const ojson &, double tol) {
   std::string min, mag;
   sampling_filters(sc, &min, &mag);

   // "GL's min/mag switch at c = 0.5": both Mesa drivers switch at λ = 0. Accepted where the
   // device gives GL's answer (rule 10); open where it sides with Mesa.
   if ((v == verdict::clampler_vs_mesa || v == verdict::reference_alone) && mag == "GL_LINEAR" &&
       (min == "GL_NEAREST_MIPMAP_NEAREST" || min == "GL_NEAREST_MIPMAP_LINEAR")) {
      const double lambda = gl_lambda(sc, lk);
      if (lambda > 0.0 && lambda <= 0.5)
         return {"GL's min/mag switch at c = 0.5", v == verdict::clampler_vs_mesa};
   }

   // "The NEAREST mipmap level at λ = k + ½": GL's ⌈λ + ½⌉ − 1 picks level k; both Mesa drivers
   // pick k + 1 on the ties the harness meets, and lavapipe's sampler rounds the tie to even.
   // Accepted where the device follows GL (the shader filter selects levels itself: rule 13 and
   // the others); open where it sides with Mesa. Integer textures and stencil sampling
   // filter as rule 2 makes them (NEAREST, mip filter NEAREST), so their ties count too; a tie
   // at or below the min/mag switch c is magnified and is none.
   const std::string format = texture_string(sc, "internal_format", "");
   bool integer_format = false, stencil_only = false;
   try {
      const conformance::format_info fi = conformance::fmt(format);
      integer_format = fi.integer();
      stencil_only = fi.stencil_only();
   } catch (const std::logic_error &) {  // a name the tables do not know: neither
   }
   const bool stencil_sampling = stencil_only || (format.find("STENCIL") != std::string::npos &&
                                                  texture_string(sc, "depth_stencil_texture_mode", "") == "GL_STENCIL_INDEX");
   // Rule 2's filters only where the device read what Mesa read: with a LINEAR filter GL makes
   // such a texture incomplete, and Mesa's (0, 0, 0, 1) is then rule 2's deviation, not a tie.
   const bool nearest_only = v == verdict::reference_alone && (stencil_sampling || integer_format);
   const std::string mip_min = !nearest_only || min == "GL_NEAREST_MIPMAP_NEAREST" ? min
                               : min == "GL_NEAREST" || min == "GL_LINEAR"        ? std::string("GL_NEAREST")
                                                                                  : std::string("GL_NEAREST_MIPMAP_NEAREST");
   const std::string mip_mag = nearest_only ? std::string("GL_NEAREST") : mag;
   if ((v == verdict::reference_alone || v == verdict::all_differ || v == verdict::clampler_vs_mesa) &&
       (mip_min == "GL_NEAREST_MIPMAP_NEAREST" || mip_min == "GL_LINEAR_MIPMAP_NEAREST")) {
      const double c = mip_mag == "GL_LINEAR" && mip_min == "GL_NEAREST_MIPMAP_NEAREST" ? 0.5 : 0.0;
      const double lambda = gl_lambda(sc, lk);
      if (lambda > c && lambda >= 0.5 && std::fabs(lambda - std::floor(lambda) - 0.5) < 1e-9)
         return {"the NEAREST mipmap level at λ = k + ½", v == verdict::clampler_vs_mesa};
   }

   // "Mesa reads the GL_ALPHA depth texture mode as GL_INTENSITY in GLSL 1.30+ shaders", depth
   // and stencil alike: GL gives the swizzle of (0, 0, 0, d), Mesa the swizzle of (d, d, d, d).
   const bool depth_format = format.find("DEPTH") != std::string::npos;
   if (v == verdict::clampler_vs_mesa && (depth_format || stencil_sampling) &&
       texture_string(sc, "depth_texture_mode", "") == "GL_ALPHA" && r.is_array() && r.size() == 4 &&
       l.is_array() && l.size() == 4) {
      std::string swz[4] = {"GL_RED", "GL_GREEN", "GL_BLUE", "GL_ALPHA"};
      const ojson &t = sc["texture"];
      if (t.contains("swizzle") && t["swizzle"].is_array() && t["swizzle"].size() == 4)
         for (int c = 0; c < 4; ++c)
            swz[c] = t["swizzle"][c].is_string() ? t["swizzle"][c].get<std::string>() : "";
      const auto reads_d = [&](int c) {
         return swz[c] == "GL_RED" || swz[c] == "GL_GREEN" || swz[c] == "GL_BLUE" || swz[c] == "GL_ALPHA";
      };
      int from = -1;
      for (int c = 3; c >= 0 && from < 0; --c)
         if (reads_d(c) && l[c].is_number())
            from = c;
      bool mesa_intensity = from >= 0;
      const double depth = from >= 0 ? l[from].get<double>() : 0.0;
      for (int c = 0; c < 4 && mesa_intensity; ++c) {
         const double constant = swz[c] == "GL_ONE" ? 1.0 : 0.0;
         const double gl = swz[c] == "GL_ALPHA" ? depth : reads_d(c) ? 0.0 : constant;
         mesa_intensity = near(r, c, gl, tol) && near(l, c, reads_d(c) ? depth : constant, tol);
      }
      if (mesa_intensity)
         return {"Mesa reads GL_ALPHA depth texture mode as GL_INTENSITY in GLSL 1.30 shaders", true};
   }

   // "Mesa filters rectangle textures with the min filter whatever λ": llvmpipe takes the min
   // filter, softpipe NEAREST, for a rectangle whose min and mag filters differ.
   const std::string target = texture_string(sc, "target", "");
   if (v == verdict::clampler_vs_mesa && target == "GL_TEXTURE_RECTANGLE" && min != mag)
      return {"Mesa filters rectangle textures with one filter whatever λ", true};

   // "Mesa reads zero above level 0 of a 1D array with an odd width": both drivers, from level 1
   // on, for a 1D array of two or more layers whose width is odd (3 x 2 and 5 x 2 do, 4 x 2 and
   // 6 x 1 do not).
   const ojson &t = sc["texture"];
   if ((v == verdict::clampler_vs_mesa || v == verdict::all_differ) && target == "GL_TEXTURE_1D_ARRAY" &&
       t.value("width", 1) % 2 == 1 && t.value("width", 1) > 1 && t.value("height", 1) >= 2 &&
       min.find("MIPMAP") != std::string::npos && gl_lambda(sc, lk) > 0.0)
      return {"Mesa reads zero above level 0 of a 1D array with an odd width", true};

   // "Mirrored wraps at texel boundaries of a mirrored period": GL 4.6 mirrors the integer texel
   // coordinate (s = −k/N reads texel k − 1), lavapipe and both Mesa drivers mirror s itself
   // (texel k); the two differ on texel boundaries wherever the wrap mirrors: s < 0, and for
   // MIRRORED_REPEAT every odd period. Rule 12 gives the device GL's texel (accepted: Mesa's);
   // where it does not apply the device sides with Mesa (open, docs/sampling.md,
   // MirroredRepeatAtNegativeTexelBoundaries).
   if ((v == verdict::reference_alone || v == verdict::clampler_vs_mesa) && lk.contains("coord")) {
      // LINEAR filtering gives the same taps under both definitions.
      const bool nearest_in_effect = mag == "GL_NEAREST" || min.rfind("GL_NEAREST", 0) == 0;
      const char *wraps[] = {"GL_TEXTURE_WRAP_S", "GL_TEXTURE_WRAP_T", "GL_TEXTURE_WRAP_R"};
      const int sizes[] = {t.value("width", 1), t.value("height", 1), t.value("depth", 1)};
      const int axes = target == "GL_TEXTURE_3D" ? 3 : (target == "GL_TEXTURE_1D" || target == "GL_TEXTURE_1D_ARRAY") ? 1 : 2;
      for (int a = 0; a < axes && a < static_cast<int>(lk["coord"].size()); ++a) {
         const std::string w = sampling_param(sc, wraps[a], "GL_REPEAT");
         const double s = lk["coord"][a].get<double>();
         // MIRRORED_REPEAT mirrors odd periods (either sign); the mirror clamps mirror (-1, 0)
         // and clamp beyond, where both definitions give the edge texel.
         const bool mirrored_period = w == "GL_MIRRORED_REPEAT" ? static_cast<long>(std::floor(s)) % 2 != 0
                                                                : s > -1.0 && s < 0.0;
         if (w.find("MIRROR") == std::string::npos || !mirrored_period || !nearest_in_effect)
            continue;
         for (int level = 0; (sizes[a] >> level) > 0; ++level) {
            const double u = s * (sizes[a] >> level);
            if (u == std::floor(u))
               return {"mirrored wraps at texel boundaries of a mirrored period", v == verdict::clampler_vs_mesa};
         }
      }
   }

   // "Depth cube maps filtered LINEAR without compare": rule 4's shader filter leaves cube maps
   // out, and where the device cannot filter depth they keep compare ALWAYS (1.0). Open.
   const bool depth_texture = samples_depth(sc), compare = compares(sc), cube = cube_target(sc);
   if ((v == verdict::device_alone || v == verdict::all_differ) && depth_texture && !compare && cube &&
       (min.rfind("GL_LINEAR", 0) == 0 || mag == "GL_LINEAR" || min.find("MIPMAP_LINEAR") != std::string::npos))
      return {"depth cube maps filtered LINEAR without compare", false};

   // Non-seamless cube maps wrap on each face (§8.13); a LINEAR footprint reading the border
   // (cube_footprint_reads_border) meets two Mesa deviations.
   const bool face_border = v == verdict::clampler_vs_mesa && cube && !sc.value("seamless_cube_map", false) &&
                            cube_footprint_reads_border(sc, lk);
   // "Mesa compares no border texel on non-seamless depth-compare cube maps": GL compares the
   // border's depth like any texel (§8.14.2, §8.23.1); llvmpipe clamps the face to its edge,
   // softpipe does not give the compared border either.
   if (face_border && depth_texture && compare)
      return {"Mesa compares no border texel on non-seamless depth-compare cube maps", true};
   // "llvmpipe reads a non-seamless cube face's edge for its border, softpipe drops the LOD bias
   // of cube-map gradients": with a bias that turns a magnified gradient lookup minified, the
   // two meet on the one texel GL's LINEAR footprint mixes with the border.
   // Only a positive bias that takes GL's λ past the switch point c from at or below it.
   const double bias = state_number(sc, "GL_TEXTURE_LOD_BIAS", 0.0) + sc.value("unit_lod_bias", 0.0);
   const double c = switch_point(min, mag), lambda = gl_lambda(sc, lk);
   if (face_border && !compare && lk.contains("grad_x") && bias > 0.0 && lambda > c && lambda - bias <= c)
      return {"llvmpipe reads a cube face's edge for its border, softpipe drops the bias of cube-map gradients", true};

   // "Mesa reads layer 0 of a depth-compare array at the layer coordinate ½": GL's layer is
   // ⌊t + ½⌋ (§8.14.2); llvmpipe rounds the tie to even, and softpipe reads layer 0 for depth
   // compare on 1D and 2D arrays whatever t. Only t = ½ with two or more layers: there GL reads
   // layer 1 and both drivers layer 0.
   const bool array_1d = target == "GL_TEXTURE_1D_ARRAY", array_2d = target == "GL_TEXTURE_2D_ARRAY";
   const size_t layer_at = array_1d ? 1 : 2;
   if (v == verdict::clampler_vs_mesa && depth_texture && compare && (array_1d || array_2d) && lk.contains("coord") &&
       lk["coord"].size() > layer_at && lk["coord"][layer_at].get<double>() == 0.5 &&
       t.value(array_1d ? "height" : "depth", 1) >= 2)
      return {"Mesa reads layer 0 of a depth-compare array at the layer coordinate ½", true};

   return {};
}

bool corner_compare_may_differ(const ojson &sc) {
   std::string min, mag;
   sampling_filters(sc, &min, &mag);
   return samples_depth(sc) && compares(sc) && cube_target(sc) && sc.value("seamless_cube_map", false) &&
          (min.rfind("GL_LINEAR", 0) == 0 || mag == "GL_LINEAR");
}

}  // namespace clampler::differential
