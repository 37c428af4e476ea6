package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/sat"
)

func init() { register(DigitPuzzle().Puzzle()) }

// DigitPuzzle is UVa 12107 "Digit Puzzle". Its query is the CNF of the
// solutions of the pattern as given, the pattern's digits as unit
// clauses; a model of it is one product, which written out in full is a
// pattern with exactly one solution, so it passes Verify, but it is not
// the puzzle's answer, which Solve returns.
func DigitPuzzle() *Kind[digitpuzzle.Instance, digitpuzzle.Answer] {
	return &Kind[digitpuzzle.Instance, digitpuzzle.Answer]{
		name: "digit-puzzle", summary: `UVa 12107 "Digit Puzzle"`, canonical: true,
		scan:     plain(digitpuzzle.Scan),
		prunings: dfs.Prunings(), dfs: dfs.Solve, countDFS: dfs.Count,
		encodings: sat.Encodings(), sat: sat.Solve, countSAT: sat.Count, query: sat.QueryAt,
		gen: generator[digitpuzzle.Instance]{
			make: func(rng *rand.Rand, _ GenValues) (digitpuzzle.Instance, error) {
				return gen.Random(rng), nil
			},
			trailer: "0\n",
		},
	}
}
