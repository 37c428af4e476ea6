package cnf

import (
	"context"
	"math/bits"
)

// MDD is the multi-valued decision diagram of an exact linear equality
// Σ w_j·x_j = bound over integers x_j in 0..n_j, optionally together with
// side counts c_d = Σ g_dj·x_j. It is built once from the weights and the
// domains, and Encode writes it as clauses over any number of vectors of
// order-encoded integers with those domains (the sticks of a sticks query
// all share one).
//
// A node of layer j is a pair (r, c): the terms j.. must sum to r, and the
// terms before j counted c. It exists only when the terms j.. can make r
// exactly (the nodes are merged by reachable sums, as in Abío et al.
// (2012)), so every node has a way to the end. The clauses are the path
// encoding of Bacchus (2007) for regular constraints, with a variable per
// node and per edge: the root holds; a node implies one of its edges; an
// edge implies its node, its label x_j = v and its child; a child implies
// one of the edges into it; and x_j = v implies one of the edges of layer
// j labelled v. Unit propagation is then arc consistent for the
// equality and the counts together: a value of an x_j that no path
// allows, or a count value no path reaches, is refuted at once, and so
// is every value of an x_j that only completes the sum with a count the
// returned Unary no longer allows.
//
// Size: a variable per node and per edge (the edge of a node with one
// edge is the node), up to 4 two-literal clauses per edge and one longer
// clause per node and per value; Size gives the exact figures, and
// MDDSizeBound a bound computed without building the diagram.
type MDD struct {
	n      []int
	layers []mddLayer
	counts [][]int // counts[i]: the side counts at terminal i
	dims   int     // number of side counts
	empty  bool    // no vector meets the equality
	size   Size    // what one Encode adds
}

// mddLayer holds the edges out of the nodes of one layer.
type mddLayer struct {
	start []int32 // the edges of node i are start[i] .. start[i+1]-1
	val   []int32 // the label v (x_j = v) of each edge
	to    []int32 // the child of each edge: a node of the next layer, or a terminal
}

// mddCheckEvery is how many layers pass between looks at the context.
const mddCheckEvery = 8

// NewMDD builds the diagram of Σ w_j·x_j = bound for x_j in 0..n[j],
// counting Σ sides[d][j]·x_j for every d. Weights must be positive and
// side weights non-negative. It returns ctx.Err() when ctx ends first.
// Check MDDSizeBound before calling it on large inputs: the diagram takes
// time and memory in proportion to its size.
func NewMDD(ctx context.Context, w, n []int, bound int, sides [][]int) (*MDD, error) {
	m := &MDD{n: n, dims: len(sides)}
	reach := reachSets(w, n, bound)
	if bound < 0 || !reach[0].has(bound) {
		m.empty = true
		m.size = clause(0)
		return m, nil
	}
	radix, step, span := countRadix(w, n, bound, sides)
	idx := newNodeIndex((bound + 1) * span)
	keys := []int{bound * span} // layer j's nodes, as r·span + packed counts
	for j := range w {
		if j%mddCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ly := mddLayer{start: make([]int32, 1, len(keys)+1)}
		var next []int
		for _, k := range keys {
			r, c := k/span, k%span
			for v := 0; v <= n[j] && v*w[j] <= r; v++ {
				rr := r - v*w[j]
				if !reach[j+1].has(rr) {
					continue
				}
				nk := rr*span + c + v*step[j]
				t, ok := idx.get(nk)
				if !ok {
					t = int32(len(next))
					idx.put(nk, t)
					next = append(next, nk)
				}
				ly.val = append(ly.val, int32(v))
				ly.to = append(ly.to, t)
			}
			ly.start = append(ly.start, int32(len(ly.val)))
		}
		idx.reset(next)
		m.layers = append(m.layers, ly)
		keys = next
	}
	for _, k := range keys { // the terminals, all with r = 0
		m.counts = append(m.counts, unpackCounts(k%span, radix))
	}
	m.size = m.measure()
	return m, nil
}

