// Package cadical runs the CaDiCaL SAT solver in process, through cgo, for
// puzzlesat's SAT driver. Every file but this one carries the build tag
// cadical, so a plain build sees an empty package and needs neither a C
// toolchain nor CaDiCaL:
//
//	go test -tags cadical ./sat/internal/cadical
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
// Measured (2 shared cores): PHP(12,11) stopped in search returns 0.05
// to 1.4 ms after the cancel or deadline. The one stretch without checks
// is the start of the first solve of a formula, before CaDiCaL's first
// check: 15 ms for a million literals, 45 ms for 5 million, so a formula
// near the 50-million-literal budget may take some 400 ms to stop in its
// first moments.
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
// it is exact, and costs 0.2 to 0.8 ms a call.
//
// # Costs
//
// Measured on two shared, heavily loaded cores; ratios are of CPU time
// in the same run. AddClause itself costs 7 to 30 ns a literal and a cgo
// call 100 to 450 ns, so the buffer's share of a literal is nil.
// CaDiCaL's own adding (it watches each clause as it comes), with New
// and Close, costs 0.6 to 1.5 µs of CPU a literal, more for larger
// formulas: 2.3 to 4 times gini's; one cgo call per clause instead of
// the buffer adds 7% to 73%. A solve round trip on a small satisfiable
// formula (100 variables, two assumptions, the model read) costs 2.1
// times gini's, and a cancelable context adds 10% to 20%. A fresh solve
// of PHP(9,8) takes 6.4 to 6.8 times less than gini; of an unsatisfiable
// random 3-CNF (200 variables, 1000 clauses) 1.15 to 1.26 times more.
//
// CaDiCaL's memory per literal, as peak RSS over a process that builds
// the same formula and keeps nothing: for an empty 64x64 sudoku (12.6
// million literals, nearly all in binary clauses) 43 bytes loaded and 44
// to 46 after two seconds of solving; for a random 3-CNF of 5 million
// literals 47 to 53 loaded and 54 to 58 after solving. gini takes 35 to
// 38 on the same formulas.
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
