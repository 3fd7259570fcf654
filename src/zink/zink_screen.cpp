// zink_screen creation: Vulkan instance and device through volk, features enabled, caps and formats derived.
#include "clampler/zink/zink_screen.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "zink_caps_override.h"

namespace clampler {
namespace {

bool has_extension(const std::vector<VkExtensionProperties> &exts, const char *name) {
   for (const auto &e : exts)
      if (std::strcmp(e.extensionName, name) == 0)
         return true;
   return false;
}

const char *device_type_name(VkPhysicalDeviceType t) {
   switch (t) {
   case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
   case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
   case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
   case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
   default: return "other";
   }
}

// Preference for the default choice: discrete, integrated, virtual, CPU, other.
int type_rank(VkPhysicalDeviceType t) {
   switch (t) {
   case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
   case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
   case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
   case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
   default: return 4;
   }
}

constexpr const char *kNoVulkan =
   "no Vulkan driver found: install a Vulkan ICD (on Debian: apt-get install mesa-vulkan-drivers "
   "libvulkan1 for lavapipe, or your GPU vendor's driver)";

bool volk_ready(std::string *error) {
   static const VkResult r = volkInitialize();
   if (r != VK_SUCCESS) {
      if (error)
         *error = "cannot load the Vulkan loader (libvulkan.so.1): install libvulkan1";
      return false;
   }
   return true;
}

std::vector<VkPhysicalDevice> enumerate(VkInstance inst) {
   uint32_t n = 0;
   vkEnumeratePhysicalDevices(inst, &n, nullptr);
   std::vector<VkPhysicalDevice> v(n);
   vkEnumeratePhysicalDevices(inst, &n, v.data());
   v.resize(n);
   return v;
}

// The loader loads each driver's library with every instance and unloads it with the last one.
// NVIDIA's libraries take static TLS, which glibc does not give back when they are unloaded: after
// some tens of screens made and destroyed in one process the driver no longer loads ("cannot
// allocate memory in static TLS block", vkCreateInstance -9; docs/zink.md). One plain instance,
// made with the first screen and kept for the process's lifetime, keeps the drivers loaded.
void keep_drivers_loaded() {
   static const VkInstance anchor = [] {
      VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
      app.pApplicationName = "clampler (keeps the Vulkan drivers loaded)";
      app.apiVersion = VK_API_VERSION_1_1;
      VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
      ici.pApplicationInfo = &app;
      VkInstance i = VK_NULL_HANDLE;
      return vkCreateInstance(&ici, nullptr, &i) == VK_SUCCESS ? i : VK_NULL_HANDLE;
   }();
   (void)anchor;
}

}  // namespace

zink_screen_options zink_screen_options::from_environment() {
   zink_screen_options o;
   if (const char *d = std::getenv("CLAMPLER_DEVICE"))
      o.device = d;
   if (const char *v = std::getenv("CLAMPLER_VALIDATION"))
      o.validation = std::strcmp(v, "0") != 0 && *v;
   if (const char *c = std::getenv("CLAMPLER_CAPS")) {
      if (c[0] == '@') {
         std::ifstream f(c + 1);
         std::stringstream ss;
         ss << f.rdbuf();
         o.caps_override = f ? ss.str() : std::string("{\"error\": \"cannot read ") + (c + 1) + "\"}";
      } else {
         o.caps_override = c;
      }
   }
   return o;
}

VKAPI_ATTR VkBool32 VKAPI_CALL zink_screen::debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                           VkDebugUtilsMessageTypeFlagsEXT,
                                                           const VkDebugUtilsMessengerCallbackDataEXT *data,
                                                           void *user) {
   auto *screen = static_cast<zink_screen *>(user);
   if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
      screen->validation_count_.fetch_add(1);
      std::lock_guard<std::mutex> lock(screen->validation_mutex_);
      if (screen->validation_log_.size() < 256)
         screen->validation_log_.push_back(data && data->pMessage ? data->pMessage : "(no message)");
   }
   return VK_FALSE;
}

std::vector<std::string> zink_screen::validation_messages() const {
   std::lock_guard<std::mutex> lock(validation_mutex_);
   return validation_log_;
}

std::unique_ptr<zink_screen> zink_screen::create(const zink_screen_options &options, std::string *error) {
   std::unique_ptr<zink_screen> s(new zink_screen());
   if (!s->init(options, error))
      return nullptr;
   return s;
}

