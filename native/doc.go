// Package native solves each puzzle kind by depth-first search with
// hand-made pruning. It never uses the SAT backend.
package native

import "strconv"

// Stats reports the work one search did.
type Stats struct {
	Nodes int64 // search nodes visited
}

// String prints the counts as "nodes=N".
func (s Stats) String() string { return "nodes=" + strconv.FormatInt(s.Nodes, 10) }
