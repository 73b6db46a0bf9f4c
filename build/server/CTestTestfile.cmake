# CMake generated Testfile for 
# Source directory: /work/main
# Build directory: /work/main/build/server
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[model]=] "/work/main/build/server/model_tests")
set_tests_properties([=[model]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/main/CMakeLists.txt;72;add_test;/work/main/CMakeLists.txt;0;")
