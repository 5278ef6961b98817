// The native peer of `npm run bench -- solver` when TDOKU_DIR names a tdoku source tree
// (github.com/t-dillon/tdoku, fetched by whoever runs the bench; never a dependency): the bench
// compiles this file with tdoku's solver and runs it on the same lines as our rows.
//   tdoku-driver FILE LIMIT PASSES  →  one JSON line: lines, lines with a solution, lines with exactly
//   one, median CPU µs a line (process CPU time, as our rows are timed), guesses a line
#include <algorithm>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration, char *solution, size_t *num_guesses);

int main(int argc, char **argv) {
  if (argc != 4) return 2;
  std::ifstream in(argv[1]);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) if (line.size() >= 81) lines.push_back(line.substr(0, 81));
  const size_t limit = std::strtoul(argv[2], nullptr, 10);
  const int passes = std::atoi(argv[3]);
  std::vector<double> micros;
  size_t solved = 0, unique = 0, guesses = 0;
  char solution[82] = {0};
  for (int pass = 0; pass <= passes; pass++) { // pass 0 warms the caches and is not timed
    size_t passSolved = 0, passUnique = 0, passGuesses = 0;
    const std::clock_t start = std::clock();
    for (const std::string &line : lines) {
      size_t g = 0;
      const size_t count = TdokuSolverDpllTriadSimd(line.c_str(), limit, 0, solution, &g);
      passSolved += count > 0;
      passUnique += count == 1;
      passGuesses += g;
    }
    const std::clock_t end = std::clock();
    if (pass == 0) continue;
    micros.push_back(1e6 * double(end - start) / CLOCKS_PER_SEC / lines.size());
    solved = passSolved;
    unique = passUnique;
    guesses = passGuesses;
  }
  std::sort(micros.begin(), micros.end());
  std::printf("{\"lines\":%zu,\"solved\":%zu,\"unique\":%zu,\"usPerLine\":%.4f,\"guessesPerLine\":%.3f}\n", lines.size(), solved, unique, micros[micros.size() / 2], (double)guesses / lines.size());
  return 0;
}
