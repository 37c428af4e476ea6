package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/gen"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/sat"
)

func init() { register(Alphametic().Puzzle()) }

// Alphametic is the NOIP2004 base-N addition with every digit eaten.
func Alphametic() *Kind[alphametic.Instance, alphametic.Answer] {
	return &Kind[alphametic.Instance, alphametic.Answer]{
		name: "alphametic", summary: `NOIP2004 "虫食算": base-N addition with every digit eaten`,
		scan:     plain(alphametic.Scan),
		prunings: dfs.Prunings(), dfs: dfs.Solve, countDFS: dfs.Count,
		encodings: sat.Encodings(), sat: sat.Solve, countSAT: sat.Count, query: sat.QueryAt,
		size:     func(p alphametic.Instance) int { return p.N },
		sizeName: "letters N",
		gen: generator[alphametic.Instance]{
			params: []GenParam{{Name: "n", Doc: "number of letters", Default: 10, Min: alphametic.MinN, Max: alphametic.MaxN}},
			make: func(rng *rand.Rand, v GenValues) (alphametic.Instance, error) {
				return gen.Random(rng, v["n"]), nil
			},
		},
	}
}
