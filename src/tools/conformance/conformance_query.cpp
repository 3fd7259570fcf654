// Group query (piglit textureSize / textureQueryLevels / textureSamples): every target × levels × mode, the device's view against GL's answers.
#include <algorithm>

#include "clampler/gl/gl_enum_names.h"
#include "conformance_gen.h"

namespace clampler::conformance {

namespace {

struct levels_case {
   const char *name;
   ojson params;  // GL_TEXTURE_BASE_LEVEL / GL_TEXTURE_MAX_LEVEL
};

// Level settings of a 4-level texture: all, from the base, a middle window, a base past the
// storage and a max level below the base (immutable storage clamps both, GL 4.6 §8.17).
const std::vector<levels_case> &level_cases() {
   static const std::vector<levels_case> v = {
      {"all-levels", ojson::object()},
      {"base-1", {{"GL_TEXTURE_BASE_LEVEL", 1}}},
      {"base-1-max-2", {{"GL_TEXTURE_BASE_LEVEL", 1}, {"GL_TEXTURE_MAX_LEVEL", 2}}},
      {"base-9", {{"GL_TEXTURE_BASE_LEVEL", 9}}},
      {"base-2-max-1", {{"GL_TEXTURE_BASE_LEVEL", 2}, {"GL_TEXTURE_MAX_LEVEL", 1}}},
   };
   return v;
}

ojson texture_of(GLenum target, const std::string &format) {
   ojson t = {{"target", gl_enum_name(target)}, {"internal_format", format}};
   switch (target) {
   case GL_TEXTURE_1D: t["width"] = 16; break;
   case GL_TEXTURE_1D_ARRAY: t["width"] = 16; t["height"] = 3; break;
   case GL_TEXTURE_3D: t["width"] = 16; t["height"] = 8; t["depth"] = 8; break;
   case GL_TEXTURE_CUBE_MAP: t["width"] = 8; t["height"] = 8; break;
   case GL_TEXTURE_2D_ARRAY: t["width"] = 16; t["height"] = 12; t["depth"] = 5; break;
   case GL_TEXTURE_CUBE_MAP_ARRAY: t["width"] = 8; t["height"] = 8; t["depth"] = 12; break;
   case GL_TEXTURE_RECTANGLE: t["width"] = 7; t["height"] = 5; break;
   case GL_TEXTURE_2D_MULTISAMPLE: t["width"] = 7; t["height"] = 5; t["samples"] = 4; break;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: t["width"] = 7; t["height"] = 5; t["depth"] = 3; t["samples"] = 4; break;
   case GL_TEXTURE_BUFFER: t["buffer_size"] = 100; break;
   default: t["width"] = 16; t["height"] = 12; break;  // 2D
   }
   return t;
}

// The queries a case makes, by name (the "lookups" the reports show).
ojson query_names(bool has_levels, bool multisample, size_t sizes) {
   ojson names = ojson::array();
   if (multisample)
      names.push_back("textureSamples");
   else if (has_levels)
      names.push_back("textureQueryLevels");
   for (size_t l = 0; l < sizes; ++l)
      names.push_back("textureSize(lod " + std::to_string(l) + ")");
   return names;
}

}  // namespace

void add_query(std::vector<test_case> &out) {
   // Integer and depth-stencil views read their storage as a lookup would; NEAREST filters keep
   // the integer and stencil textures complete (GL 4.6 §8.17), so GL's textureQueryLevels counts.
   const GLenum mip_targets[] = {GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D, GL_TEXTURE_3D,
                                 GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY};
   for (GLenum target : mip_targets)
      for (const char *format : {"GL_RGBA8", "GL_R32UI", "GL_DEPTH24_STENCIL8"}) {
         if (target == GL_TEXTURE_3D && std::string(format) == "GL_DEPTH24_STENCIL8")
            continue;  // GL refuses depth formats on 3D textures
         for (const levels_case &lc : level_cases())
            for (const bool independent : {false, true}) {
               test_case c;
               c.name = std::string("clampler/query/") + target_short(target) + "/" + format + "/" + lc.name + "/" +
                        (independent ? "independent" : "unified");
               c.query = true;
               ojson tex = texture_of(target, format);
               tex["levels"] = 4;
               ojson params = lc.params;
               const bool nearest = std::string(format) == "GL_R32UI";
               ojson &filters = independent ? c.scenario["sampler"] : params;
               if (independent)
                  filters = ojson::object();
               if (nearest) {
                  filters["GL_TEXTURE_MIN_FILTER"] = "GL_NEAREST_MIPMAP_NEAREST";
                  filters["GL_TEXTURE_MAG_FILTER"] = "GL_NEAREST";
               }
               if (!params.empty())
                  tex["params"] = params;
               c.scenario["texture"] = tex;
               // Levels GL gives (immutable clamping): level_base .. level_max of 0..3.
               const int base = std::clamp(lc.params.value("GL_TEXTURE_BASE_LEVEL", 0), 0, 3);
               const int max = std::clamp(lc.params.value("GL_TEXTURE_MAX_LEVEL", 1000), base, 3);
               c.scenario["lookups"] = query_names(true, false, static_cast<size_t>(max - base + 1));
               c.tol.why = "queries are integers, compared exactly";
               out.push_back(std::move(c));
            }
      }
   // The targets without mipmaps: one level, sizes (and samples) only.
   const struct {
      GLenum target;
      std::vector<const char *> formats;
   } single[] = {
      {GL_TEXTURE_RECTANGLE, {"GL_RGBA8", "GL_R32UI", "GL_DEPTH24_STENCIL8"}},
      {GL_TEXTURE_2D_MULTISAMPLE, {"GL_RGBA8", "GL_R32UI", "GL_DEPTH24_STENCIL8"}},
      {GL_TEXTURE_2D_MULTISAMPLE_ARRAY, {"GL_RGBA8", "GL_R32UI", "GL_DEPTH24_STENCIL8"}},
      {GL_TEXTURE_BUFFER, {"GL_RGBA8", "GL_R32UI", "GL_RGBA32F"}},
   };
   for (const auto &t : single)
      for (const char *format : t.formats)
         for (const bool independent : {false, true}) {
            test_case c;
            c.name = std::string("clampler/query/") + target_short(t.target) + "/" + format + "/one-level/" +
                     (independent ? "independent" : "unified");
            c.query = true;
            c.scenario["texture"] = texture_of(t.target, format);
            if (independent)
               c.scenario["sampler"] = ojson::object();
            const bool ms = t.target == GL_TEXTURE_2D_MULTISAMPLE || t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
            c.scenario["lookups"] = query_names(false, ms, 1);
            c.tol.why = "queries are integers, compared exactly";
            out.push_back(std::move(c));
         }
}

}  // namespace clampler::conformance
