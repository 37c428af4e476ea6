package dfs

import (
	"fmt"
	"slices"
)

// place tries each value of a[k], the sums of two elements of a[:k] above
// a[k-1] and at most n, and searches on from each; at k = m a sum must be
// n. It returns when the search stops (an answer, the count's limit, or
// the context).
func (s *chainSearch[C]) place(k int) {
	r := s.m - k // the additions after a[k]
	c, low := s.candidates(k, r)
	if !s.on.Has(largeFirst) {
		s.refuseLow(k, r, low)
	}
	for t := range c {
		i := t
		if s.on.Has(largeFirst) {
			i = len(c) - 1 - t
		}
		v := c[i]
		dup := t > 0 && v == c[i-s.step()]
		if dup && s.on.Has(sumOnce) {
			s.probe.Cut(sumOnce)
			if s.tracing {
				s.probe.Why(sumOnce, fmt.Sprintf("a%d=%d again", k, v))
			}
			continue
		}
		// With sum-once off, the pairs of one sum are tried in turn,
		// the first standing for the chain (see leaf).
		if s.cut(k, v, r) {
			continue
		}
		if !s.enter(k, v) {
			return
		}
		if dup {
			s.dups++
		}
		if k == s.m {
			if v == s.n {
				s.leaf()
			}
		} else {
			s.place(k + 1)
		}
		if dup {
			s.dups--
		}
		s.leave(k)
		if s.stopped {
			return
		}
	}
	if s.on.Has(largeFirst) {
		s.refuseLow(k, r, low)
	}
}

// lowSums is what candidates leaves out below the doubling bound.
type lowSums struct {
	distinct, pairs int // the distinct sums, and the pairs that make them
	top             int // the largest
}

// refuseLow counts the cuts of the sums at a[k] below the doubling bound,
// which candidates set apart. Larger first, they come last: the largest
// is refused and the others skipped at once. Smallest first, they come
// first: each is refused in turn, and with sum-once each repeated pair
// skipped.
func (s *chainSearch[C]) refuseLow(k, r int, low lowSums) {
	if low.distinct == 0 {
		return
	}
	tried := low.pairs // the branches without sum-once
	if s.on.Has(sumOnce) {
		tried = low.distinct
	}
	if s.on.Has(largeFirst) || tried == 1 {
		s.probe.Cut(doubling)
		if s.tracing {
			s.probe.Why(doubling, fmt.Sprintf("a%d=%d: %d·2^%d < %d", k, low.top, low.top, r, s.n))
		}
		if tried > 1 {
			s.probe.CutN(largeFirst, tried-1)
			if s.tracing {
				s.probe.Why(largeFirst, fmt.Sprintf("a%d: %s below %d", k, plural(tried-1, "smaller sum"), low.top))
			}
		}
	} else {
		s.probe.CutN(doubling, tried)
		if s.tracing {
			s.probe.Why(doubling, fmt.Sprintf("a%d: %d sums up to %d, each ·2^%d < %d", k, tried, low.top, r, s.n))
		}
	}
	if s.on.Has(sumOnce) && !s.on.Has(largeFirst) && low.pairs > low.distinct {
		s.probe.CutN(sumOnce, low.pairs-low.distinct)
		if s.tracing {
			s.probe.Why(sumOnce, fmt.Sprintf("a%d: %s up to %d again", k, plural(low.pairs-low.distinct, "sum"), low.top))
		}
	}
}

// plural returns "1 sum", "2 sums".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// step returns the direction of the walk over the sorted sums: -1 from
// the largest, 1 from the smallest.
func (s *chainSearch[C]) step() int {
	if s.on.Has(largeFirst) {
		return -1
	}
	return 1
}

// cut reports whether two-largest or last-sum refuses v at a[k], with r
// additions after it, and counts the cut.
func (s *chainSearch[C]) cut(k, v, r int) bool {
	n := int64(s.n)
	if r == 0 || reach(v, r) == n {
		return false // all doublings from v, or v is the last element
	}
	prev := s.a[k-1]
	if s.on.Has(twoLargest) {
		// The first addition after v that does not double the largest
		// element adds at most the second largest: prev at the first
		// step, half the largest after a doubling; from there on each
		// at most doubles.
		most := reach(v+prev, r-1)
		if r >= 2 {
			most = max(most, reach(3*v, r-2))
		}
		if most < n {
			s.probe.Cut(twoLargest)
			if s.tracing {
				s.probe.Why(twoLargest, fmt.Sprintf("a%d=%d: at most %d without doubling to %d, short of %d", k, v, most, reach(v, r), s.n))
			}
			return true
		}
	}
	if s.on.Has(lastSum) && r == 1 {
		d := s.n - v
		if d != v && !s.member(d) {
			s.probe.Cut(lastSum)
			if s.tracing {
				s.probe.Why(lastSum, fmt.Sprintf("a%d=%d: %d-%d = %d is not in the chain", k, v, s.n, v, d))
			}
			return true
		}
	}
	return false
}

// candidates returns the sums of two elements of a[:k] above a[k-1] and
// at most n that the doubling bound allows at a[k] with r additions after
// it (all of them when it is off), one per pair, sorted, and what it left
// out below the bound.
func (s *chainSearch[C]) candidates(k, r int) ([]int, lowSums) {
	c := s.sums[k][:0]
	last, lo := s.a[k-1], 0
	if s.on.Has(doubling) {
		sh := min(r, maxShift)
		lo = (s.n + 1<<sh - 1) >> sh // the least v with v·2^r >= n
	}
	if s.stamp++; s.stamp == 0 { // after 2^32 nodes
		clear(s.seen)
		s.stamp = 1
	}
	var low lowSums
	for i := k - 1; i >= 0 && 2*s.a[i] > last; i-- {
		for j := i; j >= 0; j-- {
			v := s.a[i] + s.a[j]
			switch {
			case v <= last:
				j = 0 // the sums of a[i] with smaller elements are too
			case v > s.n:
			case v >= lo:
				c = append(c, v)
			default:
				low.pairs++
				if s.seen[v] != s.stamp {
					s.seen[v] = s.stamp
					low.distinct++
					low.top = max(low.top, v)
				}
			}
		}
	}
	slices.Sort(c)
	s.sums[k] = c
	return c, low
}

// reach returns v·2^r, the most that r additions can make of a largest
// element v, or past any n once r passes maxShift.
func reach(v, r int) int64 {
	return int64(v) << min(r, maxShift)
}

// maxShift is a shift past which any sum doubled exceeds any n: 2^21 >
// 2·addchain.MaxN, and a sum at most 2·MaxN shifted by it fits an int64.
const maxShift = 21

// enter places v at a[k] as a decision and reports whether the search may
// go on.
func (s *chainSearch[C]) enter(k, v int) bool {
	if !s.tick.Tick() {
		s.stopped = true
		return false
	}
	s.a[k] = v
	s.in[v>>6] |= 1 << (v & 63)
	if s.tracing {
		s.probe.Enter(fmt.Sprintf("a%d=%d", k, v))
	}
	return true
}

// leave ends the decision of enter at a[k].
func (s *chainSearch[C]) leave(k int) {
	s.in[s.a[k]>>6] &^= 1 << (s.a[k] & 63)
	if s.tracing {
		s.probe.Leave()
	}
}

// member reports whether v is in the chain placed.
func (s *chainSearch[C]) member(v int) bool { return s.in[v>>6]>>(v&63)&1 != 0 }
