# The preset selector's thumbnails, made at build time by the preset gallery script: every
# preset run by grayscott-batch from its recommended start (128x128, a few seconds on the CPU
# twin) and drawn by grayscott-sheet into share/grayscott-live/thumbnails/<preset>.png, where the
# app looks for them built or installed. Made again when a preset, the script or either program
# changes.
set(GS_THUMBNAILS_DIR ${CMAKE_BINARY_DIR}/${GS_DATA_SUBDIR}/thumbnails)
set(GS_THUMBNAILS_STAMP ${CMAKE_BINARY_DIR}/preset-thumbnails.stamp)
add_custom_command(OUTPUT ${GS_THUMBNAILS_STAMP}
  COMMAND ${PROJECT_SOURCE_DIR}/scripts/preset-gallery.sh --size 128
          --bin $<TARGET_FILE_DIR:grayscott-batch> --thumbnails ${GS_THUMBNAILS_DIR}
  COMMAND ${CMAKE_COMMAND} -E touch ${GS_THUMBNAILS_STAMP}
  DEPENDS grayscott-batch grayscott-sheet ${PROJECT_SOURCE_DIR}/assets/presets.json
          ${PROJECT_SOURCE_DIR}/scripts/preset-gallery.sh
  COMMENT "Preset thumbnails: every preset from its recommended start and steps"
  VERBATIM)
add_custom_target(preset_thumbnails ALL DEPENDS ${GS_THUMBNAILS_STAMP})
install(DIRECTORY ${GS_THUMBNAILS_DIR}/ DESTINATION ${GS_DATA_SUBDIR}/thumbnails
  FILES_MATCHING PATTERN "*.png")
