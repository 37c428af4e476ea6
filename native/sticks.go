package native

import (
	"context"
	"encoding/binary"
	"slices"

	"puzzlesat/puzzle"
)

// Sticks returns the smallest stick length into which the pieces of p can
// all be joined, with the pieces of each stick as a certificate. It returns
// ctx.Err() when ctx is done first, and puzzle.ErrNoSolution when p has no
// pieces or is outside what the search takes: pieces in 1..2^30 and at most
// 2^20 of them (ParseSticks gives far less).
//
// Candidate lengths are the divisors of the total from the longest piece
// upward; a length above half the total can only be the total itself, which
// always fits. Each candidate below that is decided by a search.
func Sticks(ctx context.Context, p puzzle.Sticks) (puzzle.SticksAnswer, Stats, error) {
	var st Stats
	var s sticksSearch
	if !s.init(ctx, p.Pieces) {
		return puzzle.SticksAnswer{}, st, puzzle.ErrNoSolution
	}
	// d is the number of sticks: from the most (the shortest l) down to 2.
	for d := s.sum / s.vals[0]; d >= 2; d-- {
		if s.sum%d != 0 {
			continue
		}
		ok, err := s.solve(s.sum / d)
		st.Nodes += s.nodes
		if err != nil {
			return puzzle.SticksAnswer{}, st, err
		}
		if ok {
			return s.answer(), st, nil
		}
	}
	return s.whole(), st, nil
}

