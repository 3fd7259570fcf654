// Storage of the textures a sampler never filters: multisample (glTexStorage*Multisample) and buffer (glTexBuffer).
#include <algorithm>
#include <string>

#include "clampler/gl/gl_formats.h"
#include "gl_context_impl.h"

namespace clampler {

using namespace gl_detail;

namespace {

// GL 4.6 §9.4: the sized colour formats of table 8.12 whose CR column is checked (no snorm,
// no GL_SRGB8 or the single / dual-channel sRGB extensions, no GL_RGB9_E5, nothing compressed,
// none of the legacy alpha / luminance / intensity formats), the depth formats and the stencil
// formats.
enum class renderable { no, color, integer, depth_stencil };
renderable renderable_kind(const util_format_description &d) {
   if (d.gl_base_format == GL_DEPTH_COMPONENT || d.gl_base_format == GL_DEPTH_STENCIL ||
       d.gl_base_format == GL_STENCIL_INDEX)
      return renderable::depth_stencil;
   const bool plain = d.gl_base_format == GL_RED || d.gl_base_format == GL_RG || d.gl_base_format == GL_RGB ||
                      d.gl_base_format == GL_RGBA;
   const bool snorm = d.is_normalized && d.is_signed && !d.is_float;
   if (!plain || d.is_compressed || snorm || d.gl_internal_format == GL_RGB9_E5 ||
       (d.is_srgb && d.gl_base_format != GL_RGBA))
      return renderable::no;
   return d.is_integer ? renderable::integer : renderable::color;
}

// GL 4.6 table 8.18: the internal formats a buffer texture takes.
bool is_buffer_texture_format(GLenum f) {
   static constexpr GLenum formats[] = {
      GL_R8,      GL_R16,     GL_R16F,    GL_R32F,     GL_R8I,      GL_R16I,     GL_R32I,     GL_R8UI,
      GL_R16UI,   GL_R32UI,   GL_RG8,     GL_RG16,     GL_RG16F,    GL_RG32F,    GL_RG8I,     GL_RG16I,
      GL_RG32I,   GL_RG8UI,   GL_RG16UI,  GL_RG32UI,   GL_RGB32F,   GL_RGB32I,   GL_RGB32UI,  GL_RGBA8,
      GL_RGBA16,  GL_RGBA16F, GL_RGBA32F, GL_RGBA8I,   GL_RGBA16I,  GL_RGBA32I,  GL_RGBA8UI,  GL_RGBA16UI,
      GL_RGBA32UI};
   for (GLenum x : formats)
      if (x == f)
         return true;
   return false;
}

uint32_t texel_bytes(const util_format_description &d) {
   uint32_t bits = 0;
   for (unsigned c = 0; c < d.nr_channels; ++c)
      bits += d.channel_bits[c];
   return bits / 8;
}

}  // namespace

void gl_context::TexStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                                       GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
   ++serial_;  // conservatively, also when the call fails
   const bool array = target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   const std::string call = std::string(array ? "glTexStorage3DMultisample(" : "glTexStorage2DMultisample(") +
                            format_enum(target) + ", " + std::to_string(samples) + ", " +
                            format_enum(internalformat) + ", " + std::to_string(width) + ", " +
                            std::to_string(height) + (array ? ", " + std::to_string(depth) : std::string()) + ", " +
                            (fixedsamplelocations ? "GL_TRUE" : "GL_FALSE") + ")";
   const auto fail = [&](const param_error &e) { impl::report(*this, call, e); };

