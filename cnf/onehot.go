package cnf

// OneHotTimes returns k·d as a bit-vector, where d is the index of the one
// true literal of x (exactly one of x must be true; the caller adds that).
// Bit i is the disjunction of the x[d] for which bit i of k·d is set: no
// adder, one OR gate (one variable, |S|+1 clauses for the |S| literals it
// joins) per bit that is neither always 0 nor a single literal, and unit
// propagation goes both ways: a digit fixes every bit, and a bit rules out
// the digits that disagree with it.
func (f *CNF) OneHotTimes(x []Lit, k uint64) Bits {
	if len(x) == 0 || k == 0 {
		return nil
	}
	out := make(Bits, Width(k*uint64(len(x)-1)))
	for i := range out {
		var set []Lit
		for d, l := range x {
			if (k*uint64(d))>>uint(i)&1 == 1 {
				set = append(set, l)
			}
		}
		out[i] = f.orOf(set)
	}
	return f.Trim(out)
}

// orOf returns a literal equivalent to the disjunction of ls: false for
// none, the literal itself for one, else a fresh variable o with o → ∨ ls
// and l → o for each l.
func (f *CNF) orOf(ls []Lit) Lit {
	switch len(ls) {
	case 0:
		return f.False()
	case 1:
		return ls[0]
	}
	o := f.Lit()
	f.Add(append([]Lit{o.Not()}, ls...)...)
	for _, l := range ls {
		f.Add(l.Not(), o)
	}
	return o
}

// SumAll returns the sum of the bit-vectors by a balanced tree of
// ripple-carry adders (nil for none).
func (f *CNF) SumAll(xs []Bits) Bits {
	if len(xs) == 0 {
		return nil
	}
	for len(xs) > 1 {
		var next []Bits
		for i := 0; i+1 < len(xs); i += 2 {
			next = append(next, f.Sum(xs[i], xs[i+1]))
		}
		if len(xs)%2 == 1 {
			next = append(next, xs[len(xs)-1])
		}
		xs = next
	}
	return xs[0]
}

// OneHotUnary returns the index d of the one true literal of x in order
// encoding: u[t] is "d ≥ t+1", the OR of x[t+1..] (one OR gate per
// threshold; exactly one of x must be true, which the caller adds).
func (f *CNF) OneHotUnary(x []Lit) Unary {
	if len(x) < 2 {
		return nil
	}
	u := make(Unary, len(x)-1)
	for t := range u {
		u[t] = f.orOf(x[t+1:])
	}
	return u
}

// Complement returns len(u) - x, where x is the integer u encodes, with no
// new variables.
func (u Unary) Complement() Unary { return u.complement() }

// AssertEqual adds clauses forcing a = b bit by bit: two binary clauses
// per bit (a unit clause where one side is a constant), with no gate
// variables, so unit propagation copies each bit either way at once.
func (f *CNF) AssertEqual(a, b Bits) {
	for i := range max(len(a), len(b)) {
		x, y := f.Bit(a, i), f.Bit(b, i)
		f.Add(x.Not(), y)
		f.Add(x, y.Not())
	}
}
