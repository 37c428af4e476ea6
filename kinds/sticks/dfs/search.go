package dfs

import (
	"context"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Solve returns the smallest stick length into which the pieces of p can
// all be joined, with the pieces of each stick as a certificate. It returns
// ctx.Err() when ctx is done first, and puzzle.ErrNoSolution when p has no
// pieces or is outside what the search takes: pieces in 1..2^30 and at most
// 2^20 of them (ParseSticks gives far less).
//
// Candidate lengths are the divisors of the total from the longest piece
// upward; a length above half the total can only be the total itself, which
// always fits. Each candidate below that is decided by a search, with
// the prunings of Prunings that run switches.
func Solve(ctx context.Context, p sticks.Instance, run search.Run) (sticks.Answer, search.Stats, error) {
	if run.Counting() {
		return solve[trace.Counted](ctx, p, run)
	}
	return solve[trace.Uncounted](ctx, p, run)
}

// solve is Solve with the search counting into a trace.Probe[C].
func solve[C trace.Counts](ctx context.Context, p sticks.Instance, run search.Run) (sticks.Answer, search.Stats, error) {
	var st search.Stats
	var s sticksSearch[C]
	s.on = run.Prunings.Bits(Prunings)
	s.probe.Start(run.Sink)
	if !s.init(ctx, p.Pieces, run.Memory) {
		return sticks.Answer{}, st, puzzle.ErrNoSolution
	}
	a, err := s.lengths(p.Pieces, &st)
	st.Cuts = s.probe.Counts(sticksPrunings)
	return a, st, err
}

// lengths decides the candidate lengths in turn and returns the answer:
// the shortest that fits. Shortest first, the first that fits is it;
// longest first, every candidate is decided and the last that fits kept.
// The whole, one stick of every piece, always fits and needs no search.
func (s *sticksSearch[C]) lengths(pieces []int, st *search.Stats) (sticks.Answer, error) {
	var best *sticks.Answer
	for l := range s.candidates() {
		if s.probe.Tracing() {
			s.probe.Level(fmt.Sprintf("L=%d", l))
		}
		ok, err := s.solve(l)
		if s.probe.Tracing() {
			s.probe.Leave()
		}
		st.Nodes += s.nodes
		if err != nil {
			return sticks.Answer{}, err
		}
		switch {
		case ok && s.on.Has(sticksShortestFirst):
			if n := s.undecided(l); n > 0 {
				s.probe.CutN(sticksShortestFirst, n)
				if s.probe.Tracing() {
					s.probe.Why(sticksShortestFirst, fmt.Sprintf("%s left undecided: L=%d, shorter, fits", trace.Plural(n, "longer length", "longer lengths"), l))
				}
			}
			return s.answer(), nil
		case ok:
			a := s.answer()
			a.Sticks = cloneSticks(a.Sticks) // the next search writes over path
			best = &a
		}
	}
	if best != nil {
		return *best, nil
	}
	s.probe.Found()
	return s.whole(pieces), nil
}

// candidates yields the lengths to decide, below the total, in the order
// of shortest-first, and counts the lengths that divisors and gcd-lengths
// leave out. Every stick is a sum of pieces, so its length is a multiple
// of their gcd; with divisors it divides the total, so that it is the
// total over a number of sticks d, and a length above half the total is
// the total itself.
func (s *sticksSearch[C]) candidates() iter.Seq[int] {
	g := 1
	if s.on.Has(sticksGcd) {
		g = s.gcd()
	}
	return func(yield func(int) bool) {
		if !s.on.Has(sticksDivisors) {
			for l := range s.range_(s.longest, s.sum-1) {
				if l%g != 0 {
					s.probe.Cut(sticksGcd)
					if s.probe.Tracing() {
						s.probe.Why(sticksGcd, fmt.Sprintf("L=%d: not a multiple of %d, the pieces' gcd", l, g))
					}
				} else if !yield(l) {
					return
				}
			}
			return
		}
		most := s.sum / s.longest
		d, step := most, -1
		if !s.on.Has(sticksShortestFirst) {
			d, step = 2, 1
		}
		prev := s.longest - 1 // the last length passed, shortest first
		if !s.on.Has(sticksShortestFirst) {
			prev = s.sum
		}
		for ; d >= 2 && d <= most; d += step {
			if s.sum%d != 0 {
				continue
			}
			l := s.sum / d
			// The lengths between the last divisor and this one are
			// not divisors of the total.
			s.notDivisors(min(l, prev)+1, max(l, prev)-1, g)
			prev = l
			if l%g != 0 {
				s.probe.Cut(sticksGcd)
				if s.probe.Tracing() {
					s.probe.Why(sticksGcd, fmt.Sprintf("L=%d: not a multiple of %d, the pieces' gcd", l, g))
				}
			} else if !yield(l) {
				return
			}
		}
		if s.on.Has(sticksShortestFirst) {
			s.notDivisors(prev+1, s.sum-1, g)
		} else {
			s.notDivisors(s.longest, prev-1, g)
		}
	}
}

// notDivisors counts the lengths lo..hi, none a divisor of the total,
// that divisors leaves out and gcd-lengths would let through: the
// multiples of g.
func (s *sticksSearch[C]) notDivisors(lo, hi, g int) {
	if !s.probe.Counting() {
		return
	}
	n := 0
	if lo <= hi {
		n = hi/g - (lo-1)/g
	}
	if n == 0 {
		return
	}
	s.probe.CutN(sticksDivisors, n)
	if s.probe.Tracing() {
		if lo == hi {
			s.probe.Why(sticksDivisors, fmt.Sprintf("L=%d: %d is not a multiple of %d", lo, s.sum, lo))
		} else {
			s.probe.Why(sticksDivisors, fmt.Sprintf("L=%d..%d: %d is a multiple of none (%s)", lo, hi, s.sum, trace.Plural(n, "length", "lengths")))
		}
	}
}

// range_ yields lo..hi, upwards in the order of shortest-first, else
// downwards.
func (s *sticksSearch[C]) range_(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if s.on.Has(sticksShortestFirst) {
			for l := lo; l <= hi && yield(l); l++ {
			}
			return
		}
		for l := hi; l >= lo && yield(l); l-- {
		}
	}
}

