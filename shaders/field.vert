#version 330 core
// A quad filling the viewport, which the app sets to the field's rectangle (aspect kept), showing
// the part of the texture in u_view (x, y, width, height as fractions: zoom and pan). Texture row 0
// is the grid's row 0, drawn at the top.
uniform vec4 u_view;
out vec2 v_texcoord;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  v_texcoord = u_view.xy + vec2(corner.x, 1.0 - corner.y) * u_view.zw;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
