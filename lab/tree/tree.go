package tree

import (
	"encoding/json"
	"slices"
)

// Tree is what a Recorder kept of a search: the nodes kept, each with the
// sums of what lies below it unkept, and the counts of the whole run.
type Tree struct {
	Decisions int64   // every decision of the run, kept or not
	Cuts      []int64 // every cut act of the run, per pruning
	Answered  bool    // an answer was found; the nodes with Answer lead to it
	Focus     []int32 // the focus the tree was recorded with, nil for none
	Nodes     []Node  // the root first; a parent comes before its children
}

// Node is a decision or a cut leaf of a Tree.
type Node struct {
	Parent  int32  // -1 for the root
	Depth   int32  // from the root of the search, 0
	Ord     int32  // a decision's index among its parent's decision children; -1 for a leaf
	Pruning int    // a leaf's pruning, by index; -1 for a decision
	Label   string // what a decision decided, or what a leaf's cuts removed
	Count   int64  // the acts a leaf stands for
	Answer  bool   // on the path to the answer
	Pinned  bool   // on the path to the focus, above it: its other children were not recorded
	Ref     int32  // the kept decision a memo hit points to, or -1
	Hidden  *Hidden
	// Sums over the subtree, the node and its hidden parts included.
	Size      int64 // decisions and cut leaves
	SubDec    int64 // decisions
	HasAnswer bool
}

// Hidden sums what lies below a kept node and was not kept.
type Hidden struct {
	Decisions int64
	Events    int64   // cut leaves
	Depth     int32   // the deepest depth reached, or an upper bound of it
	Cuts      []int64 // acts per pruning
}

// Tree returns what r kept. Call it once the search has returned (after
// Finish).
func (r *Recorder) Tree() *Tree {
	t := &Tree{Decisions: r.totals[0], Cuts: slices.Clone(r.totals[2:]), Answered: r.answered, Focus: slices.Clone(r.focus)}
	w := r.npr + sumCuts
	byNum := map[int64]int32{}
	for i, n := range r.nodes {
		if n.pruning < 0 {
			byNum[n.num] = int32(i)
		}
	}
	t.Nodes = make([]Node, len(r.nodes))
	for i, n := range r.nodes {
		out := Node{Parent: n.parent, Depth: n.depth, Ord: n.ord, Pruning: int(n.pruning), Label: n.label, Count: n.count,
			Answer: n.flags&answerFlag != 0, Pinned: n.flags&pinFlag != 0, Ref: -1}
		if n.pruning >= 0 {
			out.Ord = -1
			if to, ok := byNum[n.ref]; ok && n.ref >= 0 {
				out.Ref = to
			}
		}
		if n.sum >= 0 {
			s := r.sums[int(n.sum)*w : int(n.sum+1)*w]
			if s[sumDecisions] != 0 || s[sumEvents] != 0 {
				out.Hidden = &Hidden{Decisions: s[sumDecisions], Events: s[sumEvents], Depth: int32(s[sumDepth]), Cuts: slices.Clone(s[sumCuts:])}
			}
		}
		t.Nodes[i] = out
	}
	t.sum()
	return t
}

// sum fills in the subtree sums, children before parents.
func (t *Tree) sum() {
	for i := range t.Nodes {
		n := &t.Nodes[i]
		n.Size, n.SubDec, n.HasAnswer = 1, 0, n.Answer
		if n.Pruning < 0 {
			n.SubDec = 1
		}
		if h := n.Hidden; h != nil {
			n.Size += h.Decisions + h.Events
			n.SubDec += h.Decisions
		}
	}
	for i := len(t.Nodes) - 1; i > 0; i-- {
		n, p := &t.Nodes[i], &t.Nodes[t.Nodes[i].Parent]
		p.Size += n.Size
		p.SubDec += n.SubDec
		p.HasAnswer = p.HasAnswer || n.HasAnswer
	}
}

// Complete reports whether t holds every node of its search (or focus).
func (t *Tree) Complete() bool {
	return !slices.ContainsFunc(t.Nodes, func(n Node) bool { return n.Hidden != nil })
}

// CutsBelow returns the cut acts per pruning in the subtree of node i,
// the hidden ones included.
func (t *Tree) CutsBelow(i int) []int64 {
	out := make([]int64, len(t.Cuts))
	in := make([]bool, len(t.Nodes))
	for j := i; j < len(t.Nodes); j++ {
		n := t.Nodes[j]
		if j != i && (n.Parent < int32(i) || !in[n.Parent]) {
			continue
		}
		in[j] = true
		if n.Pruning >= 0 {
			out[n.Pruning] += n.Count
		}
		if n.Hidden != nil {
			for k, c := range n.Hidden.Cuts {
				out[k] += c
			}
		}
	}
	return out
}

// MarshalJSON writes t in columns, one array per field, which the page
// reads without an object per node.
func (t *Tree) MarshalJSON() ([]byte, error) {
	n := len(t.Nodes)
	c := columns{
		Parent: make([]int32, n), Depth: make([]int32, n), Ord: make([]int32, n), Pruning: make([]int, n),
		Label: make([]string, n), Count: make([]int64, n), Flags: make([]int, n), Ref: make([]int32, n),
		Size: make([]int64, n), SubDec: make([]int64, n),
	}
	for i, x := range t.Nodes {
		c.Parent[i], c.Depth[i], c.Ord[i], c.Pruning[i] = x.Parent, x.Depth, x.Ord, x.Pruning
		c.Label[i], c.Count[i], c.Ref[i], c.Size[i], c.SubDec[i] = x.Label, x.Count, x.Ref, x.Size, x.SubDec
		c.Flags[i] = flagsOf(x.Answer, x.Pinned, x.HasAnswer)
		if h := x.Hidden; h != nil {
			c.Hidden = append(c.Hidden, hiddenJSON{Node: int32(i), Decisions: h.Decisions, Events: h.Events, Depth: h.Depth, Cuts: h.Cuts})
		}
	}
	return json.Marshal(struct {
		Decisions int64   `json:"decisions"`
		Cuts      []int64 `json:"cuts"`
		Answered  bool    `json:"answered"`
		Complete  bool    `json:"complete"`
		Focus     []int32 `json:"focus"`
		Nodes     columns `json:"nodes"`
	}{t.Decisions, t.Cuts, t.Answered, t.Complete(), nonNil(t.Focus), c})
}

// flagsOf packs a node's flags for the page: 1 answer, 2 pinned, 4 an
// answer below.
func flagsOf(answer, pinned, below bool) int {
	var f int
	if answer {
		f |= 1
	}
	if pinned {
		f |= 2
	}
	if below {
		f |= 4
	}
	return f
}

type columns struct {
	Parent  []int32      `json:"parent"`
	Depth   []int32      `json:"depth"`
	Ord     []int32      `json:"ord"`
	Pruning []int        `json:"pruning"`
	Label   []string     `json:"label"`
	Count   []int64      `json:"count"`
	Flags   []int        `json:"flags"`
	Ref     []int32      `json:"ref"`
	Size    []int64      `json:"size"`
	SubDec  []int64      `json:"subdec"`
	Hidden  []hiddenJSON `json:"hidden"`
}

type hiddenJSON struct {
	Node      int32   `json:"node"`
	Decisions int64   `json:"decisions"`
	Events    int64   `json:"events"`
	Depth     int32   `json:"depth"`
	Cuts      []int64 `json:"cuts"`
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
