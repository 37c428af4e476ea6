package cnf

import (
	"fmt"
)

// AMO names an at-most-one encoding. All of them keep arc consistency
// under unit propagation but binary: once a literal is true, propagation
// makes every other one false.
type AMO int

const (
	// AMOPairwise writes every pair: n(n-1)/2 binary clauses, no variables.
	AMOPairwise AMO = iota
	// AMOSequential is the sequential counter of Sinz (2005): 3n-4
	// clauses, n-1 variables.
	AMOSequential
	// AMOCommander is the commander encoding of Klieber and Kwon (2007),
	// groups of three: about 3.5n clauses, n/2 variables.
	AMOCommander
	// AMOProduct is the 2-product encoding of Chen (2010): the literals in
	// a p x q grid (p q >= n, p about √n), each implies its row and its
	// column, and at most one row and one column: 2n + o(n) clauses,
	// about 2√n variables.
	AMOProduct
	// AMOBimander is the bimander encoding of Nguyen and Mai (2015): groups
	// of two, pairwise inside, and each literal implies its group's binary
	// code on log2(n/2) commander bits: n/2 + n log2(n/2) clauses,
	// log2(n/2) variables.
	AMOBimander
	// AMOBinary is the binary (bitwise) encoding: log2 n variables, n log2
	// n clauses; a true literal fixes the bits, which rules the others
	// out, but a false one propagates nothing.
	AMOBinary
)

// String returns the encoding's name.
func (e AMO) String() string {
	switch e {
	case AMOPairwise:
		return "pairwise"
	case AMOSequential:
		return "sequential"
	case AMOCommander:
		return "commander"
	case AMOProduct:
		return "product"
	case AMOBimander:
		return "bimander"
	case AMOBinary:
		return "binary"
	}
	return fmt.Sprintf("AMO(%d)", int(e))
}

// amoSmall is the size up to which every encoding but binary writes pairs:
// below it they need as many clauses and add variables.
const amoSmall = 6

// AtMostOneWith adds clauses allowing at most one of ls to be true, with
// encoding e.
func (f *CNF) AtMostOneWith(e AMO, ls ...Lit) {
	switch {
	case len(ls) < 2:
	case e == AMOPairwise || len(ls) <= amoSmall && e != AMOBinary:
		f.pairwise(ls)
	case e == AMOSequential:
		f.sequential(ls)
	case e == AMOCommander:
		f.commander(ls)
	case e == AMOProduct:
		f.product(ls)
	case e == AMOBimander:
		f.bimander(ls)
	default:
		f.binary(ls, f.codeBits(len(ls)))
	}
}

func (f *CNF) pairwise(ls []Lit) {
	for i := range ls {
		for j := i + 1; j < len(ls); j++ {
			f.Add(ls[i].Not(), ls[j].Not())
		}
	}
}

// sequential: s[i] means some of ls[0..i] is true.
func (f *CNF) sequential(ls []Lit) {
	prev := f.Lit()
	f.Add(ls[0].Not(), prev)
	for i := 1; i < len(ls)-1; i++ {
		s := f.Lit()
		f.Add(ls[i].Not(), s)
		f.Add(prev.Not(), s)
		f.Add(ls[i].Not(), prev.Not())
		prev = s
	}
	f.Add(ls[len(ls)-1].Not(), prev.Not())
}

// commander: a literal implies its group's commander; at most one per
// group, and at most one commander, recursively.
func (f *CNF) commander(ls []Lit) {
	var cmds []Lit
	for i := 0; i < len(ls); i += 3 {
		g := ls[i:min(i+3, len(ls))]
		f.pairwise(g)
		c := f.Lit()
		for _, l := range g {
			f.Add(l.Not(), c)
		}
		cmds = append(cmds, c)
	}
	f.AtMostOneWith(AMOCommander, cmds...)
}

// product: ls[i] sits at row i/q, column i%q of a p x q grid.
func (f *CNF) product(ls []Lit) {
	p := 1
	for p*p < len(ls) {
		p++
	}
	q := (len(ls) + p - 1) / p
	rows, cols := make([]Lit, p), make([]Lit, q)
	for i := range rows {
		rows[i] = f.Lit()
	}
	for j := range cols {
		cols[j] = f.Lit()
	}
	for i, l := range ls {
		f.Add(l.Not(), rows[i/q])
		f.Add(l.Not(), cols[i%q])
	}
	f.AtMostOneWith(AMOProduct, rows...)
	f.AtMostOneWith(AMOProduct, cols...)
}

// bimander: groups of two, pairwise inside, and group k's literals imply
// the binary code of k on the commander bits.
func (f *CNF) bimander(ls []Lit) {
	groups := (len(ls) + 1) / 2
	code := f.codeBits(groups)
	for k := 0; k < groups; k++ {
		g := ls[2*k : min(2*k+2, len(ls))]
		f.pairwise(g)
		for _, l := range g {
			for b, bit := range code {
				if k>>b&1 == 1 {
					f.Add(l.Not(), bit)
				} else {
					f.Add(l.Not(), bit.Not())
				}
			}
		}
	}
}

// binary: ls[i] implies the binary code of i on the bits code.
func (f *CNF) binary(ls []Lit, code []Lit) {
	for i, l := range ls {
		for b, bit := range code {
			if i>>b&1 == 1 {
				f.Add(l.Not(), bit)
			} else {
				f.Add(l.Not(), bit.Not())
			}
		}
	}
}

// codeBits returns new variables enough to number n things.
func (f *CNF) codeBits(n int) []Lit {
	code := make([]Lit, codeBitsFor(n))
	for i := range code {
		code[i] = f.Lit()
	}
	return code
}
