// Device sampling's texture queries: textureQueryLevels and textureSize per level of a request's view, read back.
#include <algorithm>
#include <cstring>

#include "sample_check.h"
#include "sample_job.h"
#include "sample_lowering.h"
#include "sample_pipeline_cache.h"
#include "sample_shader_io.h"

namespace clampler::sample_internal {

bool sample_job::run_query(const sample_request &r, const upload_plan &plan, sample_query_result *result,
                           std::string *error) {
   if (!make_texture(r, plan, error))
      return false;
   const uint32_t view_levels = std::min(r.max_level, r.levels - 1) - r.base_level + 1;
   const VkDeviceSize bytes = (1 + view_levels) * 16;  // ivec4 each
   if (!make_host_buffer(bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "result buffer", &results_, error))
      return false;
   std::memset(results_.mapped, 0xff, bytes);  // -1 everywhere: a value the shader did not write shows

   sample_device_cache &cache = device_cache(screen_);
   const sample_shader_kind kind = kind_of(r);
   const detail::sample_spirv spv = detail::sample_query_shader(kind, r.target);
   if (!spv.code) {
      *error = "device sampling: no query shader for this sampler type and target";
      return false;
   }
   if (!cache.compute_pipeline(spv, r, 1, &pipelines_[0], error))
      return false;

   // Binding 1 (the lookups of the sampling shaders) is unused here: it holds the result buffer
   // so that every binding of the set is valid.
   VkDescriptorSet set = VK_NULL_HANDLE;
   if (!compute_set(cache.set_layout, r.sampler, results_.buffer, &set, error))
      return false;

   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!begin_commands(&cmd, error))
      return false;
   record_upload(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   vk_.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, cache.layout, 0, 1, &set, 0, nullptr);
   vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines_[0]);
   const push_range range{0, view_levels, 0};
   vk_.vkCmdPushConstants(cmd, cache.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(range), &range);
   vk_.vkCmdDispatch(cmd, 1, 1, 1);
   results_to_host(cmd);
   if (!end_submit_and_wait(cmd, "the query commands", error))
      return false;

   const int32_t *v = static_cast<const int32_t *>(results_.mapped);
   result->levels = v[0];
   result->sizes.assign(view_levels, {0, 0, 0});
   for (uint32_t l = 0; l < view_levels; ++l)
      for (int c = 0; c < 3; ++c)
         result->sizes[l][static_cast<size_t>(c)] = v[4 * (1 + l) + c];
   return true;
}

}  // namespace clampler::sample_internal

namespace clampler {

bool sample_query(const zink_screen &screen, const sample_request &request, sample_query_result *result,
                  std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!result) {
      *err = "sample_query: no result given";
      return false;
   }
   if (request.shadow) {
      *err = "sample_query: a query reads no depth reference; give the request without shadow";
      return false;
   }
   sample_internal::upload_plan plan;
   if (!sample_internal::check_request(screen, request, &plan, err))
      return false;
   sample_internal::sample_job job(screen);
   return job.run_query(request, plan, result, err);
}

}  // namespace clampler
