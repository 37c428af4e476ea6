package sat

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
)

// Query is the CNF of an alphametic instance and its variable map.
//
// Encoding: a one-hot variable "L=d" per letter and digit, exactly one digit
// per letter and at most one letter per digit (and, by default, at least
// one letter per digit: implied, since there are N letters and N digits,
// but it helps propagation), and a carry variable per column. Each column
// a + b + cin = c + N·cout is written either as direct clauses over the
// one-hot values in every direction (any two of a, b, c with cin fix the
// third and cout; about 10·N³ clauses of 4-5 literals in all), or by
// channelling each digit to log N bits and adding with ripple-carry adders
// (about N² + 40·N·log N clauses). The direct clauses propagate more per
// conflict, but the formula is many times larger, and on the official
// points and on N = 26 instances the binary adders solved faster
// (docs/ablation.md), so they are the default.
type Query struct {
	f     *cnf.CNF
	p     alphametic.Instance
	digit [][]cnf.Lit // digit[letter][d]
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Adder selects how Alphametic writes the column sums; the zero
// value is the default.
type Adder int

// The two column encodings.
const (
	// BinaryColumns channels each letter's digit to bits and adds them
	// with ripple-carry adders: N·log N channelling clauses and about
	// 30·log N clauses per column, but weaker propagation. The default.
	BinaryColumns Adder = iota
	// DirectColumns writes each column as clauses over the one-hot values.
	DirectColumns
)

func (a Adder) String() string {
	switch a {
	case BinaryColumns:
		return "binary"
	case DirectColumns:
		return "direct"
	}
	return fmt.Sprintf("AlphameticAdder(%d)", int(a))
}

// Encoding holds the choices of AlphameticWith; the zero value
// is the default encoding.
type Encoding struct {
	Adder Adder
	// NoDigitCover leaves out the clauses "digit d is some letter's",
	// which the others imply.
	NoDigitCover bool
}

// Encode encodes p with the default encoding: binary column adders,
// and every digit some letter's.
func Encode(p alphametic.Instance) *Query {
	return EncodeWith(p, Encoding{})
}

// EncodeWith encodes p with the choices of e.
func EncodeWith(p alphametic.Instance, e Encoding) *Query {
	n := p.N
	f := cnf.New()
	f.Comment("puzzlesat alphametic N=%d %s %s %s", n, p.Words[0], p.Words[1], p.Words[2])
	q := &Query{f: f, p: p, digit: make([][]cnf.Lit, n)}
	for l := range q.digit {
		q.digit[l] = make([]cnf.Lit, n)
		for d := range q.digit[l] {
			q.digit[l][d] = f.Var(fmt.Sprintf("%c=%d", 'A'+l, d)).Pos()
		}
		f.ExactlyOne(q.digit[l]...)
	}
	for d := 0; d < n; d++ {
		col := make([]cnf.Lit, n)
		for l := range col {
			col[l] = q.digit[l][d]
		}
		if e.NoDigitCover {
			f.AtMostOne(col...)
		} else {
			f.ExactlyOne(col...)
		}
	}
	// carry[j] is the carry into column j from column j+1 (to its right);
	// none enters the last column and none leaves the first.
	carry := make([]cnf.Lit, n+1)
	carry[n] = f.False()
	for j := n - 1; j > 0; j-- {
		carry[j] = f.Var(fmt.Sprintf("carry[%d]", j)).Pos()
	}
	carry[0] = f.False()
	if e.Adder == BinaryColumns {
		q.binaryColumns(carry)
		return q
	}
	for j := n - 1; j >= 0; j-- {
		q.column(j, carry[j+1], carry[j])
	}
	return q
}

// binaryColumns writes a + b + cin = c + N·cout with bit-vectors: each
// letter's one-hot digit is channelled to cnf.Width(N-1) bits.
func (q *Query) binaryColumns(carry []cnf.Lit) {
	n, f := q.p.N, q.f
	w := cnf.Width(uint64(n - 1))
	bits := make([]cnf.Bits, n)
	for l := range bits {
		bits[l] = f.NewBits("", w)
		for d, x := range q.digit[l] {
			back := []cnf.Lit{x}
			for i, b := range bits[l] {
				one := d>>i&1 == 1
				f.Add(x.Not(), cnf.Sign(b, one)) // x → bits spell d
				back = append(back, cnf.Sign(b, !one))
			}
			f.Add(back...) // bits spell d → x
		}
	}
	word := func(wd, j int) cnf.Bits { return bits[q.p.Words[wd][j]-'A'] }
	for j := n - 1; j >= 0; j-- {
		lhs := f.Sum(f.Sum(word(0, j), word(1, j)), cnf.Bits{carry[j+1]})
		rhs := f.Sum(word(2, j), f.Scale(cnf.Bits{carry[j]}, uint64(n)))
		f.Assert(f.Equal(lhs, rhs))
	}
}

// letter returns the one-hot literals of the letter of word w at column j.
func (q *Query) letter(w, j int) []cnf.Lit { return q.digit[q.p.Words[w][j]-'A'] }

// column adds the clauses of a + b + cin = c + N·cout for column j.
func (q *Query) column(j int, cin, cout cnf.Lit) {
	n, f := q.p.N, q.f
	a, b, c := q.letter(0, j), q.letter(1, j), q.letter(2, j)
	carryIs := func(l cnf.Lit, v int) cnf.Lit { return cnf.Sign(l, v == 1) }
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
func (q *Query) Vars() []cnf.Var {
	return cnf.VarsOf(q.digit...)
}

// Decode reads the answer from a model of the query.
func (q *Query) Decode(m cnf.Model) (alphametic.Answer, error) {
	a := alphametic.Answer{Digits: make([]int, q.p.N)}
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
