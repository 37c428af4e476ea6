package sat_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/internal/brute"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// encodings returns every combination of the encoding's options.
func encodings(t testing.TB) map[string]technique.Picks {
	t.Helper()
	out := map[string]technique.Picks{}
	for _, sum := range []string{"operands", "pairs"} {
		for _, bounds := range []string{"doubling", "none"} {
			spec := "sum=" + sum + ",bounds=" + bounds
			enc, err := technique.ResolveEncoding(sat.Encodings(), spec)
			require.NoError(t, err)
			out[spec] = enc
		}
	}
	return out
}

// solve solves n and checks the answer with Verify.
func solve(t testing.TB, n int, c solver.Config, enc technique.Picks) (addchain.Answer, solver.Stats) {
	t.Helper()
	p := addchain.Instance{N: n}
	a, st, err := sat.Solve(context.Background(), p, c, enc)
	require.NoError(t, err, "n=%d", n)
	require.NoError(t, p.Verify(a), "n=%d", n)
	return a, st
}

// TestSolveAgainstBrute: the default encoding finds the brute force's
// chain for every n up to 64, as short and the greatest of the shortest,
// and every encoding does on a sample up to 150.
func TestSolveAgainstBrute(t *testing.T) {
	for n := 1; n <= 64; n++ {
		_, want := brute.Length(n)
		a, _ := solve(t, n, solver.Config{}, technique.Picks{})
		require.Equal(t, want, a.Chain, "n=%d", n)
	}
	rng := rand.New(rand.NewPCG(3, 39))
	for spec, enc := range encodings(t) {
		for range 4 {
			n := 1 + rng.IntN(150)
			_, want := brute.Length(n)
			a, _ := solve(t, n, solver.Config{}, enc)
			require.Equal(t, want, a.Chain, "n=%d %s", n, spec)
		}
	}
}

// TestCountAgainstBrute: the number of shortest chains, by blocking
// clauses, is the brute force's for every n up to 40 in the default
// encoding and up to 20 in every other, and a limit stops the count
// there.
func TestCountAgainstBrute(t *testing.T) {
	for spec, enc := range encodings(t) {
		top := 20
		if spec == "sum=operands,bounds=doubling" {
			top = 40
		}
		for n := 1; n <= top; n++ {
			_, want := brute.Count(n)
			got, _, err := sat.Count(context.Background(), addchain.Instance{N: n}, 1000, solver.Config{}, enc)
			require.NoError(t, err)
			require.Equal(t, want, got, "n=%d %s", n, spec)
		}
	}
	got, _, err := sat.Count(context.Background(), addchain.Instance{N: 7}, 3, solver.Config{}, technique.Picks{})
	require.NoError(t, err)
	require.Equal(t, 3, got)
}

// TestQueryMeaning: the query at m is satisfiable exactly when n has a
// chain of m additions, from 0 to a few past the shortest, and every
// model is such a chain; the size bound holds.
func TestQueryMeaning(t *testing.T) {
	for spec, enc := range encodings(t) {
		for _, n := range []int{1, 2, 3, 7, 12, 31, 77} {
			shortest, _ := brute.Length(n)
			for m := 0; m <= shortest+3; m++ {
				q, name, err := sat.QueryAt(context.Background(), addchain.Instance{N: n}, m, solver.Config{}, enc)
				require.NoError(t, err)
				require.Contains(t, name, "m=")
				a, _, err := solver.Find(context.Background(), q, solver.Config{})
				// n - 1 additions at most: 1, 2, ..., n.
				if m < shortest || m > n-1 {
					require.ErrorIs(t, err, solver.ErrUnsatisfiable, "n=%d m=%d %s: %v", n, m, spec, a.Chain)
					continue
				}
				require.NoError(t, err, "n=%d m=%d %s", n, m, spec)
				require.Equal(t, m, a.Len())
				require.NoError(t, addchain.Instance{N: n}.Verify(a))
			}
		}
	}
}

// TestSizeBound: Size bounds the literals of the query built.
func TestSizeBound(t *testing.T) {
	for _, e := range []sat.Encoding{{}, {Bounds: true}, {Sum: sat.Pairs}, {Sum: sat.Pairs, Bounds: true}} {
		for _, n := range []int{1, 2, 77, 1000, addchain.MaxN} {
			for _, m := range []int{0, 1, 5, 19, 38} {
				got := int64(sat.Build(n, m, e).Formula().NumLits())
				require.LessOrEqual(t, got, sat.Size(n, m, e), "n=%d m=%d %+v", n, m, e)
			}
		}
	}
}

