package tree_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/lab/tree"
	"github.com/puzzlesat/puzzlesat/trace"
)

const npr = 3

// search is a random search, the same for the same seed: each decision
// has up to fan children and cuts of random prunings; with optimise it
// finds an answer at several leaves and goes on, else it stops at the
// first, or when ctx is done. sink, when not nil, receives its tree. It
// returns the probe's counts and the decisions entered.
func search(ctx context.Context, sink trace.Sink, seed uint64, fan, depth int, optimise bool) ([]int64, int64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var p trace.Probe[trace.Counted]
	p.Start(sink)
	var entered int64
	var walk func(d int) bool
	walk = func(d int) bool {
		if ctx.Err() != nil {
			return true
		}
		for range rng.IntN(3) {
			k := rng.IntN(npr)
			p.CutN(k, 1+rng.IntN(3))
			if rng.IntN(2) == 0 {
				p.Why(k, fmt.Sprintf("why %d", k))
			}
		}
		if d == depth || rng.IntN(8) == 0 {
			if rng.IntN(40) == 0 {
				p.Found()
				return !optimise
			}
			return false
		}
		for c := range 1 + rng.IntN(fan) {
			p.Enter(fmt.Sprintf("d%d=%d", d, c))
			entered++
			done := walk(d + 1)
			p.Leave()
			if done {
				return true
			}
		}
		return false
	}
	walk(0)
	return p.Counts(npr), entered
}

func record(seed uint64, budget int, focus []int32, optimise bool) *tree.Tree {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := tree.New(budget, npr, "root", focus)
	r.Done = cancel
	search(ctx, r, seed, 4, 9, optimise)
	r.Finish()
	return r.Tree()
}

// path returns the ords from the root to node i.
func path(t *tree.Tree, i int) []int32 {
	var p []int32
	for ; t.Nodes[i].Parent >= 0; i = int(t.Nodes[i].Parent) {
		p = append(p, t.Nodes[i].Ord)
	}
	slices.Reverse(p)
	return p
}

// find returns the decision at ords p, or -1.
func find(t *tree.Tree, p []int32) int {
	at := 0
	for _, o := range p {
		next := -1
		for j := at + 1; j < len(t.Nodes); j++ {
			if int(t.Nodes[j].Parent) == at && t.Nodes[j].Ord == o && t.Nodes[j].Pruning < 0 {
				next = j
				break
			}
		}
		if next < 0 {
			return -1
		}
		at = next
	}
	return at
}

func TestRecorderCountsExactlyWithinItsBudget(t *testing.T) {
	for seed := range uint64(12) {
		optimise := seed%2 == 1
		full := record(seed, 1<<30, nil, optimise)
		require.True(t, full.Complete())
		counts, entered := search(context.Background(), nil, seed, 4, 9, optimise)
		require.Equal(t, counts, full.Cuts)
		require.Equal(t, entered, full.Decisions)
		require.Equal(t, entered+1, full.Nodes[0].SubDec, "the root counts itself")
		for _, budget := range []int{16, 100, 1000} {
			t.Run(fmt.Sprint(seed, budget), func(t *testing.T) {
				small := record(seed, budget, nil, optimise)
				require.Equal(t, full.Decisions, small.Decisions)
				require.Equal(t, full.Cuts, small.Cuts)
				require.LessOrEqual(t, len(small.Nodes), budget+12, "the budget, and an answer path at most")
				require.Equal(t, full.Nodes[0].Size, small.Nodes[0].Size)
				require.Equal(t, full.Cuts, small.CutsBelow(0))
				// Every kept decision sums its subtree as the full tree does.
				for i, n := range small.Nodes {
					if n.Pruning >= 0 {
						continue
					}
					j := find(full, path(small, i))
					require.GreaterOrEqual(t, j, 0)
					require.Equal(t, full.Nodes[j].Label, n.Label)
					require.Equal(t, full.Nodes[j].SubDec, n.SubDec, "node %d", i)
					require.Equal(t, full.Nodes[j].Size, n.Size, "node %d", i)
					require.Equal(t, full.CutsBelow(j), small.CutsBelow(i), "node %d", i)
					require.Equal(t, full.Nodes[j].Answer, n.Answer, "node %d", i)
				}
				// The answer path is kept whole.
				require.Equal(t, answerPath(full), answerPath(small))
			})
		}
	}
}

