package sat

import (
	"context"
	"fmt"
	"math"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/digitsearch"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve solves a Digit Puzzle by [digitsearch.Search], answering each
// "has this pattern exactly one solution" by counting to two on one
// solver for p's length triple, with the pattern's digits as assumptions.
// The error is puzzle.ErrNoSolution when no product has p's lengths (no
// solver is built then), or the context's error.
func Solve(ctx context.Context, p digitpuzzle.Instance, c solver.Config, enc technique.Picks) (digitpuzzle.Answer, solver.Stats, error) {
	o := newDigitOracle(digitEncoding(enc), c)
	defer o.close()
	a, _, err := digitsearch.Search[trace.Uncounted](ctx, p, technique.Set{}.Bits(digitsearch.Prunings), nil, func(q digitpuzzle.Answer) (bool, error) {
		n, err := o.count(ctx, q, 2)
		return n == 1, err
	})
	return a, o.stats(), err
}

// Count returns the number of solutions of p's pattern as given,
// stopping at limit (limit <= 0: no limit).
func Count(ctx context.Context, p digitpuzzle.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	if limit <= 0 {
		limit = math.MaxInt
	}
	o := newDigitOracle(digitEncoding(enc), c)
	defer o.close()
	n, err := o.count(ctx, digitpuzzle.Answer{A: p.A, B: p.B, C: p.C}, limit)
	return n, o.stats(), err
}

// Encodings returns the choice points of the encoding of Digit,
// Count and Query.
func Encodings() []technique.Choice {
	return []technique.Choice{{
		Point: "product", Options: []string{Table.String(), Circuit.String()},
		Doc: "how A * B = C is tied: a clause per pair of values of A and B that misses C, or a multiplier circuit",
	}, {
		Point: "last-digit", Options: []string{"clauses", "none"},
		Doc: "whether the 100 clauses tying the last digits of A, B and C (implied by the product) are added",
	}}
}

// digitEncoding returns the encoding options enc picks.
func digitEncoding(enc technique.Picks) Options {
	cs := Encodings()
	var o Options
	if enc.Get(cs, "product") == Circuit.String() {
		o.Product = Circuit
	}
	o.NoLastDigit = enc.Get(cs, "last-digit") == "none"
	return o
}

// digitOracle counts the solutions of patterns, with one solver per
// length triple, built on first use and kept. The solver's clause set is
// always satisfiable between counts: the formula of a triple that admits
// a product is, and Count only adds blocking clauses guarded by a
// selector that it retires. So an UNSAT answer under a pattern's
// assumptions leaves the solver safe to reuse (notes/gini.md, bug 1), and
// a solve with no assumptions right after building makes the solver know
// it before the first pattern can answer UNSAT.
type digitOracle struct {
	enc     Options
	config  solver.Config
	triples map[[3]int]*digitTriple
}

// digitTriple is the solver of one length triple; s is nil when the
// triple admits no product.
type digitTriple struct {
	q    *Query
	s    *solver.Solver
	vars []cnf.Var // q.Vars(), which tell solutions apart
}

func newDigitOracle(enc Options, c solver.Config) *digitOracle {
	return &digitOracle{enc: enc, config: c, triples: map[[3]int]*digitTriple{}}
}

// triple returns the solver of the lengths of pattern a, building it on
// first use.
func (o *digitOracle) triple(ctx context.Context, a digitpuzzle.Answer) (*digitTriple, error) {
	l := [3]int{len(a.A), len(a.B), len(a.C)}
	if t, ok := o.triples[l]; ok {
		return t, nil
	}
	t := &digitTriple{}
	if digitpuzzle.Admits(l[0], l[1], l[2]) {
		t.q = Encode(l[0], l[1], l[2], o.enc)
		t.s, t.vars = o.config.New(t.q.Formula()), t.q.Vars()
		t.s.Name(fmt.Sprintf("lengths-%d-%d-%d", l[0], l[1], l[2]))
		st, err := t.s.Solve(ctx)
		if err != nil {
			t.s.Close()
			return nil, err
		}
		if st != solver.Sat {
			// DigitAdmits promised a product; the formula has none.
			t.s.Close()
			t.s = nil
		}
	}
	o.triples[l] = t
	return t, nil
}

// count returns the number of solutions of pattern a, stopping at limit.
func (o *digitOracle) count(ctx context.Context, a digitpuzzle.Answer, limit int) (int, error) {
	if !digitpuzzle.LengthsOK(len(a.A), len(a.B), len(a.C)) {
		return 0, fmt.Errorf("digit pattern %s %s %s: want 1-%d, 1-%d and 1-%d characters", a.A, a.B, a.C,
			digitpuzzle.MaxFactor, digitpuzzle.MaxFactor, digitpuzzle.MaxProduct)
	}
	t, err := o.triple(ctx, a)
	if err != nil || t.s == nil {
		return 0, err
	}
	as, err := t.q.Assume(a)
	if err != nil {
		return 0, err
	}
	t.s.Name(fmt.Sprintf("%s*%s=%s", a.A, a.B, a.C))
	return t.s.CountOneHot(ctx, t.vars, limit, as...)
}

// close closes every solver.
func (o *digitOracle) close() {
	for _, t := range o.triples {
		if t.s != nil {
			t.s.Close()
		}
	}
}

// stats sums the work of every solver.
func (o *digitOracle) stats() solver.Stats {
	var st solver.Stats
	for _, t := range o.triples {
		if t.s != nil {
			st.Add(t.s.Stats())
		}
	}
	return st
}

// QueryAt returns the query of p's pattern as given, the pattern's
// digits as unit clauses: its models are the pattern's solutions. It
// takes no bound.
func QueryAt(_ context.Context, p digitpuzzle.Instance, _ int, _ solver.Config, enc technique.Picks) (solver.Query[digitpuzzle.Answer], string, error) {
	e := digitEncoding(enc)
	q, err := Pattern(p, e)
	return q, "solutions, " + e.String() + " encoding", err
}
