package puzzlesat

import (
	"context"
	"io"
	"time"

	"github.com/puzzlesat/puzzlesat/encode/cnf"
	"github.com/puzzlesat/puzzlesat/internal/addrspace"
	"github.com/puzzlesat/puzzlesat/sat/solver"
)

// Solver is the SAT solver that answers the SAT backend's queries. The
// zero value is the default: auto in a build with the tag cadical, gini
// in process in a pure-Go build (see solver.Default); ParseSolver makes
// the others. It reads and writes its
// name as text, so that flag.TextVar takes it.
type Solver struct {
	engine solver.Engine // nil for the default
}

// ParseSolver returns the solver with the given name:
//   - "" for the default: auto in a build with the tag cadical, else gini;
//   - "gini" for gini in process, which solves incrementally;
//   - "cadical" for CaDiCaL in process, incremental too, in a build with
//     the tag cadical (see CadicalBuiltIn); in other builds the cadical
//     program;
//   - "auto" for the solver in process that suits each query, picked by
//     a table of rules from the query's kind, size and use (one query,
//     or one step of a loop): gini or CaDiCaL, never one not built in;
//     Stats.Picked names each pick. docs/solvers.md holds the table;
//   - the name of a known program (see KnownSolvers), found on PATH, or
//     the path of any executable: run once per solve as "PROGRAM FILE" on
//     a DIMACS file, answering in SAT-competition form; its models are
//     checked against the formula before they are used;
//   - "portfolio": the solvers in process (gini, and CaDiCaL when built
//     in) racing every known program found on PATH on each solve, the
//     first definite answer winning, with no more racers at once than
//     the process has CPUs, the strongest by auto's rules first; an
//     UNSAT answer of a program found on PATH counts only once another
//     member agrees;
//   - "portfolio:A,B,...": a race of the solvers named A, B, ...
//
// An unknown name, or a known program that is not on PATH, is an error.
func ParseSolver(name string) (Solver, error) {
	if name == "" {
		return Solver{}, nil
	}
	e, err := solver.ParseEngine(name)
	if err != nil {
		return Solver{}, err
	}
	return Solver{e}, nil
}

// CadicalBuiltIn reports whether CaDiCaL runs in process in this build
// (the build tag cadical), so that ParseSolver("cadical") is the library
// rather than the program.
func CadicalBuiltIn() bool {
	_, ok := solver.Cadical()
	return ok
}

// KnownSolvers returns the names of the external programs ParseSolver
// knows, such as "minisat" and "cadical".
func KnownSolvers() []string { return solver.Programs() }

// String returns the solver's name, as ParseSolver reads it.
func (s Solver) String() string {
	if s.engine == nil {
		return solver.Default().Name()
	}
	return s.engine.Name()
}

// MarshalText returns the solver's name.
func (s Solver) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText sets s to the solver ParseSolver returns for text.
func (s *Solver) UnmarshalText(text []byte) error {
	v, err := ParseSolver(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Formula is a CNF formula, with its variables' names: read one with
// ReadDIMACS, or take a puzzle's from Kind.Encode. Its methods are those
// of package puzzlesat/encode/cnf, which builds every encoding.
type Formula = cnf.CNF

// Var is a variable of a Formula, numbered from 1 as in DIMACS.
type Var = cnf.Var

// Model is a truth value per variable, indexed by Var; index 0 is unused.
type Model = cnf.Model

// Status is the answer of a SAT solve: Sat, Unsat or Unknown.
type Status = solver.Status

// The answers of SolveCNF.
const (
	Sat     = solver.Sat
	Unsat   = solver.Unsat
	Unknown = solver.Unknown // the context ended first
)

// ReadDIMACS reads a formula in DIMACS CNF; file names r in errors, which
// give its line. Memory follows the clauses read, not the header's
// promise, and ctx stops a long read.
func ReadDIMACS(ctx context.Context, file string, r io.Reader) (*Formula, error) {
	return cnf.ReadDIMACS(ctx, file, r)
}

// ReadDIMACS reads a formula as the function ReadDIMACS does, holding at
// most the literals that o's solver may take: o.Budget, or the solver's
// default, and under an address-space limit what a quarter of what the
// limit leaves holds. Past them it stops with a *cnf.DIMACSError that
// wraps cnf.ErrTooLarge (package puzzlesat/encode/cnf), before the file
// is read whole.
func (o Options) ReadDIMACS(ctx context.Context, file string, r io.Reader) (*Formula, error) {
	most := o.config().Limit()
	if limit := addrspace.Limit(); limit > 0 {
		if left := limit - addrspace.Used(); left > 0 {
			most = int(min(int64(most), left/4/readBytes))
		}
	}
	return cnf.ReadDIMACSAtMost(ctx, file, r, max(most, 1))
}

// readBytes is the memory a literal read from DIMACS takes until the
// formula is handed on: 4 bytes, twice over while its slice grows, and
// as much again for Compact's copy.
const readBytes = 16

// SolveCNF solves any formula with s, under the solver's default budget.
// It returns Sat with a model, Unsat, or Unknown with the context's error
// when ctx ended first; or the solver's error (an external program that
// failed or lied).
func SolveCNF(ctx context.Context, f *Formula, s Solver) (Status, Model, Stats, error) {
	return Options{Solver: s}.SolveCNF(ctx, f)
}

// SolveCNF solves any formula as o says: with o.Solver, under o.Budget,
// and with an UNSAT answer certified when o.Proof is set (whose Name
// then names the formula's files). o.Backend and o.Timeout are not used:
// ctx sets the time. The results are those of the function SolveCNF.
func (o Options) SolveCNF(ctx context.Context, f *Formula) (Status, Model, Stats, error) {
	start := time.Now()
	sv := o.config().New(f)
	defer sv.Close()
	sv.Name("cnf")
	status, err := sv.Solve(ctx)
	st := satStats(sv.Stats())
	st.Time = time.Since(start)
	return status, sv.Model(), st, err
}
