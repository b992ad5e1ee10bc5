#version 330 core
// A quad filling the viewport, which the app sets to the field's rectangle (aspect kept). Texture
// row 0 is the grid's row 0, drawn at the top.
out vec2 v_texcoord;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  v_texcoord = vec2(corner.x, 1.0 - corner.y);
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
