# The fuzz targets (tests/fuzz/README.md): name, source, library, then
#   RUNS n             how many seeded libFuzzer executions ctest runs after the corpus
#   DEFINITIONS d...   compile definitions
# Each is a libFuzzer binary fuzz_<name> of the sanitizer build (clang: scripts/test's build,
# which also serves scripts/fuzz). ctest runs it (tests/fuzz/run_target) over its seed corpus and
# regressions, then RUNS coverage-guided executions from a fixed seed: the same every time.
#   tests/<module>/fuzz/corpus/<name>/  and  tests/<module>/fuzz/regressions/<name>/
# A dictionary, if any, is tests/<module>/fuzz/<name>.dict or <source name>.dict.

function(minnow_fuzz_target name source library)
  cmake_parse_arguments(FUZZ "" "RUNS" "DEFINITIONS" ${ARGN})
  get_filename_component(dir ${CMAKE_SOURCE_DIR}/${source} DIRECTORY)
  get_filename_component(stem ${source} NAME_WE)
  add_executable(fuzz_${name} ${source})
  target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(fuzz_${name} PRIVATE minnow_test_support ${library})
  if(FUZZ_DEFINITIONS)
    target_compile_definitions(fuzz_${name} PRIVATE ${FUZZ_DEFINITIONS})
  endif()
  set(dict)
  foreach(candidate ${dir}/${name}.dict ${dir}/${stem}.dict)
    if(NOT dict AND EXISTS ${candidate})
      set(dict -dict=${candidate})
    endif()
  endforeach()
  add_test(NAME fuzz_${name}
           COMMAND ${CMAKE_SOURCE_DIR}/tests/fuzz/run_target $<TARGET_FILE:fuzz_${name}> ${FUZZ_RUNS}
                   ${CMAKE_BINARY_DIR}/fuzz-work/${name} ${dict} ${dir}/corpus/${name} ${dir}/regressions/${name})
endfunction()

minnow_fuzz_target(condition_expression tests/expressions/fuzz/expressions.cpp minnow_expressions
                   RUNS 20000 DEFINITIONS MINNOW_FUZZ_KIND=0)
minnow_fuzz_target(update_expression tests/expressions/fuzz/expressions.cpp minnow_expressions
                   RUNS 20000 DEFINITIONS MINNOW_FUZZ_KIND=1)
minnow_fuzz_target(projection_expression tests/expressions/fuzz/expressions.cpp minnow_expressions
                   RUNS 20000 DEFINITIONS MINNOW_FUZZ_KIND=2)
minnow_fuzz_target(key_condition_expression tests/expressions/fuzz/expressions.cpp minnow_expressions
                   RUNS 20000 DEFINITIONS MINNOW_FUZZ_KIND=3)
minnow_fuzz_target(attribute_values tests/api/fuzz/attribute_values.cpp minnow_api RUNS 20000)
minnow_fuzz_target(canonical_json tests/api/fuzz/canonical_json.cpp minnow_api RUNS 20000)
minnow_fuzz_target(request tests/api/fuzz/request.cpp minnow_api RUNS 2000)
minnow_fuzz_target(http_request tests/server/fuzz/http_request.cpp minnow_server RUNS 2000)
minnow_fuzz_target(ion_text tests/transfer/fuzz/formats.cpp minnow_transfer RUNS 20000 DEFINITIONS MINNOW_FUZZ_KIND=0)
minnow_fuzz_target(csv tests/transfer/fuzz/formats.cpp minnow_transfer RUNS 20000 DEFINITIONS MINNOW_FUZZ_KIND=1)
