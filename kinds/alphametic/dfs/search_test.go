package dfs_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/dfs"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// readAlphameticPoint returns official point i and its expected output.
func readAlphameticPoint(tb testing.TB, i int) (alphametic.Instance, string) {
	tb.Helper()
	ps, want := judgedata.Case(tb, alphametic.Parse, "alphametic", fmt.Sprintf("alpha%d.in", i), fmt.Sprintf("alpha%d.ans", i))
	require.Len(tb, ps, 1)
	return ps[0], want
}

func TestAlphameticJudgeData(t *testing.T) {
	for i := 1; i <= 10; i++ {
		t.Run(fmt.Sprintf("alpha%d", i), func(t *testing.T) {
			p, want := readAlphameticPoint(t, i)
			a, st, err := dfs.Solve(context.Background(), p, search.Run{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			require.Equal(t, strings.Fields(want), strings.Fields(p.Format(a)), "answer, %d nodes", st.Nodes)
			// The judge promises exactly one answer.
			n, _, err := dfs.Count(context.Background(), p, 0, search.Run{})
			require.NoError(t, err)
			require.Equal(t, 1, n)
		})
	}
}

var countAlphameticTests = []struct {
	name string
	p    alphametic.Instance
	want int
}{
	{"sample", alphametic.Instance{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}}, 1},
	{"two answers", alphametic.Instance{N: 3, Words: [3]string{"AAB", "BBC", "AAC"}}, 2},
	// A = 0 and the other four letters anyhow.
	{"adding zero", alphametic.Instance{N: 5, Words: [3]string{"ABCDE", "AAAAA", "ABCDE"}}, 24},
	{"none", alphametic.Instance{N: 4, Words: [3]string{"CABB", "ACCB", "BDAD"}}, 0},
	{"top carries", alphametic.Instance{N: 2, Words: [3]string{"AB", "AB", "BB"}}, 0},
	// B = 0 and C = 2A: A is 1 or 2, and D and E, which occur nowhere,
	// take the two digits left in either order.
	{"absent letters", alphametic.Instance{N: 5, Words: [3]string{"BBBBA", "BBBBA", "BBBBC"}}, 4},
	// 0+0 = 0 (A = 0) is the only answer for "A": B takes 1.
	{"one letter", alphametic.Instance{N: 2, Words: [3]string{"AA", "AA", "AA"}}, 1},
}

func TestCountAlphametic(t *testing.T) {
	for _, tc := range countAlphameticTests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, bruteAlphametic(tc.p), "brute force")
			n, _, err := dfs.Count(context.Background(), tc.p, 0, search.Run{})
			require.NoError(t, err)
			require.Equal(t, tc.want, n)
			n, _, err = dfs.Count(context.Background(), tc.p, 2, search.Run{})
			require.NoError(t, err)
			require.Equal(t, min(tc.want, 2), n, "limit 2")

			a, _, err := dfs.Solve(context.Background(), tc.p, search.Run{})
			if tc.want == 0 {
				require.ErrorIs(t, err, puzzle.ErrNoSolution)
				return
			}
			require.NoError(t, err)
			require.NoError(t, tc.p.Verify(a))
		})
	}
}

// bruteAlphametic counts the answers of p by trying every permutation of
// the digits.
func bruteAlphametic(p alphametic.Instance) int {
	digits := make([]int, p.N)
	for i := range digits {
		digits[i] = i
	}
	count := 0
	var permute func(k int)
	permute = func(k int) {
		if k == len(digits) {
			if p.Verify(alphametic.Answer{Digits: digits}) == nil {
				count++
			}
			return
		}
		for i := k; i < len(digits); i++ {
			digits[k], digits[i] = digits[i], digits[k]
			permute(k + 1)
			digits[k], digits[i] = digits[i], digits[k]
		}
	}
	permute(0)
	return count
}

// randomAlphametic returns random words over the first n letters: when sum
// is set, a true addition under a random digit assignment, so that there
// is an answer; else three arbitrary words, which mostly have none.
func randomAlphametic(rng *rand.Rand, n int, sum bool) alphametic.Instance {
	p := alphametic.Instance{N: n}
	if !sum {
		for w := range p.Words {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('A' + rng.IntN(n))
			}
			p.Words[w] = string(b)
		}
		return p
	}
	letter := rng.Perm(n)
	var num [3][]byte
	for w := range num {
		num[w] = make([]byte, n)
	}
	// Leading digits small enough that the top cannot carry.
	carry := 0
	for i := n - 1; i >= 0; i-- {
		x, y := rng.IntN(n), rng.IntN(n)
		if i == 0 {
			x, y = rng.IntN(n/2), rng.IntN(n/2)
		}
		s := x + y + carry
		num[0][i], num[1][i], num[2][i] = byte('A'+letter[x]), byte('A'+letter[y]), byte('A'+letter[s%n])
		carry = s / n
	}
	for w := range num {
		p.Words[w] = string(num[w])
	}
	return p
}

// TestAlphameticBrute compares the search with brute force on random
// small instances, both true additions and arbitrary words.
func TestAlphameticBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(2004, 1))
	seen := map[int]int{} // how many instances had each count, to show the test covers 0, 1 and more
	for range 400 {
		p := randomAlphametic(rng, 2+rng.IntN(5), rng.IntN(2) == 0)
		want := bruteAlphametic(p)
		seen[min(want, 2)]++
		got, _, err := dfs.Count(context.Background(), p, 0, search.Run{})
		require.NoError(t, err)
		require.Equal(t, want, got, "%+v", p)
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		if want == 0 {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "%+v", p)
			continue
		}
		require.NoError(t, err)
		require.NoError(t, p.Verify(a), "%+v", p)
	}
	t.Logf("instances by count (0, 1, 2 or more): %v", seen)
	for c := range 3 {
		require.Positive(t, seen[c], "no instance with count %d", c)
	}
}

