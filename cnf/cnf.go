package cnf

import (
	"fmt"
	"math/bits"
	"slices"
)

// CNF is a formula under construction: variables, some of them named, and
// a list of clauses kept in the order they were added. The zero value is
// not usable; call New.
type CNF struct {
	nvars        int
	lits         []Lit // clauses back to back
	ends         []int // ends[i] is the end of clause i in lits
	names        map[Var]string
	namer        func(Var) string // names the variables that names lacks
	comments     []string
	guard        []bool // guard[v]: v is a selector made by Selector; shorter when the last ones are not
	maxVar       Var    // the largest variable in a clause
	t            Lit    // the constant true, 0 until first asked for
	sink         Sink   // where clauses go instead of lits, when streaming
	streamed     int    // clauses handed to sink
	streamedLits int    // their literals
}

// New returns an empty formula.
func New() *CNF {
	return &CNF{}
}

// NewCap returns an empty formula with room for the given size, a hint
// that saves regrowing the clause list; it is never a limit.
func NewCap(hint Size) *CNF {
	f := New()
	const most = 1 << 28 // a hint is not trusted with more memory than this
	f.lits = make([]Lit, 0, min(max(hint.Lits, 0), most))
	f.ends = make([]int, 0, min(max(hint.Clauses, 0), most))
	f.guard = make([]bool, 1, min(max(hint.Vars, 0), most)+1)
	return f
}

// Var returns a new variable. A non-empty name is written to DIMACS as
// "c var N name" so that a person can read a model.
func (f *CNF) Var(name string) Var {
	f.nvars++
	v := Var(f.nvars)
	if name != "" {
		if f.names == nil {
			f.names = map[Var]string{}
		}
		f.names[v] = name
	}
	return v
}

// Vars returns n new unnamed variables, numbered consecutively from the
// first it returns.
func (f *CNF) Vars(n int) Var {
	first := Var(f.nvars + 1)
	f.nvars += n
	return first
}

// NameFunc gives the names of the variables that Var did not name: fn is
// called for each variable when DIMACS is written, and returns "" for a
// variable without a name. An encoder that names many variables uses it
// so that solving, which never reads the names, does not pay for them.
func (f *CNF) NameFunc(fn func(Var) string) { f.namer = fn }

// Lit returns the positive literal of a new unnamed variable.
func (f *CNF) Lit() Lit { return f.Var("").Pos() }

// Selector returns a new variable meant to switch clauses on: a clause that
// contains its negation is guarded, and a set of clauses that are all
// guarded or satisfiable together stays satisfiable. Solvers use this to
// know when reusing a solver is safe.
func (f *CNF) Selector(name string) Var {
	v := f.Var(name)
	for len(f.guard) <= int(v) {
		f.guard = append(f.guard, false)
	}
	f.guard[v] = true
	return v
}

// Guarded reports whether clause i contains the negation of a selector.
func (f *CNF) Guarded(i int) bool {
	for _, l := range f.Clause(i) {
		if !l.IsPos() && f.IsSelector(l.Var()) {
			return true
		}
	}
	return false
}

// Name returns the name given to v, or "".
func (f *CNF) Name(v Var) string {
	if name, ok := f.names[v]; ok || f.namer == nil {
		return name
	}
	return f.namer(v)
}

// NumVars returns the number of variables: those made by Var, or those a
// DIMACS header declared.
func (f *CNF) NumVars() int { return f.nvars }

// MaxVar returns the largest variable that occurs in a clause, 0 when
// none does. It is at most NumVars, and below it when the last variables
// made or declared are in no clause.
func (f *CNF) MaxVar() Var { return f.maxVar }

// NumLits returns the number of literals in all clauses together: the
// size of the formula that a solver's memory follows.
func (f *CNF) NumLits() int { return len(f.lits) + f.streamedLits }

// NumClauses returns the number of clauses kept: all of them unless the
// formula streams.
func (f *CNF) NumClauses() int { return len(f.ends) }

// Sink receives the clauses of a streaming formula.
type Sink interface {
	// AddClause takes a clause; ls is only valid during the call.
	AddClause(ls []Lit)
}

// Stream hands every clause added from now on to s, after constants are
// simplified away, instead of keeping it: building then costs no copy of
// the clauses, but NumClauses, Clause, Guarded, DIMACS writing and
// Model.Satisfies see only the clauses kept before (NumLits counts all).
// For a formula that nothing reads back, such as one built straight into
// a solver.
func (f *CNF) Stream(s Sink) { f.sink = s }

