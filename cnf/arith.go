package cnf

import (
	"math/bits"
)

// Bits is an unsigned binary number, least significant bit first. Its
// literals may be constants from True and False.
type Bits []Lit

// NewBits returns width fresh variables named name[0], name[1], ... .
func (f *CNF) NewBits(name string, width int) Bits {
	b := make(Bits, width)
	for i := range b {
		n := ""
		if name != "" {
			n = name + "[" + itoa(i) + "]"
		}
		b[i] = f.Var(n).Pos()
	}
	return b
}

// ConstBits returns v as constant literals, in the fewest bits (none for 0).
func (f *CNF) ConstBits(v uint64) Bits {
	var b Bits
	for ; v > 0; v >>= 1 {
		b = append(b, f.Const(v&1 == 1))
	}
	return b
}

// Width returns the number of bits needed for v.
func Width(v uint64) int { return bits.Len64(v) }

// Bit returns bit i of b, false past its end.
func (f *CNF) Bit(b Bits, i int) Lit {
	if i < len(b) {
		return b[i]
	}
	return f.False()
}

// Sum returns a + b by a ripple-carry adder, one bit wider than the wider
// input (n full adders: 2n variables, 14n clauses).
func (f *CNF) Sum(a, b Bits) Bits {
	n := max(len(a), len(b))
	out := make(Bits, 0, n+1)
	carry := f.False()
	for i := 0; i < n; i++ {
		var s Lit
		s, carry = f.FullAdder(f.Bit(a, i), f.Bit(b, i), carry)
		out = append(out, s)
	}
	return f.Trim(append(out, carry))
}

// Trim drops constant-false high bits.
func (f *CNF) Trim(b Bits) Bits {
	for len(b) > 0 {
		if v, ok := f.IsConst(b[len(b)-1]); ok && !v {
			b = b[:len(b)-1]
			continue
		}
		break
	}
	return b
}

// Scale returns k * a as a sum of shifted copies of a, one per set bit of k.
func (f *CNF) Scale(a Bits, k uint64) Bits {
	var acc Bits
	for shift := 0; k > 0; k, shift = k>>1, shift+1 {
		if k&1 == 1 {
			acc = f.Sum(acc, f.Shift(a, shift))
		}
	}
	return acc
}

// Shift returns a * 2^n.
func (f *CNF) Shift(a Bits, n int) Bits {
	out := make(Bits, n, n+len(a))
	for i := range out {
		out[i] = f.False()
	}
	return append(out, a...)
}

// Product returns a * b by shift-and-add: one row of AND gates per bit of
// b, summed by ripple-carry adders (about |a|·|b| gates and full adders).
func (f *CNF) Product(a, b Bits) Bits {
	var acc Bits
	for j, bj := range b {
		row := make(Bits, len(a))
		for i, ai := range a {
			row[i] = f.And(ai, bj)
		}
		acc = f.Sum(acc, f.Shift(row, j))
	}
	return acc
}

// Equal returns a literal that is true iff a = b.
func (f *CNF) Equal(a, b Bits) Lit {
	eq := f.True()
	for i := 0; i < max(len(a), len(b)); i++ {
		eq = f.And(eq, f.Xor(f.Bit(a, i), f.Bit(b, i)).Not())
	}
	return eq
}

// LessEq returns a literal that is true iff a ≤ b, by a chain from the
// least significant bit (about 3 gates per bit).
func (f *CNF) LessEq(a, b Bits) Lit {
	gt := f.False() // a > b on the bits seen so far
	for i := 0; i < max(len(a), len(b)); i++ {
		ai, bi := f.Bit(a, i), f.Bit(b, i)
		strict := f.And(ai, bi.Not())
		same := f.Xor(ai, bi).Not()
		gt = f.Or(strict, f.And(same, gt))
	}
	return gt.Not()
}

// AssertEqualConst adds clauses forcing a = v. When v does not fit in a,
// the formula becomes unsatisfiable (an empty clause).
func (f *CNF) AssertEqualConst(a Bits, v uint64) {
	if Width(v) > len(a) {
		f.Add()
		return
	}
	for i, l := range a {
		f.Add(Sign(l, v>>uint(i)&1 == 1))
	}
}

