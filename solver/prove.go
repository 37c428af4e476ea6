package solver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
)

// A certified UNSAT answer is one that a proof backs: with Config.Proof
// set, every UNSAT answer of a Solver is solved again by a Prover, an
// engine that writes a DRAT proof, on the formula with the solve's
// assumptions as unit clauses, and the proof is checked by package
// sat/drat before the answer is returned; a proof that is not verified,
// or a prover that finds a model, fails the solve instead. The engine
// that answered first (gini, a program, a portfolio) is not trusted with
// the answer; the prover is not trusted either, only the checker and the
// formula are.

// Proof says how the UNSAT answers of a Solver are certified
// (Config.Proof).
type Proof struct {
	// Prover writes the proofs; nil means DefaultProver's.
	Prover Prover
	// Dir, when not "", keeps every proof there, named after Name, the
	// query and the solve (NAME-QUERY-N.drat), beside the formula it
	// refutes (NAME-QUERY-N.cnf, DIMACS with the solve's assumptions as
	// unit clauses), for anyone to check again (puzzlesat check, or
	// drat-trim). When "", both are written to a temporary folder and
	// removed once checked.
	Dir string
	// Name names the instance in the files' names, such as
	// "cake5.in-1"; "" names it "query".
	Name string
}

// ProofCheck is one UNSAT answer that a checked proof certifies.
type ProofCheck struct {
	Query  string // what was refuted: the query's name, such as "L=12" or "Q<=1617"
	Solve  int    // which solve of its Solver, from 1
	CNF    string // the formula the proof refutes, when kept (Proof.Dir); else ""
	DRAT   string // the proof, when kept; else ""
	Prover string // the Prover's name
	Lemmas int    // the lemmas the proof adds
	Core   int    // of them, the lemmas the refutation uses
	Prove  time.Duration
	Check  time.Duration
}

// Prover is an engine that writes a DRAT proof of each UNSAT answer it
// gives: CaDiCaL in process (TraceProof), or a program that writes one
// (cadical FILE PROOF, kissat FILE PROOF). ParseProver makes one.
type Prover interface {
	// Name returns the prover's name: "cadical" for the library in
	// process, else the program's name or path.
	Name() string
	// prove solves f with the units as unit clauses, writing a DRAT
	// proof to proofPath when the answer is Unsat; cnfPath holds f and
	// the units as DIMACS when it is not "". A model is returned with
	// Sat.
	prove(ctx context.Context, f *cnf.CNF, units []cnf.Lit, cnfPath, proofPath string) (Status, cnf.Model, error)
	// needsFile reports whether prove reads the formula from cnfPath.
	needsFile() bool
}

// ErrNoProver is the error of asking for proofs where no prover is
// available: it says what to install.
var ErrNoProver = errors.New("no solver that writes DRAT proofs: build with -tags cadical (Debian package libcadical-dev) for CaDiCaL in process, or put cadical (Debian package cadical) or kissat on PATH")

// ErrNotCertified is wrapped by the error of an UNSAT answer whose proof
// failed: not verified by the checker, or a model found by the prover.
var ErrNotCertified = errors.New("UNSAT answer not certified")

// DefaultProver returns the best prover available: CaDiCaL in process
// when it is built in, else the cadical program, else kissat, found on
// PATH; the error wraps ErrNoProver when there is none. CryptoMiniSat 5.11
// writes FRAT, not DRAT, so it is not one.
func DefaultProver() (Prover, error) {
	if p := newCadicalProver(); p != nil {
		return p, nil
	}
	for _, name := range []string{"cadical", "kissat"} {
		if p, err := ParseProver(name); err == nil {
			return p, nil
		}
	}
	return nil, ErrNoProver
}

// ParseProver returns the prover with the given name: "" for
// DefaultProver's; "cadical" for CaDiCaL in process when it is built in,
// else the cadical program on PATH; "kissat" for the program on PATH; or
// the path of an executable whose base name is cadical or kissat, run as
// that program is ("PATH -q FILE PROOF").
func ParseProver(name string) (Prover, error) {
	if name == "" {
		return DefaultProver()
	}
	if name == "cadical" {
		if p := newCadicalProver(); p != nil {
			return p, nil
		}
	}
	base := filepath.Base(name)
	if base != "cadical" && base != "kissat" {
		return nil, fmt.Errorf("%q writes no DRAT proof that is known: want cadical or kissat, or the path of one", name)
	}
	e, err := Program(name)
	if err != nil {
		return nil, err
	}
	return &programProver{p: e.(*program)}, nil
}

