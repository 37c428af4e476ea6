package main

import (
	"flag"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

func alphametic() *kind {
	return &kind{
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "gen" {
				fs.IntVar(&o.n, "n", 10, "number of letters, 2..26")
			}
		},
		size:     func(p puzzlesat.Problem) int { return p.(puzzle.Alphametic).N },
		sizeName: "letters N",
		gen: func(rng *rand.Rand, o *options) (puzzlesat.Problem, error) {
			if o.n < puzzle.AlphameticMinN || o.n > puzzle.AlphameticMaxN {
				return nil, usagef("--n must be in %d..%d", puzzle.AlphameticMinN, puzzle.AlphameticMaxN)
			}
			return gen.Alphametic(rng, o.n), nil
		},
	}
}
