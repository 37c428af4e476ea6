package cnf

// The gates below are Tseitin definitions: each returns a literal o with
// clauses forcing o ⇔ gate(inputs), so unit propagation works in both
// directions. Constant inputs and repeated inputs are folded away without
// new variables.

// And returns a literal equivalent to a ∧ b (3 clauses, 1 variable).
func (f *CNF) And(a, b Lit) Lit {
	if v, ok := f.IsConst(a); ok {
		if v {
			return b
		}
		return a
	}
	if v, ok := f.IsConst(b); ok {
		if v {
			return a
		}
		return b
	}
	switch {
	case a == b:
		return a
	case a == b.Not():
		return f.False()
	}
	o := f.Lit()
	f.Add(o.Not(), a)
	f.Add(o.Not(), b)
	f.Add(o, a.Not(), b.Not())
	return o
}

// Or returns a literal equivalent to a ∨ b.
func (f *CNF) Or(a, b Lit) Lit { return f.And(a.Not(), b.Not()).Not() }

// Xor returns a literal equivalent to a ⊕ b (4 clauses, 1 variable).
func (f *CNF) Xor(a, b Lit) Lit {
	if v, ok := f.IsConst(a); ok {
		if v {
			return b.Not()
		}
		return b
	}
	if v, ok := f.IsConst(b); ok {
		if v {
			return a.Not()
		}
		return a
	}
	switch {
	case a == b:
		return f.False()
	case a == b.Not():
		return f.True()
	}
	o := f.Lit()
	f.Add(o.Not(), a, b)
	f.Add(o.Not(), a.Not(), b.Not())
	f.Add(o, a.Not(), b)
	f.Add(o, a, b.Not())
	return o
}

// Ite returns a literal equivalent to "if c then a else b" (4 clauses, 1
// variable, plus the two redundant clauses that let o follow from a = b).
func (f *CNF) Ite(c, a, b Lit) Lit {
	if v, ok := f.IsConst(c); ok {
		if v {
			return a
		}
		return b
	}
	if a == b {
		return a
	}
	o := f.Lit()
	f.Add(c.Not(), a.Not(), o)
	f.Add(c.Not(), a, o.Not())
	f.Add(c, b.Not(), o)
	f.Add(c, b, o.Not())
	f.Add(a.Not(), b.Not(), o)
	f.Add(a, b, o.Not())
	return o
}

// FullAdder returns the sum and carry bits of a + b + c. Without constant
// inputs it costs 2 variables and 14 clauses: the sum as a 3-input parity
// (8 clauses) and the carry as a majority (6 clauses), each complete, so
// propagation infers any output from the inputs and, with the carry known,
// the third input from the other two.
func (f *CNF) FullAdder(a, b, c Lit) (sum, carry Lit) {
	// Move a constant, if any, into c and fold it.
	if _, ok := f.IsConst(a); ok {
		a, c = c, a
	} else if _, ok := f.IsConst(b); ok {
		b, c = c, b
	}
	if v, ok := f.IsConst(c); ok {
		if v {
			return f.Xor(a, b).Not(), f.Or(a, b)
		}
		return f.Xor(a, b), f.And(a, b)
	}
	sum, carry = f.Lit(), f.Lit()
	for m := 0; m < 8; m++ { // m enumerates the signs of a, b, c
		la, lb, lc := Sign(a, m&1 != 0), Sign(b, m&2 != 0), Sign(c, m&4 != 0)
		odd := (m&1+(m>>1)&1+(m>>2)&1)%2 == 1
		f.Add(la.Not(), lb.Not(), lc.Not(), Sign(sum, odd))
	}
	f.Add(a.Not(), b.Not(), carry)
	f.Add(a.Not(), c.Not(), carry)
	f.Add(b.Not(), c.Not(), carry)
	f.Add(a, b, carry.Not())
	f.Add(a, c, carry.Not())
	f.Add(b, c, carry.Not())
	return sum, carry
}

// Sign returns l if pos, else ¬l.
func Sign(l Lit, pos bool) Lit {
	if pos {
		return l
	}
	return l.Not()
}
