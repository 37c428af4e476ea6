package drat_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/sat"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	catssat "github.com/puzzlesat/puzzlesat/kinds/cats/sat"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	stickssat "github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
)

// clausesOf returns the clauses of f as DIMACS integers.
func clausesOf(f *cnf.CNF) [][]int {
	cs := make([][]int, f.NumClauses())
	for i := range cs {
		for _, l := range f.Clause(i) {
			cs[i] = append(cs[i], l.Dimacs())
		}
	}
	return cs
}

// verifyCadical checks cadical's text and binary proofs of f: both are
// verified alike, the LRAT passes the independent checker, and the core
// is unsatisfiable for cadical. It returns the text proof's steps.
func verifyCadical(t *testing.T, f *cnf.CNF) []step {
	t.Helper()
	text := cadicalProof(t, f, false)
	bin := cadicalProof(t, f, true)
	var lrat, core bytes.Buffer
	res := check(t, f, text, drat.Options{LRAT: &lrat, Core: &core})
	require.Equal(t, drat.Verified, res.Verdict, "%+v", res)
	resBin := check(t, f, bin, drat.Options{})
	require.Equal(t, res.Stats, resBin.Stats, "text and binary proofs")
	require.NoError(t, checkLRAT(clausesOf(f), lrat.String()))
	require.True(t, unsatByCadical(t, core.Bytes()), "the core is satisfiable")
	return parseSteps(t, string(text))
}

// unsatByCadical reports whether cadical finds a DIMACS formula unsatisfiable.
func unsatByCadical(t *testing.T, dimacs []byte) bool {
	t.Helper()
	path := filepath.Join(t.TempDir(), "core.cnf")
	require.NoError(t, os.WriteFile(path, dimacs, 0o644))
	out, _ := exec.Command(cadical(t), "-q", path).CombinedOutput()
	return strings.Contains(string(out), "s UNSATISFIABLE")
}

func TestPigeonholeCadical(t *testing.T) {
	cadical(t)
	for n := 2; n <= 6; n++ {
		t.Run(fmt.Sprintf("PHP(%d,%d)", n+1, n), func(t *testing.T) {
			f := formula(t, pigeonhole(n))
			verifyCadical(t, f)
			res := check(t, f, cadicalProof(t, f, true), drat.Options{})
			require.Equal(t, f.NumClauses(), res.CoreClauses, "PHP is minimally unsatisfiable: the core is all of it")
		})
	}
}

