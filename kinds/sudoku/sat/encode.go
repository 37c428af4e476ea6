package sat

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
)

// Query is the CNF of a sudoku and its variable map.
//
// Encoding: the "extended" encoding of Lynce and Ouaknine (2006): a
// variable "rRcC=s" per cell and symbol, exactly one symbol per cell and
// exactly one cell per symbol in every row, column and box. A cell-symbol
// pair that a given rules out (the given's own cell, or a symbol given in
// the same row, column or box) is the constant false and a given is the
// constant true, rather than a variable: what unit propagation on the
// givens would find at once. That cut the 25x25 judge formulas from
// 750,000 clauses to 30,000-50,000 and their solve time by half, and a
// 400x400 grid with 35% blanks keeps about a million variables out of 64
// million. Constraints met by a given are left out. The exactly-one
// groups are a clause for at least one and an at-most-one (see
// sudokuAMO). Unit propagation performs naked singles (a cell with one
// symbol left) and hidden singles (a symbol with one cell left in a
// unit), so it alone solves the easy puzzles; with SudokuSingles the
// encoder applies that propagation itself (see SudokuReduce).
type Query struct {
	f       *cnf.CNF
	p       sudoku.Instance
	side    int
	fixed   []int16   // per cell: the symbol the encoder placed (given, or by SudokuSingles), 0 for an open cell
	start   []int32   // per cell and one more: where the candidates of each open cell start in syms
	syms    []int16   // the candidate symbols of the open cells, cell by cell
	lits    []cnf.Lit // lits[k]: the literal of syms[k], true when its cell holds it
	first   cnf.Var   // the cell variables are first..first+nvars-1
	nvars   int
	rev     []int32 // per cell variable: its first candidate, built when names are asked for
	decided bool    // every cell is placed, and the formula is satisfiable
}

// Reduce says how much the encoder decides before it writes clauses.
type Reduce int

const (
	// Givens makes constants of the givens and of what they rule
	// out in their row, column and box: the formula that DIMACS export
	// writes.
	Givens Reduce = iota
	// Singles goes on to the fixpoint of unit propagation on that
	// formula, naked and hidden singles, and writes what it leaves: the
	// same deductions as the level-0 propagation of any SAT solver (and
	// the preprocessing of the Go+gini peer), made on the grid so that
	// the clauses they satisfy are never built. A 17-clue 9x9 puzzle
	// keeps about 600 of its 2,900 clauses (45% keep none). For solving
	// and counting.
	Singles
)

// Decided reports whether the encoder placed every cell (SudokuSingles
// on a puzzle that unit propagation solves): the formula then has no
// variable left to choose, and Decode reads the answer from its
// constants, with any model.
func (q *Query) Decided() bool { return q.decided }

// Small reports whether gini answers the query within milliseconds
// whatever it holds: a 9x9 grid or smaller, at most 729 variables.
func (q *Query) Small() bool { return q.side <= 9 }

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Options chooses how the encoder writes a sudoku.
type Options struct {
	Reduce Reduce
	// Equivalences makes the two candidates of an exactly-one group of two
	// share one variable, one the negation of the other (equivalent-
	// literal substitution: such a group needs no clause). Vars are then
	// no longer one-hot groups, so a query to count keeps it off.
	Equivalences bool
	// AMO is the at-most-one encoding of the groups of more than
	// PairsUpTo literals; smaller groups get every pair.
	AMO       cnf.AMO
	PairsUpTo int
	// Sides says which sides of the exactly-one groups are written.
	Sides Sides
	// Segments adds the redundant constraints of the segments, the cells
	// a box shares with a line (see segments), to the grids of box 4 to
	// SegmentsUpTo.
	Segments bool
}

// Sides are the sides of the exactly-one groups an encoding writes,
// after Lynce and Ouaknine (2006). Every one has the same answers: in a
// unit, as many cells as symbols each holding at least one, and no symbol
// twice, make every cell hold exactly one and every symbol come once.
type Sides int

const (
	// Extended writes both sides of every group: the cell and unit
	// at-least-ones that the others leave out are redundant, and give
	// unit propagation hidden singles.
	Extended Sides = iota
	// Efficient leaves out the at-least-one of each unit symbol.
	Efficient
	// Minimal leaves out the unit at-least-ones and the cell
	// at-most-ones: a cell has at least one symbol, a unit no symbol twice.
	Minimal
)

