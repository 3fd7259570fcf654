// txq: the seed's texture and sampler queries (PTX txq) answered with GL's rules for the texture bound to a unit.
//
// The txq layer sits beside the state tracker and reads only the GL front end: a query answers
// what the application set and what GL defines, never what a lowering chose (GL_CLAMP stays
// clamp_ogl although the sampler clamps to the border and the shader saturates).
// Unified mode (no sampler object bound to the unit) reads the texture's own sampler parameters;
// independent mode reads the bound sampler object's: the state GL samples with
// (gl_context::sampler_for_unit). docs/queries.md has the model and the tables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "clampler/gl/context.h"
#include "clampler/txq/txq_vocab.h"

namespace clampler {

// `.width .height .depth` of txq.level: lod counts from GL_TEXTURE_BASE_LEVEL.
struct txq_level_size {
   uint32_t lod = 0;
   uint32_t width = 0, height = 0, depth = 0;
};

// The seed's .tquery attributes.
struct txq_texture_attribs {
   // glGetTexLevelParameter's sizes of the base level: 1D arrays hold their layers in height,
   // 2D and multisample arrays in depth, cube-map arrays 6 x cubes in depth.
   uint32_t width = 0, height = 0, depth = 0;
   uint32_t channel_data_type = 0;  // in the query's language (txq_vocab.h)
   uint32_t channel_order = 0;
   // 0 for rectangle textures (unnormalized coordinates) and for buffer and multisample textures,
   // which are read with integer texel coordinates; 1 otherwise.
   uint32_t normalized_coords = 1;
   // Layers of a 1D, 2D or 2D-multisample array; cubes of a cube-map array; 0 otherwise.
   uint32_t array_size = 0;
   // GLSL's textureQueryLevels: the levels from level_base to level_max, 0 for an incomplete
   // texture; 0 for targets that cannot have mipmaps (rectangle, buffer, multisample).
   uint32_t num_mipmap_levels = 0;
   // Multisample textures: the sample count the storage call asked for (GL lets an
   // implementation allocate more and report that as GL_TEXTURE_SAMPLES); 0 otherwise.
   uint32_t num_samples = 0;
};

// The seed's .squery attributes.
struct txq_sampler_attribs {
   // GL has no sampler state that forces unnormalized coordinates (rectangle textures are
   // unnormalized by target, reported as normalized_coords 0): always 0.
   uint32_t force_unnormalized_coords = 0;
   uint32_t filter_mode = TXQ_FILTER_NEAREST;  // GL_TEXTURE_MAG_FILTER's
   uint32_t addr_mode[3] = {TXQ_ADDR_WRAP, TXQ_ADDR_WRAP, TXQ_ADDR_WRAP};  // S, T, R as set
   // GL's own values beside the seed's (the seed has one filter mode).
   GLenum gl_min_filter = 0, gl_mag_filter = 0;
   GLenum gl_wrap[3] = {0, 0, 0};
};

struct txq_result {
   GLenum target = 0;
   bool independent = false;  // a sampler object is bound to the unit
   bool complete = false;     // GL 4.6 §8.17 with the sampler state in use (gl_texture_is_complete)
   gl_level_range range;      // level_base and level_max (immutable storage)
   txq_texture_attribs texture;
   std::vector<txq_level_size> levels;  // every accessible level: lod 0 .. level_max - level_base
   txq_sampler_attribs sampler;
};

// Every query of the seed for the texture bound to (`unit`, `target`) in `ctx`, channel order and
// data type in `lang`. False with `*error` (a sentence) when the target has no binding point, the
// unit does not exist, or the texture has no storage.
bool txq_query(const gl_context &ctx, unsigned unit, GLenum target, txq_language lang, txq_result *out,
               std::string *error);

// txq.level for one texture: the size of level level_base + lod; false when lod names no
// accessible level (GL leaves textureSize undefined there).
bool txq_level(const gl_texture_object &tex, uint32_t lod, txq_level_size *out);

// Whether `target` can have mipmaps (textureQueryLevels exists for its samplers).
bool txq_target_has_mipmaps(GLenum target);

}  // namespace clampler
