package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/internal/ref/cryptbrute"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm/sat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// cryptMode is one way the tests solve and count: the encoding picks of
// a formulation of the sum and a search, gini's own branching (blocking
// clauses to count) or the search over the letters, largest weight first
// (sat.Search), the default.
type cryptMode struct {
	spec  string // as --encoding takes it
	picks technique.Picks
}

func (m cryptMode) String() string { return m.spec }

// cryptModes lists every formulation under both searches, the default
// first.
var cryptModes = func() []cryptMode {
	var ms []cryptMode
	cs := sat.Encodings()
	for _, search := range cs[1].Options {
		for _, sum := range cs[0].Options {
			spec := "sum=" + sum + ",search=" + search
			picks, err := technique.ResolveEncoding(cs, spec)
			if err != nil {
				panic(err)
			}
			ms = append(ms, cryptMode{spec, picks})
		}
	}
	return ms
}()

// solve and count run p as m says.
func solve(p cryptarithm.Instance, m cryptMode) (cryptarithm.Answer, solver.Stats, error) {
	return sat.Solve(context.Background(), p, solver.Config{}, m.picks)
}

func count(p cryptarithm.Instance, limit int, m cryptMode) (int, solver.Stats, error) {
	if limit < 1 {
		limit = 1 << 30
	}
	return sat.Count(context.Background(), p, limit, solver.Config{}, m.picks)
}

func TestCryptarithmFixtures(t *testing.T) {
	for _, m := range cryptModes {
		for _, name := range []string{"sample", "exercism"} {
			ps, want := cryptbrute.Fixture(t, name)
			for i, p := range ps {
				if m.spec != cryptModes[0].spec && len(p.Addends) > 100 {
					continue // the 199 addends: the default here, the others in benchmarks
				}
				a, _, err := solve(p, m)
				if want[i] == "no solution" {
					require.ErrorIs(t, err, puzzle.ErrNoSolution, "%s %s %d", m, name, i+1)
					continue
				}
				require.NoError(t, err, "%s %s %d", m, name, i+1)
				require.NoError(t, p.Verify(a))
				require.Equal(t, want[i]+"\n", p.Format(a), "%s %s %d", m, name, i+1)
				n, _, err := count(p, 0, m)
				require.NoError(t, err)
				require.Equal(t, 1, n, "%s %s %d has one answer", m, name, i+1)
			}
		}
	}
}

func crypt(base int, sum string, addends ...string) cryptarithm.Instance {
	return cryptarithm.Instance{Base: base, Addends: addends, Sum: sum}
}

func TestCountCryptarithm(t *testing.T) {
	for _, tc := range cryptbrute.CountCases {
		for _, m := range cryptModes {
			t.Run(tc.Name+"/"+m.String(), func(t *testing.T) {
				n, _, err := count(tc.P, 0, m)
				require.NoError(t, err)
				require.Equal(t, tc.Want, n)
				n, _, err = count(tc.P, 2, m)
				require.NoError(t, err)
				require.Equal(t, min(tc.Want, 2), n, "limit 2")
			})
		}
	}
}

// TestCryptarithmRandom compares every formulation, in both modes, with
// the brute force on 500 random puzzles each: counts, and the answer of
// Solve.
func TestCryptarithmRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	for i := range 500 {
		base := 2 + rng.IntN(9)
		p := cryptbrute.Random(rng, base, 1+rng.IntN(min(base, 7)), 1+rng.IntN(5), 1+rng.IntN(5), i%3 != 0)
		want := cryptbrute.Answers(p)
		for _, m := range cryptModes {
			got, _, err := count(p, 0, m)
			require.NoError(t, err)
			require.Equal(t, len(want), got, "%s count %d: %s", m, i, p.String())
			a, _, err := solve(p, m)
			if len(want) == 0 {
				require.ErrorIs(t, err, puzzle.ErrNoSolution)
				continue
			}
			require.NoError(t, err)
			require.NoError(t, p.Verify(a), "%s %d: %s", m, i, p.String())
		}
	}
}

func TestCryptarithmManyAnswers(t *testing.T) {
	ps, want := cryptbrute.ManyCounts(t)
	for i, p := range ps {
		n, st, err := count(p, 0, cryptModes[0])
		require.NoError(t, err)
		require.Equal(t, want[i], n, "puzzle %d: %v", i+1, st)
	}
}

func BenchmarkCryptarithm(b *testing.B) {
	ps, _ := cryptbrute.Fixture(b, "fortresses")
	many, _ := cryptbrute.ManyCounts(b)
	bench := func(name string, p cryptarithm.Instance, limit int, m cryptMode) {
		b.Run(name+"/"+m.String(), func(b *testing.B) {
			var st solver.Stats
			for b.Loop() {
				var err error
				if limit == 1 {
					_, st, err = solve(p, m)
				} else {
					_, st, err = count(p, limit, m)
				}
				require.NoError(b, err)
			}
			b.ReportMetric(float64(st.Conflicts), "conflicts")
			b.ReportMetric(float64(st.Decisions), "decisions")
			b.ReportMetric(float64(st.Clauses), "clauses")
		})
	}
	for _, m := range cryptModes {
		bench("fortresses", ps[0], 1, m)
		bench("fortresses-count", ps[0], 0, m)
		for i, p := range many {
			bench(fmt.Sprintf("many%d-count", i+1), p, 0, m)
		}
	}
}

// TestCryptarithmEncodingsAreReal checks that each option away from the
// default changes the conflicts of solving or counting some puzzle.
func TestCryptarithmEncodingsAreReal(t *testing.T) {
	ps, _ := cryptbrute.Fixture(t, "sample")
	cs := sat.Encodings()
	for _, c := range cs {
		for _, o := range c.Options[1:] {
			t.Run(c.Point+"="+o, func(t *testing.T) {
				picks, err := technique.ResolveEncoding(cs, c.Point+"="+o)
				require.NoError(t, err)
				differ := false
				for _, p := range ps {
					if len(p.Addends) > 100 {
						continue // the 199 addends: benchmarks
					}
					_, st0, err0 := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
					_, st1, err1 := sat.Solve(context.Background(), p, solver.Config{}, picks)
					require.Equal(t, err0, err1, "%s", p.String())
					n0, ct0, err := sat.Count(context.Background(), p, 10, solver.Config{}, technique.Picks{})
					require.NoError(t, err)
					n1, ct1, err := sat.Count(context.Background(), p, 10, solver.Config{}, picks)
					require.NoError(t, err)
					require.Equal(t, n0, n1, "%s", p.String())
					differ = differ || st0.Conflicts != st1.Conflicts || ct0.Conflicts != ct1.Conflicts
				}
				require.True(t, differ, "%s=%s changes no conflict count", c.Point, o)
			})
		}
	}
}
