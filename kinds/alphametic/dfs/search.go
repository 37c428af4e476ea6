package dfs

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the first answer of p that the column search finds,
// with the prunings of Prunings that run switches, or
// puzzle.ErrNoSolution, or ctx.Err() when ctx is done first. An instance
// that is not well formed (see alphametic.Instance.Validate) gives that
// error.
func Solve(ctx context.Context, p alphametic.Instance, run search.Run) (alphametic.Answer, search.Stats, error) {
	if err := p.Validate(); err != nil {
		return alphametic.Answer{}, search.Stats{}, err
	}
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the search counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p alphametic.Instance, run search.Run) (alphametic.Answer, search.Stats, error) {
	s := newAlphaSearch[C](ctx, p, 1, false, run)
	s.run()
	st := search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(alphaPrunings)}
	if err := s.tick.Err(); err != nil {
		return alphametic.Answer{}, st, err
	}
	if s.count == 0 {
		return alphametic.Answer{}, st, puzzle.ErrNoSolution
	}
	return alphametic.Answer{Digits: s.first}, st, nil
}

// Count returns the number of answers of p, stopping at limit
// (a limit below 1 counts them all), or ctx.Err() with the count so far
// when ctx is done first, with the prunings that run switches. Letters
// that occur in no word may take the digits left over in any order, and
// each order counts.
func Count(ctx context.Context, p alphametic.Instance, limit int, run search.Run) (int, search.Stats, error) {
	if err := p.Validate(); err != nil {
		return 0, search.Stats{}, err
	}
	if run.Counting() {
		return count[trace.Counted](ctx, p, limit, run)
	}
	return count[trace.Uncounted](ctx, p, limit, run)
}

// count is Count with the search counting into a trace.Probe[C].
func count[C trace.Counts](ctx context.Context, p alphametic.Instance, limit int, run search.Run) (int, search.Stats, error) {
	s := newAlphaSearch[C](ctx, p, limit, true, run)
	s.run()
	return s.count, search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(alphaPrunings)}, s.tick.Err()
}

// The prunings of Alphametic, indexed as in AlphameticPrunings and in
// its cut counts.
const (
	alphaColumnCheck = iota
	alphaColumnNarrow
	alphaCarryBounds
	alphaTopNoCarry
	alphaAllDifferent
	alphaHiddenSingles
	alphaColumnOrder
	alphaLargestFirst
	alphaFewestDigits
	alphaPrunings // the number of prunings
)

// Prunings returns the prunings of Alphametic and
// Count. Each only removes values that no answer has, or
// changes the order of the search: with any of them off, every answer is
// still found, and each is checked by alphametic.Instance.Verify.
//
// The chapter's cuts for this puzzle are the classic ones: columns from
// the right, letters as they first occur, digits from the largest, and
// the column test with no carry out of the top; it numbers none of them.
//
// The search cuts in three more places that have no switch, because they
// make it correct rather than fast: no carry comes into the bottom column
// (the sum is an addition); hidden-singles reasons only when every letter
// occurs, since otherwise a digit may be left to no letter; and each leaf
// is checked with Verify, which is where a switched-off check is made.
// With all-different off, a digit that another letter holds is still
// refused: that weaker form is the rule of the puzzle, which that
// pruning's own off state keeps.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		alphaColumnCheck: {Name: "column-check", Category: technique.Feasibility, Chapter: "named", Counts: "nodes failed",
			Doc: "cut a branch where some column a + b + carry = d + N*carry has no solution among the digits and carries left"},
		alphaColumnNarrow: {Name: "column-narrow", Category: technique.Propagation, Counts: "digits removed",
			Needs: []string{"column-check"},
			Doc:   "each column keeps only the digits of its letters that fit it with some values of the others (arc consistency)"},
		alphaCarryBounds: {Name: "carry-bounds", Category: technique.Propagation, Counts: "carries ruled out",
			Needs: []string{"column-check"},
			Doc:   "each column narrows the carries into and out of it and passes them on to its neighbours"},
		alphaTopNoCarry: {Name: "top-no-carry", Category: technique.Feasibility, Chapter: "named", Counts: "carries ruled out",
			Needs: []string{"column-check"},
			Doc:   "no carry leaves the top column, known from the root instead of checked at the leaves"},
		alphaAllDifferent: {Name: "all-different", Category: technique.Propagation, Counts: "digits removed",
			Doc: "a letter's digit, once it is its only one, is taken from every other letter (else only refused to a letter while another holds it)"},
		alphaHiddenSingles: {Name: "hidden-singles", Category: technique.Propagation, Counts: "digits removed, nodes failed",
			Doc: "when every letter occurs, a digit only one letter can take is that letter's, and a digit none can take cuts"},
		alphaColumnOrder: {Name: "column-order", Category: technique.Order, Chapter: "named", Counts: "letters moved",
			Doc: "letters are chosen column by column from the least significant, as they first occur (else alphabetically)"},
		alphaLargestFirst: {Name: "largest-first", Category: technique.Order, Chapter: "named", Counts: "branchings ordered",
			Doc: "each letter's digits are tried largest first (else smallest first)"},
		alphaFewestDigits: {Name: "fewest-digits", Category: technique.Order, Counts: "letters chosen otherwise",
			Doc: "counting branches on the letter with the fewest digits left per column it occurs in (else in the order of solving)"},
	}
}

