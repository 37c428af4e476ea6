package solver_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// pigeons returns the formula "n+1 pigeons in n holes", unsatisfiable and
// hard for resolution; each clause is guarded by sel when sel is nonzero.
func pigeons(f *cnf.CNF, n int, sel cnf.Lit) {
	p := make([][]cnf.Lit, n+1)
	add := func(ls ...cnf.Lit) {
		if sel != 0 {
			ls = append(ls, sel.Not())
		}
		f.Add(ls...)
	}
	for i := range p {
		p[i] = make([]cnf.Lit, n)
		for j := range p[i] {
			p[i][j] = f.Lit()
		}
		add(p[i]...)
	}
	for j := 0; j < n; j++ {
		for i := range p {
			for k := i + 1; k < len(p); k++ {
				add(p[i][j].Not(), p[k][j].Not())
			}
		}
	}
}

// TestResolveAfterUnsatRebuilds: gini is rebuilt before every solve
// that follows an UNSAT answer of the clauses themselves; CaDiCaL needs
// no rebuild.
func TestResolveAfterUnsatRebuilds(t *testing.T) {
	for _, e := range inProcess() {
		f := cnf.New()
		a, b := f.Lit(), f.Lit()
		f.Add(a, b)
		f.Add(a.Not(), b)
		f.Add(a, b.Not())
		f.Add(a.Not(), b.Not())
		s := solver.Config{Engine: e}.New(f)
		for i := 0; i < 3; i++ { // gini alone would exit the process here
			st, err := s.Solve(context.Background())
			require.NoError(t, err)
			require.Equal(t, solver.Unsat, st)
		}
		want := 2
		if e.Name() != "gini" {
			want = 0
		}
		require.Equal(t, want, s.Stats().Rebuilds, e.Name())
		s.Close()
	}
}

// inProcess returns the engines that run in process: gini, and CaDiCaL
// in a build with the tag cadical.
func inProcess() []solver.Engine {
	es := []solver.Engine{solver.Gini()}
	if e, ok := solver.Cadical(); ok {
		es = append(es, e)
	}
	return es
}

func TestUnsatUnderAssumptionThenPlainSolve(t *testing.T) {
	f := cnf.New()
	pigeons(f, 3, 0)
	x := f.Lit()
	s := solver.New(f)
	st, err := s.Solve(context.Background(), x)
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
	st, err = s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
}

func TestTimeoutLeavesNoDeadline(t *testing.T) {
	f := cnf.New()
	hard := f.Selector("hard")
	pigeons(f, 11, hard.Pos())
	s := solver.New(f)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	st, err := s.Solve(ctx, hard.Pos())
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Equal(t, solver.Unknown, st)
	// 12 pigeons in 11 holes take CDCL hours: a minute means the
	// deadline stopped it, however busy the machine.
	require.Less(t, time.Since(start), time.Minute)
	// A solve without the hard part must still run to its answer
	// (gini's Try would leave its deadline behind and answer 0 at once).
	st, err = s.Solve(context.Background(), hard.Neg())
	require.NoError(t, err)
	require.Equal(t, solver.Sat, st)
	ok, _ := s.Model().Satisfies(f)
	require.True(t, ok)
}

// TestTimedOutSolveCounts: the work of a solve that ran out of time is
// counted, not reported as 0 (gini keeps it in its solver, CaDiCaL in
// its statistics).
func TestTimedOutSolveCounts(t *testing.T) {
	for _, e := range inProcess() {
		t.Run(e.Name(), func(t *testing.T) {
			f := cnf.New()
			pigeons(f, 11, 0)
			s := solver.Config{Engine: e}.New(f)
			defer s.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			st, err := s.Solve(ctx)
			require.ErrorIs(t, err, context.DeadlineExceeded)
			require.Equal(t, solver.Unknown, st)
			got := s.Stats()
			t.Logf("%s: %v propagations=%d", e.Name(), got, got.Propagations)
			require.Positive(t, got.Conflicts)
			require.Positive(t, got.Decisions)
			require.Positive(t, got.Propagations)
		})
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		name  string
		build func(f *cnf.CNF) []cnf.Var
		limit int
		want  int
	}{
		{"exactly one of 5", func(f *cnf.CNF) []cnf.Var {
			ls := []cnf.Lit{f.Lit(), f.Lit(), f.Lit(), f.Lit(), f.Lit()}
			f.ExactlyOne(ls...)
			return vars(ls)
		}, 10, 5},
		{"exactly one of 30, limit", func(f *cnf.CNF) []cnf.Var {
			ls := make([]cnf.Lit, 30)
			for i := range ls {
				ls[i] = f.Lit()
			}
			f.ExactlyOne(ls...)
			return vars(ls)
		}, 7, 7},
		{"exactly one of 30, no limit", func(f *cnf.CNF) []cnf.Var {
			ls := make([]cnf.Lit, 30)
			for i := range ls {
				ls[i] = f.Lit()
			}
			f.ExactlyOne(ls...)
			return vars(ls)
		}, 0, 30},
		{"10 free variables", func(f *cnf.CNF) []cnf.Var {
			ls := make([]cnf.Lit, 10)
			for i := range ls {
				ls[i] = f.Lit()
			}
			return vars(ls)
		}, 5000, 1024},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := cnf.New()
			over := tc.build(f)
			s := solver.New(f)
			n, err := s.Count(context.Background(), over, tc.limit)
			require.NoError(t, err)
			require.Equal(t, tc.want, n)
			// The blocking clauses are retired: counting again gives the same.
			n, err = s.Count(context.Background(), over, tc.limit)
			require.NoError(t, err)
			require.Equal(t, tc.want, n)
		})
	}
}

