// The fuzz targets' main() outside libFuzzer: feeds LLVMFuzzerTestOneInput every file named on
// the command line (folders are walked), so the targets build with any compiler and ctest replays
// their seeds. A crash or a sanitizer report fails the run like it would under libFuzzer.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {

bool replay(const std::filesystem::path &file)
{
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "%s: cannot read\n", file.c_str());
        return false;
    }
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size());
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    namespace fs = std::filesystem;
    long replayed = 0;
    for (int i = 1; i < argc; ++i) {
        const fs::path path(argv[i]);
        std::error_code error;
        if (fs::is_directory(path, error)) {
            for (const auto &entry : fs::recursive_directory_iterator(path)) {
                if (!entry.is_regular_file())
                    continue;
                if (!replay(entry.path()))
                    return 1;
                ++replayed;
            }
        } else if (replay(path)) {
            ++replayed;
        } else {
            return 1;
        }
    }
    std::printf("%s: replayed %ld inputs without a crash\n", argc > 0 ? argv[0] : "fuzz", replayed);
    return 0;
}
