// Device sampling's device-wide cache: descriptor and pipeline layouts, lowered modules and pipelines.
#include "sample_pipeline_cache.h"

#include <memory>

#include "sample_lowering.h"
#include "sample_shader_io.h"
#include "sample_vk_error.h"

namespace clampler::sample_internal {

namespace {

// A descriptor set layout of `bindings` and a pipeline layout over it with `push_bytes` of push
// constants for `stage`; `what` names them in the error.
bool make_set_and_pipeline_layout(const zink_screen &screen, std::span<const VkDescriptorSetLayoutBinding> bindings,
                                  VkShaderStageFlags stage, uint32_t push_bytes, const std::string &what,
                                  VkDescriptorSetLayout *set_layout, VkPipelineLayout *layout, std::string *error) {
   const VolkDeviceTable &vk = screen.vk();
   VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
   li.bindingCount = static_cast<uint32_t>(bindings.size());
   li.pBindings = bindings.data();
   VkResult res = vk.vkCreateDescriptorSetLayout(screen.device(), &li, nullptr, set_layout);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateDescriptorSetLayout", "creating the " + what + " set layout", error);
   const VkPushConstantRange pc{stage, 0, push_bytes};
   VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   pli.setLayoutCount = 1;
   pli.pSetLayouts = set_layout;
   pli.pushConstantRangeCount = 1;
   pli.pPushConstantRanges = &pc;
   res = vk.vkCreatePipelineLayout(screen.device(), &pli, nullptr, layout);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreatePipelineLayout", "creating the " + what + " pipeline layout", error);
   return true;
}

bool make_shader_module(const zink_screen &screen, std::span<const uint32_t> words, const std::string &name,
                        VkShaderModule *module, std::string *error) {
   VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
   mi.codeSize = words.size_bytes();
   mi.pCode = words.data();
   const VkResult res = screen.vk().vkCreateShaderModule(screen.device(), &mi, nullptr, module);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateShaderModule", "creating the shader module " + name, error);
   return true;
}

}  // namespace

sample_device_cache::~sample_device_cache() {
   const VolkDeviceTable &vk = screen.vk();
   for (auto &p : compute)
      vk.vkDestroyPipeline(screen.device(), p.second, nullptr);
   for (auto &p : graphics)
      vk.vkDestroyPipeline(screen.device(), p.second, nullptr);
   for (auto &p : render_passes)
      vk.vkDestroyRenderPass(screen.device(), p.second, nullptr);
   if (vertex)
      vk.vkDestroyShaderModule(screen.device(), vertex, nullptr);
   if (frag_layout)
      vk.vkDestroyPipelineLayout(screen.device(), frag_layout, nullptr);
   if (frag_set_layout)
      vk.vkDestroyDescriptorSetLayout(screen.device(), frag_set_layout, nullptr);
   if (layout)
      vk.vkDestroyPipelineLayout(screen.device(), layout, nullptr);
   if (set_layout)
      vk.vkDestroyDescriptorSetLayout(screen.device(), set_layout, nullptr);
}

sample_device_cache &device_cache(const zink_screen &screen) {
   static const char key = 0;  // its address names the object among the screen's cached objects
   const std::shared_ptr<void> p =
      screen.cached_object(&key, [&screen] { return std::make_shared<sample_device_cache>(screen); });
   return *static_cast<sample_device_cache *>(p.get());  // lives as long as the screen
}

bool sample_device_cache::make_layouts(std::string *error) {
   if (layout)
      return true;
   const VkDescriptorSetLayoutBinding b[3] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
   return make_set_and_pipeline_layout(screen, b, VK_SHADER_STAGE_COMPUTE_BIT, sizeof(push_range), "compute path's",
                                       &set_layout, &layout, error);
}

bool sample_device_cache::lower(const detail::sample_spirv &spv, const sample_request &r,
                                std::span<const uint32_t> *words, std::string *error) {
   *words = std::span<const uint32_t>(spv.code, spv.size_bytes / sizeof(uint32_t));
   if (!needs_lowering(r))
      return true;
   std::string why;
   const std::vector<uint32_t> *lowered_words = lowered.get(*words, lower_options(r), &why);
   if (!lowered_words) {
      *error = std::string("device sampling: the lowering pass refused ") + spv.name + ": " + why;
      return false;
   }
   *words = *lowered_words;
   return true;
}

bool sample_device_cache::compute_pipeline(const detail::sample_spirv &spv, const sample_request &r,
                                           uint32_t local_size, VkPipeline *out, std::string *error) {
   std::span<const uint32_t> words;
   if (!lower(spv, r, &words, error))
      return false;
   std::lock_guard<std::mutex> lock(mutex);
   if (!make_layouts(error))
      return false;
   std::vector<uint32_t> key(words.begin(), words.end());
   key.push_back(local_size);
   auto it = compute.find(key);
   if (it != compute.end()) {
      ++stats.pipeline_hits;
      *out = it->second;
      return true;
   }
   const VolkDeviceTable &vk = screen.vk();
   VkShaderModule module = VK_NULL_HANDLE;
   if (!make_shader_module(screen, words, spv.name, &module, error))
      return false;
   VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
   ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
   ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
   ci.stage.module = module;
   ci.stage.pName = "main";
   const VkSpecializationMapEntry size_entry{0, 0, sizeof(uint32_t)};
   const VkSpecializationInfo spec{1, &size_entry, sizeof(uint32_t), &local_size};
   ci.stage.pSpecializationInfo = &spec;
   ci.layout = layout;
   VkPipeline pipeline = VK_NULL_HANDLE;
   const VkResult res = vk.vkCreateComputePipelines(screen.device(), VK_NULL_HANDLE, 1, &ci, nullptr, &pipeline);
   vk.vkDestroyShaderModule(screen.device(), module, nullptr);  // the pipeline keeps what it needs
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateComputePipelines", std::string("creating the pipeline of ") + spv.name,
                            error);
   compute.emplace(std::move(key), pipeline);
   ++stats.pipelines_created;
   *out = pipeline;
   return true;
}

