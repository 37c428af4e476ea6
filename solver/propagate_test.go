package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// naiveUnits returns what unit propagation of f's clauses and the
// assumptions fixes, by sweeping every clause until nothing changes: the
// values by literal, or ok false on a conflict.
func naiveUnits(f *cnf.CNF, assume []cnf.Lit) (value map[cnf.Lit]bool, ok bool) {
	value = map[cnf.Lit]bool{}
	set := func(l cnf.Lit) bool {
		if value[l.Not()] {
			return false
		}
		value[l] = true
		return true
	}
	for _, l := range assume {
		if !set(l) {
			return nil, false
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range f.NumClauses() {
			var free []cnf.Lit
			sat := false
			for _, l := range f.Clause(i) {
				switch {
				case value[l]:
					sat = true
				case !value[l.Not()]:
					free = append(free, l)
				}
			}
			if sat || len(free) > 1 {
				continue
			}
			if len(free) == 0 {
				return nil, false
			}
			set(free[0])
			changed = true
		}
	}
	return value, true
}

// randomCNF returns a formula of n variables and m clauses of 1 to 4
// literals.
func randomCNF(rng *rand.Rand, n, m int) *cnf.CNF {
	f := cnf.New()
	for range n {
		f.Lit()
	}
	for range m {
		c := make([]cnf.Lit, 1+rng.IntN(4))
		for j := range c {
			c[j] = cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2))
		}
		f.Add(c...)
	}
	return f
}

// TestPropagatorMatchesNaive checks the watched-literal propagator
// against a sweep over every clause, on random formulas, assumptions
// pushed and popped in levels, and clauses added at level 0 between.
func TestPropagatorMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1190, 4))
	for round := range 400 {
		n := 3 + rng.IntN(12)
		f := randomCNF(rng, n, n+rng.IntN(3*n))
		p := newPropagator(f)
		p.sync()
		var stack [][]cnf.Lit // the assumptions of each open level
		for step := range 30 {
			switch op := rng.IntN(6); {
			case op == 0 && len(stack) == 0: // a clause at level 0
				g := randomCNF(rng, n, 1)
				f.Add(g.Clause(0)...)
				p.sync()
			case op <= 2 && len(stack) > 0:
				p.undo()
				stack = stack[:len(stack)-1]
			default:
				ls := make([]cnf.Lit, 1+rng.IntN(2))
				for j := range ls {
					ls[j] = cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2))
				}
				stack = append(stack, ls)
				got := p.assume(ls...)
				var all []cnf.Lit
				for _, g := range stack {
					all = append(all, g...)
				}
				want, ok := naiveUnits(f, all)
				require.Equal(t, ok, got, "round %d step %d", round, step)
				if !ok {
					p.undo() // a conflict is never extended
					stack = stack[:len(stack)-1]
					continue
				}
				for v := cnf.Var(1); int(v) <= n; v++ {
					require.Equal(t, want[v.Pos()], p.value[v.Pos()] == 1, "round %d step %d var %d", round, step, v)
					require.Equal(t, want[v.Neg()], p.value[v.Neg()] == 1, "round %d step %d var -%d", round, step, v)
				}
			}
		}
	}
}
