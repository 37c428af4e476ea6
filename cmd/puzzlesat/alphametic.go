package main

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"

	"puzzlesat/encode"
	"puzzlesat/gen"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
)

func alphametic() kind {
	return &spec[puzzle.Alphametic, puzzle.AlphameticAnswer]{
		name: "alphametic",
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "gen" {
				fs.IntVar(&o.n, "n", 10, "number of letters, 2..26")
			}
		},
		parse: func(file string, r io.Reader, _ *options) ([]puzzle.Alphametic, error) {
			return puzzle.ParseAlphametic(file, r)
		},
		dfs:      native.Alphametic,
		sat:      sat.Alphametic,
		countDFS: native.CountAlphametic,
		countSAT: sat.CountAlphametic,
		encode: func(_ context.Context, p puzzle.Alphametic, _ *options) (query[puzzle.AlphameticAnswer], error) {
			q := encode.Alphametic(p)
			return query[puzzle.AlphameticAnswer]{cnf: q.Formula(), name: "solution", decode: q.Decode}, nil
		},
		gen: func(rng *rand.Rand, o *options) (puzzle.Alphametic, error) {
			if o.n < puzzle.AlphameticMinN || o.n > puzzle.AlphameticMaxN {
				return puzzle.Alphametic{}, usagef("--n must be in %d..%d", puzzle.AlphameticMinN, puzzle.AlphameticMaxN)
			}
			return gen.Alphametic(rng, o.n), nil
		},
	}
}
