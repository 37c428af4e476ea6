package solver_test

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// provers returns every prover available: CaDiCaL in process when built
// in, and the cadical and kissat programs on PATH; the test is skipped
// when there is none.
func provers(t *testing.T) []solver.Prover {
	t.Helper()
	var ps []solver.Prover
	if _, ok := solver.Cadical(); ok {
		p, err := solver.ParseProver("cadical")
		require.NoError(t, err)
		ps = append(ps, p)
	}
	for _, name := range []string{"cadical", "kissat"} {
		if path, err := exec.LookPath(name); err == nil {
			p, err := solver.ParseProver(path)
			require.NoError(t, err)
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		t.Skip("no prover: build with -tags cadical, or put cadical on PATH")
	}
	return ps
}

// TestProofsCertifyUnsat: with Config.Proof, every UNSAT answer of random
// formulas under assumptions, with every engine in process and every
// prover, comes with a checked proof; the answers agree with brute force,
// and the kept files check again.
func TestProofsCertifyUnsat(t *testing.T) {
	for _, p := range provers(t) {
		for _, e := range inProcess() {
			t.Run(p.Name()+"/"+e.Name(), func(t *testing.T) {
				dir := t.TempDir()
				rng := rand.New(rand.NewPCG(22, 1))
				unsat := 0
				for round := range 30 {
					n := 4 + rng.IntN(5)
					f := cnf.New()
					for range n {
						f.Var("")
					}
					randomCNF(rng, f, n, 3*n)
					s := solver.Config{Engine: e, Proof: &solver.Proof{Prover: p, Dir: dir, Name: "random"}}.New(f)
					s.Name("round" + strings.Repeat("i", round%3))
					for range 3 {
						var assume []cnf.Lit
						for k := rng.IntN(3); k > 0; k-- {
							assume = append(assume, cnf.Var(1+rng.IntN(n)).Pos()^cnf.Lit(rng.IntN(2)))
						}
						st, err := s.Solve(context.Background(), assume...)
						require.NoError(t, err)
						require.Equal(t, len(bruteModels(f, n, assume)) > 0, st == solver.Sat)
						if st == solver.Unsat {
							unsat++
						}
					}
					got := s.Stats()
					s.Close()
					for _, pc := range got.Proofs {
						require.FileExists(t, pc.CNF)
						require.FileExists(t, pc.DRAT)
						require.Equal(t, p.Name(), pc.Prover)
						recheck(t, pc.CNF, pc.DRAT)
					}
				}
				require.Positive(t, unsat)
			})
		}
	}
}

// recheck checks a kept proof against its kept formula, as puzzlesat
// check does.
func recheck(t *testing.T, cnfPath, proofPath string) {
	t.Helper()
	cf, err := os.Open(cnfPath)
	require.NoError(t, err)
	defer cf.Close()
	f, err := cnf.ReadDIMACS(context.Background(), cnfPath, cf)
	require.NoError(t, err)
	pf, err := os.Open(proofPath)
	require.NoError(t, err)
	defer pf.Close()
	res, err := drat.Check(context.Background(), f, pf, drat.Options{Name: proofPath})
	require.NoError(t, err)
	require.Equal(t, drat.Verified, res.Verdict, "%s: %v", proofPath, res.Reason)
}

// TestProofsOfCountAndSearch: the end of a count and of an ordered
// search is one UNSAT answer, certified; the search finds its models by
// solves then.
func TestProofsOfCountAndSearch(t *testing.T) {
	p := provers(t)[0]
	f := cnf.New()
	a, b, c := f.Lit(), f.Lit(), f.Lit()
	f.ExactlyOne(a, b, c)
	for _, e := range inProcess() {
		s := solver.Config{Engine: e, Proof: &solver.Proof{Prover: p}}.New(f)
		n, err := s.CountOneHot(context.Background(), []cnf.Var{a.Var(), b.Var(), c.Var()}, 10)
		require.NoError(t, err)
		require.Equal(t, 3, n)
		require.Len(t, s.Stats().Proofs, 1)
		require.Empty(t, s.Stats().Proofs[0].DRAT, "not kept without a Dir")
		m, err := s.Search(context.Background(), [][]cnf.Lit{{a, b, c}}, func(cnf.Model) bool { return true })
		require.NoError(t, err)
		require.Equal(t, 3, m)
		require.Len(t, s.Stats().Proofs, 2)
		s.Close()
	}
}

// TestLyingProvers: a proof that does not refute the formula fails the
// solve, never an UNSAT answer: an empty proof, a proof with a lemma
// dropped or a literal flipped, a truncated one, and a prover that finds
// a model where the engine said UNSAT.
func TestLyingProvers(t *testing.T) {
	f := cnf.New()
	pigeons(f, 5, 0) // unsatisfiable, and not by unit propagation
	cadical, err := exec.LookPath("cadical")
	havecadical := err == nil
	tests := []struct {
		name, body string
		real       bool // runs the real cadical program first
	}{
		// Run as cadical is: $1 is -q, $2 the formula, $3 the proof.
		{"empty proof", `: > "$3"; echo 's UNSATISFIABLE'; exit 20`, false},
		{"only the empty clause", `echo 0 > "$3"; echo 's UNSATISFIABLE'; exit 20`, false},
		{"no proof at all", `echo 's UNSATISFIABLE'; exit 20`, false},
		{"lemmas dropped", `"CADICAL" -q --binary=false "$2" "$3" >/dev/null; sed -i '/^d /d' "$3"; sed -i '1~2d' "$3"; echo 's UNSATISFIABLE'; exit 20`, true},
		{"a literal flipped", `"CADICAL" -q --binary=false "$2" "$3" >/dev/null; sed -i '/^d /!s/^\([0-9]\)/-\1/' "$3"; echo 's UNSATISFIABLE'; exit 20`, true},
		{"truncated", `"CADICAL" -q --binary=false "$2" "$3" >/dev/null; head -c 40 "$3" > "$3.t"; mv "$3.t" "$3"; echo 's UNSATISFIABLE'; exit 20`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.real && !havecadical {
				t.Skip("cadical is not on PATH")
			}
			path := fake(t, "cadical", strings.ReplaceAll(tc.body, "CADICAL", cadical))
			p, err := solver.ParseProver(path)
			require.NoError(t, err)
			s := solver.Config{Engine: solver.Gini(), Proof: &solver.Proof{Prover: p}}.New(f)
			defer s.Close()
			st, err := s.Solve(context.Background())
			require.ErrorIs(t, err, solver.ErrNotCertified)
			require.Equal(t, solver.Unknown, st)
			t.Log(err)
		})
	}
	t.Run("a model where the engine said UNSAT", func(t *testing.T) {
		p := provers(t)[0]
		liar, err := solver.Program(fake(t, "liar", "echo 's UNSATISFIABLE'; exit 20"))
		require.NoError(t, err)
		s := solver.Config{Engine: liar, Proof: &solver.Proof{Prover: p}}.New(twoClauses())
		defer s.Close()
		_, err = s.Solve(context.Background())
		require.ErrorIs(t, err, solver.ErrNotCertified)
		require.ErrorContains(t, err, "the UNSAT answer was wrong")
	})
}

