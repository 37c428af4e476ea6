package dfs_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
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
	on, _, err := technique.ResolvePrunings(dfs.Prunings(), spec)
	require.NoError(t, err, spec)
	return on
}

func TestCats(t *testing.T) {
	for _, tc := range catsref.Cases {
		for _, v := range catsVariants {
			t.Run(tc.Name+"/"+v.name, func(t *testing.T) {
				require.Equal(t, tc.Want, catsref.Cars(tc.P), "reference")
				a, _, err := dfs.Solve(context.Background(), tc.P, search.Run{Prunings: catsSet(t, v.spec), CountCuts: true})
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
			a, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, v.spec), CountCuts: true})
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
	for _, p := range dfs.Prunings() {
		all = append(all, "-"+p.Name)
	}
	rng := rand.New(rand.NewPCG(165, 19))
	for i := range 600 {
		spec := techniquetest.SomeSwitches(rng, dfs.Prunings())
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
		a, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, spec), CountCuts: true})
		require.NoError(t, err, "%d %s: %s", i, spec, p.String())
		require.NoError(t, p.Verify(a), "%d %s: %s", i, spec, p.String())
		require.Len(t, a.Cars, catsref.Cars(p), "%d %s: %s, %d nodes", i, spec, p.String(), st.Nodes)
	}
}

// catsRealInstances are the instances on which every pruning acts: the
// hand-made cases, two where the item search meets equal loads and exact
// fits, the benchmarks' 18 cats, and one where the LP bound proves the
// lower bound wrong.
func catsRealInstances() []cats.Instance {
	var ps []cats.Instance
	for _, tc := range catsref.Cases {
		if tc.Want > 0 {
			ps = append(ps, tc.P)
		}
	}
	ps = append(ps, cats.Instance{W: 30, Weights: []int{11, 11, 12, 11, 4, 13, 9, 11, 3, 9, 9, 5, 12}},
		cats.Instance{W: 30, Weights: []int{10, 10, 5, 4, 3, 13, 9, 14, 4, 6, 12}})
	ps = append(ps, catsref.Bench(18, catsref.Uniform)...)
	ps = append(ps, catsref.Bench(18, catsref.TenthHalf)...)
	// The cheap pass fails at the lower bound, 17 cars, and the LP bound
	// proves it at once.
	ps = append(ps, cats.Instance{W: 100, Weights: []int{27, 23, 44, 39, 20, 34, 31, 44, 23, 49, 21, 30, 40, 47, 50, 49, 44,
		28, 30, 26, 35, 25, 37, 39, 50, 52, 48, 28, 30, 45, 38, 21, 38, 21, 49, 45, 37, 48, 42, 40, 33, 47, 25, 43, 31, 47}})
	return ps
}

// catsBase returns the switches a pruning is measured against: the item
// search for its own prunings, else the defaults.
func catsBase(pr technique.Pruning) string {
	if strings.HasPrefix(pr.Doc, "item search:") {
		return "-bin-completion,"
	}
	return ""
}

// TestCatsPruningsReal checks that switching each pruning off changes
// the nodes searched on some instance, and never the number of cars:
// the prunings of the item search are switched off from the item
// search's.
func TestCatsPruningsReal(t *testing.T) {
	ps := catsRealInstances()
	for _, pr := range dfs.Prunings() {
		t.Run(pr.Name, func(t *testing.T) {
			base := catsBase(pr)
			differs := false
			for _, p := range ps {
				if base != "" && len(p.Weights) > 18 {
					continue // the item search without a cut is slow on the LP's case
				}
				want, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, base), CountCuts: true})
				require.NoError(t, err)
				got, st2, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, base+"-"+pr.Name), CountCuts: true})
				require.NoError(t, err, p.String())
				require.NoError(t, p.Verify(got), p.String())
				require.Len(t, got.Cars, len(want.Cars), p.String())
				differs = differs || st.Nodes != st2.Nodes
			}
			require.True(t, differs, "%s-%s searches the same nodes on every instance", base, pr.Name)
		})
	}
}

