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
	// must still be free to join 13 (the item search once said 3).
	{"exact fit and equal cats", puzzle.Cats{W: 30, Weights: []int{11, 7, 11, 13, 8, 8}}, 2},
	// Three cats over W/3 never share a car: the LP bound sees it.
	{"thirds", puzzle.Cats{W: 30, Weights: []int{11, 11, 11, 11, 12, 12, 13}}, 4},
}

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
	for _, tc := range catsTests {
		for _, v := range catsVariants {
			t.Run(tc.name+"/"+v.name, func(t *testing.T) {
				require.Equal(t, tc.want, catsref.Cars(tc.p), "reference")
				a, _, err := native.CatsWith(context.Background(), tc.p, v.o)
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
