package cnf

// Linear sums over small integers: integers in order encoding, the MDD
// (multi-valued BDD) encoding of a bound on a weighted sum, an adder tree
// over bit-vectors, and the totaliser of several integers.

// Unary is an integer 0..len(u) in order encoding: u[t-1] is "x ≥ t", and
// u[t] implies u[t-1]. The empty Unary is the constant 0.
type Unary []Lit

// NewUnary returns a fresh integer 0..max with the max-1 chain clauses
// u[t] → u[t-1]. Variable names, when name is not empty, read "name>=t".
func (f *CNF) NewUnary(name string, max int) Unary {
	u := make(Unary, max)
	for t := range u {
		n := ""
		if name != "" {
			n = name + ">=" + itoa(t+1)
		}
		u[t] = f.Var(n).Pos()
		if t > 0 {
			f.Add(u[t].Not(), u[t-1])
		}
	}
	return u
}

// complement returns len(u) - x as a Unary, with no new variables:
// len(u) - x ≥ t is ¬(x ≥ len(u)-t+1).
func (u Unary) complement() Unary {
	c := make(Unary, len(u))
	for t := range c {
		c[t] = u[len(u)-1-t].Not()
	}
	return c
}

// UnaryValue returns the integer that m gives u, and false when m breaks the
// order (some u[t] true after a false one).
func (m Model) UnaryValue(u Unary) (int, bool) {
	n := 0
	for n < len(u) && m.Value(u[n]) {
		n++
	}
	for _, l := range u[n:] {
		if m.Value(l) {
			return n, false
		}
	}
	return n, true
}

// Term is one term W·X of a linear sum, X in order encoding.
type Term struct {
	W int
	X Unary
}

// mddWords bounds the words of the reachability bitsets one MDD build may
// hold (8 MiB). Past it the nodes are not merged by reachable sums: the
// encoding stays correct, only larger.
const mddWords = 1 << 20

// Sentinels for the constant nodes of an MDD build; neither is a literal
// of any variable (variable 0 is never used).
const (
	mddTrue  Lit = 0
	mddFalse Lit = 1
)

// MDDAtMost adds clauses forcing Σ w·x ≤ bound, by the BDD encoding of
// Eén and Sörensson (2006) extended to order-encoded integers, with nodes
// merged as in Abío et al. (2012): a node (j, r) means "the terms j, j+1,
// ... sum to at most r", and r is rounded down to the largest sum those
// terms can reach, so nodes with the same solutions are one variable. A
// node d with term w·x gets d → child(r) and d ∧ x≥c → child(r - c·w) for
// every c (d ∧ x≥c → false when r - c·w < 0), and the root is asserted.
// Size: one variable per node, at most len(x)+1 clauses per node; the
// nodes of layer j are at most the sums the terms j.. can reach that are
// ≤ bound. The encoding is monotone, so unit propagation is arc
// consistent: any value of an x that no completion allows is refuted.
func (f *CNF) MDDAtMost(terms []Term, bound int) {
	m := len(terms)
	rest := make([]int, m+1) // rest[j]: the largest sum of terms j..
	for j := m - 1; j >= 0; j-- {
		rest[j] = rest[j+1] + terms[j].W*len(terms[j].X)
	}
	if bound >= rest[0] {
		return
	}
	if bound < 0 {
		f.Add()
		return
	}
	reach := mddReach(terms, bound)
	memo := make([]map[int]Lit, m)
	for j := range memo {
		memo[j] = map[int]Lit{}
	}
	var node func(j, r int) Lit
	node = func(j, r int) Lit {
		switch {
		case r < 0:
			return mddFalse
		case r >= rest[j]:
			return mddTrue
		}
		if reach != nil {
			r = reach[j].below(r)
		}
		if d, ok := memo[j][r]; ok {
			return d
		}
		d := f.Lit()
		memo[j][r] = d
		t := terms[j]
		for c := 0; c <= len(t.X); c++ {
			child := node(j+1, r-c*t.W)
			switch {
			case child == mddTrue:
				continue
			case c == 0:
				f.Add(d.Not(), child)
			case child == mddFalse:
				f.Add(d.Not(), t.X[c-1].Not()) // x ≥ c+1 follows from the chain
				return d
			default:
				f.Add(d.Not(), t.X[c-1].Not(), child)
			}
		}
		return d
	}
	switch root := node(0, bound); root {
	case mddFalse:
		f.Add()
	case mddTrue:
	default:
		f.Add(root)
	}
}

// MDDAtLeast adds clauses forcing Σ w·x ≥ bound, as Σ w·(max-x) ≤
// Σ w·max - bound with MDDAtMost (same size and propagation).
func (f *CNF) MDDAtLeast(terms []Term, bound int) {
	total := 0
	comp := make([]Term, len(terms))
	for j, t := range terms {
		total += t.W * len(t.X)
		comp[j] = Term{t.W, t.X.complement()}
	}
	f.MDDAtMost(comp, total-bound)
}

// sumSet is a set of sums 0..n as a bitset.
type sumSet []uint64

func (s sumSet) has(i int) bool { return s[i>>6]>>(i&63)&1 == 1 }

// below returns the largest member of s that is at most r (r ≥ 0; 0 is
// always a member).
func (s sumSet) below(r int) int {
	if max := len(s)*64 - 1; r > max {
		r = max
	}
	for r > 0 && !s.has(r) {
		r--
	}
	return r
}