// TestCatsCuts pins the cut counts where they can be worked out by hand.
//
// The sample (W 1996: 1 2 1994 12 29, total 2038) needs ceil(2038/1996) =
// 2 cars, and first fit decreasing packs it in 2: no search in either,
// sum-bound leaves the question "1 car?" unasked and first-fit "2 cars?".
//
// W 10: 5 4 3 3 3 2 (total 20): first fit packs 5+4, 3+3+3, 2 (3 cars);
// the bound is 2 (first-fit 0, as its packing is not the answer).
// Bin completion asks "2 cars?" (bin-completion 1), wasting nothing.
// Car 1 is the 5's (heaviest-first): 5+4 keeps 1 (waste), 5+3 keeps room
// for the 2 and 5 alone room for a 3 (maximal 2), 5+3+2 is the only
// completion. Car 2 is the 4's: 4+3+3; 4+3 and 4 alone leave room for a 3
// (maximal 2). The 2 nodes are the two cars.
//
// The item search places 5 in car 1, then 4 in car 1 (9): a car with room
// 1, below the lightest cat left, wastes it, 21 > 2·10 (waste 1). 4 goes
// in car 2, 3 in car 1 (8), the next 3 in car 2 (7), the last 3 fills
// car 2 and the 2 car 1, each exactly, but neither had another car to go
// to, a third car being no better than first fit's 3 (exact-fit 0): 2
// cars, the bound, which ends the search and leaves car 2 untried for
// the first 3 (sum-bound 1). Each of the 6 nodes that placed a cat and
// branched counts decreasing; the 7 nodes are the cats placed.
//
// Without waste, after 5+4 the 3s go to car 2 (3, 6, 9: decreasing 3 more),
// where the 2 finds no room in the two cars allowed (crowding 1), and
// neither the third 3 nor the second may open a third car (new-car 2);
// then as before: 10 nodes.
func TestCatsCuts(t *testing.T) {
	sample := cats.Instance{W: 1996, Weights: []int{1, 2, 1994, 12, 29}}
	small := cats.Instance{W: 10, Weights: []int{5, 4, 3, 3, 3, 2}}
	tests := []struct {
		name  string
		p     cats.Instance
		spec  string
		nodes int64
		cuts  map[string]int64
	}{
		{"sample", sample, "", 0, map[string]int64{"sum-bound": 1, "first-fit": 1}},
		{"sample/items", sample, "-bin-completion", 0, map[string]int64{"sum-bound": 1, "first-fit": 1}},
		{"small", small, "", 2, map[string]int64{"bin-completion": 1, "heaviest-first": 2, "sum-bound": 1, "waste": 1, "maximal": 4}},
		{"small/items", small, "-bin-completion", 7, map[string]int64{"decreasing": 6, "sum-bound": 1, "waste": 1}},
		{"small/items-waste", small, "-bin-completion,-waste", 10,
			map[string]int64{"decreasing": 9, "sum-bound": 1, "crowding": 1, "new-car": 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for range 2 { // the same on every run
				a, st, err := dfs.Solve(context.Background(), tc.p, search.Run{Prunings: catsSet(t, tc.spec), CountCuts: true})
				require.NoError(t, err)
				require.Len(t, a.Cars, 2)
				require.Equal(t, tc.nodes, st.Nodes)
				require.Equal(t, tc.cuts, techniquetest.Cuts(dfs.Prunings(), st))
			}
		})
	}
}

// TestCatsPruningsIndexed checks that the constants the searches count
// with name the prunings of CatsPrunings: each pruning counts on some
// instance, the same on a second run, and counts nothing once switched
// off.
func TestCatsPruningsIndexed(t *testing.T) {
	ps := catsRealInstances()
	for i, pr := range dfs.Prunings() {
		require.NotEmpty(t, pr.Counts, pr.Name)
		base := catsBase(pr)
		acted := false
		for _, p := range ps {
			if base != "" && len(p.Weights) > 18 {
				continue
			}
			_, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, base), CountCuts: true})
			require.NoError(t, err)
			require.Len(t, st.Cuts, len(dfs.Prunings()))
			if st.Cuts[i] == 0 {
				continue
			}
			acted = true
			_, again, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, base), CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, st.Cuts, again.Cuts, "%s: %s", pr.Name, p.String())
			_, off, err := dfs.Solve(context.Background(), p, search.Run{Prunings: catsSet(t, base+"-"+pr.Name), CountCuts: true})
			require.NoError(t, err)
			require.Zero(t, off.Cuts[i], "%s off still counts on %s", pr.Name, p.String())
		}
		require.True(t, acted, "%s never acts", pr.Name)
	}
}

func TestCatsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := catsref.Random(rand.New(rand.NewPCG(1, 1)), 64, 1000, 1)
	for _, v := range catsVariants {
		_, _, err := dfs.Solve(ctx, p, search.Run{Prunings: catsSet(t, v.spec), CountCuts: true})
		require.ErrorIs(t, err, context.Canceled, v.name)
	}
}

// TestCatsDeadline checks that a search stuck in a hard instance (a
// thousand cats of W/10..W/2, far beyond what bin completion settles)
// stops at its deadline, wherever it is: generating completions, in the
// LP, or in the item search. The deadline is a budget of looks at the
// context (poll.Budget), so that each variant does the same work on any
// machine.
func TestCatsDeadline(t *testing.T) {
	p := catsref.Random(rand.New(rand.NewPCG(1000, 1)), 1000, 1e9, catsref.TenthHalf)
	for _, v := range catsVariants {
		_, _, err := dfs.Solve(poll.Budget(context.Background(), 20), p, search.Run{Prunings: catsSet(t, v.spec), CountCuts: true})
		if err == nil {
			continue // solved within the budget: nothing to check
		}
		require.ErrorIs(t, err, context.DeadlineExceeded, v.name)
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

func benchCats(b *testing.B, ps []cats.Instance, on technique.Set) {
	var nodes int64
	timeouts := 0
	for b.Loop() {
		nodes, timeouts = 0, 0
		for _, p := range ps {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, st, err := dfs.Solve(ctx, p, search.Run{Prunings: on, CountCuts: true})
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
