package sat

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/digitsearch"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/internal/ref/digitbrute"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

var digitEncodings = []Options{
	{Product: Circuit}, {Product: Table},
	{Product: Circuit, NoLastDigit: true}, {Product: Table, NoLastDigit: true},
}

// TestDigitOneSolverReuse runs thousands of patterns of every length
// triple, no-product triples and leading zeros among them, through one
// oracle (one solver per triple, reused for every pattern), and compares
// each count with a fresh oracle's and the brute force's. Most patterns
// answer UNSAT under their assumptions at some point, so this is the
// re-solve-after-UNSAT path of gini that the guarded blocking clauses
// keep safe: no solver may ever be rebuilt.
func TestDigitOneSolverReuse(t *testing.T) {
	ctx := context.Background()
	for _, enc := range digitEncodings {
		t.Run(enc.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(12107, 1))
			shared := newDigitOracle(enc, solver.Config{})
			patterns := 2500
			if testing.Short() || enc.NoLastDigit { // the variants without last-digit clauses share every path
				patterns = 500
			}
			for i := range patterns {
				a := digitbrute.RandomPattern(rng, []float64{0.2, 0.5, 0.8}[i%3])
				want := digitbrute.Count(a, 0)
				limit := digitLimit(i, want)
				got, err := shared.count(ctx, a, limit)
				require.NoError(t, err)
				require.Equal(t, min(want, limit), got, "shared oracle: count(%s %s %s, %d)", a.A, a.B, a.C, limit)
				if i%5 == 0 { // a fresh solver for every fifth keeps the test short
					fresh, err := newDigitOracle(enc, solver.Config{}).count(ctx, a, limit)
					require.NoError(t, err)
					require.Equal(t, got, fresh, "fresh oracle: count(%s %s %s, %d)", a.A, a.B, a.C, limit)
				}
			}
			st := shared.stats()
			require.Zero(t, st.Rebuilds, "a solver was rebuilt: an UNSAT answer found it unsafe")
			for l, tr := range shared.triples {
				require.Equal(t, digitpuzzle.Admits(l[0], l[1], l[2]), tr.s != nil, "triple %v: a solver exactly when a product exists", l)
			}
			t.Logf("%d patterns on %d solvers: %d solves, %d conflicts, %v in gini", patterns, len(shared.triples), st.Solves, st.Conflicts, st.Time)
		})
	}
}

// digitLimit returns the limit of the i-th count of a pattern with want
// solutions: 1, 2, 3 in turn, and every fourth time one past want (no
// limit reached) unless want is large, where enumerating every solution
// would only cost time.
func digitLimit(i, want int) int {
	if i%4 < 3 {
		return i%4 + 1
	}
	if want < digitEnumerateMax {
		return want + 1
	}
	return digitEnumerateMax
}

// digitEnumerateMax is the most solutions a test enumerates one by one.
const digitEnumerateMax = 64

func TestCountDigitAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(12107, 2))
	ctx := context.Background()
	for i := range 1200 {
		a := digitbrute.RandomPattern(rng, []float64{0.3, 0.6, 0.9}[i%3])
		p := digitpuzzle.Instance{Case: 1, A: a.A, B: a.B, C: a.C}
		want := digitbrute.Count(a, 0)
		limit := digitLimit(i, want)
		if i%4 == 3 && want < digitEnumerateMax {
			limit = 0 // no limit
		}
		got, _, err := Count(ctx, p, limit, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		if limit > 0 {
			want = min(want, limit)
		}
		require.Equal(t, want, got, "CountDigit(%s %s %s, %d, solver.Config{})", a.A, a.B, a.C, limit)
	}
}