// Assert adds the unit clause l.
func (f *CNF) Assert(l Lit) { f.Add(l) }

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// AtMostConst adds clauses forcing b ≤ k when all the guards hold (each
// clause carries their negations). With kᵢ the bits of k, b > k exactly
// when, at the highest bit where they differ, bᵢ = 1 and kᵢ = 0; so for
// every i with kᵢ = 0 the clause ¬bᵢ ∨ ⋁{¬bⱼ : j > i, kⱼ = 1} rules that
// out. No variables, at most one clause per bit of b, and unit
// propagation infers each bit that the bound forces.
func (f *CNF) AtMostConst(b Bits, k uint64, guards ...Lit) {
	if Width(k) > len(b) {
		return // every value of b is below k
	}
	for i := range b {
		if k>>uint(i)&1 == 1 {
			continue
		}
		c := []Lit{b[i].Not()}
		for _, g := range guards {
			c = append(c, g.Not())
		}
		for j := i + 1; j < len(b); j++ {
			if k>>uint(j)&1 == 1 {
				c = append(c, b[j].Not())
			}
		}
		f.Add(c...)
	}
}

// AtLeastConst adds clauses forcing b ≥ k, each guarded by ¬guard unless
// guard is 0: the mirror image of AtMostConst, one clause per set bit of
// k, bᵢ ∨ ⋁{bⱼ : j > i, kⱼ = 0}; an empty (guarded) clause when k does
// not fit in b.
func (f *CNF) AtLeastConst(b Bits, k uint64, guard Lit) {
	var g []Lit
	if guard != 0 {
		g = []Lit{guard.Not()}
	}
	if Width(k) > len(b) {
		f.Add(g...)
		return
	}
	for i := range b {
		if k>>uint(i)&1 == 0 {
			continue
		}
		c := append([]Lit{b[i]}, g...)
		for j := i + 1; j < len(b); j++ {
			if k>>uint(j)&1 == 0 {
				c = append(c, b[j])
			}
		}
		f.Add(c...)
	}
}

// SelectBits adds x → (out = s), two clauses per bit of out; s must not be
// wider than out.
func (f *CNF) SelectBits(out Bits, x Lit, s Bits) {
	for i, o := range out {
		si := f.Bit(s, i)
		f.Add(x.Not(), si.Not(), o)
		f.Add(x.Not(), si, o.Not())
	}
}

// SumMod returns a + b modulo 2^w by a ripple-carry adder of at most w
// bits (the carry out of bit w-1 is dropped).
func (f *CNF) SumMod(a, b Bits, w int) Bits {
	n := min(max(len(a), len(b)), w)
	out := make(Bits, 0, n+1)
	carry := f.False()
	for i := 0; i < n; i++ {
		var s Lit
		s, carry = f.FullAdder(f.Bit(a, i), f.Bit(b, i), carry)
		out = append(out, s)
	}
	if n < w {
		out = append(out, carry)
	}
	return f.Trim(out)
}

// SumBounded returns a + b and forbids it to reach 2^w: the result has at
// most w bits and the bits above are false.
func (f *CNF) SumBounded(a, b Bits, w int) Bits {
	return f.Bounded(f.Sum(a, b), w)
}

// Bounded forbids the bits of b from w on and returns the rest.
func (f *CNF) Bounded(b Bits, w int) Bits {
	for i := w; i < len(b); i++ {
		f.Add(b[i].Not())
	}
	return b[:min(len(b), w)]
}

// ProductBounded returns a·b and forbids it to reach 2^w: partial products
// past bit w-1 are false and every partial sum stays within w bits
// (|a|·|b| AND gates and |b| adders of at most w bits).
func (f *CNF) ProductBounded(a, b Bits, w int) Bits {
	var acc Bits
	for j, bj := range b {
		row := make(Bits, 0, len(a))
		for i, ai := range a {
			if i+j >= w {
				f.Add(ai.Not(), bj.Not())
				continue
			}
			row = append(row, f.And(ai, bj))
		}
		acc = f.SumBounded(acc, f.Shift(row, j), w)
	}
	return acc
}
