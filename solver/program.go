package solver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// An external program answers each solve of a Solver as a fresh process:
// the formula's clauses (blocking clauses included) and the assumptions
// as unit clauses, written as DIMACS; its answer read back, and a model
// checked against every clause and assumption before it is used. It needs
// no guard against gini's re-solve bug: every process starts afresh.

// Argument placeholders of a programSpec, replaced by the paths of the
// temporary files of one run.
const (
	argIn    = "\x00in"    // the DIMACS file
	argOut   = "\x00out"   // the result file
	argFile  = "\x00file"  // a DIMACS file written already, whose path the session gives
	argProof = "\x00proof" // the proof file, whose path the session gives
)

// programSpec is how to run one known SAT solver and read its answer.
type programSpec struct {
	name string
	args []string // after the program; with argIn the DIMACS goes to a file, else to stdin
	// result: the model is in the result file argOut (MiniSat's form),
	// not on stdout (SAT-competition form).
	result bool
	// satCodes are the exit statuses that mean SAT; 20 means UNSAT.
	satCodes []int
}

// programs are the known solvers, with what their documentation (and,
// for those in Debian bookworm, a run) says of them. Each exits with 10
// on SAT and 20 on UNSAT; 0 means it stopped without an answer.
var programs = []programSpec{
	// MiniSat 2.2: "minisat [options] <input-file> <result-output-file>";
	// -verb=0 keeps stdout to one word (SATISFIABLE, UNSATISFIABLE or
	// INDETERMINATE), the result file holds "SAT" and the literals, or
	// "UNSAT" or "INDET". It reads the input with zlib, which takes
	// /dev/stdin. On stderr it always warns that it set the FPU's precision.
	{name: "minisat", args: []string{"-verb=0", "/dev/stdin", argOut}, result: true, satCodes: []int{10}},
	// Glucose 4: MiniSat's front end, but with a result file version
	// 4.2.1 prints "SAT" to stdout instead of the file (simp/Main.cc), so
	// no result file: -model prints "s SATISFIABLE" and one "v" line on
	// stdout. Not in Debian; from its source.
	{name: "glucose", args: []string{"-verb=0", "-model", argIn}, satCodes: []int{10}},
	// CaDiCaL 1.5: "cadical [options] [dimacs [proof]]", stdin without a
	// file; -q keeps stdout to the "s" and "v" lines.
	{name: "cadical", args: []string{"-q"}, satCodes: []int{10}},
	// Kissat: "kissat [options] [dimacs [proof]]"; -q as CaDiCaL's. Not
	// in Debian; from its source (src/application.c).
	{name: "kissat", args: []string{"-q", argIn}, satCodes: []int{10}},
	// PicoSAT 965: reads stdin, prints "s" and "v" lines.
	{name: "picosat", satCodes: []int{10}},
	// CryptoMiniSat 5: reads stdin; --verb=0 keeps stdout to "s" and "v".
	{name: "cryptominisat5", args: []string{"--verb=0"}, satCodes: []int{10}},
	// clasp 3.3: reads DIMACS on stdin; --verbose=0 prints the "v" lines
	// *before* "s SATISFIABLE". It exits 30 (10|20) when the search space
	// was exhausted too, which happens when the model is unique.
	{name: "clasp", args: []string{"--verbose=0"}, satCodes: []int{10, 30}},
}

// anyProgram is how to run a program given by a path whose name is not a
// known one: "path FILE", as in the SAT competitions, answering on stdout
// in their form.
var anyProgram = programSpec{args: []string{argIn}, satCodes: []int{10}}

// Programs returns the names of the known SAT solvers.
func Programs() []string {
	names := make([]string, len(programs))
	for i, p := range programs {
		names[i] = p.name
	}
	return names
}

// known returns the spec of the known solver called name, or nil.
func known(name string) *programSpec {
	for i := range programs {
		if programs[i].name == name {
			return &programs[i]
		}
	}
	return nil
}

