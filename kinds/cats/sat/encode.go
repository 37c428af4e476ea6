package sat

import (
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	kindscats "github.com/puzzlesat/puzzlesat/kinds/cats"
)

// Query is the CNF of "the cats fit in k cable cars" for a cats
// instance, with a literal per car that tells whether it is used, so that
// one solver can also be asked for fewer cars (AtMost). Its models are the
// packings, up to the symmetry that the encoding breaks.
type Query struct {
	f     *cnf.CNF
	p     kindscats.Instance
	k     int
	enc   Encoding
	vals  []int         // distinct weights, heaviest first
	mult  []int         // mult[j]: cats of weight vals[j]
	who   [][]int       // who[j]: the input positions of the cats of weight vals[j]
	count [][]cnf.Unary // count[c][j]: cats of weight vals[j] in car c
	used  []cnf.Lit     // used[c]: car c holds a cat
	mdd   int           // cars whose load is an MDD (the rest: adders)
	nodes int           // MDD nodes in all
	total int           // the sum of the weights
	sel   map[int]cnf.Lit
}

// Encoding selects the formulation of a cats query; the zero value is
// the default, the best measured (docs/results.md).
type Encoding struct {
	// Adder bounds every car's load by a binary adder tree compared with
	// W, in place of an MDD.
	Adder bool
	// MaxNodes bounds the MDD of one car; past it that car gets the adder
	// tree. 0 means CatsMaxNodes, a negative value no bound.
	MaxNodes int
	// NoSymmetry leaves the cars unordered.
	NoSymmetry bool
	// NoFull leaves out the redundant lower bounds on the loads (see
	// Encode).
	NoFull bool
}

// MaxNodes is the default bound on the MDD nodes of one car. An MDD
// over weights up to 10^9 can grow exponentially with the number of
// distinct weights; up to this size it was faster than the adder tree in
// every measurement (docs/results.md).
const MaxNodes = 20000

func (e Encoding) String() string {
	s := "mdd"
	if e.Adder {
		s = "adder"
	}
	if e.NoSymmetry {
		s += "/none"
	} else {
		s += "/lex"
	}
	if e.NoFull {
		return s + "/nofull"
	}
	return s + "/full"
}

// Encode encodes the query "the cats of p fit in k cars of capacity W" in
// the default encoding:
//
// Variables: for each car c and distinct weight v, the number of cats of
// weight v in car c, an integer 0..min(cats of weight v, W/v) in order
// encoding ("car3[1994]>=1"), as the sticks query does: counting cats per
// weight, not placing each cat, removes the symmetry between equal cats;
// Decode hands the actual cats out. A literal "car3 used" per car.
//
// Clauses: per weight v, the counts over the cars sum to the cats of
// weight v (a totaliser, both directions); per car, Σ v·count ≤ W as a
// monotone MDD whose nodes are merged by intervals (cnf.IntervalMDDAtMost:
// its size follows the weights' structure, not W, which may be 10^9), or,
// when that MDD would pass CatsMaxNodes nodes, an adder tree compared with
// W; "used" is the disjunction of the car's counts; and the cars' count
// vectors, heaviest weight first, are lexicographically non-increasing, as
// for sticks, which leaves one model per multiset of cars and puts the
// empty cars last, so that "car t is not used" means "at most t cars"
// (AtMost); "car t+1 used → car t used" says it to the solver directly.
// Redundant: each car carries at least S - (k-1)·W, S the total weight
// (see full), an MDD of Σ v·count ≥ that bound per car; AtMost(t) adds the
// same for t cars, switched on by a selector. Without these bounds gini
// could not refute small instances at their lower bound in reasonable
// time (docs/results.md).
//
// Size, for d distinct weights, k cars and counts up to u: k·d·u count
// variables; per weight a totaliser of at most k·u² clauses; per car two
// MDDs of at most CatsMaxNodes nodes with u+1 clauses each (or an adder
// tree of about 14 clauses per bit of each weight, and no lower bound);
// the lex chain about 3·u clauses per car and weight. 18 cats of AcWing
// size in 11 cars: 1,707 variables and 4,367 clauses; 64 cats of
// W/10..W/2 in 19 cars: 0.5 million clauses.
//
// Propagation: each car's MDDs are arc consistent for its capacity and
// its least load, and each totaliser for its weight's count, so a cat
// that fits in no car, a car that cannot be filled enough, or a weight
// whose cats cannot all be placed, is refuted by unit propagation alone;
// the adder tree propagates less (docs/results.md).
//
// When a cat is heavier than W, or k < 0, the query is unsatisfiable and
// the CNF holds the empty clause.
func Encode(p kindscats.Instance, k int) *Query {
	return EncodeWith(p, k, Encoding{})
}

