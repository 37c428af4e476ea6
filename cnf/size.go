package cnf

import (
	"fmt"
	"math/bits"
)

// Size counts what a formula holds, or what an encoder would add to one:
// variables, clauses, and literals summed over the clauses. Memory
// follows the literals (4 bytes each in a CNF, a few times that in a
// solver), so a budget is best set on Lits.
type Size struct {
	Vars, Clauses, Lits int64
}

// Plus returns the sum of s and o.
func (s Size) Plus(o Size) Size {
	return Size{s.Vars + o.Vars, s.Clauses + o.Clauses, s.Lits + o.Lits}
}

// Times returns s scaled by k ≥ 0.
func (s Size) Times(k int64) Size {
	return Size{s.Vars * k, s.Clauses * k, s.Lits * k}
}

// Within reports whether s fits the budget b: every field of s is at most
// the same field of b, where a field of b that is 0 bounds nothing.
func (s Size) Within(b Size) bool {
	ok := func(x, lim int64) bool { return lim == 0 || x <= lim }
	return ok(s.Vars, b.Vars) && ok(s.Clauses, b.Clauses) && ok(s.Lits, b.Lits)
}

func (s Size) String() string {
	return fmt.Sprintf("%d variables, %d clauses, %d literals", s.Vars, s.Clauses, s.Lits)
}

// clause returns the size of one clause of n literals.
func clause(n int) Size { return Size{Clauses: 1, Lits: int64(n)} }

// Size returns the size of f.
func (f *CNF) Size() Size {
	return Size{int64(f.nvars), int64(len(f.ends)), int64(len(f.lits))}
}

// The functions below bound, without building anything, what the
// encoders of this package add; the tests check each against the real
// thing.

// UnarySize returns what NewUnary(name, n) adds.
func UnarySize(n int) Size {
	return Size{Vars: int64(n)}.Plus(clause(2).Times(int64(max(n-1, 0))))
}

// AtMostOneSize returns what AtMostOne adds for n literals.
func AtMostOneSize(n int) Size {
	if n <= pairwiseMax {
		return clause(2).Times(int64(n * (n - 1) / 2))
	}
	return Size{Vars: int64(n - 1)}.Plus(clause(2).Times(int64(3*n - 4)))
}

// AtMostOneWithSize returns what AtMostOneWith(e, ...) adds for n
// literals, without building it; it takes O(log n) time.
func AtMostOneWithSize(e AMO, n int) Size {
	k := int64(n)
	switch {
	case n < 2:
		return Size{}
	case e == AMOPairwise || n <= amoSmall && e != AMOBinary:
		return clause(2).Times(k * (k - 1) / 2)
	case e == AMOSequential:
		return Size{Vars: k - 1}.Plus(clause(2).Times(3*k - 4))
	case e == AMOCommander:
		groups, rest := (k+2)/3, k%3
		s := Size{Vars: groups}.Plus(clause(2).Times(k + 3*(k/3) + rest*(rest-1)/2))
		return s.Plus(AtMostOneWithSize(AMOCommander, int(groups)))
	case e == AMOProduct:
		p := 1
		for p*p < n {
			p++
		}
		q := (n + p - 1) / p
		s := Size{Vars: int64(p + q)}.Plus(clause(2).Times(2 * k))
		return s.Plus(AtMostOneWithSize(AMOProduct, p)).Plus(AtMostOneWithSize(AMOProduct, q))
	case e == AMOBimander:
		bits := int64(codeBitsFor((n + 1) / 2))
		return Size{Vars: bits}.Plus(clause(2).Times(k/2 + k*bits))
	}
	bits := int64(codeBitsFor(n))
	return Size{Vars: bits}.Plus(clause(2).Times(k * bits))
}

// codeBitsFor returns how many bits codeBits takes to number n things.
func codeBitsFor(n int) int {
	b := 0
	for 1<<b < n {
		b++
	}
	return b
}

// ExactlyOneSize returns what ExactlyOne adds for n literals.
func ExactlyOneSize(n int) Size { return clause(n).Plus(AtMostOneSize(n)) }

// TotalizeSize bounds what Totalize adds for unaries of the given lengths.
func TotalizeSize(lens []int, limit int) Size {
	s, _ := totalizeSize(lens, limit)
	return s
}

// totalizeSize returns the bound and the length of the result.
func totalizeSize(lens []int, limit int) (Size, int) {
	switch len(lens) {
	case 0:
		return Size{}, 0
	case 1:
		return Size{}, min(lens[0], limit+1)
	}
	a, la := totalizeSize(lens[:len(lens)/2], limit)
	b, lb := totalizeSize(lens[len(lens)/2:], limit)
	o := min(la+lb, limit+1)
	pairs := int64(la+1) * int64(lb+1)
	return a.Plus(b).Plus(Size{Vars: int64(o)}).Plus(clause(3).Times(2 * pairs)), o
}

// LexGreaterEqSize bounds what LexGreaterEq adds for vectors of unaries
// of the given lengths.
func LexGreaterEqSize(lens []int) Size {
	var s Size
	for _, u := range lens {
		s = s.Plus(Size{Vars: 1, Clauses: int64(3*u + 2), Lits: int64(11*u + 7)})
	}
	return s
}

// MDDAtMostSizeBound bounds what MDDAtMost adds for terms whose unaries
// have the given lengths: at most bound+1 nodes a layer, each with a
// variable and a clause of at most 3 literals per value.
func MDDAtMostSizeBound(lens []int, bound int) Size {
	s := clause(1)
	nodes := int64(max(bound, 0)) + 1
	for _, u := range lens {
		s = s.Plus(Size{Vars: nodes}).Plus(clause(3).Times(nodes * int64(u+1)))
	}
	return s
}

// AdderSumSizeBound bounds what AdderSum adds for terms of the given
// weights and unary lengths, and what asserting its result adds: at most
// one full adder per bit of the total for each literal it scales or sums,
// and one unit clause per bit.
func AdderSumSizeBound(w, lens []int) Size {
	total, parts := 0, int64(0)
	for j, u := range lens {
		total += w[j] * u
		parts += int64(u) * int64(bits.OnesCount(uint(w[j]))+1)
	}
	width := int64(Width(uint64(total)) + 1)
	fa := Size{Vars: 2, Clauses: 14, Lits: 50}
	return fa.Times(parts * width).Plus(clause(1).Times(width + 1)).Plus(Size{Vars: 1})
}
