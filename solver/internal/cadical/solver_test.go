//go:build cadical

package cadical

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini"
	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
)

var _ cnf.Sink = (*Solver)(nil)

// newSolver returns a solver that the test closes, with the options set.
func newSolver(t testing.TB, opts map[string]int) *Solver {
	t.Helper()
	s, err := New()
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	for name, val := range opts {
		require.NoError(t, s.SetOption(name, val), "SetOption(%q, %d)", name, val)
	}
	return s
}

func addAll(s *Solver, cls [][]cnf.Lit) {
	for _, c := range cls {
		s.AddClause(c)
	}
}

// lit returns the literal of DIMACS d.
func lit(d int) cnf.Lit { return cnf.FromDimacs(d) }

// pigeons returns PHP(n+1, n), "n+1 pigeons in n holes" (variables 1 to
// (n+1)n, unsatisfiable), each clause with sel.Not() added when sel is
// not 0, so that it binds only under the assumption sel.
func pigeons(n int, sel cnf.Lit) [][]cnf.Lit {
	p := func(i, j int) cnf.Lit { return cnf.Var(i*n + j + 1).Pos() }
	var cls [][]cnf.Lit
	add := func(c ...cnf.Lit) {
		if sel != 0 {
			c = append(c, sel.Not())
		}
		cls = append(cls, c)
	}
	for i := 0; i <= n; i++ {
		c := make([]cnf.Lit, n)
		for j := range c {
			c[j] = p(i, j)
		}
		add(c...)
	}
	for j := 0; j < n; j++ {
		for i := 0; i <= n; i++ {
			for k := i + 1; k <= n; k++ {
				add(p(i, j).Not(), p(k, j).Not())
			}
		}
	}
	return cls
}

// randomCNF returns m random clauses of k distinct variables out of n.
func randomCNF(rng *rand.Rand, n, m, k int) [][]cnf.Lit {
	cls := make([][]cnf.Lit, m)
	for i := range cls {
		cls[i] = randomClause(rng, n, k)
	}
	return cls
}

func randomClause(rng *rand.Rand, n, k int) []cnf.Lit {
	c := make([]cnf.Lit, 0, k)
	for len(c) < k {
		l := cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2))
		fresh := true
		for _, o := range c {
			fresh = fresh && o.Var() != l.Var()
		}
		if fresh {
			c = append(c, l)
		}
	}
	return c
}

// brute reports whether some assignment of variables 1..n satisfies every
// clause and every unit.
func brute(n int, cls [][]cnf.Lit, units []cnf.Lit) bool {
	m := make(cnf.Model, n+1)
	for bits := 0; bits < 1<<n; bits++ {
		for v := 1; v <= n; v++ {
			m[v] = bits>>(v-1)&1 == 1
		}
		if satisfies(m, cls, units) {
			return true
		}
	}
	return false
}

func satisfies(m cnf.Model, cls [][]cnf.Lit, units []cnf.Lit) bool {
	for _, u := range units {
		if !m.Value(u) {
			return false
		}
	}
	for _, c := range cls {
		ok := false
		for _, l := range c {
			ok = ok || m.Value(l)
		}
		if !ok {
			return false
		}
	}
	return true
}

func TestStatusString(t *testing.T) {
	for _, tc := range []struct {
		s    Status
		want string
	}{{Sat, "SATISFIABLE"}, {Unsat, "UNSATISFIABLE"}, {Unknown, "UNKNOWN"}, {Status(7), "Status(7)"}} {
		require.Equal(t, tc.want, tc.s.String())
	}
}

func TestVersion(t *testing.T) {
	require.NotEmpty(t, Version())
	t.Logf("CaDiCaL %s", Version())
}

