package dfs

// The bounds of the sticks search's full mode: the bitsets of the sums
// the pieces left can make (reachable-sums), and the counts of pieces
// that the sticks left can hold (piece-count, copies-fit).

// reachable reports whether r is a sum of pieces left of index j or later,
// as the bitsets of this depth say (they must be on).
func (s *sticksSearch[C]) reachable(depth, j, r int) bool {
	return sticksBit(s.reach[(2+depth*(len(s.vals)+1)+j)*s.words:], r)
}

// setReach computes, for the stick at depth whose first piece has index f,
// the bitsets R[j] (j > f) of the sums up to l-vals[f] made of the pieces
// left of index j or later; R[len(vals)] = {0}. While the stick is being
// filled only counts at indices up to the current one change, so R[j+1]
// stays exact for the whole stick.
func (s *sticksSearch[C]) setReach(depth, f int) {
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
	if !s.on.Has(sticksFirstPiece) {
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
func (s *sticksSearch[C]) piecesFit(f, m int) bool {
	// base + step*i is the index of the i-th longest length from f on.
	d, base, step := len(s.vals)-f, f, 1
	if !s.on.Has(sticksLongestFirst) {
		base, step = len(s.vals)-1, -1
	}
	n, kmin, sum := 0, 0, 0
	for i := range d {
		j := base + step*i
		n += s.cnt[j]
		if sum < s.l && s.cnt[j] > 0 {
			t := min(s.cnt[j], (s.l-sum+s.vals[j]-1)/s.vals[j])
			kmin += t
			sum += t * s.vals[j]
		}
	}
	kmax, sum := 0, 0
	for i := d - 1; i >= 0 && sum < s.l; i-- {
		if j := base + step*i; s.cnt[j] > 0 {
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
func (s *sticksSearch[C]) mostCopies(f int) int {
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
func (s *sticksSearch[C]) copiesFit(j, m int) bool {
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
func (s *sticksSearch[C]) sumsWithout(dst []uint64, j, x int) {
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
