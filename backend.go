package puzzlesat

import (
	"context"
	"fmt"
	"time"

	"github.com/puzzlesat/puzzlesat/solver"
)

// Backend chooses how a puzzle is solved. It reads and writes its name
// as text ("dfs", "sat", "both", "race"), so that flag.TextVar and encoding/json
// take it as it is.
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
	// Race runs DFS and SAT at once; the first to settle the instance (an
	// answer that passes Verify, or a proof that there is none) wins, and
	// the other is stopped at once. Stats.Won names the winner.
	Race
)

// backendNames are the backends' names, by value.
var backendNames = [...]string{DFS: "dfs", SAT: "sat", Both: "both", Race: "race"}

// String returns the backend's name, such as "dfs".
func (b Backend) String() string {
	if b >= 0 && int(b) < len(backendNames) {
		return backendNames[b]
	}
	return fmt.Sprintf("Backend(%d)", int(b))
}

// MarshalText returns the backend's name.
func (b Backend) MarshalText() ([]byte, error) {
	if b < 0 || int(b) >= len(backendNames) {
		return nil, fmt.Errorf("unknown backend %d", int(b))
	}
	return []byte(b.String()), nil
}

// UnmarshalText sets b to the backend named by text: "dfs", "sat",
// "both" or "race".
func (b *Backend) UnmarshalText(text []byte) error {
	for v, name := range backendNames {
		if string(text) == name {
			*b = Backend(v)
			return nil
		}
	}
	return fmt.Errorf("unknown backend %q: want dfs, sat, both or race", text)
}

// runs returns the backends that b runs, in order.
func (b Backend) runs() []Backend {
	if b == Both || b == Race {
		return []Backend{DFS, SAT}
	}
	return []Backend{b}
}

// Options says how to solve. The zero value solves with the DFS backend,
// no time limit, and for the SAT backend the default solver (auto in a
// build with CaDiCaL, gini in a pure-Go build) under its default budget.
type Options struct {
	Backend Backend
	// Timeout limits each backend's run on one instance, counted from the
	// moment that backend starts; 0 means no limit beyond the context's.
	// A run that times out returns an error that wraps
	// context.DeadlineExceeded.
	Timeout time.Duration
	// Budget is the most literals a formula of the SAT backend may hold
	// (blocking clauses of counting included); 0 means the solver's
	// default: DefaultBudget, or CadicalBudget for CaDiCaL in process. A
	// query over it fails with a *TooLarge error before it is built where
	// its size can be told in advance, else before it is solved; so does
	// one that would not fit under the process's address-space limit
	// (ulimit -v).
	Budget int
	// Solver is the SAT backend's solver; the zero value is the default,
	// auto in a build with CaDiCaL and gini in a pure-Go build. See
	// ParseSolver.
	Solver Solver
	// Prunings switches the DFS's prunings (Kind.Prunings) away from
	// their defaults: a comma-separated list of -NAME, which switches one
	// off with those that need it, and +NAME, which switches an optional
	// one on; "" keeps the defaults. Answers stay the same; the work done
	// changes.
	Prunings string
	// Encoding picks the SAT encoding's options (Kind.Encodings): a
	// comma-separated list of POINT=OPTION, or of an OPTION that belongs
	// to one point only; "" keeps the defaults.
	Encoding string
	// Memory, when not nil, is shared with the other runs that use it at
	// once (see NewMemory); a caller that solves in parallel divides its
	// memory with it.
	Memory *Memory
	// Proof, when not nil, certifies the SAT backend's negative answers:
	// every UNSAT answer that a result rests on ("no solution", the bound
	// below an optimum, the end of a count) is solved again by a solver
	// that writes a DRAT proof (Proof.Prover; CaDiCaL by default) and the
	// proof is checked (package sat/drat) before the result is returned;
	// one that fails is an error wrapping ErrNotCertified, never an
	// answer. Stats.Proofs lists the proofs checked, and Proof.Dir keeps
	// them with their formulas. docs/solvers.md says what that guarantees.
	Proof *Proof
	// Session, when set, is one per goroutine; it keeps what the SAT
	// backend reuses across instances (see Session). nil solves each
	// instance on its own.
	Session *Session
}

// Proof says how negative answers are certified (Options.Proof): by
// which prover, and where the proofs are kept, if anywhere.
type Proof = solver.Proof

// Prover is a SAT solver that writes DRAT proofs; ParseProver makes one.
type Prover = solver.Prover

// ProofCheck is one negative answer certified by a checked proof.
type ProofCheck = solver.ProofCheck

// ErrNoProver is the error of asking for proofs with no prover
// available; it says what to install.
var ErrNoProver = solver.ErrNoProver

// ErrNotCertified is wrapped by the error of a negative answer whose
// proof failed.
var ErrNotCertified = solver.ErrNotCertified

// ParseProver returns the prover with the given name: "" for the best
// available (CaDiCaL in process when built in, else the cadical program,
// else kissat), "cadical", "kissat", or the path of one of them; the
// error wraps ErrNoProver when none is available.
func ParseProver(name string) (Prover, error) { return solver.ParseProver(name) }

// DefaultBudget is the budget of a zero Options: 50 million literals,
// about 1.2 GB of formula in this library and gini together.
const DefaultBudget = solver.DefaultBudget

// CadicalBudget is the budget of a zero Options whose Solver is CaDiCaL
// in process: 32 million literals, which take CaDiCaL about what
// DefaultBudget takes gini (solver.CadicalBudget says why).
const CadicalBudget = solver.CadicalBudget

// config returns the SAT driver's configuration.
func (o Options) config() solver.Config {
	c := solver.Config{Budget: o.Budget, Engine: o.Solver.engine, Proof: o.Proof}
	if o.Session != nil {
		c.Pool = o.Session.pool
	}
	return c
}

// withTimeout starts the clock of o.Timeout for one backend's run.
// Without a timeout the run has ctx itself: a context of its own would
// cost each instance of a batch three allocations and stop nothing.
func (o Options) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if o.Timeout > 0 {
		return context.WithTimeout(ctx, o.Timeout)
	}
	return ctx, func() {}
}
