package cnf_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// added returns what build adds to a formula that already holds the
// unaries of the given lengths.
func added(lens []int, build func(f *cnf.CNF, xs []cnf.Unary)) cnf.Size {
	f := cnf.New()
	f.True() // the constant, which some encoders fold into
	xs := make([]cnf.Unary, len(lens))
	for i, n := range lens {
		xs[i] = f.NewUnary("", n)
	}
	before := f.Size()
	build(f, xs)
	after := f.Size()
	return cnf.Size{Vars: after.Vars - before.Vars, Clauses: after.Clauses - before.Clauses, Lits: after.Lits - before.Lits}
}

// TestSizeBounds checks every size function against what its encoder
// adds: equal for the exact ones, at least as large for the bounds.
func TestSizeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		m := 1 + rng.IntN(6)
		lens, w := make([]int, m), make([]int, m)
		total := 0
		for j := range lens {
			lens[j], w[j] = rng.IntN(5), 1+rng.IntN(9)
			total += lens[j] * w[j]
		}
		bound, limit := rng.IntN(total+2), rng.IntN(2*m+1)
		terms := func(xs []cnf.Unary) []cnf.Term {
			ts := make([]cnf.Term, len(xs))
			for j, x := range xs {
				ts[j] = cnf.Term{W: w[j], X: x}
			}
			return ts
		}
		name := fmt.Sprintf("%d lens=%v w=%v bound=%d", i, lens, w, bound)
		var unaries cnf.Size // of a second vector like lens, for LexGreaterEq
		for _, u := range lens {
			unaries = unaries.Plus(cnf.UnarySize(u))
		}
		require.Equal(t, cnf.UnarySize(lens[0]), added(nil, func(f *cnf.CNF, _ []cnf.Unary) { f.NewUnary("", lens[0]) }), name)
		n := 1 + rng.IntN(40)
		lits := func(f *cnf.CNF) []cnf.Lit {
			ls := make([]cnf.Lit, n)
			for i := range ls {
				ls[i] = f.Lit()
			}
			return ls
		}
		require.Equal(t, cnf.Size{Vars: int64(n)}.Plus(cnf.ExactlyOneSize(n)), added(nil, func(f *cnf.CNF, _ []cnf.Unary) { f.ExactlyOne(lits(f)...) }), name)
		for _, c := range []struct {
			bound cnf.Size
			build func(f *cnf.CNF, xs []cnf.Unary)
		}{
			{cnf.TotalizeSize(lens, limit), func(f *cnf.CNF, xs []cnf.Unary) { f.Totalize(xs, limit) }},
			{cnf.LexGreaterEqSize(lens).Plus(unaries), func(f *cnf.CNF, xs []cnf.Unary) {
				ys := make([]cnf.Unary, len(xs))
				for j, x := range xs {
					ys[j] = f.NewUnary("", len(x))
				}
				f.LexGreaterEq(xs, ys)
			}},
			{cnf.MDDAtMostSizeBound(lens, bound), func(f *cnf.CNF, xs []cnf.Unary) { f.MDDAtMost(terms(xs), bound) }},
			{cnf.AdderSumSizeBound(w, lens), func(f *cnf.CNF, xs []cnf.Unary) { f.AssertEqualConst(f.AdderSum(terms(xs)), uint64(bound)) }},
		} {
			got := added(lens, c.build)
			require.True(t, got.Within(c.bound), "%s: %v over %v", name, got, c.bound)
		}
	}
}
