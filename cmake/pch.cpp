// The precompiled standard headers (CMakeLists.txt, MINNOW_PCH) are built with this file.
