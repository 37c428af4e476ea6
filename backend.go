package puzzlesat

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/trace"
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
	// default: solver.DefaultBudget, or solver.CadicalBudget for CaDiCaL
	// in process. A query over it fails with a *solver.TooLarge error
	// before it is built where
	// its size can be told in advance, else before it is solved; so does
	// one that would not fit under the process's address-space limit
	// (ulimit -v).
	Budget int
	// Solver is the SAT backend's solver (solver.ParseEngine makes one
	// from its name); nil is the default, auto in a build with CaDiCaL
	// and gini in a pure-Go build.
	Solver solver.Engine
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
	// proof is checked (package drat) before the result is returned; one
	// that fails is an error wrapping solver.ErrNotCertified, never an
	// answer. Stats.Proofs lists the proofs checked, and Proof.Dir keeps
	// them with their formulas. docs/solvers.md says what that guarantees.
	Proof *solver.Proof
	// Session, when set, is one per goroutine; it keeps what the SAT
	// backend reuses across instances (see Session). nil solves each
	// instance on its own.
	Session *Session
	// CountCuts asks the DFS for the count of each pruning's acts in
	// Stats.Cuts, as --stats prints them. Without it (and without Tree)
	// the DFS runs as its build that counts nothing, which costs up to a
	// quarter less (docs/results.md), and Stats.Cuts is nil.
	CountCuts bool
	// Tree, when not nil, receives the DFS's search tree as it runs: its
	// decisions, the cuts under each and its answers (a trace.Recorder,
	// as Trace uses, or a Sink of one's own). It serves one run at a
	// time; the SAT backend ignores it.
	Tree trace.Sink
}

// config returns the SAT driver's configuration.
func (o Options) config() solver.Config {
	c := solver.Config{Budget: o.Budget, Engine: o.Solver, Proof: o.Proof}
	if o.Session != nil {
		c.Pool = o.Session.pool
	}
	return c
}

// config returns the SAT driver's configuration for the formulas of p,
// with the kind's hint for solver.Auto.
func (k Kind) config(o Options, p kind.Instance) solver.Config {
	c := o.config()
	if h, ok := k.Kind.(kind.Hinter); ok {
		c.Hint = h.Hint(p)
	}
	return c
}

// commentHint returns the hint of the kind whose encoder wrote f, named by
// f's first comment that starts "puzzlesat ", as a DIMACS file from
// Encode keeps it; nil for a formula no kind of the registry wrote.
func commentHint(f *cnf.CNF) solver.Hint {
	for _, c := range f.Comments() {
		rest, ok := strings.CutPrefix(c, "puzzlesat ")
		if !ok {
			continue
		}
		words := strings.Fields(rest)
		for _, k := range kind.All() {
			if h, ok := k.(kind.Hinter); ok && len(words) > 0 && k.Name() == words[0] {
				return h.CommentHint(c)
			}
		}
		return nil
	}
	return nil
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

// SolveCNF solves any formula as o says: with o.Solver, under o.Budget,
// and with an UNSAT answer certified when o.Proof is set (whose Name then
// names the formula's files); solver.Auto picks for a formula that
// Encode wrote, read back, by its kind's hint, the kind named by its
// first comment. o.Backend and o.Timeout are not used: ctx sets the
// time. It returns solver.Sat with a model, solver.Unsat, or
// solver.Unknown with the context's error when ctx ended first; or the
// solver's error (an external program that failed or lied).
func (o Options) SolveCNF(ctx context.Context, f *cnf.CNF) (solver.Status, cnf.Model, Stats, error) {
	start := time.Now()
	c := o.config()
	c.Hint = commentHint(f)
	sv := c.New(f)
	defer sv.Close()
	sv.Name("cnf")
	status, err := sv.Solve(ctx)
	st := satStats(sv.Stats())
	st.Time = time.Since(start)
	return status, sv.Model(), st, err
}
