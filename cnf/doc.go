// Package cnf builds propositional formulas in conjunctive normal form
// and reads and writes them as DIMACS. It knows no puzzle.
//
// A [CNF] holds numbered variables, some of them named, and its own list
// of clauses, so a formula can be written as DIMACS, handed to any solver,
// or checked against a [Model] without a solver. On it sit Tseitin gates
// with constant folding (gates.go), bit-vector arithmetic (arith.go:
// adders, scaling, multipliers, comparators, bounds by constants),
// cardinality constraints (card.go: at-most-one, exactly-one, at-most-k),
// linear sums over small integers (pb.go: order-encoded integers, MDDs of
// bounds, totalisers, adder trees, lexicographic order), the exact MDD of
// an equality with side counts, built once and written for many integer
// vectors (mdd.go), and the sizes of what the encoders add, computed
// without building it (size.go), so that a caller can keep to a budget.
//
// Literals follow gini's layout: variable v has the positive literal 2v
// and the negative literal 2v+1; variable 0 and literal 0 are never used.
package cnf
