// Package native solves each puzzle kind by depth-first search with
// hand-made pruning. It never uses the SAT backend.
package native

// Stats reports the work one search did.
type Stats struct {
	Nodes int64 // search nodes visited
}