// alphaSearch holds what stays fixed during one search of an alphametic.
// Columns are numbered from the least significant (0) to the top (n-1).
//
// The search keeps, for every letter, the set of digits it can still take
// and, for every column, the carries that can still come into it. After
// each decision it narrows these sets until nothing changes (see
// propagate): each column a + b + in = d + n*out keeps only the values that
// fit some choice of the others, a digit that a letter holds is taken from
// all other letters, and when every letter occurs each digit must be some
// letter's. The plain column test, a+b or a+b+1 (mod n) must be d, and one
// of the two candidates must be free when d is unknown, is the special
// case with two letters known and both carries open; no carry out of the
// top column is the carry set {0} above it.
//
// Solve takes the letters column by column from the least
// significant, as they first appear, largest digit first: on the NOIP2004
// points that finds the answer in a few nodes. Counting has to visit the
// whole tree, and there the letter with the fewest digits per column it
// occurs in is the better choice (docs/ablation.md).
//
// The prunings on are read once at setup, as the bits of Prunings' table.
// With one off the search only narrows less; record checks every leaf.
type alphaSearch[C trace.Counts] struct {
	columns
	tick    poll.Ticker // counts the nodes
	p       alphametic.Instance
	all     uint32                  // the n digits
	colsOf  [alphametic.MaxN]uint32 // columns in which each letter occurs
	repeats uint32                  // columns with a letter twice
	letters uint32                  // letters that occur in some word
	perm    bool                    // every letter occurs: each digit is some letter's
	seq     [alphametic.MaxN]int8   // the letters that occur, in the order pick scans them
	nseq    int                     // how many seq holds

	byDegree bool // counting, with fewest-digits: pick letters by digits per column

	limit int   // stop after this many answers (0: never)
	count int   // answers found
	first []int // the first answer

	probe trace.Probe[C] // the cuts, and the tree when traced
	// kLargest is the count of largest-first, trace.Unused when it is
	// off: each branching counts without a test.
	kLargest int
}

// columns is what the revision of a column reads. It is not generic, so
// that the revisions, the hot loop, compile as plain methods: a method of
// a generic type takes a dictionary in a register, and revise's loop
// spills when it has one register less (docs/results.md).
type columns struct {
	n   int
	col [alphametic.MaxN][3]int8 // letters of each column: addend, addend, sum
	on  technique.Bits           // the prunings on, indexed by the constants of Prunings
	// counting: the revisions count the digits they remove. A field, not
	// a parameter, which would take a register from revise's loop.
	counting bool
}

// alphaState is what the search knows at one node. It is small and copied
// into each child, so going back costs nothing.
type alphaState struct {
	dom   [alphametic.MaxN]uint32    // digits each letter can still take
	carry [alphametic.MaxN + 1]uint8 // carries into each column: bit 0 none, bit 1 one
}

