package addchain

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Limits of an instance.
const (
	// MaxN is the largest n read. The judge promises n <= 100; above
	// about 10^4 some n take an exact search minutes.
	MaxN = 1_000_000
	// JudgeN is the largest n of the judge's statement.
	JudgeN = 100
)

// Instance is one n: find a shortest addition chain that ends at N.
type Instance struct {
	N int // 1..MaxN
}

// Answer is an addition chain: Chain[0] = 1, each later element the sum
// of two earlier ones (or twice one), increasing, the last being the
// instance's n. Its length, the number of additions, is len(Chain)-1.
type Answer struct {
	Chain []int
}

// Len returns the chain's length m, the number of additions: one less
// than its elements; -1 for an empty chain.
func (a Answer) Len() int { return len(a.Chain) - 1 }

// String returns p in judge input format: n and a newline. The closing
// "0" line is not included.
func (p Instance) String() string { return strconv.Itoa(p.N) + "\n" }

// Format returns the judge's output for a: the chain on one line,
// separated by single spaces.
func (p Instance) Format(a Answer) string {
	var b strings.Builder
	for i, v := range a.Chain {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('\n')
	return b.String()
}

// Verify returns nil if a is an addition chain for p: it starts at 1,
// increases strictly, ends at p.N, and each element after the first is
// the sum of two earlier ones. That it is shortest rests on the backends
// agreeing. It takes O(m²) steps for a chain of m additions.
func (p Instance) Verify(a Answer) error {
	if p.N < 1 || p.N > MaxN {
		return fmt.Errorf("addchain: n %d out of range 1..%d", p.N, MaxN)
	}
	c := a.Chain
	switch {
	case len(c) == 0:
		return fmt.Errorf("addchain: an empty chain")
	case c[0] != 1:
		return fmt.Errorf("addchain: the chain starts at %d, want 1", c[0])
	case c[len(c)-1] != p.N:
		return fmt.Errorf("addchain: the chain ends at %d, want n = %d", c[len(c)-1], p.N)
	}
	for k := 1; k < len(c); k++ {
		if c[k] <= c[k-1] {
			return fmt.Errorf("addchain: a%d = %d does not exceed a%d = %d", k, c[k], k-1, c[k-1])
		}
		if _, _, ok := sumOf(c[:k], c[k]); !ok {
			return fmt.Errorf("addchain: a%d = %d is not the sum of two of %v", k, c[k], c[:k])
		}
	}
	return nil
}

// Sums returns, for each element ak after the first, the indices i and
// j (j <= i < k) of two earlier elements whose sum it is, the larger
// operand as large as can be. It means something only for a chain that
// passes Verify.
func (a Answer) Sums() [][2]int {
	out := make([][2]int, 0, max(len(a.Chain)-1, 0))
	for k := 1; k < len(a.Chain); k++ {
		i, j, _ := sumOf(a.Chain[:k], a.Chain[k])
		out = append(out, [2]int{i, j})
	}
	return out
}

// sumOf returns the indices i >= j of x + y = v in the increasing prefix
// (x = y allowed), by two fingers from its ends, the larger operand the
// largest that has a partner; ok is false when v is no such sum.
func sumOf(prefix []int, v int) (i, j int, ok bool) {
	for lo, hi := 0, len(prefix)-1; lo <= hi; {
		switch s := prefix[lo] + prefix[hi]; {
		case s == v:
			return hi, lo, true
		case s < v:
			lo++
		default:
			hi--
		}
	}
	return 0, 0, false
}

// LowerBound returns ⌈log2 n⌉, the fewest additions that can reach n:
// no step more than doubles the largest element.
func LowerBound(n int) int { return bits.Len(uint(n - 1)) }

// Binary returns the chain of n by the binary method, left to right: a
// doubling per bit of n after the first and an addition of 1 per one bit
// after the first, ⌊log2 n⌋ + ν(n) - 1 additions, the upper bound an
// exact search starts under.
func Binary(n int) Answer {
	c := []int{1}
	for i := bits.Len(uint(n)) - 2; i >= 0; i-- {
		c = append(c, 2*c[len(c)-1])
		if n>>uint(i)&1 == 1 {
			c = append(c, c[len(c)-1]+1)
		}
	}
	return Answer{Chain: c}
}
