// The scenario keys every `clampler sample` backend reads the same way: lookups, texel-data presence, errors.
#include "sample_parse.h"

namespace clampler {

void sample_fail(const std::string &key, const std::string &what) {
   throw scenario_error(key + ": " + what);
}

double sample_number(const ojson &v, const std::string &key) {
   if (!v.is_number())
      sample_fail(key, "expected a number, got " + v.dump());
   return v.get<double>();
}

int sample_coord_count(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D: return 1;
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D:
   case GL_TEXTURE_RECTANGLE: return 2;
   case GL_TEXTURE_CUBE_MAP_ARRAY: return 4;
   default: return 3;  // 3D, 2D array, cube
   }
}

int sample_grad_count(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY: return 1;
   case GL_TEXTURE_2D:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_2D_ARRAY: return 2;
   default: return 3;  // 3D, cube, cube array (direction vector)
   }
}

ref::ref_lookup sample_parse_lookup(const ojson &j, GLenum target, const std::string &key) {
   if (!j.is_object())
      sample_fail(key, "expected an object with \"coord\"");
   ref::ref_lookup l;
   for (auto it = j.begin(); it != j.end(); ++it)
      if (it.key() != "coord" && it.key() != "lod" && it.key() != "grad_x" && it.key() != "grad_y" &&
          it.key() != "compare_ref")
         sample_fail(key + "." + it.key(), "unknown key (expected coord, lod, grad_x, grad_y or compare_ref)");
   if (!j.contains("coord") || !j["coord"].is_array())
      sample_fail(key + ".coord", "missing or not an array");
   const int n = sample_coord_count(target);
   if (static_cast<int>(j["coord"].size()) != n)
      sample_fail(key + ".coord", "this target takes " + std::to_string(n) + " coordinates, got " +
                              std::to_string(j["coord"].size()));
   for (int c = 0; c < n; ++c)
      l.coord[c] = sample_number(j["coord"][c], key + ".coord[" + std::to_string(c) + "]");
   l.ncoord = n;
   if (j.contains("lod")) {
      l.has_lod = true;
      l.lod = sample_number(j["lod"], key + ".lod");
   }
   if (j.contains("grad_x") || j.contains("grad_y")) {
      if (l.has_lod)
         sample_fail(key, "give either lod or grad_x/grad_y, not both");
      const int g = sample_grad_count(target);
      for (const char *name : {"grad_x", "grad_y"}) {
         if (!j.contains(name) || !j[name].is_array() || static_cast<int>(j[name].size()) != g)
            sample_fail(key + "." + name, "expected an array of " + std::to_string(g) + " derivatives");
         for (int c = 0; c < g; ++c)
            (name[5] == 'x' ? l.dPdx : l.dPdy)[c] = sample_number(j[name][c], key + "." + name);
      }
      l.has_grad = true;
   }
   if (j.contains("compare_ref")) {
      l.has_ref = true;
      l.ref = sample_number(j["compare_ref"], key + ".compare_ref");
   }
   return l;
}

void sample_check_keys(const ojson &doc) {
   if (!doc.contains("texture"))
      sample_fail("texture", "missing (sample needs the texture its lookups read)");
   if (!doc["texture"].contains("levels") || !doc["texture"]["levels"].is_array())
      sample_fail("texture.levels", "sample needs texel data: an array with one array of texels per level");
   if (!doc.contains("lookups") || !doc["lookups"].is_array() || doc["lookups"].empty())
      sample_fail("lookups", "sample needs a non-empty array of lookups");
}

}  // namespace clampler