// newAlphaSearch sets up a search of p; counting says whether it counts
// every answer (up to limit) or stops at the first.
func newAlphaSearch[C trace.Counts](ctx context.Context, p alphametic.Instance, limit int, counting bool, run search.Run) *alphaSearch[C] {
	n := p.N
	s := &alphaSearch[C]{columns: columns{n: n}, tick: poll.New(ctx), p: p, all: 1<<n - 1, limit: max(limit, 0)}
	byColumn := s.switches(run.Prunings, counting)
	s.probe.Start(run.Sink)
	s.counting = s.probe.Counting()
	for c := range n {
		for w := range 3 {
			l := int8(p.Words[w][n-1-c] - 'A')
			s.col[c][w] = l
			s.colsOf[l] |= 1 << c
			if s.letters&(1<<l) == 0 && byColumn {
				s.seq[s.nseq] = l
				s.nseq++
			}
			s.letters |= 1 << l
		}
		if l := s.col[c]; l[0] == l[1] || l[0] == l[2] || l[1] == l[2] {
			s.repeats |= 1 << c
		}
	}
	// The letters that column-order puts elsewhere than the alphabet
	// would: the i-th letter of seq against the i-th that occurs.
	m := s.letters
	for _, l := range s.seq[:s.nseq] {
		if int8(bits.TrailingZeros32(m)) != l {
			s.probe.Cut(alphaColumnOrder)
		}
		m &= m - 1
	}
	if s.probe.Tracing() && s.nseq > 0 {
		var order []byte
		for _, l := range s.seq[:s.nseq] {
			order = append(order, byte('A'+l))
		}
		s.probe.Why(alphaColumnOrder, "letters by column: "+string(order))
	}
	if !byColumn {
		for m := s.letters; m != 0; m &= m - 1 {
			s.seq[s.nseq] = int8(bits.TrailingZeros32(m))
			s.nseq++
		}
	}
	s.perm = s.letters == s.all
	return s
}

// switches reads the prunings of on into s, once, and reports whether
// column-order is on.
func (s *alphaSearch[C]) switches(on technique.Set, counting bool) bool {
	s.on = on.Bits(Prunings)
	s.byDegree = counting && s.on.Has(alphaFewestDigits)
	s.kLargest = trace.Unused
	if s.on.Has(alphaLargestFirst) {
		s.kLargest = alphaLargestFirst
	}
	return s.on.Has(alphaColumnOrder)
}

// run sets up the root state, every digit possible, no carry into the
// bottom column nor out of the top one, and searches from it.
func (s *alphaSearch[C]) run() {
	var st alphaState
	for l := range s.n {
		st.dom[l] = s.all
	}
	for j := 1; j <= s.n; j++ {
		st.carry[j] = 3
	}
	st.carry[0] = 1
	if s.on.Has(alphaTopNoCarry) {
		st.carry[s.n] = 1
		s.probe.Cut(alphaTopNoCarry)
		if s.probe.Tracing() {
			s.probe.Why(alphaTopNoCarry, "no carry out of the top column")
		}
	}
	if s.tick.Look() && s.propagate(&st, 1<<s.n-1) {
		s.dfs(&st)
	}
}

// dfs counts the answers below st, giving the letter that pick chooses
// each of its digits in turn (largest first with largest-first); it
// returns true when the search must stop.
func (s *alphaSearch[C]) dfs(st *alphaState) bool {
	var l int8
	if s.byDegree {
		l = s.pickFewest(st)
	} else {
		l = s.pick(st)
	}
	if l < 0 {
		return s.record(st)
	}
	s.probe.Cut(s.kLargest)
	if s.probe.Tracing() && s.on.Has(alphaLargestFirst) {
		s.probe.Why(alphaLargestFirst, string(rune('A'+l))+"'s digits largest first")
	}
	for dom := st.dom[l]; dom != 0; {
		var d int
		if s.on.Has(alphaLargestFirst) {
			d = 31 - bits.LeadingZeros32(dom)
		} else {
			d = bits.TrailingZeros32(dom)
		}
		dom &^= 1 << d
		if !s.on.Has(alphaAllDifferent) && s.held(st, l, 1<<d) {
			continue
		}
		if !s.tick.Tick() {
			return true
		}
		child := *st
		child.dom[l] = 1 << d
		dirty := s.colsOf[l]
		if s.probe.Tracing() {
			s.probe.Enter(alphaLabel(l, d))
		}
		stop := s.alldiff(&child, l, &dirty) && s.propagate(&child, dirty) && s.dfs(&child)
		if s.probe.Tracing() {
			s.probe.Leave()
		}
		if stop {
			return true
		}
	}
	return false
}