// undecided returns the number of candidate lengths above l, below the
// total, that shortest-first leaves undecided once l fits.
func (s *sticksSearch[C]) undecided(l int) int {
	if !s.probe.Counting() {
		return 0 // only a count reads it
	}
	g := 1
	if s.on.Has(sticksGcd) {
		g = s.gcd()
	}
	n := 0
	if !s.on.Has(sticksDivisors) {
		for m := l + 1; m < s.sum; m++ {
			if m%g == 0 {
				n++
			}
		}
		return n
	}
	for d := s.sum/l - 1; d >= 2; d-- {
		if s.sum%d == 0 && s.sum/d%g == 0 {
			n++
		}
	}
	return n
}

// cloneSticks returns a copy of sticks that shares nothing with it.
func cloneSticks(sticks [][]int) [][]int {
	out := make([][]int, len(sticks))
	for i, st := range sticks {
		out[i] = slices.Clone(st)
	}
	return out
}

// The prunings of Sticks, indexed as in SticksPrunings and in its cut
// counts; the chapter's cuts first, in its order.
const (
	sticksDivisors = iota
	sticksGcd
	sticksShortestFirst
	sticksLongestFirst
	sticksIndexOrder
	sticksEqualSkip
	sticksFirstPiece
	sticksLastPiece
	sticksSmallGap
	sticksMemoCut
	sticksPieceCount
	sticksCopiesFit
	sticksReach
	sticksPrunings // the number of prunings
)

// Prunings returns the prunings of Sticks, every one on by default.
// Most of them act in the full mode only (see sticksSearch[C]): the cheap
// first pass at each length has the classic cuts alone.
//
// A node is a choice of pieces for a stick: c pieces of one length, or
// the single piece that closes a gap below twice the shortest. A count
// is what the pruning alone keeps the search from trying: lengths of
// stick (divisors, gcd-lengths; shortest-first, an order, those it
// leaves undecided); choices of pieces a check refuses that the other
// checks would let through (small-gap, reachable-sums, last-piece's
// c-1 pieces); the lengths a gap would go on to when a rule ends its fill
// (first-piece, last-piece's single piece, reachable-sums) or keeps them
// out of it (index-order; small-gap's shorter lengths beside the piece it
// looks up); for equal-skip, the pieces of a length that failed which,
// each alone, would be tried again, and those taken with the first in
// one decision that succeeds; and states refused or cut (memo,
// piece-count, copies-fit). longest-first, an order, counts the gaps in
// which it chose among two lengths or more.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		sticksDivisors: {Name: "divisors", Category: technique.Feasibility, Chapter: "1", Counts: "lengths skipped that gcd-lengths lets through",
			Doc: "only lengths that divide the total are searched, so a length above half the total is the total (off: every length from the longest piece up)"},
		sticksGcd: {Name: "gcd-lengths", Category: technique.Feasibility, Counts: "lengths skipped",
			Doc: "only lengths that are multiples of the pieces' gcd are searched"},
		sticksShortestFirst: {Name: "shortest-first", Category: technique.Order, Chapter: "named", Counts: "lengths left undecided",
			Doc: "candidate lengths are decided shortest first, so the first that fits is the answer (off: longest first, every one decided)"},
		sticksLongestFirst: {Name: "longest-first", Category: technique.Order, Chapter: "2", Counts: "gaps with two lengths or more, ordered",
			Doc: "pieces are tried longest first, and each stick starts with the longest piece left (off: shortest first)"},
		sticksIndexOrder: {Name: "index-order", Category: technique.Redundancy, Chapter: "3.1", Counts: "lengths kept out of a gap",
			Doc: "a stick takes its pieces in the sort order, after the last one taken, so that each set of pieces comes up once (off: in any order)"},
		sticksEqualSkip: {Name: "equal-skip", Category: technique.Redundancy, Chapter: "3.2", Counts: "pieces not decided alone",
			Doc: "equal pieces are one length with a count, so a set of pieces for a stick is tried once (off: each piece alone)"},
		sticksFirstPiece: {Name: "first-piece", Category: technique.Redundancy, Chapter: "3.3", Counts: "lengths left untried",
			Doc: "when no way of filling a stick with its first piece works, the state fails"},
		sticksLastPiece: {Name: "last-piece", Category: technique.Redundancy, Chapter: "3.4", Counts: "choices and lengths left untried",
			Doc: "when pieces closing a stick fail, fewer of that length fail too, and a single closing piece fails every other way to fill its gap"},
		sticksSmallGap: {Name: "small-gap", Category: technique.Feasibility, Counts: "choices refused, lengths untried",
			Doc: "a gap below the shortest piece is cut, one below twice the shortest takes a single piece, looked up by length"},
		sticksMemoCut: {Name: "memo", Category: technique.Memo, Counts: "states refused",
			Doc: "full mode: a set of pieces left that failed at a stick boundary is not searched again"},
		sticksPieceCount: {Name: "piece-count", Category: technique.Feasibility, Counts: "states cut",
			Doc: "full mode, narrow lengths: the pieces left must lie between m·(fewest a stick holds) and m·(most) for m sticks"},
		sticksCopiesFit: {Name: "copies-fit", Category: technique.Feasibility, Counts: "states cut",
			Doc: "full mode: the most copies of one length must fit the sticks left, each holding as many as the other pieces allow"},
		sticksReach: {Name: "reachable-sums", Category: technique.Feasibility, Counts: "choices refused, lengths untried",
			Needs: []string{"index-order"},
			Doc:   "full mode: a stick's gap must be a sum of the pieces still to choose from, by bitsets of sums per stick"},
	}
}

