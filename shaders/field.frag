#version 330 core
// The display field (R32F) through a colormap (a 1-D RGB texture) over [u_min, u_max].
uniform sampler2D u_field;
uniform sampler1D u_colormap;
uniform float u_min;
uniform float u_max;
in vec2 v_texcoord;
out vec4 color;

void main() {
  float value = texture(u_field, v_texcoord).r;
  float t = clamp((value - u_min) / max(u_max - u_min, 1e-12), 0.0, 1.0);
  color = vec4(texture(u_colormap, t).rgb, 1.0);
}
