// Package trace records what a depth-first search did: how often each of
// its prunings acted, and, when asked, the first nodes of its search tree,
// which a Tree writes as SVG, DOT or JSON.
//
// A search embeds a Probe, starts it with the context it runs under, and
// calls Cut each time a pruning acts: a branch cut, a value removed, a
// state refused, a subtree closed by a bound. The counts are exact: the
// same on every run of the same search. Under a context made by
// WithRecorder the Probe also records the tree: the search calls Enter
// and Leave around each decision (only when Tracing, so that labels cost
// nothing otherwise) and Found when it holds an answer.
package trace

import "context"

// MaxPrunings bounds the prunings of one search that a Probe counts.
const MaxPrunings = 31

// Unused is the index of a count that is never reported or drawn: a
// search that counts without a test, where a test would cost more than
// the count, counts there what a pruning that is off does.
const Unused = MaxPrunings

// Probe counts the cuts of one search and passes them, with its
// decisions, to a Recorder when there is one. The zero Probe counts and
// records nothing until Start.
type Probe struct {
	// The counts, indexed like the kind's list of prunings. An array,
	// so that a cut with a constant index needs no bounds check.
	cuts [MaxPrunings + 1]int64
	rec  *Recorder
}

// recorderKey is the context key of WithRecorder.
type recorderKey struct{}

// WithRecorder returns a context under which the next search started
// with it records its tree into r.
func WithRecorder(parent context.Context, r *Recorder) context.Context {
	return context.WithValue(parent, recorderKey{}, r)
}

// Start readies p for a search under ctx: the counts go to zero, and the
// Recorder of ctx, if any, receives what follows.
func (p *Probe) Start(ctx context.Context) {
	p.cuts = [MaxPrunings + 1]int64{}
	p.rec, _ = ctx.Value(recorderKey{}).(*Recorder)
	if p.rec != nil {
		p.rec.attach(&p.cuts)
	}
}

// Cut counts one act of pruning k; when tracing, it is a leaf under the
// current decision. It is a single increment: the Recorder reads the
// counts at the next decision, so that a search that is not traced
// pays nothing more.
func (p *Probe) Cut(k int) { p.cuts[k]++ }

// CutN counts n acts of pruning k at once, such as n candidates removed
// by one propagation; n may be 0.
func (p *Probe) CutN(k, n int) { p.cuts[k] += int64(n) }

// Tracing reports whether a Recorder receives the search's decisions:
// only then need the search make labels for Enter.
func (p *Probe) Tracing() bool { return p.rec != nil }

// Enter opens a decision below the current one; label says what was
// decided, such as "r3c5=7". A search calls it only when Tracing.
func (p *Probe) Enter(label string) {
	if p.rec != nil {
		p.rec.enter(label)
	}
}

// Leave closes the current decision.
func (p *Probe) Leave() {
	if p.rec != nil {
		p.rec.leave()
	}
}

// Found marks the open decisions as the path to an answer; the last call
// wins, as an optimising search improves its answer.
func (p *Probe) Found() {
	if p.rec != nil {
		p.rec.found()
	}
}

// Counts returns the first n counts, one per pruning of the search's
// list, in a new slice.
func (p *Probe) Counts(n int) []int64 { return append([]int64(nil), p.cuts[:n]...) }

// Add adds the counts of q to p, for a search made of several.
func (p *Probe) Add(q *Probe) {
	for i, c := range q.cuts {
		p.cuts[i] += c
	}
}

// Recording reports whether a search started under ctx records its tree:
// a search that keeps its Probe on the stack starts one only then.
func Recording(ctx context.Context) bool {
	_, ok := ctx.Value(recorderKey{}).(*Recorder)
	return ok
}
