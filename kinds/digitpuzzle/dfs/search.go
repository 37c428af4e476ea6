package dfs

import (
	"context"
	"fmt"
	"math"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/digitsearch"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve solves a Digit Puzzle: the pattern with the fewest changes, then
// the smallest, that has exactly one solution, found by
// [digitsearch.Search] with [CountDigit] as its uniqueness test, with the
// prunings of DigitPrunings that on switches. Stats counts the nodes of
// the search and of all those counts. The error is puzzle.ErrNoSolution
// when no product has p's lengths, or ctx.Err() when ctx is done.
func Solve(ctx context.Context, p digitpuzzle.Instance, on technique.Set) (digitpuzzle.Answer, search.Stats, error) {
	var st search.Stats
	bits := on.Bits(Prunings)
	limit := 2 // two solutions already say "not unique"
	if bits&(1<<digitCountToTwo) == 0 {
		limit = 0
	}
	ranged := bits&(1<<digitProductRange) != 0
	var probe trace.Probe
	a, nodes, err := digitsearch.Search(ctx, p, on, &probe, func(q digitpuzzle.Answer) (bool, error) {
		n, qs, err := countDigit(ctx, digitpuzzle.Instance{Case: p.Case, A: q.A, B: q.B, C: q.C}, limit, ranged, &probe)
		st.Nodes += qs.Nodes
		if limit == 2 && n == 2 {
			probe.Cut(digitCountToTwo)
		}
		return n == 1, err
	})
	st.Nodes += nodes
	st.Cuts = probe.Counts(digitPrunings)
	return a, st, err
}

// The indices of DigitPrunings past the pattern search's, and how many
// there are.
const (
	digitCountToTwo = digitsearch.LeastFirst + 1 + iota
	digitProductRange
	digitPrunings
)

// Prunings returns the prunings of Digit and CountDigit: those of
// the pattern search, [digitsearch.Prunings], then those of the count.
func Prunings() []technique.Pruning {
	return append(digitsearch.Prunings(), []technique.Pruning{
		{Name: "count-to-two", Category: technique.Bound, Counts: "counts stopped at two",
			Doc: "the uniqueness test stops counting at the second solution (else it counts them all)"},
		{Name: "product-range", Category: technique.Feasibility, Counts: "values of B skipped",
			Doc: "for each A, only the B whose product lies within the least and greatest C that fit are tried"},
	}...)
}

// Count returns the number of solutions of p's pattern as given,
// stopping at limit (limit <= 0: no limit): the products A * B = C that fit
// the three patterns, with no leading zero in a number of two or more
// digits, with the prunings that on switches. A pattern of bad length or
// character is an error.
func Count(ctx context.Context, p digitpuzzle.Instance, limit int, on technique.Set) (int, search.Stats, error) {
	var probe trace.Probe
	probe.Start(ctx)
	n, st, err := countDigit(ctx, p, limit, on.Bits(Prunings)&(1<<digitProductRange) != 0, &probe)
	st.Cuts = probe.Counts(digitPrunings)
	return n, st, err
}

// countDigit is CountDigit with product-range as ranged, counting its
// cuts into probe. A = 0 counts every B at once (0 * B = 0): not a
// pruning, the arithmetic.
func countDigit(ctx context.Context, p digitpuzzle.Instance, limit int, ranged bool, probe *trace.Probe) (int, search.Stats, error) {
	var a, b, c digitPattern
	for _, err := range []error{
		a.parse(p.A, digitpuzzle.MaxFactor),
		b.parse(p.B, digitpuzzle.MaxFactor),
		c.parse(p.C, digitpuzzle.MaxProduct),
	} {
		if err != nil {
			return 0, search.Stats{}, err
		}
	}
	if limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	k := digitCounter{tick: poll.New(ctx), c: c, limit: limit, ranged: ranged, probe: probe}
	k.lo, k.hi = c.bounds()
	var as, bs [100]int
	err := k.run(a.values(as[:0]), b.values(bs[:0]))
	return k.count, search.Stats{Nodes: k.tick.Steps()}, err
}

// digitPattern is one number's pattern: its length and, per position from
// the least significant, the bit set of digits allowed there.
type digitPattern struct {
	n    int
	mask [digitpuzzle.MaxProduct]uint16
}

// parse reads s, 1..most characters '0'-'9' or '*', most significant first.
func (q *digitPattern) parse(s string, most int) error {
	if len(s) < 1 || len(s) > most {
		return fmt.Errorf("digit pattern %q: want 1 to %d characters", s, most)
	}
	q.n = len(s)
	for i := range len(s) {
		m := &q.mask[len(s)-1-i]
		switch ch := s[i]; {
		case ch == '*':
			*m = 1<<10 - 1
		case ch >= '0' && ch <= '9':
			*m = 1 << (ch - '0')
		default:
			return fmt.Errorf("digit pattern %q: %q is neither a digit nor '*'", s, ch)
		}
	}
	if q.n > 1 {
		q.mask[q.n-1] &^= 1 // no leading zero
	}
	return nil
}

// fits reports whether v, of exactly q.n digits, fits q.
func (q *digitPattern) fits(v int) bool {
	for i := range q.n {
		if q.mask[i]&(1<<(v%10)) == 0 {
			return false
		}
		v /= 10
	}
	return true
}

// values appends to buf, in increasing order, every number that fits q,
// which has at most two digits.
func (q *digitPattern) values(buf []int) []int {
	tens := uint16(1) // a one-digit number has tens digit 0
	if q.n == 2 {
		tens = q.mask[1]
	}
	for t := range 10 {
		for u := range 10 {
			if tens&(1<<t) != 0 && q.mask[0]&(1<<u) != 0 {
				buf = append(buf, 10*t+u)
			}
		}
	}
	return buf
}

// bounds returns the least and greatest number that fits q; lo > hi when
// none does.
func (q *digitPattern) bounds() (lo, hi int) {
	for i := q.n - 1; i >= 0; i-- {
		m := q.mask[i]
		if m == 0 {
			return 1, 0
		}
		small, big := 0, 9
		for m&(1<<small) == 0 {
			small++
		}
		for m&(1<<big) == 0 {
			big--
		}
		lo, hi = lo*10+small, hi*10+big
	}
	return lo, hi
}

// digitCounter counts the products of given values of A and B that fit
// C's pattern.
type digitCounter struct {
	tick   poll.Ticker  // counts values of A and products tried
	c      digitPattern // C's pattern
	lo, hi int          // least and greatest value that fits c
	limit  int          // stop counting here
	count  int          // solutions found
	ranged bool         // product-range
	probe  *trace.Probe
}

// run counts the solutions with A in as and B in bs (both increasing).
func (k *digitCounter) run(as, bs []int) error {
	for _, a := range as {
		if !k.tick.Tick() {
			return k.tick.Err()
		}
		if a == 0 {
			// 0 * B = 0 for every B; C must be the one-digit pattern 0 or *.
			if k.lo == 0 {
				k.count = min(k.limit, k.count+len(bs))
			}
		} else if err := k.withA(a, bs); err != nil {
			return err
		}
		if k.count >= k.limit {
			return nil
		}
	}
	return nil
}

// withA counts the solutions with A = a > 0. Only B in
// [ceil(lo/a), floor(hi/a)] can give a product within C's bounds, and the
// bounds hold every number that fits C's pattern, so with ranged the rest
// are skipped; without, each product is checked against the bounds.
func (k *digitCounter) withA(a int, bs []int) error {
	bLo, bHi := (k.lo+a-1)/a, k.hi/a
	if !k.ranged {
		bLo, bHi = 0, math.MaxInt
	}
	for i, b := range bs {
		if b < bLo {
			k.probe.Cut(digitProductRange)
			continue
		}
		if b > bHi {
			k.probe.CutN(digitProductRange, len(bs)-i)
			break
		}
		if !k.tick.Tick() {
			return k.tick.Err()
		}
		if v := a * b; (k.ranged || k.lo <= v && v <= k.hi) && k.c.fits(v) {
			k.count++
			if k.count >= k.limit {
				return nil
			}
		}
	}
	return nil
}
