package encode

import (
	"fmt"
	"math"
	"math/bits"

	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
)

// CryptarithmQuery is the CNF of a general cryptarithm and its variable
// map. Its models are the answers, one per answer (the one-hot digits fix
// every other variable).
type CryptarithmQuery struct {
	f       *cnf.CNF
	p       puzzle.Cryptarithm
	letters string
	digit   [][]cnf.Lit // digit[i][d]: the i-th letter of p.Letters() is d
	sum     CryptarithmSum
}

// CryptarithmSum selects how the addition itself is written.
type CryptarithmSum int

// The two formulations of the sum that were measured (README).
const (
	// ColumnSums writes one equation per column, from the right:
	// Σ (count of X in the column)·X + carry in = sum letter + B·carry
	// out, with carries as bit-vectors wide enough for the most the
	// column can carry (many addends carry more than 1).
	ColumnSums CryptarithmSum = iota
	// WeightedSum writes the whole puzzle as one linear equation,
	// Σ C(X)·X = 0 with C(X) the sum of ±B^k over X's places, its
	// positive and negative sides each summed by an adder tree. Past
	// 2^62 (very long words) it falls back to ColumnSums.
	WeightedSum
)

func (s CryptarithmSum) String() string {
	if s == WeightedSum {
		return "weighted"
	}
	return "columns"
}

// Cryptarithm encodes p with column sums, the better of the two
// formulations measured (README):
//
// Variables: a one-hot "X=d" per letter and digit 0..B-1. Clauses: exactly
// one digit per letter, at most one letter per digit (exactly one when
// there are B letters), and no 0 for a letter that starts a word of two or
// more letters. Each letter's multiple m·X that a column needs is a
// bit-vector whose bits are ORs of X's one-hot literals (cnf.OneHotTimes:
// no multiplier), and each column's terms are added by a tree of
// ripple-carry adders (cnf.SumAll) and equated with the sum letter plus
// B·carry out; the carry out is a fresh bit-vector bounded by the most
// the column can carry, and none leaves the top column.
//
// Size: B·n one-hot variables and about n·B + B·n²/2 clauses for the
// digit constraints (pairwise at-most-one up to 25 letters); per column,
// about 14 clauses per full adder, with log(terms)·width adders.
//
// Propagation: the one-hot constraints are arc consistent; the adders
// propagate bit by bit, so a column with one digit open fixes it only when
// its bits follow from the others. With more letters than digits, the
// formula holds the empty clause.
func Cryptarithm(p puzzle.Cryptarithm) *CryptarithmQuery {
	return CryptarithmWith(p, ColumnSums)
}

// CryptarithmWith encodes p with the chosen formulation of the sum.
func CryptarithmWith(p puzzle.Cryptarithm, sum CryptarithmSum) *CryptarithmQuery {
	f := cnf.New()
	letters := p.Letters()
	q := &CryptarithmQuery{f: f, p: p, letters: letters, sum: sum}
	f.Comment("puzzlesat cryptarithm base=%d letters=%s addends=%d sum=%s encoding=%s",
		p.Base, letters, len(p.Addends), p.Sum, sum)
	if p.Validate() != nil || len(letters) > p.Base {
		f.Comment("more letters than digits, or not well formed: no answer")
		f.Add()
		return q
	}
	q.oneHot()
	cols := columnCounts(p, letters)
	if sum == WeightedSum {
		if w, ok := weights(cols, p.Base); ok {
			q.weighted(w)
			return q
		}
	}
	q.columns(cols)
	return q
}

// oneHot makes the digit variables and their constraints.
func (q *CryptarithmQuery) oneHot() {
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
func (q *CryptarithmQuery) index(l byte) int {
	for i := range q.letters {
		if q.letters[i] == l {
			return i
		}
	}
	panic(fmt.Sprintf("encode: letter %c not in %s", l, q.letters))
}

// columnCounts returns, per column from the right (as many as the longest
// word), each letter's count in the addends minus its count in the sum.
func columnCounts(p puzzle.Cryptarithm, letters string) [][]int {
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
func (q *CryptarithmQuery) columns(cols [][]int) {
	f, b := q.f, uint64(q.p.Base)
	var carry cnf.Bits
	maxCarry := uint64(0)
	for j, counts := range cols {
		var plus, minus []cnf.Bits
		maxIn := maxCarry
		for i, c := range counts {
			switch {
			case c > 0:
				plus = append(plus, f.OneHotTimes(q.digit[i], uint64(c)))
				maxIn += uint64(c) * (b - 1)
			case c < 0:
				minus = append(minus, f.OneHotTimes(q.digit[i], uint64(-c)))
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
		f.Assert(f.Equal(f.SumAll(plus), f.SumAll(minus)))
	}
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
func (q *CryptarithmQuery) weighted(w []int64) {
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
	f.Assert(f.Equal(f.SumAll(plus), f.SumAll(minus)))
}

// Formula returns the CNF of the query.
func (q *CryptarithmQuery) Formula() *cnf.CNF { return q.f }

// Vars returns the one-hot variables, which tell answers apart.
func (q *CryptarithmQuery) Vars() []cnf.Var {
	var vs []cnf.Var
	for _, row := range q.digit {
		for _, l := range row {
			vs = append(vs, l.Var())
		}
	}
	return vs
}

// Decode reads the answer from a model of the query: the digits of the
// letters in alphabetical order.
func (q *CryptarithmQuery) Decode(m cnf.Model) (puzzle.CryptarithmAnswer, error) {
	a := puzzle.CryptarithmAnswer{Digits: make([]int, len(q.letters))}
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
