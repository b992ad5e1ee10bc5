# The desktop app's tests, included by tests/CMakeLists.txt (the same folder's scope: paths are
# relative to tests/).
# The desktop app: its GL-free core (script parser, colormaps, simulation) and the real program
# under Xvfb (each test starts its own server through xvfb-run, on a display of its own) and
# headless on EGL.
if(GS_BUILD_APP)
  add_executable(app_core_tests app/script_parser_test.cpp app/script_parser_cells_test.cpp
    app/script_messages_test.cpp
    app/app_core_test.cpp app/settings_test.cpp app/command_script_test.cpp app/frame_pacer_test.cpp
    app/view_controls_test.cpp app/screen_layout_test.cpp app/brush_stroke_test.cpp
    app/script_timeline_test.cpp app/cpu_simulation.cpp)
  target_link_libraries(app_core_tests PRIVATE gs_app_core gs_app_export gs_test_support
    GTest::gtest_main)
  gs_test_program(app_core_tests)
  # The colormaps: their tables, lightness, names and the message for an unknown one.
  target_sources(app_core_tests PRIVATE app/colormap_test.cpp)
  # Caption lines: where they break.
  target_sources(app_core_tests PRIVATE app/caption_wrap_test.cpp)
  # What a demo starts from and gives back.
  target_sources(app_core_tests PRIVATE app/demo_settings_test.cpp app/demo_inlining_test.cpp
    app/caption_truth_test.cpp app/figure_layout_test.cpp)
  # The frame loop's idle waits.
  target_sources(app_core_tests PRIVATE app/idle_wait_test.cpp)
  # The default capture folder's sources.
  target_sources(app_core_tests PRIVATE app/capture_folder_test.cpp)
  # Scripts that run anywhere: require cuda, and what CUDA-only lines become without it.
  target_sources(app_core_tests PRIVATE app/cuda_fallback_test.cpp)
  # Copy as script: the setup's lines and what they reproduce.
  target_sources(app_core_tests PRIVATE app/setup_script_test.cpp)
  # A picture as the starting pattern: seed-image, the stamp, a dropped file.
  target_sources(app_core_tests PRIVATE app/picture_seed_core_test.cpp pictures/test_pictures.cpp)
  target_include_directories(app_core_tests PRIVATE pictures)
  # Style maps: their script lines, and refused changes that leave the simulation as it was.
  target_sources(app_core_tests PRIVATE app/style_commands_test.cpp)
  # The GPU the GL context and the CUDA backend share; backend replacements counted.
  target_sources(app_core_tests PRIVATE app/gpu_pairing_test.cpp)
  # The Timings follow each switch; wait-timings. Lines for a machine with or without a GPU.
  target_sources(app_core_tests PRIVATE app/timings_restart_test.cpp app/script_conditions_test.cpp
    app/script_checks_test.cpp)

  # grayscott-sheet: the contact sheet's composer, and the real program on states written by
  # the real grayscott-batch.
  add_executable(sheet_tests sheet/contact_sheet_test.cpp)
  target_link_libraries(sheet_tests PRIVATE gs_contact_sheet GTest::gtest_main)
  if(GS_HDF5)
    target_sources(sheet_tests PRIVATE cli/run_program.cpp sheet/load_png.cpp
      sheet/sheet_cli_test.cpp sheet/sheet_outputs_apart_test.cpp sheet/preset_gallery_test.cpp
      sheet/font_dir.cpp sheet/sheet_fonts_test.cpp sheet/sheet_hostile_test.cpp)
    target_link_libraries(sheet_tests PRIVATE PkgConfig::STB)
    target_include_directories(sheet_tests PRIVATE cli)
    target_compile_definitions(sheet_tests PRIVATE
      GS_BATCH_BINARY="$<TARGET_FILE:grayscott-batch>"
      GS_SHEET_BINARY="$<TARGET_FILE:grayscott-sheet>"
      GS_BIN_DIR="$<TARGET_FILE_DIR:grayscott-batch>"
      GS_GALLERY_SCRIPT="${PROJECT_SOURCE_DIR}/scripts/preset-gallery.sh"
      GS_PRESETS_FILE="${PROJECT_SOURCE_DIR}/assets/presets.json")
    add_dependencies(sheet_tests grayscott-batch grayscott-sheet)
    if(TARGET preset_thumbnails)  # GS_PRESET_THUMBNAILS
      target_compile_definitions(sheet_tests PRIVATE GS_BUILT_THUMBNAILS_DIR="${GS_THUMBNAILS_DIR}")
      add_dependencies(sheet_tests preset_thumbnails)
    endif()
  endif()
  gs_test_program(sheet_tests)

  # The control panel with no display: ImGui with no window or renderer, fed input by hand.
  add_executable(panel_tests app/panel_driver.cpp app/panel_headless_test.cpp)
  target_link_libraries(panel_tests PRIVATE gs_app_ui GTest::gtest_main)
  gs_test_program(panel_tests)
  # Copy as script: the keys and the clipboard.
  target_sources(panel_tests PRIVATE app/panel_clipboard_test.cpp)
  # The preset list: each preset's picture, name and description, and the open list fits.
  target_sources(panel_tests PRIVATE app/panel_preset_list_test.cpp)
  # The keys as the window's queued presses: each counted once, in the panel's frame.
  target_sources(panel_tests PRIVATE app/panel_key_presses_test.cpp)
  # A running demo's controls in the panel and the bar.
  target_sources(panel_tests PRIVATE app/panel_demo_controls_test.cpp)
  # The Timings plot: its size, and the check of its labels.
  target_sources(panel_tests PRIVATE app/panel_timings_plot_test.cpp app/panel_timings_overlay_test.cpp
    app/cpu_simulation.cpp)
  # Every list the panel and the bar open fits the screen at every scale, uncut.
  target_sources(panel_tests PRIVATE app/panel_popups_test.cpp)
  # Seed from image...: the path and options as a seed-image command.
  target_sources(panel_tests PRIVATE app/panel_seed_image_test.cpp)

  find_program(XVFB_RUN xvfb-run REQUIRED)
  find_program(XDOTOOL xdotool REQUIRED)  # real key presses for the app under Xvfb
  add_executable(app_tests cli/run_program.cpp app/app_run_support.cpp app/app_xvfb_test.cpp app/app_xvfb_view_test.cpp
    app/app_headless_test.cpp app/app_gl_backend_test.cpp app/app_writes_test.cpp app/app_settings_test.cpp
    app/app_style_state_test.cpp
    app/app_map_edges_test.cpp app/app_start_options_test.cpp app/app_blank_screen_test.cpp
    app/app_caption_lines_test.cpp app/app_demo_settings_test.cpp app/app_audience_text_test.cpp
    app/app_demo_in_script_test.cpp app/app_figure_export_test.cpp
    app/app_setup_pictures_test.cpp
    app/app_limits_test.cpp app/app_signals_test.cpp app/app_presentation_test.cpp app/app_exports_test.cpp
    app/app_keys_test.cpp app/app_key_taps_test.cpp app/app_timings_plot_test.cpp
    app/app_zoom_test.cpp app/app_brush_stroke_test.cpp app/app_preset_list_test.cpp
    app/app_toast_test.cpp app/app_clean_captures_test.cpp app/app_exit_codes_test.cpp app/app_script_flow_test.cpp
    app/app_script_input_test.cpp app/app_seed_image_test.cpp pictures/test_pictures.cpp)
  target_include_directories(app_tests PRIVATE pictures)
  target_link_libraries(app_tests PRIVATE gs_app_core gs_app_export GTest::gtest_main nlohmann_json::nlohmann_json
    PkgConfig::STB)
  target_include_directories(app_tests PRIVATE cli)
  target_compile_definitions(app_tests PRIVATE
    GS_BATCH_BINARY="$<TARGET_FILE:grayscott-batch>"
    GS_APP_BINARY="$<TARGET_FILE:grayscott>"
    GS_SHEET_BINARY="$<TARGET_FILE:grayscott-sheet>"
    GS_LIBHDF5_FAULTS_DIR="${PROJECT_SOURCE_DIR}/tests/fuzz/libhdf5-faults"
    GS_XVFB_RUN="${XVFB_RUN}"
    GS_XDOTOOL="${XDOTOOL}"
    GS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    GS_BUILD_DIR="${CMAKE_BINARY_DIR}")
  add_dependencies(app_tests grayscott grayscott-batch grayscott-sheet)
  # Paused, the app leaves the CPU alone.
  target_sources(app_tests PRIVATE app/app_idle_test.cpp)
  # Style maps from scripts: pictures, gradients, the brush, the sets, the overlay, the setup.
  target_sources(app_tests PRIVATE app/app_style_scripts_test.cpp app/app_style_overlay_test.cpp
    app/app_style_brush_keys_test.cpp)
  # Shaded relief in the view only; an automatic range that follows a switched field.
  target_sources(app_tests PRIVATE app/app_view_relief_test.cpp)
  # Where captures without a name go.
  target_sources(app_tests PRIVATE app/app_capture_folder_test.cpp)
  # Scripts that run anywhere: CUDA-only lines fall back, or stop a script that requires CUDA.
  target_sources(app_tests PRIVATE app/app_cuda_fallback_test.cpp)
  # The display path rebuilt on any backend replacement; the EGL and CUDA devices reported.
  target_sources(app_tests PRIVATE app/app_display_path_test.cpp)
  # A script from standard input (--script -), as a copied setup is handed on.
  target_sources(app_tests PRIVATE app/app_setup_script_test.cpp)
  # Ctrl+C and Ctrl+V through the real clipboard under Xvfb.
  target_sources(app_tests PRIVATE app/app_clipboard_test.cpp)
  # Presentation mode's layout: readable text, the field's share, captions, the map's axes.
  target_sources(app_tests PRIVATE app/app_presentation_layout_test.cpp)
  # `load` in the background (frames drawn, Esc cancels) and diverged states neither saved nor
  # loaded; the slow file is written through the HDF5 C API.
  if(GS_HDF5)
    target_sources(app_tests PRIVATE app/app_state_load_test.cpp cli/hdf5_test_files.cpp)
    target_include_directories(app_tests SYSTEM PRIVATE ${HDF5_C_INCLUDE_DIRS})
    target_link_libraries(app_tests PRIVATE ${HDF5_C_LIBRARIES})
  endif()
  # Damaged fonts: a note each, and ImGui's built-in font.
  target_sources(app_tests PRIVATE app/app_fonts_test.cpp sheet/font_dir.cpp)
  set(app_test_environment "")
  # COST: the app's runs are the suite's longest and start first, so the short tests fill in
  # around them (ctest orders a run without cost data by COST). Two may run at once: each Xvfb
  # gets a display of its own (xvfb_run in run_program.h).
  set(app_test_properties COST 100 LABELS app)
  if(GS_SANITIZE)
    # Mesa's llvmpipe leaks 112 bytes inside its driver, which it unloads before exit, so
    # LeakSanitizer can neither name nor suppress them. Headless runs leak 128 more inside Mesa's
    # EGL (eglInitialize and eglTerminate on the device platform alone do). ASan and UBSan still
    # check the app.
    set(app_test_environment "ASAN_OPTIONS=detect_leaks=0")
    list(APPEND app_test_properties ENVIRONMENT ${app_test_environment})
  endif()
  gs_test_program(app_tests PROPERTIES ${app_test_properties})
  # What a first start shows, with no options (the field's structure at once, and moving).
  target_sources(app_tests PRIVATE app/app_first_start_test.cpp)
  target_sources(app_tests PRIVATE app/app_demos_test.cpp)  # the shipped demos, waits cut short
  # A demo paused, stepped through, hidden and stopped by a lecturer's keys.
  target_sources(app_tests PRIVATE app/app_demo_controls_test.cpp)
  # The Timings restart with each switch; demos' lines for machines with and without a GPU.
  target_sources(app_tests PRIVATE app/app_timings_restart_test.cpp app/app_demo_truth_test.cpp)
  # The presets' thumbnails from the data folder, counted in --stats-json.
  target_sources(app_tests PRIVATE app/app_thumbnails_test.cpp)
  if(GS_CUDA_ENABLED)
    # The real app on the GPU's EGL: a CUDA backend replaced by another keeps interop running.
    target_sources(gpu_tests PRIVATE gpu/app_interop_gpu_test.cpp cli/run_program.cpp)
    target_include_directories(gpu_tests PRIVATE cli)
    target_link_libraries(gpu_tests PRIVATE nlohmann_json::nlohmann_json)
    target_compile_definitions(gpu_tests PRIVATE GS_APP_BINARY="$<TARGET_FILE:grayscott>"
      GS_BATCH_BINARY="$<TARGET_FILE:grayscott-batch>")
    add_dependencies(gpu_tests grayscott)
    if(GS_HDF5)
      # The real grayscott-batch's frames file on CUDA (frames read back behind the steps)
      # against the twin's, and a diverging run's one line.
      target_sources(gpu_tests PRIVATE gpu/batch_frames_gpu_test.cpp cli/hdf5_test_files.cpp
        cli/bad_input_support.cpp)
      target_include_directories(gpu_tests SYSTEM PRIVATE ${HDF5_C_INCLUDE_DIRS})
      target_link_libraries(gpu_tests PRIVATE ${HDF5_C_LIBRARIES})
      add_dependencies(gpu_tests grayscott-batch)
    endif()
  endif()

  # The .deb built by CPack from this build, unpacked into a scratch root, its programs run from
  # there. One ctest test for the whole suite: the package is built once.
  find_program(DPKG_DEB dpkg-deb REQUIRED)
  find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
  if(NOT DESKTOP_FILE_VALIDATE)
    set(DESKTOP_FILE_VALIDATE "")
  endif()
  add_executable(install_tests cli/run_program.cpp app/app_run_support.cpp
    install/installed_package_test.cpp pictures/test_pictures.cpp)
  target_link_libraries(install_tests PRIVATE gs_app_core gs_app_export GTest::gtest_main
    nlohmann_json::nlohmann_json PkgConfig::STB)
  target_include_directories(install_tests PRIVATE cli app pictures)
  # The shared helpers name the build tree's programs too; these tests run the installed ones.
  target_compile_definitions(install_tests PRIVATE
    GS_BATCH_BINARY="$<TARGET_FILE:grayscott-batch>"
    GS_APP_BINARY="$<TARGET_FILE:grayscott>"
    GS_CPACK="${CMAKE_CPACK_COMMAND}"
    GS_CPACK_CONFIG="${CMAKE_BINARY_DIR}/CPackConfig.cmake"
    GS_DPKG_DEB="${DPKG_DEB}"
    GS_DESKTOP_FILE_VALIDATE="${DESKTOP_FILE_VALIDATE}"
    GS_XVFB_RUN="${XVFB_RUN}"
    GS_XDOTOOL="${XDOTOOL}"
    GS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    GS_LIBHDF5_FAULTS_DIR="${PROJECT_SOURCE_DIR}/tests/fuzz/libhdf5-faults"
    GS_VERSION="${PROJECT_VERSION}")
  add_dependencies(install_tests grayscott grayscott-batch grayscott-sheet grayscott-state-reader
    grayscott-picture-reader)
  gs_target_defaults(install_tests)
  add_test(NAME installed_package COMMAND install_tests)
  set_tests_properties(installed_package PROPERTIES COST 100
    ENVIRONMENT "${app_test_environment}")
endif()
