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
	// Both runs DFS, then SAT, and returns a *Disagreement unless they agree.
	// when the two agree, else a *Disagreement.
	Both
	// Race runs DFS and SAT at once; the first to settle wins (Stats.Won).
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
// no time limit, and for the SAT backend the default solver (auto with
// CaDiCaL linked in, else gini) under its default budget.
type Options struct {
	Backend  Backend
	Timeout  time.Duration // each backend's limit per instance; 0: the context's
	Budget   int           // the most literals of a SAT formula; 0: the solver's default
	Solver   solver.Engine // the SAT solver (solver.ParseEngine); nil: the default
	Prunings string        // the DFS's prunings: "-NAME,+NAME" (Kind.ParsePrunings)
	Encoding string        // the SAT encoding: "POINT=OPTION" (Kind.ParseEncoding)
	Memory   *Memory       // shared by the runs that go on at once; nil: all of it
	// Proof, when not nil, certifies every UNSAT answer a result rests
	// on with a checked DRAT proof, or fails (docs/solvers.md).
	Proof   *solver.Proof
	Session *Session // one per goroutine: what a batch reuses; nil: none
	// CountCuts fills Stats.Cuts; without it or Tree the DFS runs as its
	// build that counts nothing.
	CountCuts bool
	Tree      trace.Sink // receives the DFS's tree as it runs (a trace.Recorder)
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

// SolveCNF solves any formula with o.Solver under o.Budget, certifying an
// UNSAT answer when o.Proof is set; ctx sets the time. It returns
// solver.Sat with a model, solver.Unsat, or solver.Unknown with ctx's error.
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
