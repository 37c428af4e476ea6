package sat

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
)

// Query is the CNF of the question "n has an addition chain of exactly m
// additions", and its variable map: a model is such a chain.
//
// Encoding: a0 = 1 and am = n are constants, and a1 .. am-1 are numbers
// of w = ⌊log2 n⌋+1 bits (with the doubling bounds, ak has min(w, k+1)),
// each above the one before by a comparator (about 3 gates a bit). Each
// ak is the sum of two earlier elements ai + aj, j <= i < k, as Sum picks:
//
//   - operands: one-hot selectors of i and of j (j <= i), the operands
//     copied under their selector into two numbers (2 clauses a bit a
//     selector), and one ripple-carry adder (14 clauses a bit) whose sum
//     is ak: O(m²·w) clauses in all;
//   - pairs: a ripple-carry adder per pair (i, j), shared by every k
//     above i, and a selector per k and pair, at least one true, which
//     makes ak that pair's sum: O(m²·w) adders and O(m³·w) clauses.
//
// With Bounds, ak <= 2^k and ak·2^(m-k) >= n are clauses too, the DFS's
// doubling bound: implied, but unit propagation then refutes an m below
// ⌈log2 n⌉ at once, and prunes the search elsewhere. Unit propagation
// computes each ak from the selectors and the elements below it.
type Query struct {
	f    *cnf.CNF
	n, m int
	a    []cnf.Bits // a[0..m]; a[0] and a[m] constant
}

// Sum names how each element is made the sum of two earlier ones.
type Sum int

// The Sum encodings, in the order of Encodings' options.
const (
	Operands Sum = iota
	Pairs
)

// Encoding holds the choices of the query; the zero value is the
// default.
type Encoding struct {
	Sum    Sum
	Bounds bool // the doubling bounds as clauses
}

// maxSized bounds the m whose size Size computes: past it, m³ overflows.
const maxSized = 1 << 16

// Build returns the query about a chain of exactly m additions for n, in
// encoding e. m may be any length from 0; below the shortest and above
// n-1 the query is unsatisfiable.
func Build(n, m int, e Encoding) *Query {
	f := cnf.New()
	f.Comment("puzzlesat addchain n=%d m=%d", n, m)
	q := &Query{f: f, n: n, m: m, a: []cnf.Bits{f.ConstBits(1)}}
	switch {
	case m == 0 && n == 1:
		return q
	case m == 0 || m > n-1:
		f.Add() // the chain of no addition is 1 alone; none is longer than 1, 2, ..., n
		return q
	}
	w := bits.Len(uint(n))
	q.a = append(q.a, make([]cnf.Bits, m)...)
	q.a[m] = f.ConstBits(uint64(n))
	for k := 1; k < m; k++ {
		width := w
		if e.Bounds {
			width = min(w, k+1) // ak <= 2^k
		}
		q.a[k] = f.NewBits(fmt.Sprintf("a%d", k), width)
	}
	for k := 1; k <= m; k++ {
		f.Assert(f.LessEq(q.a[k], q.a[k-1]).Not())
		if e.Bounds {
			q.bound(k)
		}
	}
	switch e.Sum {
	case Pairs:
		q.pairs()
	default:
		q.operands()
	}
	return q
}

// bound adds the doubling bounds of ak: ak <= 2^k, and ak·2^(m-k) >= n.
func (q *Query) bound(k int) {
	if k < len(q.a[k]) {
		q.f.AtMostConst(q.a[k], 1<<uint(k))
	}
	if r := q.m - k; r < 31 {
		q.f.AtLeastConst(q.a[k], uint64((q.n+1<<r-1)>>r), 0)
	}
}

