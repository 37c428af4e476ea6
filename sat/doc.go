// Package sat is the back half of puzzlesat's SAT backend: it drives the
// gini solver on formulas built with package encode (solve under a
// context, count models up to a limit, minimise a cost by tightening a
// bound on one solver) and, per puzzle kind, turns an instance into
// queries and models into answers.
//
// It works around three bugs of gini v1.0.4 (see shared/notes/gini.md):
// gini may kill the process when solved again after an UNSAT answer that
// came from the clauses themselves, so a Solver keeps its own clause list
// and rebuilds gini before solving again whenever the clause set is not
// known to be satisfiable; Try leaves a deadline behind, so it is never
// called; Copy gives a crippled solver, so it is never called either.
package sat