// TestRangeSample: on a few n from 200 to 320 the chains pass Verify, no
// shorter than ⌈log2 n⌉ and no longer than the binary method's (package
// addchain's tests compare both backends on others).
func TestRangeSample(t *testing.T) {
	for _, n := range []int{200, 256, 320} {
		a, _ := solve(t, n, solver.Config{}, technique.Picks{})
		require.GreaterOrEqual(t, a.Len(), addchain.LowerBound(n))
		require.LessOrEqual(t, a.Len(), addchain.Binary(n).Len())
	}
}

// TestProof: with a prover, the optimum is certified by a checked DRAT
// proof of the query one addition shorter, kept in the proof folder, and
// the formula kept beside it reads back as the query's.
func TestProof(t *testing.T) {
	p, err := solver.DefaultProver()
	if errors.Is(err, solver.ErrNoProver) {
		t.Skip("no prover: build with -tags cadical, or put cadical on PATH")
	}
	require.NoError(t, err)
	dir := t.TempDir()
	c := solver.Config{Proof: &solver.Proof{Prover: p, Dir: dir, Name: "n77"}}
	a, st := solve(t, 77, c, technique.Picks{})
	require.Equal(t, 8, a.Len())
	require.Len(t, st.Proofs, 1)
	pc := st.Proofs[0]
	require.Equal(t, "m=7", pc.Query)
	require.FileExists(t, pc.DRAT)
	require.FileExists(t, pc.CNF)
	require.Equal(t, dir, filepath.Dir(pc.DRAT))
	// The certified formula is the query at m = 7.
	text, err := os.ReadFile(pc.CNF)
	require.NoError(t, err)
	kept, err := cnf.ReadDIMACS(context.Background(), pc.CNF, strings.NewReader(string(text)))
	require.NoError(t, err)
	q, _, err := sat.QueryAt(context.Background(), addchain.Instance{N: 77}, 7, solver.Config{}, technique.Picks{})
	require.NoError(t, err)
	require.Equal(t, q.Formula().NumClauses(), kept.NumClauses())
	if drat, err := exec.LookPath("drat-trim"); err == nil {
		out, _ := exec.Command(drat, pc.CNF, pc.DRAT).CombinedOutput()
		require.Contains(t, string(out), "s VERIFIED")
	}
	// n = 1 needs no proof: no chain is shorter than none.
	_, st = solve(t, 1, c, technique.Picks{})
	require.Empty(t, st.Proofs)
}

// TestBudget: a query over the budget is a *TooLarge error, before it is
// built, however long the chain asked about.
func TestBudget(t *testing.T) {
	_, _, err := sat.Solve(context.Background(), addchain.Instance{N: 77}, solver.Config{Budget: 100}, technique.Picks{})
	var tl *solver.TooLarge
	require.ErrorAs(t, err, &tl)
	require.True(t, tl.Bound)
	for _, m := range []int{5000, 1 << 17} {
		_, _, err = sat.QueryAt(context.Background(), addchain.Instance{N: addchain.MaxN}, m, solver.Config{}, technique.Picks{})
		require.ErrorAs(t, err, &tl, "m=%d", m)
	}
	require.Equal(t, int64(math.MaxInt64), sat.Size(addchain.MaxN, 1<<17, sat.Encoding{}))
	// Past n-1 additions the query is unsatisfiable, and small.
	for _, m := range []int{77, 1000, math.MaxInt32} {
		q, _, err := sat.QueryAt(context.Background(), addchain.Instance{N: 77}, m, solver.Config{}, technique.Picks{})
		require.NoError(t, err)
		require.LessOrEqual(t, int64(q.Formula().NumLits()), sat.Size(77, m, sat.Encoding{}))
		_, _, err = solver.Find(context.Background(), q, solver.Config{})
		require.ErrorIs(t, err, solver.ErrUnsatisfiable)
	}
}

// TestStops: a done context stops Solve and Count with its error.
func TestStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := sat.Solve(ctx, addchain.Instance{N: 77}, solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = sat.Count(ctx, addchain.Instance{N: 77}, 5, solver.Config{}, technique.Picks{})
	require.ErrorIs(t, err, context.Canceled)
}

// TestBadInstance: an n out of range is an error, not a query.
func TestBadInstance(t *testing.T) {
	_, _, err := sat.Solve(context.Background(), addchain.Instance{N: 0}, solver.Config{}, technique.Picks{})
	require.ErrorContains(t, err, "out of range")
	_, _, err = sat.QueryAt(context.Background(), addchain.Instance{N: 5}, -1, solver.Config{}, technique.Picks{})
	require.Error(t, err)
}