// countRadix packs the side counts into one int: count d has digit radix
// top_d + 1, where top_d bounds the count on any path (Σ g·n, and
// bound·g_j/w_j for each j, since the terms weigh at most bound). step[j]
// is what one unit of x_j adds to the packed counts, span the number of
// packed values.
func countRadix(w, n []int, bound int, sides [][]int) (radix, step []int, span int) {
	step = make([]int, len(w))
	span = 1
	for _, g := range sides {
		top, most := 0, 0
		for j, gj := range g {
			top += gj * n[j]
			most = max(most, bound*gj/w[j])
		}
		top = min(top, most)
		for j, gj := range g {
			step[j] += gj * span
		}
		radix = append(radix, top+1)
		span *= top + 1
	}
	return radix, step, span
}

// unpackCounts returns the counts packed in c.
func unpackCounts(c int, radix []int) []int {
	out := make([]int, len(radix))
	for d, b := range radix {
		out[d] = c % b
		c /= b
	}
	return out
}

// Size returns what one Encode adds to a formula.
func (m *MDD) Size() Size { return m.size }

// measure counts what Encode writes, following it clause by clause.
func (m *MDD) measure() Size {
	s := Size{Vars: 1}.Plus(clause(1)) // the root
	for j, ly := range m.layers {
		nodes := len(ly.start) - 1
		last := j == len(m.layers)-1
		children := 0
		for i := range nodes {
			e := int(ly.start[i+1] - ly.start[i])
			if e > 1 {
				s = s.Plus(Size{Vars: int64(e)}).Plus(clause(2).Times(int64(e))).Plus(clause(e + 1))
			}
			for k := ly.start[i]; k < ly.start[i+1]; k++ {
				if ly.val[k] > 0 {
					s = s.Plus(clause(2))
				}
				if int(ly.val[k]) < m.n[j] {
					s = s.Plus(clause(2))
				}
				children = max(children, int(ly.to[k])+1)
			}
		}
		edges := len(ly.val)
		if !last || m.dims > 0 {
			// child variables, edge → child, child → its edges
			s = s.Plus(Size{Vars: int64(children)}).Plus(clause(2).Times(int64(edges)))
			s = s.Plus(Size{Clauses: int64(children), Lits: int64(children + edges)})
		}
		s = s.Plus(Size{Clauses: int64(m.n[j] + 1), Lits: int64(edges + 2*m.n[j])})
	}
	for d := range m.dims {
		hi := 0
		for _, c := range m.counts {
			hi = max(hi, c[d])
		}
		s = s.Plus(Size{Vars: int64(hi)}).Plus(clause(2).Times(int64(max(hi-1, 0))))
		for _, c := range m.counts {
			s = s.Plus(clause(2).Times(int64(b2i(c[d] > 0) + b2i(c[d] < hi))))
		}
		s = s.Plus(Size{Clauses: int64(hi + 1), Lits: int64(len(m.counts) + 2*hi)})
	}
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Encode writes the diagram over xs, where xs[j] is x_j in order encoding
// with len(xs[j]) = n[j], and returns the side counts, each as a Unary
// over the values some path reaches. It adds exactly Size().
func (m *MDD) Encode(f *CNF, xs []Unary) []Unary {
	outs := make([]Unary, m.dims)
	if m.empty {
		f.Add()
		return outs
	}
	nodes := []Lit{f.Lit()}
	f.Add(nodes[0])
	for j, ly := range m.layers {
		x := xs[j]
		last := j == len(m.layers)-1
		var children []Lit
		var in [][]Lit
		if !last || m.dims > 0 {
			n := 0
			for _, t := range ly.to {
				n = max(n, int(t)+1)
			}
			children = make([]Lit, n)
			for t := range children {
				children[t] = f.Lit()
			}
			in = make([][]Lit, n)
		}
		byValue := make([][]Lit, len(x)+1)
		for i, d := range nodes {
			lo, hi := ly.start[i], ly.start[i+1]
			node := []Lit{d.Not()}
			for k := lo; k < hi; k++ {
				ev := d
				if hi-lo > 1 {
					ev = f.Lit()
					f.Add(ev.Not(), d)
					node = append(node, ev)
				}
				v := int(ly.val[k])
				if v > 0 {
					f.Add(ev.Not(), x[v-1])
				}
				if v < len(x) {
					f.Add(ev.Not(), x[v].Not())
				}
				if children != nil {
					f.Add(ev.Not(), children[ly.to[k]])
					in[ly.to[k]] = append(in[ly.to[k]], ev)
				}
				byValue[v] = append(byValue[v], ev)
			}
			if hi-lo > 1 {
				f.Add(node...)
			}
		}
		for t, c := range children {
			f.Add(append([]Lit{c.Not()}, in[t]...)...)
		}
		for v, es := range byValue {
			// x = v → one of the edges labelled v
			if v > 0 {
				es = append(es, x[v-1].Not())
			}
			if v < len(x) {
				es = append(es, x[v])
			}
			f.Add(es...)
		}
		nodes = children
	}
	for d := range outs {
		outs[d] = m.encodeCount(f, nodes, d)
	}
	return outs
}

// encodeCount returns side count d as a Unary o tied to the terminals:
// a terminal with count c implies o = c, and o = c implies one of them.
func (m *MDD) encodeCount(f *CNF, terms []Lit, d int) Unary {
	hi := 0
	for _, c := range m.counts {
		hi = max(hi, c[d])
	}
	o := f.NewUnary("", hi)
	at := make([][]Lit, hi+1)
	for i, t := range terms {
		c := m.counts[i][d]
		if c > 0 {
			f.Add(t.Not(), o[c-1])
		}
		if c < hi {
			f.Add(t.Not(), o[c].Not())
		}
		at[c] = append(at[c], t)
	}
	for c, ts := range at {
		if c > 0 {
			ts = append(ts, o[c-1].Not())
		}
		if c < hi {
			ts = append(ts, o[c])
		}
		f.Add(ts...)
	}
	return o
}

// MDDSizeBound returns an upper bound on the Size of NewMDD(ctx, w, n,
// bound, sides), without building it: the nodes and edges of the diagram
// without side counts are counted on reachability bitsets, in time about
// Σ n_j · bound/64, and each may split into every combination of counts.
// When the bitsets would pass mddWords words it bounds the nodes of a
// layer by bound+1 instead.
func MDDSizeBound(w, n []int, bound int, sides [][]int) Size {
	if bound < 0 {
		return clause(0)
	}
	_, _, span := countRadix(w, n, bound, sides)
	nodes, edges := mddCount(w, n, bound)
	vals := int64(0)
	for _, nj := range n {
		vals += int64(nj) + 1
	}
	nodes, edges = nodes*int64(span), edges*int64(span)
	// Per edge: its variable, 4 two-literal clauses (node, label twice,
	// child) and a literal in its node's clause, its child's and its
	// value's; per node: its variable and two clauses; per value one
	// clause with two more literals; the counts as many again as the
	// terminals, which are nodes.
	s := Size{Vars: nodes + edges, Clauses: 4*edges + 2*nodes + vals, Lits: 11*edges + 2*nodes + 2*vals}
	return s.Plus(Size{Vars: nodes, Clauses: 3 * nodes, Lits: 6 * nodes}.Times(int64(len(sides))))
}

// mddCount returns the nodes and edges of the diagram without side
// counts, or bounds on them when the bitsets would be too large.
func mddCount(w, n []int, bound int) (nodes, edges int64) {
	words := bound/64 + 1
	if words*(len(w)+1) > mddWords {
		for _, nj := range n {
			nodes += int64(bound) + 1
			edges += (int64(bound) + 1) * (int64(nj) + 1)
		}
		return nodes, edges
	}
	reach := reachSets(w, n, bound)
	layer := make(sumSet, words)
	if reach[0].has(bound) {
		layer[bound>>6] |= 1 << (bound & 63)
	}
	next, tmp := make(sumSet, words), make(sumSet, words)
	for j := range w {
		nodes += layer.count()
		clear(next)
		for v := 0; v <= n[j] && v*w[j] <= bound; v++ {
			// the nodes r of this layer with r - v·w_j in the next
			copy(tmp, layer)
			tmp.andShifted(reach[j+1], v*w[j])
			edges += tmp.count()
			shiftDownOr(next, layer, v*w[j])
		}
		next.and(reach[j+1])
		layer, next = next, layer
	}
	return nodes, edges
}

// reachSets returns, per layer j, the sums ≤ bound that the terms j..
// can make: reach[len(w)] = {0}.
func reachSets(w, n []int, bound int) []sumSet {
	words := max(bound, 0)/64 + 1
	reach := make([]sumSet, len(w)+1)
	reach[len(w)] = make(sumSet, words)
	reach[len(w)][0] = 1
	for j := len(w) - 1; j >= 0; j-- {
		next, cur := reach[j+1], make(sumSet, words)
		for v := 0; v <= n[j] && v*w[j] <= bound; v++ {
			orShifted(cur, next, v*w[j], bound)
		}
		reach[j] = cur
	}
	return reach
}

// count returns the members of s.
func (s sumSet) count() int64 {
	c := 0
	for _, x := range s {
		c += bits.OnesCount64(x)
	}
	return int64(c)
}

// and sets s &= o.
func (s sumSet) and(o sumSet) {
	for i := range s {
		s[i] &= o[i]
	}
}

// andShifted keeps the members r of s with r - sh in o.
func (s sumSet) andShifted(o sumSet, sh int) {
	ws, bs := sh>>6, uint(sh&63)
	for i := range s {
		var v uint64
		if i-ws >= 0 {
			v = o[i-ws] << bs
			if bs != 0 && i-ws-1 >= 0 {
				v |= o[i-ws-1] >> (64 - bs)
			}
		}
		s[i] &= v
	}
}

// shiftDownOr sets dst |= {r - sh : r in src, r ≥ sh}.
func shiftDownOr(dst, src sumSet, sh int) {
	ws, bs := sh>>6, uint(sh&63)
	for i := range dst {
		if i+ws >= len(src) {
			break
		}
		v := src[i+ws] >> bs
		if bs != 0 && i+ws+1 < len(src) {
			v |= src[i+ws+1] << (64 - bs)
		}
		dst[i] |= v
	}
}

// nodeIndex maps the keys of one layer's nodes to their indices: a dense
// table when the keys are few, a map otherwise.
type nodeIndex struct {
	dense  []int32 // index+1, 0 for absent
	sparse map[int]int32
}

// mddDense is the largest key space indexed by a table (16 MiB).
const mddDense = 1 << 22

func newNodeIndex(keys int) *nodeIndex {
	if keys <= mddDense {
		return &nodeIndex{dense: make([]int32, keys)}
	}
	return &nodeIndex{sparse: map[int]int32{}}
}

func (x *nodeIndex) get(k int) (int32, bool) {
	if x.dense != nil {
		i := x.dense[k]
		return i - 1, i > 0
	}
	i, ok := x.sparse[k]
	return i, ok
}

func (x *nodeIndex) put(k int, i int32) {
	if x.dense != nil {
		x.dense[k] = i + 1
		return
	}
	x.sparse[k] = i
}

// reset forgets the keys, which are all those put since the last reset.
func (x *nodeIndex) reset(keys []int) {
	if x.dense == nil {
		clear(x.sparse)
		return
	}
	for _, k := range keys {
		x.dense[k] = 0
	}
}

// MDDEqual adds clauses forcing Σ w·x = bound, by the diagram of NewMDD
// (see MDD for the clauses and what unit propagation deduces).
func (f *CNF) MDDEqual(terms []Term, bound int) {
	f.MDDEqualCounts(terms, bound, nil)
}

// MDDEqualCounts adds clauses forcing Σ w·x = bound and returns the side
// counts Σ sides[d][j]·x_j, by one diagram over the sum and the counts
// together (see MDD).
func (f *CNF) MDDEqualCounts(terms []Term, bound int, sides [][]int) []Unary {
	w, n, xs := make([]int, len(terms)), make([]int, len(terms)), make([]Unary, len(terms))
	for j, t := range terms {
		w[j], n[j], xs[j] = t.W, len(t.X), t.X
	}
	m, _ := NewMDD(context.Background(), w, n, bound, sides) // no deadline: no error
	return m.Encode(f, xs)
}