// alphaLabel returns the decision that letter l takes digit d, as "C=3".
func alphaLabel(l int8, d int) string { return string(rune('A'+l)) + "=" + strconv.Itoa(d) }

// held reports whether a letter other than l has d, a one-digit set, as
// its only digit: without all-different that is how a digit in use is
// refused.
func (s *alphaSearch[C]) held(st *alphaState, l int8, d uint32) bool {
	for m := s.letters &^ (1 << l); m != 0; m &= m - 1 {
		if st.dom[bits.TrailingZeros32(m)] == d {
			return true
		}
	}
	return false
}

// pick returns the first letter in the order of seq whose digit is not
// yet known, or -1 when all are.
func (s *alphaSearch[C]) pick(st *alphaState) int8 {
	for _, l := range s.seq[:s.nseq] {
		if d := st.dom[l]; d&(d-1) != 0 {
			return l
		}
	}
	return -1
}

// pickFewest returns the open letter with the fewest digits per column it
// occurs in, the first of those in the order of seq, or -1 when none is
// open. It counts fewest-digits when that is not the first open letter.
func (s *alphaSearch[C]) pickFewest(st *alphaState) int8 {
	best, pick, first := math.MaxInt, int8(-1), int8(-1)
	for _, l := range s.seq[:s.nseq] {
		d := st.dom[l]
		if d&(d-1) == 0 {
			continue
		}
		if first < 0 {
			first = l
		}
		if score := 64 * bits.OnesCount32(d) / bits.OnesCount32(s.colsOf[l]); score < best {
			best, pick = score, l
		}
	}
	if pick != first {
		s.probe.Cut(alphaFewestDigits)
		if s.probe.Tracing() {
			s.probe.Why(alphaFewestDigits, fmt.Sprintf("%c, %d digits in %d columns, before %c", 'A'+pick,
				bits.OnesCount32(st.dom[pick]), bits.OnesCount32(s.colsOf[pick]), 'A'+first))
		}
	}
	return pick
}

// propagate narrows st until no column in dirty, nor any column that the
// narrowing touches, can narrow it further. It returns false when some
// letter or carry is left with no value: st then has no answer.
func (s *alphaSearch[C]) propagate(st *alphaState, dirty uint32) bool {
	for {
		for dirty != 0 {
			j := bits.TrailingZeros32(dirty)
			dirty &= dirty - 1
			if !s.reviseColumn(st, j, &dirty) {
				return false
			}
		}
		if !s.perm || !s.on.Has(alphaHiddenSingles) {
			return true
		}
		if !s.hiddenSingles(st, &dirty) {
			return false
		}
		if dirty == 0 {
			return true
		}
	}
}