// TestSolveBasics follows the example of cadical.hpp: answers, model,
// failed assumptions, and a clause added after Unsat.
func TestSolveBasics(t *testing.T) {
	ctx := context.Background()
	tie, shirt := lit(1), lit(2)
	s := newSolver(t, nil)
	addAll(s, [][]cnf.Lit{{tie.Not(), shirt}, {tie, shirt}, {tie.Not(), shirt.Not()}})

	st, err := s.Solve(ctx)
	require.NoError(t, err)
	require.Equal(t, Sat, st)
	m, err := s.Model(nil)
	require.NoError(t, err)
	require.Equal(t, cnf.Model{false, false, true}, m)

	st, err = s.Solve(ctx, tie)
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
	failed, err := s.Failed(nil)
	require.NoError(t, err)
	require.Equal(t, []cnf.Lit{tie}, failed)

	st, err = s.Solve(ctx, shirt.Not(), tie.Not())
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
	failed, err = s.Failed(failed)
	require.NoError(t, err)
	require.Equal(t, []cnf.Lit{shirt.Not()}, failed)

	s.AddClause([]cnf.Lit{shirt.Not()}) // now unsatisfiable without assumptions
	for range 3 {
		st, err = s.Solve(ctx)
		require.NoError(t, err)
		require.Equal(t, Unsat, st)
		failed, err = s.Failed(failed)
		require.NoError(t, err)
		require.Empty(t, failed)
	}
	s.AddClause([]cnf.Lit{lit(3)}) // still unsatisfiable, and still usable
	st, err = s.Solve(ctx, lit(3))
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
	require.Equal(t, cnf.Var(3), s.MaxVar())
}

func TestEmptyClause(t *testing.T) {
	s := newSolver(t, nil)
	s.AddClause(nil)
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
}

func TestEmptyFormula(t *testing.T) {
	s := newSolver(t, nil)
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, Sat, st)
	m, err := s.Model(nil)
	require.NoError(t, err)
	require.Equal(t, cnf.Model{false}, m)
	st, err = s.Solve(context.Background(), lit(-4)) // a variable no clause has
	require.NoError(t, err)
	require.Equal(t, Sat, st)
	m, err = s.Model(m)
	require.NoError(t, err)
	require.Len(t, m, 5)
	require.False(t, m[4])
}

// The differential test runs each configuration on random formulas and a
// random script: clauses added between solves, assumptions, reuse after
// Unsat from assumptions and from the clauses. Every answer is checked
// against brute force, every model against the clauses and assumptions,
// and every failed set for being a subset of the assumptions that brute
// force finds unsatisfiable with the clauses.
var differentialTests = []struct {
	name     string
	opts     map[string]int
	config   string
	formulas int
}{
	{name: "default", formulas: 200},
	{name: "plain", config: "plain", formulas: 60},
	{name: "noelim-seed", opts: map[string]int{"elim": 0, "seed": 7}, formulas: 60},
	{name: "unsat-config", config: "unsat", formulas: 60},
}

func TestDifferential(t *testing.T) {
	ctx := context.Background()
	for i, tc := range differentialTests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(20, uint64(i)))
			var solves, sat, unsatAssumed, unsatClauses int
			for f := range tc.formulas {
				n := 4 + rng.IntN(7)
				s := newSolver(t, tc.opts)
				if tc.config != "" {
					require.NoError(t, s.Configure(tc.config))
				}
				var cls [][]cnf.Lit
				var m cnf.Model
				var failed []cnf.Lit
				for step := range 12 {
					// Add a few clauses; rarely a unit, more rarely an empty clause.
					for range rng.IntN(1 + n/2) {
						k := 2 + rng.IntN(min(3, n-1))
						switch rng.IntN(60) {
						case 0:
							k = 0
						case 1, 2, 3:
							k = 1
						}
						c := randomClause(rng, n, k)
						cls = append(cls, c)
						s.AddClause(c)
					}
					var assume []cnf.Lit
					for range rng.IntN(5) {
						assume = append(assume, cnf.Var(1+rng.IntN(n)).Pos()^cnf.Lit(rng.IntN(2)))
					}
					st, err := s.Solve(ctx, assume...)
					require.NoError(t, err)
					solves++
					want := brute(n, cls, assume)
					require.Equal(t, want, st == Sat, "formula %d step %d: %v under %v: got %v", f, step, cls, assume, st)
					if st == Sat {
						sat++
						m, err = s.Model(m)
						require.NoError(t, err)
						require.True(t, satisfies(m, cls, assume), "formula %d step %d: model %v", f, step, m)
						continue
					}
					require.Equal(t, Unsat, st)
					if brute(n, cls, nil) {
						unsatAssumed++
					} else {
						unsatClauses++
					}
					failed, err = s.Failed(failed)
					require.NoError(t, err)
					for _, l := range failed {
						require.Contains(t, assume, l)
					}
					require.False(t, brute(n, cls, failed), "formula %d step %d: failed %v of %v is satisfiable", f, step, failed, assume)
				}
			}
			t.Logf("%d solves: %d sat, %d unsat under assumptions, %d unsat clauses", solves, sat, unsatAssumed, unsatClauses)
		})
	}
}