// Tuning constants of the sticks search.
const (
	// sticksReachWords bounds the words of reachability bitsets held at
	// once; past it (huge lengths) the search runs without them.
	sticksReachWords = 1 << 22
	// sticksCheapNodes is the node budget of the cheap first pass at each
	// length, without memo, bound or bitsets: most blocks need far fewer
	// nodes than the bookkeeping would cost, and a harder one wastes at
	// most this many before the full search starts.
	sticksCheapNodes = 600
	// sticksMaxPiece and sticksMaxPieces keep every sum inside an int.
	sticksMaxPiece  = 1 << 30
	sticksMaxPieces = 1 << 20
	// sticksMemoBytes bounds the memo of one search: 24 MiB hold a
	// million states of a block of up to 64 distinct lengths, far more
	// than any judge block needs (19,219 for the hardest generated ones).
	// With the bitsets, a search takes at most 56 MiB; search.Run's
	// Memory bounds both by less, in this proportion.
	sticksMemoBytes = 24 << 20
	// sticksSmall bounds the lengths grouped with a bit mask (one word)
	// rather than by sorting, and looked up in that mask (atMost).
	sticksSmall = 64
)

// sticksSearch decides whether the pieces fit sticks of one length l. It
// fills one stick at a time, each starting with the longest piece left, and
// takes pieces in order of length, deciding at once how many of each length
// go in. Equal pieces are grouped, so a state is the count left of each
// distinct length; a node (Stats.Nodes) is one decision: c pieces of one
// length put into the stick, or the single piece looked up to close it.
//
// Each length is first tried by a cheap pass with only the classic cuts
// (in fill). Past sticksCheapNodes nodes it restarts in full mode, which
// adds, at each stick boundary, a memo of the sets of pieces left that
// failed, two bounds (piecesFit, copiesFit), and per stick bitsets of the
// sums the pieces left can make (setReach), which stop a stick from being
// filled in a way that cannot be completed.
//
// The search allocates once per block (path, vals and cnt share one
// buffer) plus the certificate's slice of sticks; a search puts back every
// count it takes, so nothing is copied between lengths.
type sticksSearch[C trace.Counts] struct {
	ctx  context.Context
	vals []int // distinct piece lengths, longest first (shortest first without longest-first)
	cnt  []int // pieces left of each length, indexed like vals; every
	// search puts back what it takes, so between searches cnt holds the
	// pieces of the block
	sum      int // total length of the pieces
	shortest int // the shortest piece
	longest  int // the longest piece
	// narrow is set when the longest piece is less than three times the
	// shortest: only then do counts of pieces bound sticks usefully
	// (piecesFit); on wide ranges the bound costs more than it saves.
	narrow  bool
	first   int    // index of the first piece of the stick being filled
	present uint64 // bit v set: some piece has length v < sticksSmall
	long    int    // the number of lengths sticksSmall or more
	// small is sticksSmall when present and long locate the lengths up
	// to r < small (atMost), 0 without equal-skip (lengths repeat).
	small int

	l     int      // the stick length being tried
	words int      // words of one bitset of sums 0..l, 0 when bitsets are off
	reach []uint64 // two scratch bitsets for copiesFit, then per stick
	// depth len(vals)+1 bitsets R[j] (see setReach)
	memo sticksMemo
	// memoBytes and reachWords bound the memo and the bitsets: the
	// defaults, or a share of search.Run's Memory
	memoBytes, reachWords int

	path   []int   // after a success, the pieces stick after stick
	pos    int     // s.path[pos:] is written
	sticks [][]int // after a success, the pieces of each stick (in path)
	end    int     // s.path[end:] holds the sticks written so far
	nodes  int64   // nodes of this length up to the last call of check
	tick   int     // check runs when a node takes tick below 0
	period int     // the value tick had after the last check
	err    error
	full   bool // full mode: memo, bound and bitsets on
	over   bool // the cheap mode ran out of nodes
	stop   bool // the search must stop: s.err is set or s.over
	bits   bool // the bitsets of setReach are on in this run

	// The gaps that fill settles at once: below short none is filled,
	// below twice one piece is looked up. Both are 0 without small-gap.
	short, twice int
	// The prunings on, indexed by the constants of Prunings.
	on technique.Bits

	probe    trace.Probe[C] // the cuts, and the tree when traced
	anyOrder bool           // not (longest-first and index-order): a single piece is looked up by exact
	// nz has bit k set when cnt[k] > 0, kept by take; masked says the
	// block has at most 64 lengths, so that nz holds them all and live
	// counts by it.
	nz     uint64
	masked bool
}