bool sample_device_cache::make_fragment_layouts(std::string *error) {
   if (frag_layout)
      return true;
   const VkDescriptorSetLayoutBinding b[1] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}};
   if (!make_set_and_pipeline_layout(screen, b, VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(grid_constants),
                                     "fragment path's", &frag_set_layout, &frag_layout, error))
      return false;
   const detail::sample_spirv vs = detail::sample_vertex_shader();
   return make_shader_module(screen, std::span<const uint32_t>(vs.code, vs.size_bytes / sizeof(uint32_t)),
                             vs.name, &vertex, error);
}

bool sample_device_cache::graphics_pipeline(const detail::sample_spirv &spv, const sample_request &r,
                                            VkFormat color, VkPipeline *out, VkRenderPass *pass,
                                            std::string *error) {
   std::span<const uint32_t> words;
   if (!lower(spv, r, &words, error))
      return false;
   std::lock_guard<std::mutex> lock(mutex);
   if (!make_fragment_layouts(error))
      return false;
   const VolkDeviceTable &vk = screen.vk();
   VkResult res;
   auto rp = render_passes.find(color);
   if (rp == render_passes.end()) {
      // Two attachments (the result, the coordinate), cleared, stored and left for the copy.
      VkAttachmentDescription att[2] = {};
      for (int i = 0; i < 2; ++i) {
         att[i].format = i == 0 ? color : VK_FORMAT_R32G32B32A32_SFLOAT;
         att[i].samples = VK_SAMPLE_COUNT_1_BIT;
         att[i].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
         att[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
         att[i].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
         att[i].stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
         att[i].initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
         att[i].finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
      }
      const VkAttachmentReference refs[2] = {{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL},
                                             {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL}};
      VkSubpassDescription sub{};
      sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
      sub.colorAttachmentCount = 2;
      sub.pColorAttachments = refs;
      VkSubpassDependency dep{};
      dep.srcSubpass = 0;
      dep.dstSubpass = VK_SUBPASS_EXTERNAL;
      dep.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
      dep.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
      dep.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
      dep.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
      VkRenderPassCreateInfo ri{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
      ri.attachmentCount = 2;
      ri.pAttachments = att;
      ri.subpassCount = 1;
      ri.pSubpasses = &sub;
      ri.dependencyCount = 1;
      ri.pDependencies = &dep;
      VkRenderPass made = VK_NULL_HANDLE;
      res = vk.vkCreateRenderPass(screen.device(), &ri, nullptr, &made);
      if (res != VK_SUCCESS)
         return vk_call_failed(res, "vkCreateRenderPass", "creating the fragment path's render pass", error);
      rp = render_passes.emplace(color, made).first;
   }
   *pass = rp->second;
   std::pair<VkFormat, std::vector<uint32_t>> key(color, std::vector<uint32_t>(words.begin(), words.end()));
   auto it = graphics.find(key);
   if (it != graphics.end()) {
      ++stats.pipeline_hits;
      *out = it->second;
      return true;
   }
   VkShaderModule fragment = VK_NULL_HANDLE;
   if (!make_shader_module(screen, words, spv.name, &fragment, error))
      return false;
   VkPipelineShaderStageCreateInfo stages[2] = {{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                                {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
   stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
   stages[0].module = vertex;
   stages[0].pName = "main";
   stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
   stages[1].module = fragment;
   stages[1].pName = "main";
   VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
   ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
   vp.viewportCount = 1;
   vp.scissorCount = 1;
   VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
   rs.polygonMode = VK_POLYGON_MODE_FILL;
   rs.cullMode = VK_CULL_MODE_NONE;
   rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   rs.lineWidth = 1.0f;
   VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
   ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
   VkPipelineColorBlendAttachmentState blend[2] = {};
   for (auto &b : blend)
      b.colorWriteMask =
         VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
   VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
   cb.attachmentCount = 2;
   cb.pAttachments = blend;
   const VkDynamicState dyn[2] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
   ds.dynamicStateCount = 2;
   ds.pDynamicStates = dyn;
   VkGraphicsPipelineCreateInfo gi{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
   gi.stageCount = 2;
   gi.pStages = stages;
   gi.pVertexInputState = &vi;
   gi.pInputAssemblyState = &ia;
   gi.pViewportState = &vp;
   gi.pRasterizationState = &rs;
   gi.pMultisampleState = &ms;
   gi.pColorBlendState = &cb;
   gi.pDynamicState = &ds;
   gi.layout = frag_layout;
   gi.renderPass = *pass;
   gi.subpass = 0;
   VkPipeline pipeline = VK_NULL_HANDLE;
   res = vk.vkCreateGraphicsPipelines(screen.device(), VK_NULL_HANDLE, 1, &gi, nullptr, &pipeline);
   vk.vkDestroyShaderModule(screen.device(), fragment, nullptr);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateGraphicsPipelines", std::string("creating the pipeline of ") + spv.name,
                            error);
   graphics.emplace(std::move(key), pipeline);
   ++stats.pipelines_created;
   *out = pipeline;
   return true;
}

}  // namespace clampler::sample_internal

namespace clampler {

sample_stats sample_statistics(const zink_screen &screen) {
   sample_internal::sample_device_cache &c = sample_internal::device_cache(screen);
   std::lock_guard<std::mutex> lock(c.mutex);
   sample_stats st = c.stats;
   st.lowered_modules = c.lowered.size();
   return st;
}

}  // namespace clampler
