package sat

import (
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	kindscats "github.com/puzzlesat/puzzlesat/kinds/cats"
)

// Size returns an upper bound on the size of the formula that
// EncodeWith(p, k, enc) builds, without building the formula; the bounds
// that AtMost adds later are not in it. Every car bounds the same sum of
// the same weights, so one car's two MDDs (capacity and fullness) are
// built alone, on a scratch formula (at most the node budget each), and
// counted k times; an MDD the budget stops is counted as what stands in
// for it: the adder tree (cnf.AdderSumSizeBound) for the capacity,
// nothing for the fullness.
func Size(p kindscats.Instance, k int, enc Encoding) cnf.Size {
	q := &Query{p: p, k: max(k, 0), enc: enc}
	q.group()
	s := cnf.Size{Vars: 1, Clauses: 2, Lits: 1} // the constants and the empty clause
	if len(q.vals) == 0 || q.vals[0] > p.W || k <= 0 {
		return s
	}
	lens := make([]int, len(q.vals))
	for j, v := range q.vals {
		lens[j] = min(q.mult[j], p.W/v)
		s = s.Plus(cnf.UnarySize(lens[j]).Times(int64(k)))
		s = s.Plus(cnf.TotalizeSize(slices.Repeat([]int{lens[j]}, k), q.mult[j])).Plus(cnf.Size{Clauses: 2, Lits: 2})
	}
	d := int64(len(lens))
	// used: a variable, d binary clauses and one of d+1 literals per car.
	s = s.Plus(cnf.Size{Vars: 1, Clauses: d + 1, Lits: 3*d + 1}.Times(int64(k)))
	capacity := cnf.AdderSumSizeBound(q.vals, lens)
	if !enc.Adder {
		if mdd, ok := catsCarMDD(q.vals, lens, p.W, q.budget(), false); ok {
			capacity = mdd
		}
		total := 0
		for _, v := range p.Weights {
			total += v
		}
		least := total - (k-1)*p.W
		if mdd, ok := catsCarMDD(q.vals, lens, least, q.budget(), true); ok && !enc.NoFull && least > 0 {
			s = s.Plus(mdd.Times(int64(k)))
		}
	}
	s = s.Plus(capacity.Times(int64(k)))
	return s.Plus(cnf.LexGreaterEqSize(lens).Plus(cnf.Size{Clauses: 1, Lits: 2}).Times(int64(k)))
}

// catsCarMDD returns the size of one car's MDD, built on a scratch
// formula over counts of lens[j] cats of weight vals[j]: its load at most
// bound, or at least bound, with the clause that asserts it (2 literals,
// as when a selector guards it); false when the node budget stops it.
func catsCarMDD(vals, lens []int, bound, budget int, atLeast bool) (cnf.Size, bool) {
	f := cnf.New()
	terms := make([]cnf.Term, len(vals))
	for j, v := range vals {
		terms[j] = cnf.Term{W: v, X: f.NewUnary("", lens[j])}
	}
	before := f.Size()
	var ok bool
	if atLeast {
		_, _, ok = f.IntervalMDDAtLeastLit(terms, bound, budget)
	} else {
		_, _, ok = f.IntervalMDDAtMostLit(terms, bound, budget)
	}
	if !ok {
		return cnf.Size{}, false
	}
	after := f.Size()
	return cnf.Size{Vars: after.Vars - before.Vars, Clauses: after.Clauses - before.Clauses + 1, Lits: after.Lits - before.Lits + 2}, true
}