   if (target != GL_TEXTURE_2D_MULTISAMPLE && !array)
      return fail(invalid_enum(format_enum(target) +
                               " is not GL_TEXTURE_2D_MULTISAMPLE or GL_TEXTURE_2D_MULTISAMPLE_ARRAY"));
   if (param_status err = check_storage_format(*this, internalformat))
      return fail(*err);
   const util_format_description &d = *util_format_describe(util_format_from_gl_internal_format(internalformat));
   const renderable kind = renderable_kind(d);
   if (kind == renderable::no)
      return fail(invalid_enum(std::string(d.gl_name) + " is not color-, depth- or stencil-renderable"));
   if (width < 1 || height < 1 || depth < 1)
      return fail(invalid_value("width, height and depth must all be at least 1"));
   if (!array && depth != 1)
      return fail(invalid_value("depth of a GL_TEXTURE_2D_MULTISAMPLE texture must be 1"));
   const gl_limits &lim = limits_;
   if (static_cast<uint32_t>(width) > lim.MaxTextureSize || static_cast<uint32_t>(height) > lim.MaxTextureSize)
      return fail(invalid_value("width or height exceeds GL_MAX_TEXTURE_SIZE"));
   if (static_cast<uint32_t>(depth) > lim.MaxArrayTextureLayers)
      return fail(invalid_value("the layer count exceeds GL_MAX_ARRAY_TEXTURE_LAYERS"));
   if (samples < 1)
      return fail(invalid_value("samples is zero or negative"));
   const uint32_t max_samples = kind == renderable::depth_stencil ? lim.MaxDepthTextureSamples
                                : kind == renderable::integer     ? lim.MaxIntegerSamples
                                                                  : lim.MaxColorTextureSamples;
   const char *limit_name = kind == renderable::depth_stencil ? "GL_MAX_DEPTH_TEXTURE_SAMPLES"
                            : kind == renderable::integer     ? "GL_MAX_INTEGER_SAMPLES"
                                                              : "GL_MAX_COLOR_TEXTURE_SAMPLES";
   if (static_cast<uint32_t>(samples) > max_samples)
      return fail(invalid_operation(std::to_string(samples) + " samples is more than " + limit_name + " (" +
                                    std::to_string(max_samples) + ") for " + d.gl_name));
   gl_texture_object *tex = impl::bound_texture(*this, target);
   if (tex->Name == 0)
      return fail(invalid_operation("the default texture (zero) is bound to the target"));
   if (tex->Levels != 0)
      return fail(invalid_operation("texture " + std::to_string(tex->Name) + " is already immutable"));

   tex->InternalFormat = internalformat;
   tex->Format = d.format;
   tex->Width = static_cast<uint32_t>(width);
   tex->Height = static_cast<uint32_t>(height);
   tex->Depth = static_cast<uint32_t>(depth);
   tex->Levels = 1;
   tex->Samples = static_cast<uint32_t>(samples);
   tex->FixedSampleLocations = fixedsamplelocations != 0;
   tex->Serial = gl_next_object_serial();
}

void gl_context::TexBuffer(GLenum target, GLenum internalformat, GLsizeiptr size) {
   ++serial_;  // conservatively, also when the call fails
   const std::string call = "glTexBuffer(" + format_enum(target) + ", " + format_enum(internalformat) +
                            ", <a buffer of " + std::to_string(size) + " bytes>)";
   const auto fail = [&](const param_error &e) { impl::report(*this, call, e); };
   if (target != GL_TEXTURE_BUFFER)
      return fail(invalid_enum(format_enum(target) + " is not GL_TEXTURE_BUFFER"));
   if (!is_buffer_texture_format(internalformat))
      return fail(invalid_enum(format_enum(internalformat) + " is not a buffer texture format (GL 4.6 table 8.18)"));
   if (size < 0)
      return fail(invalid_value("a buffer's size cannot be negative"));
   const util_format_description &d = *util_format_describe(util_format_from_gl_internal_format(internalformat));
   gl_texture_object *tex = impl::bound_texture(*this, target);
   // GL 4.6 §8.9: the texel count is floor(size / texel size), clamped to GL_MAX_TEXTURE_BUFFER_SIZE.
   const uint64_t texels = static_cast<uint64_t>(size) / texel_bytes(d);
   tex->InternalFormat = internalformat;
   tex->Format = d.format;
   tex->Width = static_cast<uint32_t>(std::min<uint64_t>(texels, limits_.MaxTextureBufferSize));
   tex->Height = tex->Depth = 1;
   tex->Levels = 1;
   tex->BufferSize = static_cast<uint64_t>(size);
   tex->Serial = gl_next_object_serial();
}

}  // namespace clampler
