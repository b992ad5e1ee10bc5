#version 330 core
// The display field (R32F) through a colormap (a 1-D RGB texture) over [u_min, u_max]. With
// u_relief, shaded relief: the field as a height map lit from the upper left, a normal from its
// gradient (central differences over neighbouring cells) and a Lambert term scaling the colour,
// so flat ground keeps the colormap's colour.
uniform sampler2D u_field;
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
  color = vec4(rgb, 1.0);
}
