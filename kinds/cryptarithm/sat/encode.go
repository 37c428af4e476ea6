package sat

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
)

// Query is the CNF of a general cryptarithm and its variable
// map. Its models are the answers, one per answer (the one-hot digits fix
// every other variable).
type Query struct {
	f       *cnf.CNF
	p       cryptarithm.Instance
	letters string
	digit   [][]cnf.Lit // digit[i][d]: the i-th letter of p.Letters() is d
	sum     Sum
	times   map[[2]int]cnf.Bits // times[{i, m}]: m times letter i, made once
	order   []int               // the letters to decide first first (Decisions)
}

// Sum selects how the addition itself is written; the zero
// value is the default, the best of those measured (docs/results.md).
type Sum int

// The formulations of the sum that were measured (docs/results.md).
const (
	// ColumnsAndBounds is ColumnSums plus two bounds on the whole sum,
	// scaled down: Σ ⌊C(X)/K⌋·X ≤ 0 ≤ Σ ⌈C(X)/K⌉·X, with C(X) the sum
	// of ±B^k over X's places and K making the largest coefficient about
	// cryptScale, each an MDD merged by intervals
	// (cnf.IntervalMDDAtMost), on which unit propagation is arc
	// consistent: the columns hold the digits modulo B, the bounds their
	// magnitude, as the native search's windows do. The default.
	ColumnsAndBounds Sum = iota
	// ColumnSums writes one equation per column, from the right:
	// Σ (count of X in the column)·X + carry in = sum letter + B·carry
	// out, by adder trees, with carries as bit-vectors wide enough for
	// the most the column can carry (many addends carry more than 1).
	ColumnSums
	// WeightedSum writes the whole puzzle as one linear equation,
	// Σ C(X)·X = 0, its positive and negative sides each summed by an
	// adder tree. Past 2^62 (very long words) it falls back to
	// ColumnSums.
	WeightedSum
	// ColumnMDDs writes each column's equation as one exact MDD over the
	// digits in order encoding and the carries in and out (cnf.MDDEqual),
	// on which unit propagation is arc consistent for the column.
	ColumnMDDs
)

func (s Sum) String() string {
	switch s {
	case ColumnSums:
		return "columns"
	case WeightedSum:
		return "weighted"
	case ColumnMDDs:
		return "column-mdds"
	}
	return "columns+bounds"
}

// Encode encodes p with column sums and scaled bounds on the whole
// sum, the best of the formulations measured (docs/results.md):
//
// Variables: a one-hot "X=d" per letter and digit 0..B-1. Clauses: exactly
// one digit per letter, at most one letter per digit (exactly one when
// there are B letters), and no 0 for a letter that starts a word of two or
// more letters.
//
// Columns: each multiple m·X that a column needs is a bit-vector whose
// bits are ORs of X's one-hot literals (cnf.OneHotTimes: no multiplier,
// shared by the columns that need it), and each column's terms are added
// by a tree of ripple-carry adders (cnf.SumAll) and equated bit by bit
// with the sum letter plus B·carry out; the carry out is a fresh
// bit-vector bounded by the most the column can carry, and none leaves
// the top column.
//
// Bounds: each digit also in order encoding (an OR gate per threshold),
// and the two scaled bounds of ColumnsAndBounds as interval MDDs, largest
// coefficient first, each of at most cryptMaxNodes nodes (left out past
// it: the columns alone are exact).
//
// Size: B·n one-hot variables and about n·B + B·n²/2 clauses for the
// digit constraints (pairwise at-most-one up to 25 letters); per column
// about 14 clauses per full adder, log(terms)·width adders; the bounds
// B clauses per MDD node, a few thousand nodes for 10 letters (SEND + MORE
// = MONEY: 2,800 clauses in all; the 199-addend FORTRESSES: 43,000).
//
// Propagation: the one-hot constraints and each bound are arc consistent;
// the adders propagate bit by bit, so a column with one digit open fixes
// it only when its bits follow from the others. With more letters than
// digits, the formula holds the empty clause.
func Encode(p cryptarithm.Instance) *Query {
	return EncodeWith(p, ColumnsAndBounds)
}

