package encode

import (
	"fmt"
	"puzzlesat/encode/cnf"
	"slices"

	"puzzlesat/puzzle"
)

// SticksQuery is the CNF of one decision query of a sticks block: can the
// pieces be joined into k = sum/L sticks of length L? Its models are the
// ways to do it, up to the symmetry that the encoding breaks.
type SticksQuery struct {
	f      *cnf.CNF
	p      puzzle.Sticks
	length int
	k      int
	enc    SticksEncoding
	vals   []int         // distinct piece lengths, longest first
	mult   []int         // mult[j]: pieces of length vals[j]
	count  [][]cnf.Unary // Counts model: count[s][j], pieces of length vals[j] in stick s
	pieces []int         // Pieces model: the piece lengths, longest first
	in     [][]cnf.Lit   // Pieces model: in[i][s], piece i is in stick s
}

// Formula returns the CNF of the query.
func (q *SticksQuery) Formula() *cnf.CNF { return q.f }

// SticksEncoding selects the formulation of a sticks query; the fields'
// zero values are the default, the fastest combination measured (README).
type SticksEncoding struct {
	// Pieces uses one variable per piece and stick (the classic
	// bin-packing model) in place of count variables per stick and
	// distinct length.
	Pieces   bool
	Sum      SticksSum      // how each stick's sum is tied to L
	Symmetry SticksSymmetry // how the sticks' symmetry is broken
}

// SticksSum selects the pseudo-Boolean encoding of "stick s sums to L".
type SticksSum int

