// Package sat is the back half of puzzlesat's SAT backend: it drives a
// SAT solver on formulas built with package encode (solve under a
// context, count models up to a limit, minimise a cost by tightening a
// bound on one solver, search with decisions taken in a given order) and,
// per puzzle kind, turns an instance into
// queries and models into answers.
//
// The solver is an Engine, chosen in Config: gini in process (the
// default of a pure-Go build, solving incrementally), CaDiCaL in process
// (in a build with the tag cadical), Auto, which picks one of those two
// for each formula by a table of rules (the default of a build with
// CaDiCaL), an external DIMACS program started afresh for every solve
// (MiniSat, Glucose, CaDiCaL, Kissat, PicoSAT, CryptoMiniSat, clasp, or
// any program that answers in SAT-competition form), whose models are
// checked before they are used, or a portfolio racing several of them on
// every solve, no more at once than the process has CPUs.
//
// It works around three bugs of gini v1.0.4 (see shared/notes/gini.md):
// gini may kill the process when solved again after an UNSAT answer that
// came from the clauses themselves, so a Solver keeps its own clause list
// and rebuilds gini before solving again whenever the clause set is not
// known to be satisfiable (a Search keeps its scopes above level 0 for the
// same reason); Try leaves a deadline behind, so it is never
// called; Copy gives a crippled solver, so it is never called either.
// External programs need no such guard: each solve is a fresh process.
package solver
