package native_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"puzzlesat/gen"
	"puzzlesat/internal/ref/sticksref"
	"puzzlesat/native"
	"puzzlesat/puzzle"
	"puzzlesat/technique"
)

// sticksSet resolves spec against SticksPrunings.
func sticksSet(t testing.TB, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(native.SticksPrunings(), spec)
	require.NoError(t, err, spec)
	return on
}

// TestSticksPrunings compares the search, random prunings off (every one
// of them in every tenth), with sticksBrute on tiny blocks and with
// sticksref.Classic on blocks of the classic size, on which the full
// mode's prunings come into play once the cheap pass gives up.
func TestSticksPrunings(t *testing.T) {
	var all []string
	for _, p := range native.SticksPrunings() {
		all = append(all, "-"+p.Name)
	}
	rng := rand.New(rand.NewPCG(1011, 19))
	full := 0 // blocks searched past the cheap pass
	for i := range 1000 {
		spec := someSwitches(rng, native.SticksPrunings())
		if i%10 == 0 {
			spec = strings.Join(all, ",")
		}
		// Without these two the search tries equal sets again and again:
		// fewer pieces.
		few := strings.Contains(spec, "-equal-skip") || strings.Contains(spec, "-first-piece")
		var p puzzle.Sticks
		var want int
		switch {
		case i%4 == 3:
			n := 16 + rng.IntN(9)
			if few {
				n = 8 + rng.IntN(7)
			}
			p = narrowSticks(rng, n)
			want = sticksref.Classic(p.Pieces)
		case i%2 == 0:
			p = gen.Sticks(rng, 1+rng.IntN(4), 1+rng.IntN(24))
			if len(p.Pieces) > 12 {
				continue
			}
			want = sticksBrute(p.Pieces)
		default:
			p = gen.Sticks(rng, 3+rng.IntN(8), 10+rng.IntN(50))
			if few && len(p.Pieces) > 16 {
				continue
			}
			if i%10 == 1 {
				for j := range p.Pieces {
					p.Pieces[j] *= 2 // a gcd above 1
				}
			}
			want = sticksref.Classic(p.Pieces)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		a, st, err := native.Sticks(ctx, p, sticksSet(t, spec))
		cancel()
		require.NoError(t, err, "%d %s: %v", i, spec, p.Pieces)
		require.Equal(t, want, a.Length, "%d %s: %v, %d nodes", i, spec, p.Pieces, st.Nodes)
		require.NoError(t, p.Verify(a), "%d %s: %v", i, spec, p.Pieces)
		if st.Nodes > 600 {
			full++
		}
	}
	t.Logf("%d blocks past the cheap pass", full)
}

// narrowSticks returns a block of n pieces of lengths in a range of 4 to
// 11, which the cheap pass often cannot settle when n is 16 or more.
func narrowSticks(rng *rand.Rand, n int) puzzle.Sticks {
	lo, w := 10+rng.IntN(30), 4+rng.IntN(8)
	p := puzzle.Sticks{Pieces: make([]int, n)}
	for j := range p.Pieces {
		p.Pieces[j] = lo + rng.IntN(w)
	}
	return p
}

// TestSticksPruningsReal checks that switching each pruning off changes
// the nodes searched on some block, and never the answer. The blocks are
// the judge sample, one of even pieces, narrow ones past the cheap pass
// and the CERC judge data, tried in turn until the nodes differ; a run
// that times out with the pruning off, where the default settles the
// block in milliseconds, counts as a difference.
func TestSticksPruningsReal(t *testing.T) {
	ps, _ := readSticks(t, "sample", 0)
	ps = append(ps, puzzle.Sticks{Pieces: []int{4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2}}) // L=5 is not a multiple of 2
	rng := rand.New(rand.NewPCG(19, 1011))
	for n := 0; n < 10; {
		p := narrowSticks(rng, 16+rng.IntN(9))
		if _, st, _ := native.Sticks(context.Background(), p, technique.Set{}); st.Nodes > 600 {
			ps = append(ps, p)
			n++
		}
	}
	cerc, _ := readSticks(t, "cerc1995_sticks_le50", 0)
	ps = append(ps, cerc...)
	for _, pr := range native.SticksPrunings() {
		t.Run(pr.Name, func(t *testing.T) {
			differs := false
			for _, p := range ps {
				want, st, err := native.Sticks(context.Background(), p, technique.Set{})
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				got, st2, err := native.Sticks(ctx, p, sticksSet(t, "-"+pr.Name))
				cancel()
				if errors.Is(err, context.DeadlineExceeded) {
					differs = true
					break
				}
				require.NoError(t, err, "%v", p.Pieces)
				require.NoError(t, p.Verify(got), "%v", p.Pieces)
				require.Equal(t, want.Length, got.Length, "%v", p.Pieces)
				if st.Nodes != st2.Nodes {
					differs = true
					break
				}
			}
			require.True(t, differs, "-%s searches the same nodes on every block", pr.Name)
		})
	}
}
