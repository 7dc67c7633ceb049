# `make package` (cmake --build build --target package): a Debian package of what
# `cmake --install` installs, under /usr. Its Depends are computed by dpkg-shlibdeps from the
# libraries the binary links (the Qt 6 platform and SVG plugins come with libqt6gui6 and
# libqt6svg6, which it links), never written by hand. Included from the top-level CMakeLists.

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME keyscope)
set(CPACK_PACKAGE_VENDOR "Keyscope")
set(CPACK_PACKAGE_CONTACT "Keyscope developers <keyscope@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "DynamoDB sort-key design visualizer and command-line tool")
set(CPACK_PACKAGE_DESCRIPTION
    "Keyscope lets you define entity types and key templates, populates an item collection from
them in DynamoDB's exact order, and animates Query traversals: the B-tree seek, the cursor's
sweep, the key-condition bounds, Limit, filters and pages. It checks designs, says what they
cost, and exports diagrams, animations and design documents.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # keyscope_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
include(CPack)