// Tuning constants of the sticks search.
const (
	// sticksCtxEvery is how many nodes pass between two looks at ctx.
	sticksCtxEvery = 1024
	// sticksReachWords bounds the words of reachability bitsets held at
	// once; past it (huge lengths) the search runs without them.
	sticksReachWords = 1 << 22
	// sticksCheapNodes is the node budget of the cheap first pass at each
	// length, without memo, bound or bitsets: most blocks need far fewer
	// nodes than the bookkeeping would cost, and a harder one wastes at
	// most this many before the full search starts.
	sticksCheapNodes = 1000
	// sticksMaxPiece and sticksMaxPieces keep every sum inside an int.
	sticksMaxPiece  = 1 << 30
	sticksMaxPieces = 1 << 20
	// sticksMemoWords bounds the memo (in int32 words, 4 bytes each).
	sticksMemoWords = 1 << 24
	// sticksBuckets bounds the lengths grouped by counting, not sorting.
	sticksBuckets = 256
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
type sticksSearch struct {
	ctx   context.Context
	vals  []int // distinct piece lengths, longest first
	cnt   []int // pieces left of each length, indexed like vals
	total []int // pieces of each length in the block
	sum   int   // total length of the pieces

	l     int      // the stick length being tried
	words int      // words of one bitset of sums 0..l, 0 when bitsets are off
	reach []uint64 // two scratch bitsets for copiesFit, then per stick
	// depth len(vals)+1 bitsets R[j] (see setReach)
	memo    sticksMemo
	path    []int // after a success, the pieces stick after stick
	pos     int   // s.path[pos:] is written
	nodes   int64
	err     error
	full    bool  // full mode: memo, bound and bitsets on
	over    bool  // the cheap mode ran out of nodes
	stop    bool  // the search must stop: s.err is set or s.over
	checkAt int64 // the node count at which to call check next
}

// init prepares s for the pieces; it reports false when they are outside
// what the search takes.
func (s *sticksSearch) init(ctx context.Context, pieces []int) bool {
	n := len(pieces)
	if n == 0 || n > sticksMaxPieces {
		return false
	}
	buf := make([]int, 4*n) // one allocation for path, vals, total and cnt
	*s = sticksSearch{ctx: ctx, path: buf[:n]}
	s.vals, s.total = buf[n:n], buf[2*n:2*n]
	// Counting is cheaper than sorting for the usual short pieces.
	var count [sticksBuckets]int32
	longest := 0
	for _, v := range pieces {
		if v < 1 || v > sticksMaxPiece {
			return false
		}
		s.sum += v
		longest = max(longest, v)
		if v < sticksBuckets {
			count[v]++
		}
	}
	if longest < sticksBuckets {
		for v := longest; v > 0; v-- {
			if count[v] > 0 {
				s.vals = append(s.vals, v)
				s.total = append(s.total, int(count[v]))
			}
		}
	} else {
		sorted := append(s.path[:0], pieces...)
		slices.Sort(sorted)
		for i := n - 1; i >= 0; i-- {
			if v := sorted[i]; i == n-1 || v != sorted[i+1] {
				s.vals = append(s.vals, v)
				s.total = append(s.total, 0)
			}
			s.total[len(s.total)-1]++
		}
	}
	s.cnt = buf[3*n : 3*n+len(s.vals)]
	return true
}

// whole returns the answer of one stick holding every piece.
func (s *sticksSearch) whole() puzzle.SticksAnswer {
	one := s.path[:0:len(s.path)]
	for j, v := range s.vals {
		for range s.total[j] {
			one = append(one, v)
		}
	}
	return puzzle.SticksAnswer{Length: s.sum, Sticks: [][]int{one}}
}

// solve reports whether the pieces fit sticks of length l; err is ctx.Err()
// when the search was stopped.
func (s *sticksSearch) solve(l int) (bool, error) {
	s.l, s.nodes = l, 0
	if ok := s.run(false); !s.over {
		return ok, s.err
	}
	return s.run(true), s.err
}

// run searches once, in full mode or in the cheap mode that gives up after
// sticksCheapNodes nodes (reported by s.over).
func (s *sticksSearch) run(full bool) bool {
	s.full, s.over, s.stop = full, false, false
	s.checkAt = s.nodes + 1 // look at ctx on the first node
	copy(s.cnt, s.total)
	s.pos = len(s.path)
	s.words = 0
	if full {
		s.memo.reset()
		if s.l/64 < sticksReachWords {
			s.words = s.l/64 + 1
		}
		if s.words*((len(s.vals)+1)*(s.sum/s.l)+2) > sticksReachWords {
			s.words = 0
		}
	}
	return s.stick(0) && !s.stop
}

// answer returns the solution found by the last successful solve.
func (s *sticksSearch) answer() puzzle.SticksAnswer {
	a := puzzle.SticksAnswer{Length: s.l, Sticks: make([][]int, 0, s.sum/s.l)}
	sum, start := 0, 0
	for i, v := range s.path {
		sum += v
		if sum == s.l {
			a.Sticks = append(a.Sticks, s.path[start:i+1:i+1])
			sum, start = 0, i+1
		}
	}
	return a
}

// stick fills the stick at depth (sticks already full) and all after it.
func (s *sticksSearch) stick(depth int) bool {
	left := s.sum - depth*s.l
	if left == 0 {
		return true
	}
	f := 0
	for s.cnt[f] == 0 {
		f++
	}
	if s.full {
		// The rest of the search depends only on the pieces left, so a
		// set of pieces left that failed once fails again, whatever
		// sticks led here.
		if s.memo.has(s.cnt[f:]) {
			return false
		}
		if !s.piecesFit(f, left/s.l) || !s.copiesFit(s.mostCopies(f), left/s.l) {
			s.memo.add(s.cnt[f:])
			return false
		}
		s.setReach(depth, f)
	}
	if s.fill(depth, f, s.l, true) {
		return true
	}
	if s.full && !s.stop {
		s.memo.add(s.cnt[f:])
	}
	return false
}

// fill completes the current stick, r still missing, with pieces of index
// j or later, then fills the sticks after it. With first set the stick is
// empty and vals[j] is the longest piece left. Taking pieces in index order
// and choosing at once how many of each length makes each set of pieces
// for a stick come up once, largest pieces first; so does the classic
// rule "after a piece fails skip the others of its length". On success the
// pieces are written to s.path from the end back, so that they end up in
// the order taken.
func (s *sticksSearch) fill(depth, j, r int, first bool) bool {
	if s.nodes++; s.nodes >= s.checkAt && s.check() {
		return false
	}
	vals := s.vals
	cnt := s.cnt[:len(vals)]
	if j < len(vals) && vals[j] > r {
		j = s.firstAtMost(j, r)
	}
	shortest := vals[len(vals)-1]
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
			if rest > 0 && (rest < shortest || !s.reachable(depth, j+1, rest)) {
				continue // no piece is that short, or (bitsets) no pieces make it up
			}
			cnt[j] = n - c
			var ok bool
			if rest == 0 {
				ok = s.stick(depth + 1)
			} else {
				ok = s.fill(depth, j+1, rest, false)
			}
			cnt[j] = n
			if ok {
				s.pos -= c
				for i := range c {
					s.path[s.pos+i] = v
				}
				return true
			}
			if s.stop {
				return false
			}
			if rest == 0 {
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
		if !s.reachable(depth, j+1, r) {
			return false // later lengths cannot make up r
		}
	}
	return false
}

// firstAtMost returns the first index from j on whose length is at most r
// (len(vals) if none), given vals[j] > r.
func (s *sticksSearch) firstAtMost(j, r int) int {
	lo, hi := j+1, len(s.vals) // vals[lo-1] > r; vals[hi] <= r or hi is the end
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
	if err := s.ctx.Err(); err != nil {
		s.err, s.stop = err, true
	}
	s.checkAt = s.nodes + sticksCtxEvery
	if !s.full {
		if s.nodes > sticksCheapNodes {
			s.over, s.stop = true, true
		}
		s.checkAt = min(s.checkAt, sticksCheapNodes+1)
	}
	return s.stop
}

// reachable reports whether r is a sum of pieces left of index j or later,
// as the bitsets of this depth say (always true when they are off).
func (s *sticksSearch) reachable(depth, j, r int) bool {
	if s.words == 0 {
		return true
	}
	return sticksBit(s.reach[(2+depth*(len(s.vals)+1)+j)*s.words:], r)
}

// setReach computes, for the stick at depth whose first piece has index f,
// the bitsets R[j] (j > f) of the sums up to l-vals[f] made of the pieces
// left of index j or later; R[len(vals)] = {0}. While the stick is being
// filled only counts at indices up to the current one change, so R[j+1]
// stays exact for the whole stick.
func (s *sticksSearch) setReach(depth, f int) {
	if s.words == 0 {
		return
	}
	d, w := len(s.vals), s.words
	base := (2 + depth*(d+1)) * w
	if need := base + (d+1)*w; len(s.reach) < need {
		s.reach = append(s.reach, make([]uint64, need-len(s.reach))...)
	}
	rs := s.reach[base:]
	bound := s.l - s.vals[f]
	nw := bound/64 + 1
	if nw == 1 {
		// One word, the usual case of short sticks: shift in a register.
		x := uint64(1)
		rs[d*w] = x
		for j := d - 1; j > f; j-- {
			// Bits past bound are never read; 64 copies fill the word.
			for n := min(s.cnt[j], 64); n > 0; n-- {
				x |= x << s.vals[j]
			}
			rs[j*w] = x
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
	if w == 0 || c < 2 {
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

// sticksMemo is an exact set of count vectors, for the states that failed.
// Vectors are stored one after another in keys, and indexed by hash.
type sticksMemo struct {
	index map[uint64]int32 // hash -> offset in keys of the first vector with it
	keys  []int32          // each vector as its length then its counts
	more  map[string]bool  // vectors whose hash was taken by another one
}

// reset empties the set, keeping its storage.
func (m *sticksMemo) reset() {
	clear(m.index)
	clear(m.more)
	m.keys = m.keys[:0]
}

// sticksHash hashes a count vector (FNV-1a style over whole counts).
func sticksHash(cnt []int) uint64 {
	h := uint64(len(cnt))
	for _, c := range cnt {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	return h ^ h>>29
}

// has reports whether cnt is in the set.
func (m *sticksMemo) has(cnt []int) bool {
	off, ok := m.index[sticksHash(cnt)]
	if !ok {
		return false
	}
	if m.equal(off, cnt) {
		return true
	}
	return m.more[sticksMemoString(cnt)]
}

// add puts cnt into the set, unless the set is full: forgetting a failed
// state costs time, never an answer.
func (m *sticksMemo) add(cnt []int) {
	if len(m.keys) > sticksMemoWords {
		return
	}
	h := sticksHash(cnt)
	if off, ok := m.index[h]; ok {
		if !m.equal(off, cnt) {
			if m.more == nil {
				m.more = make(map[string]bool)
			}
			m.more[sticksMemoString(cnt)] = true
		}
		return
	}
	if m.index == nil {
		m.index = make(map[uint64]int32)
	}
	m.index[h] = int32(len(m.keys))
	m.keys = append(m.keys, int32(len(cnt)))
	for _, c := range cnt {
		m.keys = append(m.keys, int32(c))
	}
}

// equal reports whether the vector stored at off is cnt.
func (m *sticksMemo) equal(off int32, cnt []int) bool {
	if int(m.keys[off]) != len(cnt) {
		return false
	}
	for i, c := range cnt {
		if int(m.keys[int(off)+1+i]) != c {
			return false
		}
	}
	return true
}

// sticksMemoString encodes a count vector as a map key.
func sticksMemoString(cnt []int) string {
	b := make([]byte, 0, 2*len(cnt))
	for _, c := range cnt {
		b = binary.AppendUvarint(b, uint64(c))
	}
	return string(b)
}
