package native

import (
	"context"
	"math/bits"
	"slices"

	"puzzlesat/internal/poll"
	"puzzlesat/puzzle"
	"puzzlesat/technique"
)

// Sticks returns the smallest stick length into which the pieces of p can
// all be joined, with the pieces of each stick as a certificate. It returns
// ctx.Err() when ctx is done first, and puzzle.ErrNoSolution when p has no
// pieces or is outside what the search takes: pieces in 1..2^30 and at most
// 2^20 of them (ParseSticks gives far less).
//
// Candidate lengths are the divisors of the total from the longest piece
// upward; a length above half the total can only be the total itself, which
// always fits. Each candidate below that is decided by a search, with
// the prunings of SticksPrunings that on switches.
func Sticks(ctx context.Context, p puzzle.Sticks, on technique.Set) (puzzle.SticksAnswer, Stats, error) {
	var st Stats
	var s sticksSearch
	s.switches(on)
	if !s.init(ctx, p.Pieces) {
		return puzzle.SticksAnswer{}, st, puzzle.ErrNoSolution
	}
	// d is the number of sticks: from the most (the shortest l) down to
	// 2, or without shortest-first from 2 up, keeping the last that fits.
	// Every stick is a sum of pieces, so l is a multiple of their gcd.
	g := 1
	if s.gcdLengths {
		g = s.gcd()
	}
	most := s.sum / s.vals[0]
	d, step := most, -1
	if !s.shortestFirst {
		d, step = 2, 1
	}
	var best *puzzle.SticksAnswer
	for ; d >= 2 && d <= most; d += step {
		if s.sum%d != 0 || s.sum/d%g != 0 {
			continue
		}
		ok, err := s.solve(s.sum / d)
		st.Nodes += s.nodes
		if err != nil {
			return puzzle.SticksAnswer{}, st, err
		}
		switch {
		case ok && s.shortestFirst:
			return s.answer(), st, nil
		case ok:
			a := s.answer()
			a.Sticks = cloneSticks(a.Sticks) // the next search writes over path
			best = &a
		}
	}
	if best != nil {
		return *best, st, nil
	}
	return s.whole(p.Pieces), st, nil
}

// cloneSticks returns a copy of sticks that shares nothing with it.
func cloneSticks(sticks [][]int) [][]int {
	out := make([][]int, len(sticks))
	for i, st := range sticks {
		out[i] = slices.Clone(st)
	}
	return out
}

// SticksPrunings returns the prunings of Sticks, every one on by default.
// Most of them act in the full mode only (see sticksSearch): the cheap
// first pass at each length has the classic cuts alone.
func SticksPrunings() []technique.Pruning {
	return []technique.Pruning{
		{Name: "gcd-lengths", Category: technique.Feasibility,
			Doc: "only lengths that are multiples of the pieces' gcd are searched (off: every divisor of the total)"},
		{Name: "shortest-first", Category: technique.Order,
			Doc: "candidate lengths are decided shortest first, so the first that fits is the answer (off: longest first, every one decided)"},
		{Name: "equal-skip", Category: technique.Redundancy,
			Doc: "equal pieces are one length with a count, so a set of pieces for a stick is tried once (off: each piece alone)"},
		{Name: "first-piece", Category: technique.Redundancy,
			Doc: "a stick starts with the longest piece left, and when no way of filling it works the state fails"},
		{Name: "last-piece", Category: technique.Redundancy,
			Doc: "when pieces closing a stick fail, fewer of that length fail too, and a single closing piece fails every other way to fill its gap"},
		{Name: "small-gap", Category: technique.Feasibility,
			Doc: "a gap below the shortest piece is cut, one below twice the shortest takes a single piece, looked up by length"},
		{Name: "memo", Category: technique.Memo,
			Doc: "full mode: a set of pieces left that failed at a stick boundary is not searched again"},
		{Name: "piece-count", Category: technique.Feasibility,
			Doc: "full mode, narrow lengths: the pieces left must lie between m·(fewest a stick holds) and m·(most) for m sticks"},
		{Name: "copies-fit", Category: technique.Feasibility,
			Doc: "full mode: the most copies of one length must fit the sticks left, each holding as many as the other pieces allow"},
		{Name: "reachable-sums", Category: technique.Feasibility,
			Doc: "full mode: a stick's gap must be a sum of the pieces still to choose from, by bitsets of sums per stick"},
	}
}

