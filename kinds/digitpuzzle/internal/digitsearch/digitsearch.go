// Package digitsearch holds the search that defines the answer of a digit
// puzzle (UVa 12107): the pattern with the fewest changes, then the
// smallest, that has exactly one solution. The two backends share it and
// differ only in the test "does this pattern have exactly one solution"
// they bring to it.
package digitsearch

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Prunings returns the prunings of Search. With any of them off, Search
// still returns the same pattern: each cut only skips patterns that have
// no solution, and without least-first every pattern of the depth is
// asked about and the least unique one kept.
//
// The search is the chapter's iterative deepening (0x24): the depth is
// the number of changes. Two of its tests have no name, because they
// make it correct, not fast: a pattern has exactly the depth's changes
// (no fewer, which a shallower depth tried, no more), and never a '0'
// first in a number of two or more digits. Nor is it a switch that a
// depth of d changes looks only at the products that differ from the
// given pattern in d places or fewer: no other can fit such a pattern.
//
// A candidate both cuts refuse counts for each that refuses it alone:
// for change-budget when some product fits the prefix, which prefix-fit
// alone would let through; for prefix-fit when some product of the
// depth differs from the pattern at the positions left in few enough
// places, which change-budget alone, over products not kept to the
// prefix, would let through.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		ChangeBudget: {Name: "change-budget", Category: technique.Bound, Counts: "characters and depths cut",
			Doc: "cut a prefix when no product that fits it differs from the given pattern in few enough places for the changes left"},
		PrefixFit: {Name: "prefix-fit", Category: technique.Feasibility, Counts: "characters cut",
			Doc: "cut a prefix that no product fits, and keep only the products that fit it"},
		LeastFirst: {Name: "least-first", Category: technique.Order, Chapter: "named", Counts: "characters left untried at the first unique pattern",
			Doc: "candidates '*', 0-9 in order, so the first unique pattern of a depth is the answer (else all are tried and the least kept)"},
	}
}

// The indices of Prunings, where their cuts are counted.
const (
	ChangeBudget = iota
	PrefixFit
	LeastFirst
)

// Search finds the answer of the digit puzzle p, asking unique whether a
// candidate pattern has exactly one solution, with the prunings of
// Prunings that on switches. It deepens the number of changed
// characters d = 0, 1, ...; for each d it fills the positions of "ABC"
// left to right with the candidates '*', '0'..'9' (never '0' first in a
// number of two or more digits), and returns the first pattern with
// exactly d changes that unique accepts. That is the pattern the
// statement asks for when unique answers truly. It also returns its
// nodes, the characters it placed (the calls to unique not counted);
// traced, each depth is a level of the tree. puzzle.ErrNoSolution
// means no product has p's lengths; an error from unique, or ctx.Err()
// when ctx is done, stops the search.
//
// The cuts are counted into probe (indexed like Prunings), started by
// the caller; nil counts nowhere.
func Search[C trace.Counts](ctx context.Context, p digitpuzzle.Instance, on technique.Bits, probe *trace.Probe[C], unique func(digitpuzzle.Answer) (bool, error)) (digitpuzzle.Answer, int64, error) {
	if err := p.Validate(); err != nil {
		return digitpuzzle.Answer{}, 0, fmt.Errorf("bad instance: %w", err)
	}
	if !digitpuzzle.Admits(len(p.A), len(p.B), len(p.C)) {
		return digitpuzzle.Answer{}, 0, puzzle.ErrNoSolution
	}
	s := newDigitSearch[C](ctx, p, unique)
	if probe != nil {
		s.probe = probe
	}
	a, err := s.run(on)
	return a, s.tick.Steps(), err
}