func TestAlphameticCancel(t *testing.T) {
	// A = 0 and 25! ways for the rest: counting them all never ends.
	p := alphametic.Instance{N: 26, Words: [3]string{
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ", strings.Repeat("A", 26), "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, st, err := dfs.Count(ctx, p, 0, search.Run{})
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, st.Nodes, "the search looks at ctx before its first node")
	require.Zero(t, n)

	a, _, err := dfs.Solve(context.Background(), p, search.Run{})
	require.NoError(t, err)
	require.NoError(t, p.Verify(a))
}

func TestAlphameticInvalid(t *testing.T) {
	for _, p := range []alphametic.Instance{
		{},
		{N: 27},
		{N: 3, Words: [3]string{"ABC", "ABC"}},
		{N: 3, Words: [3]string{"ABC", "ABC", "ABZ"}},
	} {
		_, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.Error(t, err)
		require.False(t, errors.Is(err, puzzle.ErrNoSolution))
		_, _, err = dfs.Count(context.Background(), p, 2, search.Run{})
		require.Error(t, err)
	}
}

func BenchmarkAlphametic(b *testing.B) {
	for i := 1; i <= 10; i++ {
		p, _ := readAlphameticPoint(b, i)
		b.Run(fmt.Sprintf("alpha%d", i), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := dfs.Solve(context.Background(), p, search.Run{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCountAlphametic proves each official answer unique.
func BenchmarkCountAlphametic(b *testing.B) {
	for i := 1; i <= 10; i++ {
		p, _ := readAlphameticPoint(b, i)
		b.Run(fmt.Sprintf("alpha%d", i), func(b *testing.B) {
			for b.Loop() {
				if n, _, err := dfs.Count(context.Background(), p, 2, search.Run{}); err != nil || n != 1 {
					b.Fatal(n, err)
				}
			}
		})
	}
}

// TestAlphameticPruningsOff switches random subsets of the prunings off on
// random small instances: the count is still the brute force's, and the
// answer still an answer.
func TestAlphameticPruningsOff(t *testing.T) {
	rng := rand.New(rand.NewPCG(2004, 19))
	ps := dfs.Prunings()
	for i := range 400 {
		p := randomAlphametic(rng, 2+rng.IntN(5), rng.IntN(2) == 0)
		spec := techniquetest.SomeOff(rng, ps)
		if i%20 == 0 {
			spec = "-column-check,-all-different" // the weakest search: leaves check everything
		}
		on := techniquetest.Resolve(t, ps, spec)
		want := bruteAlphametic(p)
		got, _, err := dfs.Count(context.Background(), p, 0, search.Run{Prunings: on})
		require.NoError(t, err)
		require.Equal(t, want, got, "%+v with %s", p, spec)
		got, _, err = dfs.Count(context.Background(), p, 2, search.Run{Prunings: on})
		require.NoError(t, err)
		require.Equal(t, min(want, 2), got, "%+v with %s, limit 2", p, spec)
		a, _, err := dfs.Solve(context.Background(), p, search.Run{Prunings: on})
		if want == 0 {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "%+v with %s", p, spec)
			continue
		}
		require.NoError(t, err)
		require.NoError(t, p.Verify(a), "%+v with %s", p, spec)
	}
}

// TestAlphameticPruningsAreReal checks that switching each pruning off
// alone changes the nodes of solving or counting some instance: the
// statement sample, the official points, or random ones.
func TestAlphameticPruningsAreReal(t *testing.T) {
	ps := []alphametic.Instance{{N: 5, Words: [3]string{"ABCED", "BDACE", "EBBAA"}}}
	for i := 1; i <= 3; i++ {
		p, _ := readAlphameticPoint(t, i)
		ps = append(ps, p)
	}
	rng := rand.New(rand.NewPCG(2004, 20))
	for range 20 {
		ps = append(ps, randomAlphametic(rng, 6+rng.IntN(3), rng.IntN(4) != 0))
	}
	ctx := context.Background()
	for _, pr := range dfs.Prunings() {
		t.Run(pr.Name, func(t *testing.T) {
			off := techniquetest.Resolve(t, dfs.Prunings(), "-"+pr.Name)
			differ := false
			for _, p := range ps {
				if pr.Name == "column-check" && p.N > 8 {
					continue // a permutation search: up to N! nodes
				}
				_, st0, err0 := dfs.Solve(ctx, p, search.Run{})
				_, st1, err1 := dfs.Solve(ctx, p, search.Run{Prunings: off})
				require.Equal(t, err0, err1)
				n0, ct0, err := dfs.Count(ctx, p, 0, search.Run{})
				require.NoError(t, err)
				n1, ct1, err := dfs.Count(ctx, p, 0, search.Run{Prunings: off})
				require.NoError(t, err)
				require.Equal(t, n0, n1, "%+v", p)
				differ = differ || st0.Nodes != st1.Nodes || ct0.Nodes != ct1.Nodes
			}
			require.True(t, differ, "-%s changes no node count", pr.Name)
		})
	}
}
