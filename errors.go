package puzzlesat

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/puzzle"
)

// ErrNoSolution is the error of a puzzle that has no answer. It is
// puzzle.ErrNoSolution, so errors.Is matches either name.
var ErrNoSolution = puzzle.ErrNoSolution

// WrongAnswer reports an answer that fails the puzzle's Verify: a bug in
// the backend that gave it, never a property of the input.
type WrongAnswer struct {
	Backend Backend
	Err     error // what Verify said
}

func (e *WrongAnswer) Error() string {
	return fmt.Sprintf("BUG: the %v backend's answer fails Verify: %v", e.Backend, e.Err)
}

// Unwrap returns what Verify said.
func (e *WrongAnswer) Unwrap() error { return e.Err }

// Disagreement is the error of a Both run whose backends disagree; DFS
// and SAT hold each result (an answer, a count, or nil for none). Both
// answers passed Verify: the instance has several, or one missed the optimum.
type Disagreement struct {
	DFS, SAT any
	answers  bool // the results are answers that passed Verify, not counts
	optimum  bool // the answers are optima (kind.Optimizer)
}

func (d *Disagreement) Error() string {
	switch {
	case !d.answers || d.DFS == nil || d.SAT == nil:
		return "the backends disagree"
	case d.optimum:
		return "the backends disagree (each answer passes Verify: one backend missed the optimum)"
	}
	return "the backends disagree (each answer passes Verify: the instance has several solutions)"
}
