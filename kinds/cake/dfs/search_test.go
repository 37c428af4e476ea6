package dfs_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// cakeCases names the judge data of cake: five book cases and the sample.
var cakeCases = []string{"cake1", "cake2", "cake3", "cake4", "cake5", "sample"}

// loadCake reads a judge input and its expected output.
func loadCake(tb testing.TB, name string) ([]cake.Instance, string) {
	tb.Helper()
	return judgedata.Case(tb, cake.Parse, "cake", name+".in", name+".out")
}

// solveCakes solves every instance, verifies each answer and returns the
// judge output.
func solveCakes(t *testing.T, cakes []cake.Instance) string {
	t.Helper()
	var out strings.Builder
	for _, p := range cakes {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err, "N=%d M=%d", p.Volume, p.Layers)
		require.NoError(t, p.Verify(a), "N=%d M=%d: %+v", p.Volume, p.Layers, a)
		out.WriteString(p.Format(a))
	}
	return out.String()
}

func TestCakeJudgeData(t *testing.T) {
	for _, name := range cakeCases {
		t.Run(name, func(t *testing.T) {
			cakes, want := loadCake(t, name)
			require.Equal(t, strings.Fields(want), strings.Fields(solveCakes(t, cakes)))
		})
	}
}

func TestCakeStatementSample(t *testing.T) {
	f, err := os.Open("../testdata/sample.in")
	require.NoError(t, err)
	defer f.Close()
	cakes, err := cake.Parse("sample.in", f)
	require.NoError(t, err)
	want, err := os.ReadFile("../testdata/sample.out")
	require.NoError(t, err)
	require.Equal(t, string(want), solveCakes(t, cakes))
}

// cakeKnown holds answers worked out by hand, and impossible pairs: 14 or
// more layers need at least 1^3 + ... + 14^3 = 11025 > 10000, and a small
// volume cannot hold many layers.
var cakeKnown = []struct {
	p    cake.Instance
	want int
}{
	{cake.Instance{Volume: 1, Layers: 1}, 3},  // R=1 H=1: 1 + 2
	{cake.Instance{Volume: 9, Layers: 2}, 14}, // 2,2 under 1,1: 4 + 8 + 2
	{cake.Instance{Volume: 100, Layers: 2}, 68},
	{cake.Instance{Volume: 8, Layers: 2}, 0},  // below the least volume 9
	{cake.Instance{Volume: 10, Layers: 2}, 0}, // 9 + 1 does not split
	{cake.Instance{Volume: 35, Layers: 3}, 0}, // below 36
	{cake.Instance{Volume: 1, Layers: 20}, 0},
	{cake.Instance{Volume: 3024, Layers: 10}, 0},
	{cake.Instance{Volume: 10000, Layers: 14}, 0},
	{cake.Instance{Volume: 10000, Layers: 17}, 0},
	{cake.Instance{Volume: 10000, Layers: 20}, 0},
	{cake.Instance{Volume: 9999, Layers: 14}, 0},
}

func TestCakeKnown(t *testing.T) {
	for _, tc := range cakeKnown {
		a, _, err := dfs.Solve(context.Background(), tc.p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, tc.want, a.Area, "N=%d M=%d: %+v", tc.p.Volume, tc.p.Layers, a)
		require.NoError(t, tc.p.Verify(a))
	}
}

