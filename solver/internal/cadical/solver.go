//go:build cadical

package cadical

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/puzzlesat/puzzlesat/cnf"
)

/*
#cgo LDFLAGS: -lcadical -lstdc++ -lm
#include <stdlib.h>
#include "shim.h"
*/
import "C"

// Status is the answer of one solve.
type Status int8

// The three answers of a solve, valued as in package sat.
const (
	Unknown Status = 0 // stopped before an answer: the context ended or a Limit was hit
	Sat     Status = 1
	Unsat   Status = -1
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return fmt.Sprintf("Status(%d)", int8(s))
}

// The errors of a call made when the solver cannot take it. Each is
// returned wrapped, with the call's name: test with errors.Is.
var (
	// ErrClosed: the solver was closed.
	ErrClosed = errors.New("solver closed")
	// ErrBusy: another call on the same solver is running, such as a
	// Solve in another goroutine. A Solver is not safe for concurrent use.
	ErrBusy = errors.New("solver busy with another call")
	// ErrState: CaDiCaL does not allow the call now: an option or a proof
	// after the first clause, a model when the last solve did not answer
	// Sat (or a clause came since), failed assumptions without Unsat.
	ErrState = errors.New("not allowed in the solver's state")
	// ErrOption: CaDiCaL has no such option, configuration or limit, or
	// the package refuses to set it (see SetOption).
	ErrOption = errors.New("unknown or refused option")
	// ErrLiteral: a literal of variable 0 (cnf.Lit 0 or 1), which CaDiCaL
	// would read as the end of the clause.
	ErrLiteral = errors.New("literal of variable 0")
	// ErrBroken: CaDiCaL threw an exception (out of memory) in an earlier
	// call, so its state is unknown; only Close is allowed.
	ErrBroken = errors.New("solver broken by an exception in CaDiCaL")
)

// state mirrors CaDiCaL's API state (cadical.hpp, "States and
// Transitions") as the caller sees it. The ADDING state never outlives a
// call, because clauses reach CaDiCaL whole.
type state uint8

const (
	configuring state = iota // nothing added, assumed or solved yet: options and proofs allowed
	unknown                  // clauses added, or the last solve stopped
	satisfied                // the last solve answered Sat and nothing was added since
	unsatisfied              // the last solve answered Unsat and nothing was added since
	closed
	broken
)

// flushAt is the number of pending literals past which AddClause hands
// them to CaDiCaL: one cgo call per 64K literals costs well under a
// nanosecond per literal, and the buffer stays at 256 KB.
const flushAt = 1 << 16

// Solver is one CaDiCaL instance, used incrementally: clauses are added
// at any time between solves, and each Solve takes its own assumptions.
//
// Its memory is CaDiCaL's, outside Go's heap, so the garbage collector
// neither counts nor promptly frees it: call Close when done. A Solver
// left unreachable without Close is freed by a cleanup some time after a
// garbage collection, which is a backstop, not a plan.
//
// A Solver is not safe for concurrent use. A call made while another runs
// (a Solve in another goroutine) returns ErrBusy rather than reaching
// CaDiCaL, where it would abort the process.
type Solver struct {
	p       *C.shim
	busy    atomic.Bool
	lost    atomic.Bool // a clause came while busy and was dropped: an AddClause error
	st      state
	err     error     // the first error of AddClause, returned by every later call that solves
	pending []cnf.Lit // clauses not yet given to CaDiCaL, each ended by 0
	flushAt int       // len(pending) that triggers a flush: the constant flushAt, lower in tests
	maxVar  cnf.Var   // the largest variable in a clause or assumption
	assumed []cnf.Lit // the assumptions of the last solve, for Failed
	gen     uint64    // the generation of the last solve, for stopping it
	tracing int8      // 0 no proof, 1 writing a proof, -1 proof closed
	cleanup runtime.Cleanup
}

// New returns an empty solver with CaDiCaL's default options, made quiet:
// CaDiCaL prints nothing. It fails only when CaDiCaL cannot allocate.
func New() (*Solver, error) {
	if err := checkAPITrace(); err != nil {
		return nil, err
	}
	p := C.shim_new()
	if p == nil {
		return nil, errors.New("cadical: New: CaDiCaL could not make a solver")
	}
	s := &Solver{p: p, flushAt: flushAt}
	s.cleanup = runtime.AddCleanup(s, func(p *C.shim) { C.shim_delete(p) }, p)
	return s, nil
}