// String returns the name of the sides.
func (s Sides) String() string {
	switch s {
	case Extended:
		return "extended"
	case Efficient:
		return "efficient"
	case Minimal:
		return "minimal"
	}
	return fmt.Sprintf("SudokuSides(%d)", int(s))
}

// Defaults returns the options Sudoku and SudokuIn use, the best of
// those measured (docs/results.md): every pair up to 12 literals, bimander past.
func Defaults() Options {
	return Options{AMO: sudokuLargeAMO, PairsUpTo: sudokuPairsUpTo}
}

// Encode encodes p into a new formula, reduced by its givens.
func Encode(p sudoku.Instance) *Query { return EncodeIn(cnf.New(), p, Givens) }

// EncodeIn encodes p into f with SudokuDefaults and the reduction reduce,
// without equivalences.
func EncodeIn(f *cnf.CNF, p sudoku.Instance, reduce Reduce) *Query {
	o := Defaults()
	o.Reduce = reduce
	return EncodeWith(f, p, o)
}

// EncodeWith encodes p into f, which has no clauses yet; f may stream its
// clauses into a solver (sat.NewStreaming). The variables are named only
// when DIMACS is written. Box may be 2 to sudoku.MaxBox; cells
// outside 0..S are read as blanks.
func EncodeWith(f *cnf.CNF, p sudoku.Instance, o Options) *Query {
	side := p.Side()
	n := side * side
	f.Comment("puzzlesat sudoku %dx%d", side, side)
	q := &Query{f: f, p: p, side: side, start: make([]int32, n+1), fixed: make([]int16, n)}
	g := newSudokuGrid(p)
	ok := g.ok
	if ok && o.Reduce == Singles {
		ok = g.singles()
	}
	f.True()
	f.NameFunc(q.name)
	if !ok {
		f.Add() // the givens contradict each other
		return q
	}
	q.fixed = g.fixed
	starts := g.groupStarts()
	sudokuHint(f, g, starts, o)
	q.candidatesOf(g)
	groups := q.unitGroups(g, starts)
	if o.Equivalences {
		if !q.equivalences(groups, starts) {
			f.Add() // a candidate equal to its own negation
			return q
		}
	} else {
		q.variables()
	}
	q.decided = len(q.syms) == 0
	e := sudokuEmitter{f: f, o: o, seen: make([]int32, 2*f.NumVars()+2)}
	for c := range n {
		if g.fixed[c] == 0 {
			e.exactlyOne(q, q.candidates(c), true, o.Sides != Minimal)
		}
	}
	for i := range 3 * side * side {
		if grp := groups[starts[i]:starts[i+1]]; len(grp) > 0 {
			e.exactlyOne(q, grp, o.Sides == Extended, true)
		} else if !g.placed(i/side, i%side) {
			f.Add() // a symbol with no place left in a unit
			q.decided = false
		}
	}
	if o.Segments && !q.decided && p.Box >= 4 && p.Box <= SegmentsUpTo {
		q.segments(g)
	}
	return q
}

// sudokuHint tells f how large the formula of grid g will be, at most:
// every pair of a group up to o.PairsUpTo literals, fewer past it.
func sudokuHint(f *cnf.CNF, g *sudokuGrid, starts []int, o Options) {
	total, clauses, lits := 0, 0, 0
	size := func(k int) {
		if k <= o.PairsUpTo || o.AMO == cnf.AMOPairwise {
			clauses += 1 + k*(k-1)/2
			lits += k * k
		} else { // every compact encoding takes fewer
			clauses += 1 + 5*k
			lits += 11 * k
		}
	}
	for c, v := range g.fixed {
		if v == 0 {
			total += g.count[c]
			size(g.count[c])
		}
	}
	for i := range len(starts) - 1 {
		size(starts[i+1] - starts[i])
	}
	f.Hint(f.NumVars()+total, clauses+1, lits+1)
}

// candidatesOf lists the candidates of the open cells of g, cell by cell.
func (q *Query) candidatesOf(g *sudokuGrid) {
	n, total := len(g.fixed), 0
	for c, v := range g.fixed {
		if v == 0 {
			total += g.count[c]
		}
	}
	q.syms = make([]int16, 0, total)
	for c := range n {
		q.start[c] = int32(len(q.syms))
		if g.fixed[c] != 0 {
			continue
		}
		for k, m := range g.cand[c*g.w : c*g.w+g.w] {
			for ; m != 0; m &= m - 1 {
				q.syms = append(q.syms, int16(64*k+bits.TrailingZeros64(m)+1))
			}
		}
	}
	q.start[n] = int32(len(q.syms))
}

