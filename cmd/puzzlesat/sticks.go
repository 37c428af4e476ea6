package main

import (
	"flag"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

// sticks is the kind sticks (POJ 1011 / UVa 307). Its encode writes the
// decision query "the pieces make sticks of length L" for --length L, or,
// without it, for the answer that --backend finds; decode prints that L
// (and with --certificate the sticks) from a model, or "no solution" when
// the solver refuted L.
func sticks() *kind {
	genSticks := 6 // gen --sticks
	return &kind{
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			switch cmd {
			case "solve", "compare", "encode", "decode", "trace":
				fs.IntVar(&o.parse.MaxPiece, "max-piece", 0, "drop the pieces longer than `N` before solving, as the CERC 1995 judge did with 50 (0: keep all)")
			}
			switch cmd {
			case "encode", "decode":
				fs.IntVar(&o.bound, "length", 0, "the stick length `L` the query asks about (0: the answer)")
			case "gen":
				fs.IntVar(&genSticks, "sticks", genSticks, "sticks cut per block, 1..64")
				fs.IntVar(&o.length, "length", 0, "length of the sticks, 1..1000 (0: drawn per block from 20..60)")
			}
		},
		boundFlag: "length",
		size:      func(p puzzlesat.Problem) int { return len(p.(puzzle.Sticks).Pieces) },
		sizeName:  "pieces",
		gen: func(rng *rand.Rand, o *options) (puzzlesat.Problem, error) {
			if genSticks < 1 || genSticks > 64 {
				return nil, usagef("--sticks must be in 1..64")
			}
			if o.length < 0 || o.length > 1000 {
				return nil, usagef("--length must be in 1..1000, or 0 for random lengths")
			}
			l := o.length
			if l == 0 {
				l = 20 + rng.IntN(41)
			}
			return gen.Sticks(rng, genSticks, l), nil
		},
		genTrailer: "0\n",
	}
}