// TestCertify proves a formula without solving it first, as the cake
// backend does for the bound below its optimum.
func TestCertify(t *testing.T) {
	p := provers(t)[0]
	f := cnf.New()
	pigeons(f, 4, 0)
	st, err := solver.Certify(context.Background(), solver.Config{Proof: &solver.Proof{Prover: p}}, f, "Q<=9")
	require.NoError(t, err)
	require.Len(t, st.Proofs, 1)
	require.Equal(t, "Q<=9", st.Proofs[0].Query)
	_, err = solver.Certify(context.Background(), solver.Config{Proof: &solver.Proof{Prover: p}}, twoClauses(), "sat")
	require.ErrorIs(t, err, solver.ErrNotCertified)
}

// TestParseProver: the names that write DRAT proofs, and the others.
func TestParseProver(t *testing.T) {
	_, err := solver.ParseProver("minisat")
	require.ErrorContains(t, err, "writes no DRAT proof")
	_, err = solver.ParseProver("/nonexistent/cadical")
	require.Error(t, err)
	t.Setenv("PATH", t.TempDir())
	if _, ok := solver.Cadical(); !ok {
		_, err = solver.ParseProver("")
		require.ErrorIs(t, err, solver.ErrNoProver)
		require.ErrorContains(t, err, "libcadical-dev")
	}
}
