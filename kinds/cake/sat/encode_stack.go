package sat

import (
	"github.com/puzzlesat/puzzlesat/internal/intmath"
)

// cakeStack bounds what a layer can be in a cake of volume n, m layers
// and area at most k. Radii and heights grow by at least one per layer
// downwards, so a layer u (1 is the top) of radius r and height h has
// layers of radius at least r+j and height at least h+j j places under
// it, and the layers above it hold at least 1³ + ... + (u-1)³ and have
// side area at least 2·(1² + ... + (u-1)²). If the least volume or area
// of such a stack is over n or k, no cake has layer u as wide and as tall.
type cakeStack struct {
	n, m, k    int
	minV, minA []int // minV[u], minA[u]: least volume and side area of layers u..1
}

func newCakeStack(n, m, k int) cakeStack {
	s := cakeStack{n: n, m: m, k: k, minV: make([]int, m+1), minA: make([]int, m+1)}
	for u := 1; u <= m; u++ {
		s.minV[u] = s.minV[u-1] + u*u*u
		s.minA[u] = s.minA[u-1] + 2*u*u
	}
	return s
}

// fits reports whether a cake can have layer u of radius at least r and
// height at least h.
func (s cakeStack) fits(u, r, h int) bool {
	vol, area := s.minV[u-1], s.minA[u-1]+(r+s.m-u)*(r+s.m-u)
	for j := 0; j <= s.m-u; j++ {
		vol += (r + j) * (r + j) * (h + j)
		area += 2 * (r + j) * (h + j)
		if vol > s.n || area > s.k {
			return false
		}
	}
	return true
}

// maxRadius returns the greatest radius of layer u, u-1 when it has none.
func (s cakeStack) maxRadius(u int) int {
	return s.largest(u, intmath.Sqrt(s.n), func(r int) bool { return s.fits(u, r, u) })
}

// maxHeight returns the greatest height of layer u when its radius is r,
// u-1 when it has none.
func (s cakeStack) maxHeight(u, r int) int {
	return s.largest(u, s.n, func(h int) bool { return s.fits(u, r, h) })
}

// largest returns the greatest x in lo..hi with ok(x), for ok true up to
// some point and false after it; lo-1 when ok(lo) is false.
func (s cakeStack) largest(lo, hi int, ok func(int) bool) int {
	if !ok(lo) {
		return lo - 1
	}
	for lo < hi { // ok(lo) holds
		mid := lo + (hi-lo+1)/2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
