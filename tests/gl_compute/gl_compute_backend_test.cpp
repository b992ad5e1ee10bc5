// The rest of what a backend does, on the gl backend against the twin: the brush (discs, strokes
// across a periodic edge, erasing, the style brush), the colour scale's range, the divergence
// check, rows in and out, the display field written into a texture with no transfer, and how
// `auto` and `gl` choose it.
#include <glad/gl.h>

#include <cmath>
#include <limits>
#include <vector>

#include "gl_compute_fixture.h"
#include "gs/backend_factory.h"
#include "gs/initial_conditions.h"

namespace gs::test {
namespace {

struct Pair {
  std::unique_ptr<Backend> gl;
  CpuTwinBackend twin{2};
};

void start_both(Pair& both, const Params& p, const Fields& start) {
  ASSERT_TRUE(both.gl->set_params(p));
  ASSERT_TRUE(both.twin.set_params(p));
  ASSERT_TRUE(both.gl->copy_in(start));
  ASSERT_TRUE(both.twin.copy_in(start));
}

std::string difference(Pair& both) {
  Fields a, b;
  EXPECT_TRUE(both.gl->copy_out(a));
  EXPECT_TRUE(both.twin.copy_out(b));
  return bit_difference(a, b);
}

std::vector<Brush> brushes() {
  std::vector<Brush> list;
  list.push_back({40.3f, 30.7f, 6.5f, 0.9f});                       // a disc
  list.push_back({2.0f, 1.5f, 5.0f, 0.4f, false, -30.25f, 12.5f});  // a stroke over two edges
  list.push_back({60.0f, 50.0f, 3.0f, 0.0f, true, 8.0f, -3.0f});    // erasing along a stroke
  list.push_back({0.2f, 0.3f, 9.0f, 0.0f, false, 0, 0, BrushStyle::TowardB});  // style, corner
  list.push_back({30.0f, 20.0f, 12.0f, 0.0f, false, 25.5f, 4.0f, BrushStyle::TowardA});
  list.push_back({-1000.0f, 20.0f, 4.0f, 0.7f});  // wholly off the grid
  return list;
}

TEST_F(GlComputeTest, TheBrushPaintsTheTwinsCells) {
  for (Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
    Pair both{gl_backend()};
    ASSERT_TRUE(both.gl);
    Params p;
    p.boundary = boundary;
    start_both(both, p, make_initial_fields({83, 67}, InitPattern::Spots, 3));
    for (const Brush& brush : brushes()) {
      ASSERT_TRUE(both.gl->paint(brush));
      ASSERT_TRUE(both.twin.paint(brush));
      EXPECT_EQ(difference(both), "") << "after the brush at " << brush.x << ", " << brush.y;
    }
    // The painted style map runs: set B's strokes step as the twin steps them.
    p.style = {true, 0.035f, 0.065f, 0.1f, 0.05f};
    ASSERT_TRUE(both.gl->set_params(p));
    ASSERT_TRUE(both.twin.set_params(p));
    ASSERT_TRUE(both.gl->step(50));
    ASSERT_TRUE(both.twin.step(50));
    EXPECT_EQ(difference(both), "") << "after 50 steps with the painted style map";
    EXPECT_FALSE(both.gl->paint({1.0f, 1.0f, 0.0f, 0.5f})) << "a radius of 0 is refused";
  }
}

TEST_F(GlComputeTest, RangeAndDivergenceCheckMatchTheTwin) {
  Pair both{gl_backend()};
  ASSERT_TRUE(both.gl);
  Fields start = make_initial_fields({131, 45}, InitPattern::Noise, 5);
  start_both(both, Params{}, start);
  for (DisplayField field : {DisplayField::U, DisplayField::V}) {
    Expected<ValueRange> gl = both.gl->field_range(field), twin = both.twin.field_range(field);
    ASSERT_TRUE(gl && twin);
    EXPECT_EQ(gl->low, twin->low);
    EXPECT_EQ(gl->high, twin->high);
  }
  EXPECT_EQ(both.gl->fields_are_finite().value(), true);
  // One NaN and one infinity: the check sees them; the range leaves them out.
  start.v[1234] = std::numeric_limits<float>::quiet_NaN();
  start.u[77] = -std::numeric_limits<float>::infinity();
  start_both(both, Params{}, start);
  EXPECT_EQ(both.gl->fields_are_finite().value(), false);
  EXPECT_EQ(both.twin.fields_are_finite().value(), false);
  const ValueRange gl_v = both.gl->field_range(DisplayField::V).value();
  const ValueRange twin_v = both.twin.field_range(DisplayField::V).value();
  EXPECT_EQ(gl_v.low, twin_v.low);
  EXPECT_EQ(gl_v.high, twin_v.high);
  // No finite cell at all: {0, 0}.
  std::fill(start.u.begin(), start.u.end(), std::numeric_limits<float>::quiet_NaN());
  ASSERT_TRUE(both.gl->copy_in(start));
  const ValueRange none = both.gl->field_range(DisplayField::U).value();
  EXPECT_EQ(none.low, 0.0f);
  EXPECT_EQ(none.high, 0.0f);
}

TEST_F(GlComputeTest, RowsGoInAndOutAsTheTwinsDo) {
  Pair both{gl_backend()};
  ASSERT_TRUE(both.gl);
  start_both(both, Params{}, make_initial_fields({64, 40}, InitPattern::Spots, 9));
  Fields rows_gl, rows_twin;
  ASSERT_TRUE(both.gl->read_rows(37, 3, rows_gl));
  ASSERT_TRUE(both.twin.read_rows(37, 3, rows_twin));
  EXPECT_EQ(bit_difference(rows_gl, rows_twin), "");
  Fields incoming = make_initial_fields({64, 2}, InitPattern::Noise, 4);
  incoming.v[5] = 1e-9f;  // below the state floor: both make it 0
  ASSERT_TRUE(both.gl->write_rows(0, incoming));
  ASSERT_TRUE(both.twin.write_rows(0, incoming));
  EXPECT_EQ(difference(both), "");
  EXPECT_FALSE(both.gl->read_rows(39, 2, rows_gl)) << "rows past the grid are refused";
}

TEST_F(GlComputeTest, TheDisplayFieldIsWrittenIntoTheTextureWithNoTransfer) {
  Pair both{gl_backend()};
  ASSERT_TRUE(both.gl);
  EXPECT_TRUE(both.gl->capabilities().writes_texture);
  const GridSize size{77, 53};
  start_both(both, Params{}, make_initial_fields(size, InitPattern::Spots, 2));
  GLuint texture = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &texture);
  glTextureStorage2D(texture, 1, GL_R32F, size.width, size.height);
  for (DisplayField field : {DisplayField::V, DisplayField::U}) {
    for (int steps : {5, 0}) {  // fused into the last step, and alone
      DisplayTarget target;
      target.space = MemorySpace::Texture;
      target.texture = texture;
      ASSERT_TRUE(both.gl->step_and_display(steps, field, target));
      std::vector<float> shown(size.cells()), expected(size.cells());
      ASSERT_TRUE(both.twin.step_and_display(
          steps, field, {expected.data(), expected.size(), MemorySpace::Host}));
      glGetTextureImage(texture, 0, GL_RED, GL_FLOAT, GLsizei(shown.size() * sizeof(float)),
                        shown.data());
      EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      EXPECT_TRUE(shown == expected) << to_string(field) << " after " << steps << " steps";
      EXPECT_EQ(both.gl->last_timings().transfer_ms, 0.0);
    }
  }
  glDeleteTextures(1, &texture);
  // Host memory works too (a recording's frames, the batch's frames file).
  std::vector<float> host(size.cells());
  EXPECT_TRUE(
      both.gl->write_display(DisplayField::V, {host.data(), host.size(), MemorySpace::Host}));
  EXPECT_FALSE(both.gl->write_display(DisplayField::V, {host.data(), 3, MemorySpace::Host}));
}

TEST_F(GlComputeTest, AutoPassesOverASoftwareRendererAndGlTakesIt) {
  const ContextBackendOffer offer = provider_->offer();
  BackendOptions options;
  options.gl = provider_;
  options.choice = BackendChoice::Auto;
  Expected<SelectedBackend> chosen = create_backend(options);
  ASSERT_TRUE(chosen) << chosen.message();
  if (offer.hardware) {
    EXPECT_NE(chosen->backend->kind(), BackendKind::CpuTwin) << chosen->reason;
  } else {
    EXPECT_EQ(chosen->backend->kind(), BackendKind::CpuTwin);
    EXPECT_NE(chosen->reason.find("gl passed over: " + offer.details + " is a software renderer"),
              std::string::npos)
        << chosen->reason;
  }
  options.choice = BackendChoice::Gl;
  chosen = create_backend(options);
  ASSERT_TRUE(chosen) << chosen.message();
  EXPECT_EQ(chosen->backend->kind(), BackendKind::Gl);
  EXPECT_EQ(chosen->backend->name(), "gl");
  options.cpu_path = CpuTwinPath::Reference;
  EXPECT_FALSE(create_backend(options)) << "the twin's loop is no gl setting";
  // Without a context, gl says so.
  BackendOptions none;
  none.choice = BackendChoice::Gl;
  Expected<SelectedBackend> refused = create_backend(none);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("gl unavailable"), std::string::npos) << refused.message();
}

}  // namespace
}  // namespace gs::test
