// Vulkan enum names and the VkSamplerCreateInfo chain as JSON (for explain --device and info).
#include "clampler/tools/vk_json.h"

#include "clampler/zink/zink_format.h"

namespace clampler {

#define NAME(x) \
   case x: return #x

const char *vk_filter_name(VkFilter v) {
   switch (v) {
      NAME(VK_FILTER_NEAREST);
      NAME(VK_FILTER_LINEAR);
   default: return "VK_FILTER_UNKNOWN";
   }
}

const char *vk_mipmap_mode_name(VkSamplerMipmapMode v) {
   switch (v) {
      NAME(VK_SAMPLER_MIPMAP_MODE_NEAREST);
      NAME(VK_SAMPLER_MIPMAP_MODE_LINEAR);
   default: return "VK_SAMPLER_MIPMAP_MODE_UNKNOWN";
   }
}

const char *vk_address_mode_name(VkSamplerAddressMode v) {
   switch (v) {
      NAME(VK_SAMPLER_ADDRESS_MODE_REPEAT);
      NAME(VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
      NAME(VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
      NAME(VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
      NAME(VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE);
   default: return "VK_SAMPLER_ADDRESS_MODE_UNKNOWN";
   }
}

const char *vk_compare_op_name(VkCompareOp v) {
   switch (v) {
      NAME(VK_COMPARE_OP_NEVER);
      NAME(VK_COMPARE_OP_LESS);
      NAME(VK_COMPARE_OP_EQUAL);
      NAME(VK_COMPARE_OP_LESS_OR_EQUAL);
      NAME(VK_COMPARE_OP_GREATER);
      NAME(VK_COMPARE_OP_NOT_EQUAL);
      NAME(VK_COMPARE_OP_GREATER_OR_EQUAL);
      NAME(VK_COMPARE_OP_ALWAYS);
   default: return "VK_COMPARE_OP_UNKNOWN";
   }
}

const char *vk_border_color_name(VkBorderColor v) {
   switch (v) {
      NAME(VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK);
      NAME(VK_BORDER_COLOR_INT_TRANSPARENT_BLACK);
      NAME(VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK);
      NAME(VK_BORDER_COLOR_INT_OPAQUE_BLACK);
      NAME(VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE);
      NAME(VK_BORDER_COLOR_INT_OPAQUE_WHITE);
      NAME(VK_BORDER_COLOR_FLOAT_CUSTOM_EXT);
      NAME(VK_BORDER_COLOR_INT_CUSTOM_EXT);
   default: return "VK_BORDER_COLOR_UNKNOWN";
   }
}

const char *vk_reduction_mode_name(VkSamplerReductionMode v) {
   switch (v) {
      NAME(VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE);
      NAME(VK_SAMPLER_REDUCTION_MODE_MIN);
      NAME(VK_SAMPLER_REDUCTION_MODE_MAX);
   default: return "VK_SAMPLER_REDUCTION_MODE_UNKNOWN";
   }
}

const char *vk_device_type_name(VkPhysicalDeviceType v) {
   switch (v) {
      NAME(VK_PHYSICAL_DEVICE_TYPE_OTHER);
      NAME(VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU);
      NAME(VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU);
      NAME(VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU);
      NAME(VK_PHYSICAL_DEVICE_TYPE_CPU);
   default: return "VK_PHYSICAL_DEVICE_TYPE_UNKNOWN";
   }
}


nlohmann::ordered_json vk_sampler_create_info_json(const zink_sampler_create_info &ci) {
   using ojson = nlohmann::ordered_json;
   const VkSamplerCreateInfo &i = ci.info;
   ojson j;
   j["sType"] = "VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO";
   ojson flags = ojson::array();
   if (i.flags & VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT)
      flags.push_back("VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT");
   j["flags"] = flags;
   j["magFilter"] = vk_filter_name(i.magFilter);
   j["minFilter"] = vk_filter_name(i.minFilter);
   j["mipmapMode"] = vk_mipmap_mode_name(i.mipmapMode);
   j["addressModeU"] = vk_address_mode_name(i.addressModeU);
   j["addressModeV"] = vk_address_mode_name(i.addressModeV);
   j["addressModeW"] = vk_address_mode_name(i.addressModeW);
   j["mipLodBias"] = i.mipLodBias;
   j["anisotropyEnable"] = i.anisotropyEnable == VK_TRUE;
   j["maxAnisotropy"] = i.maxAnisotropy;
   j["compareEnable"] = i.compareEnable == VK_TRUE;
   j["compareOp"] = vk_compare_op_name(i.compareOp);
   j["minLod"] = i.minLod;
   j["maxLod"] = i.maxLod;
   j["borderColor"] = vk_border_color_name(i.borderColor);
   j["unnormalizedCoordinates"] = i.unnormalizedCoordinates == VK_TRUE;
   ojson chain = ojson::array();
   for (auto *p = static_cast<const VkBaseInStructure *>(i.pNext); p; p = p->pNext) {
      ojson c;
      if (p->sType == VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO) {
         c["sType"] = "VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO";
         c["reductionMode"] = vk_reduction_mode_name(ci.reduction.reductionMode);
      } else if (p->sType == VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT) {
         c["sType"] = "VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT";
         const VkClearColorValue &v = ci.custom_border.customBorderColor;
         if (i.borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT)
            c["customBorderColor"] = {{"int32", {v.int32[0], v.int32[1], v.int32[2], v.int32[3]}},
                                      {"uint32", {v.uint32[0], v.uint32[1], v.uint32[2], v.uint32[3]}}};
         else
            c["customBorderColor"] = {{"float32", {v.float32[0], v.float32[1], v.float32[2], v.float32[3]}}};
         c["format"] = vk_format_name(ci.custom_border.format);
      } else if (p->sType == VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT) {
         c["sType"] = "VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT";
         const VkComponentMapping &m = ci.border_mapping.components;
         c["components"] = {vk_swizzle_name(m.r), vk_swizzle_name(m.g), vk_swizzle_name(m.b), vk_swizzle_name(m.a)};
         c["srgb"] = ci.border_mapping.srgb == VK_TRUE;
      } else {
         c["sType"] = static_cast<int>(p->sType);
      }
      chain.push_back(c);
   }
   j["pNext"] = chain;
   return j;
}

namespace {

const char *vk_polygon_mode_name(VkPolygonMode v) {
   switch (v) {
      NAME(VK_POLYGON_MODE_FILL);
      NAME(VK_POLYGON_MODE_LINE);
      NAME(VK_POLYGON_MODE_POINT);
   default: return "VK_POLYGON_MODE_UNKNOWN";
   }
}

const char *vk_line_mode_name(VkLineRasterizationModeEXT v) {
   switch (v) {
      NAME(VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT);
      NAME(VK_LINE_RASTERIZATION_MODE_RECTANGULAR_EXT);
      NAME(VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT);
      NAME(VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH_EXT);
   default: return "VK_LINE_RASTERIZATION_MODE_UNKNOWN";
   }
}

nlohmann::ordered_json cull_mode_json(VkCullModeFlags f) {
   nlohmann::ordered_json a = nlohmann::ordered_json::array();
   if (f & VK_CULL_MODE_FRONT_BIT)
      a.push_back("VK_CULL_MODE_FRONT_BIT");
   if (f & VK_CULL_MODE_BACK_BIT)
      a.push_back("VK_CULL_MODE_BACK_BIT");
   return a;
}

}  // namespace

nlohmann::ordered_json vk_rasterization_json(const zink_rasterization_info &ri) {
   using ojson = nlohmann::ordered_json;
   const VkPipelineRasterizationStateCreateInfo &i = ri.info;
   ojson j;
   j["sType"] = "VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO";
   j["depthClampEnable"] = i.depthClampEnable == VK_TRUE;
   j["rasterizerDiscardEnable"] = i.rasterizerDiscardEnable == VK_TRUE;
   j["polygonMode"] = vk_polygon_mode_name(i.polygonMode);
   j["cullMode"] = cull_mode_json(i.cullMode);
   j["frontFace"] = i.frontFace == VK_FRONT_FACE_CLOCKWISE ? "VK_FRONT_FACE_CLOCKWISE" : "VK_FRONT_FACE_COUNTER_CLOCKWISE";
   j["depthBiasEnable"] = i.depthBiasEnable == VK_TRUE;
   j["depthBiasConstantFactor"] = i.depthBiasConstantFactor;
   j["depthBiasClamp"] = i.depthBiasClamp;
   j["depthBiasSlopeFactor"] = i.depthBiasSlopeFactor;
   j["lineWidth"] = i.lineWidth;
   ojson chain = ojson::array();
   for (auto *p = static_cast<const VkBaseInStructure *>(i.pNext); p; p = p->pNext) {
      ojson c;
      if (p->sType == VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT) {
         c["sType"] = "VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT";
         c["provokingVertexMode"] = ri.provoking.provokingVertexMode == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT
                                       ? "VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT"
                                       : "VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT";
      } else if (p->sType == VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT) {
         c["sType"] = "VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT";
         c["lineRasterizationMode"] = vk_line_mode_name(ri.line.lineRasterizationMode);
         c["stippledLineEnable"] = ri.line.stippledLineEnable == VK_TRUE;
         c["lineStippleFactor"] = ri.line.lineStippleFactor;
         c["lineStipplePattern"] = ri.line.lineStipplePattern;
      } else {
         c["sType"] = static_cast<int>(p->sType);
      }
      chain.push_back(c);
   }
   j["pNext"] = chain;
   if (ri.viewport_next) {
      ojson v;
      v["sType"] = "VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT";
      v["negativeOneToOne"] = ri.clip_control.negativeOneToOne == VK_TRUE;
      j["viewport_pNext"] = ojson::array({v});
   }
   return j;
}

nlohmann::ordered_json zink_rasterizer_json(const zink_rasterizer_state &r) {
   using ojson = nlohmann::ordered_json;
   zink_rasterization_info ri;
   zink_fill_rasterization_info(r.hw, &ri);
   ojson j;
   j["vk_rasterization"] = vk_rasterization_json(ri);
   ojson emulate = ojson::array(), unsupported = ojson::array();
   for (uint32_t b = 0; b < ZINK_RAST_EMU_COUNT_BITS; ++b)
      if (r.emulate & (1u << b))
         emulate.push_back(zink_raster_emulation_name(1u << b));
   for (uint32_t b = 0; b < ZINK_RAST_UNSUPPORTED_COUNT_BITS; ++b)
      if (r.unsupported & (1u << b))
         unsupported.push_back(zink_raster_unsupported_reason(1u << b));
   j["raster_emulations"] = emulate;
   if (r.emulate & ZINK_RAST_EMU_POINT_SIZE)
      j["point_size"] = r.point_size;
   j["raster_unsupported"] = unsupported;
   return j;
}

}  // namespace clampler