// mddReach returns, per layer j, the sums ≤ bound that terms j.. can
// reach, or nil when the bitsets would pass mddWords.
func mddReach(terms []Term, bound int) []sumSet {
	if (bound/64+1)*(len(terms)+1) > mddWords {
		return nil
	}
	w, n := make([]int, len(terms)), make([]int, len(terms))
	for j, t := range terms {
		w[j], n[j] = t.W, len(t.X)
	}
	return reachSets(w, n, bound)
}

// orShifted sets dst |= src << sh, dropping bits past bound.
func orShifted(dst, src sumSet, sh, bound int) {
	ws, bs := sh>>6, uint(sh&63)
	for i := len(dst) - 1; i >= ws; i-- {
		v := src[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			v |= src[i-ws-1] >> (64 - bs)
		}
		dst[i] |= v
	}
	if extra := (bound + 1) & 63; extra != 0 {
		dst[len(dst)-1] &= 1<<uint(extra) - 1
	}
}

// AdderSum returns Σ w·x as a bit-vector: every literal of every x,
// weighted by w, summed by a balanced tree of ripple-carry adders (about
// 14 clauses per full adder, log(terms) levels).
func (f *CNF) AdderSum(terms []Term) Bits {
	var parts []Bits
	for _, t := range terms {
		for _, l := range t.X {
			parts = append(parts, f.Scale(Bits{l}, uint64(t.W)))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	for len(parts) > 1 {
		var next []Bits
		for i := 0; i+1 < len(parts); i += 2 {
			next = append(next, f.Sum(parts[i], parts[i+1]))
		}
		if len(parts)%2 == 1 {
			next = append(next, parts[len(parts)-1])
		}
		parts = next
	}
	return parts[0]
}

// Totalize returns Σ xs as a Unary capped at limit+1 (its last literal
// means "sum > limit" when the sum can get there), by the totaliser of
// Bailleux and Boufkhad (2003) over integers: a balanced tree whose nodes
// merge two unaries a, b into o with a≥i ∧ b≥j → o≥i+j and
// ¬a≥i+1 ∧ ¬b≥j+1 → ¬o≥i+j+1. Both directions are written, so asserting
// o≥n and ¬o≥n+1 makes the sum equal n, and unit propagation is arc
// consistent for such bounds. Size: |a|·|b| clauses and |o| variables per
// merge.
func (f *CNF) Totalize(xs []Unary, limit int) Unary {
	switch len(xs) {
	case 0:
		return nil
	case 1:
		if len(xs[0]) <= limit+1 {
			return xs[0]
		}
		// Cap it: o≥limit+1 is x≥limit+1, higher literals are dropped.
		return xs[0][:limit+1]
	}
	a := f.Totalize(xs[:len(xs)/2], limit)
	b := f.Totalize(xs[len(xs)/2:], limit)
	o := make(Unary, min(len(a)+len(b), limit+1))
	for t := range o {
		o[t] = f.Lit()
	}
	ge := func(u Unary, i int) Lit { // u ≥ i for 1 ≤ i ≤ len(u)
		return u[i-1]
	}
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			if s := min(i+j, len(o)); s > 0 {
				// a≥i ∧ b≥j → o≥s
				cl := []Lit{ge(o, s)}
				if i > 0 {
					cl = append(cl, ge(a, i).Not())
				}
				if j > 0 {
					cl = append(cl, ge(b, j).Not())
				}
				f.Add(cl...)
			}
			if s := i + j + 1; s <= len(o) {
				// a<i+1 ∧ b<j+1 → o<s; a≥len(a)+1 is false, so it drops out.
				cl := []Lit{ge(o, s).Not()}
				if i < len(a) {
					cl = append(cl, ge(a, i+1))
				}
				if j < len(b) {
					cl = append(cl, ge(b, j+1))
				}
				f.Add(cl...)
			}
		}
	}
	return o
}

// LexGreaterEq adds clauses forcing a ≥ b lexicographically, for vectors
// of unaries of equal lengths. eq (a fresh variable per position) means
// the vectors agree so far: eq → a[j] ≥ b[j], and eq ∧ a[j] = c ∧ b[j] = c
// → eq' for every c, which makes eq' true whenever the prefixes agree.
// The clauses eq' → eq and eq' → a[j] ≤ b[j] change no model but let
// propagation run backwards, which cut gini's conflicts on the sticks
// queries (docs/results.md). About 3·u clauses per position.
func (f *CNF) LexGreaterEq(a, b []Unary) {
	eq := Lit(0) // 0: the empty prefixes, which agree
	for j := range a {
		x, y := a[j], b[j]
		for t := range y {
			f.Add(guardNot(eq, y[t].Not(), x[t])...) // eq ∧ y≥t+1 → x≥t+1
		}
		if j == len(a)-1 {
			return
		}
		next := f.Lit()
		if eq != 0 {
			f.Add(next.Not(), eq)
		}
		for t := range x {
			f.Add(next.Not(), x[t].Not(), y[t]) // next ∧ x≥t+1 → y≥t+1
		}
		for c := 0; c <= len(x); c++ {
			// eq ∧ x = c ∧ y = c → next
			cl := guardNot(eq, next)
			if c > 0 {
				cl = append(cl, x[c-1].Not(), y[c-1].Not())
			}
			if c < len(x) {
				cl = append(cl, x[c], y[c])
			}
			f.Add(cl...)
		}
		eq = next
	}
}

// guardNot returns the clause ls with ¬g added in front, or ls when g is 0.
func guardNot(g Lit, ls ...Lit) []Lit {
	if g == 0 {
		return ls
	}
	return append([]Lit{g.Not()}, ls...)
}