// TestCakeLeastVolume checks that the least cake of every layer count has
// the radii and heights M, ..., 1, while one unit less has none.
func TestCakeLeastVolume(t *testing.T) {
	for m := 1; m <= 13; m++ {
		v, area := 0, m*m
		for i := 1; i <= m; i++ {
			v += i * i * i
			area += 2 * i * i
		}
		a, _, err := dfs.Solve(context.Background(), cake.Instance{Volume: v, Layers: m}, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, area, a.Area, "M=%d N=%d", m, v)
		if v == 1 {
			continue
		}
		a, _, err = dfs.Solve(context.Background(), cake.Instance{Volume: v - 1, Layers: m}, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Zero(t, a.Area, "M=%d N=%d", m, v-1)
	}
}

// bruteCake returns the least area by trying every stack of layers that
// fits the volume, with no other cut; 0 when none has the volume.
func bruteCake(n, m int) int {
	best := 0
	var rec func(k, rem, area, rBelow, hBelow int)
	rec = func(k, rem, area, rBelow, hBelow int) {
		if k == 0 {
			if rem == 0 && (best == 0 || area < best) {
				best = area
			}
			return
		}
		for r := 1; r < rBelow && r*r <= rem; r++ {
			for h := 1; h < hBelow && r*r*h <= rem; h++ {
				a := area + 2*r*h
				if k == m {
					a += r * r
				}
				rec(k-1, rem-r*r*h, a, r, h)
			}
		}
	}
	rec(m, n, 0, n+1, n+1)
	return best
}

// TestCakeBrute compares the search with bruteCake on generated pairs of
// small volume.
func TestCakeBrute(t *testing.T) {
	const maxVolume = 1500 // keeps bruteCake well under a second in all
	rng := rand.New(rand.NewPCG(1, 5))
	checked, zeros := 0, 0
	for checked < 300 {
		p := gen.Random(rng)
		if p.Volume > maxVolume {
			continue
		}
		a, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		require.Equal(t, bruteCake(p.Volume, p.Layers), a.Area, "N=%d M=%d", p.Volume, p.Layers)
		checked++
		if a.Area == 0 {
			zeros++
		}
	}
	t.Logf("%d pairs, %d without a cake", checked, zeros)
	require.Positive(t, zeros)
	require.Less(t, zeros, checked)
}

// cakeSet resolves spec against CakePrunings.
func cakeSet(t testing.TB, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(dfs.Prunings(), spec)
	require.NoError(t, err, spec)
	return on
}

// TestCakePrunings compares the search, random prunings off, with
// bruteCake on generated pairs of small volume, and with all of them off.
func TestCakePrunings(t *testing.T) {
	const maxVolume = 800 // every pruning off is a brute force too
	var all []string
	for _, p := range dfs.Prunings() {
		all = append(all, "-"+p.Name)
	}
	rng := rand.New(rand.NewPCG(19, 1190))
	for checked := 0; checked < 150; {
		p := gen.Random(rng)
		if p.Volume > maxVolume {
			continue
		}
		checked++
		spec := techniquetest.SomeSwitches(rng, dfs.Prunings())
		if checked%10 == 0 {
			spec = strings.Join(all, ",")
		}
		a, _, err := dfs.Solve(context.Background(), p, search.Run{Prunings: cakeSet(t, spec), CountCuts: true})
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		require.Equal(t, bruteCake(p.Volume, p.Layers), a.Area, "N=%d M=%d %s", p.Volume, p.Layers, spec)
	}
}

// TestCakePruningsReal checks that switching each pruning off changes
// the nodes searched on some book case, and never the area.
func TestCakePruningsReal(t *testing.T) {
	var cakes []cake.Instance
	for _, name := range cakeCases {
		ps, _ := loadCake(t, name)
		cakes = append(cakes, ps...)
	}
	for _, pr := range dfs.Prunings() {
		t.Run(pr.Name, func(t *testing.T) {
			differs := false
			for _, p := range cakes {
				want, base, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
				require.NoError(t, err)
				got, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: cakeSet(t, "-"+pr.Name), CountCuts: true})
				require.NoError(t, err)
				require.Equal(t, want.Area, got.Area, "N=%d M=%d", p.Volume, p.Layers)
				require.NoError(t, p.Verify(got))
				differs = differs || st.Nodes != base.Nodes
			}
			require.True(t, differs, "-%s searches the same nodes on every book case", pr.Name)
		})
	}
}

// TestCakeGenerated solves generated pairs of any volume and checks each
// answer.
func TestCakeGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 5))
	for range 200 {
		p := gen.Random(rng)
		a, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.NoError(t, p.Verify(a), "N=%d M=%d: %+v", p.Volume, p.Layers, a)
	}
}

func TestCakeCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, st, err := dfs.Solve(ctx, cake.Instance{Volume: 10000, Layers: 1}, search.Run{CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
	require.Positive(t, st.Nodes)
}

func TestCakeOutsideLimits(t *testing.T) {
	for _, p := range []cake.Instance{
		{Volume: 0, Layers: 1}, {Volume: 1, Layers: 0}, {Volume: -5, Layers: 3},
		{Volume: 10001, Layers: 2}, {Volume: 100, Layers: 21},
	} {
		_, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.Error(t, err, "N=%d M=%d", p.Volume, p.Layers)
	}
}

func BenchmarkCake(b *testing.B) {
	for _, name := range cakeCases {
		cakes, _ := loadCake(b, name)
		b.Run(name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				for _, p := range cakes {
					_, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
					if err != nil {
						b.Fatal(err)
					}
					nodes = st.Nodes
				}
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// TestCakeCuts pins the counts of the judge sample, N=100 and M=2, worked
// out by hand. Layer u counts from the top: the bottom is u=2, with radii
// and heights from 2 (layer-limits) and a reserve of 1 for the top
// (volume-bound), so radii 7..2 (7²·2 <= 99). The first cake, under
// R=4 H=6, has area 68, and no other beats it. A count is the layers a
// pruning kept the search from placing, and large-first's the ranges it
// ordered.
//
//   - nodes 5, the layers placed: R=7 H=2, R=5 H=3, R=4 H=6 with its top
//     R=2 H=1, and R=4 H=5.
//   - large-first 9: the bottom's radii 7..2 and heights 3..2 of R=5 and
//     6..2 of R=4; the top's radii 4..1, 2..1 and 3..1 under R=5 H=3,
//     R=4 H=6 and R=4 H=5; under R=5 H=3 the heights 2..1 of R=3, 2
//     and 1.
//   - room-above 13: the top must use up the volume left: under R=7 H=2
//     its R=1 H=1; under R=5 H=3 its R=4 H=1 and both heights of R=3, 2
//     and 1 (7); at the bottom R=6 H=2 (28 left, room 25), R=5 H=2 (50,
//     16) and R=4 H=4 with the two heights below it (36, 27).
//   - area-bound 9: under R=4 H=6 the top R=1 H=4 (64 + 8 reaches 68);
//     at the bottom R=3 (9 + 200/3 is 76) with its heights 8..11, and
//     R=2 (4 + 100) with 21..24, which room-above would let through;
//     under R=4 H=5 it cuts the top's radii 3..1, but none of them has a
//     height that uses up the 20 left: 0 there.
//   - volume-bound 1: R=5 H=4 would take all 100, leaving nothing for the
//     top; the reserve leaves it out.
//   - layer-limits 0: the bottom's radius 1, and 8 and 9 (whose square
//     fits 99 with height 1), have no height room-above lets through, nor
//     has height 1 under any bottom radius: it leaves out nothing the
//     search would have placed, and the nodes are the same without it.
//   - least-area 0: every node's area plus 2(1²+...+u²) stays below 68.
//
// The counts are the same on a second run.
func TestCakeCuts(t *testing.T) {
	p := cake.Instance{Volume: 100, Layers: 2}
	want := map[string]int64{"layer-limits": 0, "large-first": 9, "volume-bound": 1, "least-area": 0, "area-bound": 9, "room-above": 13}
	for range 2 {
		a, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, 68, a.Area)
		require.EqualValues(t, 5, st.Nodes)
		got := map[string]int64{}
		for i, pr := range dfs.Prunings() {
			got[pr.Name] = st.Cuts[i]
		}
		require.Equal(t, want, got)
	}
	_, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: cakeSet(t, "-layer-limits"), CountCuts: true})
	require.NoError(t, err)
	require.EqualValues(t, 5, st.Nodes, "layer-limits removed nothing")
}

// TestCakePruningsIndexed checks that every pruning says what it counts,
// and that a pruning off counts nothing, on the book cases and pairs
// without a cake, where each counts something with all on.
func TestCakePruningsIndexed(t *testing.T) {
	ps := dfs.Prunings()
	for i, p := range ps {
		require.NotEmpty(t, p.Name, "pruning %d", i)
		require.NotEmpty(t, p.Counts, "%s", p.Name)
	}
	cakes := []cake.Instance{{Volume: 9999, Layers: 13}, {Volume: 35, Layers: 3}}
	for _, name := range cakeCases {
		c, _ := loadCake(t, name)
		cakes = append(cakes, c...)
	}
	counted := make([]bool, len(ps))
	for _, p := range cakes {
		_, def, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Len(t, def.Cuts, len(ps))
		for i, pr := range ps {
			counted[i] = counted[i] || def.Cuts[i] > 0
			_, st, err := dfs.Solve(context.Background(), p, search.Run{Prunings: cakeSet(t, "-"+pr.Name), CountCuts: true})
			require.NoError(t, err)
			require.Zero(t, st.Cuts[i], "N=%d M=%d: %s off still counts", p.Volume, p.Layers, pr.Name)
		}
	}
	for i, pr := range ps {
		require.True(t, counted[i], "%s never counts", pr.Name)
	}
}
