# The Debian package (CPack): `cpack -G DEB` in a Release build folder
# writes grotto-harness_VERSION_ARCH.deb with everything `cmake --install`
# installs - the grotto command, libgrotto (shared and static), the headers,
# the CMake package and the pkg-config file - under /usr. Its dependencies
# are computed from the binaries by dpkg-shlibdeps (dpkg-dev; CPack asks
# `file` which files are ELF). ci/install.sh builds it, installs it with
# apt-get on the CI machine, runs the installed command and removes it.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME grotto-harness)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "grotto-harness")
set(CPACK_PACKAGE_CONTACT "grotto-harness developers <grotto-harness@users.noreply.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Dragon Quest IX grotto maps: reference and fast engines, oracle and the grotto command")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Predicts the treasure-map grottoes of Dragon Quest IX (name, level, boss, floors, chests, enemy lists) with two independently derived engines, and proves them against each other, the public model's output and captures from the console. Includes the grotto command and libgrotto with its headers, CMake package and pkg-config file.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # NAME_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES OFF)
include(CPack)
