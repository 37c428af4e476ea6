// Package encode is the front half of puzzlesat's SAT backend: a small CNF
// builder (named variables, clauses, exactly-one, Tseitin gates, adders,
// comparators, multipliers, cardinality constraints), one encoder and model
// decoder per puzzle kind, and DIMACS output and input.
//
// Literals follow gini's layout: variable v has the positive literal 2v and
// the negative literal 2v+1; variable 0 and literal 0 are never used. The
// builder holds its own clause list, so a formula can be written as DIMACS,
// handed to a solver, or checked against a model without any solver.
package encode