// EncodeWith encodes p with the chosen formulation of the sum.
func EncodeWith(p cryptarithm.Instance, sum Sum) *Query {
	f := cnf.New()
	letters := p.Letters()
	q := &Query{f: f, p: p, letters: letters, sum: sum, times: map[[2]int]cnf.Bits{}}
	f.Comment("puzzlesat cryptarithm base=%d letters=%s addends=%d sum=%s encoding=%s",
		p.Base, letters, len(p.Addends), p.Sum, sum)
	if p.Validate() != nil || len(letters) > p.Base {
		f.Comment("more letters than digits, or not well formed: no answer")
		f.Add()
		return q
	}
	q.oneHot()
	cols := columnCounts(p, letters)
	q.order = decisionOrder(cols, p.Base)
	switch sum {
	case WeightedSum:
		if w, ok := weights(cols, p.Base); ok {
			q.weighted(w)
			return q
		}
	case ColumnMDDs:
		q.columnMDDs(cols)
		return q
	case ColumnsAndBounds:
		if w, ok := weights(cols, p.Base); ok {
			q.bounds(w)
		}
	}
	q.columns(cols)
	return q
}

// columnMDDs writes Σ c·X + carry in = B·carry out per column as an MDD.
// A negative c is written as |c|·(B-1-X) with the constant moved to the
// right, and the carry out as B·(max - carry out), so every weight is
// positive: Σ_{c>0} c·X + Σ_{c<0} |c|·(B-1-X) + in + B·(max - out) =
// Σ_{c<0} |c|·(B-1) + B·max.
func (q *Query) columnMDDs(cols [][]int) {
	f, b := q.f, q.p.Base
	u := make([]cnf.Unary, len(q.letters))
	for i := range u {
		u[i] = f.OneHotUnary(q.digit[i])
	}
	var in cnf.Unary
	for j, counts := range cols {
		var terms []cnf.Term
		bound, maxIn := 0, len(in)
		for i, c := range counts {
			switch {
			case c > 0:
				terms = append(terms, cnf.Term{W: c, X: u[i]})
				maxIn += c * (b - 1)
			case c < 0:
				terms = append(terms, cnf.Term{W: -c, X: u[i].Complement()})
				bound += -c * (b - 1)
			}
		}
		terms = append(terms, cnf.Term{W: 1, X: in})
		var out cnf.Unary
		if j+1 < len(cols) && maxIn/b > 0 {
			out = f.NewUnary(fmt.Sprintf("carry%d", j+1), maxIn/b)
			terms = append(terms, cnf.Term{W: b, X: out.Complement()})
			bound += b * len(out)
		}
		f.MDDEqual(terms, bound)
		in = out
	}
}

// oneHot makes the digit variables and their constraints.
func (q *Query) oneHot() {
	f, b := q.f, q.p.Base
	q.digit = make([][]cnf.Lit, len(q.letters))
	for i, l := range q.letters {
		q.digit[i] = make([]cnf.Lit, b)
		for d := range q.digit[i] {
			q.digit[i][d] = f.Var(fmt.Sprintf("%c=%d", l, d)).Pos()
		}
		f.ExactlyOne(q.digit[i]...)
	}
	for d := range b {
		col := make([]cnf.Lit, len(q.letters))
		for i := range col {
			col[i] = q.digit[i][d]
		}
		if len(q.letters) == b {
			f.ExactlyOne(col...)
		} else {
			f.AtMostOne(col...)
		}
	}
	for _, w := range append(append([]string(nil), q.p.Addends...), q.p.Sum) {
		if len(w) > 1 {
			f.Add(q.digit[q.index(w[0])][0].Not())
		}
	}
}

// index returns the rank of letter l in q.letters.
func (q *Query) index(l byte) int {
	for i := range q.letters {
		if q.letters[i] == l {
			return i
		}
	}
	panic(fmt.Sprintf("encode: letter %c not in %s", l, q.letters))
}

// columnCounts returns, per column from the right (as many as the longest
// word), each letter's count in the addends minus its count in the sum.
func columnCounts(p cryptarithm.Instance, letters string) [][]int {
	var idx [26]int
	for i := range letters {
		idx[letters[i]-'A'] = i
	}
	width := len(p.Sum)
	for _, w := range p.Addends {
		width = max(width, len(w))
	}
	cols := make([][]int, width)
	for j := range cols {
		cols[j] = make([]int, len(letters))
		for _, w := range p.Addends {
			if j < len(w) {
				cols[j][idx[w[len(w)-1-j]-'A']]++
			}
		}
		if j < len(p.Sum) {
			cols[j][idx[p.Sum[len(p.Sum)-1-j]-'A']]--
		}
	}
	return cols
}

