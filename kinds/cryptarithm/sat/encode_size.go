package sat

import (
	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
)

// Size returns an upper bound on the size of the formula that
// EncodeWith(p, sum) builds, without building it: the one-hot
// digits; for the column sums, every multiple a letter needs as OR gates
// of at most B literals per bit, a full adder per bit of the column's sum
// for each term, and the bitwise equality; for ColumnsAndBounds also the
// two bound MDDs at their node budget; for WeightedSum the multiples and
// adder trees of the one equation; for ColumnMDDs each column's diagram
// as cnf.MDDSizeBound bounds it.
func Size(p cryptarithm.Instance, sum Sum) cnf.Size {
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
	cols := columnCounts(p, letters)
	switch sum {
	case WeightedSum:
		if w, ok := weights(cols, b); ok {
			return s.Plus(weightedSize(w, b))
		}
	case ColumnMDDs:
		return s.Plus(columnMDDsSize(cols, b))
	}
	s = s.Plus(columnsSize(cols, b))
	if sum == ColumnsAndBounds {
		// The digits in order encoding, and two MDDs of at most
		// cryptMaxNodes nodes, each with up to B clauses of 3 literals.
		s = s.Plus(orBitSize(b).Times(int64(n * b)))
		s = s.Plus(cnf.Size{Vars: 2 * cryptMaxNodes, Clauses: 2 * cryptMaxNodes * int64(b), Lits: 6 * cryptMaxNodes * int64(b)})
	}
	return s
}

// orBitSize bounds an OR gate of at most b literals.
func orBitSize(b int) cnf.Size { return cnf.Size{Vars: 1, Clauses: int64(b + 1), Lits: int64(3 * b)} }

// fullAdderSize is what one full adder adds.
var fullAdderSize = cnf.Size{Vars: 2, Clauses: 14, Lits: 50}

// columnsSize bounds what columns adds.
func columnsSize(cols [][]int, b int) cnf.Size {
	var s cnf.Size
	maxIn := int64(0)
	for _, counts := range cols {
		terms := int64(1) // the carry in
		in := maxIn
		for _, c := range counts {
			if c != 0 {
				terms++
				in += int64(max(c, -c)) * int64(b-1)
			}
		}
		width := int64(cnf.Width(uint64(in))) + 2
		s = s.Plus(orBitSize(b).Times(terms * width))                                  // the multiples
		s = s.Plus(fullAdderSize.Times((terms + 1) * width))                           // both adder trees
		s = s.Plus(cnf.Size{Vars: width, Clauses: 4 * width, Lits: width * width * 2}) // carry, bound, equality
		maxIn = in / int64(b)
	}
	return s
}

// weightedSize bounds what weighted adds for the weights w: each side's
// adder tree has fewer sums than terms, each of at most one full adder
// per bit of the side's total, which its tree widens by at most one bit
// a level.
func weightedSize(w []int64, b int) cnf.Size {
	var s cnf.Size
	var total uint64 // of the larger side; weights keeps every total below 2^62
	var terms [2]uint64
	var sides [2]uint64
	for _, c := range w {
		if c == 0 {
			continue
		}
		side := 0
		if c < 0 {
			side, c = 1, -c
		}
		terms[side]++
		sides[side] += uint64(c) * uint64(b-1)
		s = s.Plus(orBitSize(b).Times(int64(cnf.Width(uint64(c) * uint64(b-1)))))
	}
	total = max(sides[0], sides[1])
	width := int64(cnf.Width(total) + cnf.Width(max(terms[0], terms[1])) + 1)
	s = s.Plus(fullAdderSize.Times(int64(terms[0]+terms[1]) * width))
	return s.Plus(cnf.Size{Clauses: 2 * width, Lits: 4 * width})
}

// columnMDDsSize bounds what columnMDDs adds: each letter in order
// encoding, each carry as a unary, and each column's diagram.
func columnMDDsSize(cols [][]int, b int) cnf.Size {
	s := orBitSize(b).Times(int64(len(cols[0]) * (b - 1)))
	in := 0 // the length of the carry in
	for j, counts := range cols {
		var ws, ns []int
		bound, maxIn := 0, in
		for _, c := range counts {
			switch {
			case c > 0:
				ws, ns = append(ws, c), append(ns, b-1)
				maxIn += c * (b - 1)
			case c < 0:
				ws, ns = append(ws, -c), append(ns, b-1)
				bound += -c * (b - 1)
			}
		}
		ws, ns = append(ws, 1), append(ns, in)
		out := 0
		if j+1 < len(cols) && maxIn/b > 0 {
			out = maxIn / b
			ws, ns = append(ws, b), append(ns, out)
			bound += b * out
			s = s.Plus(cnf.UnarySize(out))
		}
		s = s.Plus(cnf.MDDSizeBound(ws, ns, bound, nil))
		in = out
	}
	return s
}
