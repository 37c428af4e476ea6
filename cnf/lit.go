package cnf

import (
	"strconv"
)

// Var is a propositional variable, numbered from 1; 0 is never a variable.
type Var uint32

// Lit is a literal: 2v is v, 2v+1 is ¬v. Lit(0) means "no literal".
type Lit uint32

// Pos returns the positive literal of v.
func (v Var) Pos() Lit { return Lit(v) << 1 }

// Neg returns the negative literal of v.
func (v Var) Neg() Lit { return Lit(v)<<1 | 1 }

// Not returns the negation of l.
func (l Lit) Not() Lit { return l ^ 1 }

// Var returns the variable of l.
func (l Lit) Var() Var { return Var(l >> 1) }

// IsPos reports whether l is the positive literal of its variable.
func (l Lit) IsPos() bool { return l&1 == 0 }

// Dimacs returns l as a DIMACS integer: v or -v.
func (l Lit) Dimacs() int {
	if l.IsPos() {
		return int(l.Var())
	}
	return -int(l.Var())
}

// String prints l in DIMACS form, "-3" for ¬v3.
func (l Lit) String() string { return strconv.Itoa(l.Dimacs()) }

// FromDimacs returns the literal of a nonzero DIMACS integer.
func FromDimacs(d int) Lit {
	if d < 0 {
		return Var(-d).Neg()
	}
	return Var(d).Pos()
}

// Model is a truth assignment indexed by variable; index 0 is unused.
// Variables beyond its length read as false.
type Model []bool

// Value reports whether l is true in m.
func (m Model) Value(l Lit) bool {
	v := int(l.Var())
	if v >= len(m) {
		return !l.IsPos()
	}
	return m[v] == l.IsPos()
}

// Satisfies reports whether m satisfies every clause of f, and if not, the
// index of the first clause it falsifies.
func (m Model) Satisfies(f *CNF) (bool, int) {
	for i := 0; i < f.NumClauses(); i++ {
		ok := false
		for _, l := range f.Clause(i) {
			if m.Value(l) {
				ok = true
				break
			}
		}
		if !ok {
			return false, i
		}
	}
	return true, -1
}

// BitsValue returns the number that b holds in m.
func (m Model) BitsValue(b Bits) uint64 {
	var v uint64
	for i, l := range b {
		if m.Value(l) {
			v |= 1 << uint(i)
		}
	}
	return v
}

// VarsOf returns the variables of the literals of rows, row by row, as a
// query's Vars lists them.
func VarsOf(rows ...[]Lit) []Var {
	var vs []Var
	for _, row := range rows {
		for _, l := range row {
			vs = append(vs, l.Var())
		}
	}
	return vs
}
