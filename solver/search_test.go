package solver_test

import (
	"context"
	"math/rand/v2"
	"os/exec"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// groupFormula is a random formula over exactly-one groups: random
// clauses over the groups' literals and over free variables that no group
// fixes, so that propagation alone cannot always tell whether a choice of
// the groups has a model and the search's leaves need their solves.
type groupFormula struct {
	f      *cnf.CNF
	groups [][]cnf.Lit
}

func randomGroupFormula(rng *rand.Rand) groupFormula {
	f := cnf.New()
	g := groupFormula{f: f, groups: make([][]cnf.Lit, 1+rng.IntN(5))}
	for k := range g.groups {
		g.groups[k] = make([]cnf.Lit, 1+rng.IntN(4))
		for i := range g.groups[k] {
			g.groups[k][i] = f.Lit()
		}
		f.ExactlyOne(g.groups[k]...)
	}
	pool := slices.Concat(g.groups...)
	for range rng.IntN(4) {
		pool = append(pool, f.Lit())
	}
	for range rng.IntN(3 * len(pool)) {
		cl := make([]cnf.Lit, 1+rng.IntN(3))
		for i := range cl {
			cl[i] = pool[rng.IntN(len(pool))]
			if rng.IntN(2) == 0 {
				cl[i] = cl[i].Not()
			}
		}
		f.Add(cl...)
	}
	return g
}

// choices returns every choice of one literal per group.
func (g groupFormula) choices() [][]cnf.Lit {
	out := [][]cnf.Lit{nil}
	for _, grp := range g.groups {
		var next [][]cnf.Lit
		for _, c := range out {
			for _, l := range grp {
				next = append(next, append(slices.Clip(c), l))
			}
		}
		out = next
	}
	return out
}

// bruteCount counts the choices that have a model, each by a solve of its
// own on a fresh solver.
func (g groupFormula) bruteCount(t *testing.T) int {
	n := 0
	for _, c := range g.choices() {
		st, err := solver.New(g.f).Solve(context.Background(), c...)
		require.NoError(t, err)
		if st == solver.Sat {
			n++
		}
	}
	return n
}

func satisfies(f *cnf.CNF, m cnf.Model) bool {
	for i := range f.NumClauses() {
		if !slices.ContainsFunc(f.Clause(i), m.Value) {
			return false
		}
	}
	return true
}

// TestSearchRandom checks Search against one solve per choice of the
// groups on random formulas, most of them unsatisfiable or nearly: the
// count, that every model visited is a model and a new choice, that a
// search stopped early stops, and that the solver answers right after it
// (the search poisons it when the clause set is unsatisfiable).
func TestSearchRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 11))
	ctx := context.Background()
	for i := range searchRounds {
		g := randomGroupFormula(rng)
		want := g.bruteCount(t)
		s := solver.New(g.f)
		seen := map[string]bool{}
		n, err := s.Search(ctx, g.groups, func(m cnf.Model) bool {
			require.True(t, satisfies(g.f, m), "formula %d: not a model", i)
			var key []byte
			for _, grp := range g.groups {
				key = append(key, byte(slices.IndexFunc(grp, m.Value)))
			}
			require.False(t, seen[string(key)], "formula %d: choice visited twice", i)
			seen[string(key)] = true
			return true
		})
		require.NoError(t, err)
		require.Equal(t, want, n, "formula %d", i)
		st, err := s.Solve(ctx)
		require.NoError(t, err)
		require.Equal(t, want > 0, st == solver.Sat, "formula %d: solve after the search", i)

		if want > 1 {
			s := solver.New(g.f)
			n, err := s.Search(ctx, g.groups, func(cnf.Model) bool { return false })
			require.NoError(t, err)
			require.Equal(t, 1, n)
			n, err = s.Search(ctx, g.groups, func(cnf.Model) bool { return true })
			require.NoError(t, err)
			require.Equal(t, want, n, "formula %d: second search", i)
		}
	}
}

// TestSearchNegativeLiterals counts on groups of a variable and its
// negation: (a ∨ b) has three models on a and b, whatever c is.
func TestSearchNegativeLiterals(t *testing.T) {
	for _, e := range []solver.Engine{solver.Gini(), solver.Portfolio(solver.Gini())} {
		f := cnf.New()
		a, b, c := f.Lit(), f.Lit(), f.Lit()
		f.Add(a, b)
		f.Add(c, a.Not())
		n, err := solver.Config{Engine: e}.New(f).Search(context.Background(), [][]cnf.Lit{{a, a.Not()}, {b.Not(), b}}, func(cnf.Model) bool { return true })
		require.NoError(t, err)
		require.Equal(t, 3, n, e.Name())
	}
}

func TestSearchNoGroupsAndCancel(t *testing.T) {
	f := cnf.New()
	a := f.Lit()
	f.Add(a)
	n, err := solver.New(f).Search(context.Background(), nil, func(cnf.Model) bool { return true })
	require.NoError(t, err)
	require.Equal(t, 1, n, "no groups: the formula's one model")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = solver.New(f).Search(ctx, [][]cnf.Lit{{a}}, func(cnf.Model) bool { return true })
	require.ErrorIs(t, err, context.Canceled)
}

// TestSearchUnsatByLearning searches a formula that propagation alone
// cannot refute (pigeons in holes): the learnt clauses refute the outer
// scope, and the solver, poisoned, still answers UNSAT afterwards.
func TestSearchUnsatByLearning(t *testing.T) {
	f := cnf.New()
	pigeons(f, 5, 0)
	groups := [][]cnf.Lit{}
	for v := cnf.Var(1); v <= 5; v++ {
		groups = append(groups, []cnf.Lit{v.Pos(), v.Neg()})
	}
	s := solver.New(f)
	n, err := s.Search(context.Background(), groups, func(cnf.Model) bool { return true })
	require.NoError(t, err)
	require.Zero(t, n)
	for range 2 {
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st)
	}
}

var searchRounds = 600

// TestSearchOtherEngines checks the fallback of Search, by solves and
// blocking clauses, with engines that cannot propagate under scopes.
func TestSearchOtherEngines(t *testing.T) {
	engines := []solver.Engine{solver.Portfolio(solver.Gini())}
	if _, err := exec.LookPath("minisat"); err == nil {
		e, err := solver.Program("minisat")
		require.NoError(t, err)
		engines = append(engines, e)
	}
	rng := rand.New(rand.NewPCG(13, 12))
	for i := range 40 {
		g := randomGroupFormula(rng)
		want := g.bruteCount(t)
		for _, e := range engines {
			s := solver.Config{Engine: e}.New(g.f)
			n, err := s.Search(context.Background(), g.groups, func(m cnf.Model) bool {
				require.True(t, satisfies(g.f, m))
				return true
			})
			require.NoError(t, err)
			require.Equal(t, want, n, "%s, formula %d", e.Name(), i)
		}
	}
}