// init prepares s for the pieces; it reports false when they are outside
// what the search takes.
func (s *sticksSearch[C]) init(ctx context.Context, pieces []int, memory int) bool {
	n := len(pieces)
	if n == 0 || n > sticksMaxPieces {
		return false
	}
	// One pass checks the pieces, sums them and, for the usual short
	// pieces, counts each length and marks it in a bit mask.
	var count [sticksSmall]int32
	var present uint64
	sum, longest := 0, 0
	for _, v := range pieces {
		if uint(v-1) >= sticksMaxPiece {
			return false
		}
		sum += v
		longest = max(longest, v)
		count[uint(v)%sticksSmall]++
		present |= 1 << (uint(v) % sticksSmall)
	}
	s.ctx, s.sum = ctx, sum
	s.memoBytes, s.reachWords = sticksMemoBytes, sticksReachWords
	if m := memory; m > 0 {
		// The memo's share of the default, and the bitsets' (8 bytes a word).
		share := float64(m) / float64(sticksMemoBytes+8*sticksReachWords)
		s.memoBytes = min(s.memoBytes, int(share*sticksMemoBytes))
		s.reachWords = min(s.reachWords, int(share*sticksReachWords))
	}
	if longest >= sticksSmall || !s.on.Has(sticksEqualSkip) || !s.on.Has(sticksLongestFirst) {
		s.groupSorted(pieces)
		present = 0
		for _, v := range s.vals[s.long:] {
			present |= 1 << v
		}
	} else {
		// The mask gives the lengths longest first, without sorting.
		s.alloc(n, bits.OnesCount64(present))
		m, vals, cnt := present, s.vals, s.cnt[:len(s.vals)]
		for j := range vals {
			v := 63 - bits.LeadingZeros64(m)
			m &^= 1 << v
			vals[j], cnt[j] = v, int(count[v])
		}
	}
	s.shortest, s.longest = slices.Min(s.vals), longest
	s.anyOrder = !s.on.Has(sticksLongestFirst) || !s.on.Has(sticksIndexOrder)
	s.narrow = 3*s.shortest > s.longest && s.on.Has(sticksPieceCount)
	s.present = present
	if s.on.Has(sticksEqualSkip) && s.on.Has(sticksLongestFirst) {
		s.small = sticksSmall
	}
	if s.on.Has(sticksSmallGap) {
		s.short, s.twice = s.shortest, 2*s.shortest
	}
	return true
}

// groupSorted groups the pieces by sorting them, longest first or, without
// longest-first, shortest first; without equal-skip each piece is a
// length of its own, and s.long covers them all, so that atMost searches
// rather than counts lengths in present.
func (s *sticksSearch[C]) groupSorted(pieces []int) {
	sorted := slices.Clone(pieces)
	if s.on.Has(sticksLongestFirst) {
		slices.SortFunc(sorted, func(a, b int) int { return b - a }) // no overflow in 1..2^30
	} else {
		slices.Sort(sorted)
	}
	if !s.on.Has(sticksEqualSkip) {
		s.alloc(len(sorted), len(sorted))
		copy(s.vals, sorted)
		for j := range s.cnt[:len(sorted)] {
			s.cnt[j] = 1
		}
		s.long = len(sorted)
		return
	}
	d := 1
	for i := 1; i < len(sorted); i++ {
		if sorted[i] != sorted[i-1] {
			d++
		}
	}
	s.alloc(len(pieces), d)
	s.long = d
	j := -1
	for i, v := range sorted {
		if i == 0 || v != sorted[i-1] {
			j++
			s.vals[j] = v
			if v < sticksSmall && s.on.Has(sticksLongestFirst) {
				s.long = min(s.long, j)
			}
		}
		s.cnt[j]++
	}
}

// gcd returns the greatest common divisor of the piece lengths.
func (s *sticksSearch[C]) gcd() int {
	if s.present&(s.present>>1) != 0 {
		return 1 // two lengths in a row, the usual case
	}
	g := 0
	for _, v := range s.vals {
		for v != 0 {
			g, v = v, g%v
		}
		if g == 1 {
			break
		}
	}
	return g
}

// alloc makes room for n pieces of d distinct lengths, in one allocation.
func (s *sticksSearch[C]) alloc(n, d int) {
	buf := make([]int, n+2*d)
	s.path, s.vals, s.cnt = buf[:n:n], buf[n:n+d:n+d], buf[n+d:]
}

// whole returns the answer of one stick holding every piece.
func (s *sticksSearch[C]) whole(pieces []int) sticks.Answer {
	copy(s.path, pieces)
	return sticks.Answer{Length: s.sum, Sticks: [][]int{s.path}}
}

// solve reports whether the pieces fit sticks of length l; err is ctx.Err()
// when the search was stopped.
func (s *sticksSearch[C]) solve(l int) (bool, error) {
	s.l = l
	if ok := s.run(false); !s.over {
		return ok, s.err
	}
	cheap := s.nodes
	ok := s.run(true)
	s.nodes += cheap
	return ok, s.err
}

