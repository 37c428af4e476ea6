package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/cats/internal/ref/catsref"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// patterns calls f with every count vector a, 0 ≤ a_i ≤ lim_i, whose
// weight fits in w.
func patterns(w int, vals, lim []int, f func(a []int)) {
	a := make([]int, len(vals))
	var rec func(i, room int)
	rec = func(i, room int) {
		if i == len(vals) {
			f(a)
			return
		}
		for t := 0; t <= lim[i] && t*vals[i] <= room; t++ {
			a[i] = t
			rec(i+1, room-t*vals[i])
		}
		a[i] = 0
	}
	rec(0, w)
}

func score(a []int, y []float64) float64 {
	s := 0.0
	for i, t := range a {
		s += float64(t) * y[i]
	}
	return s
}

// TestKnapsack checks the pricing knapsack, by branch and bound and by
// dynamic programming, against every pattern of 2000 small random
// instances.
func TestKnapsack(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var k knapsack
	for i := range 2000 {
		w := []int{20, 100, 1e9}[i%3]
		m := 1 + rng.IntN(6)
		vals, lim, y := make([]int, m), make([]int, m), make([]float64, m)
		for j := range m {
			vals[j] = 1 + rng.IntN(w/2)
			lim[j] = 1 + rng.IntN(3)
			y[j] = rng.Float64() - 0.1 // a few negative duals, as clipped ones are 0
			if y[j] < 0 {
				y[j] = 0
			}
		}
		want := 0.0
		patterns(w, vals, lim, func(a []int) { want = max(want, score(a, y)) })
		pat, v, ub := k.solve(w, vals, lim, y, 1<<30)
		require.InDelta(t, want, v, 1e-9, "%d", i)
		require.Equal(t, v, ub, "%d", i)
		require.InDelta(t, v, score(pat, y), 1e-9, "%d", i)
		pat, v, ub = k.solve(w, vals, lim, y, 1)
		require.GreaterOrEqual(t, ub, want-1e-9, "%d: a cut search bounds the best", i)
		require.LessOrEqual(t, v, want+1e-9, "%d", i)
		if w <= 100 {
			pat, v, ok := k.dp(w, vals, lim, y)
			require.True(t, ok)
			require.InDelta(t, want, v, 1e-9, "%d", i)
			require.InDelta(t, v, score(pat, y), 1e-9, "%d", i)
			load := 0
			for j, c := range pat {
				require.LessOrEqual(t, c, lim[j])
				load += c * vals[j]
			}
			require.LessOrEqual(t, load, w)
		}
	}
}

// TestLPBound checks on 600 random instances of up to 12 cats that the
// LP never proves more cars than the optimum (the subset DP), that every
// dual it returns is dual feasible for all the instance's patterns, and
// that it proves n/2 cars for n cats just over W/3.
func TestLPBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	tick := poll.New(context.Background())
	var probe trace.Probe[trace.Counted]
	on := technique.Set{}.Bits(Prunings)
	for i := range 600 {
		w := []int{30, 1000, 1e9}[i%3]
		p := binsRandom(rng, 2+rng.IntN(11), w, i%5)
		opt := catsref.Cars(p)
		wt := slices.Clone(p.Weights)
		slices.SortFunc(wt, func(a, b int) int { return b - a })
		b := newBinSearch(context.Background(), &tick, &probe, p.W, wt, on)
		for cars := range opt {
			got, y := b.lp.bound(b.cnt, cars, binsLPIters, &tick)
			if got <= cars {
				require.Nil(t, y)
				continue
			}
			require.LessOrEqual(t, got, opt, "%d: %s", i, p.String())
			patterns(p.W, b.vals, b.lp.most, func(a []int) {
				require.LessOrEqual(t, score(a, y), 1+1e-9, "%d: %s", i, p.String())
			})
		}
		if i%5 == 4 { // thirds: two per car, never three
			got, _ := b.lp.bound(b.cnt, opt-1, binsLPIters, &tick)
			require.Equal(t, (len(wt)+1)/2, opt, "%d", i)
			require.Equal(t, opt, got, "%d: %s", i, p.String())
		}
	}
}
