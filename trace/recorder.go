package trace

import (
	"github.com/puzzlesat/puzzlesat/technique"
)

// Recorder is the Sink that records the first nodes of one search's
// tree: decisions, levels, and below them the leaves where prunings cut,
// and counts every decision, kept or not. The
// cuts of one pruning made while a decision is the current one, with no
// decision opened or closed in between, make one leaf with their count,
// unless the search said what each removed. Past its limit it records
// nothing more but keeps the path to the answer among the nodes it has.
// A Recorder serves one search at a time.
type Recorder struct {
	probe    Flusher // the probe counting now, flushed before the tree is read
	limit    int
	nodes    []node
	stack    []int32 // the open decisions, root first; -1 for one not recorded
	path     []int32 // the open decisions at the last found
	answered bool
	more     int64 // nodes past the limit
	// decided counts the decisions entered, kept or not: the search's
	// nodes.
	decided int64
	// decisions holds the index of each recorded decision by its number
	// (Probe.Current), for refs: until the limit every decision is
	// recorded, and none after.
	decisions []int32
}

type node struct {
	parent  int32
	pruning int16 // the pruning of a leaf; -1 for a decision or a level
	level   bool  // a level, not a decision
	count   int64 // the acts a leaf stands for
	label   string
	ref     int32 // the recorded decision a memo hit points to, or -1
}

var _ LevelSink = (*Recorder)(nil)

// NewRecorder returns a Recorder that keeps at most limit nodes, the root
// (labelled root) among them.
func NewRecorder(limit int, root string) *Recorder {
	r := &Recorder{limit: max(limit, 1), decisions: []int32{0}}
	r.nodes = append(r.nodes, node{parent: -1, pruning: -1, label: root, ref: -1})
	r.stack = append(r.stack, 0)
	return r
}

// add appends n below the current decision and returns its index, or -1
// when the limit is reached or the current decision was not recorded.
func (r *Recorder) add(n node) int32 {
	top := r.stack[len(r.stack)-1]
	if top < 0 || len(r.nodes) >= r.limit {
		r.more++
		return -1
	}
	n.parent = top
	r.nodes = append(r.nodes, n)
	return int32(len(r.nodes) - 1)
}

// Start makes p the probe whose cuts are recorded, after passing on the
// last cuts of the one before.
func (r *Recorder) Start(p Flusher) {
	if r.probe != nil && r.probe != p {
		r.probe.Flush()
	}
	r.probe = p
}

// Enter records a decision below the current one.
func (r *Recorder) Enter(label string) {
	r.decided++
	r.open(node{pruning: -1, label: label, ref: -1})
}

// Level records a level below the current decision or level.
func (r *Recorder) Level(label string) {
	r.open(node{pruning: -1, level: true, label: label, ref: -1})
}

// open records n, a decision or a level, and makes it the current one.
func (r *Recorder) open(n node) {
	i := r.add(n)
	if i >= 0 {
		r.decisions = append(r.decisions, i)
	}
	r.stack = append(r.stack, i)
}

// Leave closes the current decision.
func (r *Recorder) Leave() {
	if len(r.stack) > 1 {
		r.stack = r.stack[:len(r.stack)-1]
	}
}

// Cut records a leaf of n acts of pruning k under the current decision.
func (r *Recorder) Cut(k int, n int64, detail string, ref int64) {
	to := int32(-1)
	if ref >= 0 && ref < int64(len(r.decisions)) {
		to = r.decisions[ref]
	}
	r.add(node{pruning: int16(k), count: n, label: detail, ref: to})
}

// Found marks the open decisions as the path to an answer.
func (r *Recorder) Found() {
	r.path = append(r.path[:0], r.stack...)
	r.answered = true
}

// Tree returns what r recorded, with the kind's prunings, which of them
// were on, and the counts of the whole run, indexed alike.
func (r *Recorder) Tree(ps []technique.Pruning, on []bool, cuts []int64) *Tree {
	if r.probe != nil {
		r.probe.Flush()
	}
	t := &Tree{Limit: r.limit, More: r.more, Answered: r.answered, Decisions: r.decided}
	t.Prunings = make([]PruningCount, len(ps))
	for i, p := range ps {
		t.Prunings[i] = PruningCount{Pruning: p, On: i < len(on) && on[i]}
		if i < len(cuts) {
			t.Prunings[i].Run = cuts[i]
		}
	}
	onPath := make([]bool, len(r.nodes))
	for _, i := range r.path {
		if i >= 0 {
			onPath[i] = true
		}
	}
	t.Nodes = make([]Node, len(r.nodes))
	for i, n := range r.nodes {
		out := Node{Parent: int(n.parent), Label: n.label, Level: n.level, Count: n.count, Answer: onPath[i], Ref: int(n.ref)}
		if n.pruning >= 0 {
			out.Pruning = ps[n.pruning].Name
			out.Category = ps[n.pruning].Category
			t.Prunings[n.pruning].Drawn += n.count
		}
		t.Nodes[i] = out
	}
	return t
}
