// The main() of a fuzz target built without libFuzzer (the unit-test build, any compiler): ctest
// runs the target on every file of its seed corpus and regressions (tests/<module>/fuzz/), then on
// a fixed number of mutants of them, so that scripts/test fuzzes every target a little under the
// test build's sanitizers even where clang is not installed. A crash, a sanitizer report or an
// abort from the target's own checks fails the test.
//   fuzz_<target> [--mutants N] [--seed S] [--dict FILE] DIR_OR_FILE...
// Mutants are blind (no coverage guidance; scripts/fuzz runs libFuzzer for that) and the same
// for the same --seed, so a failure reproduces; the input that failed (every failure ends in
// abort(): the sanitizers' abort_on_error, the targets' checks, an uncaught exception) is written
// to fuzz_<target>.input in the working directory, which is what to add to regressions/.
#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size);

namespace {

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A libFuzzer dictionary: one "token" a line (optionally name="token"), \xNN and \\ \" escapes.
std::vector<std::string> read_dictionary(const std::filesystem::path& file) {
  std::vector<std::string> tokens;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    auto open = line.find('"');
    auto close = line.rfind('"');
    if (line.starts_with('#') || open == std::string::npos || close <= open) continue;
    std::string token;
    for (std::size_t i = open + 1; i < close; ++i) {
      if (line[i] == '\\' && i + 1 < close && line[i + 1] == 'x' && i + 3 < close) {
        token += static_cast<char>(std::stoi(line.substr(i + 2, 2), nullptr, 16));
        i += 3;
      } else if (line[i] == '\\' && i + 1 < close) {
        token += line[++i];
      } else {
        token += line[i];
      }
    }
    tokens.push_back(token);
  }
  return tokens;
}

// Tokens that break JSON, HTTP and UTF-8 handling in interesting ways, for every target.
const std::vector<std::string> kTokens = {"{",
                                          "}",
                                          "[",
                                          "]",
                                          "\"",
                                          ":",
                                          ",",
                                          "\\",
                                          "\\u0000",
                                          "\\ud800",
                                          "\\udc00",
                                          "\xc3",
                                          "\xff",
                                          "\xed\xa0\x80",
                                          "\r\n",
                                          "\n",
                                          "\0",
                                          "null",
                                          "true",
                                          "false",
                                          "0",
                                          "-0",
                                          "1e400",
                                          "-1",
                                          "99999999999999999999999999999999999999",
                                          "1.5",
                                          "{\"S\":\"x\"}",
                                          "{\"N\":\"1\"}",
                                          "{\"L\":[",
                                          "{\"M\":{",
                                          "{\"NULL\":true}",
                                          "{\"BOOL\":false}",
                                          "{\"B\":\"AA==\"}",
                                          "{\"SS\":[]}",
                                          "\"TableName\"",
                                          "\"Key\"",
                                          "\"Item\""};

class Mutator {
 public:
  Mutator(uint64_t seed, std::vector<std::string> tokens)
      : state_(seed * 2654435761u + 1), tokens_(std::move(tokens)) {}

  uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }

  // One to four edits of `input`, sometimes spliced with `other`.
  std::string mutate(std::string input, const std::string& other) {
    for (uint64_t edits = 1 + below(4); edits > 0; --edits) {
      std::size_t at = below(input.size() + 1);
      switch (below(7)) {
        case 0:  // erase a run
          input.erase(at, 1 + below(8));
          break;
        case 1:  // insert a token
          input.insert(at, tokens_[below(tokens_.size())]);
          break;
        case 2:  // flip a bit
          if (!input.empty()) input[at % input.size()] ^= static_cast<char>(1u << below(8));
          break;
        case 3:  // a random byte
          input.insert(at, 1, static_cast<char>(below(256)));
          break;
        case 4: {  // repeat a run (deep nesting, long strings)
          std::size_t length = 1 + below(16);
          std::string run = input.substr(at, length);
          for (uint64_t times = 1 + below(64); times > 0; --times) input.insert(at, run);
          break;
        }
        case 5:  // splice: this input's head, the other's tail
          input = input.substr(0, at) + other.substr(below(other.size() + 1));
          break;
        default:  // truncate
          input.resize(at);
          break;
      }
    }
    return input;
  }

 private:
  uint64_t next() {  // xorshift64
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  uint64_t state_;
  std::vector<std::string> tokens_;
};

// The input running, for the SIGABRT handler.
const std::string* g_running = nullptr;
const char* g_failed_input_path = nullptr;

void write_failed_input(int signal) {
  if (g_running && g_failed_input_path) {
    int fd = ::open(g_failed_input_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      (void)!::write(fd, g_running->data(), g_running->size());
      ::close(fd);
    }
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void run(const std::string& bytes) {
  g_running = &bytes;
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  g_running = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t mutants = 0;
  uint64_t seed = 1;
  std::vector<std::string> tokens = kTokens;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--mutants" && i + 1 < argc) {
      mutants = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--dict" && i + 1 < argc) {
      for (auto& token : read_dictionary(argv[++i])) tokens.push_back(std::move(token));
    } else if (std::filesystem::is_directory(arg)) {
      for (const auto& entry : std::filesystem::directory_iterator(arg))
        if (entry.is_regular_file()) inputs.push_back(read_file(entry.path()));
    } else if (std::filesystem::exists(arg)) {
      inputs.push_back(read_file(arg));
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "no inputs\n");
    return 1;
  }
  const std::string failed_input_path = std::filesystem::path(argv[0]).filename().string() + ".input";
  g_failed_input_path = failed_input_path.c_str();
  std::signal(SIGABRT, write_failed_input);
  for (const auto& input : inputs) run(input);

  Mutator mutator(seed, std::move(tokens));
  for (uint64_t m = 0; m < mutants; ++m)
    run(mutator.mutate(inputs[mutator.below(inputs.size())], inputs[mutator.below(inputs.size())]));
  std::printf("replayed %zu inputs and %llu mutants (seed %llu)\n", inputs.size(),
              static_cast<unsigned long long>(mutants), static_cast<unsigned long long>(seed));
  return 0;
}
