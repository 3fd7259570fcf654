// Device rasterization: GL primitives drawn through a zink_rasterizer_state's Vulkan structs, colour and depth read back.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <vector>

#include "clampler/spirv/spirv_lower_raster.h"
#include "clampler/zink/zink_depth_bias.h"
#include "clampler/zink/zink_line_stipple.h"
#include "clampler/zink/zink_prim.h"
#include "raster_frag.spv.h"
#include "raster_frag_coverage.spv.h"
#include "raster_frag_flat.spv.h"
#include "raster_frag_flat_coverage.spv.h"
#include "raster_vert.spv.h"
#include "raster_vert_coverage.spv.h"
#include "raster_vert_flat.spv.h"
#include "raster_vert_flat_coverage.spv.h"
#include "raster_vert_flat_stipple.spv.h"
#include "raster_vert_flat_two_side.spv.h"
#include "raster_vert_stipple.spv.h"
#include "raster_vert_two_side.spv.h"
#include "sample_job.h"
#include "sample_raster_modes.h"
#include "sample_raster_shapes.h"

namespace clampler::sample_internal {

namespace {

constexpr VkFormat kRasterColor = VK_FORMAT_R8G8B8A8_UNORM;
constexpr VkFormat kRasterDepth = VK_FORMAT_D32_SFLOAT;

// What raster.vert reads from its push constants.
struct raster_constants {
   float point_size;           // > 0: the state's size (ZINK_RAST_EMU_POINT_SIZE); 0: per vertex
   uint32_t minus_one_to_one;  // ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE
   uint32_t clamp_color;       // raster_request::clamp_vertex_color
};

// What raster.vert reads per vertex: the request's vertex, its segment's line stipple input and
// (for a smooth line's coverage) its segment's ends.
struct draw_vertex {
   raster_vertex v;
   int32_t stipple[4] = {0, 0, 0, 0};  // zink_stipple_segment's first, direction, axis, base
   float segment[4] = {0, 0, 0, 0};    // x0, y0, x1, y1 in framebuffer coordinates
};
static_assert(offsetof(draw_vertex, v) == 0);

bool line_topology(VkPrimitiveTopology t) {
   return t == VK_PRIMITIVE_TOPOLOGY_LINE_LIST || t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
}

}  // namespace

// The emulations this draw does itself (the others are refused by sample_raster_draw).
constexpr uint32_t kDrawEmulates = ZINK_RAST_EMU_POINT_SIZE | ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE |
                                   ZINK_RAST_EMU_PROVOKING_VERTEX | ZINK_RAST_EMU_POLYGON_STIPPLE |
                                   ZINK_RAST_EMU_TWO_SIDE_COLOR | ZINK_RAST_EMU_SPRITE_ORIGIN |
                                   ZINK_RAST_EMU_SPRITE_COORD_REPLACE | ZINK_RAST_EMU_FILL_MODE |
                                   ZINK_RAST_EMU_LINE_STIPPLE | ZINK_RAST_EMU_WIDE_LINES |
                                   ZINK_RAST_EMU_LARGE_POINTS | ZINK_RAST_EMU_POINT_SMOOTH |
                                   ZINK_RAST_EMU_LINE_SMOOTH;

namespace {

// Rules Z5 and Z6 in the draw: each segment of `draw` (a line list or strip) becomes vertices of
// its own in `*out` (the request's, so flat colours keep their provoking vertex) and `*draw` a
// line list over them. With `stipple`, each vertex carries its segment's counter input
// (zink_line_stipple_segments) in `*inputs`; a segment reaching outside the clip volume is
// refused, as GL counts from where clipping cuts it. With `width` > 1 (odd), the segment is drawn
// `width` times, moved by -(width - 1) / 2 to (width - 1) / 2 whole pixels across its major axis:
// GL's column (row) of fragments for each fragment of the width-1 line (compatibility
// §14.5.2.1), each copy with the segment's stipple input, so a column keeps or drops whole. The
// ends go to framebuffer coordinates through the draw's viewport (the whole target, y down).
bool line_segments(const zink_rasterizer_state &state, const raster_request &r, bool stipple, int width,
                   zink_prim_draw *draw, raster_request *out, std::vector<std::array<int32_t, 4>> *inputs,
                   std::string *error) {
   const bool strip = draw->topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
   const std::vector<uint32_t> &ix = draw->indices;
   std::vector<std::array<float, 4>> ends;
   std::vector<uint32_t> pairs;  // the request's vertex at each end, in order
   for (size_t i = 0; i + 1 < ix.size(); i += strip ? 1 : 2) {
      std::array<float, 4> e{};
      for (int k = 0; k < 2; ++k) {
         const float *p = r.vertices[ix[i + k]].position;
         const float w = p[3];
         const float z_min = state.base.clip_halfz ? 0.0f : -w;
         // GL clips the width-1 segment, then widens it: a copy moved across would be clipped
         // elsewhere, so a wide line must not reach past the x and y planes. The stipple counts
         // from where any clipping cuts the segment (z too, where depth clipping is on).
         const bool outside_xy = std::fabs(p[0]) > w || std::fabs(p[1]) > w;
         const bool outside_z = !state.hw.depth_clamp_enable && (p[2] < z_min || p[2] > w);  // what the device clips
         if (!(w > 0.0f) || ((stipple || width > 1) && outside_xy) || (stipple && outside_z)) {
            *error = "sample_raster_draw: vertex " + std::to_string(ix[i + k]) +
                     (stipple ? " of a stippled line lies outside the clip volume; GL's stipple counts from where "
                                "clipping cuts the segment, which the line stipple in the shader does not work out"
                              : " of a wide line lies outside the clip volume; GL clips the width-1 line before "
                                "widening it, which copies of the line do not");
            return false;
         }
         const std::array<double, 2> fb = to_framebuffer(p, r);
         e[2 * k] = static_cast<float>(fb[0]);
         e[2 * k + 1] = static_cast<float>(fb[1]);
         pairs.push_back(ix[i + k]);
      }
      ends.push_back(e);
   }
   std::vector<zink_stipple_segment> segs(ends.size());
   std::string why;
   if (stipple && !zink_line_stipple_segments(ends, strip, &segs, &why)) {
      *error = "sample_raster_draw: " + why;
      return false;
   }
   *out = r;
   out->vertices.clear();
   out->indices.clear();
   inputs->clear();
   for (size_t i = 0; i < ends.size(); ++i) {
      const bool x_major = std::fabs(ends[i][2] - ends[i][0]) >= std::fabs(ends[i][3] - ends[i][1]);
      for (int k = -(width - 1) / 2; k <= (width - 1) / 2; ++k)
         for (int end = 0; end < 2; ++end) {
            raster_vertex v = r.vertices[pairs[2 * i + end]];
            // k pixels across: 2k / size in NDC, times w in clip coordinates.
            const int across = x_major ? 1 : 0;
            v.position[across] += 2.0f * static_cast<float>(k) / static_cast<float>(x_major ? r.height : r.width) *
                                  v.position[3];
            out->vertices.push_back(v);
            const zink_stipple_segment &g = segs[i];
            inputs->push_back({g.first, g.direction, g.axis, g.base});
         }
   }
   draw->topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
   draw->indices.resize(out->vertices.size());
   for (uint32_t i = 0; i < draw->indices.size(); ++i)
      draw->indices[i] = i;
   return true;
}

// Whether a vertex of `r` lies outside the clip volume (w <= 0, x or y beyond w, z beyond the
// near or far plane unless depth clamping keeps it).
bool reaches_outside_clip_volume(const zink_rasterizer_state &state, const raster_request &r) {
   const size_t count = r.indices.empty() ? r.vertices.size() : r.indices.size();
   for (size_t k = 0; k < count; ++k) {
      const float *p = r.vertices[r.indices.empty() ? k : r.indices[k]].position;
      const float z_min = state.base.clip_halfz ? 0.0f : -p[3];
      if (!(p[3] > 0.0f) || std::fabs(p[0]) > p[3] || std::fabs(p[1]) > p[3] ||
          (!state.hw.depth_clamp_enable && (p[2] < z_min || p[2] > p[3])))
         return true;
   }
   return false;
}

// The state that draws the CPU's shapes (rules Z5, Z10, Z14): filled triangles with none of the
// polygon rules (no culling, fill mode, offset, polygon stipple, sprite coordinates).
zink_rasterizer_state shapes_state(const zink_rasterizer_state &state) {
   zink_rasterizer_state filled = state;
   filled.emulate &= ~(ZINK_RAST_EMU_LARGE_POINTS | ZINK_RAST_EMU_POINT_SMOOTH | ZINK_RAST_EMU_LINE_SMOOTH |
                       ZINK_RAST_EMU_WIDE_LINES | ZINK_RAST_EMU_FILL_MODE | ZINK_RAST_EMU_POLYGON_STIPPLE |
                       ZINK_RAST_EMU_SPRITE_ORIGIN | ZINK_RAST_EMU_SPRITE_COORD_REPLACE);
   filled.base.cull_face = PIPE_FACE_NONE;
   filled.base.fill_front = filled.base.fill_back = PIPE_POLYGON_MODE_FILL;
   filled.base.poly_stipple_enable = 0;
   filled.base.offset_tri = 0;
   filled.hw.cull_mode = VK_CULL_MODE_NONE;
   filled.hw.polygon_mode = VK_POLYGON_MODE_FILL;
   filled.hw.depth_bias_enable = false;
   return filled;
}

}  // namespace

bool sample_job::make_raster_pipeline(const zink_rasterizer_state &state, const raster_request &r,
                                      VkPrimitiveTopology topology, float coverage_half_width, std::string *error) {
   const bool flat = r.flat;
   // Rule Z5's coverage: triangles of smooth lines' rectangles, each vertex with its segment.
   const bool coverage = coverage_half_width > 0.0f;
   // Cleared, or loaded from the request's initial image, which run_raster copies in first.
   const bool load = r.initial.has_value();
   VkAttachmentDescription att[2] = {};
   att[0].format = kRasterColor;
   att[1].format = kRasterDepth;
   for (VkAttachmentDescription &a : att) {
      a.samples = VK_SAMPLE_COUNT_1_BIT;
      a.loadOp = load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR;
      a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
      a.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
      a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
      a.initialLayout = load ? VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL : VK_IMAGE_LAYOUT_UNDEFINED;
      a.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   }
   const VkAttachmentReference color_ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   const VkAttachmentReference depth_ref{1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
   VkSubpassDescription sub{};
   sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
   sub.colorAttachmentCount = 1;
   sub.pColorAttachments = &color_ref;
   sub.pDepthStencilAttachment = &depth_ref;
   VkSubpassDependency dep[2] = {};
   dep[0].srcSubpass = 0;
   dep[0].dstSubpass = VK_SUBPASS_EXTERNAL;
   dep[0].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
   dep[0].dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
   dep[0].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
   dep[0].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
   // The initial image's copy before the load.
   dep[1].srcSubpass = VK_SUBPASS_EXTERNAL;
   dep[1].dstSubpass = 0;
   dep[1].srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
   dep[1].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
                         VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
   dep[1].srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   dep[1].dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                          VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
   VkRenderPassCreateInfo rp{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
   rp.attachmentCount = 2;
   rp.pAttachments = att;
   rp.subpassCount = 1;
   rp.pSubpasses = &sub;
   rp.dependencyCount = load ? 2 : 1;
   rp.pDependencies = dep;
   VkResult res = vk_.vkCreateRenderPass(dev_, &rp, nullptr, &raster_pass_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateRenderPass", "creating the rasterization render pass", error);

   const VkPushConstantRange pcr{VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(raster_constants)};
   VkPipelineLayoutCreateInfo li{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   li.pushConstantRangeCount = 1;
   li.pPushConstantRanges = &pcr;
   res = vk_.vkCreatePipelineLayout(dev_, &li, nullptr, &raster_layout_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreatePipelineLayout", "creating the rasterization pipeline layout", error);

   // Rule Z5's stipple in the shader, for line primitives (sample_raster_draw gave each segment
   // its counter input and refuses the rest): the vertex stage passes the input on.
   const bool line_stipple = (state.emulate & ZINK_RAST_EMU_LINE_STIPPLE) && line_topology(topology);
   // Rule Z8: the vertex stage writes the back colour too, and the fragment shader reads it on
   // back-facing polygons (lines are front-facing: nothing to pick for them under the stipple).
   const bool two_side = (state.emulate & ZINK_RAST_EMU_TWO_SIDE_COLOR) && !line_stipple && !coverage;
   auto spirv = [](const auto &a) { return std::vector<uint32_t>(std::begin(a), std::end(a)); };
   std::vector<uint32_t> code[2] = {
      coverage ? (flat ? spirv(raster_vert_flat_coverage) : spirv(raster_vert_coverage))
      : flat   ? (two_side       ? spirv(raster_vert_flat_two_side)
                  : line_stipple ? spirv(raster_vert_flat_stipple)
                                 : spirv(raster_vert_flat))
               : (two_side ? spirv(raster_vert_two_side) : line_stipple ? spirv(raster_vert_stipple) : spirv(raster_vert)),
      coverage ? (flat ? spirv(raster_frag_flat_coverage) : spirv(raster_frag_coverage))
               : (flat ? spirv(raster_frag_flat) : spirv(raster_frag))};
   spirv_raster_fs_options o;
   if (two_side)
      o.two_side_colors = {{0, 1}};
   // Rule Z7: the polygon stipple in the fragment shader, for filled polygons only (GL stipples no
   // line, point, or polygon drawn as lines or points): chosen per pipeline below.
   o.stipple_rows = r.stipple_rows;
   if (line_stipple) {
      o.line_stipple = true;
      o.line_stipple_location = 5;
      o.line_stipple_factor = state.base.line_stipple_factor + 1u;
      o.line_stipple_pattern = state.base.line_stipple_pattern;
   }
   // Rule Z9: point sprites' coordinates (unit 0's texture coordinates are at location 2), for
   // points only: PointCoord is a point primitive's.
   if (topology == VK_PRIMITIVE_TOPOLOGY_POINT_LIST) {
      if ((state.emulate & ZINK_RAST_EMU_SPRITE_COORD_REPLACE) && (state.base.sprite_coord_enable & 1u))
         o.sprite_coord_locations = {2};
      o.point_coord_lower_left = (state.emulate & ZINK_RAST_EMU_SPRITE_ORIGIN) != 0;
   }
   // The shader modules: the vertex stage (raster_modules_[0]) and the fragment stage without
   // the stipple ([1]) and with it ([2]), each made when a pipeline first needs it.
   auto module = [&](int i, std::string *err) {
      if (raster_modules_[i])
         return true;
      std::vector<uint32_t> words = code[i == 0 ? 0 : 1];
      spirv_raster_fs_options oi = o;
      oi.polygon_stipple = i == 2;
      if (i > 0) {  // without an emulation the lowering gives the shader back word for word
         std::string why;
         if (!spirv_lower_raster_fs(code[1], oi, &words, &why)) {
            *err = "device rasterization: the fragment shader's lowering failed: " + why;
            return false;
         }
      }
      VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
      mi.codeSize = words.size() * sizeof(uint32_t);
      mi.pCode = words.data();
      const VkResult mr = vk_.vkCreateShaderModule(dev_, &mi, nullptr, &raster_modules_[i]);
      return mr == VK_SUCCESS || vk_failed(mr, "vkCreateShaderModule", "creating a rasterization shader", err);
   };
   const bool stipple = (state.emulate & ZINK_RAST_EMU_POLYGON_STIPPLE) && topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   // The fragment stage's constants: SHOW_TEXCOORD, and HALF_WIDTH where it computes coverage.
   struct {
      VkBool32 show_texcoord;
      float half_width;
   } const constants{r.show_texcoord ? VK_TRUE : VK_FALSE, coverage_half_width};
   const VkSpecializationMapEntry entries[2] = {{0, 0, sizeof(VkBool32)}, {1, sizeof(VkBool32), sizeof(float)}};
   const VkSpecializationInfo show_info{coverage ? 2u : 1u, entries, sizeof constants, &constants};
   if (!module(0, error))
      return false;
   VkPipelineShaderStageCreateInfo stages[2] = {};
   for (int i = 0; i < 2; ++i) {
      stages[i].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
      stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
      stages[i].module = raster_modules_[0];
      stages[i].pName = "main";
   }
   stages[1].pSpecializationInfo = &show_info;

   const VkVertexInputBindingDescription binding{0, sizeof(draw_vertex), VK_VERTEX_INPUT_RATE_VERTEX};
   VkVertexInputAttributeDescription attrs[6] = {
      {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, static_cast<uint32_t>(offsetof(raster_vertex, position))},
      {1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, static_cast<uint32_t>(offsetof(raster_vertex, color))},
      {2, 0, VK_FORMAT_R32_SFLOAT, static_cast<uint32_t>(offsetof(raster_vertex, point_size))},
      {4, 0, VK_FORMAT_R32G32B32A32_SFLOAT, static_cast<uint32_t>(offsetof(raster_vertex, texcoord))},
      {3, 0, VK_FORMAT_R32G32B32A32_SFLOAT, static_cast<uint32_t>(offsetof(raster_vertex, back_color))}};
   // Last, the back colour, the stipple input or the segment (one at most), where the vertex
   // stage reads one.
   if (line_stipple)
      attrs[4] = {5, 0, VK_FORMAT_R32G32B32A32_SINT, static_cast<uint32_t>(offsetof(draw_vertex, stipple))};
   if (coverage)
      attrs[4] = {6, 0, VK_FORMAT_R32G32B32A32_SFLOAT, static_cast<uint32_t>(offsetof(draw_vertex, segment))};
   VkPipelineVertexInputStateCreateInfo vin{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   vin.vertexBindingDescriptionCount = 1;
   vin.pVertexBindingDescriptions = &binding;
   vin.vertexAttributeDescriptionCount = two_side || line_stipple || coverage ? 5 : 4;
   vin.pVertexAttributeDescriptions = attrs;
   VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
   ia.topology = topology;
   VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
   vp.viewportCount = 1;
   vp.scissorCount = 1;
   VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
   ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
   VkPipelineDepthStencilStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
   ds.depthTestEnable = VK_TRUE;
   ds.depthWriteEnable = VK_TRUE;
   ds.depthCompareOp = VK_COMPARE_OP_ALWAYS;
   VkPipelineColorBlendAttachmentState blend{};
   blend.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT |
                          VK_COLOR_COMPONENT_A_BIT;
   VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
   cb.attachmentCount = 1;
   cb.pAttachments = &blend;
   const VkDynamicState dyn[2] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo dy{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
   dy.dynamicStateCount = 2;
   dy.pDynamicStates = dyn;
   VkGraphicsPipelineCreateInfo gp{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
   gp.stageCount = 2;
   gp.pStages = stages;
   gp.pVertexInputState = &vin;
   gp.pInputAssemblyState = &ia;
   gp.pViewportState = &vp;
   gp.pMultisampleState = &ms;
   gp.pDepthStencilState = &ds;
   gp.pColorBlendState = &cb;
   gp.pDynamicState = &dy;
   gp.layout = raster_layout_;
   gp.renderPass = raster_pass_;
   // One pipeline with the state's structs; or, for different fill modes (rule Z3 by passes), one
   // per face that the state does not cull.
   raster_by_face_ = (state.emulate & ZINK_RAST_EMU_FILL_MODE) && topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   for (unsigned face : {PIPE_FACE_FRONT, PIPE_FACE_BACK}) {
      zink_rasterizer_hw hw = state.hw;
      if (raster_by_face_) {
         if (!zink_rasterizer_face_pass(screen_.device_caps(), state, face, &hw)) {
            *error = "device rasterization: the state needs emulation the device draw does not do: fill_mode (a LINE or POINT polygon mode without fillModeNonSolid, the geometry stage's job)";
            return false;
         }
         if ((hw.cull_mode & VK_CULL_MODE_FRONT_AND_BACK) == VK_CULL_MODE_FRONT_AND_BACK)
            continue;  // the state culls this face
      } else if (face == PIPE_FACE_BACK) {
         break;
      }
      const int fs = stipple && hw.polygon_mode == VK_POLYGON_MODE_FILL ? 2 : 1;
      if (!module(fs, error))
         return false;
      stages[1].module = raster_modules_[fs];
      zink_rasterization_info rast;
      zink_fill_rasterization_info(hw, &rast);
      vp.pNext = rast.viewport_next;
      gp.pRasterizationState = &rast.info;
      VkPipeline *out = face == PIPE_FACE_FRONT ? &raster_pipeline_ : &raster_back_pipeline_;
      res = vk_.vkCreateGraphicsPipelines(dev_, VK_NULL_HANDLE, 1, &gp, nullptr, out);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkCreateGraphicsPipelines", "creating the rasterization pipeline", error);
   }
   return true;
}

bool sample_job::run_raster(const zink_rasterizer_state &state, const raster_request &r, const zink_prim_draw &draw,
                            std::span<const std::array<int32_t, 4>> stipple, raster_image *image, std::string *error,
                            const raster_coverage &coverage) {
   const uint32_t w = r.width, h = r.height;
   const size_t n = static_cast<size_t>(w) * h;
   if (!make_attachment(0, kRasterColor, w, h, error) || !make_attachment(1, kRasterDepth, w, h, error))
      return false;
   // results_: the colour rows then the depth rows, then (where the request has an initial image)
   // its colour and depth rows; staging_: the vertices; lookups_: the indices.
   const VkBufferUsageFlags readback = VK_BUFFER_USAGE_TRANSFER_DST_BIT | (r.initial ? VK_BUFFER_USAGE_TRANSFER_SRC_BIT : 0);
   if (!make_host_buffer(n * (r.initial ? 16 : 8), readback, "rasterization readback buffer", &results_, error))
      return false;
   if (r.initial) {
      std::memcpy(static_cast<uint8_t *>(results_.mapped) + n * 8, r.initial->rgba.data(), n * 4);
      std::memcpy(static_cast<uint8_t *>(results_.mapped) + n * 12, r.initial->depth.data(), n * 4);
   }
   const size_t vbytes = std::max<size_t>(1, r.vertices.size()) * sizeof(draw_vertex);
   const size_t ibytes = std::max<size_t>(1, draw.indices.size()) * sizeof(uint32_t);
   if (!make_host_buffer(vbytes, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, "vertex buffer", &staging_, error) ||
       !make_host_buffer(ibytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, "index buffer", &lookups_, error))
      return false;
   std::vector<draw_vertex> vertices(r.vertices.size());
   for (size_t i = 0; i < vertices.size(); ++i) {
      vertices[i].v = r.vertices[i];
      if (i < stipple.size())
         std::memcpy(vertices[i].stipple, stipple[i].data(), sizeof vertices[i].stipple);
      if (i < coverage.segments.size())
         std::memcpy(vertices[i].segment, coverage.segments[i].data(), sizeof vertices[i].segment);
   }
   if (!vertices.empty())
      std::memcpy(staging_.mapped, vertices.data(), vertices.size() * sizeof(draw_vertex));
   if (!draw.indices.empty())
      std::memcpy(lookups_.mapped, draw.indices.data(), draw.indices.size() * sizeof(uint32_t));
   if (!make_raster_pipeline(state, r, draw.topology, coverage.segments.empty() ? 0.0f : coverage.half_width, error))
      return false;

   if (!make_framebuffer(raster_pass_, w, h, "the rasterization framebuffer", error))
      return false;

   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!begin_commands(&cmd, error))
      return false;
   VkBufferImageCopy c{};
   c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
   c.imageExtent = {w, h, 1};
   if (r.initial) {
      VkImageMemoryBarrier to_dst[2] = {};
      for (int i = 0; i < 2; ++i) {
         to_dst[i].sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER;
         to_dst[i].dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
         to_dst[i].oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
         to_dst[i].newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
         to_dst[i].srcQueueFamilyIndex = to_dst[i].dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
         to_dst[i].image = attachments_[i];
         to_dst[i].subresourceRange = {i ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT)
                                         : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT),
                                       0, 1, 0, 1};
      }
      vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                               nullptr, 2, to_dst);
      VkBufferImageCopy d = c;
      d.bufferOffset = n * 8;
      vk_.vkCmdCopyBufferToImage(cmd, results_.buffer, attachments_[0], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &d);
      d.bufferOffset = n * 12;
      d.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
      vk_.vkCmdCopyBufferToImage(cmd, results_.buffer, attachments_[1], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &d);
   }
   VkClearValue clear[2] = {};
   std::memcpy(clear[0].color.float32, r.clear_color, sizeof r.clear_color);
   clear[1].depthStencil = {r.clear_depth, 0};
   begin_pass(cmd, raster_pass_, w, h, clear);
   // GL_SCISSOR_TEST is the state's `scissor`: the request's rectangle, else the whole target.
   // Clipped to the target: GL's rectangle may start left of or below it, Vulkan's may not.
   VkRect2D scissor{{0, 0}, {w, h}};
   if (state.base.scissor) {
      const int64_t x0 = std::clamp<int64_t>(r.scissor_x, 0, w), y0 = std::clamp<int64_t>(r.scissor_y, 0, h);
      const int64_t x1 = std::clamp<int64_t>(int64_t(r.scissor_x) + r.scissor_width, x0, w);
      const int64_t y1 = std::clamp<int64_t>(int64_t(r.scissor_y) + r.scissor_height, y0, h);
      scissor = {{int32_t(x0), int32_t(y0)}, {uint32_t(x1 - x0), uint32_t(y1 - y0)}};
   }
   vk_.vkCmdSetScissor(cmd, 0, 1, &scissor);
   raster_constants pc{};
   pc.point_size = state.emulate & ZINK_RAST_EMU_POINT_SIZE ? state.point_size : 0.0f;
   pc.minus_one_to_one = (state.emulate & ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE) ? 1u : 0u;
   pc.clamp_color = r.clamp_vertex_color ? 1u : 0u;
   vk_.vkCmdPushConstants(cmd, raster_layout_, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof pc, &pc);
   const VkDeviceSize zero = 0;
   vk_.vkCmdBindVertexBuffers(cmd, 0, 1, &staging_.buffer, &zero);
   if (!draw.indices.empty()) {
      vk_.vkCmdBindIndexBuffer(cmd, lookups_.buffer, 0, VK_INDEX_TYPE_UINT32);
      if (!raster_by_face_) {
         vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, raster_pipeline_);
         vk_.vkCmdDrawIndexed(cmd, static_cast<uint32_t>(draw.indices.size()), 1, 0, 0, 0);
      } else {
         // Each triangle through the front pass, then the back pass: one of them draws it, in
         // GL's order.
         for (uint32_t t = 0; t + 3 <= draw.indices.size(); t += 3)
            for (VkPipeline p : {raster_pipeline_, raster_back_pipeline_})
               if (p) {
                  vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
                  vk_.vkCmdDrawIndexed(cmd, 3, 1, t, 0, 0);
               }
      }
   }
   vk_.vkCmdEndRenderPass(cmd);
   vk_.vkCmdCopyImageToBuffer(cmd, attachments_[0], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, results_.buffer, 1, &c);
   c.bufferOffset = n * 4;
   c.imageSubresource.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   vk_.vkCmdCopyImageToBuffer(cmd, attachments_[1], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, results_.buffer, 1, &c);
   VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
   mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, nullptr, 0,
                            nullptr);
   if (!end_submit_and_wait(cmd, "the rasterization draw", error))
      return false;
   image->width = w;
   image->height = h;
   const uint8_t *src = static_cast<const uint8_t *>(results_.mapped);
   image->rgba.assign(src, src + n * 4);
   image->depth.resize(n);
   std::memcpy(image->depth.data(), src + n * 4, n * 4);
   return true;
}

}  // namespace clampler::sample_internal

namespace clampler {

bool sample_raster_draw(const zink_screen &screen, const zink_rasterizer_state &state, const raster_request &request,
                        raster_image *image, std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!image) {
      *err = "sample_raster_draw: no image given";
      return false;
   }
   if (request.width == 0 || request.height == 0 || request.width > 4096 || request.height > 4096) {
      *err = "sample_raster_draw: a " + std::to_string(request.width) + "x" + std::to_string(request.height) +
             " target; each side must be in [1, 4096]";
      return false;
   }
   if (const uint32_t other = state.emulate & ~sample_internal::kDrawEmulates) {
      std::string names;
      for (uint32_t k = 0; k < 32; ++k)
         if (other & (1u << k)) {
            const std::string name = zink_raster_emulation_name(1u << k);
            names += (names.empty() ? "" : ", ") + (name.empty() ? "bit " + std::to_string(k) : name);
         }
      *err = "sample_raster_draw: the state needs emulation the device draw does not do: " + names;
      return false;
   }
   const auto depth_outside = [](const raster_image &img) {
      return std::find_if(img.depth.begin(), img.depth.end(), [](float d) { return !(d >= 0.0f && d <= 1.0f); });
   };
   if (request.initial &&
       (request.initial->width != request.width || request.initial->height != request.height ||
        request.initial->rgba.size() != size_t(request.width) * request.height * 4 ||
        request.initial->depth.size() != size_t(request.width) * request.height ||
        depth_outside(*request.initial) != request.initial->depth.end())) {
      const std::vector<float> &depth = request.initial->depth;
      const auto out = depth_outside(*request.initial);
      *err = "sample_raster_draw: the initial image must be the target's " + std::to_string(request.width) + "x" +
             std::to_string(request.height) + ", with 4 bytes of colour and a depth in [0, 1] per pixel; it is " +
             std::to_string(request.initial->width) + "x" + std::to_string(request.initial->height) + " with " +
             std::to_string(request.initial->rgba.size()) + " colour bytes and " + std::to_string(depth.size()) +
             " depths" +
             (out == depth.end() ? std::string()
                                 : ", depth " + std::to_string(out - depth.begin()) + " being " + std::to_string(*out));
      return false;
   }
   const uint32_t count = static_cast<uint32_t>(request.indices.empty() ? request.vertices.size() : request.indices.size());
   for (size_t i = 0; i < request.indices.size(); ++i)
      if (request.indices[i] >= request.vertices.size()) {
         *err = "sample_raster_draw: index " + std::to_string(i) + " is " + std::to_string(request.indices[i]) +
                " but there are " + std::to_string(request.vertices.size()) + " vertices";
         return false;
      }
   // GL draws a quad's or polygon's boundary edges (or vertices) in a LINE (POINT) polygon mode,
   // never the edges inside it that a decomposition into triangles adds: that needs edge flags.
   const bool decomposed = request.prim == PIPE_PRIM_QUADS || request.prim == PIPE_PRIM_QUAD_STRIP ||
                           request.prim == PIPE_PRIM_POLYGON;
   // Rule Z3 on the CPU where every face drawn takes one LINE or POINT mode and the device cannot
   // draw it (no fillModeNonSolid) or would show a decomposition's diagonals; and POINT mode where
   // GL's points are not single pixels (`gl_points` below): Vulkan leaves a POINT-mode polygon's
   // point size to the device (PointSize or 1, before VK_KHR_maintenance5), where GL's points
   // (sprites and large points too) are real points. Single-pixel points are the same either way.
   const bool polygon_prim = request.prim >= PIPE_PRIM_TRIANGLES && request.prim <= PIPE_PRIM_POLYGON;
   const bool front_drawn = !(state.base.cull_face & PIPE_FACE_FRONT), back_drawn = !(state.base.cull_face & PIPE_FACE_BACK);
   const pipe_polygon_mode one_mode = front_drawn ? state.base.fill_front : state.base.fill_back;
   // Rule Z3 on the CPU with the front and back modes apart, where the face passes cannot draw
   // them: quads, quad strips and polygons (a LINE face's boundary only, no diagonals), any
   // polygon without fillModeNonSolid, and a POINT face whose points are not single pixels
   // (GL's points, as above: sizes other than 1, per-vertex sizes, sprites, large points, smooth
   // points). Runs of polygons of one facing, each drawn in its mode onto the last run's image, in
   // GL's order.
   const pipe_rasterizer_state &b = state.base;
   const auto drawn_in = [&](pipe_polygon_mode m) {
      return (front_drawn && b.fill_front == m) || (back_drawn && b.fill_back == m);
   };
   // A POINT face that clipping cuts goes to the CPU too (which refuses it by name): GL draws the
   // vertices clipping makes, and lavapipe's POINT mode drew one of the two a far-plane cut made.
   const bool gl_points = drawn_in(PIPE_POLYGON_MODE_POINT) &&
                          (b.point_quad_rasterization || b.point_size_per_vertex || b.point_size != 1.0f ||
                           (state.emulate & (ZINK_RAST_EMU_LARGE_POINTS | ZINK_RAST_EMU_POINT_SMOOTH)) ||
                           (polygon_prim && sample_internal::reaches_outside_clip_volume(state, request)));
   // And a LINE face whose lines the draw makes itself (smooth lines as rectangles, rule Z5; wide
   // lines as copies, rule Z6): Vulkan's LINE mode would draw them as the device's own lines.
   const bool cpu_lines = drawn_in(PIPE_POLYGON_MODE_LINE) &&
                          (state.emulate & (ZINK_RAST_EMU_LINE_SMOOTH | ZINK_RAST_EMU_WIDE_LINES));
   if (polygon_prim && front_drawn && back_drawn && b.fill_front != b.fill_back &&
       (decomposed || !screen.device_caps().fill_mode_non_solid || gl_points || cpu_lines)) {
      std::vector<sample_internal::face_run> runs;
      if (!sample_internal::faces_apart_on_cpu(screen, state, request, &runs, err))
         return false;
      raster_image drawn;
      for (size_t i = 0; i < runs.size(); ++i) {
         const std::string run = "sample_raster_draw: the front and back modes apart, the run from polygon " +
                                 std::to_string(runs[i].first_polygon) + " of the draw: ";
         if (i > 0) {
            // The next run loads this one's depth, which a D32_SFLOAT copy takes in [0, 1] only.
            const auto out = depth_outside(drawn);
            if (out != drawn.depth.end()) {
               *err = run + "the run before it left the depth " + std::to_string(*out) + " at pixel " +
                      std::to_string(out - drawn.depth.begin()) +
                      " outside [0, 1] (an offset past the near or far plane), which this run cannot load";
               return false;
            }
            runs[i].request.initial = std::move(drawn);
         }
         if (!sample_raster_draw(screen, runs[i].state, runs[i].request, &drawn, err)) {
            *err = run + "(its polygons numbered from 0) " + *err;
            return false;
         }
      }
      *image = std::move(drawn);
      return true;
   }
   if (polygon_prim && (front_drawn || back_drawn) && one_mode != PIPE_POLYGON_MODE_FILL &&
       (!front_drawn || !back_drawn || state.base.fill_front == state.base.fill_back) &&
       (decomposed || !screen.device_caps().fill_mode_non_solid || (one_mode == PIPE_POLYGON_MODE_POINT && gl_points) ||
        cpu_lines)) {
      if (one_mode == PIPE_POLYGON_MODE_LINE && state.base.line_stipple_enable) {
         *err = "sample_raster_draw: stippled polygon edges drawn on the CPU: GL's counter over a polygon's edges "
                "is not what the draw's lines count";
         return false;
      }
      raster_request edges;
      bool leaves_depth_range = false;
      if (!sample_internal::polygon_modes_on_cpu(screen, state, request, one_mode, &edges, &leaves_depth_range, err))
         return false;
      // The offset is in the vertices now; Vulkan's depth bias is for polygons only anyway. Where
      // it moves a vertex past the near or far plane, GL clamps the depth: so does depth clamping.
      zink_rasterizer_state lines = state;
      lines.hw.depth_bias_enable = false;
      // Every line and point carries its polygon's colours at both ends: either convention
      // gives them; take the pipeline's, so that no index rewriting is needed (or refused).
      lines.base.flatshade_first =
         !(lines.hw.chain_provoking_vertex && lines.hw.provoking_vertex_mode == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT);
      if (leaves_depth_range) {
         if (!screen.device_caps().depth_clamp) {
            *err = "sample_raster_draw: the polygon offset moves a vertex drawn on the CPU past the near or far "
                   "plane, where GL clamps its depth; the device has no depthClamp to do so";
            return false;
         }
         lines.hw.depth_clamp_enable = true;
      }
      return sample_raster_draw(screen, lines, edges, image, error);
   }
   // From here a polygon's drawn faces are all FILL, or (triangles on a device with
   // fillModeNonSolid, the device's own lines) in one LINE mode or in FILL and LINE apart; a
   // culled face's mode draws nothing (zink_rasterizer_face_pass culls it whatever its mode).
   // Where the draw makes a drawn LINE face's lines itself (smooth or wide ones), the polygons
   // went through the CPU's polygon modes above, their edges lines.
   const bool line_prim = request.prim == PIPE_PRIM_LINES || request.prim == PIPE_PRIM_LINE_STRIP ||
                          request.prim == PIPE_PRIM_LINE_LOOP;
   const bool polygon_lines = polygon_prim && drawn_in(PIPE_POLYGON_MODE_LINE);
   // Rule Z5 on the CPU: smooth lines without smoothLines as the rectangles of GL's antialiasing
   // (any width: the wide-line copies are not needed).
   const bool smooth_rectangles = (state.emulate & ZINK_RAST_EMU_LINE_SMOOTH) && line_prim;
   if (smooth_rectangles && state.base.line_stipple_enable) {
      *err = "sample_raster_draw: stippled smooth lines without smoothLines: the draw makes each segment one "
             "rectangle, and does not stipple it";
      return false;
   }
   // Rule Z6 in the draw: a wide aliased line as copies of the width-1 line, whole pixels apart
   // (odd widths: an even one's columns are not whole-pixel moves of the width-1 line's). Those
   // copies are a line list, where the device's stipple counter would restart at each segment
   // and copy: the stipple is then counted in the shader.
   zink_rasterizer_state local = state;
   int wide_width = 1;
   if ((state.emulate & ZINK_RAST_EMU_WIDE_LINES) && line_prim && !smooth_rectangles) {
      const float rounded = std::max(1.0f, std::round(state.base.line_width));
      if (state.base.line_smooth || state.base.multisample) {
         *err = "sample_raster_draw: wide smooth or multisampled lines beyond the device's widths (rectangles, "
                "not GL's columns of fragments), which the device draw does not do";
         return false;
      }
      if (!state.hw.chain_line || state.hw.line_mode != VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT) {
         *err = "sample_raster_draw: wide lines beyond the device's widths are copies of Bresenham lines, and these "
                "lines are not drawn as such (no bresenhamLines or no VK_EXT_line_rasterization)";
         return false;
      }
      if (static_cast<int>(rounded) % 2 == 0 || rounded > 255.0f) {
         *err = "sample_raster_draw: a line width of " + std::to_string(state.base.line_width) +
                " beyond the device's widths rounds to " + std::to_string(static_cast<int>(rounded)) +
                "; the device draw makes GL's columns for odd widths up to 255 only";
         return false;
      }
      wide_width = static_cast<int>(rounded);
      if (local.hw.stippled_line_enable) {
         local.hw.stippled_line_enable = false;
         local.emulate |= ZINK_RAST_EMU_LINE_STIPPLE;
      }
   }
   // Rule Z5's stipple in the shader counts the fragments of Bresenham lines, one per column
   // (row); GL stipples polygon edges drawn as lines too, which Vulkan's LINE mode draws with no
   // segment of the draw's own.
   if (local.emulate & ZINK_RAST_EMU_LINE_STIPPLE) {
      if (line_prim && (!state.hw.chain_line || state.hw.line_mode != VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT)) {
         *err = "sample_raster_draw: the line stipple in the shader counts the fragments of Bresenham lines, and "
                "these lines are not drawn as such (smooth, multisampled, or no VK_EXT_line_rasterization)";
         return false;
      }
      if (polygon_lines) {
         *err = "sample_raster_draw: polygons drawn as lines under the line stipple in the shader: Vulkan's LINE "
                "mode makes their edges without the per-segment counter the stipple needs";
         return false;
      }
   }
   // Rules Z14 and Z10 on the CPU: smooth points as polygons on their circles, and points the
   // device cannot size as squares of two triangles, drawn with none of the polygon rules (no
   // culling, fill mode, offset, stipple or back colours).
   const bool smooth_points = (state.emulate & ZINK_RAST_EMU_POINT_SMOOTH) && request.prim == PIPE_PRIM_POINTS;
   if (smooth_points || ((state.emulate & ZINK_RAST_EMU_LARGE_POINTS) && request.prim == PIPE_PRIM_POINTS)) {
      raster_request triangles;
      if (smooth_points)
         sample_internal::points_as_circles(state, request, &triangles);
      else
         sample_internal::points_as_quads(state, request, &triangles);
      return sample_raster_draw(screen, sample_internal::shapes_state(state), triangles, image, error);
   }
   // Rule Z10 for the per-vertex sizes of points the device draws: GL's size in each vertex, where
   // the vertex stage reads it (an aliased non-sprite point's rounded; the device would not).
   if (request.prim == PIPE_PRIM_POINTS && state.base.point_size_per_vertex) {
      raster_request sized = request;
      bool changed = false;
      for (raster_vertex &v : sized.vertices) {
         const float size = sample_internal::gl_point_size(state.base, v);
         changed |= !(size == v.point_size);
         v.point_size = size;
      }
      if (changed)
         return sample_raster_draw(screen, state, sized, image, error);
   }
   // GL's primitive as a Vulkan list or strip with GL's provoking vertex in the pipeline's slot.
   zink_prim_convention c;
   c.gl_first = state.base.flatshade_first;
   c.quads_follow = screen.get_param(PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0;
   c.vk_last = state.hw.chain_provoking_vertex && state.hw.provoking_vertex_mode == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
   // The smooth lines' rectangles are triangles whose every corner carries the provoking vertex's
   // flat colour: the segments keep GL's direction, its provoking end named, whatever the
   // pipeline's convention (which could not reorder lines without VK_EXT_provoking_vertex).
   if (smooth_rectangles)
      c.vk_last = !c.gl_first;
   zink_prim_draw draw;
   if (!zink_convert_primitives(request.prim, count, c, &draw, err)) {
      *err = "sample_raster_draw: " + *err;
      return false;
   }
   if (!request.indices.empty())
      for (uint32_t &i : draw.indices)
         i = request.indices[i];
   const bool lines = sample_internal::line_topology(draw.topology);
   if (smooth_rectangles && lines) {
      // Each corner carries its segment's ends, from which the fragment stage works out its
      // coverage; back colours are the front ones (lines are front-facing).
      raster_request rectangles;
      sample_internal::raster_coverage coverage;
      if (!sample_internal::lines_as_rectangles(state, request, draw, c.vk_last, &rectangles, &coverage.segments, err))
         return false;
      coverage.half_width = 0.5f * std::max(state.base.line_width, 1.0f);
      zink_rasterizer_state filled = sample_internal::shapes_state(state);
      filled.emulate &= ~ZINK_RAST_EMU_TWO_SIDE_COLOR;
      zink_prim_draw triangles;
      triangles.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
      triangles.indices.resize(rectangles.vertices.size());
      for (uint32_t i = 0; i < triangles.indices.size(); ++i)
         triangles.indices[i] = i;
      sample_internal::sample_job job(screen);
      return job.run_raster(filled, rectangles, triangles, {}, image, err, coverage);
   }
   sample_internal::sample_job job(screen);
   const bool stipple = (local.emulate & ZINK_RAST_EMU_LINE_STIPPLE) && lines;
   const bool wide = (local.emulate & ZINK_RAST_EMU_WIDE_LINES) && lines;
   if (!stipple && !wide)
      return job.run_raster(local, request, draw, {}, image, err);
   raster_request segments;
   std::vector<std::array<int32_t, 4>> inputs;
   if (!sample_internal::line_segments(local, request, stipple, wide_width, &draw, &segments, &inputs, err))
      return false;
   return job.run_raster(local, segments, draw, stipple ? std::span<const std::array<int32_t, 4>>(inputs)
                                                        : std::span<const std::array<int32_t, 4>>(),
                         image, err);
}

}  // namespace clampler