// apiTraced counts the solvers made while CADICAL_API_TRACE is set.
var apiTraced atomic.Int32

// checkAPITrace refuses a second solver while CADICAL_API_TRACE (or
// CADICALAPITRACE) is set: CaDiCaL traces API calls of one solver per
// process to that file and aborts the process when a second is made
// (Solver::Solver in solver.cpp).
func checkAPITrace() error {
	_, a := os.LookupEnv("CADICAL_API_TRACE")
	_, b := os.LookupEnv("CADICALAPITRACE")
	if (a || b) && apiTraced.Add(1) > 1 {
		return errors.New("cadical: New: CADICAL_API_TRACE is set and a solver was already made; CaDiCaL would abort")
	}
	return nil
}

// Version returns the version string of the CaDiCaL library linked in.
func Version() string { return C.GoString(C.shim_version()) }

// enter claims s for one call that reaches CaDiCaL. Unless it returns an
// error, the caller must call s.leave.
func (s *Solver) enter(op string) error {
	if !s.busy.CompareAndSwap(false, true) {
		return fmt.Errorf("cadical: %s: %w", op, ErrBusy)
	}
	switch s.st {
	case closed:
		s.busy.Store(false)
		return fmt.Errorf("cadical: %s: %w", op, ErrClosed)
	case broken:
		s.busy.Store(false)
		return fmt.Errorf("cadical: %s: %w", op, ErrBroken)
	}
	return nil
}

func (s *Solver) leave() { s.busy.Store(false) }

// breaks records a CaDiCaL exception in the call op.
func (s *Solver) breaks(op string) error {
	s.st = broken
	return fmt.Errorf("cadical: %s: %w", op, ErrBroken)
}

// Close ends the proof, if one is open, and frees CaDiCaL's memory; it
// returns the error of writing the proof's end. Later calls return
// ErrClosed; closing again does nothing.
func (s *Solver) Close() error {
	if !s.busy.CompareAndSwap(false, true) {
		return fmt.Errorf("cadical: Close: %w", ErrBusy)
	}
	defer s.leave()
	if s.st == closed {
		return nil
	}
	var err error
	if s.tracing == 1 && s.st != broken {
		if e := C.shim_close_proof(s.p); e > 0 {
			err = fmt.Errorf("cadical: Close: the proof: %w", syscall.Errno(e))
		}
		s.tracing = -1
	}
	s.cleanup.Stop()
	C.shim_delete(s.p)
	s.p, s.st, s.pending = nil, closed, nil
	return err
}

// refused lists the options SetOption will not set: those that print on
// stdout (the library never prints), checkfrozen (it makes CaDiCaL abort
// when a clause reuses an eliminated variable, which the restore-based
// incremental use here allows), and terminateint (it slows stopping).
var refused = map[string]string{
	"quiet":        "it would print on stdout",
	"verbose":      "it would print on stdout",
	"report":       "it would print on stdout",
	"reportall":    "it would print on stdout",
	"reportsolve":  "it would print on stdout",
	"log":          "it would print on stdout",
	"checkfrozen":  "it aborts the process on valid incremental use",
	"terminateint": "it delays stopping a solve",
}

// SetOption sets one of CaDiCaL's options, as `cadical --name=val` would:
// for example ("seed", 7), ("elim", 0), or ("lucky", 0). CaDiCaL allows
// it only before the first clause, assumption or solve, so later it
// returns ErrState; an unknown name, or one in the refused list (quiet,
// verbose, report, reportall, reportsolve, log, checkfrozen,
// terminateint), returns ErrOption. A value out of range is clamped by
// CaDiCaL.
func (s *Solver) SetOption(name string, val int) error {
	if err := s.enter("SetOption"); err != nil {
		return err
	}
	defer s.leave()
	if why, ok := refused[name]; ok {
		return fmt.Errorf("cadical: SetOption(%q): %s: %w", name, why, ErrOption)
	}
	if s.st != configuring {
		return fmt.Errorf("cadical: SetOption(%q) after the first clause: %w", name, ErrState)
	}
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	switch C.shim_set(s.p, cs, C.int(val)) {
	case 1:
		return nil
	case 0:
		return fmt.Errorf("cadical: SetOption(%q): %w", name, ErrOption)
	}
	return s.breaks("SetOption")
}

