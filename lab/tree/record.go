package tree

import (
	"slices"
	"sync/atomic"

	"github.com/puzzlesat/puzzlesat/trace"
)

// Recorder is a trace.Sink that keeps a search tree of any size within a
// budget of nodes: the top of the tree, down to the depth that fits the
// budget, and the path to the answer at any depth; what lies below a kept
// node and is not kept is summed into that node, exactly (decisions, and
// cut acts per pruning). With a focus, it keeps only the subtree of one
// decision, with the path that leads to it, and calls Done when the
// search leaves that decision, so that a re-run of a deterministic search
// fetches one region in detail. A Recorder serves one search.
type Recorder struct {
	budget int
	npr    int   // the prunings counted: Cut's k is below it
	cap    int32 // nodes deeper than cap are not kept, unless pinned
	nodes  []node
	sums   []int64 // the hidden sums, stride npr+2, indexed by node.sum
	stack  []frame
	totals []int64 // decisions, cut events, then cut acts per pruning
	frames int     // frames in use; the stack keeps its snapshots for reuse

	focus  []int32 // the decision-child indices from the root to the focus; nil for the whole tree
	on     bool    // recording: no focus, or inside the focus
	matchD int     // the depth of the deepest open frame on the focus path
	over   bool    // the focus was left: nothing more is recorded

	// Done is called once when the search leaves the focus, with nothing
	// more to record; a caller cancels the search there.
	Done func()
	// Every, when set, is called every 4096 events, from the search's
	// goroutine (the WebAssembly build yields there, so that timers run).
	Every  func()
	events int

	decisions atomic.Int64 // the decisions so far, read by other goroutines
	answered  bool

	// The probe counting now, flushed when another starts and at Finish;
	// base is the decisions entered before it started and baseNum the
	// number of the decision open then, its decision 0.
	probe         trace.Flusher
	base, baseNum int64
}

// The node's flags.
const (
	answerFlag = 1 << iota // on the path to the (last) answer
	pinFlag                // on the path to the focus: kept at any depth
)

type node struct {
	parent  int32
	depth   int32
	ord     int32 // the index among the parent's decision children
	pruning int16 // the pruning of a leaf; -1 for a decision
	flags   uint8
	label   string
	count   int64 // a leaf's acts
	num     int64 // a decision's number in the whole search, from 1; the root 0
	ref     int64 // the decision a memo hit points to, by its number, or -1
	sum     int32 // the index of the hidden sums, -1 for none
}

// frame is an open decision.
type frame struct {
	node     int32 // the kept node, or -1
	anc      int32 // the nearest kept node at or above it
	depth    int32
	ord      int32
	children int32 // decision children entered so far
	label    string
	snap     []int64 // the totals just after it was entered
	num      int64   // its number in the whole search, from 1; the root 0
}

var _ trace.Sink = (*Recorder)(nil)

// Hidden sums: decisions, leaf events (Cut calls), the deepest depth
// reached, then acts per pruning.
const (
	sumDecisions = iota
	sumEvents
	sumDepth
	sumCuts
)

// New returns a Recorder that keeps about budget nodes (at least 16) of
// a search whose prunings number npr, with the root labelled root. focus
// is the path of decision-child indices from the root to the decision
// whose subtree alone is kept; nil keeps the whole tree.
func New(budget, npr int, root string, focus []int32) *Recorder {
	r := &Recorder{budget: max(budget, 16), npr: npr, cap: 1<<31 - 1, focus: slices.Clone(focus)}
	r.totals = make([]int64, npr+2)
	r.stack = append(r.stack, frame{node: -1, anc: -1, label: root, snap: make([]int64, npr+2)})
	r.frames = 1
	r.on = len(focus) == 0
	if r.on {
		r.nodes = append(r.nodes, node{parent: -1, pruning: -1, label: root, ref: -1, sum: -1})
		r.stack[0].node, r.stack[0].anc = 0, 0
	}
	return r
}

// Start makes p the probe whose cuts are recorded, after passing on the
// last cuts of the one before. The Recorder numbers the decisions of all
// the probes of a search as one sequence.
func (r *Recorder) Start(p trace.Flusher) {
	if r.probe != nil && r.probe != p {
		r.probe.Flush()
	}
	r.probe = p
	r.base, r.baseNum = r.totals[0], r.stack[r.frames-1].num
}

// Finish passes on the cuts the last probe counted since its last event;
// call it once the search has returned, before Tree.
func (r *Recorder) Finish() {
	if r.probe != nil {
		r.probe.Flush()
		r.probe = nil
	}
}

// Decisions returns the decisions entered so far; it is safe to call
// from any goroutine while the search runs.
func (r *Recorder) Decisions() int64 { return r.decisions.Load() }

func (r *Recorder) tick() {
	r.events++
	if r.events&4095 == 0 && r.Every != nil {
		r.Every()
	}
}

