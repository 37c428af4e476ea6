package sat_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/internal/ref/sticksref"
	"github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// sticksFiles are the judge files whose answers use every piece. Every
// block in them takes the SAT backend well under a second (README), so
// all run in the default test.
var sticksFiles = []string{
	"sample",
	"cerc1995_sticks_le50",
	"cerc1995_sticks_pure",
	"folklore_comment2",
	"folklore_pkuoj_comment",
	"hard_454",
}

// readSticks returns the blocks of a judge file and the expected answers.
func readSticks(tb testing.TB, name string) ([]sticks.Instance, []int) {
	tb.Helper()
	ps, out := judgedata.Case(tb, sticks.Parse, "sticks", name+".in", name+".out")
	want := judgedata.Ints(tb, out)
	require.Len(tb, want, len(ps))
	return ps, want
}

func TestSticksJudgeData(t *testing.T) {
	for _, name := range sticksFiles {
		t.Run(name, func(t *testing.T) {
			ps, want := readSticks(t, name)
			var times []time.Duration
			for i, p := range ps {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				start := time.Now()
				a, _, err := sat.Solve(ctx, p, solver.Config{}, technique.Picks{})
				times = append(times, time.Since(start))
				cancel()
				require.NoError(t, err, "block %d", i+1)
				require.NoError(t, p.Verify(a), "block %d", i+1)
				require.Equal(t, want[i], a.Length, "block %d", i+1)
			}
			slices.Sort(times)
			t.Logf("%d blocks, median %v, worst %v", len(ps), times[len(times)/2], times[len(times)-1])
		})
	}
}

// TestSticksHard454RefutesHalf checks the hard query on its own: the 64
// pieces of hard_454 do not make 10 sticks of 227.
func TestSticksHard454RefutesHalf(t *testing.T) {
	ps, _ := readSticks(t, "hard_454")
	q := sat.Encode(ps[0], 227)
	s := solver.New(q.Formula())
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
	t.Logf("L=227: %v", s.Stats())
}

// TestSticksGenerated compares the SAT backend, in every encoding that
// was measured, with the textbook backtracking of sticksref on generated blocks.
func TestSticksGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	encs := []string{"", "sum=mdd", "sum=mdd-atmost", "sum=adder", "symmetry=first", "symmetry=none", "model=pieces",
		"model=pieces,sum=mdd,symmetry=first", "long=none", "long=half", "long=third", "long=both"}
	for b := range 25 {
		p := gen.Random(rng, 2+rng.IntN(5), 5+rng.IntN(25))
		want := sticksref.Classic(p.Pieces)
		for _, enc := range append(encs, techniquetest.SomePicks(rng, sat.Encodings())) {
			a, _, err := sat.Solve(context.Background(), p, solver.Config{}, sticksPicks(t, enc))
			require.NoError(t, err, enc)
			require.NoError(t, p.Verify(a))
			require.Equal(t, want, a.Length, "block %d %v, encoding %s", b, p.Pieces, enc)
		}
	}
}

// TestSticksEncodingsReal checks that every option of every choice point
// changes the conflicts on some block, and never the answer: generated
// blocks of the classic size, and blocks whose sticks hold two pieces
// over a third of their length, where the long pieces are counted, each
// option tried on them in turn until the conflicts differ.
func TestSticksEncodingsReal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1011, 22))
	var ps []sticks.Instance
	for range 20 {
		ps = append(ps, gen.Random(rng, 3+rng.IntN(5), 10+rng.IntN(30)))
		var p sticks.Instance
		for range 3 + rng.IntN(4) { // sticks of 100: two pieces over 100/3 and one under
			a, b := 36+rng.IntN(10), 36+rng.IntN(10)
			p.Pieces = append(p.Pieces, a, b, 100-a-b)
		}
		ps = append(ps, p)
	}
	for _, c := range sat.Encodings() {
		for _, o := range c.Options[1:] {
			spec := c.Point + "=" + o
			t.Run(spec, func(t *testing.T) {
				differs := false
				for _, p := range ps {
					want, st, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
					require.NoError(t, err)
					got, st2, err := sat.Solve(context.Background(), p, solver.Config{}, sticksPicks(t, spec))
					require.NoError(t, err, "%v", p.Pieces)
					require.NoError(t, p.Verify(got), "%v", p.Pieces)
					require.Equal(t, want.Length, got.Length, "%v", p.Pieces)
					if st.Conflicts != st2.Conflicts {
						differs = true
						break
					}
				}
				require.True(t, differs, "%s has the default's conflicts on every block", spec)
			})
		}
	}
}

// sticksPicks resolves spec against SticksEncodings.
func sticksPicks(t testing.TB, spec string) technique.Picks {
	t.Helper()
	enc, err := technique.ResolveEncoding(sat.Encodings(), spec)
	require.NoError(t, err, spec)
	return enc
}

func TestSticksEdgeCases(t *testing.T) {
	tests := []struct {
		name   string
		pieces []int
		want   int
	}{
		{"one piece", []int{7}, 7},
		{"prime sum", []int{3, 4}, 7},
		{"equal pieces", []int{4, 4, 4}, 4},
		{"above half is the sum", []int{5, 1, 1, 1}, 8},
		{"sample 1", []int{5, 2, 1, 5, 2, 1, 5, 2, 1}, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := sticks.Instance{Pieces: tc.pieces}
			a, _, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{})
			require.NoError(t, err)
			require.NoError(t, p.Verify(a))
			require.Equal(t, tc.want, a.Length)
		})
	}
	_, _, err := sat.Solve(context.Background(), sticks.Instance{}, solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, puzzle.ErrNoSolution)
}

