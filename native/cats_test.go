package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"puzzlesat/internal/ref/catsref"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/technique"
)

// catsVariants are the searches every test runs: bin completion, the
// seed's item search, and bin completion without the LP bound or the
// nogoods.
var catsVariants = []struct {
	name, spec string
}{
	{"bins", ""},
	{"items", "-bin-completion"},
	{"nolp", "-lp-bound"},
	{"nonogoods", "-nogoods"},
}

// catsSet resolves spec against CatsPrunings.
func catsSet(t testing.TB, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(native.CatsPrunings(), spec)
	require.NoError(t, err, spec)
	return on
}

func TestCats(t *testing.T) {
	for _, tc := range catsref.Cases {
		for _, v := range catsVariants {
			t.Run(tc.Name+"/"+v.name, func(t *testing.T) {
				require.Equal(t, tc.Want, catsref.Cars(tc.P), "reference")
				a, _, err := native.Cats(context.Background(), tc.P, catsSet(t, v.spec))
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
			a, st, err := native.Cats(context.Background(), p, catsSet(t, v.spec))
			require.NoError(t, err, "%d %s: %s", i, v.name, p.String())
			require.NoError(t, p.Verify(a), "%d %s: %s", i, v.name, p.String())
			require.Len(t, a.Cars, want, "%d %s: %s, %d nodes", i, v.name, p.String(), st.Nodes)
		}
	}
}

// TestCatsPrunings compares the search, random prunings off (every one
// of them in every tenth), with the subset DP on 600 random instances of
// up to 16 cats, 10 for the item search: without its cuts it tries every
// partition of the cats.
func TestCatsPrunings(t *testing.T) {
	var all []string
	for _, p := range native.CatsPrunings() {
		all = append(all, "-"+p.Name)
	}
	rng := rand.New(rand.NewPCG(165, 19))
	for i := range 600 {
		spec := someSwitches(rng, native.CatsPrunings())
		if i%10 == 0 {
			spec = strings.Join(all, ",")
		}
		w, n := []int{10, 30, 100, 1996, 1e9}[rng.IntN(5)], 1+rng.IntN(10)
		if !strings.Contains(spec, "-bin-completion") {
			n = 1 + rng.IntN(16)
		}
		if i%4 == catsref.Triplets {
			n = max(n, 3)
		}
		p := catsref.Random(rng, n, w, i%4)
		a, st, err := native.Cats(context.Background(), p, catsSet(t, spec))
		require.NoError(t, err, "%d %s: %s", i, spec, p.String())
		require.NoError(t, p.Verify(a), "%d %s: %s", i, spec, p.String())
		require.Len(t, a.Cars, catsref.Cars(p), "%d %s: %s, %d nodes", i, spec, p.String(), st.Nodes)
	}
}

// TestCatsPruningsReal checks that switching each pruning off changes
// the nodes searched on some instance, and never the number of cars:
// the prunings of the item search are switched off from the item
// search's.
func TestCatsPruningsReal(t *testing.T) {
	var ps []puzzle.Cats
	for _, tc := range catsref.Cases {
		if tc.Want > 0 {
			ps = append(ps, tc.P)
		}
	}
	// Where the item search meets equal loads and exact fits.
	ps = append(ps, puzzle.Cats{W: 30, Weights: []int{11, 11, 12, 11, 4, 13, 9, 11, 3, 9, 9, 5, 12}},
		puzzle.Cats{W: 30, Weights: []int{10, 10, 5, 4, 3, 13, 9, 14, 4, 6, 12}})
	ps = append(ps, catsref.Bench(18, catsref.Uniform)...)
	ps = append(ps, catsref.Bench(18, catsref.TenthHalf)...)
	// The cheap pass fails at the lower bound, 17 cars, and the LP bound
	// proves it at once.
	ps = append(ps, puzzle.Cats{W: 100, Weights: []int{27, 23, 44, 39, 20, 34, 31, 44, 23, 49, 21, 30, 40, 47, 50, 49, 44,
		28, 30, 26, 35, 25, 37, 39, 50, 52, 48, 28, 30, 45, 38, 21, 38, 21, 49, 45, 37, 48, 42, 40, 33, 47, 25, 43, 31, 47}})
	for _, pr := range native.CatsPrunings() {
		t.Run(pr.Name, func(t *testing.T) {
			base := ""
			if strings.HasPrefix(pr.Doc, "item search:") {
				base = "-bin-completion,"
			}
			differs := false
			for _, p := range ps {
				if base != "" && len(p.Weights) > 18 {
					continue // the item search without a cut is slow on the LP's case
				}
				want, st, err := native.Cats(context.Background(), p, catsSet(t, base))
				require.NoError(t, err)
				got, st2, err := native.Cats(context.Background(), p, catsSet(t, base+"-"+pr.Name))
				require.NoError(t, err, p.String())
				require.NoError(t, p.Verify(got), p.String())
				require.Len(t, got.Cars, len(want.Cars), p.String())
				differs = differs || st.Nodes != st2.Nodes
			}
			require.True(t, differs, "%s-%s searches the same nodes on every instance", base, pr.Name)
		})
	}
}

func TestCatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := catsref.Random(rand.New(rand.NewPCG(1, 1)), 64, 1000, 1)
	for _, v := range catsVariants {
		_, _, err := native.Cats(ctx, p, catsSet(t, v.spec))
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
		_, _, err := native.Cats(ctx, p, catsSet(t, v.spec))
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
					benchCats(b, catsref.Bench(n, class), catsSet(b, v.spec))
				})
			}
		}
	}
}

func benchCats(b *testing.B, ps []puzzle.Cats, on technique.Set) {
	var nodes int64
	timeouts := 0
	for b.Loop() {
		nodes, timeouts = 0, 0
		for _, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, st, err := native.Cats(ctx, p, on)
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
