// Conformance sessions: zink screens (device + capability-override variants) or the reference alone, as case runners.
#include "conformance_device.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "clampler/pipe/p_format.h"
#include "clampler/pipe/p_names.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/query.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/sample.h"

#ifdef CLAMPLER_HAVE_ZINK
#include "clampler/zink/zink_screen.h"
#endif

namespace clampler::conformance {

ojson screen_block(const pipe_screen &s) {
   ojson caps = ojson::object();
   for (unsigned c = 0; c < PIPE_CAP_COUNT; ++c)
      caps[pipe_cap_name(static_cast<pipe_cap>(c))] = s.get_param(static_cast<pipe_cap>(c));
   ojson nolinear = ojson::array();
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; ++f) {
      const util_format_description *d = util_format_describe(static_cast<pipe_format>(f));
      if (d && !d->is_compressed && !s.is_linear_filtering_supported(static_cast<pipe_format>(f), nullptr))
         nolinear.push_back(d->name);
   }
   return {{"caps", caps}, {"no_linear_filtering", nolinear}};
}

namespace {

// GL's answers to a query case (the txq model).
ojson gl_queries(const std::string &text) {
   return {{"results", query_gl_results(query_scenario(text, txq_language::gl))}};
}

ojson reference_with(const ojson &block, const std::string &text) {
   ojson doc = ojson::parse(text);
   if (!block.is_null())
      doc["screen"] = block;
   return sample_scenario_reference(doc.dump());
}

class self_check final : public device_session {
public:
   std::string device_name() const override { return "reference"; }
   case_runner runner_for(const std::string &) override {
      case_runner r;
      r.expected = [](const std::string &t) { return sample_scenario_reference(t); };
      r.got = r.expected;
      r.explain = [](const std::string &t) { return explain_scenario(t).dump(); };
      r.query_expected = gl_queries;
      r.query_got = gl_queries;
      r.raster_expected = [](const std::string &t) { return raster_case_reference(t, true); };
      r.raster_got = r.raster_expected;
      return r;
   }
};

#ifdef CLAMPLER_HAVE_ZINK
struct screen_entry {
   std::unique_ptr<zink_screen> screen;
   ojson block;
   bool serial = false;     // the group needs one case at a time (every screen now does)
   std::mutex serial_mutex;  // one case at a time on this screen
};

// The validation messages of the last device call made on this thread (run_case polls them
// right after the call, on the same thread).
thread_local std::string last_validation;

void note_validation(const zink_screen &screen, uint64_t before) {
   const uint64_t after = screen.validation_message_count();
   last_validation.clear();
   if (after == before)
      return;
   const std::vector<std::string> log = screen.validation_messages();
   for (uint64_t i = before; i < after && i < log.size(); ++i)
      last_validation += log[i] + "\n";
   if (after > log.size())
      last_validation += std::to_string(after - std::max<uint64_t>(before, log.size())) +
                         " more message(s) not kept (the screen's log keeps the first " + std::to_string(log.size()) +
                         ")\n";
}

// Runs `call` on `e`'s screen with no other case there (the screens run side by side), so the
// validation messages counted around it are this case's: none is lost or blamed elsewhere.
template <typename Call>
ojson serially(screen_entry *e, Call call) {
   std::lock_guard<std::mutex> lock(e->serial_mutex);
   const uint64_t before = e->screen->validation_message_count();
   try {
      ojson out = call(*e->screen);
      note_validation(*e->screen, before);
      return out;
   } catch (...) {
      note_validation(*e->screen, before);
      throw;
   }
}

class zink_session final : public device_session {
public:
   std::map<std::string, std::unique_ptr<screen_entry>> screens;
   std::string name;

