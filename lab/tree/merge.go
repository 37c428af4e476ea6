package tree

import "encoding/json"

// Side says which of two merged runs has a node.
type Side int

// The sides. Unsure is added to OnlyA or OnlyB when the other run may hold
// the node among what it did not keep there.
const (
	BothRuns Side = 0
	OnlyA    Side = 1
	OnlyB    Side = 2
	Unsure   Side = 4
)

// Merged is two runs' trees of the same instance drawn as one: nodes
// that both runs reached once, and those only one of them did. Two
// decisions are the same node when their parents are and they decide
// the same thing (their labels, the k-th of equal labels pairing with
// the k-th); two cut leaves when their parents are and they have the
// same pruning and label.
type Merged struct {
	A, B  *Tree
	Nodes []MergedNode
}

// MergedNode is one node of a Merged tree.
type MergedNode struct {
	Parent int32 // -1 for the root
	Side   Side
	A, B   int32 // the node's index in A and in B, -1 where it has none
}

// Merge returns a and b merged.
func Merge(a, b *Tree) *Merged {
	m := &Merged{A: a, B: b}
	if len(a.Nodes) == 0 || len(b.Nodes) == 0 {
		return m
	}
	ca, cb := a.children(), b.children()
	m.Nodes = append(m.Nodes, MergedNode{Parent: -1, A: 0, B: 0})
	for i := 0; i < len(m.Nodes); i++ { // breadth first: parents come first
		n := m.Nodes[i]
		var kidsA, kidsB []int32
		if n.A >= 0 {
			kidsA = ca[n.A]
		}
		if n.B >= 0 {
			kidsB = cb[n.B]
		}
		m.pair(int32(i), n, kidsA, kidsB)
	}
	return m
}

// key names a child among its siblings: what it is, and how many before
// it were the same.
type key struct {
	leaf    bool
	pruning int
	label   string
	k       int
}

// pair adds the children of merged node at: those of both runs paired by
// key, in A's order, then those of B alone.
func (m *Merged) pair(at int32, n MergedNode, kidsA, kidsB []int32) {
	keysB := map[key]int32{}
	seen := map[key]int{}
	for _, c := range kidsB {
		keysB[m.key(m.B, c, seen)] = c
	}
	used := map[int32]bool{}
	seen = map[key]int{}
	inherit := n.Side & Unsure // below a node one run may hide, its children may be hidden too
	for _, c := range kidsA {
		k := m.key(m.A, c, seen)
		if d, ok := keysB[k]; ok {
			used[d] = true
			m.Nodes = append(m.Nodes, MergedNode{Parent: at, Side: BothRuns, A: c, B: d})
			continue
		}
		m.Nodes = append(m.Nodes, MergedNode{Parent: at, Side: OnlyA | inherit | unsure(m.B, n.B, k.leaf), A: c, B: -1})
	}
	for _, d := range kidsB {
		if !used[d] {
			m.Nodes = append(m.Nodes, MergedNode{Parent: at, Side: OnlyB | inherit | unsure(m.A, n.A, m.B.Nodes[d].Pruning >= 0), A: -1, B: d})
		}
	}
}

// key returns the key of node c of t, counting equal keys in seen.
func (m *Merged) key(t *Tree, c int32, seen map[key]int) key {
	n := t.Nodes[c]
	k := key{leaf: n.Pruning >= 0, pruning: n.Pruning, label: n.Label}
	k.k = seen[k]
	seen[key{leaf: k.leaf, pruning: k.pruning, label: k.label}]++
	return k
}

// unsure returns Unsure when node i of t (the other run's parent) may
// hold a child that it did not keep: a decision, or a leaf.
func unsure(t *Tree, i int32, leaf bool) Side {
	if i < 0 {
		return 0
	}
	n := t.Nodes[i]
	h := n.Hidden
	if n.Pinned || (h != nil && ((!leaf && h.Decisions > 0) || (leaf && h.Events > 0))) {
		return Unsure
	}
	return 0
}

// children returns the children of every node of t, in order.
func (t *Tree) children() [][]int32 {
	out := make([][]int32, len(t.Nodes))
	for i, n := range t.Nodes {
		if n.Parent >= 0 {
			out[n.Parent] = append(out[n.Parent], int32(i))
		}
	}
	return out
}

// MarshalJSON writes m in columns, with its two trees.
func (m *Merged) MarshalJSON() ([]byte, error) {
	n := len(m.Nodes)
	c := struct {
		Parent []int32 `json:"parent"`
		Side   []int   `json:"side"`
		A      []int32 `json:"a"`
		B      []int32 `json:"b"`
	}{make([]int32, n), make([]int, n), make([]int32, n), make([]int32, n)}
	for i, x := range m.Nodes {
		c.Parent[i], c.Side[i], c.A[i], c.B[i] = x.Parent, int(x.Side), x.A, x.B
	}
	return json.Marshal(struct {
		A     *Tree `json:"a"`
		B     *Tree `json:"b"`
		Nodes any   `json:"nodes"`
	}{m.A, m.B, c})
}
