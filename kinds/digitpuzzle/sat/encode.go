package sat

import (
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
)

// Encoding chooses how a [Query] ties A * B to C. The zero
// value is the table, the better of the two as measured by
// BenchmarkDigitEncoding in package sat (docs/results.md).
type Encoding int

const (
	// Table is the table encoding: one-hot variables "A=x" over the
	// values of A and "B=y" over those of B, each tied both ways to its
	// digits, and for each pair (x, y) the clauses A=x ∧ B=y → C's digit
	// at i is that of x*y (or just ¬(A=x ∧ B=y) when x*y has another
	// length than C). Once C's digits are assumed, these are the
	// two-literal clauses "not both" for every pair whose product misses
	// C's pattern. Size for the lengths 2, 2, 4: 510 variables, 29,183
	// clauses. Unit propagation: a value of A prunes every value of B
	// whose product misses a known digit of C, so each decision on A
	// either finds the solutions or a conflict at once.
	Table Encoding = iota
	// Circuit ties the one-hot digits of A, B and C to binary values
	// (4 bits per digit, scaled by 10^k and summed by ripple-carry adders)
	// and forces value(A) * value(B) = value(C) with a shift-and-add
	// multiplier. Size for 2, 2, 4: 572 variables, 2,733 clauses. Unit
	// propagation evaluates the circuit forwards once A and B are known,
	// so C's digits follow (or a fixed digit of C conflicts); backwards it
	// deduces little, as inverting a multiplier needs search.
	Circuit
)

func (e Encoding) String() string {
	switch e {
	case Circuit:
		return "circuit"
	case Table:
		return "table"
	}
	return fmt.Sprintf("DigitEncoding(%d)", int(e))
}

// Options are the choices of a Query's encoding; the zero value
// is the default, as measured (docs/ablation.md).
type Options struct {
	Product Encoding // how A * B is tied to C
	// NoLastDigit leaves out the clauses tying the last digits of A, B
	// and C (see [Query]), which either product implies.
	NoLastDigit bool
}

// String names the options as the formula's comment does: "table", or
// "table, no last-digit clauses".
func (o Options) String() string {
	if o.NoLastDigit {
		return o.Product.String() + ", no last-digit clauses"
	}
	return o.Product.String()
}

