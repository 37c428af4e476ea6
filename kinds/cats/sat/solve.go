package sat

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	kindscats "github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve returns the fewest cable cars that carry every cat of p, with the
// cats of each car, found by the CNF: one query, Encode, with as many
// cars as first-fit decreasing needs, solved once, then asked for fewer
// cars by an assumption (CatsQuery.AtMost) on the same solver until that
// is unsatisfiable or meets cats.Instance.LowerBound. The heuristic only
// sizes the formula: every packing returned is one the solver found. The
// error is puzzle.ErrNoSolution when a cat is heavier than W, a *TooLarge
// when the formula's bound (Size, told before it is built) or
// the formula with the bounds of the later questions passes c's budget,
// or the context's error. enc picks among the choices of CatsEncodings:
// the formula's, and the direction in which the number of cars is walked.
func Solve(ctx context.Context, p kindscats.Instance, c solver.Config, enc technique.Picks) (kindscats.Answer, solver.Stats, error) {
	e, up := catsEncoding(enc)
	return cats(ctx, p, c, e, up)
}

// Encodings returns the choice points of Cats and CatsQuery: the
// capacity, fullness and symmetry of the formula (CatsQuery has only
// these), and the direction of the search.
func Encodings() []technique.Choice {
	return []technique.Choice{
		{Point: "capacity", Options: []string{"mdd", "adder"},
			Doc: "each car's load <= W: an interval MDD, arc consistent (an adder tree past its node budget), or a binary adder tree compared with W"},
		{Point: "fullness", Options: []string{"bounds", "none"},
			Doc: "the redundant bound that every car of a t-car packing carries at least S-(t-1)·W, as MDDs (none with capacity=adder)"},
		{Point: "symmetry", Options: []string{"lex", "none"},
			Doc: "the cars' count vectors lexicographically non-increasing, or in any order (the empty cars last either way)"},
		{Point: "direction", Search: true, Options: []string{"down", "up"},
			Doc: "from first-fit's count down, one car fewer after each packing, or from the lower bound up, one car more after each refusal"},
	}
}

// catsEncoding returns the formula enc picks, and whether the search
// goes up from the lower bound.
func catsEncoding(enc technique.Picks) (Encoding, bool) {
	cs := Encodings()
	return Encoding{
		Adder:      enc.Get(cs, "capacity") == "adder",
		NoFull:     enc.Get(cs, "fullness") == "none",
		NoSymmetry: enc.Get(cs, "symmetry") == "none",
	}, enc.Get(cs, "direction") == "up"
}

// cats is Cats with the encoding enc, going up from the lower bound when
// up is set.
func cats(ctx context.Context, p kindscats.Instance, c solver.Config, enc Encoding, up bool) (kindscats.Answer, solver.Stats, error) {
	if len(p.Weights) == 0 || p.W < 1 || slices.Max(p.Weights) > p.W {
		return kindscats.Answer{}, solver.Stats{}, puzzle.ErrNoSolution
	}
	k := firstFitCars(p)
	q, err := catsQuery(ctx, p, k, enc, c)
	if err != nil {
		return kindscats.Answer{}, solver.Stats{}, err
	}
	s := c.New(q.Formula())
	defer s.Close()
	s.Name(fmt.Sprintf("cars<=%d", k))
	// The first solve, with every car allowed, is satisfiable: it gives a
	// packing and makes the solver safe to reuse after UNSAT answers under
	// assumptions.
	st, err := s.Solve(ctx)
	if err != nil {
		return kindscats.Answer{}, s.Stats(), err
	}
	if st != solver.Sat {
		return kindscats.Answer{}, s.Stats(), fmt.Errorf("sat: cats: the query for %d cars, which first fit fills, is unsatisfiable", q.Cars())
	}
	best := s.Model()
	if up {
		best, err = catsUp(ctx, s, q, p.LowerBound(), best)
	} else {
		best, err = catsDown(ctx, s, q, p.LowerBound(), best)
	}
	if err != nil {
		return kindscats.Answer{}, s.Stats(), err
	}
	a, err := q.Decode(best)
	return a, s.Stats(), err
}

// catsDown tightens from the model m: while it uses more cars than lb,
// ask for one car fewer. The last packing found is optimal.
func catsDown(ctx context.Context, s *solver.Solver, q *Query, lb int, m cnf.Model) (cnf.Model, error) {
	for c := q.Used(m); c > lb; c = q.Used(m) {
		s.Name(fmt.Sprintf("cars<=%d", c-1))
		st, err := s.Solve(ctx, q.AtMost(c-1)...)
		if err != nil || st == solver.Unsat {
			return m, err
		}
		m = s.Model()
	}
	return m, nil
}

// catsUp asks for lb cars, then one more after each refusal, below the
// cars of the model m, which it returns when every smaller count fails;
// the first packing found is optimal.
func catsUp(ctx context.Context, s *solver.Solver, q *Query, lb int, m cnf.Model) (cnf.Model, error) {
	for t := lb; t < q.Used(m); t++ {
		s.Name(fmt.Sprintf("cars<=%d", t))
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
func firstFitCars(p kindscats.Instance) int {
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

// QueryAt returns the decision query "the cats fit in at most k cars"
// in the formula enc picks, with the errors of Cats.
func QueryAt(ctx context.Context, p kindscats.Instance, k int, c solver.Config, enc technique.Picks) (solver.Query[kindscats.Answer], string, error) {
	e, _ := catsEncoding(enc)
	q, err := catsQuery(ctx, p, k, e, c)
	return q, fmt.Sprintf("cars<=%d", k), err
}

// catsQuery builds the query for k cars once c's budget allows its size
// bound.
func catsQuery(ctx context.Context, p kindscats.Instance, k int, enc Encoding, c solver.Config) (*Query, error) {
	return solver.Sized(ctx, c, Size(p, k, enc), func() (*Query, error) {
		return EncodeWith(p, k, enc), nil
	})
}
