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

bool zink_screen::init(const zink_screen_options &options, std::string *error) {
   auto fail = [&](const std::string &m) {
      if (error)
         *error = m;
      return false;
   };
   zink_caps_override ov;
   if (!options.caps_override.empty()) {
      auto parsed = zink_caps_override::parse(options.caps_override, error);
      if (!parsed)
         return false;
      ov = *parsed;
   }
   if (!volk_ready(error))
      return false;

   // Instance, with the validation layer and a messenger when asked for.
   const uint32_t loader_version = volkGetInstanceVersion();
   VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
   app.pApplicationName = "clampler";
   app.pEngineName = "clampler";
   app.apiVersion = loader_version >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : VK_API_VERSION_1_1;
   std::vector<const char *> layers, inst_exts;
   if (options.validation) {
      uint32_t n = 0;
      vkEnumerateInstanceLayerProperties(&n, nullptr);
      std::vector<VkLayerProperties> props(n);
      vkEnumerateInstanceLayerProperties(&n, props.data());
      const bool found = std::any_of(props.begin(), props.end(), [](const VkLayerProperties &p) {
         return std::strcmp(p.layerName, "VK_LAYER_KHRONOS_validation") == 0;
      });
      if (!found)
         return fail("VK_LAYER_KHRONOS_validation is not installed (on Debian: apt-get install "
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
   VkResult r = vkCreateInstance(&ici, nullptr, &instance_);
   if (r != VK_SUCCESS)
      return fail(std::string("vkCreateInstance failed (") + std::to_string(r) + "): " + kNoVulkan);
   volkLoadInstanceOnly(instance_);
   if (options.validation && vkCreateDebugUtilsMessengerEXT(instance_, &dbg, nullptr, &messenger_) != VK_SUCCESS)
      return fail("cannot create the validation messenger");

   // Physical device: CLAMPLER_DEVICE (index or name substring), else by type preference.
   const std::vector<VkPhysicalDevice> devices = enumerate(instance_);
   if (devices.empty())
      return fail(kNoVulkan);
   std::vector<VkPhysicalDeviceProperties> props(devices.size());
   for (size_t i = 0; i < devices.size(); ++i)
      vkGetPhysicalDeviceProperties(devices[i], &props[i]);
   int chosen = -1;
   if (!options.device.empty()) {
      char *end = nullptr;
      const long idx = std::strtol(options.device.c_str(), &end, 10);
      if (end && *end == '\0') {
         if (idx < 0 || static_cast<size_t>(idx) >= devices.size())
            return fail("CLAMPLER_DEVICE=" + options.device + ": no such device index (there are " +
                        std::to_string(devices.size()) + ")");
         chosen = static_cast<int>(idx);
      } else {
         for (size_t i = 0; i < devices.size() && chosen < 0; ++i)
            if (std::string(props[i].deviceName).find(options.device) != std::string::npos)
               chosen = static_cast<int>(i);
         if (chosen < 0)
            return fail("CLAMPLER_DEVICE=" + options.device + ": no device name contains it");
      }
   } else {
      for (size_t i = 0; i < devices.size(); ++i)
         if (props[i].apiVersion >= VK_API_VERSION_1_1 &&
             (chosen < 0 || type_rank(props[i].deviceType) < type_rank(props[chosen].deviceType)))
            chosen = static_cast<int>(i);
      if (chosen < 0)
         return fail("no Vulkan 1.1 device found");
   }
   pdev_ = devices[chosen];
   const VkPhysicalDeviceProperties &p = props[chosen];
   if (p.apiVersion < VK_API_VERSION_1_1)
      return fail(std::string(p.deviceName) + " supports only Vulkan " +
                  std::to_string(VK_API_VERSION_MAJOR(p.apiVersion)) + "." +
                  std::to_string(VK_API_VERSION_MINOR(p.apiVersion)) + "; clampler needs 1.1");
   const uint32_t api = std::min(p.apiVersion, app.apiVersion);
   dev_.device_name = p.deviceName;
   dev_.api_version = p.apiVersion;
   dev_.driver_version = p.driverVersion;
   dev_.vendor_id = p.vendorID;
   dev_.device_id = p.deviceID;
   dev_.device_type = p.deviceType;

   uint32_t n = 0;
   vkEnumerateDeviceExtensionProperties(pdev_, nullptr, &n, nullptr);
   std::vector<VkExtensionProperties> exts(n);
   vkEnumerateDeviceExtensionProperties(pdev_, nullptr, &n, exts.data());
   auto want = [&](const char *name) { return has_extension(exts, name) && !ov.extension_off(name); };
   const bool ext_cbc = want(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
   const bool ext_bcs = want(VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME) && ext_cbc;
   const bool ext_mcte = want(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME);
   const bool ext_minmax = want(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
   const bool ext_nscm = want(VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME);
   const bool has_driver_props = api >= VK_API_VERSION_1_2;

   // Query the features we care about.
   VkPhysicalDeviceCustomBorderColorFeaturesEXT cbc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
   VkPhysicalDeviceBorderColorSwizzleFeaturesEXT bcs{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT};
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT nscm{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
   VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
   void **tail = &f2.pNext;
   auto chain = [&tail](auto &s) {
      *tail = &s;
      tail = &s.pNext;
   };
   if (api >= VK_API_VERSION_1_2)
      chain(v12);
   if (ext_cbc)
      chain(cbc);
   if (ext_bcs)
      chain(bcs);
   if (ext_nscm)
      chain(nscm);
   vkGetPhysicalDeviceFeatures2(pdev_, &f2);

   // Decide what to enable (supported and not switched off), and build the create chain.
   auto on = [&](VkBool32 supported, const char *feature) { return supported && !ov.feature_off(feature); };
   VkPhysicalDeviceFeatures2 en{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
   en.features.samplerAnisotropy = on(f2.features.samplerAnisotropy, "samplerAnisotropy");
   en.features.imageCubeArray = f2.features.imageCubeArray;  // GL_TEXTURE_CUBE_MAP_ARRAY views
   VkPhysicalDeviceVulkan12Features en12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceCustomBorderColorFeaturesEXT encbc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
   VkPhysicalDeviceBorderColorSwizzleFeaturesEXT enbcs{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT};
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT ennscm{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
   std::vector<const char *> dev_exts;
   tail = &en.pNext;
   if (api >= VK_API_VERSION_1_2) {
      en12.samplerMirrorClampToEdge = on(v12.samplerMirrorClampToEdge, "samplerMirrorClampToEdge") &&
                                      !ov.extension_off(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME);
      en12.samplerFilterMinmax = on(v12.samplerFilterMinmax, "samplerFilterMinmax") &&
                                 !ov.extension_off(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
      chain(en12);
      dev_.sampler_mirror_clamp_to_edge = en12.samplerMirrorClampToEdge;
      dev_.sampler_filter_minmax = en12.samplerFilterMinmax;
   } else {
      if (ext_mcte && !ov.feature_off("samplerMirrorClampToEdge")) {
         dev_exts.push_back(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME);
         dev_.sampler_mirror_clamp_to_edge = true;
      }
      if (ext_minmax && !ov.feature_off("samplerFilterMinmax")) {
         dev_exts.push_back(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
         dev_.sampler_filter_minmax = true;
      }
   }
   if (ext_cbc && on(cbc.customBorderColors, "customBorderColors")) {
      encbc.customBorderColors = VK_TRUE;
      encbc.customBorderColorWithoutFormat = on(cbc.customBorderColorWithoutFormat, "customBorderColorWithoutFormat");
      chain(encbc);
      dev_exts.push_back(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
      dev_.custom_border_colors = true;
      dev_.custom_border_color_without_format = encbc.customBorderColorWithoutFormat;
      if (ext_bcs && on(bcs.borderColorSwizzle, "borderColorSwizzle")) {
         enbcs.borderColorSwizzle = VK_TRUE;
         enbcs.borderColorSwizzleFromImage = on(bcs.borderColorSwizzleFromImage, "borderColorSwizzleFromImage");
         chain(enbcs);
         dev_exts.push_back(VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME);
         dev_.border_color_swizzle = true;
         dev_.border_color_swizzle_from_image = enbcs.borderColorSwizzleFromImage;
      }
   }
   if (ext_nscm && on(nscm.nonSeamlessCubeMap, "nonSeamlessCubeMap")) {
      ennscm.nonSeamlessCubeMap = VK_TRUE;
      chain(ennscm);
      dev_exts.push_back(VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME);
      dev_.non_seamless_cube_map = true;
   }
   dev_.sampler_anisotropy = en.features.samplerAnisotropy;
   dev_.image_cube_array = en.features.imageCubeArray;

   // Limits, lowered by the override, never raised.
   VkPhysicalDeviceCustomBorderColorPropertiesEXT cbc_props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT};
   VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
   tail = &p2.pNext;
   if (ext_cbc)
      chain(cbc_props);
   if (has_driver_props)
      chain(driver);
   vkGetPhysicalDeviceProperties2(pdev_, &p2);
   if (has_driver_props) {
      dev_.driver_name = driver.driverName;
      dev_.driver_info = driver.driverInfo;
   }
   const VkPhysicalDeviceLimits &lim = p.limits;
   auto lower = [](auto real, const auto &o) { return o && *o < real ? *o : real; };
   dev_.max_sampler_allocation_count = lower(lim.maxSamplerAllocationCount, ov.max_sampler_allocation_count);
   dev_.max_sampler_anisotropy = dev_.sampler_anisotropy ? lower(lim.maxSamplerAnisotropy, ov.max_sampler_anisotropy) : 1.0f;
   dev_.max_sampler_lod_bias = lower(lim.maxSamplerLodBias, ov.max_sampler_lod_bias);
   dev_.max_custom_border_color_samplers =
      dev_.custom_border_colors ? lower(cbc_props.maxCustomBorderColorSamplers, ov.max_custom_border_color_samplers) : 0;

   // One queue that can draw and dispatch (used by later layers for sampling).
   uint32_t qn = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev_, &qn, nullptr);
   std::vector<VkQueueFamilyProperties> qf(qn);
   vkGetPhysicalDeviceQueueFamilyProperties(pdev_, &qn, qf.data());
   uint32_t family = UINT32_MAX;
   for (uint32_t i = 0; i < qn && family == UINT32_MAX; ++i)
      if ((qf[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT)) ==
          (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT))
         family = i;
   if (family == UINT32_MAX)
      return fail(dev_.device_name + " has no queue family with graphics and compute");
   const float priority = 1.0f;
   VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
   qci.queueFamilyIndex = family;
   qci.queueCount = 1;
   qci.pQueuePriorities = &priority;
   VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
   dci.pNext = &en;
   dci.queueCreateInfoCount = 1;
   dci.pQueueCreateInfos = &qci;
   dci.enabledExtensionCount = static_cast<uint32_t>(dev_exts.size());
   dci.ppEnabledExtensionNames = dev_exts.data();
   r = vkCreateDevice(pdev_, &dci, nullptr, &device_);
   if (r != VK_SUCCESS)
      return fail("vkCreateDevice on " + dev_.device_name + " failed (VkResult " + std::to_string(r) + ")");
   volkLoadDeviceTable(&vk_, device_);
   queue_family_ = family;
   vk_.vkGetDeviceQueue(device_, family, 0, &queue_);
   for (const char *e : dev_exts)
      dev_.enabled_extensions.push_back(e);
   forced_no_linear_.assign(ov.no_linear_filtering.begin(), ov.no_linear_filtering.end());
   query_formats();
   derive_caps();
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