// variables gives every candidate a variable of its own.
func (q *Query) variables() {
	q.nvars = len(q.syms)
	q.first = q.f.Vars(q.nvars)
	q.lits = make([]cnf.Lit, q.nvars)
	for k := range q.lits {
		q.lits[k] = (q.first + cnf.Var(k)).Pos()
	}
}

// equivalences gives the candidates their literals with one variable per
// class of equivalent candidates: in a group (a cell, or a unit symbol)
// of exactly two, one is the negation of the other, so both take one
// variable (equivalent-literal substitution, a standard SAT
// preprocessing; the exactly-one of two then needs no clause). It
// reports false when a candidate comes out equal to its own negation.
// groups holds the candidates of the unit symbols, as unitGroups lays
// them out.
func (q *Query) equivalences(groups []int32, starts []int) bool {
	total := len(q.syms)
	parent := make([]int32, 2*total) // literal 2k: candidate k holds; 2k+1: it does not
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	differ := func(a, b int32) { // a holds iff b does not
		parent[find(2*a)] = find(2*b + 1)
		parent[find(2*a+1)] = find(2 * b)
	}
	for c := range len(q.start) - 1 {
		if q.start[c+1]-q.start[c] == 2 {
			differ(q.start[c], q.start[c]+1)
		}
	}
	for i := range len(starts) - 1 {
		if starts[i+1]-starts[i] == 2 {
			differ(groups[starts[i]], groups[starts[i]+1])
		}
	}
	varOf := make([]int32, 2*total) // per class: its variable, from 1; 0 for none yet
	q.lits = make([]cnf.Lit, total)
	for k := range int32(total) {
		pos, neg := find(2*k), find(2*k+1)
		switch {
		case pos == neg:
			return false
		case varOf[pos] != 0:
			q.lits[k] = cnf.Var(varOf[pos]).Pos()
		case varOf[neg] != 0:
			q.lits[k] = cnf.Var(varOf[neg]).Neg()
		default:
			v := q.f.Vars(1)
			if q.nvars == 0 {
				q.first = v
			}
			q.nvars++
			varOf[pos] = int32(v)
			q.lits[k] = v.Pos()
		}
	}
	return true
}

// sudokuEmitter writes the exactly-one groups of a query.
type sudokuEmitter struct {
	f     *cnf.CNF
	o     Options
	seen  []int32 // per literal: the stamp of the last group that held it
	stamp int32
	buf   []cnf.Lit
}

// exactlyOne adds exactly one of the candidates ks of q: a clause for at
// least one (with alo), and the at-most-one that the options pick for its
// size (with amo). A group of two (equivalent literals) needs none. After
// substitution a literal may come twice (it must be false: two of the
// group would hold) or with its negation (one of the two holds, so the
// others must not); every group is exactly one in every answer, whichever
// sides are written, so these units hold either way.
func (e *sudokuEmitter) exactlyOne(q *Query, ks []int32, alo, amo bool) {
	e.stamp++
	e.buf = e.buf[:0]
	var twice []cnf.Lit
	both := false
	for _, k := range ks {
		l := q.lits[k]
		switch {
		case e.seen[l] == e.stamp:
			twice = append(twice, l)
		case e.seen[l.Not()] == e.stamp:
			both = true
			e.seen[l] = e.stamp
		default:
			e.seen[l] = e.stamp
			e.buf = append(e.buf, l)
		}
	}
	if both { // a group of two after substitution says nothing more
		for _, l := range e.buf {
			if e.seen[l.Not()] != e.stamp {
				e.f.Add(l.Not())
			}
		}
		return
	}
	for _, l := range twice {
		e.f.Add(l.Not())
	}
	if alo {
		e.f.AtLeastOne(e.buf...)
	}
	switch {
	case !amo:
	case len(e.buf) <= e.o.PairsUpTo:
		e.f.AtMostOneWith(cnf.AMOPairwise, e.buf...)
	default:
		e.f.AtMostOneWith(e.o.AMO, e.buf...)
	}
}