// Hint says how many variables, clauses and literals the whole formula
// will have, so that its lists, or a streaming formula's sink, are sized
// once rather than grown.
func (f *CNF) Hint(vars, clauses, lits int) {
	if f.sink != nil {
		if h, ok := f.sink.(interface{ Hint(vars, clauses, lits int) }); ok {
			h.Hint(vars, clauses, lits)
		}
		return
	}
	const most = 1 << 28 // a hint is not trusted with more memory than this
	if clauses = min(clauses, most); clauses > cap(f.ends)-len(f.ends) {
		f.ends = append(make([]int, 0, len(f.ends)+clauses), f.ends...)
	}
	if lits = min(lits, most); lits > cap(f.lits)-len(f.lits) {
		f.lits = append(make([]Lit, 0, len(f.lits)+lits), f.lits...)
	}
}

// Streamed returns the number of clauses handed to the sink.
func (f *CNF) Streamed() int { return f.streamed }

// IsSelector reports whether v was made by Selector.
func (f *CNF) IsSelector(v Var) bool { return int(v) < len(f.guard) && f.guard[v] }

// Clause returns clause i. The slice is the formula's own; do not modify it.
func (f *CNF) Clause(i int) []Lit {
	start := 0
	if i > 0 {
		start = f.ends[i-1]
	}
	return f.lits[start:f.ends[i]:f.ends[i]]
}

// Comment adds a line to the comments written before the DIMACS header.
func (f *CNF) Comment(format string, args ...any) {
	f.comments = append(f.comments, fmt.Sprintf(format, args...))
}

// Comments returns the comment lines added so far.
func (f *CNF) Comments() []string { return slices.Clone(f.comments) }

// Add adds the clause l1 ∨ l2 ∨ ... . It panics on a literal of a variable
// the formula does not have: that is a bug in an encoder, not bad input.
// Constant literals are simplified away: a clause with True is dropped,
// False is left out.
func (f *CNF) Add(ls ...Lit) {
	start := len(f.lits)
	for _, l := range ls {
		if l < 2 || int(l.Var()) > f.nvars {
			panic(fmt.Sprintf("encode: literal %d of an unknown variable", l))
		}
		if f.t != 0 {
			if l == f.t {
				f.lits = f.lits[:start]
				return
			}
			if l == f.t.Not() {
				continue
			}
		}
		f.lits = append(f.lits, l)
		f.maxVar = max(f.maxVar, l.Var())
	}
	if f.sink != nil {
		f.sink.AddClause(f.lits[start:])
		f.streamedLits += len(f.lits) - start
		f.lits = f.lits[:start]
		f.streamed++
		return
	}
	f.ends = append(f.ends, len(f.lits))
}

// True returns a literal fixed to true; its negation is false.
func (f *CNF) True() Lit {
	if f.t == 0 {
		t := f.Var("true").Pos()
		f.Add(t)
		f.t = t
	}
	return f.t
}

// False returns a literal fixed to false.
func (f *CNF) False() Lit { return f.True().Not() }

// IsConst reports whether l is the constant true or false, and which.
func (f *CNF) IsConst(l Lit) (value, ok bool) {
	if f.t == 0 || l.Var() != f.t.Var() {
		return false, false
	}
	return l == f.t, true
}

// Const returns the constant literal of b.
func (f *CNF) Const(b bool) Lit {
	if b {
		return f.True()
	}
	return f.False()
}

// Compact returns f with its variables renumbered 1..k in increasing
// order, k being the number of variables that occur in some clause, and
// old, where old[v] is the variable of f that v of the copy stands for
// (old[0] is 0). A formula read from DIMACS may name variables far apart,
// and a solver allocates for the largest; the copy needs memory for what
// the clauses hold. Names are not kept; comments are.
func (f *CNF) Compact() (*CNF, []Var) {
	used := make([]uint64, int(f.maxVar)/64+1)
	for _, l := range f.lits {
		used[l.Var()/64] |= 1 << (l.Var() % 64)
	}
	old := []Var{0}
	for w, word := range used {
		for ; word != 0; word &= word - 1 {
			old = append(old, Var(w*64+bits.TrailingZeros64(word)))
		}
	}
	// A variable's new number is its rank among the used ones: the bits
	// set before its word, and before it in its word. Two small arrays
	// that stay in the cache, where a binary search in old missed it at
	// every step: O(1) a literal rather than O(log n) cache misses.
	rank := make([]uint32, len(used))
	n := uint32(0)
	for w, word := range used {
		rank[w] = n
		n += uint32(bits.OnesCount64(word))
	}
	g := &CNF{names: map[Var]string{}, nvars: len(old) - 1, maxVar: Var(len(old) - 1),
		comments: slices.Clone(f.comments), ends: slices.Clone(f.ends), lits: make([]Lit, len(f.lits))}
	for i, l := range f.lits {
		v := l.Var()
		below := used[v/64] & (1<<(v%64) - 1)
		g.lits[i] = Var(rank[v/64]+uint32(bits.OnesCount64(below))+1).Pos() | l&1
	}
	return g, old
}
