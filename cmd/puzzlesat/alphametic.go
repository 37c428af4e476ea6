package main

import (
	"flag"
	"io"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

func alphametic() kind {
	return &spec[puzzle.Alphametic, puzzle.AlphameticAnswer]{
		lib: func(*options) *puzzlesat.Kind[puzzle.Alphametic, puzzle.AlphameticAnswer] {
			return puzzlesat.Alphametic()
		},
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "gen" {
				fs.IntVar(&o.n, "n", 10, "number of letters, 2..26")
			}
		},
		scan: func(file string, r io.Reader, _ *options, yield func(puzzle.Alphametic) error) error {
			return puzzle.ScanAlphametic(file, r, yield)
		},
		size:     func(p puzzle.Alphametic) int { return p.N },
		sizeName: "letters N",
		gen: func(rng *rand.Rand, o *options) (puzzle.Alphametic, error) {
			if o.n < puzzle.AlphameticMinN || o.n > puzzle.AlphameticMaxN {
				return puzzle.Alphametic{}, usagef("--n must be in %d..%d", puzzle.AlphameticMinN, puzzle.AlphameticMaxN)
			}
			return gen.Alphametic(rng, o.n), nil
		},
	}
}