// columns writes one equation per column. carry is the carry into the
// column, maxCarry the most it can be.
func (q *Query) columns(cols [][]int) {
	f, b := q.f, uint64(q.p.Base)
	var carry cnf.Bits
	maxCarry := uint64(0)
	for j, counts := range cols {
		var plus, minus []cnf.Bits
		maxIn := maxCarry
		for i, c := range counts {
			switch {
			case c > 0:
				plus = append(plus, q.multiple(i, c))
				maxIn += uint64(c) * (b - 1)
			case c < 0:
				minus = append(minus, q.multiple(i, -c))
			}
		}
		plus = append(plus, carry)
		maxCarry = maxIn / b
		carry = nil
		if j+1 < len(cols) && maxCarry > 0 {
			carry = f.NewBits(fmt.Sprintf("carry%d", j+1), cnf.Width(maxCarry))
			f.AtMostConst(carry, maxCarry)
			minus = append(minus, f.Scale(carry, b))
		}
		f.AssertEqual(f.SumAll(plus), f.SumAll(minus))
	}
}

// multiple returns m times letter i as bits, sharing the gates between the
// columns that need the same multiple.
func (q *Query) multiple(i, m int) cnf.Bits {
	k := [2]int{i, m}
	if b, ok := q.times[k]; ok {
		return b
	}
	b := q.f.OneHotTimes(q.digit[i], uint64(m))
	q.times[k] = b
	return b
}

// weights returns each letter's coefficient C(X) = Σ ±B^k in the whole
// sum, or false when some sum of |C(X)|·(B-1) would pass 2^62.
func weights(cols [][]int, base int) ([]int64, bool) {
	const limit = 1 << 62
	w := make([]int64, len(cols[0]))
	pow, total := int64(1), uint64(0)
	for j, counts := range cols {
		for i, c := range counts {
			hi, lo := bits.Mul64(uint64(abs(c)), uint64(pow))
			if hi != 0 || lo > limit/uint64(base) {
				return nil, false
			}
			w[i] += int64(c) * pow
			total += lo * uint64(base)
			if total > limit {
				return nil, false
			}
		}
		if j+1 < len(cols) {
			if pow > math.MaxInt64/int64(base) {
				return nil, false
			}
			pow *= int64(base)
		}
	}
	return w, true
}

func abs(c int) int {
	if c < 0 {
		return -c
	}
	return c
}

// weighted writes Σ C(X)·X = 0 as two adder trees, one per sign.
func (q *Query) weighted(w []int64) {
	f := q.f
	var plus, minus []cnf.Bits
	for i, c := range w {
		switch {
		case c > 0:
			plus = append(plus, f.OneHotTimes(q.digit[i], uint64(c)))
		case c < 0:
			minus = append(minus, f.OneHotTimes(q.digit[i], uint64(-c)))
		}
	}
	f.AssertEqual(f.SumAll(plus), f.SumAll(minus))
}

// cryptMaxNodes bounds each of the two MDDs of ColumnsAndBounds; past it
// the bound is left out (the column sums alone still define the answers).
const cryptMaxNodes = 20000

// bounds writes Σ C(X)·X = 0 as two bounds on a scaled copy, Σ
// ⌊C(X)/K⌋·X ≤ 0 ≤ Σ ⌈C(X)/K⌉·X, each an interval MDD over the digits in
// order encoding, largest |C| first; K makes the largest coefficient
// about cryptScale, which keeps the MDDs small, and the column sums beside
// them hold the exact sum. A negative coefficient c is written
// |c|·(B-1-X), with the constant moved to the bound.
func (q *Query) bounds(w []int64) {
	f := q.f
	top := int64(0)
	for _, c := range w {
		top = max(top, c, -c)
	}
	k := max(1, (top+cryptScale-1)/cryptScale)
	order := make([]int, len(w))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmpAbs(w[y], w[x]) })
	u := make([]cnf.Unary, len(w))
	for _, i := range order {
		u[i] = f.OneHotUnary(q.digit[i])
	}
	floor := func(c int64) int64 { return floorDiv64(c, k) }
	ceil := func(c int64) int64 { return -floorDiv64(-c, k) }
	terms, shift := q.scaled(w, order, u, floor)
	f.IntervalMDDAtMost(terms, shift, cryptMaxNodes)
	terms, shift = q.scaled(w, order, u, ceil)
	if root, _, ok := f.IntervalMDDAtLeastLit(terms, shift, cryptMaxNodes); ok {
		f.Add(root)
	}
}