// run searches once, in full mode or in the cheap mode that gives up after
// sticksCheapNodes nodes (reported by s.over).
func (s *sticksSearch[C]) run(full bool) bool {
	if s.probe.Tracing() {
		mode := fmt.Sprintf("cheap pass (%d nodes at most)", sticksCheapNodes)
		if full {
			mode = "full search"
		}
		s.probe.Level(mode)
		defer s.probe.Leave()
	}
	s.full, s.over, s.stop = full, false, false
	s.nodes, s.tick, s.period = 0, 0, 0 // look at ctx on the first node
	s.pos = len(s.path)
	s.words = 0
	if full {
		if s.memo.word == nil {
			bytes := s.memoBytes
			if !s.on.Has(sticksMemoCut) {
				bytes = 0
			}
			s.memo.setup(s.cnt, bytes, s.probe.Tracing()) // between searches cnt holds the block
		}
		s.memo.reset()
		if s.l/64 < s.reachWords && (s.on.Has(sticksReach) || s.on.Has(sticksCopiesFit)) {
			s.words = s.l/64 + 1
		}
		if s.words*((len(s.vals)+1)*(s.sum/s.l)+2) > s.reachWords {
			s.words = 0
		}
	}
	s.bits = s.words != 0 && s.on.Has(sticksReach)
	s.masked, s.nz = len(s.vals) <= 64, 0
	for k, c := range s.cnt[:len(s.vals)] {
		s.take(k, c)
	}
	ok := s.stick(0, 0) && !s.stop
	s.nodes += int64(s.period - s.tick)
	return ok
}

// answer returns the solution found by the last successful solve.
func (s *sticksSearch[C]) answer() sticks.Answer {
	return sticks.Answer{Length: s.l, Sticks: s.sticks}
}

// stick fills the stick at depth (sticks already full) and all after it;
// no piece before index f is left.
func (s *sticksSearch[C]) stick(depth, f int) bool {
	left := s.sum - depth*s.l
	if left == 0 {
		// Success: the pieces are written into path as the search
		// unwinds, last stick first.
		s.sticks, s.end = make([][]int, depth), len(s.path)
		s.probe.Found()
		return true
	}
	for cnt := s.cnt; cnt[f] == 0; {
		f++
	}
	if s.full {
		// The rest of the search depends only on the pieces left, so a
		// set of pieces left that failed once fails again, whatever
		// sticks led here.
		if k := s.memo.lookup(s.cnt, f); k >= 0 {
			s.probe.Cut(sticksMemoCut)
			if s.probe.Tracing() {
				s.probe.WhyRef(sticksMemoCut, "state seen before: "+s.state(f, left), s.memo.ref(k))
			}
			return false
		}
		if s.narrow && !s.piecesFit(f, left/s.l) {
			s.probe.Cut(sticksPieceCount)
			if s.probe.Tracing() {
				s.probe.Why(sticksPieceCount, s.state(f, left)+": too many or too few pieces for the sticks")
			}
			s.memo.add(s.cnt, f, s.probe.Current())
			return false
		}
		if j := s.mostCopies(f); s.on.Has(sticksCopiesFit) && !s.copiesFit(j, left/s.l) {
			s.probe.Cut(sticksCopiesFit)
			if s.probe.Tracing() {
				s.probe.Why(sticksCopiesFit, fmt.Sprintf("%d pieces of length %d do not fit %s", s.cnt[j], s.vals[j], trace.Plural(left/s.l, "stick", "sticks")))
			}
			s.memo.add(s.cnt, f, s.probe.Current())
			return false
		}
		s.setReach(depth, f)
	}
	outer := s.first
	s.first = f
	ok := s.fill(depth, f, s.l, s.on.Has(sticksFirstPiece))
	s.first = outer
	if ok {
		s.sticks[depth] = s.path[s.pos:s.end:s.end]
		s.end = s.pos
		return true
	}
	if s.full && !s.stop {
		s.memo.add(s.cnt, f, s.probe.Current())
	}
	return false
}

// state says what the pieces left from index f on are, for a trace:
// "3 sticks, pieces 5 5 2 1".
func (s *sticksSearch[C]) state(f, left int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, pieces", trace.Plural(left/s.l, "stick", "sticks"))
	shown := 0
	for j := f; j < len(s.vals); j++ {
		for range s.cnt[j] {
			if shown == 8 {
				b.WriteString(" …")
				return b.String()
			}
			fmt.Fprintf(&b, " %d", s.vals[j])
			shown++
		}
	}
	return b.String()
}

// node counts a decision of the search and reports whether it may go on:
// now and then it looks at ctx, and at the node budget of the cheap pass
// (check).
func (s *sticksSearch[C]) node() bool {
	s.tick--
	return s.tick >= 0 || !s.check()
}

