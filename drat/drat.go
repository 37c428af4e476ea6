package drat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Format is the encoding of a proof.
type Format uint8

const (
	Auto   Format = iota // detected from the first bytes (see the package doc)
	Text                 // DIMACS-like lines: "1 -2 0", "d 1 -2 0"
	Binary               // 'a' or 'd', variable-length literals, a 0 byte
)

func (f Format) String() string {
	switch f {
	case Auto:
		return "auto"
	case Text:
		return "text"
	case Binary:
		return "binary"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// Options are the settings of Check. The zero value checks a proof of any
// format, named "proof" in errors, and writes nothing.
type Options struct {
	// Name names the proof in errors, such as its file name; "proof" when empty.
	Name string
	// Format is the proof's format; Auto detects it.
	Format Format
	// Core, when not nil, receives the formula's clauses that the
	// refutation uses, as DIMACS with the formula's variables, once the
	// proof is verified: an unsatisfiable subset of the formula.
	Core io.Writer
	// LRAT, when not nil, receives the refutation in LRAT once the proof is
	// verified: each lemma that the refutation uses, with the clauses
	// (numbered as in the formula, then the proof's lemmas after them)
	// that unit propagation uses to derive it, and the proof's deletions
	// of such clauses; the last line derives the empty clause.
	LRAT io.Writer
	// MaxBytes, when positive, bounds what the checker's state takes
	// beyond the formula and the proof it holds (see Check); a check that
	// would take more fails before it starts, with an error that wraps
	// ErrTooLarge. A caller under an address-space limit sets it from
	// what the limit leaves.
	MaxBytes int64
}

// Verdict is what Check concluded about a proof.
type Verdict uint8

const (
	NotVerified Verdict = iota // the proof does not show that the formula is unsatisfiable
	Verified                   // it does
)

func (v Verdict) String() string {
	switch v {
	case NotVerified:
		return "NOT VERIFIED"
	case Verified:
		return "VERIFIED"
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// Reason says why a proof was not verified.
type Reason uint8

const (
	// NoReason: the proof was verified.
	NoReason Reason = iota
	// NoConflict: the formula and every lemma of the proof together do
	// not propagate to a conflict (nor does the proof add the empty
	// clause): the proof refutes nothing, as every proof of a satisfiable
	// formula.
	NoConflict
	// NotImplied: a lemma that the refutation uses is neither implied by
	// unit propagation (RUP) nor a resolution asymmetric tautology on its
	// first literal (RAT) with respect to the clauses held at that point.
	NotImplied
)

func (r Reason) String() string {
	switch r {
	case NoReason:
		return "verified"
	case NoConflict:
		return "no conflict reached"
	case NotImplied:
		return "lemma is neither RUP nor RAT on its first literal"
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// Result is the outcome of Check.
type Result struct {
	Verdict Verdict
	Reason  Reason   // NoReason when verified
	Failed  *Failure // the lemma that failed, for NotImplied; nil otherwise
	Stats
}

// Failure is a lemma that failed its check. The check goes backwards
// from the conflict, so it is the last failing lemma of those the
// refutation uses; lemmas before it are not checked.
type Failure struct {
	Lemma  int       // 1-based, among the lemmas (additions) of the proof
	Line   int       // the line the lemma starts on, for a text proof; 0 for binary
	Offset int64     // the byte offset where the lemma starts, for a binary proof
	Clause []cnf.Lit // the lemma, repeated literals removed, first literal first
}

func (f *Failure) String() string {
	where := fmt.Sprintf("byte %d", f.Offset)
	if f.Line > 0 {
		where = fmt.Sprintf("line %d", f.Line)
	}
	return fmt.Sprintf("lemma %d (%s): %v", f.Lemma, where, f.Clause)
}

// Stats counts what the proof held and what the check did.
type Stats struct {
	Lemmas      int // clauses the proof adds
	Deletions   int // deletions the proof makes
	Ignored     int // deletions ignored: of clauses unit at that point, or of clauses not held
	CoreLemmas  int // lemmas the refutation uses, each checked
	CoreClauses int // clauses of the formula the refutation uses
	RATChecks   int // lemmas checked by RAT once their RUP check had failed
	Conflict    int // 1-based index of the lemma whose addition led to the conflict; 0 for the formula alone or none
}

// ErrSyntax is wrapped by the *ProofError of a proof that does not parse.
var ErrSyntax = errors.New("malformed DRAT proof")

// ErrTooLarge is wrapped by the error for a formula and proof whose
// clauses do not fit the checker's 32-bit indices (about 4 billion
// literals, or a billion clauses).
var ErrTooLarge = errors.New("proof too large")

// ProofError reports a proof that cannot be read: malformed, too large,
// or failing to read.
type ProofError struct {
	File   string
	Line   int   // 1-based line of a text proof; 0 for a binary proof
	Offset int64 // byte offset in a binary proof
	Err    error // wraps ErrSyntax, ErrTooLarge or the reader's error
}

func (e *ProofError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: byte %d: %v", e.File, e.Offset, e.Err)
}

// Unwrap returns the underlying error.
func (e *ProofError) Unwrap() error { return e.Err }

// Check checks that proof, a DRAT proof in text or binary, refutes the
// formula f (its clauses as kept: a streaming formula's streamed clauses
// are not seen). A proof that does not refute f is a Result with the
// verdict NotVerified and a nil error; the error is a *ProofError for a
// proof that cannot be read, whatever its content, one that wraps
// ErrTooLarge for a formula beyond 32-bit indices or a state over
// o.MaxBytes, or ctx's error when ctx ends first. The whole proof is read, its steps after the conflict
// too. The writers of o receive the core and the LRAT only when the
// proof is verified; their errors are returned.
//
// Time and memory: the proof is held in memory, one 32-bit word per
// literal and a few per clause, with per-variable state for the variables
// that the formula and the proof name (numbered densely, so that the
// numbers themselves cost nothing). Checking costs unit propagations over
// the clauses held, for every lemma that the refutation uses.
func Check(ctx context.Context, f *cnf.CNF, proof io.Reader, o Options) (*Result, error) {
	name := o.Name
	if name == "" {
		name = "proof"
	}
	s := newChecker(ctx)
	s.lrat = o.LRAT != nil
	if err := s.loadFormula(f); err != nil {
		return nil, err
	}
	if err := s.readProof(proof, name, o.Format); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err() // the reader may stop with ctx
		}
		return nil, err
	}
	if need := s.footprint(); o.MaxBytes > 0 && need > o.MaxBytes {
		return nil, fmt.Errorf("%w: checking this formula and proof would take about %d MB more, over the %d MB allowed", ErrTooLarge, need>>20, o.MaxBytes>>20)
	}
	res, err := s.run()
	if err != nil {
		return nil, err
	}
	if res.Verdict != Verified {
		return res, nil
	}
	if o.Core != nil {
		if err := s.writeCore(o.Core, f); err != nil {
			return nil, fmt.Errorf("write the core: %w", err)
		}
	}
	if o.LRAT != nil {
		if err := s.writeLRAT(o.LRAT); err != nil {
			return nil, fmt.Errorf("write the LRAT proof: %w", err)
		}
	}
	return res, nil
}
