# Usage: cmake -DMODEL_DIR=<repo>/model -P check_layering.cmake
# Fails if any file under model/ includes a Qt GUI header (QtGui, QtWidgets, QtSvg, QWidget,
# QPainter, QImage, QColor, QPixmap, ...) or anything from ui/. Keep the pattern in sync with
# tests/tst_layering.cpp.
if(NOT MODEL_DIR)
    message(FATAL_ERROR "check_layering.cmake: MODEL_DIR not set")
endif()

set(forbidden "QtGui|QtWidgets|QtSvg|QtSvgWidgets|QtOpenGL|QWidget|QPainter|QImage|QColor|QPixmap|(\\.\\./)*ui/")
set(include_re "^[ \t]*#[ \t]*include[ \t]*[<\"](${forbidden})")

file(GLOB_RECURSE files
    "${MODEL_DIR}/*.h" "${MODEL_DIR}/*.hpp" "${MODEL_DIR}/*.cpp" "${MODEL_DIR}/*.cc"
    "${MODEL_DIR}/*.inl" "${MODEL_DIR}/*.ipp")
list(SORT files)

set(violations "")
foreach(file IN LISTS files)
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS lines)
        if(line MATCHES "${include_re}")
            file(RELATIVE_PATH rel "${MODEL_DIR}/.." "${file}")
            string(STRIP "${line}" line)
            string(APPEND violations "  ${rel}: ${line}\n")
        endif()
    endforeach()
endforeach()

if(violations)
    message(FATAL_ERROR
        "Layering violation: model/ must not depend on Qt GUI modules or ui/.\n"
        "${violations}"
        "Move GUI code to ui/ (model/ links Qt6::Core only).")
endif()
