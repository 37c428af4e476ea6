package cnf

import (
	"cmp"
	"math"
	"slices"
)

// IntervalMDDAtMost adds clauses forcing Σ w·x ≤ bound, by the same
// monotone MDD as MDDAtMost, but with its nodes found by intervals
// (Abío, Nieuwenhuis, Oliveras, Rodríguez-Carbonell and Mayer-Eichberger,
// "A New Look at BDDs for Pseudo-Boolean Constraints", JAIR 2012), so its
// cost follows the number of nodes, not the bound: weights and bounds up
// to 10^12 and beyond are fine.
//
// The node (j, r) means "the terms j.. sum to at most r". Every r of an
// interval [lo, hi] between two sums those terms can reach gives the same
// node; building the node for r from its children (j+1, r - c·w) yields
// that interval as the intersection of the children's intervals shifted by
// c·w, and later bounds that fall inside it reuse the node. A node whose
// children are all the same node is that node (no variable), as in a
// reduced BDD. Clauses, size and propagation are those of MDDAtMost: one
// variable per node, d → child(0) and d ∧ x≥c → child(c), the root
// asserted; unit propagation is arc consistent.
//
// When the MDD would have more than maxNodes nodes (maxNodes < 0: no
// limit), nothing is added and it returns false: the caller can choose
// another encoding. It returns the number of nodes built.
func (f *CNF) IntervalMDDAtMost(terms []Term, bound int, maxNodes int) (int, bool) {
	root, nodes, ok := f.IntervalMDDAtMostLit(terms, bound, maxNodes)
	if ok {
		f.Add(root)
	}
	return nodes, ok
}

// IntervalMDDAtMostLit is IntervalMDDAtMost without asserting the root: it
// returns a literal that implies Σ w·x ≤ bound (a constant when the bound
// is always or never met), so the constraint can be switched on by a
// clause or an assumption.
func (f *CNF) IntervalMDDAtMostLit(terms []Term, bound int, maxNodes int) (Lit, int, bool) {
	b := newIntervalMDD(terms, maxNodes)
	root, ok := b.build(0, bound)
	if !ok {
		return 0, len(b.nodes), false
	}
	return b.emit(f, root.id), len(b.nodes), true
}

// IntervalMDDAtLeastLit returns a literal that implies Σ w·x ≥ bound, as
// Σ w·(max-x) ≤ Σ w·max - bound by IntervalMDDAtMostLit (same size and
// propagation).
func (f *CNF) IntervalMDDAtLeastLit(terms []Term, bound int, maxNodes int) (Lit, int, bool) {
	total := 0
	comp := make([]Term, len(terms))
	for j, t := range terms {
		total += t.W * len(t.X)
		comp[j] = Term{t.W, t.X.complement()}
	}
	return f.IntervalMDDAtMostLit(comp, total-bound, maxNodes)
}

// Node ids of an interval MDD: the two constants, then built nodes.
const (
	ivTrue  int32 = 0
	ivFalse int32 = 1
)

// ival is the interval [lo, hi] of bounds that give the node id.
type ival struct {
	lo, hi int
	id     int32
}

// ivNode is a built node: layer j and its child for each value of x_j.
type ivNode struct {
	j  int
	ch []int32
}

// intervalMDD builds the nodes of one MDD.
type intervalMDD struct {
	terms    []Term
	rest     []int    // rest[j]: the largest sum of terms j..
	layers   [][]ival // per layer, disjoint intervals sorted by lo
	nodes    []ivNode // node id 2+i is nodes[i]
	maxNodes int
}

func newIntervalMDD(terms []Term, maxNodes int) *intervalMDD {
	m := len(terms)
	b := &intervalMDD{terms: terms, rest: make([]int, m+1), layers: make([][]ival, m+1), maxNodes: maxNodes}
	for j := m - 1; j >= 0; j-- {
		b.rest[j] = b.rest[j+1] + terms[j].W*len(terms[j].X)
	}
	return b
}

// build returns the interval of the node (j, r), building what is missing;
// false when the node budget ran out.
func (b *intervalMDD) build(j, r int) (ival, bool) {
	switch {
	case r < 0:
		return ival{math.MinInt, -1, ivFalse}, true
	case r >= b.rest[j]:
		return ival{b.rest[j], math.MaxInt, ivTrue}, true
	}
	layer := b.layers[j]
	k, _ := slices.BinarySearchFunc(layer, r, func(iv ival, r int) int { return cmp.Compare(iv.lo, r) })
	if k < len(layer) && layer[k].lo == r {
		return layer[k], true
	}
	if k > 0 && layer[k-1].hi >= r {
		return layer[k-1], true
	}
	t := b.terms[j]
	ch := make([]int32, len(t.X)+1)
	lo, hi := math.MinInt, math.MaxInt
	same := true
	for c := range ch {
		iv, ok := b.build(j+1, r-c*t.W)
		if !ok {
			return iv, false
		}
		ch[c] = iv.id
		same = same && iv.id == ch[0]
		lo, hi = max(lo, shift(iv.lo, c*t.W)), min(hi, shift(iv.hi, c*t.W))
	}
	iv := ival{lo, hi, ch[0]}
	if !same {
		if b.maxNodes >= 0 && len(b.nodes) >= b.maxNodes {
			return iv, false
		}
		iv.id = int32(len(b.nodes) + 2)
		b.nodes = append(b.nodes, ivNode{j, ch})
	}
	k, _ = slices.BinarySearchFunc(b.layers[j], lo, func(iv ival, r int) int { return cmp.Compare(iv.lo, r) })
	b.layers[j] = slices.Insert(b.layers[j], k, iv)
	return iv, true
}

// shift adds d ≥ 0 to an interval end, keeping the infinities.
func shift(v, d int) int {
	if v == math.MinInt || v == math.MaxInt {
		return v
	}
	return v + d
}

// emit writes the clauses of the nodes, one variable each, in the order
// they were built (children first), and returns the root's literal.
func (b *intervalMDD) emit(f *CNF, root int32) Lit {
	lit := make([]Lit, len(b.nodes))
	for i := range lit {
		lit[i] = f.Lit()
	}
	for i, n := range b.nodes {
		d, x := lit[i], b.terms[n.j].X
		for c, ch := range n.ch {
			switch {
			case ch == ivTrue:
			case ch == ivFalse && c == 0:
				f.Add(d.Not())
			case ch == ivFalse:
				f.Add(d.Not(), x[c-1].Not()) // x ≥ c+1 follows from the chain
			case c == 0:
				f.Add(d.Not(), lit[ch-2])
			default:
				f.Add(d.Not(), x[c-1].Not(), lit[ch-2])
			}
			if ch == ivFalse {
				break
			}
		}
	}
	switch root {
	case ivTrue:
		return f.True()
	case ivFalse:
		return f.False()
	}
	return lit[root-2]
}