// Option returns the value of one of CaDiCaL's options, 0 for an unknown
// name.
func (s *Solver) Option(name string) (int, error) {
	if err := s.enter("Option"); err != nil {
		return 0, err
	}
	defer s.leave()
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return int(C.shim_get(s.p, cs)), nil
}

// Configure sets a group of options by CaDiCaL's configuration name:
// "default", "plain" (no pre- or inprocessing), "sat" or "unsat". Like
// SetOption it is allowed only before the first clause.
func (s *Solver) Configure(name string) error {
	if err := s.enter("Configure"); err != nil {
		return err
	}
	defer s.leave()
	if s.st != configuring {
		return fmt.Errorf("cadical: Configure(%q) after the first clause: %w", name, ErrState)
	}
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	switch C.shim_configure(s.p, cs) {
	case 1:
		return nil
	case 0:
		return fmt.Errorf("cadical: Configure(%q): %w", name, ErrOption)
	}
	return s.breaks("Configure")
}

// Limit bounds the next Solve only: "conflicts" or "decisions" (a
// negative value means no bound), "preprocessing" rounds or
// "localsearch" rounds (both 0 by default). A solve stopped by a limit
// returns Unknown and a nil error.
func (s *Solver) Limit(name string, val int) error {
	if err := s.enter("Limit"); err != nil {
		return err
	}
	defer s.leave()
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	switch C.shim_limit(s.p, cs, C.int(val)) {
	case 1:
		return nil
	case 0:
		return fmt.Errorf("cadical: Limit(%q): %w", name, ErrOption)
	}
	return s.breaks("Limit")
}

// AddClause adds the clause l1 ∨ l2 ∨ ...; an empty clause makes the
// formula unsatisfiable. It implements cnf.Sink, so a formula can stream
// straight into the solver. The clause is buffered and reaches CaDiCaL
// with the next 64K literals or at the next Solve, so a clause costs no
// cgo call of its own. ls is not kept.
//
// Like a bufio.Writer, AddClause keeps its first error (a literal of
// variable 0, a closed solver, a Solve running in another goroutine)
// instead of returning it: the clause is dropped, every later clause
// too, and every later Solve returns that error, as does Err.
func (s *Solver) AddClause(ls []cnf.Lit) {
	if s.busy.Load() { // a Solve in another goroutine: touch nothing else
		s.lost.Store(true)
		return
	}
	if s.err != nil {
		return
	}
	top := s.maxVar
	for _, l := range ls {
		if l < 2 {
			s.err = fmt.Errorf("cadical: AddClause(%v): %w", ls, ErrLiteral)
			return
		}
		top = max(top, l.Var())
	}
	switch {
	case s.st == closed:
		s.err = fmt.Errorf("cadical: AddClause: %w", ErrClosed)
		return
	case s.st == broken:
		s.err = fmt.Errorf("cadical: AddClause: %w", ErrBroken)
		return
	}
	s.maxVar = top
	s.pending = append(append(s.pending, ls...), 0)
	s.st = unknown
	if len(s.pending) >= s.flushAt {
		s.flush()
	}
}

// Hint tells the solver that the formula will have the given numbers of
// variables, clauses and literals; CaDiCaL then makes its variable
// tables once (Solver::reserve) instead of regrowing them. Like a
// clause, it ends the time when options may be set. It implements the
// hint that cnf.CNF.Hint passes on to a streaming formula's sink; only
// vars is used.
func (s *Solver) Hint(vars, clauses, lits int) {
	if s.err != nil || vars <= int(s.maxVar) {
		return
	}
	vars = min(vars, 1<<31-1)
	if err := s.enter("Hint"); err != nil {
		s.err = err
		return
	}
	defer s.leave()
	if C.shim_reserve(s.p, C.int(vars)) != 0 {
		s.err = s.breaks("Hint")
		return
	}
	s.st = unknown
}

