package dfs_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/internal/ref/sticksref"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// sticksSet resolves spec against SticksPrunings.
func sticksSet(t testing.TB, spec string) technique.Set {
	t.Helper()
	on, _, err := technique.ResolvePrunings(dfs.Prunings(), spec)
	require.NoError(t, err, spec)
	return on
}

// TestSticksPrunings compares the search, random prunings off (every one
// of them in every tenth), with sticksBrute on tiny blocks and with
// sticksref.Classic on blocks of the classic size, on which the full
// mode's prunings come into play once the cheap pass gives up.
func TestSticksPrunings(t *testing.T) {
	var all []string
	for _, p := range dfs.Prunings() {
		all = append(all, "-"+p.Name)
	}
	rng := rand.New(rand.NewPCG(1011, 19))
	full := 0 // blocks searched past the cheap pass
	for i := range 1000 {
		spec := techniquetest.SomeSwitches(rng, dfs.Prunings())
		if i%10 == 0 {
			spec = strings.Join(all, ",")
		}
		// Without these the search tries equal sets again and again, or
		// decides every length: fewer pieces, and fewer still without two
		// of them, where it tries every order of every stick.
		off := 0
		for _, name := range []string{"-equal-skip", "-first-piece", "-index-order", "-divisors"} {
			if strings.Contains(spec, name) {
				off++
			}
		}
		few, fewest := off > 0, off > 1
		var p sticks.Instance
		var want int
		switch {
		case i%4 == 3:
			n := 16 + rng.IntN(9)
			switch {
			case fewest:
				n = 6 + rng.IntN(3)
			case few:
				n = 8 + rng.IntN(7)
			}
			p = narrowSticks(rng, n)
			want = sticksref.Classic(p.Pieces)
		case i%2 == 0:
			p = gen.Random(rng, 1+rng.IntN(4), 1+rng.IntN(24))
			if len(p.Pieces) > 12 || fewest && len(p.Pieces) > 8 {
				continue
			}
			want = sticksBrute(p.Pieces)
		default:
			p = gen.Random(rng, 3+rng.IntN(8), 10+rng.IntN(50))
			if few && len(p.Pieces) > 16 || fewest && len(p.Pieces) > 8 {
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
		a, st, err := dfs.Solve(ctx, p, search.Run{Prunings: sticksSet(t, spec), CountCuts: true})
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
func narrowSticks(rng *rand.Rand, n int) sticks.Instance {
	lo, w := 10+rng.IntN(30), 4+rng.IntN(8)
	p := sticks.Instance{Pieces: make([]int, n)}
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
	ps = append(ps, sticks.Instance{Pieces: []int{4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2}}) // L=5 is not a multiple of 2
	ps = append(ps, sticks.Instance{Pieces: []int{8, 6, 4, 6, 4, 8, 4, 6}})          // nor is L=23, which takes 3 nodes
	rng := rand.New(rand.NewPCG(19, 1011))
	for n := 0; n < 10; {
		p := narrowSticks(rng, 16+rng.IntN(9))
		if _, st, _ := dfs.Solve(context.Background(), p, search.Run{CountCuts: true}); st.Nodes > 600 {
			ps = append(ps, p)
			n++
		}
	}
	cerc, _ := readSticks(t, "cerc1995_sticks_le50", 0)
	ps = append(ps, cerc...)
	// copies-fit's states there fail at their first piece without it.
	hard, _ := readSticks(t, "hard_454", 0)
	ps = append(ps, hard...)
	for _, pr := range dfs.Prunings() {
		t.Run(pr.Name, func(t *testing.T) {
			differs := false
			for _, p := range ps {
				want, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				got, st2, err := dfs.Solve(ctx, p, search.Run{Prunings: sticksSet(t, "-"+pr.Name), CountCuts: true})
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

// TestSticksCuts pins the cut counts on the two blocks of sample.in,
// where they can be worked out by hand. A node is a choice of pieces for
// a stick: c pieces of one length, or the single piece that closes a
// gap below twice the shortest. Block 1, 5 2 1 5 2 1 5 2 1 (total 24):
// the length 5 does not divide 24 (divisors 1); 6 fits, which leaves 8
// and 12 undecided (shortest-first 2); three sticks take a 5 and close
// their gap of 1 with a 1, two nodes each, and the fourth takes the three
// 2s at once, one node where each piece alone takes three (equal-skip 2):
// 7 nodes. The gaps of 6 with two lengths or more left to try are the
// first three sticks' (longest-first 3); the fourth has the 2s alone.
// Block 2, 1 2 3 4 (total 10): 4 does not divide 10, 5 fits and only the
// whole is above it; 4 and 1, then 3 and 2: 4 nodes, and two gaps of 5
// with lengths to order.
func TestSticksCuts(t *testing.T) {
	ps, _ := readSticks(t, "sample", 0)
	want := []struct {
		nodes int64
		cuts  map[string]int64
	}{
		{7, map[string]int64{"divisors": 1, "shortest-first": 2, "longest-first": 3, "equal-skip": 2}},
		{4, map[string]int64{"divisors": 1, "longest-first": 2}},
	}
	for i, p := range ps {
		for range 2 { // the same on every run
			_, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
			require.NoError(t, err)
			require.Equal(t, want[i].nodes, st.Nodes, "block %d", i+1)
			require.Equal(t, want[i].cuts, techniquetest.Cuts(dfs.Prunings(), st), "block %d", i+1)
		}
	}
	// Without equal-skip each 2 is a piece of its own, and the fourth
	// stick takes them one at a time: 9 nodes, equal-skip's 2 more.
	_, st, err := dfs.Solve(context.Background(), ps[0], search.Run{Prunings: sticksSet(t, "-equal-skip"), CountCuts: true})
	require.NoError(t, err)
	require.Zero(t, techniquetest.Cuts(dfs.Prunings(), st)["equal-skip"])
	require.Equal(t, int64(9), st.Nodes)
}

// TestSticksPruningsIndexed checks that the constants the search counts
// with name the prunings of SticksPrunings: a count moves when its own
// pruning is switched off.
func TestSticksPruningsIndexed(t *testing.T) {
	for i, p := range dfs.Prunings() {
		require.NotEmpty(t, p.Name, "pruning %d", i)
		require.NotEmpty(t, p.Counts, "%s", p.Name)
	}
	ps, _ := readSticks(t, "hard_454", 0)
	_, def, err := dfs.Solve(context.Background(), ps[0], search.Run{CountCuts: true})
	require.NoError(t, err)
	for i, p := range dfs.Prunings() {
		if def.Cuts[i] == 0 {
			continue
		}
		// A search stopped by its deadline reports its counts too.
		_, st, _ := dfs.Solve(poll.Budget(context.Background(), 200), ps[0], search.Run{Prunings: sticksSet(t, "-"+p.Name), CountCuts: true})
		require.Zero(t, st.Cuts[i], "%s off still counts", p.Name)
	}
}
