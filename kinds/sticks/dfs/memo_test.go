package dfs

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// TestSticksMemoExact: the memo holds exactly the states added to it, on
// blocks whose count fields fill words and cross from one to the next,
// and keeps no more than the block has states.
func TestSticksMemoExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 40 {
		d := 1 + rng.IntN(90)
		block := make([]int, d)
		for j := range block {
			block[j] = 1 + rng.IntN([]int{1, 2, 7, 64, 1000}[trial%5])
		}
		var m sticksMemo
		m.setup(block, sticksMemoBytes, false)
		bitsUsed := 0
		for _, c := range block {
			bitsUsed += bits.Len(uint(c))
		}
		require.GreaterOrEqual(t, 64*m.words, bitsUsed, "trial %d", trial)
		require.LessOrEqual(t, m.words, (bitsUsed+63)/64+(bitsUsed+63)/64, "trial %d: fields waste at most a word each", trial)
		seen := map[string]bool{} // the states the memo holds
		state := func() ([]int, int, string) {
			cnt := make([]int, d)
			f := rng.IntN(d) // the counts before f are 0, as in the search
			for j := f; j < d; j++ {
				cnt[j] = rng.IntN(block[j] + 1)
			}
			return cnt, f, fmtInts(cnt)
		}
		for range 2000 {
			cnt, f, key := state()
			require.Equal(t, seen[key], m.has(cnt, f), "trial %d: %v from %d", trial, cnt, f)
			if rng.IntN(2) == 0 {
				before := m.used
				m.add(cnt, f, -1)
				seen[key] = seen[key] || m.used > before
			}
		}
		require.LessOrEqual(t, m.used, m.max)
		m.reset()
		cnt, f, _ := state()
		require.False(t, m.has(cnt, f))
	}
}

// TestSticksMemoBounded: the memo keeps no more states than a block has,
// and no more than its byte budget, whatever is added.
func TestSticksMemoBounded(t *testing.T) {
	var m sticksMemo
	m.setup([]int{1, 1, 2}, sticksMemoBytes, false) // 2*2*3 = 12 states
	require.Equal(t, 12, m.max)
	for a := range 2 {
		for b := range 2 {
			for c := range 3 {
				m.add([]int{a, b, c}, 0, -1)
			}
		}
	}
	require.Equal(t, 12, m.used)
	for _, d := range []int{64, 200, 1000} {
		block := make([]int, d)
		for j := range block {
			block[j] = 1
		}
		m.setup(block, sticksMemoBytes, false)
		require.LessOrEqual(t, m.max*(8*m.words+16), sticksMemoBytes, "%d lengths", d)
		require.Greater(t, 2*m.max*(8*m.words+16), sticksMemoBytes, "%d lengths: max is the largest power of two that fits", d)
	}
}

func fmtInts(a []int) string {
	b := make([]byte, 0, 4*len(a))
	for _, x := range a {
		b = append(b, byte(x), byte(x>>8), ',')
	}
	return string(b)
}

// TestSticksMemoFollowsTheBlock: on a block of 64 distinct lengths up to
// 4,198, which the full search needs tens of thousands of failed states
// for, each state takes one word and the memo a few bytes per state (the
// count vectors it stored before took 58 words of 4 bytes each, 250 MB on
// a harder block); and a judge block keeps it at a few kilobytes.
func TestSticksMemoFollowsTheBlock(t *testing.T) {
	wide := []int{1059, 683, 1158, 106, 2886, 1494, 1283, 842, 1576, 2838, 3741, 705, 2624, 299, 1876, 261,
		244, 2391, 2, 1346, 876, 424, 287, 234, 534, 2932, 1188, 2036, 4090, 378, 3176, 718, 4198, 1250, 188,
		1461, 161, 603, 349, 1761, 61, 3312, 735, 1708, 932, 614, 1386, 1827, 2436, 1100, 78, 1766, 533, 771,
		1963, 97, 1459, 1915, 199, 441, 171, 293, 1749, 196}
	judge := []int{40, 40, 30, 35, 35, 26, 15, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 43, 42, 42, 41, 10, 4, 40, 40, 40, 40, 40,
		40, 40, 40, 40, 40, 40, 40, 40, 25, 39, 46, 40, 10, 4, 40, 40, 37, 18, 17, 16, 15, 40, 40, 40, 40, 40, 40, 40, 40, 40} // hard_454
	for _, tc := range []struct {
		name   string
		pieces []int
		states int // at least this many failed states are kept
		bytes  int // and the memo takes at most this much
	}{
		{"64 distinct lengths", wide, 10000, 40 * 64 * 1024},
		{"hard_454", judge, 1, 8 * 1024},
	} {
		var s sticksSearch[trace.Counted]
		s.on = technique.Set{}.Bits(Prunings)
		require.True(t, s.init(context.Background(), tc.pieces, 0))
		most := 0
		for d := s.sum / s.vals[0]; d >= 2; d-- {
			if s.sum%d != 0 {
				continue
			}
			ok, err := s.solve(s.sum / d)
			require.NoError(t, err)
			most = max(most, s.memo.used)
			if ok {
				break
			}
		}
		require.Equal(t, 1, s.memo.words, tc.name)
		require.GreaterOrEqual(t, most, tc.states, tc.name)
		require.LessOrEqual(t, 8*cap(s.memo.keys)+8*len(s.memo.slots), tc.bytes, "%s: %d states", tc.name, most)
	}
}

// TestSticksWithMemory: under Run.Memory the memo and the bitsets of a
// search share the bound as their defaults share 56 MiB, and the answer
// stays the same: a memo too small for a hard block's failed states costs
// time only.
func TestSticksWithMemory(t *testing.T) {
	wide := []int{1059, 683, 1158, 106, 2886, 1494, 1283, 842, 1576, 2838, 3741, 705, 2624, 299, 1876, 261,
		244, 2391, 2, 1346, 876, 424, 287, 234, 534, 2932, 1188, 2036, 4090, 378, 3176, 718, 4198, 1250, 188,
		1461, 161, 603, 349, 1761, 61, 3312, 735, 1708, 932, 614, 1386, 1827, 2436, 1100, 78, 1766, 533, 771,
		1963, 97, 1459, 1915, 199, 441, 171, 293, 1749, 196}
	want, _, err := Solve(context.Background(), sticks.Instance{Pieces: wide}, search.Run{})
	require.NoError(t, err)
	for _, bytes := range []int{1 << 30, 56 << 20, 4 << 20, 64 << 10, 1} {
		var s sticksSearch[trace.Counted]
		s.on = technique.Set{}.Bits(Prunings)
		require.True(t, s.init(context.Background(), wide, bytes))
		require.LessOrEqual(t, s.memoBytes+8*s.reachWords, bytes, "%d bytes", bytes)
		require.LessOrEqual(t, s.memoBytes, sticksMemoBytes)
		require.LessOrEqual(t, s.reachWords, sticksReachWords)
	}
	// 4 MiB hold the block's bitsets and 10,000 of its failed states; the
	// less, the slower: at 64 KiB, without bitsets, 150 times the nodes.
	got, _, err := Solve(context.Background(), sticks.Instance{Pieces: wide}, search.Run{Memory: 4 << 20})
	require.NoError(t, err)
	require.Equal(t, want.Length, got.Length)
	var s sticksSearch[trace.Counted]
	s.on = technique.Set{}.Bits(Prunings)
	require.True(t, s.init(context.Background(), wide, 0))
	require.Equal(t, sticksMemoBytes, s.memoBytes, "0 keeps the default")
}