// answerPath returns the labels of the answer's path.
func answerPath(t *tree.Tree) []string {
	var out []string
	for _, n := range t.Nodes {
		if n.Answer {
			out = append(out, n.Label)
		}
	}
	return out
}

func TestRecorderFocusFetchesOneSubtree(t *testing.T) {
	for seed := range uint64(6) {
		full := record(seed, 1<<30, nil, false)
		for i, n := range full.Nodes {
			if n.Pruning >= 0 || i == 0 || i%7 != 0 {
				continue
			}
			focus := path(full, i)
			part := record(seed, 1<<30, focus, false)
			require.Equal(t, focus, part.Focus)
			j := find(part, focus)
			require.GreaterOrEqual(t, j, 0)
			require.Equal(t, full.Nodes[i].SubDec, part.Nodes[j].SubDec)
			require.Equal(t, full.CutsBelow(i), part.CutsBelow(j))
			for k := 0; k < j; k++ {
				require.True(t, part.Nodes[k].Pinned)
			}
			// Within a small budget, the focus's sums stay exact.
			small := record(seed, 16, focus, false)
			js := find(small, focus)
			require.Equal(t, full.Nodes[i].SubDec, small.Nodes[js].SubDec)
			require.Equal(t, full.CutsBelow(i), small.CutsBelow(js))
		}
	}
}

// TestRecorderStaysBounded records a search of millions of decisions in
// a budget of a thousand nodes: what it keeps does not grow with the
// search.
func TestRecorderStaysBounded(t *testing.T) {
	r := tree.New(1000, npr, "root", nil)
	var p trace.Probe[trace.Counted]
	p.Start(r)
	const width, depth = 4, 10 // 4^10 = 1,048,576 leaves
	var walk func(d int)
	walk = func(d int) {
		if d == depth {
			p.Cut(d % npr)
			return
		}
		for range width {
			p.Enter("x")
			walk(d + 1)
			p.Leave()
		}
	}
	walk(0)
	r.Finish()
	tr := r.Tree()
	require.LessOrEqual(t, len(tr.Nodes), 1000)
	require.Equal(t, int64((1<<22-4)/3), tr.Decisions, "4 + 16 + ... + 4^10")
	require.Equal(t, int64(1<<20), tr.Nodes[0].Size-tr.Decisions-1, "a cut under every deepest decision")
}

// TestRecorderPointsMemoHitsToTheirDecision: a memo hit points to the
// decision under which its state was refuted, numbered by the probe, in
// a second probe of the same search too.
func TestRecorderPointsMemoHitsToTheirDecision(t *testing.T) {
	r := tree.New(100, 1, "root", nil)
	var first trace.Probe[trace.Counted]
	first.Start(r)
	first.Enter("warm-up")
	first.Leave()
	var p trace.Probe[trace.Counted]
	p.Start(r)
	p.Enter("a")
	refuted := p.Current()
	p.Leave()
	p.Enter("b")
	p.Cut(0)
	p.WhyRef(0, "state seen before", refuted)
	p.Leave()
	r.Finish()
	tr := r.Tree()
	var a, leaf int
	for i, n := range tr.Nodes {
		switch {
		case n.Label == "a":
			a = i
		case n.Pruning == 0:
			leaf = i
		}
	}
	require.Equal(t, int32(a), tr.Nodes[leaf].Ref)
	require.Equal(t, "state seen before", tr.Nodes[leaf].Label)
}
