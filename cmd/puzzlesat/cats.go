package main

import (
	"flag"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

// cats is "cats and cable cars" (小猫爬山, AcWing 165). Its encode writes
// the decision query "the cats fit in at most K cars" for --cars K, or,
// without it, for the answer that --backend finds; decode prints the
// number of cars the model uses (and with --certificate each car's cats),
// or "no solution" when the solver refuted K.
func cats() *kind {
	n, capacity, lightest, heaviest := 18, 100_000_000, 1, 0 // gen --n, --w, --lightest, --heaviest
	return &kind{
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			switch cmd {
			case "encode", "decode":
				fs.IntVar(&o.bound, "cars", 0, "the query: the cats fit in at most `K` cars (0: the answer)")
			case "gen":
				fs.IntVar(&n, "n", n, "cats per instance, 1..1000")
				fs.IntVar(&capacity, "w", capacity, "the capacity W of a car, 1..1000000000")
				fs.IntVar(&lightest, "lightest", lightest, "the lightest weight drawn, 1..the heaviest")
				fs.IntVar(&heaviest, "heaviest", heaviest, "the heaviest weight drawn, 1..W (0: W)")
			}
		},
		boundFlag: "cars",
		size:      func(p puzzlesat.Problem) int { return len(p.(puzzle.Cats).Weights) },
		sizeName:  "cats N",
		gen: func(rng *rand.Rand, _ *options) (puzzlesat.Problem, error) {
			switch {
			case n < 1 || n > puzzle.MaxCats:
				return nil, usagef("--n must be in 1..%d", puzzle.MaxCats)
			case capacity < 1 || capacity > puzzle.MaxCatWeight:
				return nil, usagef("--w must be in 1..%d", puzzle.MaxCatWeight)
			case heaviest < 0 || heaviest > capacity:
				return nil, usagef("--heaviest must be in 1..W, or 0 for W")
			}
			h := heaviest
			if h == 0 {
				h = capacity
			}
			if lightest < 1 || lightest > h {
				return nil, usagef("--lightest must be in 1..the heaviest weight")
			}
			return gen.CatsBetween(rng, n, capacity, lightest, h), nil
		},
	}
}