// TestStateErrors checks that each call CaDiCaL would abort on returns an
// error instead, and that the solver still works afterwards.
func TestStateErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		run  func(s *Solver) error
		err  error
	}{
		{"model before solve", func(s *Solver) error { _, err := s.Model(nil); return err }, ErrState},
		{"failed before solve", func(s *Solver) error { _, err := s.Failed(nil); return err }, ErrState},
		{"model after unsat", func(s *Solver) error {
			s.AddClause([]cnf.Lit{lit(1)})
			if _, err := s.Solve(ctx, lit(-1)); err != nil {
				return err
			}
			_, err := s.Model(nil)
			return err
		}, ErrState},
		{"failed after sat", func(s *Solver) error {
			s.AddClause([]cnf.Lit{lit(1)})
			if _, err := s.Solve(ctx); err != nil {
				return err
			}
			_, err := s.Failed(nil)
			return err
		}, ErrState},
		{"model after a clause added after sat", func(s *Solver) error {
			s.AddClause([]cnf.Lit{lit(1)})
			if _, err := s.Solve(ctx); err != nil {
				return err
			}
			s.AddClause([]cnf.Lit{lit(2)})
			_, err := s.Model(nil)
			return err
		}, ErrState},
		{"option after a clause", func(s *Solver) error {
			s.AddClause([]cnf.Lit{lit(1)})
			return s.SetOption("seed", 3)
		}, ErrState},
		{"configure after solve", func(s *Solver) error {
			if _, err := s.Solve(ctx); err != nil {
				return err
			}
			return s.Configure("plain")
		}, ErrState},
		{"unknown option", func(s *Solver) error { return s.SetOption("nosuchoption", 1) }, ErrOption},
		{"refused option", func(s *Solver) error { return s.SetOption("verbose", 3) }, ErrOption},
		{"refused option checkfrozen", func(s *Solver) error { return s.SetOption("checkfrozen", 1) }, ErrOption},
		{"unknown configuration", func(s *Solver) error { return s.Configure("fast") }, ErrOption},
		{"unknown limit", func(s *Solver) error { return s.Limit("seconds", 1) }, ErrOption},
		{"literal of variable 0", func(s *Solver) error {
			s.AddClause([]cnf.Lit{lit(1), 1})
			_, err := s.Solve(ctx)
			return err
		}, ErrLiteral},
		{"assumption of variable 0", func(s *Solver) error { _, err := s.Solve(ctx, 0); return err }, ErrLiteral},
		{"flush proof without proof", func(s *Solver) error { return s.FlushProof() }, ErrState},
		{"close proof without proof", func(s *Solver) error { return s.CloseProof() }, ErrState},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSolver(t, nil)
			require.ErrorIs(t, tc.run(s), tc.err)
			if tc.err == ErrLiteral {
				return // the error is sticky: the formula lost a clause
			}
			s.AddClause([]cnf.Lit{lit(5), lit(-6)})
			st, err := s.Solve(ctx, lit(6))
			require.NoError(t, err)
			require.NotEqual(t, Unknown, st)
		})
	}
}

func TestStickyAddError(t *testing.T) {
	s := newSolver(t, nil)
	s.AddClause([]cnf.Lit{0})
	s.AddClause([]cnf.Lit{lit(1)})
	require.ErrorIs(t, s.Err(), ErrLiteral)
	_, err := s.Solve(context.Background())
	require.ErrorIs(t, err, ErrLiteral)
	require.Equal(t, cnf.Var(0), s.MaxVar(), "no clause was taken after the error")
}

func TestClosed(t *testing.T) {
	s, err := New()
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, s.Close(), "a second Close does nothing")
	_, err = s.Solve(context.Background())
	require.ErrorIs(t, err, ErrClosed)
	_, err = s.Counters()
	require.ErrorIs(t, err, ErrClosed)
	require.ErrorIs(t, s.SetOption("seed", 1), ErrClosed)
	s.AddClause([]cnf.Lit{lit(1)})
	require.ErrorIs(t, s.Err(), ErrClosed)
}

