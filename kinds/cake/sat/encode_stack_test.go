package sat

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCakeStackSound checks the stack bounds against every cake of small
// volume: each layer of a cake of area a fits under the bound a, and the
// greatest radius and heights are at least the cake's.
func TestCakeStackSound(t *testing.T) {
	for m := 1; m <= 5; m++ {
		for n := 1; n <= 400; n++ {
			// rs, hs hold the cake from the bottom (index 0) up.
			rs, hs := make([]int, m), make([]int, m)
			var rec func(i, rem, rBelow, hBelow int)
			rec = func(i, rem, rBelow, hBelow int) {
				if i == m {
					if rem == 0 {
						checkStack(t, n, m, rs, hs)
					}
					return
				}
				for r := m - i; r < rBelow && r*r*(m-i) <= rem; r++ {
					for h := m - i; h < hBelow && r*r*h <= rem; h++ {
						rs[i], hs[i] = r, h
						rec(i+1, rem-r*r*h, r, h)
					}
				}
			}
			rec(0, n, n+1, n+1)
		}
	}
}

// checkStack checks the stack bounds on one cake.
func checkStack(t *testing.T, n, m int, rs, hs []int) {
	area := rs[0] * rs[0]
	for i := range rs {
		area += 2 * rs[i] * hs[i]
	}
	st := newCakeStack(n, m, area)
	for i := range rs {
		u := m - i
		require.True(t, st.fits(u, rs[i], hs[i]), "N=%d layers %v %v, layer %d", n, rs, hs, u)
		require.GreaterOrEqual(t, st.maxRadius(u), rs[i])
		require.GreaterOrEqual(t, st.maxHeight(u, rs[i]), hs[i])
		require.GreaterOrEqual(t, st.maxHeight(u, u), hs[i])
	}
}
