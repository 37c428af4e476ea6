// Package cadical runs the CaDiCaL SAT solver in process, through cgo, for
// puzzlesat's SAT driver. Every file but this one carries the build tag
// cadical, so a plain build sees an empty package and needs neither a C
// toolchain nor CaDiCaL:
//
//	go test -tags cadical ./solver/internal/cadical
//
// builds it against Debian's libcadical-dev 1.5.3 (the header
// /usr/include/cadical.hpp and the static /usr/lib/x86_64-linux-gnu/libcadical.a,
// linked with -lstdc++). The installed header is the one of CaDiCaL's
// rel-1.5.3 tag; the library calls itself "sc2021".
//
// # Use
//
// A Solver is one CaDiCaL, used incrementally: AddClause at any time,
// Solve(ctx, assumptions...) as often as wanted, Model after Sat, Failed
// after Unsat. Literals are cnf.Lit, handed to C as they are (2v, 2v+1);
// the shim (shim.cc) turns them into DIMACS integers. AddClause only
// appends to a Go buffer, which goes to CaDiCaL in one cgo call per 64K
// literals or with the next Solve, so the cgo cost per clause is nil. A
// Solver implements cnf.Sink. Close frees CaDiCaL's memory, which Go's
// garbage collector does not see: it is required.
//
// # Stopping
//
// A Solve whose context ends stops within milliseconds and returns
// Unknown with ctx's error. Solve registers context.AfterFunc, which
// stores the solve's generation number into an atomic in C memory; a
// CaDiCaL Terminator (C++, no call into Go) compares it with the running
// solve's generation at every termination check, of which search makes
// one per decision (the shim sets terminateint to 0; CaDiCaL's default
// polls every tenth check). CaDiCaL's own asynchronous terminate() is not
// used: it sets a flag that solve clears only on its way out, so a
// terminate that lands just after a solve ends would stop the next one at
// once; a generation cannot go stale. Solve waits for a running AfterFunc
// before it returns, so no interrupt can reach a closed solver.
//
// A solve in search therefore stops within one decision of the cancel or
// deadline. The one stretch without checks is the start of the first
// solve of a formula, before CaDiCaL's first check, which grows with the
// formula: a formula near the budget takes longest to stop in its first
// moments (docs/results.md has the figures).
//
// # Counters
//
// CaDiCaL 1.5.3 has no getters for its statistics. Counters are counted
// by the shim as the solver goes, for one cgo call to read them (under a
// microsecond): clauses learned by conflict analysis, through a Learner
// that declines the literals (one virtual call per learned clause; 99%
// of the conflicts of PHP(8,7)); terminator polls (every termination
// check, 1.4 per decision on PHP(8,7)); and the public size queries.
// Stats reads CaDiCaL's own counters (conflicts, decisions, propagations,
// restarts, ...) from its statistics report, captured from C's stdout;
// it is exact, but a call prints and parses the whole report, so it is
// made only where exact figures are worth that.
//
// # Costs
//
// AddClause buffers literals on the Go side and hands them over in one
// cgo call per batch, since a cgo call costs more than adding a literal;
// CaDiCaL's own adding, which watches each clause as it comes, dominates
// the cost of a formula, and its memory per literal is somewhat above
// gini's. docs/results.md ("CaDiCaL in process") has the measured costs
// of adding, of a solve round trip and of memory, against gini's.
//
// # CaDiCaL's state machine
//
// CaDiCaL aborts the process on any call its state forbids
// (cadical.hpp, "States and Transitions"). The Solver mirrors that state
// in Go and returns ErrState instead: options, configurations and
// proofs only before the first clause (or Hint); Model only after Sat
// and before the next clause; Failed only after Unsat; nothing after
// Close (ErrClosed) or while another call runs (ErrBusy). A literal of
// variable 0 would end a clause early and is refused (ErrLiteral). C++
// exceptions (out of memory) are caught in the shim; the solver is then
// refused (ErrBroken). Options that print on stdout, checkfrozen (an
// abort on valid incremental use) and terminateint (slower stopping) are
// refused. A second solver while CADICAL_API_TRACE is set, which CaDiCaL
// aborts on, is an error. Unlike gini, CaDiCaL may be solved again after
// any answer, Unsat of the clauses themselves included.
package cadical
