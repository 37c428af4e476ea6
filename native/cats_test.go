package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"puzzlesat/internal/catsref"
	"puzzlesat/native"
	"puzzlesat/puzzle"
)

var catsTests = []struct {
	name string
	p    puzzle.Cats
	want int // -1: no solution
}{
	{"statement sample", puzzle.Cats{W: 1996, Weights: []int{1, 2, 1994, 12, 29}}, 2},
	{"one cat", puzzle.Cats{W: 5, Weights: []int{5}}, 1},
	{"too heavy", puzzle.Cats{W: 5, Weights: []int{1, 6, 2}}, -1},
	{"all fit one car", puzzle.Cats{W: 100, Weights: []int{10, 20, 30, 40}}, 1},
	{"heavy cats apart", puzzle.Cats{W: 10, Weights: []int{6, 6, 6, 4, 4, 4}}, 3},
	// The sum, 24, needs 3 cars of 10.
	{"sum bound", puzzle.Cats{W: 10, Weights: []int{7, 5, 4, 3, 3, 2}}, 3},
	// First-fit decreasing: 4 4 / 3 3 3 / 3; but 4 3 3 / 4 3 3.
	{"first fit is not optimal", puzzle.Cats{W: 10, Weights: []int{4, 4, 3, 3, 3, 3}}, 2},
	{"extreme weights", puzzle.Cats{W: 1e9, Weights: []int{1e9, 1e9, 5e8, 5e8, 1, 1}}, 4},
	// 13 8 8 / 11 11 7: the first 8 fills 11 11 exactly, and the second
	// must still be free to join 13 (the search once said 3).
	{"exact fit and equal cats", puzzle.Cats{W: 30, Weights: []int{11, 7, 11, 13, 8, 8}}, 2},
}

func TestCats(t *testing.T) {
	for _, tc := range catsTests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, catsref.Cars(tc.p), "reference")
			a, _, err := native.Cats(context.Background(), tc.p)
			if tc.want < 0 {
				require.ErrorIs(t, err, puzzle.ErrNoSolution)
				return
			}
			require.NoError(t, err)
			require.NoError(t, tc.p.Verify(a))
			require.Len(t, a.Cars, tc.want)
		})
	}
}

// TestCatsRandom compares the search with the subset DP on 900 random
// instances of up to 14 cats, three weight distributions; small
// capacities give many equal cats.
func TestCatsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(165, 1))
	for i := range 900 {
		w := []int{10, 30, 100, 1996, 1e9}[rng.IntN(5)]
		p := catsref.Random(rng, 1+rng.IntN(14), w, i%3)
		want := catsref.Cars(p)
		a, st, err := native.Cats(context.Background(), p)
		require.NoError(t, err, "%d: %s", i, p.String())
		require.NoError(t, p.Verify(a), "%d: %s", i, p.String())
		require.Len(t, a.Cars, want, "%d: %s, %d nodes", i, p.String(), st.Nodes)
	}
}

func TestCatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := catsref.Random(rand.New(rand.NewPCG(1, 1)), 64, 1000, 1)
	_, _, err := native.Cats(ctx, p)
	require.ErrorIs(t, err, context.Canceled)
}

// catsBench returns random instances of n cats for the benchmarks, with
// W = 10^9 (the same as sat's benchmark).
func catsBench(n, kind int) []puzzle.Cats {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(kind)))
	ps := make([]puzzle.Cats, 10)
	for i := range ps {
		ps[i] = catsref.Random(rng, n, 1e9, kind)
	}
	return ps
}

func BenchmarkCats(b *testing.B) {
	for _, n := range []int{18, 32, 64} {
		for kind, name := range []string{"uniform", "tenth-half", "few"} {
			b.Run(fmt.Sprintf("n%d-%s", n, name), func(b *testing.B) {
				ps := catsBench(n, kind)
				var nodes int64
				timeouts := 0
				for b.Loop() {
					nodes, timeouts = 0, 0
					for _, p := range ps {
						ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
						_, st, err := native.Cats(ctx, p)
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
			})
		}
	}
}
