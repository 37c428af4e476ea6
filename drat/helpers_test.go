package drat_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
)

// formula builds a formula from DIMACS clauses, such as {{1, -2}, {2}}.
func formula(t testing.TB, clauses [][]int) *cnf.CNF {
	t.Helper()
	nv := 0
	for _, c := range clauses {
		for _, d := range c {
			nv = max(nv, abs(d))
		}
	}
	f := cnf.New()
	f.Vars(nv)
	for _, c := range clauses {
		ls := make([]cnf.Lit, len(c))
		for i, d := range c {
			ls[i] = cnf.FromDimacs(d)
		}
		f.Add(ls...)
	}
	return f
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dimacs reads a formula from DIMACS text.
func dimacs(t testing.TB, text string) *cnf.CNF {
	t.Helper()
	f, err := cnf.ReadDIMACS(context.Background(), "formula", strings.NewReader(text))
	require.NoError(t, err)
	return f
}

// pigeonhole returns PHP(n+1, n): n+1 pigeons, each in one of n holes,
// no two in one hole; pigeon i in hole j is variable i*n+j+1.
func pigeonhole(n int) [][]int {
	x := func(i, j int) int { return i*n + j + 1 }
	var cs [][]int
	for i := 0; i <= n; i++ {
		c := make([]int, n)
		for j := range n {
			c[j] = x(i, j)
		}
		cs = append(cs, c)
	}
	for j := range n {
		for i := 0; i <= n; i++ {
			for k := i + 1; k <= n; k++ {
				cs = append(cs, []int{-x(i, j), -x(k, j)})
			}
		}
	}
	return cs
}

// step is one step of a proof written by a test.
type step struct {
	del  bool
	lits []int
}

// parseSteps reads a text proof written by a test.
func parseSteps(t testing.TB, text string) []step {
	t.Helper()
	var steps []step
	cur := step{}
	var toks []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "c") {
			toks = append(toks, strings.Fields(line)...)
		}
	}
	for _, tok := range toks {
		if tok == "d" {
			cur.del = true
			continue
		}
		d, err := strconv.Atoi(tok)
		require.NoError(t, err)
		if d == 0 {
			steps = append(steps, cur)
			cur = step{}
			continue
		}
		cur.lits = append(cur.lits, d)
	}
	return steps
}

// textProof writes steps as a text proof.
func textProof(steps []step) []byte {
	var b bytes.Buffer
	for _, s := range steps {
		if s.del {
			b.WriteString("d ")
		}
		for _, d := range s.lits {
			fmt.Fprintf(&b, "%d ", d)
		}
		b.WriteString("0\n")
	}
	return b.Bytes()
}

// binaryProof writes steps as a binary proof.
func binaryProof(steps []step) []byte {
	var b []byte
	for _, s := range steps {
		if s.del {
			b = append(b, 'd')
		} else {
			b = append(b, 'a')
		}
		for _, d := range s.lits {
			b = appendVarint(b, uint64(cnf.FromDimacs(d)))
		}
		b = append(b, 0)
	}
	return b
}

func appendVarint(b []byte, u uint64) []byte {
	for u >= 0x80 {
		b = append(b, byte(u)|0x80)
		u >>= 7
	}
	return append(b, byte(u))
}

// check runs Check on a formula and a proof held in memory.
func check(t testing.TB, f *cnf.CNF, proof []byte, o drat.Options) *drat.Result {
	t.Helper()
	res, err := drat.Check(context.Background(), f, bytes.NewReader(proof), o)
	require.NoError(t, err)
	return res
}

// cadical returns the path of cadical, skipping the test without it.
func cadical(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("cadical is not on PATH: skipping the proofs it writes")
	}
	return path
}

// cadicalProof solves f with cadical and returns its DRAT proof, binary
// or text; the test fails unless cadical says UNSATISFIABLE.
func cadicalProof(t testing.TB, f *cnf.CNF, binary bool) []byte {
	t.Helper()
	exe := cadical(t)
	dir := t.TempDir()
	in, proof := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
	w, err := os.Create(in)
	require.NoError(t, err)
	require.NoError(t, cnf.WriteDIMACS(w, f))
	require.NoError(t, w.Close())
	args := []string{"-q", in, proof}
	if !binary {
		args = append([]string{"--no-binary"}, args...)
	}
	out, _ := exec.Command(exe, args...).CombinedOutput()
	require.Contains(t, string(out), "s UNSATISFIABLE", "cadical: %s", out)
	b, err := os.ReadFile(proof)
	require.NoError(t, err)
	return b
}
