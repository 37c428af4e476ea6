package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cake/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// cakeBook names the judge data of cake: five book cases and the sample.
var cakeBook = []string{"sample", "cake1", "cake2", "cake3", "cake4", "cake5"}

// readCake reads a judge input and its expected answers.
func readCake(tb testing.TB, name string) ([]cake.Instance, []int) {
	tb.Helper()
	ps, out := judgedata.Case(tb, cake.Parse, "cake", name+".in", name+".out")
	want := judgedata.Ints(tb, out)
	require.Len(tb, want, len(ps))
	return ps, want
}

// solveCake solves p by SAT and checks the answer with Verify.
func solveCake(t *testing.T, p cake.Instance) cake.Answer {
	t.Helper()
	a, st, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
	require.NoError(t, err, "N=%d M=%d", p.Volume, p.Layers)
	require.NoError(t, p.Verify(a), "N=%d M=%d: %+v", p.Volume, p.Layers, a)
	t.Logf("N=%d M=%d: Q=%d in %v, %d solves, %d conflicts, %d vars, %d clauses",
		p.Volume, p.Layers, a.Area, st.Time.Round(1e6), st.Solves, st.Conflicts, st.Vars, st.Clauses)
	return a
}

func TestCakeJudgeData(t *testing.T) {
	for _, name := range cakeBook {
		t.Run(name, func(t *testing.T) {
			ps, want := readCake(t, name)
			for i, p := range ps {
				require.Equal(t, want[i], solveCake(t, p).Area)
			}
		})
	}
}

// cakeZero holds pairs without a cake. The first ones the volume bound
// 1³ + ... + M³ > N refutes alone; the others the solver must prove: each
// is the largest volume without a cake for its layer count (found by the
// DFS over N = 1..10000), so every smaller layer count has a cake there.
var cakeZero = []cake.Instance{
	{Volume: 10000, Layers: 14},
	{Volume: 10000, Layers: 20},
	{Volume: 1, Layers: 2},
	{Volume: 100, Layers: 5},
	{Volume: 10, Layers: 2},
	{Volume: 20, Layers: 2},
	{Volume: 79, Layers: 3},
	{Volume: 197, Layers: 4},
	{Volume: 1828, Layers: 8},
	{Volume: 3988, Layers: 10},
	{Volume: 5599, Layers: 11},
	{Volume: 7610, Layers: 12},
	{Volume: 9987, Layers: 13},
}

func TestCakeZero(t *testing.T) {
	for _, p := range cakeZero {
		t.Run(fmt.Sprintf("N=%d,M=%d", p.Volume, p.Layers), func(t *testing.T) {
			a := solveCake(t, p)
			require.Equal(t, 0, a.Area)
			require.Empty(t, a.Layers)
		})
	}
}

// TestCakeGenerated solves generated pairs of small volume with both
// backends and compares the areas.
func TestCakeGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1190))
	for solved := 0; solved < 40; {
		p := gen.Random(rng)
		// Skip what the volume bound 1³ + ... + M³ > N settles alone.
		if t := p.Layers * (p.Layers + 1) / 2; p.Volume > 2000 || t*t > p.Volume {
			continue
		}
		solved++
		t.Run(fmt.Sprintf("N=%d,M=%d", p.Volume, p.Layers), func(t *testing.T) {
			want, _, err := dfs.Solve(context.Background(), p, search.Run{})
			require.NoError(t, err)
			require.Equal(t, want.Area, solveCake(t, p).Area)
		})
	}
}

// cakeTarget returns the pairs of the target of issue 12: the first 40
// of gen.Random from a fixed seed, of any volume, the impossible ones
// included.
func cakeTarget() []cake.Instance {
	rng := rand.New(rand.NewPCG(12, 1190))
	ps := make([]cake.Instance, 40)
	for i := range ps {
		ps[i] = gen.Random(rng)
	}
	return ps
}

// TestCakeTarget solves the 40 pairs of the target with both backends
// and compares the areas (BenchmarkCakeTarget times each).
func TestCakeTarget(t *testing.T) {
	for _, p := range cakeTarget() {
		t.Run(fmt.Sprintf("N=%d,M=%d", p.Volume, p.Layers), func(t *testing.T) {
			want, _, err := dfs.Solve(context.Background(), p, search.Run{})
			require.NoError(t, err)
			require.Equal(t, want.Area, solveCake(t, p).Area)
		})
	}
}

// cakePicks resolves spec against Encodings.
func cakePicks(tb testing.TB, spec string) technique.Picks {
	tb.Helper()
	enc, err := technique.ResolveEncoding(sat.Encodings(), spec)
	require.NoError(tb, err, spec)
	return enc
}

