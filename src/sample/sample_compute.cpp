// Device sampling's compute path: a workgroup per lookup, or an invocation with shared vectors (textureLod or textureGrad), results read back.
#include <algorithm>
#include <cstring>

#include "sample_check.h"
#include "sample_job.h"
#include "sample_lowering.h"
#include "sample_pipeline_cache.h"
#include "sample_shader_io.h"

namespace clampler::sample_internal {

namespace {

// The lookup record the shader reads (lookup_t in shaders/sample.comp, std430).
struct lookup_record {
   float coord[4];
   float dpdx[4];
   float dpdy[4];
   float lod;
   float dref;
   uint32_t out_index;
   uint32_t pad;
};
static_assert(sizeof(lookup_record) == 64);

// The workgroup size that isolates one lookup: the device's subgroup size (a workgroup of it is
// one full SIMD vector on lavapipe, one subgroup on GPUs), within what every device allows; 64
// where the device reports none. Any size isolates (subgroups never span workgroups); a full
// vector also keeps idle lanes out of it.
uint32_t isolating_size(const zink_screen &screen) {
   const uint32_t s = screen.device_caps().subgroup_size;
   return s >= 1 && s <= 128 ? s : kLocalSize;
}

}  // namespace

bool sample_job::run_compute(const sample_request &r, const upload_plan &plan, std::vector<ref::texel> *results,
                             std::string *error) {
   if (!make_texture(r, plan, error))
      return false;
   const size_t n = r.lookups.size();

   // --- Lookups, sorted into the textureLod group then the textureGrad group.
   if (!make_host_buffer(n * sizeof(lookup_record), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "lookup buffer", &lookups_,
                         error))
      return false;
   const VkDeviceSize result_stride = 16;  // vec4 / ivec4 / uvec4
   if (!make_host_buffer(n * result_stride, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "result buffer", &results_, error))
      return false;
   std::memset(results_.mapped, 0, n * result_stride);
   uint32_t group_count[2] = {0, 0};
   {
      std::vector<lookup_record> records;
      records.reserve(n);
      for (int grad = 0; grad < 2; ++grad)
         for (size_t i = 0; i < n; ++i) {
            const ref::ref_lookup &lk = r.lookups[i];
            const bool uses_grad = lk.has_grad && !lk.has_lod;
            if (uses_grad != (grad == 1))
               continue;
            lookup_record rec{};
            for (int c = 0; c < std::min(lk.ncoord, 4); ++c)
               rec.coord[c] = static_cast<float>(lk.coord[c]);
            for (int c = 0; c < 3; ++c) {
               rec.dpdx[c] = static_cast<float>(lk.dPdx[c]);
               rec.dpdy[c] = static_cast<float>(lk.dPdy[c]);
            }
            rec.lod = lk.has_lod ? static_cast<float>(lk.lod) : 0.0f;
            rec.dref = static_cast<float>(lk.ref);
            rec.out_index = static_cast<uint32_t>(i);
            records.push_back(rec);
            ++group_count[grad];
         }
      std::memcpy(lookups_.mapped, records.data(), records.size() * sizeof(lookup_record));
   }

   // --- Pipelines: one per lookup kind used, from the device-wide cache (lowered first when
   // the request's sampler needs it).
   sample_device_cache &cache = device_cache(screen_);
   const sample_shader_kind kind = kind_of(r);
   for (int grad = 0; grad < 2; ++grad) {
      if (!group_count[grad])
         continue;
      const detail::sample_spirv spv = detail::sample_compute_shader(kind, r.target, grad == 1);
      if (!cache.compute_pipeline(spv, r, r.shared_vectors ? kLocalSize : isolating_size(screen_), &pipelines_[grad],
                                  error))
         return false;
   }
   const VkDescriptorSetLayout set_layout = cache.set_layout;
   const VkPipelineLayout pipeline_layout = cache.layout;

   // --- Descriptors.
   VkDescriptorSet set = VK_NULL_HANDLE;
   if (!compute_set(set_layout, r.sampler, lookups_.buffer, &set, error))
      return false;

   // --- Record: upload, transition, dispatch, make the results visible to the host.
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!begin_commands(&cmd, error))
      return false;
   record_upload(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);

   vk_.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_layout, 0, 1, &set, 0, nullptr);
   uint32_t first = 0;
   for (int grad = 0; grad < 2; ++grad) {
      if (!group_count[grad])
         continue;
      vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines_[grad]);
      if (r.shared_vectors) {
         const push_range range{first, group_count[grad], 0};
         vk_.vkCmdPushConstants(cmd, pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(range), &range);
         vk_.vkCmdDispatch(cmd, (group_count[grad] + kLocalSize - 1) / kLocalSize, 1, 1);
      } else {
         // A workgroup per lookup, in dispatches of at most the 65 535 groups every device allows.
         for (uint32_t done = 0; done < group_count[grad]; done += kMaxGroups) {
            const uint32_t count = std::min(kMaxGroups, group_count[grad] - done);
            const push_range range{first + done, count, 1};
            vk_.vkCmdPushConstants(cmd, pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(range), &range);
            vk_.vkCmdDispatch(cmd, count, 1, 1);
         }
      }
      first += group_count[grad];
   }
   results_to_host(cmd);
   if (!end_submit_and_wait(cmd, "the sampling commands", error))
      return false;

   results->assign(n, ref::texel{});
   const uint8_t *src = static_cast<const uint8_t *>(results_.mapped);
   for (size_t i = 0; i < n; ++i)
      read_result(kind, src + i * result_stride, &(*results)[i]);
   return true;
}

}  // namespace clampler::sample_internal

namespace clampler {

bool sample_lookups(const zink_screen &screen, const sample_request &request, std::vector<ref::texel> *results,
                    std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!results) {
      *err = "sample_lookups: no result vector given";
      return false;
   }
   sample_internal::upload_plan plan;
   if (!sample_internal::check_request(screen, request, &plan, err))
      return false;
   results->clear();
   if (request.lookups.empty())
      return true;
   sample_internal::sample_job job(screen);
   return job.run_compute(request, plan, results, err);
}

}  // namespace clampler