// programProver runs a program that writes DRAT proofs: "PATH -q FILE
// PROOF", as CaDiCaL and Kissat take it.
type programProver struct{ p *program }

func (pp *programProver) Name() string    { return pp.p.name }
func (pp *programProver) needsFile() bool { return true }

func (pp *programProver) prove(ctx context.Context, f *cnf.CNF, units []cnf.Lit, cnfPath, proofPath string) (Status, cnf.Model, error) {
	spec := *pp.p.spec
	spec.args = []string{"-q", argFile, argProof}
	p := &program{name: pp.p.name, path: pp.p.path, spec: &spec}
	a, err := (&programSession{p: p, f: f, files: map[string]string{argFile: cnfPath, argProof: proofPath}}).solve(ctx, units)
	return a.status, a.model, err
}

// certify proves that the solver's formula with the assumptions is
// unsatisfiable, as s's Proof says, and records the check in s's stats.
func (s *Solver) certify(ctx context.Context, assume []cnf.Lit) error {
	pc, err := certify(ctx, s.proof, s.f, assume, s.query, s.stats.Solves)
	if err != nil {
		return err
	}
	s.stats.Proofs = append(s.stats.Proofs, pc)
	return nil
}

// Certify proves with c's Proof (which must be set) that f is
// unsatisfiable, without solving it first, for an answer that rests on
// f's refutation but that the engine did not give as one UNSAT answer:
// the optimum of a search over cubes, say, certified by the query at the
// bound below it. The stats hold the check.
func Certify(ctx context.Context, c Config, f *cnf.CNF, query string) (Stats, error) {
	st := Stats{Vars: f.NumVars(), Clauses: f.NumClauses()}
	if c.Proof == nil {
		return st, errors.New("sat: Certify without a Proof")
	}
	pc, err := certify(ctx, c.Proof, f, nil, query, 1)
	if err != nil {
		return st, err
	}
	st.Proofs = []ProofCheck{pc}
	return st, nil
}

// certify has f with the units refuted by p's prover and checks the
// proof; n numbers the solve in the files' names.
func certify(ctx context.Context, p *Proof, f *cnf.CNF, units []cnf.Lit, query string, n int) (ProofCheck, error) {
	if query == "" {
		query = "query"
	}
	pc := ProofCheck{Query: query, Solve: n}
	fail := func(err error) (ProofCheck, error) {
		return pc, fmt.Errorf("%s, solve %d: %w", query, n, err)
	}
	prover := p.Prover
	if prover == nil {
		var err error
		if prover, err = DefaultProver(); err != nil {
			return fail(err)
		}
	}
	pc.Prover = prover.Name()
	dir := p.Dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "puzzlesat-proof-")
		if err != nil {
			return fail(err)
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	name := p.Name
	if name == "" {
		name = "query"
	}
	base := filepath.Join(dir, fileName(fmt.Sprintf("%s-%s-%d", name, query, n)))
	// The formula and the proof are written under names of their own in
	// the directory, and renamed to base.cnf and base.drat once the proof
	// is checked: nothing is written through a link or a device that
	// stands at the final names, and a failure or a cancel leaves
	// nothing behind.
	tmp, err := newTempPair(dir, filepath.Base(base))
	if err != nil {
		return fail(err)
	}
	defer tmp.remove()
	cnfPath, proofPath := tmp.cnf, tmp.proof
	g := withUnits(f, units)
	if p.Dir != "" || prover.needsFile() {
		if err := writeProblem(cnfPath, g, query); err != nil {
			return fail(err)
		}
	}
	start := time.Now()
	st, m, err := prover.prove(ctx, f, units, cnfPath, proofPath)
	pc.Prove = time.Since(start)
	switch {
	case err != nil:
		return fail(fmt.Errorf("prover %s: %w", prover.Name(), err))
	case st == Sat:
		if ok, _ := m.Satisfies(g); ok {
			return fail(fmt.Errorf("%w: prover %s found a model, so the UNSAT answer was wrong", ErrNotCertified, prover.Name()))
		}
		return fail(fmt.Errorf("%w: prover %s answered SAT with a model that falsifies the formula", ErrNotCertified, prover.Name()))
	case st != Unsat:
		return fail(ctx.Err())
	}
	r, err := openRegular(proofPath)
	if err != nil {
		return fail(fmt.Errorf("%w: prover %s wrote no proof: %v", ErrNotCertified, prover.Name(), err))
	}
	defer r.Close()
	start = time.Now()
	res, err := drat.Check(ctx, g, r, drat.Options{Name: proofPath})
	pc.Check = time.Since(start)
	if err != nil {
		if ctx.Err() != nil {
			return fail(ctx.Err())
		}
		return fail(fmt.Errorf("%w: the proof of prover %s: %v", ErrNotCertified, prover.Name(), err))
	}
	if res.Verdict != drat.Verified {
		why := res.Reason.String()
		if res.Failed != nil {
			why = res.Failed.String() + ": " + why
		}
		return fail(fmt.Errorf("%w: the proof of prover %s is not verified: %s", ErrNotCertified, prover.Name(), why))
	}
	pc.Lemmas, pc.Core = res.Lemmas, res.CoreLemmas
	if p.Dir != "" {
		if err := tmp.keep(base+".cnf", base+".drat"); err != nil {
			return fail(err)
		}
		pc.CNF, pc.DRAT = base+".cnf", base+".drat"
	}
	return pc, nil
}