// EncodeWith encodes the query with the chosen formulation; Cats documents
// the default.
func EncodeWith(p kindscats.Instance, k int, enc Encoding) *Query {
	f := cnf.New()
	q := &Query{f: f, p: p, k: max(k, 0), enc: enc, sel: map[int]cnf.Lit{}}
	for _, v := range p.Weights {
		q.total += v
	}
	q.group()
	heavy := len(q.vals) > 0 && q.vals[0] > p.W
	if heavy || k < 0 || k == 0 && len(p.Weights) > 0 {
		f.Comment("puzzlesat cats cars=%d W=%d cats=%d: impossible", k, p.W, len(p.Weights))
		f.Add()
		return q
	}
	f.Comment("puzzlesat cats cars=%d W=%d cats=%d encoding=%s", k, p.W, len(p.Weights), enc)
	q.variables()
	q.counts()
	for c := range q.k {
		q.capacity(c)
	}
	q.order()
	q.full(q.k, 0)
	return q
}

// group sorts the distinct weights heaviest first and lists their cats.
func (q *Query) group() {
	idx := make([]int, len(q.p.Weights))
	for i := range idx {
		idx[i] = i
	}
	w := q.p.Weights
	slices.SortStableFunc(idx, func(a, b int) int { return w[b] - w[a] })
	for n, i := range idx {
		if n == 0 || w[i] != w[idx[n-1]] {
			q.vals = append(q.vals, w[i])
			q.mult = append(q.mult, 0)
			q.who = append(q.who, nil)
		}
		j := len(q.vals) - 1
		q.mult[j]++
		q.who[j] = append(q.who[j], i)
	}
}

// variables makes the counts and the used literals.
func (q *Query) variables() {
	f := q.f
	q.count = make([][]cnf.Unary, q.k)
	q.used = make([]cnf.Lit, q.k)
	for c := range q.count {
		q.count[c] = make([]cnf.Unary, len(q.vals))
		for j, v := range q.vals {
			q.count[c][j] = f.NewUnary(fmt.Sprintf("car%d[%d]", c+1, v), min(q.mult[j], q.p.W/v))
		}
		q.used[c] = f.Var(fmt.Sprintf("car%d used", c+1)).Pos()
		some := []cnf.Lit{q.used[c].Not()}
		for _, u := range q.count[c] {
			f.Add(u[0].Not(), q.used[c]) // a cat in the car → used
			some = append(some, u[0])
		}
		f.Add(some...) // used → a cat in the car
	}
}

// counts makes the cars take every cat of each weight, exactly.
func (q *Query) counts() {
	f := q.f
	for j, n := range q.mult {
		col := make([]cnf.Unary, q.k)
		for c := range col {
			col[c] = q.count[c][j]
		}
		o := f.Totalize(col, n)
		if len(o) < n {
			f.Add() // the cars cannot hold n cats of this weight
			continue
		}
		f.Add(o[n-1])
		if len(o) > n {
			f.Add(o[n].Not())
		}
	}
}

// capacity bounds car c's load by W.
func (q *Query) capacity(c int) {
	f := q.f
	terms := make([]cnf.Term, len(q.vals))
	for j, v := range q.vals {
		terms[j] = cnf.Term{W: v, X: q.count[c][j]}
	}
	if !q.enc.Adder {
		if n, ok := f.IntervalMDDAtMost(terms, q.p.W, q.budget()); ok {
			q.mdd++
			q.nodes += n
			return
		}
	}
	f.AtMostConst(f.AdderSum(terms), uint64(q.p.W))
}

// order breaks the symmetry between cars.
func (q *Query) order() {
	f := q.f
	for c := 0; c+1 < q.k; c++ {
		f.Add(q.used[c+1].Not(), q.used[c])
		if !q.enc.NoSymmetry {
			f.LexGreaterEq(q.count[c], q.count[c+1])
		}
	}
}

