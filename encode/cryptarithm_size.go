package encode

import (
	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
)

// CryptarithmSize returns an upper bound on the size of the formula that
// CryptarithmWith(p, sum) builds, without building it, for
// ColumnsAndBounds and ColumnSums (the formulations a caller with a
// budget uses): the one-hot digits; per column, every multiple a letter
// needs as OR gates of at most B literals per bit, a full adder per bit
// of the column's sum for each term, and the bitwise equality; and the two
// bound MDDs at their node budget.
func CryptarithmSize(p puzzle.Cryptarithm, sum CryptarithmSum) cnf.Size {
	s := cnf.Size{Vars: 1, Clauses: 2, Lits: 1}
	letters := p.Letters()
	n, b := len(letters), p.Base
	if p.Validate() != nil || n > b {
		return s
	}
	// One-hot: a variable per letter and digit, exactly one per letter,
	// at most one per digit, and the leading zeros.
	s = s.Plus(cnf.Size{Vars: int64(n * b)}).Plus(cnf.ExactlyOneSize(b).Times(int64(n)))
	s = s.Plus(cnf.ExactlyOneSize(n).Times(int64(b))).Plus(cnf.Size{Clauses: int64(len(p.Addends) + 1), Lits: int64(len(p.Addends) + 1)})
	orBit := cnf.Size{Vars: 1, Clauses: int64(b + 1), Lits: int64(3 * b)}
	fa := cnf.Size{Vars: 2, Clauses: 14, Lits: 50}
	maxIn := int64(0)
	for _, counts := range columnCounts(p, letters) {
		terms := int64(1) // the carry in
		in := maxIn
		for _, c := range counts {
			if c != 0 {
				terms++
				in += int64(max(c, -c)) * int64(b-1)
			}
		}
		width := int64(cnf.Width(uint64(in))) + 2
		s = s.Plus(orBit.Times(terms * width))                                         // the multiples
		s = s.Plus(fa.Times((terms + 1) * width))                                      // both adder trees
		s = s.Plus(cnf.Size{Vars: width, Clauses: 4 * width, Lits: width * width * 2}) // carry, bound, equality
		maxIn = in / int64(b)
	}
	if sum == ColumnsAndBounds {
		// The digits in order encoding, and two MDDs of at most
		// cryptMaxNodes nodes, each with up to B clauses of 3 literals.
		s = s.Plus(orBit.Times(int64(n * b)))
		s = s.Plus(cnf.Size{Vars: 2 * cryptMaxNodes, Clauses: 2 * cryptMaxNodes * int64(b), Lits: 6 * cryptMaxNodes * int64(b)})
	}
	return s
}
