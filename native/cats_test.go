package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"puzzlesat/internal/ref/catsref"
	"puzzlesat/native"
	"puzzlesat/puzzle"
)

// catsVariants are the searches every test runs.
var catsVariants = []struct {
	name string
	o    native.CatsOptions
}{
	{"bins", native.CatsOptions{}},
	{"items", native.CatsOptions{Items: true}},
	{"nolp", native.CatsOptions{NoLP: true}},
	{"nonogoods", native.CatsOptions{NoNogoods: true}},
}

func TestCats(t *testing.T) {
	for _, tc := range catsref.Cases {
		for _, v := range catsVariants {
			t.Run(tc.Name+"/"+v.name, func(t *testing.T) {
				require.Equal(t, tc.Want, catsref.Cars(tc.P), "reference")
				a, _, err := native.CatsWith(context.Background(), tc.P, v.o)
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

// TestCatsRandom compares every search with the subset DP on 1200 random
// instances of up to 14 cats, four weight distributions; small
// capacities give many equal cats.
func TestCatsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 1))
	for i := range 1200 {
		w, n := []int{10, 30, 100, 1996, 1e9}[rng.IntN(5)], 1+rng.IntN(14)
		if i%4 == catsref.Triplets {
			n = max(n, 3)
		}
		p := catsref.Random(rng, n, w, i%4)
		want := catsref.Cars(p)
		for _, v := range catsVariants {
			a, st, err := native.CatsWith(context.Background(), p, v.o)
			require.NoError(t, err, "%d %s: %s", i, v.name, p.String())
			require.NoError(t, p.Verify(a), "%d %s: %s", i, v.name, p.String())
			require.Len(t, a.Cars, want, "%d %s: %s, %d nodes", i, v.name, p.String(), st.Nodes)
		}
	}
}

func TestCatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := catsref.Random(rand.New(rand.NewPCG(1, 1)), 64, 1000, 1)
	for _, v := range catsVariants {
		_, _, err := native.CatsWith(ctx, p, v.o)
		require.ErrorIs(t, err, context.Canceled, v.name)
	}
}

// TestCatsDeadline checks that a search stuck in a hard instance (a
// thousand cats of W/10..W/2, far beyond what bin completion settles)
// stops soon after its deadline, wherever it is: generating completions,
// in the LP, or in the item search.
func TestCatsDeadline(t *testing.T) {
	p := catsref.Random(rand.New(rand.NewPCG(1000, 1)), 1000, 1e9, catsref.TenthHalf)
	for _, v := range catsVariants {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, _, err := native.CatsWith(ctx, p, v.o)
		cancel()
		if err == nil {
			continue // solved in time: nothing to check
		}
		require.ErrorIs(t, err, context.DeadlineExceeded, v.name)
		require.Less(t, time.Since(start), 2*time.Second, v.name)
	}
}

// BenchmarkCats runs each search on each class and size, 10 s at most
// per instance, and reports nodes per instance and timeouts (per run of
// the 10).
func BenchmarkCats(b *testing.B) {
	for _, n := range []int{18, 32, 64, 100} {
		for class, c := range catsref.BenchClasses {
			for _, v := range catsVariants {
				b.Run(fmt.Sprintf("n%d-%s/%s", n, c.Name, v.name), func(b *testing.B) {
					benchCats(b, catsref.Bench(n, class), v.o)
				})
			}
		}
	}
}

func benchCats(b *testing.B, ps []puzzle.Cats, o native.CatsOptions) {
	var nodes int64
	timeouts := 0
	for b.Loop() {
		nodes, timeouts = 0, 0
		for _, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, st, err := native.CatsWith(ctx, p, o)
			cancel()
			if err != nil {
				require.ErrorIs(b, err, context.DeadlineExceeded)
				timeouts++
			}
			nodes += st.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(len(ps)), "nodes/inst")
	b.ReportMetric(float64(timeouts), "timeouts")
}
