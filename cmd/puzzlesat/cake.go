package main

import (
	"flag"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

// cake is the Birthday Cake kind (POJ 1190). Its CNF is the decision
// query "a cake of area at most Q": encode and decode take Q from --area,
// or find the optimum first with the backend --backend names. When no
// cake exists (the answer 0) they use the largest bound, 3N, which every
// cake meets: that CNF is unsatisfiable, and decode prints "no solution"
// for a solver's UNSATISFIABLE as for any query.
func cake() *kind {
	return &kind{
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "encode" || cmd == "decode" {
				fs.IntVar(&o.bound, "area", 0, "the query: a cake of area at most `Q` (0: at the optimum, 3N when there is no cake)")
			}
		},
		boundFlag: "area",
		size:      func(p puzzlesat.Problem) int { return p.(puzzle.Cake).Volume },
		sizeName:  "volume N",
		gen: func(rng *rand.Rand, _ *options) (puzzlesat.Problem, error) {
			return gen.Cake(rng), nil
		},
	}
}
