package puzzlesat

import (
	"context"
	"fmt"
	"time"

	"puzzlesat/sat"
)

// Backend chooses how a puzzle is solved.
type Backend int

// The backends. The zero value is DFS, the fast path.
const (
	// DFS is the native depth-first search with hand-made pruning.
	DFS Backend = iota
	// SAT encodes the puzzle into CNF and solves it with a SAT solver.
	SAT
	// Both runs DFS, then SAT, verifies each answer, and returns the answer
	// when the two agree, else a *Disagreement.
	Both
)

// String returns "dfs", "sat" or "both", the names ParseBackend reads.
func (b Backend) String() string {
	switch b {
	case DFS:
		return "dfs"
	case SAT:
		return "sat"
	case Both:
		return "both"
	}
	return fmt.Sprintf("Backend(%d)", int(b))
}

// ParseBackend returns the backend named "dfs", "sat" or "both".
func ParseBackend(s string) (Backend, error) {
	for _, b := range []Backend{DFS, SAT, Both} {
		if s == b.String() {
			return b, nil
		}
	}
	return 0, fmt.Errorf("unknown backend %q: want dfs, sat or both", s)
}

// runs returns the backends that b runs, in order.
func (b Backend) runs() []Backend {
	if b == Both {
		return []Backend{DFS, SAT}
	}
	return []Backend{b}
}

// Options says how to solve. The zero value solves with the DFS backend
// and no time limit.
type Options struct {
	Backend Backend
	// Timeout limits each backend's run on one instance, counted from the
	// moment that backend starts; 0 means no limit beyond the context's.
	// A run that times out returns an error that wraps
	// context.DeadlineExceeded.
	Timeout time.Duration
	// Budget is the most literals a formula of the SAT backend may hold
	// (blocking clauses of counting included); 0 means
	// sat.DefaultBudget. A query over it fails with a *TooLarge error
	// before it is built where its size can be told in advance, else
	// before it is solved.
	Budget int
	// Solver is the SAT solver of the SAT backend: nil means gini in
	// process. sat.ParseEngine makes one from a name ("gini",
	// "portfolio", a known program such as "cadical", or a path); see
	// package sat for what each does.
	Solver sat.Engine
}

// TooLarge is the error of a query over the budget.
type TooLarge = sat.TooLarge

// sat returns the SAT backend's configuration.
func (o Options) sat() sat.Config { return sat.Config{Budget: o.Budget, Engine: o.Solver} }

// withTimeout starts the clock of o.Timeout for one backend's run.
func (o Options) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if o.Timeout > 0 {
		return context.WithTimeout(ctx, o.Timeout)
	}
	return context.WithCancel(ctx)
}