// switches reads the prunings of on into s, once.
func (s *sticksSearch) switches(on technique.Set) {
	if on.Default() { // the usual case, without a lookup per name
		s.gcdLengths, s.shortestFirst, s.equalSkip, s.firstPiece, s.lastPiece, s.smallGap = true, true, true, true, true, true
		s.memoOn, s.pieceCount, s.copiesOn, s.reachOn = true, true, true, true
		return
	}
	s.gcdLengths = !on.Off("gcd-lengths")
	s.shortestFirst = !on.Off("shortest-first")
	s.equalSkip = !on.Off("equal-skip")
	s.firstPiece = !on.Off("first-piece")
	s.lastPiece = !on.Off("last-piece")
	s.smallGap = !on.Off("small-gap")
	s.memoOn = !on.Off("memo")
	s.pieceCount = !on.Off("piece-count")
	s.copiesOn = !on.Off("copies-fit")
	s.reachOn = !on.Off("reachable-sums")
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
	// With the bitsets, a search takes at most 56 MiB; WithMemory bounds
	// both by less, in this proportion.
	sticksMemoBytes = 24 << 20
	// sticksSmall bounds the lengths grouped with a bit mask (one word)
	// rather than by sorting, and looked up in that mask (atMost).
	sticksSmall = 64
)

// sticksSearch decides whether the pieces fit sticks of one length l. It
// fills one stick at a time, each starting with the longest piece left, and
// takes pieces in order of length, deciding at once how many of each length
// go in. Equal pieces are grouped, so a state is the count left of each
// distinct length; a node (Stats.Nodes) is one call of fill.
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
type sticksSearch struct {
	ctx  context.Context
	vals []int // distinct piece lengths, longest first
	cnt  []int // pieces left of each length, indexed like vals; every
	// search puts back what it takes, so between searches cnt holds the
	// pieces of the block
	sum      int // total length of the pieces
	shortest int // the shortest piece
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
	// defaults, or a share of WithMemory's bound
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
	// The prunings of SticksPrunings, read once by switches.
	gcdLengths, shortestFirst, equalSkip, firstPiece, lastPiece, smallGap bool
	memoOn, pieceCount, copiesOn, reachOn                                 bool
}

// init prepares s for the pieces; it reports false when they are outside
// what the search takes.
func (s *sticksSearch) init(ctx context.Context, pieces []int) bool {
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
	if m := memoryOf(ctx); m > 0 {
		// The memo's share of the default, and the bitsets' (8 bytes a word).
		share := float64(m) / float64(sticksMemoBytes+8*sticksReachWords)
		s.memoBytes = min(s.memoBytes, int(share*sticksMemoBytes))
		s.reachWords = min(s.reachWords, int(share*sticksReachWords))
	}
	if longest >= sticksSmall || !s.equalSkip {
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
	s.shortest = s.vals[len(s.vals)-1]
	s.narrow = 3*s.shortest > s.vals[0] && s.pieceCount
	s.present = present
	if s.equalSkip {
		s.small = sticksSmall
	}
	if s.smallGap {
		s.short, s.twice = s.shortest, 2*s.shortest
	}
	return true
}

// groupSorted groups the pieces by sorting them; without equal-skip each
// piece is a length of its own, and s.long covers them all, so that
// atMost searches rather than counts lengths in present.
func (s *sticksSearch) groupSorted(pieces []int) {
	sorted := slices.Clone(pieces)
	slices.SortFunc(sorted, func(a, b int) int { return b - a }) // longest first, no overflow in 1..2^30
	if !s.equalSkip {
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
			if v < sticksSmall {
				s.long = min(s.long, j)
			}
		}
		s.cnt[j]++
	}
}