func TestLimit(t *testing.T) {
	s := newSolver(t, nil)
	addAll(s, pigeons(9, 0))
	require.NoError(t, s.Limit("conflicts", 100))
	st, err := s.Solve(context.Background())
	require.NoError(t, err, "a limit stops with a nil error")
	require.Equal(t, Unknown, st)
	c, err := s.Counters()
	require.NoError(t, err)
	require.Less(t, c.Learned, int64(200))
}

// TestCounters checks that the learner's count is CaDiCaL's own "learned"
// counter, plus the empty clause, and that the report parses.
func TestCounters(t *testing.T) {
	s := newSolver(t, nil)
	addAll(s, pigeons(7, 0))
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, Unsat, st)
	c, err := s.Counters()
	require.NoError(t, err)
	stats, err := s.Stats()
	require.NoError(t, err)
	require.Equal(t, 1, c.Solves)
	require.Equal(t, stats.Learned+1, c.Learned, "the learner sees the empty clause too")
	require.LessOrEqual(t, stats.Learned, stats.Conflicts)
	require.Greater(t, stats.Learned, stats.Conflicts*9/10)
	require.Greater(t, stats.Decisions, int64(0))
	require.Greater(t, stats.Propagations, stats.SearchPropagations)
	require.Greater(t, c.Polls, int64(0))
	require.Equal(t, stats.All["conflicts.backtracked"] > 0, true)
	t.Logf("counters %+v", c)
	stats.All = nil
	t.Logf("stats %+v", stats)
}

func TestParseReport(t *testing.T) {
	text := "c --- [ statistics ] ---\nc \n" +
		"c blocked:                       3         0.00 %  of irredundant clauses\n" +
		"c conflicts:                  6383    115504.32    per second\n" +
		"c   backtracked:              7072       110.79 %  of conflicts\n" +
		"c   condassinit:                 0.0       0.00 %  initial assigned\n" +
		"c covered:                       0         0.00 %  of irredundant clauses\n" +
		"c   blocked:                     9         0.00 %  of covered clauses\n" +
		"c   constantzero                 0         0.00 %  of tried\n" +
		"c \x1b[34mdecisions:\x1b[0m                  7803    141200.10    per second\n" +
		"c         0.05   96.68% search\n"
	require.Equal(t, map[string]int64{
		"blocked": 3, "conflicts": 6383, "conflicts.backtracked": 7072,
		"covered": 0, "covered.blocked": 9, "decisions": 7803,
	}, parseReport(text))
}

// TestReuseEliminated makes CaDiCaL eliminate variables up front, then
// assumes them and adds clauses over them, which CaDiCaL answers by
// restoring the clauses it had eliminated. Each answer is checked against
// a fresh gini over the same clauses, and each model against the clauses.
func TestReuseEliminated(t *testing.T) {
	ctx := context.Background()
	const n = 200
	rng := rand.New(rand.NewPCG(21, 1))
	cls := randomCNF(rng, n, 3*n, 3)
	s := newSolver(t, nil)
	addAll(s, cls)
	require.NoError(t, s.Limit("preprocessing", 3))
	st, err := s.Solve(ctx)
	require.NoError(t, err)
	require.Equal(t, Sat, st)
	stats, err := s.Stats()
	require.NoError(t, err)
	require.Positive(t, stats.Eliminated, "preprocessing eliminated nothing; the test tests nothing")
	var m cnf.Model
	var answers [2]int
	for round := range 60 {
		for range 3 {
			c := randomClause(rng, n, 3)
			cls = append(cls, c)
			s.AddClause(c)
		}
		var assume []cnf.Lit
		for range 1 + rng.IntN(30) {
			assume = append(assume, cnf.Var(1+rng.IntN(n)).Pos()^cnf.Lit(rng.IntN(2)))
		}
		st, err := s.Solve(ctx, assume...)
		require.NoError(t, err)
		g := gini.NewV(n + 1)
		giniAdd(g, cls)
		for _, l := range assume {
			g.Assume(giniLit(l))
		}
		want := g.Solve() == 1
		require.Equal(t, want, st == Sat, "round %d under %v", round, assume)
		if st == Sat {
			answers[0]++
			m, err = s.Model(m)
			require.NoError(t, err)
			require.True(t, satisfies(m, cls, assume), "round %d: the model falsifies a clause", round)
		} else {
			answers[1]++
		}
	}
	t.Logf("%d eliminated; %d sat, %d unsat", stats.Eliminated, answers[0], answers[1])
}
