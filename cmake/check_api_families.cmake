# api/'s one direction (docs/ARCHITECTURE.md): a family (a folder of api/, one group of
# operations) reaches only the core (the files directly in api/), requests/ and the modules
# below, never another family: not by an #include "api/OTHER/...", not by naming OTHER::.
# Shared folders are the exception: movement/ is what the data-movement families share,
# definitions/ what the families that read a table definition share (CreateTable, UpdateTable,
# ImportTable, the restores).
# Run by the build (cmake -DROOT=<source dir> -P this file); it fails listing every reach.
cmake_minimum_required(VERSION 3.25)
set(shared movement definitions)
file(GLOB entries RELATIVE ${ROOT}/api ${ROOT}/api/*)
set(families "")
foreach(entry IN LISTS entries)
  if(IS_DIRECTORY ${ROOT}/api/${entry} AND NOT entry IN_LIST shared)
    list(APPEND families ${entry})
  endif()
endforeach()
string(REPLACE ";" "|" family_pattern "${families}")

set(reaches "")
foreach(family IN LISTS families)
  file(GLOB_RECURSE files ${ROOT}/api/${family}/*.h ${ROOT}/api/${family}/*.cpp)
  foreach(file IN LISTS files)
    file(STRINGS ${file} lines REGEX "api/(${family_pattern})/|(^|[^:A-Za-z0-9_])(${family_pattern})::")
    foreach(line IN LISTS lines)
      set(other "")
      if(line MATCHES "#include \"api/([a-z_]+)/")
        set(other ${CMAKE_MATCH_1})
      elseif(line MATCHES "(^|[^:A-Za-z0-9_])(${family_pattern})::")
        set(other ${CMAKE_MATCH_2})
      endif()
      if(other AND NOT other STREQUAL family AND other IN_LIST families)
        file(RELATIVE_PATH where ${ROOT} ${file})
        string(STRIP "${line}" line)
        string(APPEND reaches "  ${where} (${family} -> ${other}): ${line}\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(reaches)
  message(FATAL_ERROR "An api/ family reaches into another; move what they share to the core "
                      "(api/*.h) or to requests/ (docs/ARCHITECTURE.md):\n${reaches}")
endif()
