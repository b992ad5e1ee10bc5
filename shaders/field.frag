#version 330 core
// The display field (R32F) through a colormap (a 1-D RGB texture) over [u_min, u_max]. With
// u_relief, shaded relief: the field as a height map lit from the upper left, a normal from its
// gradient (central differences over neighbouring cells) and a Lambert term scaling the colour,
// so flat ground keeps the colormap's colour. With u_style_overlay, the style map (R8: 0 set A,
// 1 set B) as a translucent tint toward set B's colour and a light contour where it crosses 1/2.
uniform sampler2D u_field;
uniform sampler2D u_style;
uniform bool u_style_overlay;
uniform sampler1D u_colormap;
uniform float u_min;
uniform float u_max;
uniform bool u_relief;
in vec2 v_texcoord;
out vec4 color;

float height(vec2 at) {
  return clamp((texture(u_field, at).r - u_min) / max(u_max - u_min, 1e-12), 0.0, 1.0);
}

void main() {
  float t = height(v_texcoord);
  vec3 rgb = texture(u_colormap, t).rgb;
  if (u_relief) {
    vec2 cell = 1.0 / vec2(textureSize(u_field, 0));
    // Texture y grows down the screen: the light's y is negative to come from above.
    float dx = height(v_texcoord + vec2(cell.x, 0.0)) - height(v_texcoord - vec2(cell.x, 0.0));
    float dy = height(v_texcoord + vec2(0.0, cell.y)) - height(v_texcoord - vec2(0.0, cell.y));
    const float kSteepness = 4.0;  // heights over a cell: a range's span rises 4 cells
    vec3 normal = normalize(vec3(-kSteepness * dx, -kSteepness * dy, 1.0));
    const vec3 kLight = normalize(vec3(-1.0, -1.0, 1.2));
    float lambert = max(dot(normal, kLight), 0.0) / kLight.z;  // 1 on flat ground
    rgb = clamp(rgb * mix(1.0, lambert, 0.75), 0.0, 1.0);
  }
  if (u_style_overlay) {
    float s = texture(u_style, v_texcoord).r;
    const vec3 kSetB = vec3(1.0, 0.35, 0.75);
    rgb = mix(rgb, kSetB, 0.35 * s);
    float across = abs(s - 0.5) / max(fwidth(s), 1e-4);  // distance to the contour, in pixels
    rgb = mix(rgb, vec3(1.0), 0.8 * clamp(1.5 - across, 0.0, 1.0));
  }
  color = vec4(rgb, 1.0);
}