// run deepens the number of changes, as Search says.
func (s *digitSearch[C]) run(on technique.Bits) (digitpuzzle.Answer, error) {
	s.on = on
	for d := 0; d <= s.n; d++ {
		if !s.tick.Look() {
			return digitpuzzle.Answer{}, s.tick.Err()
		}
		found, err := s.depth(d)
		if err != nil {
			return digitpuzzle.Answer{}, err
		}
		if !s.on.Has(LeastFirst) && s.kept {
			s.cur, found = s.best, true
		}
		if found {
			return s.answer(), nil
		}
	}
	if s.upto[s.n] == 0 {
		return digitpuzzle.Answer{}, puzzle.ErrNoSolution
	}
	// Every solution, written out in full, is a pattern with exactly one
	// solution within s.n changes, so a truthful unique never gets here.
	return digitpuzzle.Answer{}, errors.New("no candidate pattern was unique, though products fit: the uniqueness test is wrong")
}

// depth searches the patterns of exactly d changes, a level of the tree
// when traced, and reports whether one is unique (without least-first,
// whether it has kept one).
func (s *digitSearch[C]) depth(d int) (bool, error) {
	if s.probe.Tracing() {
		s.probe.Level(fmt.Sprintf("%d changes", d))
		defer s.probe.Leave()
	}
	// A product that differs from the given pattern in more than d
	// digits fits no pattern within d changes, so it cannot witness the
	// cut in dfs: leave it out.
	set := s.sols[:s.upto[d]]
	if len(set) == 0 && s.on.Has(ChangeBudget) {
		// Without the budget, prefix-fit would cut every first
		// character: the cut removes something only without it, or at
		// depth 0, where the given pattern is asked about at once.
		if !s.on.Has(PrefixFit) || d == 0 {
			s.probe.Cut(ChangeBudget)
			if s.probe.Tracing() {
				s.probe.Why(ChangeBudget, fmt.Sprintf("every product differs from the pattern in more than %d places", d))
			}
		}
		return false, nil
	}
	if s.on.Has(ChangeBudget) && s.on.Has(PrefixFit) {
		s.leastMiss(set)
	}
	return s.dfs(0, d, set)
}

// leastMiss sets s.lowest to the least miss(pos+1) of the products of
// set at each position: what change-budget alone, whose set is not kept
// to the prefix, compares the changes left with.
func (s *digitSearch[C]) leastMiss(set []digitSol) {
	for pos := range s.n {
		s.lowest[pos] = digitMaxLen + 1
	}
	for _, t := range set {
		for pos := range s.n {
			s.lowest[pos] = min(s.lowest[pos], t.miss(pos+1))
		}
	}
}

// digitSol is one product x*y=z of the search, packed for a fast scan: bits
// 4i..4i+3 hold the digit at position i of "xyz", and bits 32+4i..32+4i+3
// the number of given digits at positions i.. that differ from it.
type digitSol uint64

// digit returns the digit at position i.
func (t digitSol) digit(i int) int { return int(t>>(4*i)) & 15 }

// miss returns how many given digits at positions i.. differ from t; 0
// for i = digitMaxLen.
func (t digitSol) miss(i int) int { return int(t>>(32+4*i)) & 15 }

// digitSearch is the state of one Search: the solutions of the length
// triple and the pattern being built.
type digitSearch[C trace.Counts] struct {
	tick   poll.Ticker // counts the nodes
	unique func(digitpuzzle.Answer) (bool, error)
	la, lb int
	n      int                  // total characters, len(A)+len(B)+len(C)
	orig   [digitMaxLen]byte    // the given pattern "ABC"
	cur    [digitMaxLen]byte    // the pattern being built
	sols   []digitSol           // every product x*y=z, by miss(0) ...
	upto   [digitMaxLen + 1]int // ... so those with miss(0) <= d are sols[:upto[d]] (dfs reorders only within it)
	tmp    []digitSol           // scratch for split, as long as sols
	lead   uint32               // the positions that start a number of two or more digits

	// on holds the prunings on, indexed by the constants of Prunings, the
	// first of any table that starts with its.
	on technique.Bits
	// lowest[pos] is the least miss(pos+1) of the depth's products,
	// when both change-budget and prefix-fit are on.
	lowest [digitMaxLen]int
	probe  *trace.Probe[C]

	// Without least-first: the least unique pattern of the depth so far.
	best [digitMaxLen]byte
	kept bool
}

