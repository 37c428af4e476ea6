package puzzlesat_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// testInstances returns the instances of k's sample and random ones,
// reproducibly: each generator parameter drawn between its least value
// and its default (up to 8 where the default 0 lets the generator draw
// it), so that the searches stay small enough to be traced whole.
func testInstances(t *testing.T, k puzzlesat.Kind, random int) []kind.Instance {
	t.Helper()
	path := judgedata.Path(t, k.Name(), "sample.in")
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var ps []kind.Instance
	require.NoError(t, k.Scan(path, f, kind.ScanOptions{}, func(p kind.Instance) error {
		ps = append(ps, p)
		return nil
	}))
	rng := rand.New(rand.NewPCG(37, uint64(len(k.Name()))))
	for range random {
		v := kind.GenValues{}
		gen, _ := k.Kind.(kind.Generator)
		if gen == nil {
			break
		}
		for _, g := range gen.GenParams() {
			lo, hi := g.Min, g.Default
			if hi == 0 {
				lo, hi = max(lo, 1), min(g.Max, 8)
			}
			if hi > lo {
				v[g.Name] = lo + rng.IntN(hi-lo+1)
			}
		}
		p, err := k.Generate(rng, v)
		require.NoError(t, err, "%s %v", k.Name(), v)
		ps = append(ps, p)
	}
	return ps
}

// TestTraceNodesAreStatsNodes: for every kind, on its sample and on
// random instances, the nodes of a search are its decisions, the same
// number in the tree trace draws and in Stats, traced or not; and every
// cut leaf says what it removed.
func TestTraceNodesAreStatsNodes(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		t.Run(k.Name(), func(t *testing.T) {
			ctx := context.Background()
			for _, p := range testInstances(t, k, 40) {
				if s, ok := p.(sudoku.Instance); ok && s.Box == 3 {
					continue // the 9x9 searches, nine*.go, count their nodes apart (issue 41)
				}
				o := puzzlesat.Options{Backend: puzzlesat.DFS, CountCuts: true}
				tree, _, st, err := k.Trace(ctx, p, o, 1<<20)
				if err != nil && !errors.Is(err, puzzlesat.ErrNoSolution) {
					require.NoError(t, err, "%s", p)
				}
				require.True(t, tree.Complete(), "%s: %d parts past the limit", p, tree.More)
				decisions, _, _ := tree.Parts()
				require.EqualValues(t, tree.Decisions, decisions, "%s", p)
				for _, n := range tree.Nodes {
					require.False(t, n.Leaf() && n.Label == "", "%s: a leaf of %s says nothing", p, n.Pruning)
				}
				require.Equal(t, st.Nodes, tree.Decisions, "%s: nodes and decisions drawn", p)
				_, plain, _ := k.Solve(ctx, p, o)
				require.Equal(t, plain.Nodes, st.Nodes, "%s: traced or not", p)
				require.Equal(t, plain.Cuts, st.Cuts, "%s: traced or not", p)
			}
		})
	}
}

// TestZeroCountsRemoveNothing: a pruning's count is the branches it
// removed, so where it counted none, switching it off (with the prunings
// that need it, if they counted none either) leaves the search as it
// was: the same nodes. Order rules remove nothing and count the choices
// they made, so they are left aside. Every kind, on its sample and
// random instances.
func TestZeroCountsRemoveNothing(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		t.Run(k.Name(), func(t *testing.T) {
			ctx := context.Background()
			for _, p := range testInstances(t, k, 40) {
				o := puzzlesat.Options{Backend: puzzlesat.DFS, Timeout: kindtest.SwitchTimeout, CountCuts: true}
				_, st, err := k.Solve(ctx, p, o)
				if err != nil && !errors.Is(err, puzzlesat.ErrNoSolution) {
					require.NoError(t, err, "%s", p)
				}
				counts := map[string]int64{}
				for _, c := range st.Cuts {
					counts[c.Pruning] = c.Count
				}
				for _, pr := range k.Searches()[0].Prunings {
					if pr.Optional || pr.Category == "order" || counts[pr.Name] != 0 {
						continue
					}
					off, _, err := k.ParsePrunings("-" + pr.Name)
					require.NoError(t, err)
					if !allZero(off, counts) {
						continue // a pruning that needs it removed something
					}
					o.Prunings = off
					_, without, err := k.Solve(ctx, p, o)
					if err != nil && !errors.Is(err, puzzlesat.ErrNoSolution) {
						require.NoError(t, err, "%s with %s", p, off)
					}
					require.Equal(t, st.Nodes, without.Nodes, "%s: %s counted 0, yet %s changes the nodes", p, pr.Name, off)
				}
			}
		})
	}
}

// allZero reports whether every pruning that spec switches off counted
// nothing.
// TestCountFreeSearchesTheSame: every search of every kind, the own and
// the chapter's, run as its instance that counts nothing (the default)
// answers, counts and decides exactly as the one that counts: the same
// answers, the same nodes, on its sample and random instances; only its
// Stats.Cuts is nil.
func TestCountFreeSearchesTheSame(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		t.Run(k.Name(), func(t *testing.T) {
			ctx := context.Background()
			presets := []string{""}
			if len(k.Searches()) > 1 {
				presets = append(presets, k.Searches()[1].Name)
			}
			_, counter := k.Kind.(kind.Counter)
			for _, p := range testInstances(t, k, 40) {
				for _, spec := range presets {
					free := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec, Timeout: kindtest.SwitchTimeout}
					counted := free
					counted.CountCuts = true
					a, st, err := k.Solve(ctx, p, free)
					b, want, errWant := k.Solve(ctx, p, counted)
					require.Equal(t, errWant, err, "%s %q", p, spec)
					require.Equal(t, b.Text, a.Text, "%s %q", p, spec)
					require.Equal(t, want.Nodes, st.Nodes, "%s %q", p, spec)
					require.Nil(t, st.Cuts, "%s %q", p, spec)
					require.NotEmpty(t, want.Cuts, "%s %q", p, spec)
					if !counter || spec != "" {
						continue
					}
					n, st, err := k.Count(ctx, p, 0, free)
					m, want, errWant := k.Count(ctx, p, 0, counted)
					require.Equal(t, errWant, err, "%s", p)
					require.Equal(t, m, n, "%s", p)
					require.Equal(t, want.Nodes, st.Nodes, "%s", p)
					require.Nil(t, st.Cuts, "%s", p)
				}
			}
		})
	}
}

func allZero(spec string, counts map[string]int64) bool {
	for _, item := range strings.Split(spec, ",") {
		if counts[strings.TrimPrefix(item, "-")] != 0 {
			return false
		}
	}
	return true
}
