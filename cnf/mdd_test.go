package cnf_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// mddCase is a random equality Σ w·x = bound with side counts.
type mddCase struct {
	w, n  []int
	bound int
	sides [][]int
}

func randomMDDCase(rng *rand.Rand) mddCase {
	m := 1 + rng.IntN(4)
	c := mddCase{w: make([]int, m), n: make([]int, m)}
	total := 0
	for j := range c.w {
		c.w[j] = 1 + rng.IntN(6)
		c.n[j] = rng.IntN(4)
		total += c.w[j] * c.n[j]
	}
	c.bound = rng.IntN(total+2) - rng.IntN(2)
	for range rng.IntN(3) {
		g := make([]int, m)
		for j := range g {
			g[j] = rng.IntN(3)
		}
		c.sides = append(c.sides, g)
	}
	return c
}

// solutions returns, for every x with Σ w·x = bound, its side counts,
// keyed by x.
func (c mddCase) solutions() map[string][]int {
	out := map[string][]int{}
	x := make([]int, len(c.w))
	var rec func(j, sum int)
	rec = func(j, sum int) {
		if j == len(x) {
			if sum == c.bound {
				counts := make([]int, len(c.sides))
				for d, g := range c.sides {
					for i := range x {
						counts[d] += g[i] * x[i]
					}
				}
				out[fmt.Sprint(x)] = counts
			}
			return
		}
		for v := 0; v <= c.n[j]; v++ {
			x[j] = v
			rec(j+1, sum+v*c.w[j])
		}
	}
	rec(0, 0)
	return out
}

// TestMDDMatchesBruteForce checks the diagram by its models: they are the
// solutions of the equality, each with its side counts, and Encode adds
// exactly Size, which MDDSizeBound bounds.
func TestMDDMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 300 {
		c := randomMDDCase(rng)
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			f := cnf.New()
			xs := make([]cnf.Unary, len(c.w))
			for j := range xs {
				xs[j] = f.NewUnary("", c.n[j])
			}
			before := f.Size()
			m, err := cnf.NewMDD(context.Background(), c.w, c.n, c.bound, c.sides)
			require.NoError(t, err)
			outs := m.Encode(f, xs)
			added := f.Size()
			added = cnf.Size{Vars: added.Vars - before.Vars, Clauses: added.Clauses - before.Clauses, Lits: added.Lits - before.Lits}
			require.Equal(t, m.Size(), added, "%+v", c)
			require.True(t, added.Within(cnf.MDDSizeBound(c.w, c.n, c.bound, c.sides)), "%+v: %v over the bound %v", c, added, cnf.MDDSizeBound(c.w, c.n, c.bound, c.sides))
			require.Len(t, outs, len(c.sides))
			want := c.solutions()
			got := map[string][]int{}
			s := solver.New(f)
			for {
				st, err := s.Solve(context.Background())
				require.NoError(t, err)
				if st == solver.Unsat {
					break
				}
				model := s.Model()
				x := make([]int, len(xs))
				var block []cnf.Lit
				for j, u := range xs {
					v, ok := model.UnaryValue(u)
					require.True(t, ok)
					x[j] = v
					for _, l := range u {
						block = append(block, cnf.Sign(l, !model.Value(l)))
					}
				}
				counts := make([]int, len(outs))
				for d, o := range outs {
					v, ok := model.UnaryValue(o)
					require.True(t, ok)
					counts[d] = v
				}
				key := fmt.Sprint(x)
				require.NotContains(t, got, key, "%+v: x=%s twice", c, key)
				got[key] = counts
				f.Add(block...)
			}
			require.Equal(t, want, got, "%+v", c)
		})
	}
}

// TestMDDCountsPrune checks that bounding a side count prunes the values
// of an x that need it, by unit propagation alone: with the count fixed
// to 0, a solver finds the answer without a conflict.
func TestMDDCountsPrune(t *testing.T) {
	// 7·a + 4·b + 1·c = 8 with a, b, c in 0..2: (1,0,1) and (0,2,0),
	// (0,1,4) is out of range. Counting a: fixing the count to 0 leaves
	// b = 2 only.
	f := cnf.New()
	a, b, c := f.NewUnary("a", 2), f.NewUnary("b", 2), f.NewUnary("c", 2)
	outs := f.MDDEqualCounts([]cnf.Term{{W: 7, X: a}, {W: 4, X: b}, {W: 1, X: c}}, 8, [][]int{{1, 0, 0}})
	require.Len(t, outs[0], 1)
	f.Add(outs[0][0].Not())
	s := solver.New(f)
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Sat, st)
	require.Zero(t, s.Stats().Conflicts)
	v, _ := s.Model().UnaryValue(b)
	require.Equal(t, 2, v)
}

func TestMDDCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := cnf.NewMDD(ctx, []int{3, 2}, []int{5, 5}, 10, nil)
	require.ErrorIs(t, err, context.Canceled)
}