// TestCakeEncodings solves generated pairs of small volume with random
// picks of every choice point and compares the areas with the DFS's.
func TestCakeEncodings(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 1190))
	for solved := 0; solved < 40; {
		p := gen.Random(rng)
		if t := p.Layers * (p.Layers + 1) / 2; p.Volume > 1500 || t*t > p.Volume {
			continue
		}
		solved++
		spec := techniquetest.SomePicks(rng, sat.Encodings())
		want, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err)
		a, _, err := sat.Solve(context.Background(), p, solver.Config{}, cakePicks(t, spec))
		require.NoError(t, err, "N=%d M=%d %s", p.Volume, p.Layers, spec)
		require.NoError(t, p.Verify(a), "N=%d M=%d %s", p.Volume, p.Layers, spec)
		require.Equal(t, want.Area, a.Area, "N=%d M=%d %s", p.Volume, p.Layers, spec)
	}
}

// TestCakeEncodingsReal checks that every option of every choice point
// changes the conflicts on some instance, and never the area: the three
// small book cases and generated pairs of small volume.
func TestCakeEncodingsReal(t *testing.T) {
	var ps []cake.Instance
	for _, name := range []string{"sample", "cake1", "cake3"} {
		cakes, _ := readCake(t, name)
		ps = append(ps, cakes...)
	}
	rng := rand.New(rand.NewPCG(20, 1190))
	for len(ps) < 15 {
		if p := gen.Random(rng); p.Volume <= 3000 {
			ps = append(ps, p)
		}
	}
	var want []int
	for _, p := range ps {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err)
		want = append(want, a.Area)
	}
	for _, c := range sat.Encodings() {
		for _, o := range c.Options[1:] {
			spec := c.Point + "=" + o
			t.Run(spec, func(t *testing.T) {
				differs := false
				// gini, whatever the build's default: the conflicts of one
				// solver tell whether the option changed the formula.
				cfg := solver.Config{Engine: solver.Gini()}
				for i, p := range ps {
					_, st, err := sat.Solve(context.Background(), p, cfg, technique.Picks{})
					require.NoError(t, err)
					got, st2, err := sat.Solve(context.Background(), p, cfg, cakePicks(t, spec))
					require.NoError(t, err)
					require.Equal(t, want[i], got.Area, "N=%d M=%d", p.Volume, p.Layers)
					require.NoError(t, p.Verify(got))
					differs = differs || st.Conflicts != st2.Conflicts
				}
				require.True(t, differs, "%s has the default's conflicts on every book case", spec)
			})
		}
	}
}

func TestCakeOutOfLimits(t *testing.T) {
	for _, p := range []cake.Instance{{Volume: 0, Layers: 1}, {Volume: 10001, Layers: 1}, {Volume: 5, Layers: 0}, {Volume: 5, Layers: 21}} {
		_, _, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
		require.Error(t, err, "%+v", p)
	}
}

func TestCakeCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := sat.Solve(ctx, cake.Instance{Volume: 9397, Layers: 10}, solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, context.Canceled)
}

// TestCakeDeadline stops the search over cubes in the middle: the
// deadline's error comes back, with gini and with our own propagation
// (the portfolio), long before the search would end: the pair takes
// gini 1.3 s, 30 times the deadline (solve cake --backend=sat --stats);
// a minute means the deadline stopped it, however busy the machine.
func TestCakeDeadline(t *testing.T) {
	for _, c := range []solver.Config{{}, {Engine: solver.Portfolio(solver.Gini())}} {
		ctx, cancel := context.WithTimeout(context.Background(), 40*time.Millisecond)
		start := time.Now()
		_, _, err := sat.Solve(ctx, cake.Instance{Volume: 9866, Layers: 11}, c, technique.Picks{})
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Less(t, time.Since(start), time.Minute)
	}
}

// BenchmarkCakeTarget solves each pair of the target of issue 12, which
// asks for under 1 s each with gini.
func BenchmarkCakeTarget(b *testing.B) {
	for _, p := range cakeTarget() {
		b.Run(fmt.Sprintf("N=%d,M=%d", p.Volume, p.Layers), func(b *testing.B) {
			var st solver.Stats
			for b.Loop() {
				var err error
				if _, st, err = sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Solves), "solves")
			b.ReportMetric(float64(st.Conflicts), "conflicts")
		})
	}
}

// BenchmarkCakeSAT solves every book case.
func BenchmarkCakeSAT(b *testing.B) {
	for _, name := range cakeBook {
		ps, want := readCake(b, name)
		b.Run(name, func(b *testing.B) {
			var st solver.Stats
			for b.Loop() {
				for i, p := range ps {
					a, s, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
					if err != nil || a.Area != want[i] {
						b.Fatalf("N=%d M=%d: Q=%d, %v; want %d", p.Volume, p.Layers, a.Area, err, want[i])
					}
					st = s
				}
			}
			b.ReportMetric(float64(st.Solves), "solves")
			b.ReportMetric(float64(st.Conflicts), "conflicts")
		})
	}
}
