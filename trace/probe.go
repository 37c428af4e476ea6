// Package trace records what a depth-first search did: how often each of
// its prunings acted, and, when asked, its search tree, which a Tree
// writes as SVG, DOT or JSON.
//
// A search embeds a Probe, starts it with the Sink it was given, if any,
// and calls Cut each time a pruning acts. The counts are exact: the same
// on every run of the same search. With a Sink (a Recorder, or the
// lab's) the Probe also passes the tree to it: the search calls Enter and Leave around each decision, Level and Leave
// around each level of a search that deepens or restarts, Why after a cut
// to say what it removed (only when Tracing, so that labels cost nothing
// otherwise) and Found when it holds an answer.
//
// The nodes of a search are its decisions, and only they: the node
// count a search reports (Stats.Nodes) is the number of times it calls
// Enter when traced. A cut leaf is what a pruning removed under a
// decision, not a node; a level (a depth limit, a length tried, a pass)
// groups the decisions made under it and is not a node either.
package trace

// MaxPrunings bounds the prunings of one search that a Probe counts.
const MaxPrunings = 31

// Unused is the index of a count that is never reported or drawn: a
// search that counts without a test, where a test would cost more than
// the count, counts there what a pruning that is off does.
const Unused = MaxPrunings

// Sink receives what one traced search does, in order: its decisions,
// the cuts made under each, and the answers found. A Recorder is one;
// the lab keeps large trees in a sink of its own. A Sink serves one
// search at a time.
type Sink interface {
	// Start tells the sink that p counts the search from now on: a
	// search made of several probes starts each in turn. The sink calls
	// p.Flush when it stops listening, so that the cuts counted since
	// the last event reach it.
	Start(p *Probe)
	// Enter opens a decision below the current one; label says what was
	// decided, such as "r3c5=7".
	Enter(label string)
	// Leave closes the current decision.
	Leave()
	// Cut records n acts of pruning k (the index in the kind's list)
	// under the current decision. detail says what they removed, in the
	// puzzle's words ("" when the search said nothing), and ref is the
	// decision a memo hit points to, by its number (see Probe.Current),
	// or -1.
	Cut(k int, n int64, detail string, ref int64)
	// Found marks the open decisions as the path to an answer; the last
	// call wins, as an optimising search improves its answer.
	Found()
}

// LevelSink is a Sink that tells levels from decisions: Level opens a
// level below the current decision or level, which Leave closes. A Sink
// without it receives a level as a decision (Enter).
type LevelSink interface {
	Sink
	// Level opens a level: a depth limit of iterative deepening, a
	// length or bound tried, a pass or a restart of the search, with the
	// decisions made under it; label says which, such as "L=6".
	Level(label string)
}

// Probe counts the cuts of one search and passes them, with its
// decisions, to a Sink when there is one. The zero Probe counts and
// records nothing until Start.
type Probe struct {
	// The counts, indexed like the kind's list of prunings. An array,
	// so that a cut with a constant index needs no bounds check.
	cuts [MaxPrunings + 1]int64
	sink Sink
	// When tracing: the counts already passed to the sink, the number
	// of the last decision entered, and the numbers of the open ones.
	seen    [MaxPrunings + 1]int64
	entered int64
	open    []int64
}

// Start readies p for a search: the counts go to zero, and sink, when not
// nil, receives what follows.
func (p *Probe) Start(sink Sink) {
	p.cuts = [MaxPrunings + 1]int64{}
	p.sink = sink
	if p.sink != nil {
		p.seen = p.cuts
		p.entered, p.open = 0, append(p.open[:0], 0)
		p.sink.Start(p)
	}
}

// Cut counts one act of pruning k; when tracing, it is a leaf under the
// current decision. It is a single increment: the sink receives the
// counts at the next event, so that a search that is not traced pays
// nothing more.
func (p *Probe) Cut(k int) { p.cuts[k]++ }

// CutN counts n acts of pruning k at once, such as n candidates removed
// by one propagation; n may be 0.
func (p *Probe) CutN(k, n int) { p.cuts[k] += int64(n) }

// Tracing reports whether a Sink receives the search's decisions: only
// then need the search make labels for Enter and details for Why.
func (p *Probe) Tracing() bool { return p.sink != nil }

// Why says what the acts of pruning k counted since the last event
// removed, such as "L=5: 24 is not a multiple of 5"; they become one
// leaf with that detail. A search calls it only when Tracing, right
// after the Cut or CutN it explains.
func (p *Probe) Why(k int, detail string) { p.WhyRef(k, detail, -1) }

// WhyRef is Why for a memo hit: ref is the decision, by its number (see
// Current), under which the state it refused was refuted.
func (p *Probe) WhyRef(k int, detail string, ref int64) {
	if p.sink == nil {
		return
	}
	if d := p.cuts[k] - p.seen[k]; d > 0 {
		p.seen[k] = p.cuts[k]
		p.sink.Cut(k, d, detail, ref)
	}
}

// Current returns the number of the open decision when tracing: the
// decisions are numbered from 1 in the order they are entered, the root
// being 0. A memo that keeps it beside a state can point a later hit to
// it (WhyRef).
func (p *Probe) Current() int64 {
	if len(p.open) == 0 {
		return 0
	}
	return p.open[len(p.open)-1]
}

// Enter opens a decision below the current one; label says what was
// decided, such as "r3c5=7". A search calls it only when Tracing.
func (p *Probe) Enter(label string) {
	if p.sink != nil {
		p.Flush()
		p.entered++
		p.open = append(p.open, p.entered)
		p.sink.Enter(label)
	}
}

// Level opens a level below the current decision or level, closed by
// Leave: a depth limit, a length tried, a pass or a restart, which
// groups the decisions under it and is not one. A search calls it only
// when Tracing.
func (p *Probe) Level(label string) {
	if p.sink == nil {
		return
	}
	p.Flush()
	p.entered++
	p.open = append(p.open, p.entered)
	if l, ok := p.sink.(LevelSink); ok {
		l.Level(label)
		return
	}
	p.sink.Enter(label)
}

// Leave closes the current decision or level.
func (p *Probe) Leave() {
	if p.sink != nil {
		p.Flush()
		if len(p.open) > 1 {
			p.open = p.open[:len(p.open)-1]
		}
		p.sink.Leave()
	}
}

// Found marks the open decisions as the path to an answer; the last call
// wins, as an optimising search improves its answer.
func (p *Probe) Found() {
	if p.sink != nil {
		p.Flush()
		p.sink.Found()
	}
}

// Flush passes the cuts counted since the last event to the sink, a leaf
// per pruning in the order of the prunings, without a detail.
func (p *Probe) Flush() {
	if p.sink == nil {
		return
	}
	for k, n := range p.cuts[:MaxPrunings] {
		if d := n - p.seen[k]; d > 0 {
			p.sink.Cut(k, d, "", -1)
		}
	}
	p.seen = p.cuts
}

// Counts returns the first n counts, one per pruning of the search's
// list, in a new slice.
func (p *Probe) Counts(n int) []int64 { return append([]int64(nil), p.cuts[:n]...) }

// Add adds the counts of q to p, for a search made of several. When
// tracing, q has passed its own cuts to the sink, so p does not again.
func (p *Probe) Add(q *Probe) {
	for i, c := range q.cuts {
		p.cuts[i] += c
		if p.sink != nil {
			p.seen[i] += c
		}
	}
}