// The encodings of a stick's sum that were measured (README).
const (
	// SumMDDExact writes one MDD of the equality, with a variable per
	// node and per edge; unit propagation is arc consistent for "= L" as
	// a whole. The default: fewest conflicts on the judge data.
	SumMDDExact SticksSum = iota
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

// SticksSymmetry selects the symmetry breaking between sticks, which are
// interchangeable in any solution.
type SticksSymmetry int

// The symmetry breakings that were measured.
const (
	// SymmetryLex orders the sticks. Counts: the sticks' count vectors,
	// longest length first, are lexicographically non-increasing.
	// Pieces: piece i (longest first) is in one of the sticks 0..i, and
	// equal pieces go to non-decreasing sticks.
	SymmetryLex SticksSymmetry = iota
	// SymmetryFirst is the weaker classic form. Counts: the sticks hold
	// non-increasing numbers of the longest pieces. Pieces: piece i is in
	// one of the sticks 0..i.
	SymmetryFirst
	// SymmetryNone breaks no symmetry.
	SymmetryNone
)

func (e SticksEncoding) String() string {
	model := "counts"
	if e.Pieces {
		model = "pieces"
	}
	sum := [...]string{"mdd-exact", "mdd", "mdd-atmost", "adder"}[e.Sum]
	sym := [...]string{"lex", "first", "none"}[e.Symmetry]
	return model + "/" + sum + "/" + sym
}

// Sticks encodes the query "the pieces of p make sticks of length L" in
// the default encoding, the best of those measured (README):
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
// variables (Eén and Sörensson's BDD for pseudo-Boolean constraints, made
// multi-valued and exact); and the sticks' count vectors, longest length
// first, are lexicographically non-increasing, which leaves one model per
// multiset of sticks.
//
// Size, for d distinct lengths, k sticks and counts up to u: k·d·u count
// variables; per stick at most d·(L+1) MDD nodes, only the sums the later
// lengths can still complete, with u+1 edges each and about 4 clauses per
// edge; per length a totaliser of at most k·u² clauses; the lex chain
// about 3·u clauses per stick and length. hard_454 at L = 227 (10 sticks,
// 17 lengths) gives 19,101 variables and 56,770 clauses.
//
// Propagation: each stick's MDD is arc consistent for its equality, and
// each totaliser for its count, so a stick whose remainder cannot be made
// exactly from the lengths still allowed, or a length whose copies cannot
// all be placed, is refuted at once. On hard_454 at L = 227 that leaves
// gini 14 conflicts (the two-sided MDD 760, adders 4,978, one variable per
// piece and stick 5,105).
//
// When L < 1, the block has no pieces, or L does not divide the sum, the
// query is unsatisfiable and the CNF holds the empty clause.
func Sticks(p puzzle.Sticks, length int) *SticksQuery {
	return SticksWith(p, length, SticksEncoding{})
}

// SticksWith encodes the query with the chosen formulation; Sticks
// documents the default.
func SticksWith(p puzzle.Sticks, length int, enc SticksEncoding) *SticksQuery {
	f := cnf.New()
	q := &SticksQuery{f: f, p: p, length: length, enc: enc}
	sum := 0
	for _, v := range p.Pieces {
		sum += v
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
	if length < 1 || sum == 0 || sum%length != 0 {
		f.Comment("puzzlesat sticks L=%d: not a divisor of the sum %d, no such sticks", length, sum)
		f.Add()
		return q
	}
	q.k = sum / length
	f.Comment("puzzlesat sticks L=%d sticks=%d pieces=%d encoding=%s", length, q.k, len(p.Pieces), enc)
	if enc.Pieces {
		q.encodePieces()
	} else {
		q.encodeCounts()
	}
	return q
}

// encodeCounts writes the counts model.
func (q *SticksQuery) encodeCounts() {
	f, l := q.f, q.length
	q.count = make([][]cnf.Unary, q.k)
	for s := range q.count {
		q.count[s] = make([]cnf.Unary, len(q.vals))
		for j, v := range q.vals {
			q.count[s][j] = f.NewUnary(fmt.Sprintf("stick%d[%d]", s+1, v), min(q.mult[j], l/v))
		}
	}
	for j, n := range q.mult {
		col := make([]cnf.Unary, q.k)
		for s := range col {
			col[s] = q.count[s][j]
		}
		o := f.Totalize(col, n)
		if len(o) < n {
			f.Add() // the sticks cannot hold n pieces of this length
			continue
		}
		f.Add(o[n-1])
		if len(o) > n {
			f.Add(o[n].Not())
		}
	}
	for s := range q.count {
		terms := make([]cnf.Term, len(q.vals))
		for j, v := range q.vals {
			terms[j] = cnf.Term{W: v, X: q.count[s][j]}
		}
		q.stickSum(terms)
	}
	for s := 0; s+1 < q.k; s++ {
		switch q.enc.Symmetry {
		case SymmetryLex:
			f.LexGreaterEq(q.count[s], q.count[s+1])
		case SymmetryFirst:
			f.LexGreaterEq(q.count[s][:1], q.count[s+1][:1])
		}
	}
}

// stickSum ties one stick's terms to L with the chosen encoding.
func (q *SticksQuery) stickSum(terms []cnf.Term) {
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
func (q *SticksQuery) encodePieces() {
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
		terms := make([]cnf.Term, len(q.pieces))
		for i, v := range q.pieces {
			terms[i] = cnf.Term{W: v, X: cnf.Unary{q.in[i][s]}}
		}
		q.stickSum(terms)
	}
}

// Vars returns the variables that tell solutions apart: the counts'
// literals, or the placement of every piece.
func (q *SticksQuery) Vars() []cnf.Var {
	var vs []cnf.Var
	for _, row := range q.count {
		for _, u := range row {
			for _, l := range u {
				vs = append(vs, l.Var())
			}
		}
	}
	for _, row := range q.in {
		for _, l := range row {
			vs = append(vs, l.Var())
		}
	}
	return vs
}

// Length returns the stick length L the query asks about.
func (q *SticksQuery) Length() int { return q.length }

// Decode reads the sticks from a model of the query: the pieces of each
// stick, as Verify checks them.
func (q *SticksQuery) Decode(m cnf.Model) (puzzle.SticksAnswer, error) {
	a := puzzle.SticksAnswer{Length: q.length, Sticks: make([][]int, q.k)}
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
