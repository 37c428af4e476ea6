package main

import (
	"flag"
	"io"
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
func cake() kind {
	return &spec[puzzle.Cake, puzzle.CakeAnswer]{
		lib: func(*options) *puzzlesat.Kind[puzzle.Cake, puzzle.CakeAnswer] { return puzzlesat.Cake() },
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "encode" || cmd == "decode" {
				fs.IntVar(&o.bound, "area", 0, "the query: a cake of area at most `Q` (0: at the optimum, 3N when there is no cake)")
			}
		},
		scan: func(file string, r io.Reader, _ *options, yield func(puzzle.Cake) error) error {
			return puzzle.ScanCake(file, r, yield)
		},
		boundFlag: "area",
		size:      func(p puzzle.Cake) int { return p.Volume },
		sizeName:  "volume N",
		gen: func(rng *rand.Rand, _ *options) (puzzle.Cake, error) {
			return gen.Cake(rng), nil
		},
	}
}