// operands makes each ak the sum of two operands picked by one-hot
// selectors.
func (q *Query) operands() {
	f := q.f
	for k := 1; k <= q.m; k++ {
		x := make([]cnf.Lit, k) // x[i]: the larger operand is ai
		y := make([]cnf.Lit, k) // y[j]: the smaller one is aj
		for i := range k {
			x[i] = f.Var(fmt.Sprintf("x%d_%d", k, i)).Pos()
			y[i] = f.Var(fmt.Sprintf("y%d_%d", k, i)).Pos()
		}
		f.ExactlyOne(x...)
		f.ExactlyOne(y...)
		for i := range k {
			for j := i + 1; j < k; j++ {
				f.Add(x[i].Not(), y[j].Not()) // j <= i
			}
		}
		w := len(q.a[k-1])
		l, r := f.NewBits("", w), f.NewBits("", w)
		for i := range k {
			f.SelectBits(l, x[i], q.a[i])
			f.SelectBits(r, y[i], q.a[i])
		}
		f.AssertEqual(q.a[k], f.Sum(l, r))
	}
}

// pairs makes each ak the sum of a pair picked by a selector, one adder
// per pair.
func (q *Query) pairs() {
	f := q.f
	sums := make([][]cnf.Bits, q.m) // sums[i][j] = ai + aj, j <= i
	for i := range q.m {
		sums[i] = make([]cnf.Bits, i+1)
		for j := range i + 1 {
			sums[i][j] = f.Sum(q.a[i], q.a[j])
		}
	}
	for k := 1; k <= q.m; k++ {
		var some []cnf.Lit
		for i := range k {
			for j := range i + 1 {
				s := f.Var(fmt.Sprintf("s%d_%d_%d", k, i, j)).Pos()
				some = append(some, s)
				q.equalIf(s, q.a[k], sums[i][j])
			}
		}
		f.AtLeastOne(some...)
	}
}

// equalIf adds s → (a = b), two clauses a bit.
func (q *Query) equalIf(s cnf.Lit, a, b cnf.Bits) {
	for i := range max(len(a), len(b)) {
		x, y := q.f.Bit(a, i), q.f.Bit(b, i)
		q.f.Add(s.Not(), x.Not(), y)
		q.f.Add(s.Not(), x, y.Not())
	}
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Decode reads the chain of a model.
func (q *Query) Decode(m cnf.Model) (addchain.Answer, error) {
	if len(q.a) != q.m+1 {
		return addchain.Answer{}, fmt.Errorf("addchain: a model of a query without one (%d additions for n = %d)", q.m, q.n)
	}
	c := make([]int, q.m+1)
	for k, b := range q.a {
		c[k] = int(m.BitsValue(b))
	}
	if c[0] != 1 || c[q.m] != q.n {
		return addchain.Answer{}, fmt.Errorf("addchain: the model's chain %v does not run from 1 to %d", c, q.n)
	}
	return addchain.Answer{Chain: c}, nil
}

// values returns the variables of a1 .. am-1, which tell chains apart.
func (q *Query) values() []cnf.Var {
	var vs []cnf.Var
	for _, b := range q.a[min(1, len(q.a)-1) : len(q.a)-1] {
		for _, l := range b {
			vs = append(vs, l.Var())
		}
	}
	return vs
}

// Size returns an upper bound on the literals of Build(n, m, e), known
// before it is built: the query's comparators, adders and selections at
// their widest. It saturates at math.MaxInt64 for an m no budget holds.
func Size(n, m int, e Encoding) int64 {
	switch {
	case m == 0 || m > n-1:
		return 8 // no chain of 0 additions but 1's, none longer than n-1
	case m > maxSized:
		return math.MaxInt64
	}
	w := int64(bits.Len(uint(n))) + 1
	mm := int64(m)
	const adder, compare, pick = 50, 40, 6 // literals a bit, at most
	lits := mm*w*compare + 2*mm*w*w        // the order, the doubling bounds
	switch e.Sum {
	case Pairs:
		lits += mm*mm*w*adder + mm*mm*mm*w*pick + mm*mm*mm
	default:
		lits += mm*w*adder + 2*mm*mm*w*pick + 4*mm*mm*mm
	}
	return lits + 100
}