// reviseColumn narrows the letters and carries of column j and marks in
// dirty the columns that see a change.
func (s *alphaSearch[C]) reviseColumn(st *alphaState, j int, dirty *uint32) bool {
	if !s.on.Has(alphaColumnCheck) {
		return true
	}
	c := s.col[j]
	before := [3]uint32{st.dom[c[0]], st.dom[c[1]], st.dom[c[2]]}
	in, out := st.carry[j], st.carry[j+1]
	var ok bool
	var removed int
	if s.repeats&(1<<j) != 0 {
		ok, removed = s.reviseRepeats(st, j)
	} else {
		ok, removed = s.revise(st, j)
	}
	s.probe.CutN(alphaColumnNarrow, removed)
	if !ok {
		s.probe.Cut(alphaColumnCheck)
		if s.probe.Tracing() {
			s.probe.Why(alphaColumnCheck, s.columnText(j)+": no digits left fit it")
		}
		return false
	}
	if s.probe.Tracing() {
		s.narrowed(st, j, before)
	}
	// A carry set that changed lost one of its two values: the empty set
	// failed above.
	if st.carry[j] != in {
		s.probe.Cut(alphaCarryBounds)
		if s.probe.Tracing() {
			s.probe.Why(alphaCarryBounds, fmt.Sprintf("carry into column %d is %d", j+1, st.carry[j]>>1))
		}
		if j > 0 {
			*dirty |= 1 << (j - 1)
		}
	}
	if st.carry[j+1] != out {
		s.probe.Cut(alphaCarryBounds)
		if s.probe.Tracing() {
			s.probe.Why(alphaCarryBounds, fmt.Sprintf("carry out of column %d is %d", j+1, st.carry[j+1]>>1))
		}
		if j+1 < s.n {
			*dirty |= 1 << (j + 1)
		}
	}
	for k, l := range c {
		if st.dom[l] == before[k] {
			continue
		}
		// Column j itself is left consistent: every value it kept has a
		// support whose values it kept too.
		*dirty |= s.colsOf[l] &^ (1 << j)
		if !s.alldiff(st, l, dirty) {
			return false
		}
	}
	return true
}

// alldiff takes the digit of letter l, once it is the only one left,
// from every other letter that occurs, since two letters never share a
// digit; and so on for the letters that this leaves with one digit.
func (s *alphaSearch[C]) alldiff(st *alphaState, l int8, dirty *uint32) bool {
	d := st.dom[l]
	if d&(d-1) != 0 || !s.on.Has(alphaAllDifferent) {
		return true
	}
	for m := s.letters &^ (1 << l); m != 0; m &= m - 1 {
		o := int8(bits.TrailingZeros32(m))
		if st.dom[o]&d == 0 {
			continue
		}
		st.dom[o] &^= d
		s.probe.Cut(alphaAllDifferent)
		if s.probe.Tracing() {
			s.probe.Why(alphaAllDifferent, fmt.Sprintf("%c=%d: %c loses %d", 'A'+l, bits.TrailingZeros32(d), 'A'+o, bits.TrailingZeros32(d)))
		}
		if st.dom[o] == 0 {
			return false
		}
		*dirty |= s.colsOf[o]
		if !s.alldiff(st, o, dirty) {
			return false
		}
	}
	return true
}

// hiddenSingles uses, when every letter occurs, that the letters take all
// n digits: a digit that only one letter can take is that letter's, and a
// digit that none can take means there is no answer.
func (s *alphaSearch[C]) hiddenSingles(st *alphaState, dirty *uint32) bool {
	var once, twice uint32
	for m := s.letters; m != 0; m &= m - 1 {
		d := st.dom[bits.TrailingZeros32(m)]
		twice |= once & d
		once |= d
	}
	if once != s.all {
		s.probe.Cut(alphaHiddenSingles)
		if s.probe.Tracing() {
			s.probe.Why(alphaHiddenSingles, fmt.Sprintf("digit %d fits no letter", bits.TrailingZeros32(s.all&^once)))
		}
		return false
	}
	for h := once &^ twice; h != 0; h &= h - 1 {
		d := h & -h
		for m := s.letters; m != 0; m &= m - 1 {
			l := int8(bits.TrailingZeros32(m))
			if st.dom[l]&d == 0 || st.dom[l] == d {
				continue
			}
			s.probe.CutN(alphaHiddenSingles, bits.OnesCount32(st.dom[l])-1)
			if s.probe.Tracing() {
				s.probe.Why(alphaHiddenSingles, fmt.Sprintf("digit %d fits only %c", bits.TrailingZeros32(d), 'A'+l))
			}
			st.dom[l] = d
			*dirty |= s.colsOf[l]
			if !s.alldiff(st, l, dirty) {
				return false
			}
		}
	}
	return true
}