func vars(ls []cnf.Lit) []cnf.Var {
	vs := make([]cnf.Var, len(ls))
	for i, l := range ls {
		vs[i] = l.Var()
	}
	return vs
}

// randomCNF adds m random clauses of 1..4 literals over the first n variables.
func randomCNF(rng *rand.Rand, f *cnf.CNF, n, m int) {
	for i := 0; i < m; i++ {
		c := make([]cnf.Lit, 1+rng.IntN(4))
		for j := range c {
			c[j] = cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2))
		}
		f.Add(c...)
	}
}

// bruteModels returns every model of f over its first n variables.
func bruteModels(f *cnf.CNF, n int, assume []cnf.Lit) []cnf.Model {
	var out []cnf.Model
	for mask := 0; mask < 1<<n; mask++ {
		m := make(cnf.Model, f.NumVars()+1)
		for v := 1; v <= n; v++ {
			m[v] = mask>>(v-1)&1 == 1
		}
		ok, _ := m.Satisfies(f)
		for _, a := range assume {
			ok = ok && m.Value(a)
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

// TestReuseDifferential mixes solves under assumptions, counts (guarded
// blocking clauses) and plain clauses on one solver, and checks every
// answer against brute force. It exercises the re-solve guard.
func TestReuseDifferential(t *testing.T) {
	reuseDifferential(t, solver.Config{}, 300)
}

// reuseDifferential is TestReuseDifferential for any engine, in rounds
// rounds of 12 operations.
func reuseDifferential(t *testing.T, c solver.Config, rounds int) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < rounds; round++ {
		n := 4 + rng.IntN(6)
		f := cnf.New()
		for i := 0; i < n; i++ {
			f.Var("")
		}
		randomCNF(rng, f, n, rng.IntN(3*n))
		s := c.New(f)
		for op := 0; op < 12; op++ {
			var assume []cnf.Lit
			for k := rng.IntN(3); k > 0; k-- {
				assume = append(assume, cnf.Var(1+rng.IntN(n)).Pos()^cnf.Lit(rng.IntN(2)))
			}
			want := bruteModels(f, n, assume)
			switch rng.IntN(3) {
			case 0:
				st, err := s.Solve(context.Background(), assume...)
				require.NoError(t, err)
				require.Equal(t, len(want) > 0, st == solver.Sat, "round %d op %d", round, op)
				if st == solver.Sat {
					ok, _ := s.Model().Satisfies(f)
					require.True(t, ok)
				}
			case 1:
				over := make([]cnf.Var, n)
				for i := range over {
					over[i] = cnf.Var(i + 1)
				}
				got, err := s.Count(context.Background(), over, 1<<n+1, assume...)
				require.NoError(t, err)
				require.Equal(t, len(want), got, "round %d op %d", round, op)
			case 2:
				randomCNF(rng, f, n, 1)
			}
		}
	}
}

func TestMinimise(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 40; round++ {
		n := 5 + rng.IntN(5)
		f := cnf.New()
		xs := make([]cnf.Lit, n)
		for i := range xs {
			xs[i] = f.Lit()
		}
		randomCNF(rng, f, n, 2*n)
		want := -1
		for _, m := range bruteModels(f, n, nil) {
			if c := countTrue(m, xs); want < 0 || c < want {
				want = c
			}
		}
		s := solver.New(f)
		cost := func(m cnf.Model) int { return countTrue(m, xs) }
		bound := func(k int) cnf.Lit {
			sel := f.Selector("")
			// sel → at most k of xs, by a guarded sequential counter.
			g := cnf.New()
			_ = g
			ls := make([]cnf.Lit, len(xs))
			copy(ls, xs)
			atMostKGuarded(f, ls, k, sel.Pos())
			return sel.Pos()
		}
		_, got, st, err := s.Minimise(context.Background(), cost, bound)
		require.NoError(t, err)
		if want < 0 {
			require.Equal(t, solver.Unsat, st)
			continue
		}
		require.Equal(t, solver.Sat, st)
		require.Equal(t, want, got, "round %d", round)
	}
}

func countTrue(m cnf.Model, xs []cnf.Lit) int {
	c := 0
	for _, x := range xs {
		if m.Value(x) {
			c++
		}
	}
	return c
}

// atMostKGuarded adds "sel → at most k of ls" by forbidding every set of
// k+1 (fine for the small n of the test).
func atMostKGuarded(f *cnf.CNF, ls []cnf.Lit, k int, sel cnf.Lit) {
	var rec func(start int, chosen []cnf.Lit)
	rec = func(start int, chosen []cnf.Lit) {
		if len(chosen) == k+1 {
			c := []cnf.Lit{sel.Not()}
			for _, l := range chosen {
				c = append(c, l.Not())
			}
			f.Add(c...)
			return
		}
		for i := start; i < len(ls); i++ {
			rec(i+1, append(chosen, ls[i]))
		}
	}
	rec(0, nil)
}
