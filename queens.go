package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/kinds/queens/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/queens/gen"
	"github.com/puzzlesat/puzzlesat/kinds/queens/sat"
)

func init() { register(Queens().Puzzle()) }

// Queens is N-queens in the format of USACO's "Checker Challenge": up to
// N = 13 the first three solutions in lexicographic order and their
// count, above it (to 32) the first solution. Its query is the CNF of the
// board's solutions; a model of it is one solution, which decodes to that
// solution alone, without the count.
func Queens() *Kind[queens.Instance, queens.Answer] {
	return &Kind[queens.Instance, queens.Answer]{
		name: "queens", summary: `N-queens, USACO "Checker Challenge": the first solutions and their count`, canonical: true,
		scan:     plain(queens.Scan),
		prunings: dfs.Prunings(), dfs: dfs.Solve, countDFS: dfs.Count,
		encodings: sat.Encodings(), sat: sat.Solve, countSAT: sat.Count, query: sat.QueryAt,
		size:     func(p queens.Instance) int { return p.N },
		sizeName: "board N",
		gen: generator[queens.Instance]{
			params: []GenParam{
				{Name: "n", Doc: "the board size (0: drawn from the judge's 6..13)", Max: queens.MaxN},
			},
			make: func(rng *rand.Rand, v GenValues) (queens.Instance, error) {
				if n := v["n"]; n > 0 {
					return queens.Instance{N: n}, nil
				}
				return gen.Random(rng, 6, queens.JudgeN), nil
			},
		},
	}
}
