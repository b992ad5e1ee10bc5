# Installing and packaging. The programs, shaders and assets install from their own folders into
# bin/ and share/grayscott-live/ (where the programs look, next to their bin/); here the desktop
# entry and its icon go to the XDG places, and CPack makes a .deb for Debian 12.
#
# The .deb's dependencies come from dpkg-shlibdeps, which maps each library the programs link to
# the distribution's package that holds it (and fails on a library no package holds). The CUDA
# runtime is linked statically and the driver's libcuda is opened at run time, so neither is a
# dependency: a machine without an NVIDIA GPU installs and runs the CPU twin.
if(GS_BUILD_APP)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/grayscott.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/grayscott.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME grayscott-live)
set(CPACK_PACKAGE_VENDOR "Gray-Scott Live")
set(CPACK_PACKAGE_CONTACT "Gray-Scott Live maintainers <maintainers@users.noreply.a-seed-39ca575b.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Gray-Scott reaction-diffusion, live on a GPU or its CPU twin")
set(CPACK_PACKAGE_DESCRIPTION "grayscott simulates the Gray-Scott reaction-diffusion system and \
shows it as it runs, with presets, a control panel, scripts, screenshots and video; \
grayscott-batch runs it headless and benchmarks it. Without a CUDA GPU both run on a CPU twin of \
the GPU kernel.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(GS_BUILD_APP)
  # Opened at run time, so dpkg-shlibdeps cannot see them: OpenGL through libglvnd (GLFW and the
  # ImGui backend load libGL), the DejaVu fonts the UI is drawn in, and Mesa's drivers where no
  # vendor's are.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1, fonts-dejavu-core")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri, libegl-mesa0")
endif()
include(CPack)
