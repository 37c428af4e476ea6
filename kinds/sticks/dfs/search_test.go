package dfs_test

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/internal/ref/sticksref"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
)

// sticksFiles are the judge files whose answers use every piece.
var sticksFiles = []string{
	"sample",
	"cerc1995_sticks_le50",
	"cerc1995_sticks_pure",
	"folklore_comment2",
	"folklore_pkuoj_comment",
	"hard_454",
}

// readSticks reads a judge input file and its expected output; with drop
// > 0 it drops the pieces longer than drop first, as the CERC judge did.
func readSticks(tb testing.TB, name string, drop int) ([]sticks.Instance, string) {
	tb.Helper()
	ps, want := judgedata.Case(tb, sticks.Parse, "sticks", name+".in", name+".out")
	if drop > 0 {
		for i := range ps {
			ps[i], _ = ps[i].DropLonger(drop)
		}
	}
	return ps, want
}

// solveSticksFile solves every block, checks each answer with Verify and
// returns the judge output.
func solveSticksFile(t *testing.T, ps []sticks.Instance) string {
	t.Helper()
	var out strings.Builder
	for i, p := range ps {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err, "block %d", i+1)
		require.NoError(t, p.Verify(a), "block %d: %v", i+1, a)
		out.WriteString(p.Format(a))
	}
	return out.String()
}

func TestSticksJudgeData(t *testing.T) {
	for _, name := range sticksFiles {
		t.Run(name, func(t *testing.T) {
			ps, want := readSticks(t, name, 0)
			require.Equal(t, want, solveSticksFile(t, ps))
		})
	}
}

// TestSticksCERCDropLonger reproduces the original CERC answers, which
// ignore the pieces over 50.
func TestSticksCERCDropLonger(t *testing.T) {
	ps, want := readSticks(t, "cerc1995_sticks", 50)
	require.Equal(t, want, solveSticksFile(t, ps))
}

// TestSticksFixtures checks the statement sample and blocks on which the
// classic search takes seconds (answers from that search, see the README).
func TestSticksFixtures(t *testing.T) {
	for _, name := range []string{"sample", "gen_hard"} {
		t.Run(name, func(t *testing.T) {
			ps, want := readSticks(t, name, 0)
			require.Equal(t, want, solveSticksFile(t, ps))
		})
	}
}

// TestSticksScaled solves the CERC blocks with every length multiplied by
// k: the answers scale by k. Times 3 mixes lengths below and above 64
// (the bit mask and the sorting paths); times 100 has only long lengths
// and sticks of many bitset words. The lengths that are not multiples of k
// must be refuted, which the gcd of the pieces does at once.
func TestSticksScaled(t *testing.T) {
	ps, _ := readSticks(t, "cerc1995_sticks_le50", 0)
	want, err := os.ReadFile(judgedata.Path(t, "sticks", "cerc1995_sticks_le50.out"))
	require.NoError(t, err)
	lines := strings.Fields(string(want))
	require.Len(t, lines, len(ps))
	for _, k := range []int{3, 100} {
		for i, p := range ps {
			q := sticks.Instance{Pieces: make([]int, len(p.Pieces))}
			for j, v := range p.Pieces {
				q.Pieces[j] = k * v
			}
			a, _, err := dfs.Solve(context.Background(), q, search.Run{})
			require.NoError(t, err, "block %d", i+1)
			require.NoError(t, q.Verify(a), "block %d", i+1)
			require.Equal(t, lines[i], strconv.Itoa(a.Length/k), "block %d times %d", i+1, k)
			require.Zero(t, a.Length%k, "block %d times %d", i+1, k)
		}
	}
}

var sticksEdgeTests = []struct {
	name   string
	pieces []int
	want   int // 0: puzzle.ErrNoSolution
}{
	{"empty", nil, 0},
	{"zero piece", []int{3, 0}, 0},
	{"negative piece", []int{3, -3}, 0},
	{"one piece", []int{7}, 7},
	{"equal pieces", []int{5, 5, 5, 5}, 5},
	{"prime sum", []int{2, 2, 3}, 7},
	{"only the whole", []int{6, 1, 1}, 8},
	{"long pieces", []int{10000, 9999, 1}, 10000},
}