// digitMaxLen is the longest "ABC" string.
const digitMaxLen = 2*digitpuzzle.MaxFactor + digitpuzzle.MaxProduct

// newDigitSearch lists every product of p's lengths for a search of p.
func newDigitSearch[C trace.Counts](ctx context.Context, p digitpuzzle.Instance, unique func(digitpuzzle.Answer) (bool, error)) *digitSearch[C] {
	s := &digitSearch[C]{tick: poll.New(ctx), unique: unique, la: len(p.A), lb: len(p.B), probe: new(trace.Probe[C])}
	s.n = copy(s.orig[:], p.A+p.B+p.C)
	lc := len(p.C)
	for _, num := range [3][2]int{{0, s.la}, {s.la, s.lb}, {s.la + s.lb, lc}} {
		if num[1] > 1 {
			s.lead |= 1 << num[0]
		}
	}
	// Each product is the sum of four pieces, looked up by x, y and the
	// high and low halves of z: digit fields do not overlap and miss
	// fields add up to at most digitMaxLen, so no field carries.
	var pa, pb, ph, pl [100]digitSol
	low := min(lc, 2)
	for v := range 100 {
		pa[v] = s.piece(0, s.la, v)
		pb[v] = s.piece(s.la, s.lb, v)
		ph[v] = s.piece(s.la+s.lb, lc-low, v)
		pl[v] = s.piece(s.n-low, low, v)
	}
	n := 0
	digitpuzzle.Products(s.la, s.lb, lc, func(_, _, _ int) { n++ })
	buf := make([]digitSol, 2*n)
	s.sols, s.tmp = buf[:0:n], buf[n:]
	digitpuzzle.Products(s.la, s.lb, lc, func(x, y, z int) {
		s.sols = append(s.sols, pa[x]+pb[y]+ph[z/100]+pl[z%100])
	})
	s.sortByMiss()
	return s
}

// piece returns the share of v, written as n digits at positions
// start..start+n-1, in a packed product: its digit fields, and the given
// digits it misses counted into the miss field of each position up to
// there.
func (s *digitSearch[C]) piece(start, n, v int) digitSol {
	var t digitSol
	miss := 0
	for i := start + n - 1; i >= 0; i-- {
		if i >= start {
			d := v % 10
			v /= 10
			t |= digitSol(d) << (4 * i)
			if s.orig[i] != '*' && int(s.orig[i]-'0') != d {
				miss++
			}
		}
		t += digitSol(miss) << (32 + 4*i)
	}
	return t
}

// sortByMiss sorts s.sols by miss(0), by counting, and sets s.upto.
func (s *digitSearch[C]) sortByMiss() {
	var next [digitMaxLen + 1]int
	for _, t := range s.sols {
		s.upto[t.miss(0)]++
	}
	for d := range s.upto {
		if d > 0 {
			next[d] = s.upto[d-1]
		}
		s.upto[d] += next[d]
	}
	copy(s.tmp, s.sols)
	for _, t := range s.tmp {
		s.sols[next[t.miss(0)]] = t
		next[t.miss(0)]++
	}
}