   std::string device_name() const override { return name; }
   case_runner runner_for(const std::string &screen) override {
      screen_entry *e = screens.at(screen).get();
      case_runner r;
      r.expected = [e](const std::string &t) { return reference_with(e->block, t); };
      r.got = [e](const std::string &t) {
         return serially(e, [&](const zink_screen &s) { return sample_scenario_device(t, s); });
      };
      r.explain = [e](const std::string &t) {
         const ojson x = explain_scenario_on_device(t, *e->screen);
         std::string state;  // one line per part: the pipe state, shader key, view and Vulkan sampler
         for (const char *k : {"pipe_sampler_state", "shader_key", "sampler_view", "vk_sampler_create_info", "vk_warnings"})
            if (x.contains(k))
               state += std::string(state.empty() ? "" : "\n") + "  " + k + ": " + x[k].dump();
         return state;
      };
      r.validation_poll = []() {
         std::string v;
         v.swap(last_validation);
         return v;
      };
      r.query_expected = gl_queries;
      r.query_got = [e](const std::string &t) {
         return serially(e, [&](const zink_screen &s) {
            return ojson{{"results", query_device_results(query_scenario_on_device(t, txq_language::gl, s))}};
         });
      };
      // The reference gets the quads convention this screen answers (GL's query of it).
      r.raster_expected = [e](const std::string &t) {
         return raster_case_reference(t, e->screen->get_param(PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0);
      };
      r.raster_got = [e](const std::string &t) {
         return serially(e, [&](const zink_screen &s) { return raster_case_on_device(t, s); });
      };
      return r;
   }
};
#endif

ojson parse_or_empty(const std::string &s) {
   if (s.empty())
      return ojson::object();
   ojson j = ojson::parse(s, nullptr, false);
   return j.is_object() ? j : ojson::object();
}

}  // namespace

std::string merge_overrides(const std::string &a, const std::string &b) {
   if (a.empty())
      return b;
   if (b.empty())
      return a;
   ojson x = parse_or_empty(a), y = parse_or_empty(b);
   for (auto it = y.begin(); it != y.end(); ++it) {
      if (it.value().is_array() && x.contains(it.key()) && x[it.key()].is_array()) {
         for (const auto &v : it.value())
            if (std::find(x[it.key()].begin(), x[it.key()].end(), v) == x[it.key()].end())
               x[it.key()].push_back(v);
      } else if (it.key() == "limits" && x.contains("limits") && x["limits"].is_object() && it.value().is_object()) {
         for (auto l = it.value().begin(); l != it.value().end(); ++l)
            if (!x["limits"].contains(l.key()) || !x["limits"][l.key()].is_number() || !l.value().is_number() ||
                l.value().get<double>() < x["limits"][l.key()].get<double>())
               x["limits"][l.key()] = l.value();
      } else if (it.key() != "comment") {
         x[it.key()] = it.value();
      }
   }
   return x.dump();
}

std::unique_ptr<device_session> open_self_check_session() { return std::make_unique<self_check>(); }

std::unique_ptr<device_session> open_device_session(const std::string &device, const std::string &caps_override,
                                                    bool validation, const std::set<std::string> &screens,
                                                    std::string *error) {
#ifdef CLAMPLER_HAVE_ZINK
   auto session = std::make_unique<zink_session>();
   std::set<std::string> wanted = screens;
   wanted.insert("");
   for (const std::string &name : wanted) {
      zink_screen_options o;
      o.device = device;
      o.validation = validation;
      o.caps_override = caps_override;
      auto entry = std::make_unique<screen_entry>();
      if (!name.empty()) {
         const auto &fs = fallback_screens();
         const auto it = std::find_if(fs.begin(), fs.end(), [&](const fallback_screen &f) { return f.name == name; });
         if (it == fs.end()) {
            *error = "unknown fallback screen " + name;
            return nullptr;
         }
         o.caps_override = merge_overrides(caps_override, it->override_json);
         entry->serial = it->serial;
      }
      std::string why;
      entry->screen = zink_screen::create(o, &why);
      if (!entry->screen) {
         *error = name.empty() ? why : "fallback screen " + name + ": " + why;
         return nullptr;
      }
      entry->block = screen_block(*entry->screen);
      if (name.empty())
         session->name = entry->screen->device_caps().device_name;
      session->screens[name] = std::move(entry);
   }
   return session;
#else
   (void)device;
   (void)caps_override;
   (void)validation;
   (void)screens;
   *error = "built without the Vulkan layer (install libvulkan-dev and libvulkan-volk-dev); --self-check runs the "
            "reference alone";
   return nullptr;
#endif
}

}  // namespace clampler::conformance

