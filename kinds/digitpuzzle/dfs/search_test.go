package dfs_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/technique/techniquetest"
)

// randomDigit returns a puzzle of the given lengths, or of random ones,
// as digitbrute.RandomPattern makes them.
func randomDigit(rng *rand.Rand, star float64, lengths ...int) digitpuzzle.Instance {
	a := digitbrute.RandomPattern(rng, star, lengths...)
	return digitpuzzle.Instance{Case: 1, A: a.A, B: a.B, C: a.C}
}

func TestCountDigitAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	ctx := context.Background()
	for i := range 3000 {
		p := randomDigit(rng, []float64{0.3, 0.6, 0.9}[i%3])
		want := digitbrute.Count(digitpuzzle.Answer{A: p.A, B: p.B, C: p.C}, 0)
		got, _, err := dfs.Count(ctx, p, 0, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, want, got, "CountDigit(%s %s %s, no limit)", p.A, p.B, p.C)
		got, _, err = dfs.Count(ctx, p, 2, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, min(want, 2), got, "CountDigit(%s %s %s, 2)", p.A, p.B, p.C)
	}
}

func TestCountDigitRejectsBadPatterns(t *testing.T) {
	for _, p := range []digitpuzzle.Instance{
		{A: "", B: "1", C: "1"}, {A: "123", B: "1", C: "1"}, {A: "1", B: "x", C: "1"},
		{A: "1", B: "1", C: "12345"}, {A: "1", B: "1", C: "-1"},
	} {
		_, _, err := dfs.Count(context.Background(), p, 2, search.Run{CountCuts: true})
		require.Error(t, err, "CountDigit(%q %q %q)", p.A, p.B, p.C)
	}
}

func TestDigitAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	for range 300 {
		p := gen.Random(rng)
		want, _ := digitbrute.Solve(p)
		got, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err, "Digit(%s %s %s)", p.A, p.B, p.C)
		require.Equal(t, want, got, "Digit(%s %s %s)", p.A, p.B, p.C)
		require.NoError(t, p.Verify(got))
	}
}

func TestDigitEveryLengthTriple(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 3))
	for la := 1; la <= 2; la++ {
		for lb := 1; lb <= 2; lb++ {
			for lc := 1; lc <= 4; lc++ {
				// Fewer given digits keep the brute force's search shallow.
				for i := range 24 {
					p := randomDigit(rng, 0.25+float64(i%4)/4, la, lb, lc)
					want, ok := digitbrute.Solve(p)
					got, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
					if !ok {
						require.ErrorIs(t, err, puzzle.ErrNoSolution, "Digit(%s %s %s)", p.A, p.B, p.C)
						continue
					}
					require.NoError(t, err, "Digit(%s %s %s)", p.A, p.B, p.C)
					require.Equal(t, want, got, "Digit(%s %s %s)", p.A, p.B, p.C)
				}
			}
		}
	}
}

func TestDigitCornerCases(t *testing.T) {
	for _, tc := range []struct {
		in   digitpuzzle.Instance
		want digitpuzzle.Answer
		err  error
	}{
		{digitpuzzle.Instance{A: "7", B: "**", C: "8*"}, digitpuzzle.Answer{A: "7", B: "**", C: "8*"}, nil},
		{digitpuzzle.Instance{A: "**", B: "**", C: "***"}, digitpuzzle.Answer{A: "**", B: "**", C: "1*1"}, nil},
		{digitpuzzle.Instance{A: "0", B: "5", C: "0"}, digitpuzzle.Answer{A: "0", B: "5", C: "0"}, nil},
		{digitpuzzle.Instance{A: "**", B: "**", C: "*"}, digitpuzzle.Answer{}, puzzle.ErrNoSolution},
		{digitpuzzle.Instance{A: "*", B: "*", C: "***"}, digitpuzzle.Answer{}, puzzle.ErrNoSolution},
		{digitpuzzle.Instance{A: "**", B: "**", C: "**"}, digitpuzzle.Answer{}, puzzle.ErrNoSolution},
	} {
		got, _, err := dfs.Solve(context.Background(), tc.in, search.Run{CountCuts: true})
		require.ErrorIs(t, err, tc.err, "Digit(%+v)", tc.in)
		require.Equal(t, tc.want, got, "Digit(%+v)", tc.in)
	}
	// A leading zero in B or C is no input error: the search changes it.
	for _, p := range []digitpuzzle.Instance{{A: "1*", B: "05", C: "0**"}, {A: "9", B: "09", C: "0*"}} {
		want, _ := digitbrute.Solve(p)
		got, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, want, got, "Digit(%+v)", p)
		require.NotEqual(t, byte('0'), got.B[0])
	}
}

func TestDigitStopsOnDoneContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := digitpuzzle.Instance{A: "**", B: "**", C: "****"}
	_, _, err := dfs.Solve(ctx, p, search.Run{CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = dfs.Count(ctx, p, 0, search.Run{CountCuts: true})
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
	require.NoError(t, err)
}

func TestDigitStatementSample(t *testing.T) {
	ps, want := digitbrute.Sample(t)
	var out strings.Builder
	for _, p := range ps {
		a, _, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		out.WriteString(p.Format(a))
	}
	require.Equal(t, want, out.String())
}

// BenchmarkDigit solves the statement sample, and 300 puzzles from gen
// (fixed seed; the figure the speed target is about).
func BenchmarkDigit(b *testing.B) {
	b.Run("sample", func(b *testing.B) {
		ps, _ := digitbrute.Sample(b)
		benchDigit(b, ps)
	})
	b.Run("gen300", func(b *testing.B) { benchDigit(b, gen.RandomDigits(rand.New(rand.NewPCG(12107, 300)), 300)) })
}

func benchDigit(b *testing.B, ps []digitpuzzle.Instance) {
	var nodes int64
	for b.Loop() {
		for _, p := range ps {
			_, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
			if err != nil {
				b.Fatal(err)
			}
			nodes += st.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestDigitPruningsOff switches random subsets of the prunings off: Digit
// still gives the brute force's pattern, the least among the fewest
// changes, and CountDigit its count.
func TestDigitPruningsOff(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 19))
	ctx := context.Background()
	ps := dfs.Prunings()
	for i := range 150 {
		p := gen.Random(rng)
		if i%2 == 0 {
			p = randomDigit(rng, 0.3+0.4*rng.Float64())
		}
		spec := techniquetest.SomeOff(rng, ps)
		if strings.Contains(spec, "-change-budget") && strings.Contains(spec, "-prefix-fit") && len(p.A+p.B+p.C) > 6 {
			spec = strings.ReplaceAll(spec, "-prefix-fit", "-least-first") // every pattern of a depth is too many here
		}
		on := techniquetest.Resolve(t, ps, spec)
		want, ok := digitbrute.Solve(p)
		got, _, err := dfs.Solve(ctx, p, search.Run{Prunings: on, CountCuts: true})
		if !ok {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "Digit(%s %s %s) with %s", p.A, p.B, p.C, spec)
		} else {
			require.NoError(t, err, "Digit(%s %s %s) with %s", p.A, p.B, p.C, spec)
			require.Equal(t, want, got, "Digit(%s %s %s) with %s", p.A, p.B, p.C, spec)
		}
		n, _, err := dfs.Count(ctx, p, 0, search.Run{Prunings: on, CountCuts: true})
		require.NoError(t, err)
		require.Equal(t, digitbrute.Count(digitpuzzle.Answer{A: p.A, B: p.B, C: p.C}, 0), n, "CountDigit(%s %s %s) with %s", p.A, p.B, p.C, spec)
	}
}

// TestDigitPruningsAreReal checks that switching each pruning off alone
// changes the nodes of some puzzle, of the statement sample or from gen,
// and never the answer.
func TestDigitPruningsAreReal(t *testing.T) {
	ps, _ := digitbrute.Sample(t)
	ps = append(ps, gen.RandomDigits(rand.New(rand.NewPCG(6, 20)), 20)...)
	ctx := context.Background()
	for _, pr := range dfs.Prunings() {
		t.Run(pr.Name, func(t *testing.T) {
			off := techniquetest.Resolve(t, dfs.Prunings(), "-"+pr.Name)
			differ := false
			for _, p := range ps {
				a0, st0, err := dfs.Solve(ctx, p, search.Run{CountCuts: true})
				require.NoError(t, err)
				a1, st1, err := dfs.Solve(ctx, p, search.Run{Prunings: off, CountCuts: true})
				require.NoError(t, err)
				require.Equal(t, a0, a1, "Digit(%s %s %s)", p.A, p.B, p.C)
				differ = differ || st0.Nodes != st1.Nodes
			}
			require.True(t, differ, "-%s changes no node count", pr.Name)
		})
	}
}

// TestDigitCuts pins the counters on the statement's first case, 7 ** 8*,
// whose own pattern is unique at depth 0: the search places no
// character, so least-first leaves none untried, and the uniqueness
// test, with A = 7, skips the B outside [ceil(80/7), floor(89/7)] = 12
// only: 89 of the 90 values 10..99 (product-range); it finds one
// solution, so the count never stops at two. Its nodes are A = 7 and
// B = 12. Each count is 0 with its pruning off, and the same on a second
// run.
func TestDigitCuts(t *testing.T) {
	p := digitpuzzle.Instance{Case: 1, A: "7", B: "**", C: "8*"}
	ps := dfs.Prunings()
	_, st, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
	require.NoError(t, err)
	require.Equal(t, []int64{0, 0, 0, 0, 89}, st.Cuts)
	require.Equal(t, int64(2), st.Nodes)
	_, again, err := dfs.Solve(context.Background(), p, search.Run{CountCuts: true})
	require.NoError(t, err)
	require.Equal(t, st.Cuts, again.Cuts)

	hard := digitpuzzle.Instance{Case: 2, A: "**", B: "**", C: "***"}
	for i, pr := range ps {
		set, _, err := technique.ResolvePrunings(ps, "-"+pr.Name)
		require.NoError(t, err)
		_, st, err := dfs.Solve(context.Background(), hard, search.Run{Prunings: set, CountCuts: true})
		require.NoError(t, err)
		require.Zero(t, st.Cuts[i], "%s off", pr.Name)
	}
}
