package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(DigitPuzzle().Puzzle()) }

// DigitPuzzle is UVa 12107 "Digit Puzzle". Its query is the CNF of the
// solutions of the pattern as given, the pattern's digits as unit
// clauses; a model of it is one product, which written out in full is a
// pattern with exactly one solution, so it passes Verify, but it is not
// the puzzle's answer, which Solve returns.
func DigitPuzzle() *Kind[puzzle.Digit, puzzle.DigitAnswer] {
	return &Kind[puzzle.Digit, puzzle.DigitAnswer]{
		name: "digit-puzzle", summary: `UVa 12107 "Digit Puzzle"`, canonical: true,
		scan:     plain(puzzle.ScanDigit),
		prunings: native.DigitPrunings(), dfs: native.Digit, countDFS: native.CountDigit,
		encodings: sat.DigitEncodings(), sat: sat.Digit, countSAT: sat.CountDigit, query: sat.DigitQuery,
		gen: generator[puzzle.Digit]{
			make: func(rng *rand.Rand, _ GenValues) (puzzle.Digit, error) {
				return gen.Digit(rng), nil
			},
			trailer: "0\n",
		},
	}
}
