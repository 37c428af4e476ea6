package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(Queens().Puzzle()) }

// Queens is N-queens in the format of USACO's "Checker Challenge": up to
// N = 13 the first three solutions in lexicographic order and their
// count, above it (to 32) the first solution. Its query is the CNF of the
// board's solutions; a model of it is one solution, which decodes to that
// solution alone, without the count.
func Queens() *Kind[puzzle.Queens, puzzle.QueensAnswer] {
	return &Kind[puzzle.Queens, puzzle.QueensAnswer]{
		name: "queens", summary: `N-queens, USACO "Checker Challenge": the first solutions and their count`, canonical: true,
		scan:     plain(puzzle.ScanQueens),
		prunings: native.QueensPrunings(), dfs: native.Queens, countDFS: native.CountQueens,
		encodings: sat.QueensEncodings(), sat: sat.Queens, countSAT: sat.CountQueens, query: sat.QueensQuery,
		size:     func(p puzzle.Queens) int { return p.N },
		sizeName: "board N",
		gen: generator[puzzle.Queens]{
			params: []GenParam{
				{Name: "n", Doc: "the board size (0: drawn from the judge's 6..13)", Max: puzzle.QueensMaxN},
			},
			make: func(rng *rand.Rand, v GenValues) (puzzle.Queens, error) {
				if n := v["n"]; n > 0 {
					return puzzle.Queens{N: n}, nil
				}
				return gen.Queens(rng, 6, puzzle.QueensJudgeN), nil
			},
		},
	}
}
