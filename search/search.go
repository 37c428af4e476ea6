// Package native solves each puzzle kind by depth-first search with
// hand-made pruning. It never uses the SAT backend.
package search

import (
	"strconv"
)

// Stats reports the work one search did.
type Stats struct {
	Nodes int64 // search nodes visited
	// Cuts counts how often each pruning acted, indexed like the kind's
	// list of prunings (SticksPrunings, ...): the branches it cut, the
	// values it removed, the states it refused, as the pruning's Counts
	// says. A pruning that is off counts 0.
	Cuts []int64
}

// String prints the counts as "nodes=N".
func (s Stats) String() string { return "nodes=" + strconv.FormatInt(s.Nodes, 10) }