// TestCorruptedCadical breaks cadical's proof of PHP(7, 6). The first
// mutations refute it whatever cadical wrote: the proof cut before the
// lemma that led to the conflict reaches none; with the empty clause
// after the cut, the empty clause is not RUP; with every clause of the
// formula deleted first, nothing is left to propagate; cut inside a
// clause, it does not parse. Random mutations of the lemmas that the
// refutation uses (one dropped, a literal flipped, a formula clause
// deleted before them) may leave a valid proof: then its LRAT must pass
// the independent checker.
func TestCorruptedCadical(t *testing.T) {
	f := formula(t, pigeonhole(6))
	steps := verifyCadical(t, f)
	res := check(t, f, textProof(steps), drat.Options{})
	lemmas := 0
	cut := 0 // the steps before the lemma of the conflict
	for i, s := range steps {
		if !s.del {
			if lemmas++; lemmas == res.Conflict {
				cut = i
				break
			}
		}
	}
	require.Positive(t, cut)

	truncated := check(t, f, textProof(steps[:cut]), drat.Options{})
	require.Equal(t, drat.NoConflict, truncated.Reason)

	early := append(steps[:cut:cut], step{})
	res = check(t, f, textProof(early), drat.Options{})
	require.Equal(t, drat.NotImplied, res.Reason)
	require.Empty(t, res.Failed.Clause, "the empty clause fails")

	var wiped []step
	for _, c := range pigeonhole(6) {
		wiped = append(wiped, step{del: true, lits: c})
	}
	res = check(t, f, textProof(append(wiped, steps...)), drat.Options{})
	require.Equal(t, drat.NotVerified, res.Verdict)

	bin := binaryProof(steps)
	_, err := drat.Check(t.Context(), f, bytes.NewReader(bin[:len(bin)/2]), drat.Options{})
	if err == nil { // cut at a step's end by chance: one byte more
		_, err = drat.Check(t.Context(), f, bytes.NewReader(bin[:len(bin)/2+1]), drat.Options{})
	}
	require.ErrorIs(t, err, drat.ErrSyntax)

	// The lemmas the refutation uses, by their LRAT lines.
	var lrat bytes.Buffer
	check(t, f, textProof(steps), drat.Options{LRAT: &lrat})
	used := map[int]bool{}
	for _, line := range strings.Split(strings.TrimSpace(lrat.String()), "\n") {
		var id int
		if _, err := fmt.Sscan(line, &id); err == nil && !strings.Contains(line, " d ") {
			used[id-f.NumClauses()] = true // the lemma's 1-based number
		}
	}
	var core []int // indices in steps of those lemmas
	lemmas = 0
	for i, s := range steps {
		if !s.del {
			if lemmas++; used[lemmas] {
				core = append(core, i)
			}
		}
	}
	require.NotEmpty(t, core)
	rng := rand.New(rand.NewSource(4))
	clauses := pigeonhole(6)
	refuted := 0
	const tries = 60
	for k := range tries {
		i := core[rng.Intn(len(core))]
		mutated := append([]step(nil), steps...)
		switch k % 3 {
		case 0:
			mutated = append(mutated[:i], mutated[i+1:]...)
		case 1:
			s := mutated[i]
			if len(s.lits) == 0 {
				continue
			}
			s.lits = append([]int(nil), s.lits...)
			s.lits[rng.Intn(len(s.lits))] *= -1
			mutated[i] = s
		case 2:
			c := clauses[rng.Intn(len(clauses))]
			mutated = append(mutated[:i:i], append([]step{{del: true, lits: c}}, mutated[i:]...)...)
		}
		var lrat bytes.Buffer
		res := check(t, f, textProof(mutated), drat.Options{LRAT: &lrat})
		if res.Verdict != drat.Verified {
			refuted++
			continue
		}
		require.NoError(t, checkLRAT(clauses, lrat.String()), "mutation %d", k)
	}
	t.Logf("%d of %d mutations refuted", refuted, tries)
	require.Positive(t, refuted)
}

// TestPuzzleQueriesCadical checks cadical's proofs of small
// unsatisfiable queries that the project's encoders make: sticks
// hard_454 at length 227 (its answer is 454), cakes one below their
// optimal area, cats in fewer cars than they need.
func TestPuzzleQueriesCadical(t *testing.T) {
	cadical(t)
	hard := judgedata.Parse(t, judgedata.Path(t, "sticks", "hard_454.in"), sticks.Parse)[0]
	cake := func(name string, area int) *cnf.CNF {
		p := judgedata.Parse(t, judgedata.Path(t, "cake", name), cake.Parse)[0]
		return sat.Encode(p, area).Formula()
	}
	tests := []struct {
		name string
		f    *cnf.CNF
	}{
		{"sticks hard_454 L=227", stickssat.Encode(hard, 227).Formula()},
		{"cake sample Q<=67", cake("sample.in", 67)},
		{"cake1 Q<=1399", cake("cake1.in", 1399)},
		{"cake3 Q<=315", cake("cake3.in", 315)},
		{"cats thirds in 3 cars", catssat.Encode(cats.Instance{W: 30, Weights: []int{11, 11, 11, 11, 12, 12, 13}}, 3).Formula()},
		{"cats sum bound in 2 cars", catssat.Encode(cats.Instance{W: 10, Weights: []int{7, 5, 4, 3, 3, 2}}, 2).Formula()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			verifyCadical(t, tc.f)
		})
	}
}
