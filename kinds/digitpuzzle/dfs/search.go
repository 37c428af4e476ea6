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
// prunings of Prunings that run switches. Stats counts the nodes of
// the search, the characters it places, and of all those counts, the
// values of A and the products they try. The error is puzzle.ErrNoSolution
// when no product has p's lengths, or ctx.Err() when ctx is done.
func Solve(ctx context.Context, p digitpuzzle.Instance, run search.Run) (digitpuzzle.Answer, search.Stats, error) {
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the searches counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p digitpuzzle.Instance, run search.Run) (digitpuzzle.Answer, search.Stats, error) {
	var st search.Stats
	bits := run.Prunings.Bits(Prunings)
	limit := 2 // two solutions already say "not unique"
	if !bits.Has(digitCountToTwo) {
		limit = 0
	}
	ranged := bits.Has(digitProductRange)
	var probe trace.Probe[C]
	probe.Start(run.Sink)
	a, nodes, err := digitsearch.Search(ctx, p, bits, &probe, func(q digitpuzzle.Answer) (bool, error) {
		n, qs, err := countDigit(ctx, digitpuzzle.Instance{Case: p.Case, A: q.A, B: q.B, C: q.C}, limit, ranged, limit == 2, &probe)
		st.Nodes += qs.Nodes
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
	ps := make([]technique.Pruning, digitPrunings)
	copy(ps, digitsearch.Prunings())
	ps[digitCountToTwo] = technique.Pruning{Name: "count-to-two", Category: technique.Bound, Counts: "values of A and B left untried",
		Doc: "the uniqueness test stops counting at the second solution (else it counts them all)"}
	ps[digitProductRange] = technique.Pruning{Name: "product-range", Category: technique.Feasibility, Counts: "values of B skipped",
		Doc: "for each A, only the B whose product lies within the least and greatest C that fit are tried"}
	return ps
}

// Count returns the number of solutions of p's pattern as given,
// stopping at limit (limit <= 0: no limit): the products A * B = C that fit
// the three patterns, with no leading zero in a number of two or more
// digits, with the prunings that run switches. A pattern of bad length or
// character is an error.
func Count(ctx context.Context, p digitpuzzle.Instance, limit int, run search.Run) (int, search.Stats, error) {
	if run.Counting() {
		return count[trace.Counted](ctx, p, limit, run)
	}
	return count[trace.Uncounted](ctx, p, limit, run)
}

// count is Count with the search counting into a trace.Probe[C].
func count[C trace.Counts](ctx context.Context, p digitpuzzle.Instance, limit int, run search.Run) (int, search.Stats, error) {
	var probe trace.Probe[C]
	probe.Start(run.Sink)
	n, st, err := countDigit(ctx, p, limit, run.Prunings.Bits(Prunings).Has(digitProductRange), false, &probe)
	st.Cuts = probe.Counts(digitPrunings)
	return n, st, err
}

// countDigit is CountDigit with product-range as ranged, counting its
// cuts into probe; toTwo says that limit is count-to-two's, whose count
// is what the stop leaves untried. Its nodes are the values of A and the
// products it tries; traced, the count is a level. A = 0 counts every B
// at once (0 * B = 0): not a pruning, the arithmetic.
func countDigit[C trace.Counts](ctx context.Context, p digitpuzzle.Instance, limit int, ranged, toTwo bool, probe *trace.Probe[C]) (int, search.Stats, error) {
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
	k := digitCounter[C]{tick: poll.New(ctx), c: c, limit: limit, ranged: ranged, toTwo: toTwo, probe: probe}
	k.lo, k.hi = c.bounds()
	var as, bs [100]int
	if k.probe.Tracing() {
		probe.Level(fmt.Sprintf("solutions of %s × %s = %s", p.A, p.B, p.C))
		defer probe.Leave()
	}
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
type digitCounter[C trace.Counts] struct {
	tick   poll.Ticker  // counts values of A and products tried
	c      digitPattern // C's pattern
	lo, hi int          // least and greatest value that fits c
	limit  int          // stop counting here
	count  int          // solutions found
	ranged bool         // product-range
	toTwo  bool         // limit is count-to-two's
	probe  *trace.Probe[C]
}

// run counts the solutions with A in as and B in bs (both increasing).
func (k *digitCounter[C]) run(as, bs []int) error {
	for i, a := range as {
		if !k.tick.Tick() {
			return k.tick.Err()
		}
		if k.probe.Tracing() {
			k.probe.Enter(fmt.Sprintf("A=%d", a))
		}
		var err error
		if a == 0 {
			// 0 * B = 0 for every B; C must be the one-digit pattern 0 or *.
			if k.lo == 0 {
				k.count = min(k.limit, k.count+len(bs))
			}
		} else {
			err = k.withA(a, bs)
		}
		if k.probe.Tracing() {
			k.probe.Leave()
		}
		if err != nil {
			return err
		}
		if k.count >= k.limit {
			k.untried(len(as)-i-1, "A")
			return nil
		}
	}
	return nil
}

// untried counts, when count-to-two stopped the count at its second
// solution, the n values of A or B it leaves untried.
func (k *digitCounter[C]) untried(n int, what string) {
	if !k.toTwo || n == 0 {
		return
	}
	k.probe.CutN(digitCountToTwo, n)
	if k.probe.Tracing() {
		k.probe.Why(digitCountToTwo, fmt.Sprintf("two solutions, so not unique: %s untried", trace.Plural(n, "more value of "+what, "more values of "+what)))
	}
}

// withA counts the solutions with A = a > 0. Only B in
// [ceil(lo/a), floor(hi/a)] can give a product within C's bounds, and the
// bounds hold every number that fits C's pattern, so with ranged the rest
// are skipped; without, each product is checked against the bounds.
func (k *digitCounter[C]) withA(a int, bs []int) error {
	bLo, bHi := (k.lo+a-1)/a, k.hi/a
	if !k.ranged {
		bLo, bHi = 0, math.MaxInt
	}
	from := 0
	for from < len(bs) && bs[from] < bLo {
		from++
	}
	to := from
	for to < len(bs) && bs[to] <= bHi {
		to++
	}
	k.skipped(from, a, bLo, "below")
	for j, b := range bs[from:to] {
		if !k.tick.Tick() {
			return k.tick.Err()
		}
		v := a * b
		fits := (k.ranged || k.lo <= v && v <= k.hi) && k.c.fits(v)
		if k.probe.Tracing() {
			k.probe.Enter(productLabel(b, v, fits))
			k.probe.Leave()
		}
		if fits {
			k.count++
			if k.count >= k.limit {
				k.untried(to-from-j-1, "B")
				return nil
			}
		}
	}
	k.skipped(len(bs)-to, a, bHi, "above")
	return nil
}

// productLabel says what the decision B = b gave: "B=7: 84 fits".
func productLabel(b, v int, fits bool) string {
	if fits {
		return fmt.Sprintf("B=%d: %d fits", b, v)
	}
	return fmt.Sprintf("B=%d: %d does not fit", b, v)
}

// skipped counts the n values of B that product-range skips for A = a,
// those below bLo or above bHi (side b).
func (k *digitCounter[C]) skipped(n, a, b int, side string) {
	if n == 0 {
		return
	}
	k.probe.CutN(digitProductRange, n)
	if k.probe.Tracing() {
		k.probe.Why(digitProductRange, fmt.Sprintf("%s %s %d: %d × B outside %d..%d", trace.Plural(n, "value of B", "values of B"), side, b, a, k.lo, k.hi))
	}
}
