package puzzlesat

import (
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Session keeps what a batch reuses across its instances (the SAT
// backend's 9x9 sudoku solver holding the rules, the resolved prunings
// and encoding), through Options.Session; Close it when done. An instance
// with one answer gets the same answer with or without it. It is not safe
// for concurrent use: one per goroutine.
type Session struct {
	pool *solver.Pool
	// resolved is the last kind and switches resolved, with the result.
	resolved resolution
}

// resolution is a kind's prunings and encoding as Options name them,
// resolved.
type resolution struct {
	kind, prunings, encoding string
	set                      technique.Set
	picks                    technique.Picks
	search                   []technique.Pruning // of the search set selects
}

// NewSession returns an empty session.
func NewSession() *Session { return &Session{pool: solver.NewPool()} }

// Close frees the solvers the session keeps; it may be used again after.
func (s *Session) Close() { s.pool.Close() }
