package sat

import (
	"context"
	"fmt"
	"slices"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// CatsStrategy says in which direction Cats walks the number of cars.
type CatsStrategy int

// The two strategies that were measured (docs/results.md).
const (
	// CatsDown finds a packing, then asks for one car fewer than the last
	// packing found, on the same solver, until that is unsatisfiable or
	// the lower bound is met.
	CatsDown CatsStrategy = iota
	// CatsUp asks for the lower bound first and one car more after each
	// unsatisfiable answer, on the same solver; the first packing found
	// is optimal.
	CatsUp
)

// Cats returns the fewest cable cars that carry every cat of p, with the
// cats of each car, found by the CNF: one query, encode.Cats, with as many
// cars as first-fit decreasing needs, solved once, then asked for fewer
// cars by an assumption (CatsQuery.AtMost) on the same solver until that
// is unsatisfiable or meets puzzle.Cats.LowerBound. The heuristic only
// sizes the formula: every packing returned is one the solver found. The
// error is puzzle.ErrNoSolution when a cat is heavier than W, a *TooLarge
// when the formula's bound (encode.CatsSize, told before it is built) or
// the formula with the bounds of the later questions passes c's budget,
// or the context's error.
func Cats(ctx context.Context, p puzzle.Cats, c solver.Config) (puzzle.CatsAnswer, solver.Stats, error) {
	return CatsWith(ctx, p, c, encode.CatsEncoding{}, CatsDown)
}

// CatsWith is Cats with the chosen encoding and strategy.
func CatsWith(ctx context.Context, p puzzle.Cats, c solver.Config, enc encode.CatsEncoding, dir CatsStrategy) (puzzle.CatsAnswer, solver.Stats, error) {
	if len(p.Weights) == 0 || p.W < 1 || slices.Max(p.Weights) > p.W {
		return puzzle.CatsAnswer{}, solver.Stats{}, puzzle.ErrNoSolution
	}
	k := firstFitCars(p)
	q, err := catsQuery(ctx, p, k, enc, c)
	if err != nil {
		return puzzle.CatsAnswer{}, solver.Stats{}, err
	}
	s := c.New(q.Formula())
	// The first solve, with every car allowed, is satisfiable: it gives a
	// packing and makes the solver safe to reuse after UNSAT answers under
	// assumptions.
	st, err := s.Solve(ctx)
	if err != nil {
		return puzzle.CatsAnswer{}, s.Stats(), err
	}
	if st != solver.Sat {
		return puzzle.CatsAnswer{}, s.Stats(), fmt.Errorf("sat: cats: the query for %d cars, which first fit fills, is unsatisfiable", q.Cars())
	}
	best := s.Model()
	if dir == CatsUp {
		best, err = catsUp(ctx, s, q, p.LowerBound(), best)
	} else {
		best, err = catsDown(ctx, s, q, p.LowerBound(), best)
	}
	if err != nil {
		return puzzle.CatsAnswer{}, s.Stats(), err
	}
	a, err := q.Decode(best)
	return a, s.Stats(), err
}

// catsDown tightens from the model m: while it uses more cars than lb,
// ask for one car fewer.
func catsDown(ctx context.Context, s *solver.Solver, q *encode.CatsQuery, lb int, m cnf.Model) (cnf.Model, error) {
	for c := q.Used(m); c > lb; c = q.Used(m) {
		st, err := s.Solve(ctx, q.AtMost(c-1)...)
		if err != nil || st == solver.Unsat {
			return m, err
		}
		m = s.Model()
	}
	return m, nil
}

// catsUp asks for lb cars, then one more after each refusal, below the
// cars of the model m, which it returns when every smaller count fails.
func catsUp(ctx context.Context, s *solver.Solver, q *encode.CatsQuery, lb int, m cnf.Model) (cnf.Model, error) {
	for t := lb; t < q.Used(m); t++ {
		st, err := s.Solve(ctx, q.AtMost(t)...)
		if err != nil {
			return m, err
		}
		if st == solver.Sat {
			return s.Model(), nil
		}
	}
	return m, nil
}

// firstFitCars returns the cars first-fit decreasing fills: each cat,
// heaviest first, in the first car it fits in. Every cat must fit in a car.
func firstFitCars(p puzzle.Cats) int {
	w := slices.Clone(p.Weights)
	slices.SortFunc(w, func(a, b int) int { return b - a })
	var loads []int
	for _, v := range w {
		j := slices.IndexFunc(loads, func(l int) bool { return l+v <= p.W })
		if j < 0 {
			loads = append(loads, v)
			continue
		}
		loads[j] += v
	}
	return len(loads)
}

// CatsQuery returns the decision query "the cats fit in at most k cars",
// with the errors of Cats.
func CatsQuery(ctx context.Context, p puzzle.Cats, k int, c solver.Config) (solver.Query[puzzle.CatsAnswer], string, error) {
	q, err := catsQuery(ctx, p, k, encode.CatsEncoding{}, c)
	return q, fmt.Sprintf("cars<=%d", k), err
}

// catsQuery builds the query for k cars once c's budget allows its size
// bound.
func catsQuery(ctx context.Context, p puzzle.Cats, k int, enc encode.CatsEncoding, c solver.Config) (*encode.CatsQuery, error) {
	return sized(ctx, c, encode.CatsSize(p, k, enc), func() (*encode.CatsQuery, error) {
		return encode.CatsWith(p, k, enc), nil
	})
}
