package puzzlesat

import "fmt"

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

// Disagreement is the error of a Both run whose backends disagree. A is
// the answer type for Solve and int for Count. DFS and SAT hold each
// backend's result; nil means that backend found no solution. Each answer
// passed Verify, so two different answers mean that the instance has
// several solutions, or that one backend missed the optimum.
type Disagreement[A any] struct {
	DFS, SAT *A
	answers  bool // the results are answers that passed Verify, not counts
}

func (d *Disagreement[A]) Error() string {
	if d.answers && d.DFS != nil && d.SAT != nil {
		return "the backends disagree (each answer passes Verify: the instance has several solutions, or one backend missed the optimum)"
	}
	return "the backends disagree"
}