// block18 is block 18 of the original CERC 1995 data with every piece
// kept (31 pieces, sum 1098): the refutation of L = 122 (9 sticks) needs
// the pieces longer than L/3 counted per stick (README).
var block18 = sticks.Instance{Pieces: []int{51, 29, 45, 11, 5, 49, 55, 33, 36, 6, 45, 60, 51, 8, 5, 53, 45, 12, 58, 33, 59, 7, 4, 63, 6, 50, 45, 26, 40, 52, 56}}

// TestSticksCancel stops the search on block 18 in the encoding without
// long pieces counted, whose refutation of L = 122 is out of reach of
// gini within a minute (README).
func TestSticksCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := sat.Solve(ctx, block18, solver.Config{}, sticksPicks(t, "long=none"))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	// Out of reach within a minute (README): less means the deadline
	// stopped it, however busy the machine.
	require.Less(t, time.Since(start), time.Minute)
}

// TestSticksOriginalCERC solves every block of the original CERC 1995
// data with all pieces kept, whose judge answers are for the pieces up to
// 50 only, and compares with the DFS. Block 18 is among them.
func TestSticksOriginalCERC(t *testing.T) {
	ps := readOriginalCERC(t)
	require.Len(t, ps, 258)
	for i, p := range ps {
		want, _, err := dfs.Solve(context.Background(), p, search.Run{})
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		a, _, err := sat.Solve(ctx, p, solver.Config{}, technique.Picks{})
		cancel()
		require.NoError(t, err, "block %d", i+1)
		require.NoError(t, p.Verify(a), "block %d", i+1)
		require.Equal(t, want.Length, a.Length, "block %d", i+1)
	}
}

// readOriginalCERC returns the blocks of cerc1995_sticks.in.
func readOriginalCERC(tb testing.TB) []sticks.Instance {
	tb.Helper()
	return judgedata.Parse(tb, judgedata.Path(tb, "sticks", "cerc1995_sticks.in"), sticks.Parse)
}

func TestSticksBudget(t *testing.T) {
	_, _, err := sat.Solve(context.Background(), block18, solver.Config{Budget: 1000}, technique.Picks{})
	var tl *solver.TooLarge
	require.ErrorAs(t, err, &tl)
	require.True(t, tl.Bound, "refused before it is built")
	require.ErrorContains(t, err, "L=122: the formula would hold up to ")
	require.ErrorContains(t, err, "over the budget of 1000")
	a, _, err := sat.Solve(context.Background(), block18, solver.Config{Budget: 10_000_000}, technique.Picks{})
	require.NoError(t, err)
	require.Equal(t, 183, a.Length)
}

func BenchmarkSticksSAT(b *testing.B) {
	for _, name := range sticksFiles {
		ps, _ := readSticks(b, name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, p := range ps {
					if _, _, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// sticksHardQueries are the hardest queries of the data, both UNSAT:
// hard_454 at L = 227 (10 sticks) and block 18 of the original CERC data
// at L = 122 (9 sticks).
func sticksHardQueries(tb testing.TB) []struct {
	name   string
	p      sticks.Instance
	length int
} {
	ps, _ := readSticks(tb, "hard_454")
	return []struct {
		name   string
		p      sticks.Instance
		length int
	}{{"hard454_L227", ps[0], 227}, {"cerc18_L122", block18, 122}}
}

// BenchmarkSticksEncodings compares the encodings on the hardest queries
// and reports gini's conflicts. On block 18 only the encodings that count
// the pieces longer than L/3 finish; the others, and on hard_454 the
// slowest combinations (pieces without the lex rule, pieces with adders),
// need over a minute and are left out (README).
func BenchmarkSticksEncodings(b *testing.B) {
	third := []sat.Encoding{{}, {Long: sat.LongThird}, {Long: sat.LongBoth}}
	all := append(slices.Clone(third),
		sat.Encoding{Long: sat.LongNone},
		sat.Encoding{Long: sat.LongHalf},
		sat.Encoding{Sum: sat.SumMDD},
		sat.Encoding{Sum: sat.SumMDDAtMost},
		sat.Encoding{Sum: sat.SumAdder},
		sat.Encoding{Symmetry: sat.SymmetryFirst},
		sat.Encoding{Symmetry: sat.SymmetryNone},
		sat.Encoding{Pieces: true},
		sat.Encoding{Pieces: true, Sum: sat.SumMDD},
	)
	for _, hq := range sticksHardQueries(b) {
		encs := all
		if hq.name == "cerc18_L122" {
			encs = third
		}
		for _, enc := range encs {
			b.Run(hq.name+"/"+strings.ReplaceAll(enc.String(), "/", "_"), func(b *testing.B) {
				var st solver.Stats
				for b.Loop() {
					q := sat.EncodeWith(hq.p, hq.length, enc)
					s := solver.New(q.Formula())
					res, err := s.Solve(context.Background())
					if err != nil || res != solver.Unsat {
						b.Fatal(res, err)
					}
					st = s.Stats()
				}
				b.ReportMetric(float64(st.Conflicts), "conflicts")
				b.ReportMetric(float64(st.Vars), "vars")
				b.ReportMetric(float64(st.Clauses), "clauses")
			})
		}
	}
}

// BenchmarkSticksOriginalCERC solves the 258 blocks of the original CERC
// 1995 data with every piece kept, and reports the slowest block.
func BenchmarkSticksOriginalCERC(b *testing.B) {
	ps := readOriginalCERC(b)
	var worst time.Duration
	for b.Loop() {
		for _, p := range ps {
			start := time.Now()
			if _, _, err := sat.Solve(context.Background(), p, solver.Config{}, technique.Picks{}); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(start))
		}
	}
	b.ReportMetric(worst.Seconds(), "worst-block-s")
}