// dfs fills positions pos.. of s.cur with exactly left changes from the
// given pattern and reports whether some such pattern is unique; on true,
// s.cur holds the first. set holds the solutions that fit s.cur[:pos], and
// the caller has made sure that one of them has miss(pos) <= left <= s.n-pos
// (without prefix-fit set may hold others too, and without it and
// change-budget none may fit). dfs may reorder set. Without least-first
// it tries the candidates in reverse, keeps the least unique pattern in
// s.best, and reports false.
//
// The cut, used for every child before descending: the final pattern's
// solutions are among the products in set that fit it. Take such a product
// t. At a position where the given digit differs from t the pattern must
// change (to '*' or t's digit); every other position may change or not and
// still fit t ('*' to t's digit, a digit to '*'). So a pattern with exactly
// left changes at positions pos.. and a solution exists iff some t in set
// has miss(pos) <= left <= the positions left. A pattern without a solution
// is not unique, so a branch failing that test holds no answer. It needs no
// call to unique. prefix-fit is the half "some t fits", change-budget the
// half "miss(pos) <= left", each taken over all of set when the other is
// off. A leading zero given in B or C is a miss for every t, which forces
// the change; a '0' is never put first in a number of two or more digits,
// which no product fits.
func (s *digitSearch[C]) dfs(pos, left int, set []digitSol) (bool, error) {
	if left == 0 {
		// With both cuts on, the caller checked that some t in set fits
		// the given rest.
		copy(s.cur[pos:s.n], s.orig[pos:s.n])
		return s.leaf()
	}
	var count [10]int
	var best [11]int
	if s.on.Has(ChangeBudget) || s.on.Has(PrefixFit) {
		count, best = s.scan(pos, set)
	}
	var ends [11]int
	grouped := false
	for i := range 11 {
		k := s.candidate(i)
		c, nl, ok := s.choice(pos, left, k)
		if !ok {
			continue
		}
		if cut, budget, prefix := s.cut(pos, k, nl, len(set), &count, &best); cut {
			s.cutCount(budget, prefix, pos, c, nl)
			continue
		}
		if !s.tick.Tick() {
			return false, s.tick.Err()
		}
		sub := set
		if k > 0 && s.on.Has(PrefixFit) {
			if !grouped {
				// The '*' child is done with set: group it by digit now.
				ends, grouped = s.split(pos, set, count), true
			}
			sub = set[ends[k-1]:ends[k]]
		}
		s.cur[pos] = c
		if s.probe.Tracing() {
			s.probe.Enter(s.label(pos, c))
		}
		ok, err := s.dfs(pos+1, nl, sub)
		if s.probe.Tracing() {
			s.probe.Leave()
		}
		if ok && s.on.Has(LeastFirst) {
			s.untried(pos, left, i, len(set), &count, &best)
		}
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// candidate returns the i-th candidate tried: k = 0 for '*', k = 1..10
// for '0'..'9', in that order with least-first, else the reverse.
func (s *digitSearch[C]) candidate(i int) int {
	if !s.on.Has(LeastFirst) {
		return 10 - i
	}
	return i
}

// choice returns candidate k's character at pos and the changes left
// after it; ok is false when it cannot make a pattern of exactly left
// changes, or puts '0' first in a number of two or more digits: not a
// cut, the question asked.
func (s *digitSearch[C]) choice(pos, left, k int) (c byte, nl int, ok bool) {
	c = byte('*')
	if k > 0 {
		c = byte('0' + k - 1)
	}
	nl = left
	if c != s.orig[pos] {
		nl--
	}
	return c, nl, nl >= 0 && nl <= s.n-pos-1 && (k != 1 || s.lead>>pos&1 == 0)
}

// cut reports whether the cuts on refuse candidate k at pos with nl
// changes left, the set holding n products that fit the prefix; and
// which of them refuses it alone, that is, would count it.
func (s *digitSearch[C]) cut(pos, k, nl, n int, count *[10]int, best *[11]int) (cut, budget, prefix bool) {
	none := k == 0 && n == 0 || k > 0 && count[k-1] == 0 // no product fits the prefix
	switch {
	case s.on.Has(ChangeBudget) && s.on.Has(PrefixFit):
		// Alone, prefix-fit cuts when no product fits; change-budget
		// over the depth's products, not kept to the prefix.
		cut = best[k] > nl
		return cut, cut && !none, cut && s.lowest[pos] <= nl
	case s.on.Has(ChangeBudget):
		// A solution of the pattern is among the products of set
		// whatever their digit here.
		return best[0] > nl, best[0] > nl, false
	case s.on.Has(PrefixFit):
		return none, false, none
	}
	return false, false, false
}

// cutCount counts a candidate cut, c at pos with nl changes left, for
// each cut that alone refuses it.
func (s *digitSearch[C]) cutCount(budget, prefix bool, pos int, c byte, nl int) {
	if budget {
		s.probe.Cut(ChangeBudget)
		if s.probe.Tracing() {
			s.probe.Why(ChangeBudget, fmt.Sprintf("%s: every product that fits differs in more places than the %d changes left", s.label(pos, c), nl))
		}
	}
	if prefix {
		s.probe.Cut(PrefixFit)
		if s.probe.Tracing() {
			s.probe.Why(PrefixFit, s.label(pos, c)+": no product fits the pattern so far")
		}
	}
}

// untried counts the candidates after the i-th at pos that the cuts let
// through, left untried as least-first ends the search at the first
// unique pattern.
func (s *digitSearch[C]) untried(pos, left, i, n int, count *[10]int, best *[11]int) {
	if !s.probe.Counting() {
		return
	}
	m := 0
	for j := i + 1; j < 11; j++ {
		k := s.candidate(j)
		if _, nl, ok := s.choice(pos, left, k); ok {
			if cut, _, _ := s.cut(pos, k, nl, n, count, best); !cut {
				m++
			}
		}
	}
	if m > 0 {
		s.probe.CutN(LeastFirst, m)
		if s.probe.Tracing() {
			s.probe.Why(LeastFirst, fmt.Sprintf("%d more untried at %s: the first unique pattern is the answer", m, s.position(pos)))
		}
	}
}

// label says what the decision at pos put there, as "B2=*".
func (s *digitSearch[C]) label(pos int, c byte) string {
	return fmt.Sprintf("%s=%c", s.position(pos), c)
}

// position names position pos of "ABC", as "B2".
func (s *digitSearch[C]) position(pos int) string {
	switch {
	case pos < s.la:
		return fmt.Sprintf("A%d", pos+1)
	case pos < s.la+s.lb:
		return fmt.Sprintf("B%d", pos-s.la+1)
	}
	return fmt.Sprintf("C%d", pos-s.la-s.lb+1)
}

// leaf asks unique about s.cur, which is complete. Without least-first it
// keeps s.cur in s.best when it is unique and less, and reports false.
func (s *digitSearch[C]) leaf() (bool, error) {
	ok, err := s.unique(s.answer())
	if err != nil || !ok {
		return ok, err
	}
	// '*' < '0' < ... < '9' in ASCII, so bytes order patterns as candidates.
	better := s.on.Has(LeastFirst) || !s.kept || bytes.Compare(s.cur[:s.n], s.best[:s.n]) < 0
	if better && s.probe.Tracing() {
		s.probe.Found()
	}
	if s.on.Has(LeastFirst) {
		return true, nil
	}
	if better {
		s.best, s.kept = s.cur, true
	}
	return false, nil
}

// scan counts the solutions in set by their digit at pos, and returns in
// best[k] the least miss(pos+1) of those with digit k-1, in best[0] of all
// (for '*'); more than digitMaxLen when there is none.
func (s *digitSearch[C]) scan(pos int, set []digitSol) (count [10]int, best [11]int) {
	for k := range best {
		best[k] = digitMaxLen + 1
	}
	for _, t := range set {
		d := t.digit(pos)
		count[d]++
		best[d+1] = min(best[d+1], t.miss(pos+1))
	}
	for d := range 10 {
		best[0] = min(best[0], best[d+1])
	}
	return count, best
}

// split reorders set (count says how many of each digit at pos it holds)
// so that the solutions with digit k-1 at pos are set[ends[k-1]:ends[k]].
func (s *digitSearch[C]) split(pos int, set []digitSol, count [10]int) (ends [11]int) {
	for d := range 10 {
		ends[d+1] = ends[d] + count[d]
	}
	next := ends
	tmp := s.tmp[:len(set)]
	copy(tmp, set)
	for _, t := range tmp {
		d := t.digit(pos)
		set[next[d]] = t
		next[d]++
	}
	return ends
}

// answer returns s.cur as a DigitAnswer.
func (s *digitSearch[C]) answer() digitpuzzle.Answer {
	str := string(s.cur[:s.n])
	return digitpuzzle.Answer{A: str[:s.la], B: str[s.la : s.la+s.lb], C: str[s.la+s.lb:]}
}