// gcd returns the greatest common divisor of the piece lengths.
func (s *sticksSearch) gcd() int {
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
func (s *sticksSearch) alloc(n, d int) {
	buf := make([]int, n+2*d)
	s.path, s.vals, s.cnt = buf[:n:n], buf[n:n+d:n+d], buf[n+d:]
}

// whole returns the answer of one stick holding every piece.
func (s *sticksSearch) whole(pieces []int) puzzle.SticksAnswer {
	copy(s.path, pieces)
	return puzzle.SticksAnswer{Length: s.sum, Sticks: [][]int{s.path}}
}

// solve reports whether the pieces fit sticks of length l; err is ctx.Err()
// when the search was stopped.
func (s *sticksSearch) solve(l int) (bool, error) {
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
func (s *sticksSearch) run(full bool) bool {
	s.full, s.over, s.stop = full, false, false
	s.nodes, s.tick, s.period = 0, 0, 0 // look at ctx on the first node
	s.pos = len(s.path)
	s.words = 0
	if full {
		if s.memo.word == nil {
			bytes := s.memoBytes
			if !s.memoOn {
				bytes = 0
			}
			s.memo.setup(s.cnt, bytes) // between searches cnt holds the block
		}
		s.memo.reset()
		if s.l/64 < s.reachWords && (s.reachOn || s.copiesOn) {
			s.words = s.l/64 + 1
		}
		if s.words*((len(s.vals)+1)*(s.sum/s.l)+2) > s.reachWords {
			s.words = 0
		}
	}
	s.bits = s.words != 0 && s.reachOn
	ok := s.stick(0, 0) && !s.stop
	s.nodes += int64(s.period - s.tick)
	return ok
}

// answer returns the solution found by the last successful solve.
func (s *sticksSearch) answer() puzzle.SticksAnswer {
	return puzzle.SticksAnswer{Length: s.l, Sticks: s.sticks}
}

// stick fills the stick at depth (sticks already full) and all after it;
// no piece before index f is left.
func (s *sticksSearch) stick(depth, f int) bool {
	left := s.sum - depth*s.l
	if left == 0 {
		// Success: the pieces are written into path as the search
		// unwinds, last stick first.
		s.sticks, s.end = make([][]int, depth), len(s.path)
		return true
	}
	for cnt := s.cnt; cnt[f] == 0; {
		f++
	}
	if s.full {
		// The rest of the search depends only on the pieces left, so a
		// set of pieces left that failed once fails again, whatever
		// sticks led here.
		if s.memo.has(s.cnt, f) {
			return false
		}
		if s.narrow && !s.piecesFit(f, left/s.l) || s.copiesOn && !s.copiesFit(s.mostCopies(f), left/s.l) {
			s.memo.add(s.cnt, f)
			return false
		}
		s.setReach(depth, f)
	}
	outer := s.first
	s.first = f
	ok := s.fill(depth, f, s.l, s.firstPiece)
	s.first = outer
	if ok {
		s.sticks[depth] = s.path[s.pos:s.end:s.end]
		s.end = s.pos
		return true
	}
	if s.full && !s.stop {
		s.memo.add(s.cnt, f)
	}
	return false
}

// fill completes the current stick, r still missing, with pieces of index
// j or later, then fills the sticks after it. With first set the stick is
// empty, vals[j] is the longest piece left, and the first-piece rule
// applies. Taking pieces in index order
// and choosing at once how many of each length makes each set of pieces
// for a stick come up once, largest pieces first; so does the classic
// rule "after a piece fails skip the others of its length". On success the
// pieces are written to s.path from the end back, so that they end up in
// the order taken.
func (s *sticksSearch) fill(depth, j, r int, first bool) bool {
	if s.tick--; s.tick < 0 && s.check() {
		return false
	}
	vals, cnt := s.vals, s.cnt[:len(s.vals)]
	if j < len(vals) && vals[j] > r {
		j = s.atMost(j, r)
	}
	short, twice, bits := s.short, s.twice, s.bits
	for ; j < len(vals); j++ {
		v, n := vals[j], cnt[j]
		if n == 0 {
			continue
		}
		c := n
		if c*v > r {
			c = r / v
		}
		for ; c >= 1; c-- {
			rest := r - c*v
			var ok bool
			switch {
			case rest == 0:
				cnt[j] = n - c
				ok = s.stick(depth+1, s.first)
			case rest < short:
				continue // no piece is that short
			case rest < twice:
				// A single piece must make up rest: two are too long.
				k := s.atMost(j+1, rest)
				if k == len(vals) || vals[k] != rest || cnt[k] == 0 {
					if k = s.another(k, rest); k < 0 {
						continue
					}
				}
				cnt[j] = n - c
				cnt[k]--
				ok = s.stick(depth+1, s.first)
				cnt[k]++
				if ok {
					s.pos--
					s.path[s.pos] = rest
				}
			case bits && !s.reachable(depth, j+1, rest):
				continue // no pieces left after j make up rest
			default:
				cnt[j] = n - c
				ok = s.fill(depth, j+1, rest, false)
			}
			cnt[j] = n
			if ok {
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
			if rest == 0 && s.lastPiece {
				// c pieces of length v closed the stick and failed. With
				// one fewer, smaller pieces S would fill the last v; in
				// any packing of what is then left, a piece v outside the
				// stick could trade places with S, giving a packing after
				// the stick that failed. So c-1 pieces v fail too.
				if c == 1 {
					return false
				}
				c--
			}
		}
		// The longest piece left must lie in some stick, and the empty
		// sticks are alike: if no stick holding it works here, none does.
		if first {
			return false
		}
		if bits && !s.reachable(depth, j+1, r) {
			return false // later lengths cannot make up r
		}
	}
	return false
}

// another returns the index after k of a piece of length r left, -1 if
// none: only without equal-skip does a length repeat, after index k.
func (s *sticksSearch) another(k, r int) int {
	for i := k + 1; i < len(s.vals) && s.vals[i] == r; i++ {
		if s.cnt[i] > 0 {
			return i
		}
	}
	return -1
}

// atMost returns the first index from j on whose length is at most r
// (len(vals) if none).
func (s *sticksSearch) atMost(j, r int) int {
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

// check looks at ctx and at the node budget of the cheap mode; it reports
// whether the search must stop (s.stop).
func (s *sticksSearch) check() bool {
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

// reachable reports whether r is a sum of pieces left of index j or later,
// as the bitsets of this depth say (they must be on).
func (s *sticksSearch) reachable(depth, j, r int) bool {
	return sticksBit(s.reach[(2+depth*(len(s.vals)+1)+j)*s.words:], r)
}

// setReach computes, for the stick at depth whose first piece has index f,
// the bitsets R[j] (j > f) of the sums up to l-vals[f] made of the pieces
// left of index j or later; R[len(vals)] = {0}. While the stick is being
// filled only counts at indices up to the current one change, so R[j+1]
// stays exact for the whole stick.
func (s *sticksSearch) setReach(depth, f int) {
	if !s.bits {
		return
	}
	d, w := len(s.vals), s.words
	base := (2 + depth*(d+1)) * w
	if need := base + (d+1)*w; len(s.reach) < need {
		s.reach = append(s.reach, make([]uint64, need-len(s.reach))...)
	}
	rs := s.reach[base:]
	bound := s.l - s.vals[f]
	if !s.firstPiece {
		bound = s.l // the stick may leave vals[f] out
	}
	nw := bound/64 + 1
	if nw <= 2 {
		// One or two words, the usual case: shift in registers.
		lo, hi := uint64(1), uint64(0)
		rs[d*w+nw-1], rs[d*w] = hi, lo
		for j := d - 1; j > f; j-- {
			lo, hi = sticksAddCopies2(lo, hi, s.vals[j], s.cnt[j], bound)
			rs[j*w+nw-1], rs[j*w] = hi, lo // with one word, lo is kept
		}
		return
	}
	last := rs[d*w : d*w+nw]
	clear(last)
	last[0] = 1
	for j := d - 1; j > f; j-- {
		cur := rs[j*w : j*w+nw]
		copy(cur, rs[(j+1)*w:(j+1)*w+nw])
		sticksAddCopies(cur, s.vals[j], s.cnt[j], bound)
	}
}

// piecesFit reports whether the pieces left, from index f on, may spread
// over the m sticks left; false means they surely cannot. A stick of t
// pieces sums to at most the t longest pieces left and to at least the t
// shortest, so t lies between kmin, the fewest longest pieces reaching l,
// and kmax, the most shortest pieces within l; the m sticks then hold
// between m*kmin and m*kmax pieces.
func (s *sticksSearch) piecesFit(f, m int) bool {
	n, kmin, sum := 0, 0, 0
	for j := f; j < len(s.vals); j++ {
		n += s.cnt[j]
		if sum < s.l && s.cnt[j] > 0 {
			t := min(s.cnt[j], (s.l-sum+s.vals[j]-1)/s.vals[j])
			kmin += t
			sum += t * s.vals[j]
		}
	}
	kmax, sum := 0, 0
	for j := len(s.vals) - 1; j >= f && sum < s.l; j-- {
		if s.cnt[j] > 0 {
			t := min(s.cnt[j], (s.l-sum)/s.vals[j])
			kmax += t
			sum += t * s.vals[j]
			if t < s.cnt[j] {
				break // the next shortest piece no longer fits
			}
		}
	}
	return m*kmin <= n && n <= m*kmax
}

// mostCopies returns the index from f on with the most pieces left.
func (s *sticksSearch) mostCopies(f int) int {
	best := f
	for j := f + 1; j < len(s.cnt); j++ {
		if s.cnt[j] > s.cnt[best] {
			best = j
		}
	}
	return best
}

// copiesFit reports whether the cnt[j] pieces of length v = vals[j] left
// may fit the m sticks left; false means they surely do not.
//
// A stick holding t pieces v needs other pieces summing to l-t*v, so t is
// at most top, the largest such t that the other pieces left can reach,
// and a stick with fewer holds at most next, the one below it. When every
// stick with top pieces v must also hold a piece of some length x (l-top*v
// is out of reach without length x), at most cnt[x] sticks hold top, so
// the m sticks hold at most cnt[x]*top + (m-cnt[x])*next pieces v.
func (s *sticksSearch) copiesFit(j, m int) bool {
	v, c, w := s.vals[j], s.cnt[j], s.words
	if w == 0 || c <= m {
		return true // no bitsets, or a single piece: the search sees it at once
	}
	if len(s.reach) < 2*w {
		s.reach = make([]uint64, 2*w)
	}
	a, b := s.reach[:w], s.reach[w:2*w]
	s.sumsWithout(a, j, -1)
	top, next := -1, -1
	for t := min(c, s.l/v); t >= 0 && next < 0; t-- {
		if sticksBit(a, s.l-t*v) {
			if top < 0 {
				top = t
			} else {
				next = t
			}
		}
	}
	switch {
	case top < 0:
		return false
	case next < 0:
		return c == m*top
	case c <= m*next:
		return true
	}
	// q sticks holding top pieces v suffice only if q >= need.
	need := (c - m*next + top - next - 1) / (top - next)
	if need > m {
		return false
	}
	for x, n := range s.cnt {
		if x == j || n == 0 || n >= need {
			continue
		}
		s.sumsWithout(b, j, x)
		if !sticksBit(b, s.l-top*v) {
			return false
		}
	}
	return true
}

// sumsWithout sets dst to the sums up to l of the pieces left, leaving out
// the lengths of index j and x.
func (s *sticksSearch) sumsWithout(dst []uint64, j, x int) {
	clear(dst)
	dst[0] = 1
	for i, n := range s.cnt {
		if i != j && i != x && n > 0 {
			sticksAddCopies(dst, s.vals[i], n, s.l)
		}
	}
}

// sticksAddCopies turns the set of sums b into the sums of a member of b
// and up to n pieces of length v, considering sums up to bound only.
func sticksAddCopies(b []uint64, v, n, bound int) {
	if n == 1 { // the usual case
		sticksShiftOr(b, v)
		return
	}
	// Chunks of 1, 2, 4, ... pieces, with the rest last, reach every number
	// of pieces from 0 to n (binary splitting).
	for chunk := 1; n > 0; chunk *= 2 {
		t := min(chunk, n)
		if t*v > bound {
			return // larger chunks overshoot too; the smaller ones cover what fits
		}
		sticksShiftOr(b, t*v)
		n -= t
	}
}

// sticksAddCopies2 is sticksAddCopies on the two-word set lo + hi<<64.
func sticksAddCopies2(lo, hi uint64, v, n, bound int) (uint64, uint64) {
	for chunk := 1; n > 0; chunk *= 2 {
		t := min(chunk, n)
		sh := uint(t * v)
		if t*v > bound {
			break // larger chunks overshoot too; the smaller ones cover what fits
		}
		if sh < 64 {
			hi |= hi<<sh | lo>>(64-sh)
			lo |= lo << sh
		} else {
			hi |= lo << (sh - 64)
		}
		n -= t
	}
	return lo, hi
}

// sticksBit reports whether bit i of b is set.
func sticksBit(b []uint64, i int) bool {
	return b[i/64]>>(i%64)&1 != 0
}

// sticksShiftOr sets b to b | b<<sh, dropping bits past the end of b.
func sticksShiftOr(b []uint64, sh int) {
	ws, bs := sh/64, uint(sh%64)
	if ws >= len(b) {
		return
	}
	if bs == 0 {
		for i := len(b) - 1; i >= ws; i-- {
			b[i] |= b[i-ws]
		}
		return
	}
	for i := len(b) - 1; i > ws; i-- {
		b[i] |= b[i-ws]<<bs | b[i-ws-1]>>(64-bs)
	}
	b[ws] |= b[0] << bs
}

// sticksMemo is an exact set of states, for those that failed. A state
// is the count left of each distinct length, and the memo packs it into
// a key of as few 64-bit words as the block's counts need: a field of
// bits.Len(c) bits for a length the block holds c pieces of, so that the
// 64 pieces of 64 distinct lengths take one word, where a count vector
// took 64 words of 4 bytes. Keys are stored one after another in keys;
// slots is an open addressing hash table over them (linear probing, at
// most half full), each slot holding the top 32 bits of the key's hash
// and its index plus one (0 marks an empty slot).
//
// The memo keeps at most max keys: as many as the block has states, and
// no more than its bytes allow, so that memory follows the block
// (a few kilobytes for most judge blocks) and stays bounded on a hard one
// whatever its pieces; past it, failed states are forgotten, which costs
// time, never an answer.
type sticksMemo struct {
	word  []int32  // per distinct length: the word of its field in a key
	shift []uint8  // and the field's first bit
	words int      // words per key
	max   int      // the most keys kept
	slots []uint64 // the hash table
	keys  []uint64 // words per key, one key after another
	used  int      // keys stored
	key   []uint64 // scratch: the key being looked up
}

// setup lays out the keys of a block whose counts are cnt, at most bytes
// of keys and table, and empties the set; with too few bytes for one key
// (0 among them) the set keeps nothing.
func (m *sticksMemo) setup(cnt []int, bytes int) {
	m.word, m.shift = make([]int32, len(cnt)), make([]uint8, len(cnt))
	w, bit := 0, 0
	states := 1.0 // the states there are: the product of count+1
	for j, c := range cnt {
		n := bits.Len(uint(c))
		if bit+n > 64 {
			w, bit = w+1, 0
		}
		m.word[j], m.shift[j] = int32(w), uint8(bit)
		bit += n
		states *= float64(c + 1)
	}
	m.words = w + 1
	m.key = make([]uint64, m.words)
	// A key and two slots per state, the table at most half full: with
	// max a power of two the table never passes 2·max slots.
	m.max = 0
	if n := bytes / (8*m.words + 16); n > 0 {
		m.max = 1 << (bits.Len(uint(n)) - 1)
	}
	if states < float64(m.max) {
		m.max = int(states)
	}
	m.slots, m.keys, m.used = nil, nil, 0
}

// reset empties the set, keeping its storage.
func (m *sticksMemo) reset() {
	clear(m.slots)
	m.keys = m.keys[:0]
	m.used = 0
}

// pack writes into m.key the state whose counts are cnt[f:], all counts
// before f being 0, and returns its hash.
func (m *sticksMemo) pack(cnt []int, f int) uint64 {
	key := m.key
	clear(key)
	for j := f; j < len(cnt); j++ {
		key[m.word[j]] |= uint64(cnt[j]) << m.shift[j]
	}
	return sticksHash(key)
}

// sticksHash hashes a key, a word at a time (FNV-1a style).
func sticksHash(key []uint64) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range key {
		h = (h ^ x) * 0x100000001b3
		h ^= h >> 32
	}
	return h ^ h>>29
}

// find returns the slot of m.key, whose hash is h, or the empty slot
// where it would go.
func (m *sticksMemo) find(h uint64) int {
	mask := len(m.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		e := m.slots[i]
		if e == 0 || e>>32 == h>>32 && slices.Equal(m.stored(int(uint32(e))-1), m.key) {
			return i
		}
	}
}

// stored returns key k of the set.
func (m *sticksMemo) stored(k int) []uint64 { return m.keys[k*m.words : (k+1)*m.words] }

// has reports whether the state cnt[f:] is in the set.
func (m *sticksMemo) has(cnt []int, f int) bool {
	return m.used > 0 && m.slots[m.find(m.pack(cnt, f))] != 0
}

// add puts the state cnt[f:] into the set, unless the set is full.
func (m *sticksMemo) add(cnt []int, f int) {
	if m.used >= m.max {
		return
	}
	if 2*(m.used+1) > len(m.slots) {
		m.grow()
	}
	h := m.pack(cnt, f)
	i := m.find(h)
	if m.slots[i] != 0 {
		return
	}
	m.slots[i] = h>>32<<32 | uint64(m.used+1)
	m.used++
	if len(m.keys)+m.words > cap(m.keys) { // grow, but never past max keys
		keys := make([]uint64, len(m.keys), min(max(2*cap(m.keys), 256*m.words), m.max*m.words))
		copy(keys, m.keys)
		m.keys = keys
	}
	m.keys = append(m.keys, m.key...)
}

// grow doubles the table (256 slots at first) and puts every key back.
func (m *sticksMemo) grow() {
	m.slots = make([]uint64, max(256, 2*len(m.slots)))
	mask := len(m.slots) - 1
	for k := range m.used {
		h := sticksHash(m.stored(k))
		i := int(h) & mask
		for m.slots[i] != 0 {
			i = (i + 1) & mask
		}
		m.slots[i] = h>>32<<32 | uint64(k+1)
	}
}
