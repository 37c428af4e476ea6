package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"puzzlesat/encode"
	"puzzlesat/gen"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
)

// cake is the Birthday Cake kind (POJ 1190). Its CNF is the decision
// query "a cake of area at most Q": encode and decode take Q from --area,
// or find the optimum first with the backend --backend names. When no
// cake exists (the answer 0) they use the largest bound, 3N, which every
// cake meets: that CNF is unsatisfiable, and decode prints "no solution"
// for a solver's UNSATISFIABLE as for any query.
func cake() kind {
	return &spec[puzzle.Cake, puzzle.CakeAnswer]{
		name: "cake",
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "encode" || cmd == "decode" {
				fs.IntVar(&o.area, "area", 0, "the query: a cake of area at most `Q` (0: at the optimum, 3N when there is no cake)")
			}
		},
		parse: func(file string, r io.Reader, _ *options) ([]puzzle.Cake, error) {
			return puzzle.ParseCake(file, r)
		},
		dfs:         native.Cake,
		sat:         sat.Cake,
		certificate: puzzle.Cake.Certificate,
		encode:      encodeCake,
		gen: func(rng *rand.Rand, _ *options) (puzzle.Cake, error) {
			return gen.Cake(rng), nil
		},
	}
}

// encodeCake builds the query at --area, or at the optimum.
func encodeCake(ctx context.Context, p puzzle.Cake, o *options) (query[puzzle.CakeAnswer], error) {
	area := o.area
	if area < 0 {
		return query[puzzle.CakeAnswer]{}, usagef("--area must not be negative, got %d", area)
	}
	if area == 0 {
		best, err := optimalCake(ctx, p, o)
		if err != nil {
			return query[puzzle.CakeAnswer]{}, err
		}
		area = best
		if area == 0 {
			area = encode.CakeNoBound(p)
			o.note("no cake of volume %d with %d layers: encoding the unsatisfiable query Q<=%d", p.Volume, p.Layers, area)
		}
	}
	q := encode.Cake(p, area)
	return query[puzzle.CakeAnswer]{cnf: q.Formula(), name: fmt.Sprintf("Q<=%d", area), decode: q.Decode}, nil
}

// optimalCake returns the least area of p by the backends --backend names;
// with both, they must agree.
func optimalCake(ctx context.Context, p puzzle.Cake, o *options) (int, error) {
	best := -1
	for _, b := range backends(o) {
		var a puzzle.CakeAnswer
		var err error
		if b == "sat" {
			a, _, err = sat.Cake(ctx, p)
		} else {
			a, _, err = native.Cake(ctx, p)
		}
		if err != nil {
			return 0, err
		}
		if err := p.Verify(a); err != nil {
			return 0, &wrongAnswer{b, err}
		}
		if best >= 0 && a.Area != best {
			return 0, fmt.Errorf("the backends disagree on the optimum: dfs %d, sat %d", best, a.Area)
		}
		best = a.Area
	}
	return best, nil
}
