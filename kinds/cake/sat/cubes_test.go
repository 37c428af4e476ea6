package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// cakeVariant is one way of finding the optimal cake by SAT, kept to be
// measured against Cake's (README).
type cakeVariant struct {
	name string
	run  func(ctx context.Context, p cake.Instance) (cake.Answer, solver.Stats, int, error) // the int counts cubes checked
}

// cakeVariants lists Cake's way with gini ("gini4": cubes of four layers
// in gini's test scopes) and the others measured: the cube depth, cubes
// checked by our own propagation ("unit", Cake's way with other
// engines), the domains from N and M alone, a scaler per radius, one
// solver tightened by assumptions, and a fresh formula per bound, which
// is also what the code did before the cubes, from the two-layer first
// cake and with loose domains ("before").
var cakeVariants = []cakeVariant{
	{"before", func(ctx context.Context, p cake.Instance) (cake.Answer, solver.Stats, int, error) {
		return viaBounds(ctx, p, 2, Encoding{LooseDomains: true})
	}},
	{"bounds", func(ctx context.Context, p cake.Instance) (cake.Answer, solver.Stats, int, error) {
		return viaBounds(ctx, p, firstFree, Encoding{})
	}},
	{"unit1", viaCubes(cubeOptions{depth: 1, unit: true})},
	{"unit2", viaCubes(cubeOptions{depth: 2, unit: true})},
	{"unit3", viaCubes(cubeOptions{depth: 3, unit: true})},
	{"gini2", viaCubes(cubeOptions{depth: 2})},
	{"gini3", viaCubes(cubeOptions{depth: 3})},
	{"gini4", viaCubes(cubeOptions{depth: 4})},
	{"gini6", viaCubes(cubeOptions{depth: 6})},
	{"gini4-loose", viaCubes(cubeOptions{depth: 4, enc: Encoding{LooseDomains: true}})},
	{"gini4-scaler", viaCubes(cubeOptions{depth: 4, enc: Encoding{Scaler: true}})},
	{"tighten", func(ctx context.Context, p cake.Instance) (cake.Answer, solver.Stats, int, error) {
		first, total, err := startCake(ctx, p, solver.Config{}, cakeOptionsOf(technique.Picks{}))
		if err != nil || first.Area == 0 {
			return first, total, 0, err
		}
		a, st, err := tightenCake(ctx, p, solver.Config{}, first, Encoding{})
		total.Add(st)
		return a, total, 0, err
	}},
}

// viaBounds runs boundsCake from the best cake of up to free fitted
// bottom layers.
func viaBounds(ctx context.Context, p cake.Instance, free int, enc Encoding) (cake.Answer, solver.Stats, int, error) {
	var first cake.Answer
	for n := 1; n <= min(free, p.Layers); n++ {
		if a, ok := fitBottom(p, n); ok && (first.Area == 0 || a.Area < first.Area) {
			first = a
		}
	}
	var total solver.Stats
	if first.Area == 0 {
		var err error
		if first, total, err = anyCake(ctx, p, solver.Config{}, enc); err != nil || first.Area == 0 {
			return first, total, 0, err
		}
	}
	a, st, err := boundsCake(ctx, p, solver.Config{}, first, enc)
	total.Add(st)
	return a, total, 0, err
}

// viaCubes runs searchCubes from Cake's start.
func viaCubes(o cubeOptions) func(ctx context.Context, p cake.Instance) (cake.Answer, solver.Stats, int, error) {
	return func(ctx context.Context, p cake.Instance) (cake.Answer, solver.Stats, int, error) {
		first, total, err := startCake(ctx, p, solver.Config{}, cakeOptionsOf(technique.Picks{}))
		if err != nil || first.Area == 0 {
			return first, total, 0, err
		}
		cc, err := searchCubes(ctx, p, solver.Config{}, first, o)
		total.Add(cc.s.Stats())
		return cc.best, total, cc.nodes, err
	}
}

// TestCakeVariants checks every variant against the DFS on generated
// pairs of small volume, where the first cake is often far from the
// optimum or missing.
func TestCakeVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1190))
	var ps []cake.Instance
	for len(ps) < 25 {
		p := gen.Random(rng)
		if t := p.Layers * (p.Layers + 1) / 2; p.Volume <= 1500 && t*t <= p.Volume {
			ps = append(ps, p)
		}
	}
	for _, v := range cakeVariants {
		for _, p := range ps {
			t.Run(fmt.Sprintf("%s/N=%d,M=%d", v.name, p.Volume, p.Layers), func(t *testing.T) {
				want, _, err := dfs.Solve(context.Background(), p, search.Run{})
				require.NoError(t, err)
				got, _, _, err := v.run(context.Background(), p)
				require.NoError(t, err)
				require.Equal(t, want.Area, got.Area)
				require.NoError(t, p.Verify(got))
			})
		}
	}
}

// hardCakes are the slowest pairs for SAT found on the book cases, the
// target of issue 12 and 80 more generated pairs (README).
var hardCakes = []cake.Instance{
	{Volume: 9397, Layers: 10}, {Volume: 9876, Layers: 6}, {Volume: 8976, Layers: 9},
	{Volume: 8055, Layers: 11}, {Volume: 7826, Layers: 6}, {Volume: 9866, Layers: 11},
	{Volume: 9687, Layers: 10}, {Volume: 9160, Layers: 10},
}

// BenchmarkCakeVariants runs every variant on the hard pairs, with the
// deterministic counts: solves, gini's conflicts and propagations, and
// the cubes checked by propagation.
func BenchmarkCakeVariants(b *testing.B) {
	for _, v := range cakeVariants {
		for _, p := range hardCakes {
			b.Run(fmt.Sprintf("%s/N=%d,M=%d", v.name, p.Volume, p.Layers), func(b *testing.B) {
				var st solver.Stats
				var cubes int
				for b.Loop() {
					var err error
					if _, st, cubes, err = v.run(context.Background(), p); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(st.Solves), "solves")
				b.ReportMetric(float64(st.Conflicts), "conflicts")
				b.ReportMetric(float64(st.Propagations), "props")
				b.ReportMetric(float64(cubes), "cubes")
				b.ReportMetric(float64(st.Clauses), "clauses")
			})
		}
	}
}
