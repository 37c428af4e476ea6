package sat_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/kinds/cats/sat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// catsVariants are the encodings and directions compared in the tests,
// as picks of Encodings.
var catsVariants = []struct {
	name, spec string
}{
	{"default", ""},
	{"up", "direction=up"},
	{"adder", "capacity=adder"},
	{"no symmetry", "symmetry=none"},
	{"no fullness bounds", "fullness=none"},
	{"all others", "capacity=adder,fullness=none,symmetry=none,direction=up"},
}

// catsPicks resolves spec against Encodings.
func catsPicks(tb testing.TB, spec string) technique.Picks {
	tb.Helper()
	enc, err := technique.ResolveEncoding(sat.Encodings(), spec)
	require.NoError(tb, err, spec)
	return enc
}

func TestCats(t *testing.T) {
	for _, tc := range catsref.Cases {
		for _, v := range catsVariants {
			t.Run(tc.Name+"/"+v.name, func(t *testing.T) {
				a, _, err := sat.Solve(context.Background(), tc.P, solver.Config{}, catsPicks(t, v.spec))
				if tc.Want < 0 {
					require.ErrorIs(t, err, puzzle.ErrNoSolution)
					return
				}
				require.NoError(t, err)
				require.NoError(t, tc.P.Verify(a))
				require.Len(t, a.Cars, tc.Want)
			})
		}
	}
}

// TestCatsRandom compares the encodings with the subset DP on 600 random
// instances of up to 12 cats, three weight distributions: each instance
// with random picks of every choice point.
func TestCatsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 2))
	for i := range 600 {
		w := []int{10, 100, 1996, 1e9}[rng.IntN(4)]
		p := catsref.Random(rng, 1+rng.IntN(12), w, i%3)
		want := catsref.Cars(p)
		spec := techniquetest.SomePicks(rng, sat.Encodings())
		a, st, err := sat.Solve(context.Background(), p, solver.Config{}, catsPicks(t, spec))
		require.NoError(t, err, "%d %s: %s", i, spec, p.String())
		require.NoError(t, p.Verify(a), "%d %s: %s", i, spec, p.String())
		require.Len(t, a.Cars, want, "%d %s: %s, %v", i, spec, p.String(), st)
	}
}

// TestCatsEncodingsReal checks that every option of every choice point
// changes the conflicts on some instance, and never the number of cars.
func TestCatsEncodingsReal(t *testing.T) {
	var ps []cats.Instance
	for _, tc := range catsref.Cases {
		if tc.Want > 0 {
			ps = append(ps, tc.P)
		}
	}
	rng := rand.New(rand.NewPCG(165, 22))
	for i := range 12 {
		ps = append(ps, catsref.Random(rng, 8+rng.IntN(6), []int{100, 1e9}[i%2], i%3))
	}
	// First-fit decreasing's 11/9 (Johnson): 51 27 / 26 26 26 / 23 23 23
	// 23 fill 11 cars where 51 26 23 and 27 27 23 23 fill 9, the lower
	// bound, so that going down and going up ask different questions.
	ps = append(ps, cats.Instance{W: 100, Weights: slices.Concat(slices.Repeat([]int{51, 27, 26}, 6), slices.Repeat([]int{23}, 12))})
	for _, c := range sat.Encodings() {
		for _, o := range c.Options[1:] {
			spec := c.Point + "=" + o
			t.Run(spec, func(t *testing.T) {
				differs := false
				for _, p := range ps {
					want, st, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
					require.NoError(t, err)
					got, st2, err := sat.Solve(context.Background(), p, solver.Config{}, catsPicks(t, spec))
					require.NoError(t, err, p.String())
					require.NoError(t, p.Verify(got), p.String())
					require.Len(t, got.Cars, len(want.Cars), p.String())
					differs = differs || st.Conflicts != st2.Conflicts
				}
				require.True(t, differs, "%s has the default's conflicts on every instance", spec)
			})
		}
	}
}

// TestCatsQuery checks the decision query at the optimum and one below,
// and that every model decodes to a valid packing.
func TestCatsQuery(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 3))
	for i := range 100 {
		p := catsref.Random(rng, 1+rng.IntN(10), 1e9, i%3)
		opt := catsref.Cars(p)
		q := sat.Encode(p, opt)
		s := solver.New(q.Formula())
		n, err := s.Count(context.Background(), q.Vars(), 5)
		require.NoError(t, err)
		require.Positive(t, n)
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Sat, st)
		a, err := q.Decode(s.Model())
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		require.Len(t, a.Cars, opt)

		below := sat.Encode(p, opt-1)
		st, err = solver.New(below.Formula()).Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st, "%d cars for %s", opt-1, p.String())
	}
}

func TestCatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := sat.Solve(ctx, catsref.Random(rand.New(rand.NewPCG(1, 1)), 64, 1e9, 1), solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, context.Canceled)
}

// catsBenchVariants are the variants the benchmark compares.
var catsBenchVariants = []struct {
	name, spec string
}{
	{"default", ""},
	{"up", "direction=up"},
	{"nofull", "fullness=none"},
	{"adder", "capacity=adder"},
}

func BenchmarkCats(b *testing.B) {
	for _, n := range []int{18, 32, 64} {
		for class, c := range catsref.BenchClasses {
			for _, v := range catsBenchVariants {
				b.Run(fmt.Sprintf("n%d-%s/%s", n, c.Name, v.name), func(b *testing.B) {
					benchCats(b, catsref.Bench(n, class), catsPicks(b, v.spec))
				})
			}
		}
	}
}

func benchCats(b *testing.B, ps []cats.Instance, enc technique.Picks) {
	var total solver.Stats
	var timeouts, large int
	for b.Loop() {
		total, timeouts, large = solver.Stats{}, 0, 0
		for _, p := range ps {
			st, timeout, tooLarge := benchCatsOne(b, p, enc)
			total.Add(st)
			timeouts += timeout
			large += tooLarge
		}
	}
	b.ReportMetric(float64(total.Conflicts)/float64(len(ps)), "conflicts/inst")
	b.ReportMetric(float64(timeouts), "timeouts")
	b.ReportMetric(float64(large), "toolarge")
}

// benchCatsOne solves p within 10 s and counts a timeout, or a formula
// over the default budget, as 1.
func benchCatsOne(b *testing.B, p cats.Instance, enc technique.Picks) (st solver.Stats, timeout, tooLarge int) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, st, err := sat.Solve(ctx, p, solver.Config{}, enc)
	var tl *solver.TooLarge
	switch {
	case errors.As(err, &tl):
		return st, 0, 1
	case err != nil:
		require.ErrorIs(b, err, context.DeadlineExceeded)
		return st, 1, 0
	}
	return st, 0, 0
}
