package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestQueensJudgeData solves and counts the judge's sizes and beyond:
// both backends where the SAT backend, which must visit every model to
// count, takes under a second (N up to 11), the DFS on the rest.
func TestQueensJudgeData(t *testing.T) {
	for _, tc := range []struct {
		cmd, name string
		args      []string
	}{
		{"solve", "sample", []string{"--backend=both"}},
		{"solve", "checker", []string{"--dfs=-mirror"}},
		{"solve", "checker", []string{"--backend=dfs"}},
		{"solve", "large", []string{"--backend=both"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := judgedata.Path(t, "queens", tc.name+".in")
			want := readFile(t, judgedata.Path(t, "queens", tc.name+".out"))
			out, errs, code := cli(t, "", append([]string{tc.cmd, "queens", in}, tc.args...)...)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, want, out)
		})
	}
	out, errs, code := cli(t, "6 7 8 9 10 11\n", "solve", "queens", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, readFile(t, judgedata.Path(t, "queens", "checker.out"))[:len(out)], out)
	// The DFS counts the boards up to 14 (counts.out goes to 16, which
	// BenchmarkQueens times), the SAT backend up to 10 by blocking clauses.
	want := strings.SplitAfter(readFile(t, judgedata.Path(t, "queens", "counts.out")), "\n")
	out, errs, code = cli(t, "1 2 3 4 5 6 7 8 9 10 11 12 13 14\n", "count", "queens", "--limit=100000000")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, strings.Join(want[:14], ""), out)
	out, errs, code = cli(t, "1 2 3 4 5 6 7 8 9 10\n", "count", "queens", "--backend=both", "--limit=1000")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1\n0\n0\n2\n10\n4\n40\n92\n352\n724\n", out)
}

func TestQueensBadInput(t *testing.T) {
	tests := []badInput{
		{"zero", "6\n0\n", "<stdin>:2: board size N 0 out of range 1..32"},
		{"too big", "33", "<stdin>:1: board size N 33 out of range 1..32"},
		{"word", "six\n", `<stdin>:1: expected a board size N (1..32), got "six"`},
		{"empty", "", "<stdin>:1: expected a board size N (1..32), got end of input"},
	}
	requireBadInput(t, tests, []string{"solve", "queens"}, []string{"count", "queens", "--backend=sat"})
}

// TestQueensRoundTrip exports the 8×8 board, solves it with a real
// solver where one is installed, or by the command's own sat, and decodes
// the model to one valid solution.
func TestQueensRoundTrip(t *testing.T) {
	dir := t.TempDir()
	cnf := filepath.Join(dir, "q.cnf")
	_, errs, code := cli(t, "8\n", "encode", "queens", "-o", cnf, "--encoding=symmetry=none")
	require.Equal(t, exitOK, code, errs)
	model, _, code := cli(t, "", "sat", cnf)
	require.Equal(t, 10, code)
	out, errs, code := cli(t, "8\n", "decode", "queens", "--model", writeTemp(t, "model", model), "--encoding=symmetry=none")
	require.Equal(t, exitOK, code, errs)
	require.Regexp(t, `^[1-8]( [1-8]){7}\n$`, out)
}

// TestCountLimitZero: --limit=0 counts every solution, by every backend,
// and prints the count itself, never ">=".
func TestCountLimitZero(t *testing.T) {
	for _, backend := range []string{"dfs", "sat", "both", "race"} {
		out, errs, code := cli(t, "6\n8\n", "count", "queens", "--limit=0", "--backend="+backend)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "4\n92\n", out, backend)
	}
	_, errs, code := cli(t, "8\n", "count", "queens", "--limit=-1")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--limit must be 0 (count every solution) or more, got -1")
}
