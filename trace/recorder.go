package trace

import "github.com/puzzlesat/puzzlesat/technique"

// Recorder records the first nodes of one search's tree: decisions and,
// below them, the leaves where prunings cut. The cuts of one pruning made
// while a decision is the current one, with no decision opened or closed
// in between, make one leaf with their count. Past its limit it records
// nothing more but keeps the path to the answer among the nodes it has.
// A Recorder serves one search at a time.
type Recorder struct {
	cuts     *[MaxPrunings + 1]int64 // the counts of the probe recorded
	seen     [MaxPrunings + 1]int64  // the counts already turned into leaves
	limit    int
	nodes    []node
	stack    []int32 // the open decisions, root first; -1 for one not recorded
	path     []int32 // the open decisions at the last found
	answered bool
	more     int64 // nodes past the limit
}

type node struct {
	parent  int32
	pruning int16 // the pruning of a leaf; -1 for a decision
	count   int64 // the acts a leaf stands for
	label   string
}

// NewRecorder returns a Recorder that keeps at most limit nodes, the root
// (labelled root) among them.
func NewRecorder(limit int, root string) *Recorder {
	r := &Recorder{limit: max(limit, 1)}
	r.nodes = append(r.nodes, node{parent: -1, pruning: -1, label: root})
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

// attach makes the counts of a probe's search the ones recorded. A
// search made of several probes attaches each as it starts.
func (r *Recorder) attach(cuts *[MaxPrunings + 1]int64) {
	r.flush()
	r.cuts, r.seen = cuts, *cuts
}

// flush turns the cuts counted since the last flush into leaves under the
// current decision, in the order of the prunings.
func (r *Recorder) flush() {
	if r.cuts == nil {
		return
	}
	for k, n := range r.cuts[:MaxPrunings] {
		if d := n - r.seen[k]; d > 0 {
			r.add(node{pruning: int16(k), count: d})
		}
	}
	r.seen = *r.cuts
}

func (r *Recorder) enter(label string) {
	r.flush()
	r.stack = append(r.stack, r.add(node{pruning: -1, label: label}))
}

func (r *Recorder) leave() {
	r.flush()
	if len(r.stack) > 1 {
		r.stack = r.stack[:len(r.stack)-1]
	}
}

func (r *Recorder) found() {
	r.flush()
	r.path = append(r.path[:0], r.stack...)
	r.answered = true
}

// Tree returns what r recorded, with the kind's prunings, which of them
// were on, and the counts of the whole run, indexed alike.
func (r *Recorder) Tree(ps []technique.Pruning, on []bool, cuts []int64) *Tree {
	r.flush()
	t := &Tree{Limit: r.limit, More: r.more, Answered: r.answered}
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
		out := Node{Parent: int(n.parent), Label: n.label, Count: n.count, Answer: onPath[i]}
		if n.pruning >= 0 {
			out.Pruning = ps[n.pruning].Name
			out.Category = ps[n.pruning].Category
			t.Prunings[n.pruning].Drawn += n.count
		}
		t.Nodes[i] = out
	}
	return t
}
