package tree_test

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/lab/tree"
	"github.com/puzzlesat/puzzlesat/trace"
)

// pathSearch is a search whose shape hangs on each node's path alone, so
// that a pruning removes subtrees and leaves the rest as it was: with
// prune on, every third child of a decision is cut (pruning 0) instead
// of searched.
func pathSearch(r *tree.Recorder, prune bool) {
	var p trace.Probe[trace.Counted]
	p.Start(r)
	var walk func(path string, d int)
	walk = func(path string, d int) {
		h := fnv.New32a()
		h.Write([]byte(path))
		x := h.Sum32()
		if d == 5 || x%5 == 0 {
			p.Cut(1)
			return
		}
		for c := range 1 + int(x%4) {
			if prune && c == 2 {
				p.Cut(0)
				p.Why(0, "third")
				continue
			}
			p.Enter(fmt.Sprint(c % 2)) // labels repeat among siblings
			walk(fmt.Sprintf("%s/%d", path, c), d+1)
			p.Leave()
		}
	}
	walk("", 0)
	r.Finish()
}

func TestMergeMarksWhatOneRunHasAlone(t *testing.T) {
	ra, rb := tree.New(1<<20, 2, "root", nil), tree.New(1<<20, 2, "root", nil)
	pathSearch(ra, true)
	pathSearch(rb, false)
	a, b := ra.Tree(), rb.Tree()
	m := tree.Merge(a, b)
	var onlyA, onlyB, both int
	for _, n := range m.Nodes {
		switch n.Side {
		case tree.BothRuns:
			both++
			require.Equal(t, a.Nodes[n.A].Label, b.Nodes[n.B].Label)
		case tree.OnlyA:
			onlyA++
			require.Equal(t, 0, a.Nodes[n.A].Pruning, "only the cuts of the pruning are A's alone")
		case tree.OnlyB:
			onlyB++
			if parent := m.Nodes[n.Parent]; parent.Side == tree.BothRuns {
				require.Equal(t, int32(2), b.Nodes[n.B].Ord, "B alone searches the third children")
			}
		default:
			t.Fatalf("side %d in trees kept whole", n.Side)
		}
	}
	require.Equal(t, len(a.Nodes), both+onlyA)
	require.Equal(t, len(b.Nodes), both+onlyB)
	require.Positive(t, onlyA)
	require.Positive(t, onlyB)

	// Kept in part, B's missing nodes are unsure where B hid some.
	rs := tree.New(16, 2, "root", nil)
	pathSearch(rs, false)
	for _, n := range tree.Merge(a, rs.Tree()).Nodes {
		if n.Side&tree.OnlyA != 0 && a.Nodes[n.A].Pruning < 0 {
			require.NotZero(t, n.Side&tree.Unsure)
		}
	}
}