// Enter opens a decision below the current one.
func (r *Recorder) Enter(label string) {
	r.tick()
	r.totals[0]++
	r.decisions.Store(r.totals[0])
	top := &r.stack[r.frames-1]
	f := frame{node: -1, anc: top.anc, depth: top.depth + 1, ord: top.children, label: label, num: r.totals[0]}
	top.children++
	switch {
	case r.over:
	case !r.on:
		if r.matchD == r.frames-1 && r.matchD < len(r.focus) && f.ord == r.focus[r.matchD] {
			r.matchD++
			if r.matchD == len(r.focus) {
				r.push(f)
				r.startFocus()
				return
			}
		}
	case top.node >= 0 && (f.depth <= r.cap):
		f.node = r.add(node{parent: top.node, depth: f.depth, ord: f.ord, pruning: -1, label: label, num: f.num, ref: -1, sum: -1})
		f.anc = f.node
	default:
		s := r.sumOf(top.anc)
		s[sumDecisions]++
		s[sumDepth] = max(s[sumDepth], int64(f.depth))
	}
	r.push(f)
	if len(r.nodes) > r.budget {
		r.compact()
	}
}

// push opens f, reusing the snapshot of the frame that was there.
func (r *Recorder) push(f frame) {
	if r.frames == len(r.stack) {
		r.stack = append(r.stack, frame{snap: make([]int64, r.npr+2)})
	}
	snap := r.stack[r.frames].snap
	copy(snap, r.totals)
	f.snap = snap
	r.stack[r.frames] = f
	r.frames++
}

// startFocus begins recording at the focus, which the top frame is: the
// open frames become the pinned path to it, depth counted from the root.
func (r *Recorder) startFocus() {
	r.on = true
	parent := int32(-1)
	for i := 0; i < r.frames; i++ {
		f := &r.stack[i]
		f.node = r.add(node{parent: parent, depth: f.depth, ord: f.ord, pruning: -1, flags: pinFlag, label: f.label, num: f.num, ref: -1, sum: -1})
		f.anc = f.node
		parent = f.node
	}
	// The focus's own subtree is kept to the depth the budget allows,
	// counted from the focus.
	r.cap = r.stack[r.frames-1].depth + 1<<30
}

// Leave closes the current decision.
func (r *Recorder) Leave() {
	r.tick()
	if r.frames <= 1 {
		return
	}
	if !r.over && r.on && len(r.focus) > 0 && r.frames-1 == len(r.focus) {
		r.over = true
		if r.Done != nil {
			r.Done()
		}
	}
	if !r.on && r.matchD == r.frames-1 {
		r.matchD--
	}
	r.frames--
}

// Cut records n acts of pruning k under the current decision.
func (r *Recorder) Cut(k int, n int64, detail string, ref int64) {
	r.tick()
	if k < 0 || k >= r.npr {
		return
	}
	r.totals[1]++
	r.totals[2+k] += n
	if r.over || !r.on {
		return
	}
	top := &r.stack[r.frames-1]
	if top.node >= 0 && top.depth+1 <= r.cap {
		r.add(node{parent: top.node, depth: top.depth + 1, pruning: int16(k), label: detail, count: n, ref: r.global(ref), sum: -1})
		if len(r.nodes) > r.budget {
			r.compact()
		}
		return
	}
	s := r.sumOf(top.anc)
	s[sumEvents]++
	s[sumCuts+k] += n
	s[sumDepth] = max(s[sumDepth], int64(top.depth+1))
}

// global returns the number in the whole search of the decision that
// the current probe numbers ref, or -1.
func (r *Recorder) global(ref int64) int64 {
	switch {
	case ref < 0:
		return -1
	case ref == 0:
		return r.baseNum
	}
	return r.base + ref
}

// Found marks the open decisions as the path to an answer, keeping those
// below the depth kept.
func (r *Recorder) Found() {
	if r.over || !r.on {
		return
	}
	r.answered = true
	for i := range r.nodes {
		r.nodes[i].flags &^= answerFlag
	}
	first := -1
	for i := 0; i < r.frames; i++ {
		if r.stack[i].node < 0 && first < 0 {
			first = i
		}
	}
	if first > 0 {
		r.materialise(first)
	}
	for i := 0; i < r.frames; i++ {
		if n := r.stack[i].node; n >= 0 {
			r.nodes[n].flags |= answerFlag
		}
	}
}