// sudokuPairsUpTo and sudokuLargeAMO are the default at-most-one: every
// pair for groups up to sudokuPairsUpTo literals, sudokuLargeAMO past it
// (BenchmarkSudokuAMO in package sat: the compact encodings write a
// quarter fewer clauses on a 225x225 grid and cut the memory of a
// 400x400 one; none leads everywhere, bimander past 12 led on the 36x36
// puzzles; 9x9 groups never reach the threshold).
const (
	sudokuPairsUpTo = 12
	sudokuLargeAMO  = cnf.AMOBimander
)

// candidates returns the candidates of open cell c, as indexes of syms.
func (q *Query) candidates(c int) []int32 {
	ks := make([]int32, 0, q.start[c+1]-q.start[c])
	for k := q.start[c]; k < q.start[c+1]; k++ {
		ks = append(ks, k)
	}
	return ks
}

// unitGroups returns the candidates (indexes of syms) of every unit
// symbol back to back, as groupStarts lays them out. A symbol placed in a
// unit has none.
func (q *Query) unitGroups(g *sudokuGrid, starts []int) []int32 {
	side := q.side
	groups := make([]int32, starts[len(starts)-1])
	fill := append([]int(nil), starts[:len(starts)-1]...)
	for c := range side * side {
		us := g.units(c)
		for k := q.start[c]; k < q.start[c+1]; k++ {
			v := int(q.syms[k] - 1)
			for _, u := range us {
				groups[fill[u*side+v]] = k
				fill[u*side+v]++
			}
		}
	}
	return groups
}

// Lit returns the literal of "cell c holds symbol v" (v in 1..S): a
// variable, or a constant for a cell the encoder placed or a symbol it
// ruled out.
func (q *Query) Lit(c, v int) cnf.Lit {
	if g := q.fixed[c]; g != 0 {
		return q.f.Const(int(g) == v)
	}
	for k := q.start[c]; k < q.start[c+1]; k++ {
		if int(q.syms[k]) == v {
			return q.lits[k]
		}
	}
	return q.f.False()
}

// name names a cell variable "r1c2=5" (or "=17" in numbers) for DIMACS,
// after the first candidate it stands for.
func (q *Query) name(v cnf.Var) string {
	if v < q.first || int(v-q.first) >= q.nvars {
		return ""
	}
	if q.rev == nil { // the first candidate of each variable
		q.rev = make([]int32, q.nvars)
		for k := len(q.lits) - 1; k >= 0; k-- {
			q.rev[q.lits[k].Var()-q.first] = int32(k)
		}
	}
	{
		k := int(q.rev[v-q.first])
		l := q.lits[k]
		// The open cell whose candidates hold k: the last start not past it.
		c := sort.Search(len(q.start), func(i int) bool { return int(q.start[i]) > k }) - 1
		sym := int(q.syms[k])
		text := strconv.Itoa(sym)
		if sym <= len(q.p.Alphabet) {
			text = q.p.Alphabet[sym-1 : sym]
		}
		eq := "="
		if !l.IsPos() {
			eq = "!="
		}
		return fmt.Sprintf("r%dc%d%s%s", c/q.side+1, c%q.side+1, eq, text)
	}
}

// Vars returns the cell variables, which tell solutions apart. Without
// Equivalences they fall into exactly-one groups, one per open cell.
func (q *Query) Vars() []cnf.Var {
	vs := make([]cnf.Var, q.nvars)
	for k := range vs {
		vs[k] = q.first + cnf.Var(k)
	}
	return vs
}

// Decode reads the filled grid from a model of the query.
func (q *Query) Decode(m cnf.Model) (sudoku.Answer, error) {
	side := q.side
	a := sudoku.Answer{Cells: make([]int16, side*side)}
	for c := range a.Cells {
		if g := q.fixed[c]; g != 0 {
			a.Cells[c] = g
			continue
		}
		for k := q.start[c]; k < q.start[c+1]; k++ {
			if !m.Value(q.lits[k]) {
				continue
			}
			if a.Cells[c] != 0 {
				return a, fmt.Errorf("model gives cell r%dc%d two symbols", c/side+1, c%side+1)
			}
			a.Cells[c] = q.syms[k]
		}
		if a.Cells[c] == 0 {
			return a, fmt.Errorf("model gives cell r%dc%d no symbol", c/side+1, c%side+1)
		}
	}
	return a, nil
}