// errLost is the error of a clause added while another call ran.
var errLost = fmt.Errorf("cadical: AddClause during another call: %w", ErrBusy)

// Err returns the first error of AddClause, nil if none.
func (s *Solver) Err() error {
	if s.err == nil && s.lost.Load() {
		return errLost
	}
	return s.err
}

// flush hands the pending clauses to CaDiCaL.
func (s *Solver) flush() {
	if err := s.enter("AddClause"); err != nil {
		s.err = err
		return
	}
	defer s.leave()
	if C.shim_add(s.p, litPtr(s.pending), C.size_t(len(s.pending))) != 0 {
		s.err = s.breaks("AddClause")
	}
	s.pending = s.pending[:0]
}

// litPtr returns the address of ls's first literal for C, nil when empty.
// cnf.Lit is a uint32 with the layout shim.cc decodes (2v, 2v+1).
func litPtr(ls []cnf.Lit) *C.uint32_t {
	if len(ls) == 0 {
		return nil
	}
	return (*C.uint32_t)(unsafe.Pointer(&ls[0]))
}

// Solve decides the clauses added so far under the assumptions, which
// hold for this solve only. It returns Sat (read Model), Unsat (read
// Failed), or Unknown: with ctx's error when ctx ended, which stops a
// running solve within milliseconds, or with nil when a Limit did. The
// solver stays usable after every answer, stopped solves included.
//
// One cgo call hands CaDiCaL the pending clauses and the assumptions and
// solves. It returns the first AddClause error, if any, without solving.
func (s *Solver) Solve(ctx context.Context, assume ...cnf.Lit) (Status, error) {
	if err := s.enter("Solve"); err != nil {
		return Unknown, err
	}
	defer s.leave()
	if s.err == nil && s.lost.Load() {
		s.err = errLost
	}
	if s.err != nil {
		return Unknown, s.err
	}
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	top := s.maxVar
	for _, l := range assume {
		if l < 2 {
			return Unknown, fmt.Errorf("cadical: Solve(assume %v): %w", assume, ErrLiteral)
		}
		top = max(top, l.Var())
	}
	s.maxVar = top
	s.gen++
	gen := s.gen
	stop, done := func() bool { return true }, (chan struct{})(nil)
	if ctx.Done() != nil {
		p := s.p
		done = make(chan struct{})
		stop = context.AfterFunc(ctx, func() {
			C.shim_interrupt(p, C.uint64_t(gen))
			close(done)
		})
	}
	res := C.shim_solve(s.p, litPtr(s.pending), C.size_t(len(s.pending)), litPtr(assume), C.size_t(len(assume)), C.uint64_t(gen))
	if !stop() {
		<-done // the interrupt ran or is running: let it finish before s.p can be freed
	}
	s.pending = s.pending[:0]
	s.assumed = append(s.assumed[:0], assume...)
	switch res {
	case 10:
		s.st = satisfied
		return Sat, nil
	case 20:
		s.st = unsatisfied
		return Unsat, nil
	case 0:
		s.st = unknown
		return Unknown, ctx.Err()
	}
	return Unknown, s.breaks("Solve")
}

// MaxVar returns the largest variable of a clause or assumption so far.
func (s *Solver) MaxVar() cnf.Var { return s.maxVar }

// Model returns the model of the last solve, which must have answered Sat
// with no clause added since (ErrState otherwise): the value of every
// variable up to MaxVar, read in one cgo call. It reuses m's storage when
// it has room.
func (s *Solver) Model(m cnf.Model) (cnf.Model, error) {
	if err := s.enter("Model"); err != nil {
		return m, err
	}
	defer s.leave()
	if s.st != satisfied {
		return m, fmt.Errorf("cadical: Model without a Sat answer: %w", ErrState)
	}
	n := int(s.maxVar) + 1
	if cap(m) < n {
		m = make(cnf.Model, n)
	}
	m = m[:n]
	m[0] = false
	if C.shim_model(s.p, (*C.uchar)(unsafe.Pointer(unsafe.SliceData(m))), C.int(n)) != 0 {
		return m[:0], s.breaks("Model")
	}
	return m, nil
}