// cryptScale is the largest coefficient of the scaled bounds of
// ColumnsAndBounds. Exact bounds (no scaling) took the fewest conflicts
// but made the formula of the 199-addend puzzle four times larger; 1000
// was the fastest of the scales measured, under gini's own branching and
// under the ordered search (docs/results.md).
const cryptScale = 1000

// scaled returns the terms of Σ r(C(X))·X with positive weights, and the
// constant that moving the negative ones gives the bound 0.
func (q *Query) scaled(w []int64, order []int, u []cnf.Unary, r func(int64) int64) ([]cnf.Term, int) {
	var terms []cnf.Term
	shift := 0
	for _, i := range order {
		c := int(r(w[i]))
		switch {
		case c > 0:
			terms = append(terms, cnf.Term{W: c, X: u[i]})
		case c < 0:
			terms = append(terms, cnf.Term{W: -c, X: u[i].Complement()})
			shift += -c * (q.p.Base - 1)
		}
	}
	return terms, shift
}

func floorDiv64(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func cmpAbs(a, b int64) int {
	a, b = max(a, -a), max(b, -b)
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Vars returns the one-hot variables, which tell answers apart: one
// exactly-one group of B per letter, in alphabetical order.
func (q *Query) Vars() []cnf.Var {
	var vs []cnf.Var
	for _, row := range q.digit {
		for _, l := range row {
			vs = append(vs, l.Var())
		}
	}
	return vs
}

// Decisions returns the one-hot groups of Vars, one per letter, the letter
// of largest weight |C(X)| in the whole sum first (by the highest column
// it counts in, and its count there, when the weights pass 2^62): deciding
// them in this order, unit propagation through the bounds refutes a wrong
// digit of a heavy letter at once, as the native search's windows do
// (docs/results.md).
func (q *Query) Decisions() [][]cnf.Lit {
	groups := make([][]cnf.Lit, len(q.order))
	for k, i := range q.order {
		groups[k] = q.digit[i]
	}
	return groups
}

// decisionOrder returns the letters by decreasing weight |C(X)|, or by
// their highest column when the weights pass 2^62.
func decisionOrder(cols [][]int, base int) []int {
	order := make([]int, len(cols[0]))
	for i := range order {
		order[i] = i
	}
	if w, ok := weights(cols, base); ok {
		slices.SortStableFunc(order, func(x, y int) int { return cmpAbs(w[y], w[x]) })
		return order
	}
	top := func(i int) (int, int) {
		for j := len(cols) - 1; j >= 0; j-- {
			if c := cols[j][i]; c != 0 {
				return j, abs(c)
			}
		}
		return -1, 0
	}
	slices.SortStableFunc(order, func(x, y int) int {
		jx, cx := top(x)
		jy, cy := top(y)
		if jx != jy {
			return jy - jx
		}
		return cy - cx
	})
	return order
}

// Decode reads the answer from a model of the query: the digits of the
// letters in alphabetical order.
func (q *Query) Decode(m cnf.Model) (cryptarithm.Answer, error) {
	a := cryptarithm.Answer{Digits: make([]int, len(q.letters))}
	if len(q.digit) < len(q.letters) {
		return a, fmt.Errorf("the query of %s has no model", q.p.String())
	}
	for i, row := range q.digit {
		a.Digits[i] = -1
		for d, x := range row {
			if !m.Value(x) {
				continue
			}
			if a.Digits[i] >= 0 {
				return a, fmt.Errorf("model gives letter %c two digits", q.letters[i])
			}
			a.Digits[i] = d
		}
		if a.Digits[i] < 0 {
			return a, fmt.Errorf("model gives letter %c no digit", q.letters[i])
		}
	}
	return a, nil
}