func TestCountDigitBuildsNoSolverWithoutProduct(t *testing.T) {
	for _, p := range []digitpuzzle.Instance{{A: "**", B: "**", C: "*"}, {A: "*", B: "*", C: "***"}, {A: "9", B: "9", C: "8***"}} {
		n, st, err := Count(context.Background(), p, 0, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.Zero(t, n, "CountDigit(%s %s %s, solver.Config{})", p.A, p.B, p.C)
		require.Zero(t, st.Solves, "CountDigit(%s %s %s, solver.Config{}) built a solver", p.A, p.B, p.C)
		_, st, err = Solve(context.Background(), p, solver.Config{}, technique.Picks{})
		require.ErrorIs(t, err, puzzle.ErrNoSolution)
		require.Zero(t, st.Solves)
	}
}

func TestCountDigitRejectsBadPatterns(t *testing.T) {
	for _, p := range []digitpuzzle.Instance{
		{A: "", B: "1", C: "1"}, {A: "123", B: "1", C: "1"}, {A: "1", B: "x", C: "1"},
		{A: "1", B: "1", C: "12345"}, {A: "1", B: "1", C: "-"},
	} {
		_, _, err := Count(context.Background(), p, 2, solver.Config{}, technique.Picks{})
		require.Error(t, err, "CountDigit(%q %q %q, solver.Config{})", p.A, p.B, p.C)
	}
}

// TestDigitAgreesWithBruteForce solves random puzzles from gen, and
// random puzzles of every length triple, by the SAT backend and by the
// brute force.
func TestDigitAgreesWithBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12107, 3))
	var ps []digitpuzzle.Instance
	for range 300 {
		ps = append(ps, gen.Random(rng))
	}
	for range 100 {
		a := digitbrute.RandomPattern(rng, 0.3+0.4*rng.Float64())
		ps = append(ps, digitpuzzle.Instance{Case: 1, A: a.A, B: a.B, C: a.C})
	}
	for _, p := range ps {
		want, ok := digitbrute.Solve(p)
		got, _, err := Solve(ctx, p, solver.Config{}, technique.Picks{})
		if !ok {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "Digit(%s %s %s)", p.A, p.B, p.C)
			continue
		}
		require.NoError(t, err, "Digit(%s %s %s)", p.A, p.B, p.C)
		require.Equal(t, want, got, "Digit(%s %s %s)", p.A, p.B, p.C)
		require.NoError(t, p.Verify(got))
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
		{digitpuzzle.Instance{A: "**", B: "**", C: "**"}, digitpuzzle.Answer{}, puzzle.ErrNoSolution},
	} {
		got, _, err := Solve(context.Background(), tc.in, solver.Config{}, technique.Picks{})
		require.ErrorIs(t, err, tc.err, "Digit(%+v)", tc.in)
		require.Equal(t, tc.want, got, "Digit(%+v)", tc.in)
	}
	// A leading zero in B or C is no input error: the search changes it.
	for _, p := range []digitpuzzle.Instance{{A: "1*", B: "05", C: "0**"}, {A: "9", B: "09", C: "0*"}} {
		want, _ := digitbrute.Solve(p)
		got, _, err := Solve(context.Background(), p, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.Equal(t, want, got, "Digit(%+v)", p)
		require.NotEqual(t, byte('0'), got.B[0])
	}
}

func TestDigitStopsOnDoneContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := digitpuzzle.Instance{A: "**", B: "**", C: "****"}
	_, _, err := Solve(ctx, p, solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = Count(ctx, p, 0, solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, context.Canceled)
}

