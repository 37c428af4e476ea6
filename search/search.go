// Package search holds what every depth-first search of puzzlesat
// shares: how it is run (Run) and what it reports (Stats). The searches
// themselves are each kind's, in kinds/KIND/dfs; none uses the SAT
// backend.
package search

import (
	"strconv"

	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Run is how a depth-first search runs, beside the context that can
// stop it. The zero Run is every pruning at its default, the search's
// own tables and no tree.
type Run struct {
	// Prunings switches the search's prunings; a search reads them
	// through Prunings.Bits.
	Prunings technique.Set
	// Memory bounds, in bytes, the tables a search sizes to the
	// instance (the sticks search's memo of failed states and its
	// bitsets of reachable sums, 56 MiB at most by default); 0 or less
	// keeps the search's defaults. A caller that runs searches in
	// parallel divides its memory among them. A smaller bound costs
	// time, never an answer.
	Memory int
	// Sink, when not nil, receives the search's tree as it goes (see
	// trace.Probe): a trace.Recorder, or the lab's. It serves one search
	// at a time.
	Sink trace.Sink
	// CountCuts asks for the count of each pruning's acts in
	// Stats.Cuts. Without it, and without a Sink, whose tree holds them,
	// the search runs as its instance that counts nothing
	// (trace.Uncounted): its Stats.Cuts is nil and counting costs it
	// nothing.
	CountCuts bool
}

// Counting reports whether the search counts its cuts: when asked to,
// or to draw them for a Sink.
func (r Run) Counting() bool { return r.CountCuts || r.Sink != nil }

// Stats reports the work one search did.
type Stats struct {
	Nodes int64 // search nodes visited
	// Cuts counts how often each pruning acted, indexed like the
	// search's table of prunings: the branches it cut, the values it
	// removed, the states it refused, as the pruning's Counts says. A
	// pruning that is off counts 0. It is nil when the search did not
	// count (Run.Counting).
	Cuts []int64
}

// String prints the counts as "nodes=N".
func (s Stats) String() string { return "nodes=" + strconv.FormatInt(s.Nodes, 10) }