// fill completes the current stick, r still missing, with pieces of index
// j or later, then fills the sticks after it. With first set the stick is
// empty, vals[j] is the first piece left, and the first-piece rule
// applies. Taking pieces in index order (index-order) and choosing at
// once how many of each length (equal-skip) makes each set of pieces for
// a stick come up once, in the sort order; so does the classic rule
// "after a piece fails skip the others of its length". On success the
// pieces are written to s.path from the end back, so that they end up in
// the order taken.
//
// Its decisions, the search's nodes, are the choices of c pieces of one
// length for the stick, and of the single piece that closes a gap below
// twice the shortest (small-gap). Each cut counts what it alone removes,
// as SticksPrunings says.
func (s *sticksSearch[C]) fill(depth, j, r int, first bool) bool {
	vals, cnt := s.vals, s.cnt[:len(s.vals)]
	if j < len(vals) && vals[j] > r {
		// Longest first, the lengths that fit come next; shortest first,
		// none does, and atMost's search ends at the end.
		j = s.atMost(j, r)
	}
	if s.on.Has(sticksLongestFirst) {
		s.ordered(j, r)
	}
	short, twice, bits := s.short, s.twice, s.bits
	for ; j < len(vals); j++ {
		v, n := vals[j], cnt[j]
		if n == 0 {
			continue
		}
		c := n
		if c*v > r {
			c = r / v // 0 when v is too long, shortest first
		}
		one := false // the choice of one piece v was made
		for ; c >= 1; c-- {
			rest := r - c*v
			var ok bool
			switch {
			case rest == 0:
				if !s.node() {
					return false
				}
				one = one || c == 1
				s.take(j, n-c)
				if s.probe.Tracing() {
					ok = s.down(depth, c, v, 0, r == s.l, func() bool { return s.stick(depth+1, s.first) })
				} else {
					ok = s.stick(depth+1, s.first)
				}
			case rest < short:
				s.gapCut(depth, j, rest, "below the shortest piece")
				continue // no piece is that short
			case rest < twice:
				// A single piece must make up rest: two are too long.
				// Any piece of length rest that may follow j will do.
				s.take(j, n-c)
				k := s.closer(j, rest)
				if k < 0 {
					s.noCloser(depth, j, rest)
					s.take(j, n)
					continue
				}
				if !s.node() || !s.node() {
					s.take(j, n)
					return false
				}
				one = one || c == 1
				s.shorter(j, rest)
				s.take(k, cnt[k]-1)
				if s.probe.Tracing() {
					ok = s.down(depth, c, v, rest, r == s.l, func() bool { return s.stick(depth+1, s.first) })
				} else {
					ok = s.stick(depth+1, s.first)
				}
				s.take(k, cnt[k]+1)
				if ok {
					s.pos--
					s.path[s.pos] = rest
				}
			case bits && !s.reachable(depth, j+1, rest):
				s.probe.Cut(sticksReach)
				if s.probe.Tracing() {
					s.probe.Why(sticksReach, fmt.Sprintf("%s: gap %d is no sum of the pieces after %d", s.choiceText(c, v), rest, v))
				}
				continue // no pieces left after j make up rest
			default:
				if !s.node() {
					return false
				}
				one = one || c == 1
				s.take(j, n-c)
				next := j + 1 // where the pieces after these come from
				if !s.on.Has(sticksIndexOrder) {
					next = s.first
				} else {
					s.inOrder(j, rest)
				}
				if s.probe.Tracing() {
					ok = s.down(depth, c, v, -rest, r == s.l, func() bool { return s.fill(depth, next, rest, false) })
				} else {
					ok = s.fill(depth, next, rest, false)
				}
			}
			s.take(j, n)
			if ok {
				if c > 1 && s.on.Has(sticksEqualSkip) {
					s.probe.CutN(sticksEqualSkip, c-1)
					if s.probe.Tracing() {
						s.probe.Why(sticksEqualSkip, fmt.Sprintf("%d pieces of length %d in one decision", c, v))
					}
				}
				p := s.path[s.pos-c : s.pos]
				for i := range p {
					p[i] = v
				}
				s.pos -= c
				return true
			}
			if s.stop {
				return false
			}
			if rest == 0 && s.on.Has(sticksLastPiece) {
				// c pieces of length v closed the stick and failed. With
				// one fewer, other pieces S would fill the last v; in any
				// packing of what is then left, a piece v outside the
				// stick could trade places with S, giving a packing after
				// the stick that failed. So c-1 pieces v fail too.
				if c == 1 {
					s.lastCut(j, r, sticksLastPiece)
					return false
				}
				if s.probe.Counting() && s.tries(depth, j, v) {
					s.probe.Cut(sticksLastPiece)
					if s.probe.Tracing() {
						s.probe.Why(sticksLastPiece, fmt.Sprintf("%s closed the stick and failed: so does %s", s.choiceText(c, v), s.choiceText(c-1, v)))
					}
				}
				c--
			}
		}
		// The first piece left must lie in some stick, and the empty
		// sticks are alike: if no stick holding it works here, none does.
		if first {
			s.lastCut(j, r, sticksFirstPiece)
			return false
		}
		if n > 1 && one && s.on.Has(sticksEqualSkip) {
			s.probe.CutN(sticksEqualSkip, n-1)
			if s.probe.Tracing() {
				s.probe.Why(sticksEqualSkip, fmt.Sprintf("%s of length %d, like the one that failed", trace.Plural(n-1, "more piece", "more pieces"), v))
			}
		}
		if bits && !s.reachable(depth, j+1, r) {
			if m := s.lengthsAfter(j, r); m > 0 {
				s.probe.CutN(sticksReach, m)
				if s.probe.Tracing() {
					s.probe.Why(sticksReach, fmt.Sprintf("gap %d is no sum of the pieces after %d: %s untried", r, v, trace.Plural(m, "length", "lengths")))
				}
			}
			return false // later lengths cannot make up r
		}
	}
	return false
}

