#version 330 core
// A quad covering the field's rectangle in normalised device coordinates (aspect kept by the
// caller's scale). Texture row 0 is the grid's row 0, drawn at the top.
uniform vec2 u_scale;
out vec2 v_texcoord;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  v_texcoord = vec2(corner.x, 1.0 - corner.y);
  gl_Position = vec4((corner * 2.0 - 1.0) * u_scale, 0.0, 1.0);
}
