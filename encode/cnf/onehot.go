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