// revise narrows column j, whose three letters differ, to the values
// that take part in some solution of a + b + in = d + n*out over the
// digits and carries still possible; any other value cannot be part of an
// answer. (This is arc consistency on the column alone; that the three
// letters differ is left to alldiff.) Digit sets are bit masks, so all
// sums a+b come from one shift-or per digit of the smaller addend set.
func (s *columns) revise(st *alphaState, j int) (ok bool, removed int) {
	c := s.col[j]
	da, db, dd := st.dom[c[0]], st.dom[c[1]], st.dom[c[2]]
	sums := sumset(da, db)
	var nd uint32
	var good uint64 // the sums a+b that give a digit d can take
	var in, out uint8
	for ci := range 2 {
		if st.carry[j]&(1<<ci) == 0 {
			continue
		}
		for co := range 2 {
			if st.carry[j+1]&(1<<co) == 0 {
				continue
			}
			// d = a + b + in - n*out must be a digit d can still take.
			shift := uint(s.n * co)
			d := uint32(sums<<ci>>shift) & dd
			if d == 0 {
				continue
			}
			nd |= d
			in |= 1 << ci
			out |= 1 << co
			good |= uint64(d) << shift >> ci
		}
	}
	if nd == 0 {
		return false, 0
	}
	if !s.on.Has(alphaCarryBounds) {
		in, out = st.carry[j], st.carry[j+1]
	}
	if !s.on.Has(alphaColumnNarrow) {
		st.carry[j], st.carry[j+1] = in, out
		return true, 0
	}
	na, nb := da, db
	if sums&^good != 0 {
		// Some pair gives no good sum: keep the addends with a partner
		// that does. Often every pair is good, and this is skipped.
		na, nb = partners(da, db, good), partners(db, da, good)
		if s.counting {
			removed = bits.OnesCount64(uint64(da^na)<<32 | uint64(db^nb))
		}
	}
	if s.counting && nd != dd { // tested, not counted always: most revisions keep d
		removed += bits.OnesCount32(dd ^ nd)
	}
	st.dom[c[0]], st.dom[c[1]], st.dom[c[2]] = na, nb, nd
	st.carry[j], st.carry[j+1] = in, out
	return true, removed
}

// columnText names column j, from the right, with its letters: "column
// 2 (E+R=Y)".
func (s *alphaSearch[C]) columnText(j int) string {
	c := s.col[j]
	return fmt.Sprintf("column %d (%c+%c=%c)", j+1, 'A'+c[0], 'A'+c[1], 'A'+c[2])
}

// narrowed says, when traced, what column-narrow took from the letters
// of column j, whose domains were before: "column 2 (E+R=Y): E loses 3 5".
func (s *alphaSearch[C]) narrowed(st *alphaState, j int, before [3]uint32) {
	var b strings.Builder
	for k, l := range s.col[j] {
		if k > 0 && (l == s.col[j][0] || k == 2 && l == s.col[j][1]) {
			continue // a letter twice is told once
		}
		lost := before[k] &^ st.dom[l]
		if lost == 0 {
			continue
		}
		fmt.Fprintf(&b, ", %c loses", 'A'+l)
		for ; lost != 0; lost &= lost - 1 {
			fmt.Fprintf(&b, " %d", bits.TrailingZeros32(lost))
		}
	}
	if b.Len() > 0 {
		s.probe.Why(alphaColumnNarrow, s.columnText(j)+":"+b.String()[1:])
	}
}

// sumset returns the set of x+y for x in a and y in b.
func sumset(a, b uint32) uint64 {
	if bits.OnesCount32(a) > bits.OnesCount32(b) {
		a, b = b, a
	}
	var r uint64
	for ; a != 0; a &= a - 1 {
		r |= uint64(b) << bits.TrailingZeros32(a)
	}
	return r
}

// partners returns the x in a for which some y in b makes x+y a member of t.
func partners(a, b uint32, t uint64) uint32 {
	var r uint32
	if bits.OnesCount32(a) <= bits.OnesCount32(b) {
		for m := a; m != 0; m &= m - 1 {
			x := bits.TrailingZeros32(m)
			if uint64(b)<<x&t != 0 {
				r |= 1 << x
			}
		}
		return r
	}
	var u uint64 // x such that x+y is in t for some y in b
	for m := b; m != 0; m &= m - 1 {
		u |= t >> bits.TrailingZeros32(m)
	}
	return uint32(u) & a
}

