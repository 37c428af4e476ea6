package sat

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
)

// Query is the CNF of one decision query of a sticks block: can the
// pieces be joined into k = sum/L sticks of length L? Its models are the
// ways to do it, up to the symmetry that the encoding breaks.
type Query struct {
	f      *cnf.CNF
	p      sticks.Instance
	length int
	sum    int // of the pieces
	k      int // sticks, sum/length; 0 when length does not divide sum
	enc    Encoding
	vals   []int         // distinct piece lengths, longest first
	mult   []int         // mult[j]: pieces of length vals[j]
	count  [][]cnf.Unary // Counts model: count[s][j], pieces of length vals[j] in stick s
	pieces []int         // Pieces model: the piece lengths, longest first
	in     [][]cnf.Lit   // Pieces model: in[i][s], piece i is in stick s
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Encoding selects the formulation of a sticks query; the fields'
// zero values are the default, the fastest combination measured (docs/results.md).
type Encoding struct {
	// Pieces uses one variable per piece and stick (the classic
	// bin-packing model) in place of count variables per stick and
	// distinct length.
	Pieces   bool
	Sum      Sum      // how each stick's sum is tied to L
	Symmetry Symmetry // how the sticks' symmetry is broken
	Long     Long     // which long pieces each stick's MDD counts
}

// Sum selects the pseudo-Boolean encoding of "stick s sums to L".
type Sum int

// The encodings of a stick's sum that were measured (docs/results.md).
const (
	// SumMDDExact writes one MDD of the equality, with a variable per
	// node and per edge; unit propagation is arc consistent for "= L" as
	// a whole. The default: fewest conflicts on the judge data.
	SumMDDExact Sum = iota
	// SumMDD bounds the sum by two MDDs over the counts, ≤ L and ≥ L,
	// each arc consistent on its own but not together.
	SumMDD
	// SumMDDAtMost writes only the ≤ L MDD: equality follows from the
	// total, but unit propagation does not see it.
	SumMDDAtMost
	// SumAdder adds the weighted literals with a tree of ripple-carry
	// adders and fixes the result to L.
	SumAdder
)

// Symmetry selects the symmetry breaking between sticks, which are
// interchangeable in any solution.
type Symmetry int

// The symmetry breakings that were measured.
const (
	// SymmetryLex orders the sticks. Counts: the sticks' count vectors,
	// longest length first, are lexicographically non-increasing.
	// Pieces: piece i (longest first) is in one of the sticks 0..i, and
	// equal pieces go to non-decreasing sticks.
	SymmetryLex Symmetry = iota
	// SymmetryFirst is the weaker classic form. Counts: the sticks hold
	// non-increasing numbers of the longest pieces. Pieces: piece i is in
	// one of the sticks 0..i.
	SymmetryFirst
	// SymmetryNone breaks no symmetry.
	SymmetryNone
)

// Long selects the long pieces that the counts model counts per
// stick, inside the stick's MDD, to tie the sticks together: a stick
// holds at most t pieces longer than L/(t+1), so with n_t such pieces in
// all, Σ over the sticks of their counts is n_t, and a stick that must
// hold t of them leaves less room for the rest. It applies to the counts
// model with SumMDDExact only.
type Long int

// The choices of long pieces that were measured (docs/results.md).
const (
	// LongAuto counts, per query, the class that longRule picks from
	// the block, or none: the default.
	LongAuto Long = iota
	// LongNone counts nothing: each stick has the MDD of its sum alone.
	LongNone
	// LongHalf counts the pieces longer than L/2 (at most one a stick).
	LongHalf
	// LongThird counts the pieces longer than L/3 (at most two a stick).
	LongThird
	// LongBoth counts both classes, in one MDD.
	LongBoth
)

func (e Encoding) String() string {
	model := "counts"
	if e.Pieces {
		model = "pieces"
	}
	sum := [...]string{"mdd-exact", "mdd", "mdd-atmost", "adder"}[e.Sum]
	sym := [...]string{"lex", "first", "none"}[e.Symmetry]
	s := model + "/" + sum + "/" + sym
	if !e.Pieces && e.Sum == SumMDDExact {
		s += "/" + [...]string{"long-auto", "long-none", "long-half", "long-third", "long-both"}[e.Long]
	}
	return s
}

// Encode encodes the query "the pieces of p make sticks of length L" in
// the default encoding, the best of those measured (docs/results.md):
//
// Variables: for each stick s and distinct piece length v, the number of
// pieces of length v in s, an integer 0..min(copies of v, L/v) in order
// encoding ("stick3[40]>=2"). Counting pieces per length, not placing each
// piece, removes the symmetry between equal pieces (43 of the 64 pieces of
// hard_454 are 40 long); Decode hands the actual pieces out.
//
// Clauses: per length v, the counts over the sticks sum to the copies of v
// (a totaliser, both directions); per stick, Σ v·count = L as one MDD of
// the equality over its counts, longest length first, with node and edge
// variables (cnf.MDD: Eén and Sörensson's BDD for pseudo-Boolean
// constraints, made multi-valued and exact); and the sticks' count
// vectors, longest length first, are lexicographically non-increasing,
// which leaves one model per multiset of sticks.
//
// Long pieces: a stick holds at most two pieces longer than L/3. When
// such pieces fill more than three quarters of the 2k places (longRule),
// each stick's MDD also counts them, and a totaliser makes the counts add
// up to their number. That is the subset-sum reasoning that unit
// propagation on separate sticks cannot do: block 18 of the original CERC
// data at L = 122 has 16 pieces over 40 for 9 sticks, so at most two
// sticks hold fewer than two of them, one each; but the pieces 40, 36,
// 33, 33 and 29 each fit only such a stick (no exact completion exists
// with two), and two sticks that each hold a piece of at least 45 have
// no room for all five (171 in all). With the counts inside the
// MDD a stick that takes the 29 has its count of long pieces capped at
// once, the totaliser sees the third such stick, and gini refutes the
// query at once where without them it needs a long search. Counting
// everywhere costs more on blocks with few long pieces (docs/results.md). Independently of that choice, a query
// with more than t·k pieces longer than L/(t+1), t = 1..3, is refuted
// before anything is built.
//
// Size, for d distinct lengths, k sticks and counts up to u: k·d·u count
// variables; per stick at most d·(L+1) MDD nodes (times 3 with the long
// pieces counted), only the sums the later lengths can still complete,
// with u+1 edges each and about 4 clauses per edge; per length a
// totaliser of at most k·u² clauses; the lex chain about 3·u clauses per
// stick and length. hard_454 at L = 227 (10 sticks, 17 lengths) gives
// 19,101 variables and 56,770 clauses. SticksSize bounds it without
// building it.
//
// Propagation: each stick's MDD is arc consistent for its equality (and
// its count of long pieces), and each totaliser for its count, so a stick
// whose remainder cannot be made exactly from the lengths still allowed,
// or a length whose copies cannot all be placed, is refuted at once; it
// left gini the fewest conflicts of the encodings measured
// (docs/results.md).
//
// When L < 1, the block has no pieces, or L does not divide the sum, the
// query is unsatisfiable and the CNF holds the empty clause.
func Encode(p sticks.Instance, length int) *Query {
	return EncodeWith(p, length, Encoding{})
}

// EncodeWith encodes the query with the chosen formulation; Sticks
// documents the default.
func EncodeWith(p sticks.Instance, length int, enc Encoding) *Query {
	q, _ := EncodeContext(context.Background(), p, length, enc) // no deadline: no error
	return q
}

// EncodeContext is SticksWith under a context: it returns ctx.Err() when
// ctx ends before the formula is built. Building takes time and memory
// in proportion to SticksSize, which a caller with a budget should check
// first.
func EncodeContext(ctx context.Context, p sticks.Instance, length int, enc Encoding) (*Query, error) {
	q := newSticksQuery(p, length, enc)
	if q.k == 0 {
		q.f = cnf.New()
		q.f.Comment("puzzlesat sticks L=%d: not a divisor of the sum %d, no such sticks", length, q.sum)
		q.f.Add()
		return q, nil
	}
	var err error
	if enc.Pieces {
		q.f = cnf.New()
		q.comment()
		err = q.encodePieces(ctx)
	} else {
		err = q.encodeCounts(ctx)
	}
	if err != nil {
		return nil, err
	}
	return q, nil
}

// newSticksQuery sorts the pieces and finds the sticks of the query,
// without a formula; k is 0 when there are no such sticks.
func newSticksQuery(p sticks.Instance, length int, enc Encoding) *Query {
	q := &Query{p: p, length: length, enc: enc}
	for _, v := range p.Pieces {
		q.sum += v
	}
	q.pieces = slices.Clone(p.Pieces)
	slices.SortFunc(q.pieces, func(a, b int) int { return b - a })
	for i, v := range q.pieces {
		if i == 0 || v != q.pieces[i-1] {
			q.vals = append(q.vals, v)
			q.mult = append(q.mult, 0)
		}
		q.mult[len(q.mult)-1]++
	}
	if length >= 1 && q.sum > 0 && q.sum%length == 0 {
		q.k = q.sum / length
	}
	return q
}

func (q *Query) comment() {
	q.f.Comment("puzzlesat sticks L=%d sticks=%d pieces=%d encoding=%s", q.length, q.k, len(q.pieces), q.enc)
}

// domains returns the largest count of each length in one stick.
func (q *Query) domains() []int {
	dom := make([]int, len(q.vals))
	for j, v := range q.vals {
		dom[j] = min(q.mult[j], q.length/v)
	}
	return dom
}

// encodeCounts writes the counts model. With SumMDDExact the MDD of one
// stick is built once and written for every stick.
func (q *Query) encodeCounts(ctx context.Context) error {
	l, dom := q.length, q.domains()
	classes := q.longClasses()
	var mdd *cnf.MDD
	hint := cnf.Size{}
	if q.enc.Sum == SumMDDExact {
		var err error
		if mdd, err = cnf.NewMDD(ctx, q.vals, dom, l, q.sides(classes)); err != nil {
			return err
		}
		hint = mdd.Size().Times(int64(q.k))
	}
	q.f = cnf.NewCap(hint)
	q.comment()
	f := q.f
	if t, ok := q.overfull(); ok {
		f.Comment("more than %d·%d pieces longer than L/%d: no such sticks", t, q.k, t+1)
		f.Add()
		return nil
	}
	q.count = make([][]cnf.Unary, q.k)
	for s := range q.count {
		q.count[s] = make([]cnf.Unary, len(q.vals))
		for j, v := range q.vals {
			q.count[s][j] = f.NewUnary(fmt.Sprintf("stick%d[%d]", s+1, v), dom[j])
		}
	}
	for j, n := range q.mult {
		col := make([]cnf.Unary, q.k)
		for s := range col {
			col[s] = q.count[s][j]
		}
		assertSum(f, col, n)
	}
	if err := q.stickSums(ctx, mdd, classes); err != nil {
		return err
	}
	for s := 0; s+1 < q.k; s++ {
		switch q.enc.Symmetry {
		case SymmetryLex:
			f.LexGreaterEq(q.count[s], q.count[s+1])
		case SymmetryFirst:
			f.LexGreaterEq(q.count[s][:1], q.count[s+1][:1])
		}
	}
	return nil
}

// assertSum adds Σ col = n, by a totaliser.
func assertSum(f *cnf.CNF, col []cnf.Unary, n int) {
	o := f.Totalize(col, n)
	if len(o) < n {
		f.Add() // the sticks cannot hold n of them
		return
	}
	if n > 0 {
		f.Add(o[n-1])
	}
	if len(o) > n {
		f.Add(o[n].Not())
	}
}

// stickSums ties every stick's counts to L, and with mdd counts each
// class of long pieces per stick and makes the counts add up to the
// pieces of the class.
func (q *Query) stickSums(ctx context.Context, mdd *cnf.MDD, classes []int) error {
	f := q.f
	cols := make([][]cnf.Unary, len(classes))
	for d := range cols {
		cols[d] = make([]cnf.Unary, q.k)
	}
	for s, row := range q.count {
		if err := ctx.Err(); err != nil {
			return err
		}
		if mdd == nil {
			terms := make([]cnf.Term, len(q.vals))
			for j, v := range q.vals {
				terms[j] = cnf.Term{W: v, X: row[j]}
			}
			q.stickSum(terms)
			continue
		}
		for d, o := range mdd.Encode(f, row) {
			cols[d][s] = o
		}
	}
	for d, t := range classes {
		assertSum(f, cols[d], q.longer(t))
	}
	return nil
}

// longer returns the number of pieces longer than L/(t+1).
func (q *Query) longer(t int) int {
	n := 0
	for j, v := range q.vals {
		if v*(t+1) > q.length {
			n += q.mult[j]
		}
	}
	return n
}

// overfull reports a class t in 1..3 with more pieces longer than
// L/(t+1) than the sticks can hold, t to a stick: then there are no such
// sticks, and the counts model says so before it builds anything.
func (q *Query) overfull() (int, bool) {
	if q.enc.Long == LongNone {
		return 0, false
	}
	for t := 1; t <= 3; t++ {
		if q.longer(t) > t*q.k {
			return t, true
		}
	}
	return 0, false
}

// longClasses returns the classes t that the MDD of each stick counts.
func (q *Query) longClasses() []int {
	if q.enc.Pieces || q.enc.Sum != SumMDDExact {
		return nil
	}
	switch q.enc.Long {
	case LongHalf:
		return []int{1}
	case LongThird:
		return []int{2}
	case LongBoth:
		return []int{1, 2}
	case LongAuto:
		return longRule(q.k, q.longer(2))
	}
	return nil
}

// sides returns the side weights of the classes for the MDD: 1 for a
// length longer than L/(t+1), else 0.
func (q *Query) sides(classes []int) [][]int {
	out := make([][]int, len(classes))
	for d, t := range classes {
		out[d] = make([]int, len(q.vals))
		for j, v := range q.vals {
			if v*(t+1) > q.length {
				out[d][j] = 1
			}
		}
	}
	return out
}

// stickSum ties one stick's terms to L with the chosen encoding.
func (q *Query) stickSum(terms []cnf.Term) {
	f, l := q.f, q.length
	switch q.enc.Sum {
	case SumAdder:
		f.AssertEqualConst(f.AdderSum(terms), uint64(l))
	case SumMDDAtMost:
		f.MDDAtMost(terms, l)
	case SumMDD:
		f.MDDAtMost(terms, l)
		f.MDDAtLeast(terms, l)
	default:
		f.MDDEqual(terms, l)
	}
}

// encodePieces writes the pieces model: in[i][s] for piece i (longest
// first) and stick s, exactly one stick per piece, each stick's pieces
// summing to L with the chosen encoding, and the chosen symmetry breaking.
func (q *Query) encodePieces(ctx context.Context) error {
	f, l := q.f, q.length
	q.in = make([][]cnf.Lit, len(q.pieces))
	for i, v := range q.pieces {
		q.in[i] = make([]cnf.Lit, q.k)
		for s := range q.in[i] {
			q.in[i][s] = f.Var(fmt.Sprintf("piece%d(%d)@stick%d", i+1, v, s+1)).Pos()
		}
		f.ExactlyOne(q.in[i]...)
		if v > l {
			f.Add() // no stick can hold it
		}
	}
	if q.enc.Symmetry != SymmetryNone {
		for i := range q.in {
			for s := i + 1; s < q.k; s++ {
				f.Add(q.in[i][s].Not())
			}
		}
	}
	if q.enc.Symmetry == SymmetryLex {
		// Equal pieces i-1, i: stick(i) ≥ stick(i-1), as in[i][s] → some
		// in[i-1][s'] with s' ≤ s.
		for i := 1; i < len(q.pieces); i++ {
			if q.pieces[i] != q.pieces[i-1] {
				continue
			}
			for s := 0; s < q.k; s++ {
				cl := []cnf.Lit{q.in[i][s].Not()}
				cl = append(cl, q.in[i-1][:s+1]...)
				f.Add(cl...)
			}
		}
	}
	for s := 0; s < q.k; s++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		terms := make([]cnf.Term, len(q.pieces))
		for i, v := range q.pieces {
			terms[i] = cnf.Term{W: v, X: cnf.Unary{q.in[i][s]}}
		}
		q.stickSum(terms)
	}
	return nil
}