func TestDigitJudgeData(t *testing.T) {
	ps, want := digitbrute.Sample(t)
	var out strings.Builder
	for _, p := range ps {
		a, st, err := Solve(context.Background(), p, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.NoError(t, p.Verify(a))
		out.WriteString(p.Format(a))
		t.Logf("%s %s %s: %d solves, %d conflicts, %v", p.A, p.B, p.C, st.Solves, st.Conflicts, st.Time)
	}
	require.Equal(t, want, out.String())
}

// BenchmarkDigit solves the statement sample and 300 puzzles from gen by
// the SAT backend (native's BenchmarkDigit is the DFS side).
func BenchmarkDigit(b *testing.B) {
	b.Run("sample", func(b *testing.B) {
		ps, _ := digitbrute.Sample(b)
		benchDigit(b, ps, digitEncoding(technique.Picks{}))
	})
	b.Run("gen300", func(b *testing.B) {
		benchDigit(b, gen.RandomDigits(rand.New(rand.NewPCG(12107, 300)), 300), digitEncoding(technique.Picks{}))
	})
}

// BenchmarkDigitEncoding compares the encodings on the 300 puzzles.
func BenchmarkDigitEncoding(b *testing.B) {
	for _, enc := range digitEncodings {
		b.Run(enc.String(), func(b *testing.B) { benchDigit(b, gen.RandomDigits(rand.New(rand.NewPCG(12107, 300)), 300), enc) })
	}
}

func benchDigit(b *testing.B, ps []digitpuzzle.Instance, enc Options) {
	var st solver.Stats
	for b.Loop() {
		for _, p := range ps {
			o := newDigitOracle(enc, solver.Config{})
			_, _, err := digitsearch.Search[trace.Uncounted](context.Background(), p, technique.Set{}.Bits(digitsearch.Prunings), nil, func(q digitpuzzle.Answer) (bool, error) {
				n, err := o.count(context.Background(), q, 2)
				return n == 1, err
			})
			if err != nil && err != puzzle.ErrNoSolution {
				b.Fatal(err)
			}
			st.Add(o.stats())
		}
	}
	b.ReportMetric(float64(st.Solves)/float64(b.N), "solves/op")
	b.ReportMetric(float64(st.Conflicts)/float64(b.N), "conflicts/op")
	b.ReportMetric(float64(st.Time.Nanoseconds())/float64(b.N)/1e6, "gini-ms/op")
}

// BenchmarkDigitEngines solves the digit-puzzle statement sample, a few
// hundred small incremental queries, with each engine.
func BenchmarkDigitEngines(b *testing.B) {
	ps, _ := digitbrute.Sample(b)
	installed := solver.Installed()
	engines := append([]solver.Engine{solver.Gini()}, installed...)
	for _, e := range append(engines, solver.Portfolio(engines...)) {
		b.Run(e.Name(), func(b *testing.B) {
			var st solver.Stats
			for b.Loop() {
				for _, p := range ps {
					_, s, err := Solve(context.Background(), p, solver.Config{Engine: e}, technique.Picks{})
					if err != nil {
						b.Fatal(err)
					}
					st.Add(s)
				}
			}
			b.ReportMetric(float64(st.Solves)/float64(b.N), "solves/op")
			b.ReportMetric(float64(st.Time.Microseconds())/float64(st.Solves), "µs/solve")
			b.Logf("winners: %s", st.Winner())
		})
	}
}

// TestDigitEncodingPicks solves and counts random puzzles with random
// picks of DigitEncodings, against the brute force.
func TestDigitEncodingPicks(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(12107, 19))
	cs := Encodings()
	for i := range 60 {
		var parts []string
		for _, c := range cs {
			parts = append(parts, c.Point+"="+c.Options[rng.IntN(len(c.Options))])
		}
		spec := strings.Join(parts, ",")
		picks, err := technique.ResolveEncoding(cs, spec)
		require.NoError(t, err)
		p := gen.Random(rng)
		if i%2 == 0 {
			a := digitbrute.RandomPattern(rng, 0.3+0.4*rng.Float64())
			p = digitpuzzle.Instance{Case: 1, A: a.A, B: a.B, C: a.C}
		}
		want, ok := digitbrute.Solve(p)
		got, _, err := Solve(ctx, p, solver.Config{}, picks)
		if !ok {
			require.ErrorIs(t, err, puzzle.ErrNoSolution, "Digit(%s %s %s) with %s", p.A, p.B, p.C, spec)
		} else {
			require.NoError(t, err, "Digit(%s %s %s) with %s", p.A, p.B, p.C, spec)
			require.Equal(t, want, got, "Digit(%s %s %s) with %s", p.A, p.B, p.C, spec)
		}
		n, _, err := Count(ctx, p, 0, solver.Config{}, picks)
		require.NoError(t, err)
		require.Equal(t, digitbrute.Count(digitpuzzle.Answer{A: p.A, B: p.B, C: p.C}, 0), n, "CountDigit(%s %s %s) with %s", p.A, p.B, p.C, spec)
	}
}

// TestDigitEncodingsAreReal checks that each option away from the
// default changes the conflicts of solving the statement sample or some
// puzzle from gen.
func TestDigitEncodingsAreReal(t *testing.T) {
	ps, _ := digitbrute.Sample(t)
	ps = append(ps, gen.RandomDigits(rand.New(rand.NewPCG(12107, 20)), 4)...)
	cs := Encodings()
	for _, c := range cs {
		for _, o := range c.Options[1:] {
			t.Run(c.Point+"="+o, func(t *testing.T) {
				picks, err := technique.ResolveEncoding(cs, c.Point+"="+o)
				require.NoError(t, err)
				var st0, st1 solver.Stats
				for _, p := range ps {
					a0, s0, err := Solve(context.Background(), p, solver.Config{}, technique.Picks{})
					require.NoError(t, err)
					a1, s1, err := Solve(context.Background(), p, solver.Config{}, picks)
					require.NoError(t, err)
					require.Equal(t, a0, a1, "Digit(%s %s %s)", p.A, p.B, p.C)
					st0.Add(s0)
					st1.Add(s1)
				}
				require.NotEqual(t, st0.Conflicts, st1.Conflicts, "%s=%s changes no conflict count", c.Point, o)
			})
		}
	}
}