// Program returns the engine that runs an external SAT solver as a fresh
// process for every solve. name is the name of a known solver (see
// Programs), looked up on PATH, or the path of an executable: run as the
// known solver of the same base name, or else as "path FILE", answering
// in SAT-competition form ("s" and "v" lines on stdout, exit status 10
// or 20). An unknown name, a known one not on PATH, or a path that is not
// an executable file is an error.
//
// A run that crashes, prints what cannot be read, exits with another
// status, or claims SAT with a model that falsifies a clause or an
// assumption fails its solve with a *ProgramError. When the context ends,
// the process and every process it started (its process group) are
// killed at once, and the temporary files are removed.
func Program(name string) (Engine, error) {
	spec := known(filepath.Base(name))
	if !strings.ContainsRune(name, os.PathSeparator) {
		if spec == nil {
			return nil, fmt.Errorf("unknown SAT solver %q: want %s, or the path of an executable", name, engineNames())
		}
		path, err := exec.LookPath(name)
		if err != nil {
			return nil, fmt.Errorf("SAT solver %s is not on PATH", name)
		}
		return &program{name: name, path: path, spec: spec}, nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("SAT solver: %w", err)
	}
	if !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
		return nil, fmt.Errorf("SAT solver %s is not an executable file", name)
	}
	if spec == nil {
		spec = &anyProgram
	}
	return &program{name: name, path: name, spec: spec}, nil
}

// Installed returns the engines of the known solvers found on PATH.
func Installed() []Engine {
	var es []Engine
	for _, p := range programs {
		if e, err := Program(p.name); err == nil {
			es = append(es, e)
		}
	}
	return es
}

// Found returns the engines of the known solvers found on PATH, as the
// portfolio enlists them: every one of Installed, but the cadical program
// when CaDiCaL runs in process. Unlike a program the user names, a
// program found is not trusted with an UNSAT answer on its own word (see
// Portfolio).
func Found() []Engine {
	var es []Engine
	_, inProcess := Cadical()
	for _, e := range Installed() {
		p := e.(*program)
		if inProcess && p.name == "cadical" {
			continue
		}
		p.found = true
		es = append(es, p)
	}
	return es
}

// program is an external SAT solver.
type program struct {
	name string // as it was named: a known name or a path
	path string // the executable
	spec *programSpec
	// found: enlisted from PATH by the portfolio, not named by the user,
	// so its UNSAT answers need another member's to be believed.
	found bool
	// lied: a run was caught lying (see ErrLiar); no later run is made.
	lied atomic.Bool
}

func (p *program) Name() string { return p.name }

func (p *program) open(f *cnf.CNF) session { return &programSession{p: p, f: f} }

// ErrBadModel is the error of a program that claimed SAT with a model
// that falsifies a clause or an assumption.
var ErrBadModel = errors.New("its model falsifies the formula")

// ErrLiar is wrapped by the error of every solve of a program that an
// earlier solve, of any formula, caught lying: a model that falsifies the
// formula or an assumption, or an answer that contradicts itself (SAT and
// UNSAT at once). Such a program is not run again: its next UNSAT answer,
// which no model can check, would be believed otherwise, and a wrong
// "no solution" printed. In a portfolio it drops out of every race after.
var ErrLiar = errors.New("it was caught lying earlier in this run, so its answers are no longer taken")

// lie marks the error of a run caught lying, its message unchanged.
type lie struct{ error }

func (l lie) Unwrap() error { return l.error }

// ProgramError is the failure of one run of an external SAT solver: it
// crashed, exited with a status other than SAT's or UNSAT's, printed what
// cannot be read, or lied (ErrBadModel).
type ProgramError struct {
	Program string // its name
	Err     error
	Stderr  string // the end of what it printed on stderr, on one line
}

func (e *ProgramError) Error() string {
	s := e.Program + ": " + e.Err.Error()
	if e.Stderr != "" {
		s += "; its stderr ends " + strconv.Quote(e.Stderr)
	}
	return s
}

// Unwrap returns the cause.
func (e *ProgramError) Unwrap() error { return e.Err }

// isSat reports whether exit status code means SAT.
func (s *programSpec) isSat(code int) bool { return slices.Contains(s.satCodes, code) }

// checkModel returns an error wrapping ErrBadModel when m falsifies a
// clause of f or one of the assumptions.
func checkModel(m cnf.Model, f *cnf.CNF, assume []cnf.Lit) error {
	if ok, i := m.Satisfies(f); !ok {
		return fmt.Errorf("%w: clause %d (%s) is false", ErrBadModel, i+1, clauseText(f.Clause(i)))
	}
	for i, l := range assume {
		if !m.Value(l) {
			return fmt.Errorf("%w: assumption %d (%v) is false", ErrBadModel, i+1, l)
		}
	}
	return nil
}

// clauseText prints a clause as DIMACS, cut after a few literals.
func clauseText(c []cnf.Lit) string {
	var b strings.Builder
	for i, l := range c {
		if i == 8 {
			b.WriteString("... ")
			break
		}
		b.WriteString(l.String() + " ")
	}
	b.WriteString("0")
	return b.String()
}