// Vars returns the variables that tell solutions apart: the counts'
// literals, or the placement of every piece.
func (q *Query) Vars() []cnf.Var {
	var vs []cnf.Var
	for _, row := range q.count {
		for _, u := range row {
			vs = append(vs, cnf.VarsOf(u)...)
		}
	}
	return append(vs, cnf.VarsOf(q.in...)...)
}

// Length returns the stick length L the query asks about.
func (q *Query) Length() int { return q.length }

// Decode reads the sticks from a model of the query: the pieces of each
// stick, as Verify checks them.
func (q *Query) Decode(m cnf.Model) (sticks.Answer, error) {
	a := sticks.Answer{Length: q.length, Sticks: make([][]int, q.k)}
	if q.k == 0 {
		return a, fmt.Errorf("L=%d does not divide the sum of a non-empty block: the query has no model", q.length)
	}
	if q.enc.Pieces {
		for i, row := range q.in {
			s := slices.IndexFunc(row, m.Value)
			if s < 0 {
				return a, fmt.Errorf("model puts piece %d (%d) in no stick", i+1, q.pieces[i])
			}
			a.Sticks[s] = append(a.Sticks[s], q.pieces[i])
		}
		return a, nil
	}
	for s, row := range q.count {
		for j, u := range row {
			c, ok := m.UnaryValue(u)
			if !ok {
				return a, fmt.Errorf("model breaks the order encoding of stick %d's count of %d", s+1, q.vals[j])
			}
			for range c {
				a.Sticks[s] = append(a.Sticks[s], q.vals[j])
			}
		}
	}
	return a, nil
}

// longRule picks the classes of long pieces to count for a query of k
// sticks with n pieces longer than L/3: those pieces (t = 2) when they
// fill more than three quarters of the 2k places the sticks have for
// them, so that most sticks must hold two. Measured on the original CERC
// blocks and random ones (docs/results.md), counting them everywhere cost
// more on blocks where they are few, and counting the pieces longer than
// L/2 as well or instead helped nowhere on the whole.
func longRule(k, n int) []int {
	if 4*n > 3*2*k {
		return []int{2}
	}
	return nil
}
