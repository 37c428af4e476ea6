package puzzlesat

import "puzzlesat/sat/solver"

// Session keeps what the SAT backend reuses across the instances of a
// batch: for sudoku, one solver per grid size that holds the rules (9x9
// only, where that wins), on which each puzzle is solved with the cells
// its givens place as assumptions, instead of a formula of its own. Give
// it to Solve and Count through Options.Session, and Close it when done.
// A Session holds no puzzle: an instance with one answer gets the same
// answer with or without it; one with several may get another of them,
// and which one then depends on the instances solved before it on the
// same Session. It is not safe for concurrent use: one per goroutine.
type Session struct {
	pool *solver.Pool
}

// NewSession returns an empty session.
func NewSession() *Session { return &Session{pool: solver.NewPool()} }

// Close frees the solvers the session keeps; it may be used again after.
func (s *Session) Close() { s.pool.Close() }