// full adds the redundant bound "each of the cars 0..t-1 carries at least
// S - (t-1)·W", S the total weight, which holds in every packing into at
// most t cars (t-1 cars carry at most (t-1)·W; when fewer cars are used
// the bound is not positive), guarded by the selector g unless g is 0.
// It tells the solver how little room a car may waste, which is what
// refutes a tight count of cars; each bound is an MDD as for the
// capacity, left out past the node budget.
func (q *Query) full(t int, g cnf.Lit) {
	least := q.total - (t-1)*q.p.W
	if q.enc.NoFull || q.enc.Adder || least <= 0 {
		return
	}
	for c := range min(t, q.k) {
		terms := make([]cnf.Term, len(q.vals))
		for j, v := range q.vals {
			terms[j] = cnf.Term{W: v, X: q.count[c][j]}
		}
		root, n, ok := q.f.IntervalMDDAtLeastLit(terms, least, q.budget())
		if !ok {
			continue
		}
		q.nodes += n
		if g == 0 {
			q.f.Add(root)
		} else {
			q.f.Add(g.Not(), root)
		}
	}
}

// budget returns the node budget of one car's MDD.
func (q *Query) budget() int {
	if q.enc.MaxNodes == 0 {
		return MaxNodes
	}
	return q.enc.MaxNodes
}

// Formula returns the CNF of the query.
func (q *Query) Formula() *cnf.CNF { return q.f }

// Cars returns k, the number of cars the query allows.
func (q *Query) Cars() int { return q.k }

// MDDCars returns how many cars got an MDD (the others an adder tree), and
// the MDD nodes in all.
func (q *Query) MDDCars() (cars, nodes int) { return q.mdd, q.nodes }

// AtMost returns the assumptions that allow at most t cars: "car t+1 is
// not used" (with the order on the cars, every later one is empty too),
// and a selector that switches on the redundant bounds of at most t cars
// (see full), which the first call for t adds to the formula. For t ≥ k
// there are none; for t < 0, a false literal.
func (q *Query) AtMost(t int) []cnf.Lit {
	switch {
	case t >= q.k:
		return nil
	case t < 0:
		return []cnf.Lit{q.f.False()}
	}
	sel, ok := q.sel[t]
	if !ok {
		sel = q.f.Selector(fmt.Sprintf("at most %d cars", t)).Pos()
		q.sel[t] = sel
		q.full(t, sel)
	}
	return []cnf.Lit{q.used[t].Not(), sel}
}

// Used returns the number of cars a model of the query uses.
func (q *Query) Used(m cnf.Model) int {
	n := 0
	for _, u := range q.used {
		if m.Value(u) {
			n++
		}
	}
	return n
}

// Vars returns the variables that tell packings apart: the counts.
func (q *Query) Vars() []cnf.Var {
	var vs []cnf.Var
	for _, row := range q.count {
		for _, u := range row {
			vs = append(vs, cnf.VarsOf(u)...)
		}
	}
	return vs
}

// Decode reads the packing from a model of the query: the used cars, each
// with the input positions of its cats, as Verify checks them.
func (q *Query) Decode(m cnf.Model) (kindscats.Answer, error) {
	var a kindscats.Answer
	if len(q.p.Weights) > 0 && len(q.count) == 0 {
		return a, fmt.Errorf("the query for %d cars has no model", q.k)
	}
	next := make([]int, len(q.vals)) // cats of each weight handed out
	for c, row := range q.count {
		var car []int
		for j, u := range row {
			n, ok := m.UnaryValue(u)
			if !ok {
				return a, fmt.Errorf("model breaks the order encoding of car %d's count of %d", c+1, q.vals[j])
			}
			if next[j]+n > len(q.who[j]) {
				return a, fmt.Errorf("model puts %d cats of weight %d in the cars, there are %d", next[j]+n, q.vals[j], len(q.who[j]))
			}
			car = append(car, q.who[j][next[j]:next[j]+n]...)
			next[j] += n
		}
		if len(car) > 0 {
			a.Cars = append(a.Cars, car)
		}
	}
	return a, nil
}
