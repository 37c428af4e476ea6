package puzzlesat_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/trace"
)

// TestTraceCountsAsTheRun traces the first instance of each kind's
// sample: the cuts drawn equal the run's cut counters, which equal what
// Solve's Stats say; two traces are byte for byte the same; the SVG is
// well-formed.
func TestTraceCountsAsTheRun(t *testing.T) {
	for _, k := range puzzlesat.Kinds() {
		t.Run(k.Name(), func(t *testing.T) {
			p := firstInstance(t, k, judgedata.Path(t, k.Name(), "sample.in"))
			ctx := context.Background()
			tree, _, st, err := k.Trace(ctx, p, puzzlesat.Options{}, 100_000)
			require.NoError(t, err)
			require.True(t, tree.Complete(), "%d nodes past the limit", tree.More)
			run := map[string]int64{}
			for _, c := range st.Cuts {
				run[c.Pruning] = c.Count
			}
			for _, pc := range tree.Prunings {
				require.Equal(t, run[pc.Name], pc.Run, "%s: the tree's count of the run", pc.Name)
				require.Equal(t, pc.Run, pc.Drawn, "%s: drawn", pc.Name)
			}
			_, solved, err := k.Solve(ctx, p, puzzlesat.Options{})
			require.NoError(t, err)
			require.Equal(t, st.Cuts, solved.Cuts, "traced or not, the same counts")
			require.Equal(t, st.Nodes, solved.Nodes)

			var a, b, svg bytes.Buffer
			require.NoError(t, tree.WriteJSON(&a))
			again, _, _, err := k.Trace(ctx, p, puzzlesat.Options{}, 100_000)
			require.NoError(t, err)
			require.NoError(t, again.WriteJSON(&b))
			require.Equal(t, a.String(), b.String(), "deterministic")
			require.NoError(t, tree.WriteSVG(&svg))
			for d := xml.NewDecoder(&svg); ; {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, "SVG")
			}
		})
	}
}

// firstInstance returns the first instance of the file.
func firstInstance(t *testing.T, k puzzlesat.Puzzle, path string) puzzlesat.Problem {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var first puzzlesat.Problem
	err = k.Scan(path, f, puzzlesat.ParseOptions{}, func(p puzzlesat.Problem) error {
		if first == nil {
			first = p
		}
		return nil
	})
	require.NoError(t, err)
	return first
}

// checkTrace traces p with the prunings of spec and checks the tree
// against the run and an untraced solve: the whole tree is drawn, the
// cuts drawn are the run's, which are those of the untraced solve, an
// answer verifies, and the SVG is well-formed and the same on a second
// run. It returns the tree, the answer, the run's stats and its error,
// which is nil or ErrNoSolution.
func checkTrace[P puzzlesat.Instance[A], A any](t *testing.T, k *puzzlesat.Kind[P, A], p P, spec string) (*trace.Tree, A, puzzlesat.Stats, error) {
	t.Helper()
	ctx := context.Background()
	o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec}
	tree, a, st, err := k.Trace(ctx, p, o, 1<<20)
	if err != nil {
		require.ErrorIs(t, err, puzzle.ErrNoSolution, "%s %v", spec, p)
	} else {
		require.NoError(t, p.Verify(a))
	}
	require.True(t, tree.Complete(), "%s %v", spec, p)
	run := map[string]int64{}
	for _, c := range st.Cuts {
		run[c.Pruning] = c.Count
	}
	for _, pc := range tree.Prunings {
		require.Equal(t, pc.Run, pc.Drawn, "%s %v: %s", spec, p, pc.Name)
		require.Equal(t, run[pc.Name], pc.Run, "%s %v: %s", spec, p, pc.Name)
	}
	_, plain, _ := k.Solve(ctx, p, o)
	require.Equal(t, plain.Nodes, st.Nodes)
	require.Equal(t, plain.Cuts, st.Cuts)

	var svg, again bytes.Buffer
	require.NoError(t, tree.WriteSVG(&svg))
	tree2, _, _, _ := k.Trace(ctx, p, o, 1<<20)
	require.NoError(t, tree2.WriteSVG(&again))
	require.Equal(t, svg.String(), again.String(), "deterministic")
	for d := xml.NewDecoder(&svg); ; {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	return tree, a, st, err
}

// decisions returns the decisions drawn in tree: its parts but the
// root, the levels and the cuts' leaves.
func decisions(tree *trace.Tree) int64 {
	d, _, _ := tree.Parts()
	return int64(d)
}