// take sets the pieces left of index k to m, and its bit in nz.
func (s *sticksSearch[C]) take(k, m int) {
	s.cnt[k] = m
	bit := uint64(1) << uint(k) // 0 past 63 lengths, where nz is not read
	if m == 0 {
		s.nz &^= bit
	} else {
		s.nz |= bit
	}
}

// live returns how many of the indices a..b-1 have pieces left.
func (s *sticksSearch[C]) live(a, b int) int {
	if a >= b {
		return 0
	}
	if s.masked {
		m := s.nz >> uint(a)
		if b-a < 64 {
			m &= 1<<uint(b-a) - 1
		}
		return bits.OnesCount64(m)
	}
	n := 0
	for _, c := range s.cnt[a:b] {
		if c > 0 {
			n++
		}
	}
	return n
}

// fitting returns the end of the indices from j on whose lengths are at
// most r: with longest-first their start is atMost(j, r) and their end
// the end, shortest first their start j.
func (s *sticksSearch[C]) fitting(j, r int) (int, int) {
	if s.on.Has(sticksLongestFirst) {
		return s.atMost(j, r), len(s.vals)
	}
	return j, s.above(j, r)
}

// choiceText says "5" for one piece of length 5, "3×2" for three of 2.
func (s *sticksSearch[C]) choiceText(c, v int) string {
	if c == 1 {
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%d×%d", c, v)
}

// ordered counts longest-first's choice at a gap of r where the lengths
// from index j on, which fit it, offer two or more with pieces left: it
// tries the longest first.
func (s *sticksSearch[C]) ordered(j, r int) {
	if !s.probe.Counting() {
		return
	}
	if s.live(j, len(s.vals)) < 2 {
		return
	}
	s.probe.Cut(sticksLongestFirst)
	if s.probe.Tracing() {
		for s.cnt[j] == 0 {
			j++
		}
		s.probe.Why(sticksLongestFirst, fmt.Sprintf("gap %d: lengths from %d down", r, s.vals[j]))
	}
}

// closer returns the index of a piece of length rest left that may close
// the gap after the pieces of index j, -1 if none (small-gap's look-up).
func (s *sticksSearch[C]) closer(j, rest int) int {
	k := s.atMost(j+1, rest)
	if k == len(s.vals) || s.vals[k] != rest || s.cnt[k] == 0 {
		if s.anyOrder {
			k = s.single(j, rest)
		} else {
			k = s.another(k, rest) // equal-skip off repeats a length
		}
	}
	return k
}

// gapCut counts small-gap's refusal of the choice that leaves gap rest
// after index j, unless reachable-sums would refuse it too.
func (s *sticksSearch[C]) gapCut(depth, j, rest int, why string) {
	if !s.probe.Counting() {
		return
	}
	if s.bits && !s.reachable(depth, j+1, rest) {
		return // reachable-sums would refuse it alone
	}
	s.probe.Cut(sticksSmallGap)
	if s.probe.Tracing() {
		s.probe.Why(sticksSmallGap, fmt.Sprintf("gap %d %s", rest, why))
	}
}

// noCloser counts the refusal of a choice that leaves gap rest, below
// twice the shortest, after index j with no single piece to close it:
// small-gap's, unless reachable-sums would refuse it too; and
// index-order's when a piece before j would close it.
func (s *sticksSearch[C]) noCloser(depth, j, rest int) {
	if !s.probe.Counting() {
		return
	}
	s.gapCut(depth, j, rest, "and no single piece of that length after it")
	if s.on.Has(sticksIndexOrder) && s.exact(s.first, rest) >= 0 {
		s.probe.Cut(sticksIndexOrder)
		if s.probe.Tracing() {
			s.probe.Why(sticksIndexOrder, fmt.Sprintf("gap %d: the piece %d that would close it comes before", rest, rest))
		}
	}
}

// shorter counts what small-gap's look-up of the single piece closing
// gap rest after index j removes: the shorter lengths the gap's own fill
// would try, each leaving a gap below the shortest piece, which without
// reachable-sums nothing else refuses.
func (s *sticksSearch[C]) shorter(j, rest int) {
	if !s.probe.Counting() {
		return
	}
	if !s.on.Has(sticksSmallGap) || s.bits {
		return
	}
	from := j + 1
	if !s.on.Has(sticksIndexOrder) {
		from = s.first
	}
	if m := s.live(s.fitting(from, rest-1)); m > 0 {
		s.probe.CutN(sticksSmallGap, m)
		if s.probe.Tracing() {
			s.probe.Why(sticksSmallGap, fmt.Sprintf("gap %d closed by one piece: %s untried", rest, trace.Plural(m, "shorter length", "shorter lengths")))
		}
	}
}

// inOrder counts the lengths that index-order keeps out of the gap rest
// left after index j: those from the stick's first index to j with pieces
// left that fit it, which the next fill would try without it.
func (s *sticksSearch[C]) inOrder(j, rest int) {
	if !s.probe.Counting() {
		return
	}
	if s.on.Has(sticksLongestFirst) && s.vals[j] > rest {
		return // the lengths up to j are no shorter: none fits
	}
	from, to := s.fitting(s.first, rest)
	if m := s.live(from, min(to, j+1)); m > 0 {
		s.probe.CutN(sticksIndexOrder, m)
		if s.probe.Tracing() {
			s.probe.Why(sticksIndexOrder, fmt.Sprintf("gap %d: %s taken before not taken again", rest, trace.Plural(m, "length", "lengths")))
		}
	}
}

// lengthsAfter returns how many lengths after index j have pieces left
// that fit a gap of r: those the loop of fill would go on to.
func (s *sticksSearch[C]) lengthsAfter(j, r int) int {
	if !s.probe.Counting() {
		return 0 // only a count reads it
	}
	return s.live(s.fitting(j+1, r))
}

// lastCut counts the lengths after index j that fit the gap r, which a
// return of fill leaves untried, for last-piece (a single piece that
// closed the stick failed) or first-piece (cut).
func (s *sticksSearch[C]) lastCut(j, r, cut int) {
	if !s.probe.Counting() {
		return
	}
	m := s.lengthsAfter(j, r)
	if m == 0 {
		return
	}
	s.probe.CutN(cut, m)
	if s.probe.Tracing() {
		why := fmt.Sprintf("%d closes the stick and fails", s.vals[j])
		if cut == sticksFirstPiece {
			why = fmt.Sprintf("no stick holding its first piece %d works", s.vals[j])
		}
		s.probe.Why(cut, fmt.Sprintf("%s: %s untried", why, trace.Plural(m, "other length", "other lengths")))
	}
}

// tries reports whether the search would try c-1 pieces of length v =
// vals[j] where c of them closed the stick and failed, were last-piece
// off: the gap v they leave passes the other cuts.
func (s *sticksSearch[C]) tries(depth, j, v int) bool {
	switch {
	case v < s.twice:
		s.cnt[j]-- // as the choice of c-1 leaves one more piece v
		k := s.closer(j, v)
		s.cnt[j]++
		return k >= 0
	case s.bits:
		return s.reachable(depth, j+1, v)
	}
	return true
}

// single returns the index of a piece of length r left that may follow
// the pieces of index j in a stick, -1 if none: after j (index-order),
// else anywhere, in either order of lengths.
func (s *sticksSearch[C]) single(j, r int) int {
	from := j + 1
	if !s.on.Has(sticksIndexOrder) {
		from = s.first
	}
	return s.exact(from, r)
}

// another returns the index after k of a piece of length r left, -1 if
// none.
func (s *sticksSearch[C]) another(k, r int) int {
	for i := k + 1; i < len(s.vals) && s.vals[i] == r; i++ {
		if s.cnt[i] > 0 {
			return i
		}
	}
	return -1
}

// down runs next, the subtree of the choice of c pieces of length v for
// the stick at depth, as a decision of the traced tree: gap is what is
// left of the stick (as -gap), 0 when they close it, or the single piece
// that then closes it, a decision of its own; empty says the stick was
// empty.
func (s *sticksSearch[C]) down(depth, c, v, gap int, empty bool, next func() bool) bool {
	label := s.choiceText(c, v)
	if empty {
		label = fmt.Sprintf("stick %d: %s", depth+1, label)
	}
	switch {
	case gap < 0:
		label += fmt.Sprintf(", gap %d", -gap)
	case gap > 0:
		label += fmt.Sprintf(", gap %d", gap)
	default:
		label += " closes it"
	}
	s.probe.Enter(label)
	if gap > 0 {
		s.probe.Enter(fmt.Sprintf("%d closes it", gap))
	}
	ok := next()
	if gap > 0 {
		s.probe.Leave()
	}
	s.probe.Leave()
	return ok
}

// exact returns the index from j on of a piece of length r left, -1 if
// none; only without equal-skip does a length repeat.
func (s *sticksSearch[C]) exact(j, r int) int {
	var k int
	if s.on.Has(sticksLongestFirst) {
		k = s.atMost(j, r)
	} else {
		k = j + sort.SearchInts(s.vals[j:], r)
	}
	for ; k < len(s.vals) && s.vals[k] == r; k++ {
		if s.cnt[k] > 0 {
			return k
		}
	}
	return -1
}

// above returns, shortest first, the first index from j on whose length
// is above r (len(vals) if none).
func (s *sticksSearch[C]) above(j, r int) int {
	return j + sort.SearchInts(s.vals[j:], r+1)
}

// atMost returns, longest first, the first index from j on whose length
// is at most r (len(vals) if none).
func (s *sticksSearch[C]) atMost(j, r int) int {
	if uint(r) < uint(s.small) {
		// The lengths above r come first: the long ones, then those
		// marked in present above bit r.
		return max(j, s.long+bits.OnesCount64(s.present>>r>>1))
	}
	lo, hi := j, len(s.vals) // vals[hi] <= r or hi is the end
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s.vals[m] > r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// check looks at ctx and at the node budget of the cheap mode, counting
// the nodes since it last did; it reports whether the search must stop
// (s.stop).
func (s *sticksSearch[C]) check() bool {
	s.nodes += int64(s.period - s.tick)
	if err := s.ctx.Err(); err != nil {
		s.err, s.stop = err, true
	}
	s.period = poll.Every - 1
	if !s.full {
		if s.nodes > sticksCheapNodes {
			s.over, s.stop = true, true
		}
		s.period = min(s.period, sticksCheapNodes-int(s.nodes))
	}
	s.tick = s.period
	return s.stop
}
