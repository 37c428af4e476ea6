// Package trace records what a depth-first search did: how often each of
// its prunings acted, and, when asked, its search tree, which a Tree
// writes as SVG, DOT or JSON.
//
// A search embeds a Probe, starts it with the Sink it was given, if any,
// and calls Cut each time a pruning acts. The counts are exact: the same
// on every run of the same search. With a Sink (a Recorder, or the
// lab's) the Probe also passes the tree to it: the search calls Enter
// and Leave around each decision, Level and Leave around each level of a
// search that deepens or restarts, Why after a cut to say what it
// removed (only when Tracing, so that labels cost nothing otherwise) and
// Found when it holds an answer.
//
// A Probe is generic in where it keeps its counts: a Probe[Counted]
// counts, and a Probe[Uncounted] keeps nothing, so that a search
// instantiated with it compiles every count, and every computation that
// only a count needs (guarded by Counting), away. A search runs as its
// Probe[Uncounted] instance when no one reads its counts: a default
// solve costs what it would without them.
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
	Start(p Flusher)
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

// Flusher is a Probe as its Sink sees it.
type Flusher interface {
	// Flush passes the cuts counted since the last event to the sink.
	Flush()
}

// Counts is where a Probe keeps its counts: Counted or Uncounted.
type Counts interface{ Counted | Uncounted }

// Counted keeps a count per pruning, indexed like the search's table of
// prunings. An array, so that a cut with a constant index needs no
// bounds check.
type Counted [MaxPrunings + 1]int64

// Uncounted keeps no count: a Probe[Uncounted] counts and records
// nothing, and its Counting and Tracing are false in every search
// instantiated with it, which the compiler sees.
type Uncounted [0]int64

// Probe counts the cuts of one search and passes them, with its
// decisions, to a Sink when there is one. The zero Probe counts and
// records nothing until Start.
type Probe[C Counts] struct {
	cuts C
	sink Sink
	// When tracing: the counts already passed to the sink, the number
	// of the last decision entered, and the numbers of the open ones.
	seen    C
	entered int64
	open    []int64
}

// Start readies p for a search: the counts go to zero, and sink, when not
// nil, receives what follows. A Probe[Uncounted] takes no sink: a search
// that is traced counts.
func (p *Probe[C]) Start(sink Sink) {
	var zero C
	p.cuts, p.sink = zero, nil
	if sink != nil && p.Counting() {
		p.sink = sink
		p.seen = p.cuts
		p.entered, p.open = 0, append(p.open[:0], 0)
		p.sink.Start(p)
	}
}

// Counting reports whether p keeps counts: true for a Probe[Counted],
// false for a Probe[Uncounted], known when the search is compiled. A
// search guards with it the work that only a count needs, such as
// counting the branches a bound removed.
func (p *Probe[C]) Counting() bool { return len(p.cuts) > 0 }

// Cut counts one act of pruning k; when tracing, it is a leaf under the
// current decision. It is a single increment: the sink receives the
// counts at the next event, so that a search that is not traced pays
// nothing more.
func (p *Probe[C]) Cut(k int) {
	if p.Counting() {
		p.cuts[k]++
	}
}

// CutN counts n acts of pruning k at once, such as n candidates removed
// by one propagation; n may be 0.
func (p *Probe[C]) CutN(k, n int) {
	if p.Counting() {
		p.cuts[k] += int64(n)
	}
}

// Tracing reports whether a Sink receives the search's decisions: only
// then need the search make labels for Enter and details for Why.
func (p *Probe[C]) Tracing() bool { return p.Counting() && p.sink != nil }

// Why says what the acts of pruning k counted since the last event
// removed, such as "L=5: 24 is not a multiple of 5"; they become one
// leaf with that detail. A search calls it only when Tracing, right
// after the Cut or CutN it explains.
func (p *Probe[C]) Why(k int, detail string) { p.WhyRef(k, detail, -1) }

// WhyRef is Why for a memo hit: ref is the decision, by its number (see
// Current), under which the state it refused was refuted.
func (p *Probe[C]) WhyRef(k int, detail string, ref int64) {
	if !p.Tracing() {
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
func (p *Probe[C]) Current() int64 {
	if len(p.open) == 0 {
		return 0
	}
	return p.open[len(p.open)-1]
}

// Enter opens a decision below the current one; label says what was
// decided, such as "r3c5=7". A search calls it only when Tracing.
func (p *Probe[C]) Enter(label string) {
	if p.Tracing() {
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
func (p *Probe[C]) Level(label string) {
	if !p.Tracing() {
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
func (p *Probe[C]) Leave() {
	if p.Tracing() {
		p.Flush()
		if len(p.open) > 1 {
			p.open = p.open[:len(p.open)-1]
		}
		p.sink.Leave()
	}
}

// Found marks the open decisions as the path to an answer; the last call
// wins, as an optimising search improves its answer.
func (p *Probe[C]) Found() {
	if p.Tracing() {
		p.Flush()
		p.sink.Found()
	}
}

// Flush passes the cuts counted since the last event to the sink, a leaf
// per pruning in the order of the prunings, without a detail.
func (p *Probe[C]) Flush() {
	if !p.Tracing() {
		return
	}
	for k := range MaxPrunings {
		if d := p.cuts[k] - p.seen[k]; d > 0 {
			p.sink.Cut(k, d, "", -1)
		}
	}
	p.seen = p.cuts
}

// Counts returns the first n counts, one per pruning of the search's
// list, in a new slice; nil for a Probe[Uncounted].
func (p *Probe[C]) Counts(n int) []int64 {
	if !p.Counting() || n == 0 {
		return nil
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = p.cuts[i]
	}
	return out
}

// Add adds the counts of q to p, for a search made of several. When
// tracing, q has passed its own cuts to the sink, so p does not again.
func (p *Probe[C]) Add(q *Probe[C]) {
	if !p.Counting() {
		return
	}
	for i := range len(q.cuts) {
		p.cuts[i] += q.cuts[i]
		if p.sink != nil {
			p.seen[i] += q.cuts[i]
		}
	}
}
