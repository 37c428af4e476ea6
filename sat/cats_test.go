package sat_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"puzzlesat/encode"
	"puzzlesat/internal/ref/catsref"
	"puzzlesat/puzzle"
	"puzzlesat/sat"
	"puzzlesat/sat/solver"
)

// catsVariants are the encodings and strategies compared in the tests.
var catsVariants = []struct {
	name string
	enc  encode.CatsEncoding
	dir  sat.CatsStrategy
}{
	{"default", encode.CatsEncoding{}, sat.CatsDown},
	{"up", encode.CatsEncoding{}, sat.CatsUp},
	{"adder", encode.CatsEncoding{Adder: true}, sat.CatsDown},
	{"tiny MDD budget", encode.CatsEncoding{MaxNodes: 3}, sat.CatsUp},
	{"no symmetry", encode.CatsEncoding{NoSymmetry: true}, sat.CatsDown},
	{"no fullness bounds", encode.CatsEncoding{NoFull: true}, sat.CatsDown},
}

func TestCats(t *testing.T) {
	for _, tc := range catsref.Cases {
		for _, v := range catsVariants {
			t.Run(tc.Name+"/"+v.name, func(t *testing.T) {
				a, _, err := sat.CatsWith(context.Background(), tc.P, solver.Config{}, v.enc, v.dir)
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

// TestCatsRandom compares every variant with the subset DP on 600 random
// instances of up to 12 cats, three weight distributions.
func TestCatsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 2))
	for i := range 600 {
		w := []int{10, 100, 1996, 1e9}[rng.IntN(4)]
		p := catsref.Random(rng, 1+rng.IntN(12), w, i%3)
		want := catsref.Cars(p)
		v := catsVariants[i%len(catsVariants)]
		a, st, err := sat.CatsWith(context.Background(), p, solver.Config{}, v.enc, v.dir)
		require.NoError(t, err, "%d %s: %s", i, v.name, p.String())
		require.NoError(t, p.Verify(a), "%d %s: %s", i, v.name, p.String())
		require.Len(t, a.Cars, want, "%d %s: %s, %v", i, v.name, p.String(), st)
	}
}

// TestCatsQuery checks the decision query at the optimum and one below,
// and that every model decodes to a valid packing.
func TestCatsQuery(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 3))
	for i := range 100 {
		p := catsref.Random(rng, 1+rng.IntN(10), 1e9, i%3)
		opt := catsref.Cars(p)
		q := encode.Cats(p, opt)
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

		below := encode.Cats(p, opt-1)
		st, err = solver.New(below.Formula()).Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Unsat, st, "%d cars for %s", opt-1, p.String())
	}
}

func TestCatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := sat.Cats(ctx, catsref.Random(rand.New(rand.NewPCG(1, 1)), 64, 1e9, 1), solver.Config{})
	require.ErrorIs(t, err, context.Canceled)
}

// catsBenchVariants are the variants the benchmark compares.
var catsBenchVariants = []struct {
	name string
	enc  encode.CatsEncoding
	dir  sat.CatsStrategy
}{
	{"default", encode.CatsEncoding{}, sat.CatsDown},
	{"up", encode.CatsEncoding{}, sat.CatsUp},
	{"nofull", encode.CatsEncoding{NoFull: true}, sat.CatsDown},
	{"adder", encode.CatsEncoding{Adder: true}, sat.CatsDown},
}

func BenchmarkCats(b *testing.B) {
	for _, n := range []int{18, 32, 64} {
		for class, c := range catsref.BenchClasses {
			for _, v := range catsBenchVariants {
				b.Run(fmt.Sprintf("n%d-%s/%s", n, c.Name, v.name), func(b *testing.B) {
					benchCats(b, catsref.Bench(n, class), v.enc, v.dir)
				})
			}
		}
	}
}

func benchCats(b *testing.B, ps []puzzle.Cats, enc encode.CatsEncoding, dir sat.CatsStrategy) {
	var total solver.Stats
	var timeouts, large int
	for b.Loop() {
		total, timeouts, large = solver.Stats{}, 0, 0
		for _, p := range ps {
			st, timeout, tooLarge := benchCatsOne(b, p, enc, dir)
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
func benchCatsOne(b *testing.B, p puzzle.Cats, enc encode.CatsEncoding, dir sat.CatsStrategy) (st solver.Stats, timeout, tooLarge int) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, st, err := sat.CatsWith(ctx, p, solver.Config{}, enc, dir)
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
