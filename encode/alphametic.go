package encode

import (
	"fmt"

	"puzzlesat/puzzle"
)

// AlphameticQuery is the CNF of an alphametic instance and its variable map.
//
// Encoding: a one-hot variable "L=d" per letter and digit, exactly one digit
// per letter and one letter per digit, and a carry variable per column.
// Each column a + b + cin = c + N·cout is written as direct clauses over the
// one-hot values in every direction: any two of a, b, c together with cin
// fix the third and cout, and a, b, c fix cin. So unit propagation infers a
// letter's digit as soon as the rest of its column is known, as the
// contest DFS does by hand. Size: N² one-hot variables, about 10·N³
// clauses of 4 or 5 literals. Measured against a binary adder with the
// digits channelled to bits, this propagates more and solved every official
// point faster (README).
type AlphameticQuery struct {
	*CNF
	p     puzzle.Alphametic
	digit [][]Lit // digit[letter][d]
}

// Alphametic encodes p.
func Alphametic(p puzzle.Alphametic) *AlphameticQuery {
	n := p.N
	f := New()
	f.Comment("puzzlesat alphametic N=%d %s %s %s", n, p.Words[0], p.Words[1], p.Words[2])
	q := &AlphameticQuery{CNF: f, p: p, digit: make([][]Lit, n)}
	for l := range q.digit {
		q.digit[l] = make([]Lit, n)
		for d := range q.digit[l] {
			q.digit[l][d] = f.Var(fmt.Sprintf("%c=%d", 'A'+l, d)).Pos()
		}
		f.ExactlyOne(q.digit[l]...)
	}
	for d := 0; d < n; d++ {
		col := make([]Lit, n)
		for l := range col {
			col[l] = q.digit[l][d]
		}
		f.ExactlyOne(col...)
	}
	// carry[j] is the carry into column j from column j+1 (to its right);
	// none enters the last column and none leaves the first.
	carry := make([]Lit, n+1)
	carry[n] = f.False()
	for j := n - 1; j > 0; j-- {
		carry[j] = f.Var(fmt.Sprintf("carry[%d]", j)).Pos()
	}
	carry[0] = f.False()
	for j := n - 1; j >= 0; j-- {
		q.column(j, carry[j+1], carry[j])
	}
	return q
}

// letter returns the one-hot literals of the letter of word w at column j.
func (q *AlphameticQuery) letter(w, j int) []Lit { return q.digit[q.p.Words[w][j]-'A'] }

// column adds the clauses of a + b + cin = c + N·cout for column j.
func (q *AlphameticQuery) column(j int, cin, cout Lit) {
	n, f := q.p.N, q.CNF
	a, b, c := q.letter(0, j), q.letter(1, j), q.letter(2, j)
	carryIs := func(l Lit, v int) Lit { return sign(l, v == 1) }
	for k := 0; k <= 1; k++ {
		in := carryIs(cin, k)
		for x := 0; x < n; x++ {
			for y := 0; y < n; y++ {
				s := x + y + k
				z, out := s%n, s/n
				// a=x ∧ b=y ∧ cin=k → c=z ∧ cout=out
				f.Add(a[x].Not(), b[y].Not(), in.Not(), c[z])
				f.Add(a[x].Not(), b[y].Not(), in.Not(), carryIs(cout, out))
				// a=x ∧ c=z ∧ cin=k → b=y, and b=y ∧ c=z ∧ cin=k → a=x
				f.Add(a[x].Not(), c[z].Not(), in.Not(), b[y])
				f.Add(b[y].Not(), c[z].Not(), in.Not(), a[x])
				// a=x ∧ b=y ∧ c=z → cin=k (z tells k apart)
				f.Add(a[x].Not(), b[y].Not(), c[z].Not(), in)
			}
		}
	}
}

// Vars returns the one-hot variables, which tell solutions apart.
func (q *AlphameticQuery) Vars() []Var {
	var vs []Var
	for _, row := range q.digit {
		for _, l := range row {
			vs = append(vs, l.Var())
		}
	}
	return vs
}

// Decode reads the answer from a model of the query.
func (q *AlphameticQuery) Decode(m Model) (puzzle.AlphameticAnswer, error) {
	a := puzzle.AlphameticAnswer{Digits: make([]int, q.p.N)}
	for l, row := range q.digit {
		a.Digits[l] = -1
		for d, x := range row {
			if m.Value(x) {
				if a.Digits[l] >= 0 {
					return a, fmt.Errorf("model gives letter %c two digits", 'A'+l)
				}
				a.Digits[l] = d
			}
		}
		if a.Digits[l] < 0 {
			return a, fmt.Errorf("model gives letter %c no digit", 'A'+l)
		}
	}
	return a, nil
}
