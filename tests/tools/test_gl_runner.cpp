// The GL runner's environment: which EGL vendors glvnd is told to load, and whether there is a GPU.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "../../src/tools/gl_runner.h"

namespace {

namespace fs = std::filesystem;

const std::string kMesa = "/usr/share/glvnd/egl_vendor.d/50_mesa.json";

fs::path vendor_dir(const std::string &name, std::initializer_list<const char *> files) {
   const fs::path dir = fs::temp_directory_path() / ("clampler-egl-" + name + "-" + std::to_string(::getpid()));
   fs::remove_all(dir);
   fs::create_directories(dir);
   for (const char *f : files)
      std::ofstream(dir / f) << "{}\n";
   return dir;
}

TEST(EglVendorList, MesaComesFirstWithNoOtherVendor) {
   const fs::path empty = vendor_dir("empty", {});
   EXPECT_EQ(clampler::egl_vendor_list({empty.string(), "/nonexistent-clampler-dir"}), kMesa);
   fs::remove_all(empty);
}

TEST(EglVendorList, OtherVendorsStayListedAfterMesa) {
   // NVIDIA's Vulkan driver finds no device without its EGL vendor in the list (docs/device.md).
   const fs::path dir = vendor_dir("nvidia", {"10_nvidia.json", "README"});
   EXPECT_EQ(clampler::egl_vendor_list({dir.string()}), kMesa + ":" + (dir / "10_nvidia.json").string());
   fs::remove_all(dir);
}

TEST(EglVendorList, MesasOwnFileIsListedOnce) {
   if (!fs::exists(kMesa))
      GTEST_SKIP() << kMesa << " is not installed (libegl-mesa0)";
   EXPECT_EQ(clampler::egl_vendor_list({"/usr/share/glvnd/egl_vendor.d"}).find(kMesa, 1), std::string::npos);
}

TEST(GpuDevicePresent, ARenderNodeOrNvidiasNodeAloneIsAGpu) {
   const fs::path dir = vendor_dir("dev", {});
   const std::string nodes = (dir / "renderD*").string(), nvidia = (dir / "nvidia0").string();
   EXPECT_FALSE(clampler::gpu_device_present(nodes, nvidia));
   std::ofstream(dir / "nvidia0") << "";
   EXPECT_TRUE(clampler::gpu_device_present(nodes, nvidia));  // NVIDIA without nvidia-drm
   fs::remove(dir / "nvidia0");
   std::ofstream(dir / "renderD128") << "";
   EXPECT_TRUE(clampler::gpu_device_present(nodes, nvidia));
   fs::remove_all(dir);
}

}  // namespace