// reviseRepeats narrows column j, in which some letter occurs twice, to
// the values of the pairs of addend digits that fit it, as revise does.
// A letter twice leaves few pairs: with a = d, a + b + in = a + n*out
// leaves b = 0 (no carries) or b = n-1 (both carry), and likewise for b = d.
func (s *columns) reviseRepeats(st *alphaState, j int) (ok bool, removed int) {
	c := s.col[j]
	ma, mb := st.dom[c[0]], st.dom[c[1]]
	if c[0] == c[2] {
		mb &= 1 | 1<<(s.n-1)
	}
	if c[1] == c[2] {
		ma &= 1 | 1<<(s.n-1)
	}
	var nv [3]uint32
	var in, out uint8
	for ci := range 2 {
		if st.carry[j]&(1<<ci) == 0 {
			continue
		}
		for ra := ma; ra != 0; ra &= ra - 1 {
			a := bits.TrailingZeros32(ra)
			rb := mb
			if c[0] == c[1] {
				rb &= 1 << a
			}
			for ; rb != 0; rb &= rb - 1 {
				b := bits.TrailingZeros32(rb)
				x := a + b + ci
				co, d := x/s.n, x%s.n
				if st.carry[j+1]&(1<<co) == 0 || st.dom[c[2]]&(1<<d) == 0 || !sameAgree(c, [3]int{a, b, d}) {
					continue
				}
				nv[0], nv[1], nv[2] = nv[0]|1<<a, nv[1]|1<<b, nv[2]|1<<d
				in, out = in|1<<ci, out|1<<co
			}
		}
	}
	if in == 0 {
		return false, 0
	}
	if s.on.Has(alphaColumnNarrow) {
		for k, l := range c {
			// A letter twice keeps what both places allow, and its
			// digits removed count once.
			old := st.dom[l]
			st.dom[l] &= nv[k]
			if s.counting {
				removed += bits.OnesCount32(old ^ st.dom[l])
			}
		}
	}
	if s.on.Has(alphaCarryBounds) {
		st.carry[j], st.carry[j+1] = in, out
	}
	return true, removed
}

// sameAgree reports whether the digits v of a column with letters c give
// equal digits to equal letters.
func sameAgree(c [3]int8, v [3]int) bool {
	return (c[0] != c[1] || v[0] == v[1]) && (c[0] != c[2] || v[0] == v[2]) && (c[1] != c[2] || v[1] == v[2])
}

// record counts the answers that st, where every letter that occurs has
// one digit left, stands for; keeps the first; and reports whether to
// stop. The letters that occur in no word take the k digits left over in
// any of k! orders.
func (s *alphaSearch[C]) record(st *alphaState) bool {
	digits := make([]int, s.n)
	free := s.all
	for m := s.letters; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		digits[l] = bits.TrailingZeros32(st.dom[l])
		free &^= st.dom[l]
	}
	k := bits.OnesCount32(free)
	for l := range s.n {
		if s.letters&(1<<l) == 0 {
			digits[l] = bits.TrailingZeros32(free)
			free &= free - 1
		}
	}
	// With the default prunings, propagation has revised every column
	// since its last change, so this holds; with some off, this is
	// where a column, a carry out of the top or a digit used twice is
	// caught. The check is cheap and keeps a wrong cut from counting.
	if s.p.Verify(alphametic.Answer{Digits: digits}) != nil {
		return false
	}
	if s.count == 0 {
		s.first = digits
		s.probe.Found()
	}
	s.count = min(s.count, math.MaxInt-factorial(k)) + factorial(k)
	return s.limit > 0 && s.count >= s.limit
}

// factorial returns k!, or math.MaxInt when that does not fit.
func factorial(k int) int {
	f := 1
	for i := 2; i <= k; i++ {
		if f > math.MaxInt/i {
			return math.MaxInt
		}
		f *= i
	}
	return f
}