func TestSticksEdges(t *testing.T) {
	for _, tc := range sticksEdgeTests {
		t.Run(tc.name, func(t *testing.T) {
			p := sticks.Instance{Pieces: tc.pieces}
			a, _, err := dfs.Solve(context.Background(), p, search.Run{})
			if tc.want == 0 {
				require.ErrorIs(t, err, puzzle.ErrNoSolution)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, a.Length)
			require.NoError(t, p.Verify(a))
		})
	}
}

func TestSticksCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := sticks.Instance{Pieces: []int{5, 2, 1, 5, 2, 1, 5, 2, 1}}
	_, _, err := dfs.Solve(ctx, p, search.Run{})
	require.ErrorIs(t, err, context.Canceled)
}

// sticksStubborn is a generated block that the search cannot settle in
// seconds: 57 pieces of 37..53 (total 2541 = 3*7*11*11).
var sticksStubborn = []int{41, 46, 42, 42, 44, 51, 49, 46, 45, 46, 43, 42, 45, 43, 42, 45, 51, 40, 49,
	42, 41, 46, 41, 47, 42, 39, 38, 38, 41, 52, 38, 53, 44, 46, 45, 44, 51, 45, 46, 50, 42, 44, 42, 50,
	48, 42, 53, 37, 41, 44, 52, 43, 45, 52, 46, 39, 40}

// TestSticksDeadline: the search looks at its context as it goes, and
// stops at a deadline counted in its work (poll.Budget) with what it did.
func TestSticksDeadline(t *testing.T) {
	_, st, err := dfs.Solve(poll.Budget(context.Background(), 20), sticks.Instance{Pieces: sticksStubborn}, search.Run{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Positive(t, st.Nodes)
}

// sticksBrute returns the answer by dynamic programming over subsets: a
// set of pieces can be laid end to end into full sticks plus one partial
// stick iff some piece can go last onto such a set. Only for n <= 16.
func sticksBrute(pieces []int) int {
	n, sum := len(pieces), 0
	for _, v := range pieces {
		sum += v
	}
	sums := make([]int, 1<<n)
	for m := 1; m < 1<<n; m++ {
		i := bitsTrailing(m)
		sums[m] = sums[m&(m-1)] + pieces[i]
	}
	for l := slices.Max(pieces); ; l++ {
		if sum%l != 0 {
			continue
		}
		ok := make([]bool, 1<<n)
		ok[0] = true
		for m := 1; m < 1<<n; m++ {
			for i := range n {
				prev := m &^ (1 << i)
				if m&(1<<i) != 0 && ok[prev] && sums[prev]%l+pieces[i] <= l {
					ok[m] = true
					break
				}
			}
		}
		if ok[1<<n-1] {
			return l
		}
	}
}

func bitsTrailing(m int) int {
	i := 0
	for m&1 == 0 {
		m >>= 1
		i++
	}
	return i
}

// TestSticksGenerated compares the search with sticksBrute on tiny blocks
// and with sticksref.Classic on blocks of the classic size.
func TestSticksGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 600 {
		var p sticks.Instance
		var want int
		if i%2 == 0 {
			p = gen.Random(rng, 1+rng.IntN(4), 1+rng.IntN(24))
			if len(p.Pieces) > 14 {
				continue
			}
			want = sticksBrute(p.Pieces)
		} else {
			p = gen.Random(rng, 2+rng.IntN(7), 5+rng.IntN(40))
			want = sticksref.Classic(p.Pieces)
		}
		a, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err, "%v", p.Pieces)
		require.Equal(t, want, a.Length, "%v", p.Pieces)
		require.NoError(t, p.Verify(a), "%v", p.Pieces)
	}
}

func BenchmarkSticks(b *testing.B) {
	files := []struct {
		name string
		ps   []sticks.Instance
	}{
		{"hard_454", nil},
		{"cerc1995_le50", nil},
	}
	files[0].ps, _ = readSticks(b, "hard_454", 0)
	files[1].ps, _ = readSticks(b, "cerc1995_sticks_le50", 0)
	ps, _ := readSticks(b, "gen_hard", 0)
	files = append(files, struct {
		name string
		ps   []sticks.Instance
	}{"gen_hard", ps})
	for _, f := range files {
		b.Run(f.name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				for _, p := range f.ps {
					_, st, err := dfs.Solve(context.Background(), p, search.Run{})
					if err != nil {
						b.Fatal(err)
					}
					nodes += st.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