// Failed returns the assumptions of the last solve that CaDiCaL used to
// refute them: a subset, not always minimal, that is unsatisfiable with
// the clauses; empty when the clauses alone are. The last solve must have
// answered Unsat with no clause added since (ErrState otherwise). It
// appends to dst[:0].
func (s *Solver) Failed(dst []cnf.Lit) ([]cnf.Lit, error) {
	if err := s.enter("Failed"); err != nil {
		return dst, err
	}
	defer s.leave()
	if s.st != unsatisfied {
		return dst, fmt.Errorf("cadical: Failed without an Unsat answer: %w", ErrState)
	}
	dst = dst[:0]
	if len(s.assumed) == 0 {
		return dst, nil
	}
	dst = slices.Grow(dst, len(s.assumed))[:len(s.assumed)]
	k := C.shim_failed(s.p, litPtr(s.assumed), C.size_t(len(s.assumed)), litPtr(dst))
	if k < 0 {
		return dst[:0], s.breaks("Failed")
	}
	return dst[:k], nil
}

// ProofFormat is the form of a DRAT proof.
type ProofFormat uint8

// The two DRAT forms CaDiCaL writes, as `cadical --binary=true|false`.
const (
	BinaryDRAT ProofFormat = iota // 'a' or 'd', then each literal as a varint of 2v or 2v+1, then 0
	TextDRAT                      // DIMACS-like lines, deletions starting "d "
)

// TraceProof makes CaDiCaL write a DRAT proof of every clause it learns
// and deletes to f, which the solver writes through a duplicate of its
// descriptor: closing f after TraceProof does not end the proof. CaDiCaL
// allows it only before the first clause (ErrState otherwise), and once.
// The proof is complete after CloseProof or Close; an Unsat answer that
// did not depend on assumptions makes it end with the empty clause.
func (s *Solver) TraceProof(f *os.File, format ProofFormat) error {
	if err := s.enter("TraceProof"); err != nil {
		return err
	}
	defer s.leave()
	if s.st != configuring || s.tracing != 0 {
		return fmt.Errorf("cadical: TraceProof after the first clause or a proof: %w", ErrState)
	}
	if f == nil {
		return fmt.Errorf("cadical: TraceProof: %w", os.ErrInvalid)
	}
	binary := C.int(1)
	if format == TextDRAT {
		binary = 0
	}
	e := C.shim_trace_proof(s.p, C.int(f.Fd()), binary)
	runtime.KeepAlive(f) // f's finalizer must not close the descriptor during the call
	switch {
	case e == C.SHIM_BROKEN:
		return s.breaks("TraceProof")
	case e != 0:
		return fmt.Errorf("cadical: TraceProof(%s): %w", f.Name(), syscall.Errno(e))
	}
	s.tracing = 1
	return nil
}

// FlushProof writes what CaDiCaL has buffered of the proof to the file.
func (s *Solver) FlushProof() error {
	if err := s.enter("FlushProof"); err != nil {
		return err
	}
	defer s.leave()
	if s.tracing != 1 {
		return fmt.Errorf("cadical: FlushProof without an open proof: %w", ErrState)
	}
	switch e := C.shim_flush_proof(s.p); {
	case e == C.SHIM_BROKEN:
		return s.breaks("FlushProof")
	case e != 0:
		return fmt.Errorf("cadical: FlushProof: %w", syscall.Errno(e))
	}
	return nil
}

// CloseProof ends the proof: CaDiCaL writes no more of it, and the file
// holds all of it. The solver goes on solving without one.
func (s *Solver) CloseProof() error {
	if err := s.enter("CloseProof"); err != nil {
		return err
	}
	defer s.leave()
	if s.tracing != 1 {
		return fmt.Errorf("cadical: CloseProof without an open proof: %w", ErrState)
	}
	s.tracing = -1
	switch e := C.shim_close_proof(s.p); {
	case e == C.SHIM_BROKEN:
		return s.breaks("CloseProof")
	case e != 0:
		return fmt.Errorf("cadical: CloseProof: %w", syscall.Errno(e))
	}
	return nil
}
