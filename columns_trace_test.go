package puzzlesat_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/trace"
)

// TestColumnsTrace traces the column searches of alphametic and
// cryptarithm, at the defaults and with their checks off, on instances
// whose whole tree fits: the cuts drawn are the run's, which are those of
// an untraced solve; a cryptarithm's decisions are its nodes but the
// root, an alphametic's at least that many (a digit whose propagation
// fails is a decision with no node); the SVG is well-formed and the same
// on a second run.
func TestColumnsTrace(t *testing.T) {
	alpha := []puzzle.Alphametic{
		{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}},
		{N: 3, Words: [3]string{"ABC", "ACB", "CCA"}},
		{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}}, // no answer
	}
	for _, spec := range []string{"", "-column-narrow,-hidden-singles", "-column-check,-all-different", "-largest-first,-column-order"} {
		for _, p := range alpha {
			tree, st := checkTrace(t, puzzlesat.Alphametic(), p, spec)
			require.GreaterOrEqual(t, decisions(tree), st.Nodes-1, "%s %+v", spec, p)
		}
	}
	crypt := []puzzle.Cryptarithm{
		{Base: 10, Addends: []string{"SEND", "MORE"}, Sum: "MONEY"},
		{Base: 3, Addends: []string{"A", "A"}, Sum: "B"},
		{Base: 10, Addends: []string{"AX", "BX"}, Sum: "YY"},
	}
	for _, spec := range []string{"", "-narrow-each", "-narrow-each,-column-digit", "-column-order,-leading-zero"} {
		for _, p := range crypt {
			tree, st := checkTrace(t, puzzlesat.Cryptarithm(), p, spec)
			require.Equal(t, st.Nodes-1, decisions(tree), "%s %s", spec, p.String())
		}
	}
}

// checkTrace traces p with the prunings of spec and checks the tree
// against the run and an untraced solve; it returns the tree and the
// run's stats.
func checkTrace[P puzzlesat.Instance[A], A any](t *testing.T, k *puzzlesat.Kind[P, A], p P, spec string) (*trace.Tree, puzzlesat.Stats) {
	t.Helper()
	ctx := context.Background()
	o := puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: spec}
	tree, _, st, err := k.Trace(ctx, p, o, 1<<20)
	if err != nil {
		require.ErrorIs(t, err, puzzle.ErrNoSolution, "%s %v", spec, p)
	}
	require.True(t, tree.Complete(), "%s %v", spec, p)
	require.Equal(t, err == nil, tree.Answered, "%s %v", spec, p)
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
	return tree, st
}

// decisions returns the decisions drawn in tree: its nodes but the root
// and the cuts' leaves.
func decisions(tree *trace.Tree) int64 {
	n := int64(0)
	for _, node := range tree.Nodes[1:] {
		if !node.Leaf() {
			n++
		}
	}
	return n
}
