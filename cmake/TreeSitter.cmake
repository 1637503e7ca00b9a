# tree-sitter core and the bash grammar, compiled from the C sources of the
# pinned npm packages (package-lock.json); nothing of them is committed.
set(FORKLIFT_NODE_MODULES "${CMAKE_SOURCE_DIR}/node_modules")
set(TS_CORE_DIR "${FORKLIFT_NODE_MODULES}/tree-sitter/vendor/tree-sitter/lib")
set(TS_BASH_DIR "${FORKLIFT_NODE_MODULES}/tree-sitter-bash/src")

if(NOT EXISTS "${TS_CORE_DIR}/src/lib.c" OR NOT EXISTS "${TS_BASH_DIR}/parser.c")
  message(FATAL_ERROR "tree-sitter sources not found under ${FORKLIFT_NODE_MODULES}; run scripts/bootstrap.sh (or `make build`)")
endif()

add_library(tree_sitter_core STATIC "${TS_CORE_DIR}/src/lib.c")
target_include_directories(tree_sitter_core SYSTEM PUBLIC "${TS_CORE_DIR}/include" PRIVATE "${TS_CORE_DIR}/src")
target_compile_options(tree_sitter_core PRIVATE -w -O2)
set_target_properties(tree_sitter_core PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON)

add_library(tree_sitter_bash STATIC "${TS_BASH_DIR}/parser.c" "${TS_BASH_DIR}/scanner.c")
target_include_directories(tree_sitter_bash PRIVATE "${TS_BASH_DIR}")
target_compile_options(tree_sitter_bash PRIVATE -w -O2)
target_link_libraries(tree_sitter_bash PUBLIC tree_sitter_core)
set_target_properties(tree_sitter_bash PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON)