// materialise keeps the open frames from first down, which were summed
// into the kept node above them: their counts so far move from that
// node's sums into their own.
func (r *Recorder) materialise(first int) {
	anc := r.stack[first-1].node
	below := func(i int) []int64 { // the counts under frame i so far
		d := make([]int64, len(r.totals))
		for j := range d {
			d[j] = r.totals[j] - r.stack[i].snap[j]
		}
		return d
	}
	moved := below(first)
	moved[0]++ // the frame itself
	s := r.sumOf(anc)
	s[sumDecisions] -= moved[0]
	s[sumEvents] -= moved[1]
	for k := range r.npr {
		s[sumCuts+k] -= moved[2+k]
	}
	parent := anc
	for i := first; i < r.frames; i++ {
		f := &r.stack[i]
		f.node = r.add(node{parent: parent, depth: f.depth, ord: f.ord, pruning: -1, label: f.label, num: f.num, ref: -1, sum: -1})
		f.anc = f.node
		parent = f.node
		own := below(i)
		if i+1 < r.frames {
			next := below(i + 1)
			next[0]++
			for j := range own {
				own[j] -= next[j]
			}
		}
		if own[0] == 0 && own[1] == 0 {
			continue
		}
		t := r.sumOf(f.node)
		t[sumDecisions], t[sumEvents] = own[0], own[1]
		t[sumDepth] = max(s[sumDepth], int64(f.depth+1))
		for k := range r.npr {
			t[sumCuts+k] = own[2+k]
		}
	}
	for i := first; i < r.frames; i++ { // open frames below the new path point to it
		r.stack[i].anc = r.stack[i].node
	}
}

// add appends n and returns its index.
func (r *Recorder) add(n node) int32 {
	r.nodes = append(r.nodes, n)
	return int32(len(r.nodes) - 1)
}

// sumOf returns the hidden sums of kept node i, made on first use.
func (r *Recorder) sumOf(i int32) []int64 {
	w := r.npr + sumCuts
	n := &r.nodes[i]
	if n.sum < 0 {
		n.sum = int32(len(r.sums) / w)
		r.sums = append(r.sums, make([]int64, w)...)
	}
	return r.sums[int(n.sum)*w : int(n.sum+1)*w]
}

// compact lowers the depth kept until the nodes kept fill at most half
// the budget, summing the nodes it drops into their nearest kept
// ancestors. Each compaction halves the tree, so the work stays linear in
// the nodes recorded.
func (r *Recorder) compact() {
	byDepth := map[int32]int{}
	pinned := 0
	maxD := int32(0)
	for _, n := range r.nodes {
		if n.flags != 0 {
			pinned++
			continue
		}
		byDepth[n.depth]++
		maxD = max(maxD, n.depth)
	}
	base := int32(0)
	if len(r.focus) > 0 {
		base = int32(len(r.focus))
	}
	c, kept := base, pinned
	for d := base; d <= maxD; d++ {
		if kept+byDepth[d] > r.budget/2 {
			break
		}
		kept += byDepth[d]
		c = d
	}
	r.cap = min(r.cap, c)
	r.prune()
}

// prune drops the nodes deeper than cap that are not pinned.
func (r *Recorder) prune() {
	w := r.npr + sumCuts
	remap := make([]int32, len(r.nodes)) // new index if kept, else -1
	up := make([]int32, len(r.nodes))    // the nearest kept node at or above, new index
	var nodes []node
	var sums []int64
	for i, n := range r.nodes {
		keep := n.depth <= r.cap || n.flags != 0
		if n.parent >= 0 && remap[n.parent] < 0 {
			keep = keep && n.flags != 0
		}
		if !keep {
			remap[i], up[i] = -1, up[n.parent]
			r.spill(&nodes[up[i]], &sums, n, w)
			continue
		}
		old := n.sum
		n.sum = -1
		if n.parent >= 0 {
			n.parent = remap[n.parent]
		}
		nodes = append(nodes, n)
		remap[i] = int32(len(nodes) - 1)
		up[i] = remap[i]
		if old >= 0 {
			r.spillSums(&nodes[remap[i]], &sums, r.sums[int(old)*w:int(old+1)*w], w)
		}
	}
	r.nodes, r.sums = nodes, sums
	for i := 0; i < r.frames; i++ {
		f := &r.stack[i]
		if f.node >= 0 {
			f.node, f.anc = remap[f.node], up[f.node]
		} else if f.anc >= 0 {
			f.anc = up[f.anc]
		}
	}
}

// spill adds dropped node n, with its hidden sums, to kept node to.
func (r *Recorder) spill(to *node, sums *[]int64, n node, w int) {
	add := make([]int64, w)
	if n.pruning < 0 {
		add[sumDecisions] = 1
		add[sumDepth] = int64(n.depth)
	} else {
		add[sumEvents] = 1
		add[sumCuts+int(n.pruning)] = n.count
		add[sumDepth] = int64(n.depth)
	}
	r.spillSums(to, sums, add, w)
	if n.sum >= 0 {
		r.spillSums(to, sums, r.sums[int(n.sum)*w:int(n.sum+1)*w], w)
	}
}

// spillSums adds the sums s to those of kept node to, in the new table.
func (r *Recorder) spillSums(to *node, sums *[]int64, s []int64, w int) {
	if to.sum < 0 {
		to.sum = int32(len(*sums) / w)
		*sums = append(*sums, make([]int64, w)...)
	}
	t := (*sums)[int(to.sum)*w : int(to.sum+1)*w]
	for j, v := range s {
		if j == sumDepth {
			t[j] = max(t[j], v)
			continue
		}
		t[j] += v
	}
}