// Query is the CNF of every product A * B = C of one length triple,
// with no leading zero in a number of two or more digits, and its
// variable map. A pattern is a set of assumptions on it ([Query.Assume]),
// so one solver answers every pattern of the triple.
//
// Variables: a one-hot "X[i]=d" per number X in A, B, C, position i
// (0 is the leftmost) and digit d, exactly one digit per position, and
// "X[0]=0" false when X has two or more digits; unless NoLastDigit, for
// every pair of last digits e of A and g of B the clause that C's last
// digit is e*g mod 10 (100 clauses of 3 literals, implied by either
// product but found by neither through unit propagation: with two of the
// three last digits known they fix or prune the third before any
// decision). The rest depends on the [DigitEncoding]. A triple that
// admits no product (1, 1, 3) gives an unsatisfiable formula.
type Query struct {
	f       *cnf.CNF
	Lengths [3]int         // of A, B and C
	digit   [3][][]cnf.Lit // digit[number][position][d]
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Encode encodes every product of the lengths la, lb (1..2) and lc (1..4)
// with the options o. It panics on other lengths: they are no instance's,
// so that is a bug in the caller.
func Encode(la, lb, lc int, o Options) *Query {
	if !digitpuzzle.LengthsOK(la, lb, lc) {
		panic(fmt.Sprintf("encode.Digit: lengths %d, %d, %d out of range", la, lb, lc))
	}
	f := cnf.New()
	f.Comment("puzzlesat digit-puzzle lengths %d %d %d, %s encoding", la, lb, lc, o)
	q := &Query{f: f, Lengths: [3]int{la, lb, lc}}
	for n, l := range q.Lengths {
		q.digit[n] = make([][]cnf.Lit, l)
		for i := range l {
			row := make([]cnf.Lit, 10)
			for d := range row {
				row[d] = f.Var(fmt.Sprintf("%c[%d]=%d", "ABC"[n], i, d)).Pos()
			}
			f.ExactlyOne(row...)
			q.digit[n][i] = row
		}
		if l > 1 {
			f.Add(q.digit[n][0][0].Not())
		}
	}
	if !o.NoLastDigit {
		q.units()
	}
	switch o.Product {
	case Circuit:
		q.circuit()
	case Table:
		q.table()
	default:
		panic(fmt.Sprintf("encode.Digit: unknown encoding %d", int(o.Product)))
	}
	return q
}

// PatternQuery is the CNF of the solutions of one pattern as given:
// a Query with the pattern's digits as unit clauses. This is the
// formula to export, since DIMACS has no assumptions.
type PatternQuery struct {
	*Query
	p digitpuzzle.Instance
}

// Decode reads the solution in a model, as Query.Decode does, and
// checks that it fits the pattern.
func (q *PatternQuery) Decode(m cnf.Model) (digitpuzzle.Answer, error) {
	a, err := q.Query.Decode(m)
	if err == nil && !q.p.Fits(a) {
		err = fmt.Errorf("model's product %s %s %s does not fit the pattern %s %s %s", a.A, a.B, a.C, q.p.A, q.p.B, q.p.C)
	}
	return a, err
}

// Pattern encodes the solutions of p's pattern as given: Digit of
// p's lengths with the options o, plus a unit clause for each digit the
// pattern fixes. The error reports a pattern of lengths or characters no
// instance may have.
func Pattern(p digitpuzzle.Instance, o Options) (*PatternQuery, error) {
	if !digitpuzzle.LengthsOK(len(p.A), len(p.B), len(p.C)) {
		return nil, fmt.Errorf("pattern %s %s %s: want 1-%d, 1-%d and 1-%d characters", p.A, p.B, p.C,
			digitpuzzle.MaxFactor, digitpuzzle.MaxFactor, digitpuzzle.MaxProduct)
	}
	q := Encode(len(p.A), len(p.B), len(p.C), o)
	fix, err := q.Assume(digitpuzzle.Answer{A: p.A, B: p.B, C: p.C})
	if err != nil {
		return nil, err
	}
	q.f.Comment("pattern %s %s %s", p.A, p.B, p.C)
	for _, l := range fix {
		q.f.Add(l)
	}
	return &PatternQuery{Query: q, p: p}, nil
}

// Assume returns the literals that fix the digits of pattern a: one
// "X[i]=d" per digit of a, none for a '*'. A pattern of other lengths, or
// with a character that is neither a digit nor '*', is an error.
func (q *Query) Assume(a digitpuzzle.Answer) ([]cnf.Lit, error) {
	var out []cnf.Lit
	for n, s := range [3]string{a.A, a.B, a.C} {
		if len(s) != q.Lengths[n] {
			return nil, fmt.Errorf("pattern %s %s %s: %c has %d characters, the query %d", a.A, a.B, a.C, "ABC"[n], len(s), q.Lengths[n])
		}
		for i := range len(s) {
			switch c := s[i]; {
			case c == '*':
			case c >= '0' && c <= '9':
				out = append(out, q.digit[n][i][c-'0'])
			default:
				return nil, fmt.Errorf("pattern %s %s %s: %q is neither a digit nor '*'", a.A, a.B, a.C, c)
			}
		}
	}
	return out, nil
}

// Vars returns the one-hot variables of A and B, which tell solutions
// apart (C follows from them).
func (q *Query) Vars() []cnf.Var {
	return append(cnf.VarsOf(q.digit[0]...), cnf.VarsOf(q.digit[1]...)...)
}

// Decode reads the solution in a model: A, B and C written out in digits,
// which as a pattern has exactly that one solution.
func (q *Query) Decode(m cnf.Model) (digitpuzzle.Answer, error) {
	var s [3]string
	for n, num := range q.digit {
		b := make([]byte, len(num))
		for i, row := range num {
			b[i] = 0
			for d, x := range row {
				if m.Value(x) {
					if b[i] != 0 {
						return digitpuzzle.Answer{}, fmt.Errorf("model gives %c[%d] two digits", "ABC"[n], i)
					}
					b[i] = byte('0' + d)
				}
			}
			if b[i] == 0 {
				return digitpuzzle.Answer{}, fmt.Errorf("model gives %c[%d] no digit", "ABC"[n], i)
			}
		}
		s[n] = string(b)
	}
	return digitpuzzle.Answer{A: s[0], B: s[1], C: s[2]}, nil
}

// circuit adds the clauses of DigitCircuit: value(A) * value(B) =
// value(C) in binary.
func (q *Query) circuit() {
	f := q.f
	prod := f.Product(q.value(0), q.value(1))
	c := q.value(2)
	for i := range max(len(prod), len(c)) {
		p, v := f.Bit(prod, i), f.Bit(c, i)
		f.Add(p.Not(), v)
		f.Add(p, v.Not())
	}
}

// value returns the binary value of number n: the sum of digit*10^k over
// its positions, each digit channelled to 4 bits.
func (q *Query) value(n int) cnf.Bits {
	f := q.f
	var acc cnf.Bits
	scale := uint64(1)
	num := q.digit[n]
	for i := len(num) - 1; i >= 0; i-- {
		acc = f.Sum(acc, f.Scale(q.digitBits(num[i]), scale))
		scale *= 10
	}
	return acc
}

// digitBits returns 4 bits equal to the digit that one-hot row holds:
// bit j ⇔ the OR of row[d] over the d with bit j set, by the clauses
// row[d] → bit j or ¬bit j (40 binary clauses) and bit j → that OR (4
// clauses), so the bits follow the digit and, all four known, the digit
// follows the bits, by unit propagation.
func (q *Query) digitBits(row []cnf.Lit) cnf.Bits {
	f := q.f
	b := make(cnf.Bits, 4)
	for j := range b {
		b[j] = f.Lit()
		var set []cnf.Lit
		for d, x := range row {
			if d>>j&1 == 1 {
				f.Add(x.Not(), b[j])
				set = append(set, x)
			} else {
				f.Add(x.Not(), b[j].Not())
			}
		}
		f.Add(append([]cnf.Lit{b[j].Not()}, set...)...)
	}
	return b
}

// table adds the clauses of DigitTable.
func (q *Query) table() {
	f := q.f
	xs, xv := q.values(0)
	ys, yv := q.values(1)
	lc := q.Lengths[2]
	lo, hi := digitpuzzle.Range(lc)
	for i, x := range xs {
		for j, y := range ys {
			z := xv[i] * yv[j]
			if z < lo || z > hi {
				f.Add(x.Not(), y.Not())
				continue
			}
			for k := lc - 1; k >= 0; k-- {
				f.Add(x.Not(), y.Not(), q.digit[2][k][z%10])
				z /= 10
			}
		}
	}
}

// values returns one literal per value of number n (0..9 for one digit,
// 10..99 for two) with exactly one true, each equivalent to the
// conjunction of its digits, and the values themselves.
func (q *Query) values(n int) ([]cnf.Lit, []int) {
	f := q.f
	num := q.digit[n]
	lo, hi := digitpuzzle.Range(len(num))
	var ls []cnf.Lit
	var vs []int
	// has[i][d]: the value literals whose digit at i is d.
	has := make([][10][]cnf.Lit, len(num))
	for v := lo; v <= hi; v++ {
		x := f.Var(fmt.Sprintf("%c=%d", "ABC"[n], v)).Pos()
		for i, w := len(num)-1, v; i >= 0; i, w = i-1, w/10 {
			f.Add(x.Not(), num[i][w%10])
			has[i][w%10] = append(has[i][w%10], x)
		}
		ls, vs = append(ls, x), append(vs, v)
	}
	f.ExactlyOne(ls...)
	for i, row := range num {
		for d, l := range row {
			f.Add(append([]cnf.Lit{l.Not()}, has[i][d]...)...)
		}
	}
	return ls, vs
}

// units adds, for every pair of last digits e of A and g of B, the clause
// that C's last digit is e*g mod 10 (see Query).
func (q *Query) units() {
	a, b, c := q.digit[0], q.digit[1], q.digit[2]
	au, bu, cu := a[len(a)-1], b[len(b)-1], c[len(c)-1]
	for e := range 10 {
		for g := range 10 {
			q.f.Add(au[e].Not(), bu[g].Not(), cu[e*g%10])
		}
	}
}
