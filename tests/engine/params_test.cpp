#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "gs/param_overrides.h"
#include "gs/params.h"
#include "gs/value_floors.h"

namespace gs {
namespace {

TEST(Params, CourseDefaultsAreValid) {
  EXPECT_TRUE(validate(Params{}));
}

TEST(Params, RejectsNonFiniteAndNegativeValuesNamingThem) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  struct Case {
    float Params::*field;
    float value;
    const char* name;
  };
  for (const Case& c : {Case{&Params::F, nan, "F"}, Case{&Params::k, inf, "k"},
                        Case{&Params::Du, -0.1f, "Du"}, Case{&Params::Dv, -inf, "Dv"},
                        Case{&Params::dt, 0.0f, "dt"}, Case{&Params::dt, nan, "dt"}}) {
    Params p;
    p.*c.field = c.value;
    const Status status = validate(p);
    ASSERT_FALSE(status) << c.name;
    EXPECT_EQ(status.message().rfind(c.name, 0), 0u) << status.message();
  }
}

TEST(Params, NonzeroValuesBelowTheirFloorAreRefusedNamingTheFloor) {
  const float below = std::nextafter(kParameterFloor, 0.0f);
  for (float Params::*field : {&Params::F, &Params::k, &Params::Du, &Params::Dv, &Params::dt}) {
    Params p;
    p.*field = kParameterFloor;
    EXPECT_TRUE(validate(p)) << "the floor itself is allowed";
    p.*field = below;
    const Status refused = validate(p);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.message().find("must be 0 or at least 2.38e-07"), std::string::npos)
        << refused.message();
  }
  Params zero;
  zero.F = zero.k = zero.Du = zero.Dv = 0.0f;
  EXPECT_TRUE(validate(zero)) << "0 stays allowed, but for dt";
  Params map;
  map.map.enabled = true;
  map.map.F_low = 0.0f;
  EXPECT_TRUE(validate(map));
  map.map.k_low = 1e-9f;
  const Status refused = validate(map);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.message().rfind("map k low must be 0 or at least", 0), 0u) << refused.message();
}

TEST(Params, StabilityLimitDependsOnTheLaplacian) {
  Params p;
  p.Du = 0.16f;
  p.Dv = 0.08f;
  p.laplacian = Laplacian::Course;  // 1 * 0.16 * 12 = 1.92: stable
  EXPECT_TRUE(validate(p));
  p.dt = 1.1f;  // 2.11: unstable
  const Status unstable = validate(p);
  ASSERT_FALSE(unstable);
  EXPECT_NE(unstable.message().find("limit 2"), std::string::npos) << unstable.message();
  EXPECT_NE(unstable.message().find("course"), std::string::npos) << unstable.message();
  p.laplacian = Laplacian::FivePoint;  // 1.1 * 0.16 * 8 = 1.41
  EXPECT_TRUE(validate(p));
  p.Du = 1.2f;
  p.laplacian = Laplacian::NinePoint;  // 1.1 * 1.2 * 1.6 = 2.11
  EXPECT_FALSE(validate(p));
}

TEST(Params, TheRatesDescribedNameSetBWithAStyleMap) {
  Params p;
  p.F = 0.014f;
  EXPECT_EQ(describe_rates(p).find("style"), std::string::npos) << describe_rates(p);
  p.style = {true, 0.05f, 0.063f, p.Du, p.Dv};
  EXPECT_NE(describe_rates(p).find("F 0.014, k "), std::string::npos) << describe_rates(p);
  EXPECT_NE(describe_rates(p).find("; style set B: F 0.05, k 0.063"), std::string::npos)
      << describe_rates(p);
}

TEST(Params, NamesRoundTrip) {
  for (Laplacian l : {Laplacian::FivePoint, Laplacian::NinePoint, Laplacian::Course})
    EXPECT_EQ(parse_enum<Laplacian>(to_string(l)), l);
  for (Boundary b : {Boundary::Periodic, Boundary::Neumann})
    EXPECT_EQ(parse_enum<Boundary>(to_string(b)), b);
  EXPECT_FALSE(parse_enum<Laplacian>("seven-point"));
  EXPECT_FALSE(parse_enum<Boundary>("Periodic"));
}

TEST(ParamLayers, DefaultsThenFileThenPresetThenExplicitValues) {
  ParamLayers layers;
  layers.file.F = 0.01f;
  layers.file.k = 0.05f;
  layers.file.boundary = Boundary::Neumann;
  layers.preset.F = 0.02f;
  layers.preset.laplacian = Laplacian::FivePoint;
  layers.explicit_values.F = 0.03f;
  const Params p = layer_params(layers);
  EXPECT_EQ(p.F, 0.03f);  // explicit over preset over file
  EXPECT_EQ(p.k, 0.05f);  // only the file names k
  EXPECT_EQ(p.laplacian, Laplacian::FivePoint);
  EXPECT_EQ(p.boundary, Boundary::Neumann);  // a preset that does not name it keeps it
  EXPECT_EQ(p.Du, Params{}.Du);              // named by none: the default
}

TEST(ParamLayers, GivenBaseReplacesTheDefaults) {
  Params base;
  base.Du = 0.2f;
  base.map.enabled = true;
  ParamLayers layers;
  layers.file.Dv = 0.07f;
  const Params p = layer_params(layers, base);
  EXPECT_EQ(p.Du, 0.2f);
  EXPECT_EQ(p.Dv, 0.07f);
  EXPECT_TRUE(p.map.enabled);
  EXPECT_EQ(layer_params(ParamLayers{}), Params{});
}

}  // namespace
}  // namespace gs