std::vector<std::string> zink_screen::list_devices(std::string *error) {
   std::vector<std::string> out;
   if (!volk_ready(error))
      return out;
   keep_drivers_loaded();
   VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
   app.apiVersion = VK_API_VERSION_1_1;
   VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   ici.pApplicationInfo = &app;
   VkInstance inst;
   if (vkCreateInstance(&ici, nullptr, &inst) != VK_SUCCESS) {
      if (error)
         *error = kNoVulkan;
      return out;
   }
   volkLoadInstanceOnly(inst);
   for (VkPhysicalDevice p : enumerate(inst)) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(p, &props);
      out.push_back(std::string(props.deviceName) + " (" + device_type_name(props.deviceType) + ")");
   }
   vkDestroyInstance(inst, nullptr);
   return out;
}

namespace {

bool fail(std::string *error, const std::string &m) {
   if (error)
      *error = m;
   return false;
}

// Appends Vulkan structs to a pNext chain, in order.
class pnext_chain {
public:
   explicit pnext_chain(void **head) : tail_(head) {}
   template <typename S>
   void add(S &s) {
      *tail_ = &s;
      tail_ = &s.pNext;
   }

private:
   void **tail_;
};

bool validation_layer_installed() {
   uint32_t n = 0;
   vkEnumerateInstanceLayerProperties(&n, nullptr);
   std::vector<VkLayerProperties> props(n);
   vkEnumerateInstanceLayerProperties(&n, props.data());
   return std::any_of(props.begin(), props.end(), [](const VkLayerProperties &p) {
      return std::strcmp(p.layerName, "VK_LAYER_KHRONOS_validation") == 0;
   });
}

// The index into `props` that `wanted` (CLAMPLER_DEVICE: index or name substring) names; else
// the Vulkan 1.1 device of the most preferred type (type_rank), the first of equals.
bool pick_device(const std::vector<VkPhysicalDeviceProperties> &props, const std::string &wanted, int *index,
                 std::string *error) {
   int chosen = -1;
   if (!wanted.empty()) {
      char *end = nullptr;
      const long idx = std::strtol(wanted.c_str(), &end, 10);
      if (end && *end == '\0') {
         if (idx < 0 || static_cast<size_t>(idx) >= props.size())
            return fail(error, "CLAMPLER_DEVICE=" + wanted + ": no such device index (there are " +
                                  std::to_string(props.size()) + ")");
         chosen = static_cast<int>(idx);
      } else {
         for (size_t i = 0; i < props.size() && chosen < 0; ++i)
            if (std::string(props[i].deviceName).find(wanted) != std::string::npos)
               chosen = static_cast<int>(i);
         if (chosen < 0)
            return fail(error, "CLAMPLER_DEVICE=" + wanted + ": no device name contains it");
      }
   } else {
      for (size_t i = 0; i < props.size(); ++i)
         if (props[i].apiVersion >= VK_API_VERSION_1_1 &&
             (chosen < 0 || type_rank(props[i].deviceType) < type_rank(props[chosen].deviceType)))
            chosen = static_cast<int>(i);
      if (chosen < 0)
         return fail(error, "no Vulkan 1.1 device found");
   }
   *index = chosen;
   return true;
}

// What clampler needs of any device it runs on.
bool check_base_requirements(const VkPhysicalDeviceProperties &p, std::string *error) {
   if (p.apiVersion < VK_API_VERSION_1_1)
      return fail(error, std::string(p.deviceName) + " supports only Vulkan " +
                            std::to_string(VK_API_VERSION_MAJOR(p.apiVersion)) + "." +
                            std::to_string(VK_API_VERSION_MINOR(p.apiVersion)) + "; clampler needs 1.1");
   return true;
}

void record_identity(const VkPhysicalDeviceProperties &p, zink_device_caps *dev) {
   dev->device_name = p.deviceName;
   dev->api_version = p.apiVersion;
   dev->driver_version = p.driverVersion;
   dev->vendor_id = p.vendorID;
   dev->device_id = p.deviceID;
   dev->device_type = p.deviceType;
}

// The device extensions the screen may enable: supported and not switched off by the override.
struct device_extensions {
   bool cbc = false;     // VK_EXT_custom_border_color
   bool bcs = false;     // VK_EXT_border_color_swizzle (with custom border colours only)
   bool mcte = false;    // VK_KHR_sampler_mirror_clamp_to_edge
   bool minmax = false;  // VK_EXT_sampler_filter_minmax
   bool nscm = false;    // VK_EXT_non_seamless_cube_map
   bool pv = false;      // VK_EXT_provoking_vertex
   bool lr = false;      // VK_EXT_line_rasterization
   bool dcc = false;     // VK_EXT_depth_clip_control
};

device_extensions query_extensions(VkPhysicalDevice pdev, const zink_caps_override &ov) {
   uint32_t n = 0;
   vkEnumerateDeviceExtensionProperties(pdev, nullptr, &n, nullptr);
   std::vector<VkExtensionProperties> exts(n);
   vkEnumerateDeviceExtensionProperties(pdev, nullptr, &n, exts.data());
   auto want = [&](const char *name) { return has_extension(exts, name) && !ov.extension_off(name); };
   device_extensions e;
   e.cbc = want(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
   e.bcs = want(VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME) && e.cbc;
   e.mcte = want(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME);
   e.minmax = want(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
   e.nscm = want(VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME);
   e.pv = want(VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
   e.lr = want(VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME);
   e.dcc = want(VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME);
   return e;
}

// The features we care about, as the device reports them. Not copyable: f2 chains the others.
struct supported_features {
   supported_features() = default;
   supported_features(const supported_features &) = delete;
   supported_features &operator=(const supported_features &) = delete;

   VkPhysicalDeviceCustomBorderColorFeaturesEXT cbc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
   VkPhysicalDeviceBorderColorSwizzleFeaturesEXT bcs{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT};
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT nscm{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
   VkPhysicalDeviceProvokingVertexFeaturesEXT pv{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT};
   VkPhysicalDeviceLineRasterizationFeaturesEXT lr{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};
   VkPhysicalDeviceDepthClipControlFeaturesEXT dcc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT};
   VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
};

void query_features(VkPhysicalDevice pdev, uint32_t api, const device_extensions &ext, supported_features *s) {
   pnext_chain chain(&s->f2.pNext);
   if (api >= VK_API_VERSION_1_2)
      chain.add(s->v12);
   if (ext.cbc)
      chain.add(s->cbc);
   if (ext.bcs)
      chain.add(s->bcs);
   if (ext.nscm)
      chain.add(s->nscm);
   if (ext.pv)
      chain.add(s->pv);
   if (ext.lr)
      chain.add(s->lr);
   if (ext.dcc)
      chain.add(s->dcc);
   vkGetPhysicalDeviceFeatures2(pdev, &s->f2);
}

// What the device is created with: the enabled features (en chains the others) and the
// extensions they need. Not copyable.
struct enabled_features {
   enabled_features() = default;
   enabled_features(const enabled_features &) = delete;
   enabled_features &operator=(const enabled_features &) = delete;

   VkPhysicalDeviceFeatures2 en{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
   VkPhysicalDeviceVulkan12Features en12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceCustomBorderColorFeaturesEXT encbc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
   VkPhysicalDeviceBorderColorSwizzleFeaturesEXT enbcs{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT};
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT ennscm{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
   VkPhysicalDeviceProvokingVertexFeaturesEXT enpv{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT};
   VkPhysicalDeviceLineRasterizationFeaturesEXT enlr{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};
   VkPhysicalDeviceDepthClipControlFeaturesEXT endcc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT};
   std::vector<const char *> dev_exts;
};

// The rasterization features (zink_rasterizer translates to them): each extension is enabled
// when at least one of its features is on.
template <typename On>
void enable_raster_features(const supported_features &s, const device_extensions &ext, const On &on,
                            enabled_features *e, pnext_chain *chain, zink_device_caps *dev) {
   e->en.features.fillModeNonSolid = on(s.f2.features.fillModeNonSolid, "fillModeNonSolid");
   e->en.features.wideLines = on(s.f2.features.wideLines, "wideLines");
   e->en.features.largePoints = on(s.f2.features.largePoints, "largePoints");
   e->en.features.depthBiasClamp = on(s.f2.features.depthBiasClamp, "depthBiasClamp");
   dev->fill_mode_non_solid = e->en.features.fillModeNonSolid;
   dev->wide_lines = e->en.features.wideLines;
   dev->large_points = e->en.features.largePoints;
   dev->depth_bias_clamp = e->en.features.depthBiasClamp;
   if (ext.pv && on(s.pv.provokingVertexLast, "provokingVertexLast")) {
      e->enpv.provokingVertexLast = VK_TRUE;
      chain->add(e->enpv);
      e->dev_exts.push_back(VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
      dev->provoking_vertex_last = true;
   }
   if (ext.lr) {
      e->enlr.rectangularLines = on(s.lr.rectangularLines, "rectangularLines");
      e->enlr.bresenhamLines = on(s.lr.bresenhamLines, "bresenhamLines");
      e->enlr.smoothLines = on(s.lr.smoothLines, "smoothLines");
      e->enlr.stippledRectangularLines = e->enlr.rectangularLines && on(s.lr.stippledRectangularLines, "stippledRectangularLines");
      e->enlr.stippledBresenhamLines = e->enlr.bresenhamLines && on(s.lr.stippledBresenhamLines, "stippledBresenhamLines");
      e->enlr.stippledSmoothLines = e->enlr.smoothLines && on(s.lr.stippledSmoothLines, "stippledSmoothLines");
      if (e->enlr.rectangularLines || e->enlr.bresenhamLines || e->enlr.smoothLines) {
         chain->add(e->enlr);
         e->dev_exts.push_back(VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME);
         dev->line_rasterization = true;
         dev->rectangular_lines = e->enlr.rectangularLines;
         dev->bresenham_lines = e->enlr.bresenhamLines;
         dev->smooth_lines = e->enlr.smoothLines;
         dev->stippled_rectangular_lines = e->enlr.stippledRectangularLines;
         dev->stippled_bresenham_lines = e->enlr.stippledBresenhamLines;
         dev->stippled_smooth_lines = e->enlr.stippledSmoothLines;
      }
   }
   if (ext.dcc && on(s.dcc.depthClipControl, "depthClipControl")) {
      e->endcc.depthClipControl = VK_TRUE;
      chain->add(e->endcc);
      e->dev_exts.push_back(VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME);
      dev->depth_clip_control = true;
   }
}

// Decide what to enable (supported and not switched off), build the create chain and record
// what it enables in `dev`.
void enable_features(const supported_features &s, const device_extensions &ext, uint32_t api,
                     const zink_caps_override &ov, enabled_features *e, zink_device_caps *dev) {
   auto on = [&](VkBool32 supported, const char *feature) { return supported && !ov.feature_off(feature); };
   e->en.features.samplerAnisotropy = on(s.f2.features.samplerAnisotropy, "samplerAnisotropy");
   e->en.features.imageCubeArray = s.f2.features.imageCubeArray;  // GL_TEXTURE_CUBE_MAP_ARRAY views
   e->en.features.depthClamp = on(s.f2.features.depthClamp, "depthClamp");  // GL_DEPTH_CLAMP
   pnext_chain chain(&e->en.pNext);
   if (api >= VK_API_VERSION_1_2) {
      e->en12.samplerMirrorClampToEdge = on(s.v12.samplerMirrorClampToEdge, "samplerMirrorClampToEdge") &&
                                         !ov.extension_off(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME);
      e->en12.samplerFilterMinmax = on(s.v12.samplerFilterMinmax, "samplerFilterMinmax") &&
                                    !ov.extension_off(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
      chain.add(e->en12);
      dev->sampler_mirror_clamp_to_edge = e->en12.samplerMirrorClampToEdge;
      dev->sampler_filter_minmax = e->en12.samplerFilterMinmax;
   } else {
      if (ext.mcte && !ov.feature_off("samplerMirrorClampToEdge")) {
         e->dev_exts.push_back(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME);
         dev->sampler_mirror_clamp_to_edge = true;
      }
      if (ext.minmax && !ov.feature_off("samplerFilterMinmax")) {
         e->dev_exts.push_back(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
         dev->sampler_filter_minmax = true;
      }
   }
   if (ext.cbc && on(s.cbc.customBorderColors, "customBorderColors")) {
      e->encbc.customBorderColors = VK_TRUE;
      e->encbc.customBorderColorWithoutFormat = on(s.cbc.customBorderColorWithoutFormat, "customBorderColorWithoutFormat");
      chain.add(e->encbc);
      e->dev_exts.push_back(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
      dev->custom_border_colors = true;
      dev->custom_border_color_without_format = e->encbc.customBorderColorWithoutFormat;
      if (ext.bcs && on(s.bcs.borderColorSwizzle, "borderColorSwizzle")) {
         e->enbcs.borderColorSwizzle = VK_TRUE;
         e->enbcs.borderColorSwizzleFromImage = on(s.bcs.borderColorSwizzleFromImage, "borderColorSwizzleFromImage");
         chain.add(e->enbcs);
         e->dev_exts.push_back(VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME);
         dev->border_color_swizzle = true;
         dev->border_color_swizzle_from_image = e->enbcs.borderColorSwizzleFromImage;
      }
   }
   if (ext.nscm && on(s.nscm.nonSeamlessCubeMap, "nonSeamlessCubeMap")) {
      e->ennscm.nonSeamlessCubeMap = VK_TRUE;
      chain.add(e->ennscm);
      e->dev_exts.push_back(VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME);
      dev->non_seamless_cube_map = true;
   }
   enable_raster_features(s, ext, on, e, &chain, dev);
   dev->sampler_anisotropy = e->en.features.samplerAnisotropy;
   dev->image_cube_array = e->en.features.imageCubeArray;
   dev->depth_clamp = e->en.features.depthClamp;
}

// Limits, lowered by the override, never raised (after enable_features: they depend on what
// it enabled); and the driver's name and info where the device reports them.
void query_limits(VkPhysicalDevice pdev, const VkPhysicalDeviceLimits &lim, uint32_t api, const device_extensions &ext,
                  const zink_caps_override &ov, zink_device_caps *dev) {
   const bool has_driver_props = api >= VK_API_VERSION_1_2;
   VkPhysicalDeviceCustomBorderColorPropertiesEXT cbc_props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT};
   VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceSubgroupProperties subgroup{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
   VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
   pnext_chain chain(&p2.pNext);
   if (ext.cbc)
      chain.add(cbc_props);
   if (has_driver_props)
      chain.add(driver);
   if (api >= VK_API_VERSION_1_1)
      chain.add(subgroup);
   vkGetPhysicalDeviceProperties2(pdev, &p2);
   dev->subgroup_size = api >= VK_API_VERSION_1_1 ? subgroup.subgroupSize : 0;
   if (has_driver_props) {
      dev->driver_name = driver.driverName;
      dev->driver_id = static_cast<uint32_t>(driver.driverID);
      dev->driver_info = driver.driverInfo;
   }
   auto lower = [](auto real, const auto &o) { return o && *o < real ? *o : real; };
   dev->max_sampler_allocation_count = lower(lim.maxSamplerAllocationCount, ov.max_sampler_allocation_count);
   dev->max_sampler_anisotropy = dev->sampler_anisotropy ? lower(lim.maxSamplerAnisotropy, ov.max_sampler_anisotropy) : 1.0f;
   dev->max_sampler_lod_bias = lower(lim.maxSamplerLodBias, ov.max_sampler_lod_bias);
   // Without wideLines / largePoints only 1.0 is valid, whatever the range says.
   dev->line_width_range[0] = lim.lineWidthRange[0];
   dev->line_width_range[1] = dev->wide_lines ? lim.lineWidthRange[1] : 1.0f;
   dev->line_width_granularity = dev->wide_lines ? lim.lineWidthGranularity : 0.0f;
   dev->point_size_range[0] = lim.pointSizeRange[0];
   dev->point_size_range[1] = dev->large_points ? lim.pointSizeRange[1] : 1.0f;
   dev->point_size_granularity = dev->large_points ? lim.pointSizeGranularity : 0.0f;
   dev->strict_lines = lim.strictLines;
   dev->max_custom_border_color_samplers =
      dev->custom_border_colors ? lower(cbc_props.maxCustomBorderColorSamplers, ov.max_custom_border_color_samplers) : 0;
}

// One queue family that can draw and dispatch (used by later layers for sampling).
bool choose_queue_family(VkPhysicalDevice pdev, const std::string &device_name, uint32_t *family,
                         std::string *error) {
   uint32_t qn = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &qn, nullptr);
   std::vector<VkQueueFamilyProperties> qf(qn);
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &qn, qf.data());
   *family = UINT32_MAX;
   for (uint32_t i = 0; i < qn && *family == UINT32_MAX; ++i)
      if ((qf[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) ==
          (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT))
         *family = i;
   if (*family == UINT32_MAX)
      return fail(error, device_name + " has no queue family with graphics and compute");
   return true;
}

}  // namespace

// Creation, step by step as Mesa's zink_screen does it: instance, physical device, its
// extensions and features, limits, queue family, logical device; then formats and caps.
bool zink_screen::init(const zink_screen_options &options, std::string *error) {
   zink_caps_override ov;
   if (!options.caps_override.empty()) {
      auto parsed = zink_caps_override::parse(options.caps_override, error);
      if (!parsed)
         return false;
      ov = *parsed;
   }
   if (!volk_ready(error))
      return false;
   uint32_t instance_api = 0;
   if (!create_instance(options, &instance_api, error))
      return false;
   VkPhysicalDeviceProperties p;
   if (!choose_physical_device(options, &p, error) || !check_base_requirements(p, error))
      return false;
   const uint32_t api = std::min(p.apiVersion, instance_api);
   record_identity(p, &dev_);

   const device_extensions ext = query_extensions(pdev_, ov);
   supported_features supported;
   query_features(pdev_, api, ext, &supported);
   enabled_features enabled;
   enable_features(supported, ext, api, ov, &enabled, &dev_);
   query_limits(pdev_, p.limits, api, ext, ov, &dev_);

   uint32_t family = 0;
   if (!choose_queue_family(pdev_, dev_.device_name, &family, error) ||
       !create_logical_device(enabled.en, enabled.dev_exts, family, error))
      return false;
   forced_no_linear_.assign(ov.no_linear_filtering.begin(), ov.no_linear_filtering.end());
   forced_off_caps_.assign(ov.disabled_caps.begin(), ov.disabled_caps.end());
   query_formats();
   derive_caps();
   return true;
}

// The instance, with the validation layer and a messenger when asked for; `api_version`: the
// Vulkan version it asks for (1.3 where the loader has it, else 1.1).
bool zink_screen::create_instance(const zink_screen_options &options, uint32_t *api_version, std::string *error) {
   keep_drivers_loaded();
   const uint32_t loader_version = volkGetInstanceVersion();
   VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
   app.pApplicationName = "clampler";
   app.pEngineName = "clampler";
   app.apiVersion = loader_version >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : VK_API_VERSION_1_1;
   *api_version = app.apiVersion;
   std::vector<const char *> layers, inst_exts;
   if (options.validation) {
      if (!validation_layer_installed())
         return fail(error, "VK_LAYER_KHRONOS_validation is not installed (on Debian: apt-get install "
                            "vulkan-validationlayers)");
      layers.push_back("VK_LAYER_KHRONOS_validation");
      inst_exts.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
   }
   VkDebugUtilsMessengerCreateInfoEXT dbg{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
   dbg.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
   dbg.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
   dbg.pfnUserCallback = debug_callback;
   dbg.pUserData = this;
   VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   ici.pApplicationInfo = &app;
   ici.enabledLayerCount = static_cast<uint32_t>(layers.size());
   ici.ppEnabledLayerNames = layers.data();
   ici.enabledExtensionCount = static_cast<uint32_t>(inst_exts.size());
   ici.ppEnabledExtensionNames = inst_exts.data();
   if (options.validation)
      ici.pNext = &dbg;
   const VkResult r = vkCreateInstance(&ici, nullptr, &instance_);
   if (r != VK_SUCCESS)
      return fail(error, std::string("vkCreateInstance failed (") + std::to_string(r) + "): " + kNoVulkan);
   volkLoadInstanceOnly(instance_);
   if (options.validation && vkCreateDebugUtilsMessengerEXT(instance_, &dbg, nullptr, &messenger_) != VK_SUCCESS)
      return fail(error, "cannot create the validation messenger");
   return true;
}

// The physical device (pick_device says which); its properties in `props`.
bool zink_screen::choose_physical_device(const zink_screen_options &options, VkPhysicalDeviceProperties *props,
                                         std::string *error) {
   const std::vector<VkPhysicalDevice> devices = enumerate(instance_);
   if (devices.empty())
      return fail(error, kNoVulkan);
   std::vector<VkPhysicalDeviceProperties> all(devices.size());
   for (size_t i = 0; i < devices.size(); ++i)
      vkGetPhysicalDeviceProperties(devices[i], &all[i]);
   int chosen = -1;
   if (!pick_device(all, options.device, &chosen, error))
      return false;
   pdev_ = devices[chosen];
   *props = all[chosen];
   return true;
}

// The logical device with one queue of `family`, `enabled` features and `extensions`.
bool zink_screen::create_logical_device(const VkPhysicalDeviceFeatures2 &enabled,
                                        const std::vector<const char *> &extensions, uint32_t family,
                                        std::string *error) {
   const float priority = 1.0f;
   VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
   qci.queueFamilyIndex = family;
   qci.queueCount = 1;
   qci.pQueuePriorities = &priority;
   VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
   dci.pNext = &enabled;
   dci.queueCreateInfoCount = 1;
   dci.pQueueCreateInfos = &qci;
   dci.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
   dci.ppEnabledExtensionNames = extensions.data();
   const VkResult r = vkCreateDevice(pdev_, &dci, nullptr, &device_);
   if (r != VK_SUCCESS)
      return fail(error, "vkCreateDevice on " + dev_.device_name + " failed (VkResult " + std::to_string(r) + ")");
   volkLoadDeviceTable(&vk_, device_);
   queue_family_ = family;
   vk_.vkGetDeviceQueue(device_, family, 0, &queue_);
   for (const char *e : extensions)
      dev_.enabled_extensions.push_back(e);
   return true;
}

void zink_screen::query_formats() {
   formats_.assign(PIPE_FORMAT_COUNT, zink_format_support{});
   const bool api13 = std::min(dev_.api_version, VK_API_VERSION_1_3) >= VK_API_VERSION_1_3 &&
                      volkGetInstanceVersion() >= VK_API_VERSION_1_3;
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; ++i) {
      const pipe_format pf = static_cast<pipe_format>(i);
      zink_format_support &s = formats_[i];
      for (const zink_format &cand : {zink_format_for(pf), zink_format_fallback(pf)}) {
         if (cand.format == VK_FORMAT_UNDEFINED)
            continue;
         // The 4444 ARGB/ABGR formats exist only from Vulkan 1.3 (or VK_EXT_4444_formats, not
         // enabled here): asking about them earlier is invalid API use.
         if (!api13 && (cand.format == VK_FORMAT_A4R4G4B4_UNORM_PACK16 ||
                        cand.format == VK_FORMAT_A4B4G4R4_UNORM_PACK16))
            continue;
         VkFormatProperties3 p3{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
         VkFormatProperties2 p2{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2};
         if (api13)
            p2.pNext = &p3;
         vkGetPhysicalDeviceFormatProperties2(pdev_, cand.format, &p2);
         const VkFormatFeatureFlags f = p2.formatProperties.optimalTilingFeatures;
         if (!(f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
            continue;
         s.vk = cand;
         s.sampled = true;
         s.linear_filter = (f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0;
         s.minmax_filter = (f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT) != 0;
         const util_format_description *d = util_format_describe(pf);
         s.depth_compare = d && d->depth_bits &&
                           (!api13 || (p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT));
         break;
      }
   }
   for (int f : forced_no_linear_)
      formats_[f].linear_filter = false;
}

void zink_screen::derive_caps() {
   caps_ = config_screen::recommended_caps();
   caps_[PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE] = dev_.sampler_mirror_clamp_to_edge;
   caps_[PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE] = dev_.non_seamless_cube_map;
   caps_[PIPE_CAP_SAMPLER_REDUCTION_MINMAX] = dev_.sampler_filter_minmax;
   caps_[PIPE_CAP_ANISOTROPIC_FILTER] = dev_.sampler_anisotropy;
   caps_[PIPE_CAP_MAX_TEXTURE_ANISOTROPY] =
      dev_.sampler_anisotropy ? static_cast<int>(std::floor(dev_.max_sampler_anisotropy)) : 1;
   caps_[PIPE_CAP_MAX_TEXTURE_LOD_BIAS] = static_cast<int>(std::floor(dev_.max_sampler_lod_bias));
   // Measured on lavapipe (Mesa 22.3.6): MIN / MAX reduction with a LINEAR mip filter reduces each
   // level and blends the two by the mip weight, where Vulkan and GL reduce over both levels'
   // texels (docs/conformance.md); the shader filter reduces over both (rule 11).
   caps_[PIPE_CAP_MINMAX_MIPMAP_LOWERING] =
      dev_.sampler_filter_minmax && dev_.driver_id == static_cast<uint32_t>(VK_DRIVER_ID_MESA_LLVMPIPE);
   // Measured on lavapipe (Mesa 22.3.6): MIRRORED_REPEAT and MIRROR_CLAMP_TO_EDGE with NEAREST
   // mirror the coordinate, not GL 4.6's texel index (docs/sampling.md,
   // MirroredRepeatAtNegativeTexelBoundaries); NVIDIA mirrors the index. Rule 12 lowers it.
   caps_[PIPE_CAP_MIRROR_TEXEL_LOWERING] = dev_.driver_id == static_cast<uint32_t>(VK_DRIVER_ID_MESA_LLVMPIPE);
   // Vulkan lets a NEAREST mip filter round λ = k + ½ either way, and no device measured takes
   // GL's level k: lavapipe rounds to even (1.5 reads level 2), NVIDIA up (0.5 reads level 1)
   // (docs/sampling.md, NearestMipLevelTieReadsLevelK). Rule 13 lowers it on every device.
   caps_[PIPE_CAP_NEAREST_MIP_TIE_LOWERING] = 1;
   // Vulkan selects an array layer by round-to-even, GL by ⌊t + ½⌋: they part at t = 2k + ½ on
   // every conformant device (rule 14).
   caps_[PIPE_CAP_ARRAY_LAYER_TIE_LOWERING] = 1;
   // Measured on lavapipe (Mesa 22.3.6): a non-seamless cube map (VK_EXT_non_seamless_cube_map)
   // clamps to the face's edge whatever the sampler's wrap, where REPEAT and the border wraps
   // apply within the face (docs/conformance.md, "Expected failures"); NVIDIA wraps within the
   // face. Rule 15 takes such samplers through the cube filter, which wraps each face itself (1);
   // a device without the extension samples every cube map seamless, so there it takes every
   // non-seamless cube sampler (2).
   caps_[PIPE_CAP_CUBE_FACE_WRAP_LOWERING] =
      !dev_.non_seamless_cube_map ? 2 : dev_.driver_id == static_cast<uint32_t>(VK_DRIVER_ID_MESA_LLVMPIPE) ? 1 : 0;
   // Measured on lavapipe (Mesa 22.3.6): λ is a piecewise-linear log2 of ρ², (e + m − 1) / 2 for
   // ρ² = 2^e·m, up to 0.043 below GL's log2 ρ between powers of √2 (docs/fidelity.md,
   // examples/lambda_approximation.json), which a LINEAR mip filter's weight shows; rule 16 weighs
   // the levels by the shader filter's own λ. Not measured on NVIDIA: 0 there.
   caps_[PIPE_CAP_LAMBDA_LOWERING] = dev_.driver_id == static_cast<uint32_t>(VK_DRIVER_ID_MESA_LLVMPIPE);
   // Per-format answers come from is_linear_filtering_supported; no per-class guess.
   caps_[PIPE_CAP_TEXTURE_FLOAT_LINEAR] = 1;
   caps_[PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR] = 1;
   // With borderColorSwizzleFromImage the device applies the whole view swizzle (GL swizzle,
   // depth texture mode and format emulation) to the border colour, so the state tracker must
   // not apply the GL part first; otherwise it pre-swizzles (docs/zink.md).
   caps_[PIPE_CAP_BORDER_COLOR_SWIZZLE] = dev_.border_color_swizzle_from_image ? 1 : 0;
   // The view format travels with every bordered sampler: emulated formats (ALPHA as R, ...)
   // need the colour in their stored components, and custom colours need the format when
   // the device lacks customBorderColorWithoutFormat.
   caps_[PIPE_CAP_BORDER_COLOR_FORMAT] = 1;
   // Rasterizer: quads reach Vulkan only through zink_convert_primitives, which puts whichever
   // vertex GL names in the provoking slot, so they follow the convention; no colour clamping in
   // Vulkan; clip-space z is [0, w] natively; depth clip can be turned off with depthClamp.
   caps_[PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION] = 1;
   caps_[PIPE_CAP_VERTEX_COLOR_CLAMPED] = 0;
   caps_[PIPE_CAP_FRAGMENT_COLOR_CLAMPED] = 0;
   caps_[PIPE_CAP_CLIP_HALFZ] = 1;
   caps_[PIPE_CAP_DEPTH_CLIP_DISABLE] = dev_.depth_clamp ? 1 : 0;
   for (int cap : forced_off_caps_)
      caps_[cap] = 0;
}

bool zink_screen::is_linear_filtering_supported(pipe_format format, const pipe_resource *) const {
   return format < formats_.size() && formats_[format].linear_filter;
}

std::shared_ptr<void> zink_screen::cached_object(const void *key,
                                               const std::function<std::shared_ptr<void>()> &make) const {
   std::lock_guard<std::mutex> lock(objects_mutex_);
   for (const auto &o : objects_)
      if (o.first == key)
         return o.second;
   std::shared_ptr<void> made = make();
   if (made)
      objects_.emplace_back(key, made);
   return made;
}

zink_screen::~zink_screen() {
   // Objects that hold Vulkan handles of this device go first, newest first.
   while (!objects_.empty())
      objects_.pop_back();
   if (device_)
      vk_.vkDestroyDevice(device_, nullptr);
   if (messenger_)
      vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
   if (instance_)
      vkDestroyInstance(instance_, nullptr);
}

}  // namespace clampler
