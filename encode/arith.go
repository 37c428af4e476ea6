package encode

import "math/bits"

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

// bit returns bit i of b, false past its end.
func (f *CNF) bit(b Bits, i int) Lit {
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
		s, carry = f.FullAdder(f.bit(a, i), f.bit(b, i), carry)
		out = append(out, s)
	}
	return f.trim(append(out, carry))
}

// trim drops constant-false high bits.
func (f *CNF) trim(b Bits) Bits {
	for len(b) > 0 {
		if v, ok := f.isConst(b[len(b)-1]); ok && !v {
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
			acc = f.Sum(acc, f.shift(a, shift))
		}
	}
	return acc
}

// shift returns a * 2^n.
func (f *CNF) shift(a Bits, n int) Bits {
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
		acc = f.Sum(acc, f.shift(row, j))
	}
	return acc
}

// Equal returns a literal that is true iff a = b.
func (f *CNF) Equal(a, b Bits) Lit {
	eq := f.True()
	for i := 0; i < max(len(a), len(b)); i++ {
		eq = f.And(eq, f.Xor(f.bit(a, i), f.bit(b, i)).Not())
	}
	return eq
}

// LessEq returns a literal that is true iff a ≤ b, by a chain from the
// least significant bit (about 3 gates per bit).
func (f *CNF) LessEq(a, b Bits) Lit {
	gt := f.False() // a > b on the bits seen so far
	for i := 0; i < max(len(a), len(b)); i++ {
		ai, bi := f.bit(a, i), f.bit(b, i)
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
		f.Add(sign(l, v>>uint(i)&1 == 1))
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
