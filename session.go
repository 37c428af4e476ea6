package puzzlesat

import (
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Session keeps what a batch reuses across its instances: for the SAT
// backend's sudoku, one solver per grid size that holds the rules (9x9
// only, where that wins), on which each puzzle is solved with the cells
// its givens place as assumptions, instead of a formula of its own; and
// for every kind, the prunings and encoding of Options resolved once,
// not once per instance. Give it to Solve and Count through
// Options.Session, and Close it when done. A Session holds no puzzle: an
// instance with one answer gets the same answer with or without it; one
// with several may get another of them, and which one then depends on
// the instances solved before it on the same Session. It is not safe for
// concurrent use: one per goroutine.
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
