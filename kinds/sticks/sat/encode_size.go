package sat

import (
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
)

// Size returns an upper bound on the size of the formula that
// EncodeWith(p, length, enc) builds, without building it: the MDD of a
// stick is counted on reachability bitsets (time about n·L/64 for n
// pieces), everything else by formula. For the default encoding the
// bound is within a few times the real size; a caller with a memory
// budget refuses a query whose bound is over it.
func Size(p sticks.Instance, length int, enc Encoding) cnf.Size {
	q := newSticksQuery(p, length, enc)
	base := cnf.Size{Vars: 1, Clauses: 2} // the constants and the empty clause
	switch {
	case q.k == 0:
		return base
	case enc.Pieces:
		return base.Plus(q.piecesSize())
	}
	return base.Plus(q.countsSize())
}

// countsSize bounds the counts model.
func (q *Query) countsSize() cnf.Size {
	k, dom := int64(q.k), q.domains()
	var s cnf.Size
	for j, n := range q.mult {
		s = s.Plus(cnf.UnarySize(dom[j]).Times(k))
		s = s.Plus(cnf.TotalizeSize(slices.Repeat([]int{dom[j]}, q.k), n)).Plus(cnf.Size{Clauses: 2, Lits: 2})
	}
	switch q.enc.Sum {
	case SumMDDExact:
		classes := q.longClasses()
		s = s.Plus(cnf.MDDSizeBound(q.vals, dom, q.length, q.sides(classes)).Times(k))
		for d, t := range classes {
			s = s.Plus(cnf.TotalizeSize(slices.Repeat([]int{t}, q.k), q.longer(classes[d]))).Plus(cnf.Size{Clauses: 2, Lits: 2})
		}
	case SumMDD:
		total := 0
		for j, v := range q.vals {
			total += v * dom[j]
		}
		s = s.Plus(cnf.MDDAtMostSizeBound(dom, q.length).Plus(cnf.MDDAtMostSizeBound(dom, total-q.length)).Times(k))
	case SumMDDAtMost:
		s = s.Plus(cnf.MDDAtMostSizeBound(dom, q.length).Times(k))
	case SumAdder:
		s = s.Plus(cnf.AdderSumSizeBound(q.vals, dom).Times(k))
	}
	lex := dom
	if q.enc.Symmetry == SymmetryFirst {
		lex = dom[:1]
	}
	if q.enc.Symmetry != SymmetryNone {
		s = s.Plus(cnf.LexGreaterEqSize(lex).Times(k - 1))
	}
	return s
}

// piecesSize bounds the pieces model.
func (q *Query) piecesSize() cnf.Size {
	n, k := int64(len(q.pieces)), int64(q.k)
	s := cnf.Size{Vars: n * k}.Plus(cnf.ExactlyOneSize(q.k).Times(n))
	s = s.Plus(cnf.Size{Clauses: n * (k + 1), Lits: n * (k + 1)}) // too long, or not in sticks 0..i
	if q.enc.Symmetry == SymmetryLex {
		s = s.Plus(cnf.Size{Clauses: n * k, Lits: n * k * (k + 1)})
	}
	ones := slices.Repeat([]int{1}, len(q.pieces))
	var stick cnf.Size
	switch q.enc.Sum {
	case SumMDDExact:
		stick = cnf.MDDSizeBound(q.pieces, ones, q.length, nil)
	case SumMDD:
		stick = cnf.MDDAtMostSizeBound(ones, q.length).Plus(cnf.MDDAtMostSizeBound(ones, q.sum-q.length))
	case SumMDDAtMost:
		stick = cnf.MDDAtMostSizeBound(ones, q.length)
	case SumAdder:
		stick = cnf.AdderSumSizeBound(q.pieces, ones)
	}
	return s.Plus(stick.Times(k))
}
