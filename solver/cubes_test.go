package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// freshStatus solves f under the assumptions with a new solver: the
// ground truth for the cube stacks.
func freshStatus(t *testing.T, f *cnf.CNF, assume []cnf.Lit) Status {
	t.Helper()
	st, err := New(f).Solve(context.Background(), assume...)
	require.NoError(t, err)
	return st
}

// TestCubeStacks drives both cube stacks through random pushes, holds,
// pops, solves, and clauses guarded by new selectors added between
// clears, on random satisfiable formulas, and checks every answer against
// a fresh solver: a refuted push or pop must be unsatisfiable, a solve
// must agree, and a model must satisfy the formula and the cube.
func TestCubeStacks(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1190, 12))
	for round := 0; round < 300; {
		n := 4 + rng.IntN(10)
		f := randomCNF(rng, n, n+rng.IntN(3*n))
		if freshStatus(t, f, nil) != Sat {
			continue
		}
		round++
		for _, e := range inProcess() {
			for _, unit := range []bool{false, true} {
				s := Config{Engine: e}.New(f)
				st, err := s.Solve(ctx) // known satisfiable, as Cake's seed makes it
				require.NoError(t, err)
				require.Equal(t, Sat, st)
				stack := s.Cubes(unit)
				_, isGini := stack.(*giniCubes)
				require.Equal(t, !unit && e.Name() == "gini", isGini)
				checkCubeStack(t, rng, s, stack, n)
				s.Close()
			}
		}
	}
}

// checkCubeStack runs 40 random steps on a stack over s's formula, whose
// first n variables are the random formula's.
func checkCubeStack(t *testing.T, rng *rand.Rand, s *Solver, stack Cubes, n int) {
	ctx := context.Background()
	f := s.Formula()
	var path [][]cnf.Lit
	alive := 0 // path[:alive] is not known refuted
	flat := func() []cnf.Lit {
		var all []cnf.Lit
		for _, g := range path {
			all = append(all, g...)
		}
		return all
	}
	randomLit := func() cnf.Lit { return cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2)) }
	for step := range 40 {
		switch op := rng.IntN(10); {
		case op < 4: // push, or hold over a refuted path
			g := []cnf.Lit{randomLit()}
			if rng.IntN(2) == 0 {
				g = append(g, randomLit())
			}
			path = append(path, g)
			if alive < len(path)-1 {
				stack.Hold()
				continue
			}
			if stack.Push(g) {
				alive = len(path)
			} else {
				require.Equal(t, Unsat, freshStatus(t, f, flat()), "step %d: push refuted a satisfiable cube", step)
			}
		case op < 7 && len(path) > 0:
			path = path[:len(path)-1]
			alive = min(alive, len(path))
			if !stack.Pop() {
				require.Equal(t, Unsat, freshStatus(t, f, flat()), "step %d: pop refuted a satisfiable cube", step)
				alive = min(alive, len(path)-1)
			}
		case op < 9 && alive == len(path):
			got, err := stack.Solve(ctx)
			require.NoError(t, err)
			require.Equal(t, freshStatus(t, f, flat()), got, "step %d", step)
			if got == Sat {
				ok, _ := s.Model().Satisfies(f)
				require.True(t, ok, "step %d", step)
				for _, l := range flat() {
					require.True(t, s.Model().Value(l), "step %d: %v", step, l)
				}
			}
		case op == 9: // a clause guarded by a new selector, which the next path assumes
			stack.Clear()
			sel := f.Selector("")
			f.Add(sel.Neg(), randomLit(), randomLit())
			path, alive = [][]cnf.Lit{{sel.Pos()}}, 0
			if stack.Push(path[0]) {
				alive = 1
			}
		}
	}
}