// tempPair is the formula and the proof of one certification, under
// names of their own until they are kept.
type tempPair struct{ cnf, proof string }

// newTempPair reserves two new names in dir, starting with prefix.
func newTempPair(dir, prefix string) (*tempPair, error) {
	c, err := os.CreateTemp(dir, "."+prefix+".*.cnf.tmp")
	if err != nil {
		return nil, err
	}
	c.Close()
	d, err := os.CreateTemp(dir, "."+prefix+".*.drat.tmp")
	if err != nil {
		os.Remove(c.Name())
		return nil, err
	}
	d.Close()
	return &tempPair{cnf: c.Name(), proof: d.Name()}, nil
}

// keep renames the pair to cnf and proof, which replaces what stood
// there (a link itself, never what it points to).
func (t *tempPair) keep(cnf, proof string) error {
	for _, p := range []string{t.cnf, t.proof} {
		if err := os.Chmod(p, 0o644); err != nil { // as a file the user made
			return err
		}
	}
	if err := os.Rename(t.cnf, cnf); err != nil {
		return err
	}
	if err := os.Rename(t.proof, proof); err != nil {
		return err
	}
	t.cnf, t.proof = "", ""
	return nil
}

// remove removes what is left of the pair.
func (t *tempPair) remove() {
	for _, p := range []string{t.cnf, t.proof} {
		if p != "" {
			os.Remove(p)
		}
	}
}

// openRegular opens path for reading when it is a regular file, so that a
// device or a FIFO put in its place is refused rather than read without
// end.
func openRegular(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	return f, nil
}

// withUnits returns f, or a copy of f with each of units as a clause of
// its own.
func withUnits(f *cnf.CNF, units []cnf.Lit) *cnf.CNF {
	if len(units) == 0 {
		return f
	}
	g := cnf.NewCap(cnf.Size{Vars: int64(f.NumVars()), Clauses: int64(f.NumClauses() + len(units)), Lits: int64(f.NumLits() + len(units))})
	g.Vars(f.NumVars())
	for i := range f.NumClauses() {
		g.Add(f.Clause(i)...)
	}
	for _, u := range units {
		g.Add(u)
	}
	return g
}

// writeProblem writes f as DIMACS to path, a comment naming the query
// first.
func writeProblem(path string, f *cnf.CNF, query string) error {
	w, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "c puzzlesat: the formula of %s, which the proof beside it refutes\n", query)
	if err == nil {
		err = cnf.WriteProblem(w, f)
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

// fileName makes s a file name that a shell takes as it is: "<=" becomes
// "le", and what is not a letter, a digit or one of ".=+-_" becomes "_".
func fileName(s string) string {
	s = strings.ReplaceAll(s, "<=", "le")
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(".=+-_", r):
			return r
		}
		return '_'
	}, s)
}
