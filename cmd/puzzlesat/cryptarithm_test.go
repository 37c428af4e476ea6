package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCryptarithmSamples(t *testing.T) {
	for _, name := range []string{"sample", "fortresses"} {
		for _, backend := range []string{"dfs", "sat", "both"} {
			out, errs, code := cli(t, "", "solve", "cryptarithm", "--backend="+backend, "../../kinds/cryptarithm/testdata/"+name+".in")
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, readFile(t, "../../kinds/cryptarithm/testdata/"+name+".out"), out, "%s %s", name, backend)
		}
	}
}

// TestCryptarithmExercism runs the ten Exercism puzzles, two of which have
// no solution: they print "no solution" in their place and the command
// exits 1.
func TestCryptarithmExercism(t *testing.T) {
	out, errs, code := cli(t, "", "solve", "cryptarithm", "--backend=both", "../../kinds/cryptarithm/testdata/exercism.in")
	require.Equal(t, exitFailed, code, errs)
	require.Equal(t, readFile(t, "../../kinds/cryptarithm/testdata/exercism.out"), out)
}

func TestCryptarithmCount(t *testing.T) {
	in := "A + B = C\nSEND + MORE = MONEY\nA == B\n"
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, in, "count", "cryptarithm", "--backend="+backend, "--limit=100")
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "32\n1\n0\n", out, backend)
	}
	out, _, code := cli(t, in, "count", "cryptarithm")
	require.Equal(t, exitOK, code)
	require.Equal(t, ">=2\n1\n0\n", out)
}

func TestCryptarithmBase(t *testing.T) {
	// In base 2, A + A = AB has the one answer A=1 B=0.
	out, errs, code := cli(t, "A + A = AB\n", "solve", "cryptarithm", "--base=2", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "A=1 B=0\n", out)
	// In base 16 the largest digit prints in decimal.
	out, errs, code = cli(t, "A + B = CD\n", "count", "cryptarithm", "--base=16", "--backend=both", "--limit=1000")
	require.Equal(t, exitOK, code, errs)
	require.NotEqual(t, "0\n", out)
}

func TestCryptarithmBadInput(t *testing.T) {
	tests := []badInput{
		{"no =", "SEND + MORE\n", `<stdin>:1: expected "+" or "=" after "MORE", got end of line`},
		{"two =", "A + B = C = D\n", `<stdin>:1: a second "=" at column 11`},
		{"digit in a word", "SEND + MORE = MONEY\nSE3D + MORE = MONEY\n", `<stdin>:2: unexpected "3" at column 3`},
		{"other character", "SEND + MO-RE = MONEY\n", `<stdin>:1: unexpected "-" at column 10`},
		{"empty word", "SEND + + MORE = MONEY\n", `<stdin>:1: expected addend 2`},
		{"empty sum", "SEND + MORE =\n", `<stdin>:1: expected the sum, got end of line`},
		{"empty input", "", "<stdin>:1: expected a puzzle"},
	}
	requireBadInput(t, tests, []string{"solve", "cryptarithm"}, []string{"count", "cryptarithm"}, []string{"encode", "cryptarithm"})
	for _, base := range []string{"1", "37"} {
		flag := "--base=" + base
		bad := []badInput{{"base " + base, "A = B\n", "puzzlesat: --base must be in 2..36, got " + base}}
		requireBadInput(t, bad, []string{"solve", "cryptarithm", flag}, []string{"count", "cryptarithm", flag}, []string{"encode", "cryptarithm", flag})
	}
}

func TestCryptarithmGen(t *testing.T) {
	out, errs, code := cli(t, "", "gen", "cryptarithm", "--count", "4", "--seed", "7", "--addends", "3", "--width", "4")
	require.Equal(t, exitOK, code, errs)
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 4)
	again, _, _ := cli(t, "", "gen", "cryptarithm", "--count", "4", "--seed", "7", "--addends", "3", "--width", "4")
	require.Equal(t, out, again, "same seed, same puzzles")
	counts, errs, code := cli(t, out, "count", "cryptarithm", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1\n1\n1\n1\n", counts)
	for _, bad := range [][]string{{"--base=17"}, {"--addends=1"}, {"--width=13"}} {
		_, errs, code := cli(t, "", append([]string{"gen", "cryptarithm"}, bad...)...)
		require.Equal(t, exitUsage, code, bad)
		require.Contains(t, errs, "must be in")
	}
}

// TestCryptarithmRoundTrip encodes SEND + MORE = MONEY and the 199-addend
// puzzle, solves the DIMACS with the sat subcommand and decodes the model,
// both as written and in MiniSat's result-file form; a model for another
// base is refused.
func TestCryptarithmRoundTrip(t *testing.T) {
	for _, name := range []string{"sample", "fortresses"} {
		in := "../../kinds/cryptarithm/testdata/" + name + ".in"
		want := strings.SplitAfter(readFile(t, "../../kinds/cryptarithm/testdata/"+name+".out"), "\n")[0]
		cnf, errs, code := cli(t, "", "encode", "cryptarithm", in)
		require.Equal(t, exitOK, code, errs)
		require.Contains(t, cnf, "c query solution in base 10\n")
		again, _, _ := cli(t, "", "encode", "cryptarithm", in)
		require.Equal(t, cnf, again, "deterministic DIMACS")
		model, _, code := cli(t, cnf, "sat", "-")
		require.Equal(t, exitSat, code)
		for _, m := range []string{model, minisatForm(model)} {
			out, errs, code := cli(t, "", "decode", "cryptarithm", "--model", writeTemp(t, "model", m), in)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, want, out)
		}
		_, errs, code = cli(t, "", "decode", "cryptarithm", "--base=11", "--model", writeTemp(t, "model", model), in)
		require.Equal(t, exitUsage, code)
		require.Contains(t, errs, "made for another")
	}
	out, _, code := cli(t, "A == B\n", "decode", "cryptarithm", "--model", writeTemp(t, "u", "s UNSATISFIABLE\n"))
	require.Equal(t, exitFailed, code)
	require.Equal(t, "no solution\n", out)
}

// TestCryptarithmExternalSolvers runs MiniSat and CaDiCaL, where
// installed, on the exported 199-addend puzzle and decodes what they say.
func TestCryptarithmExternalSolvers(t *testing.T) {
	in := "../../kinds/cryptarithm/testdata/fortresses.in"
	want := readFile(t, "../../kinds/cryptarithm/testdata/fortresses.out")
	dir := t.TempDir()
	cnf := filepath.Join(dir, "c.cnf")
	_, errs, code := cli(t, "", "encode", "cryptarithm", "-o", cnf, in)
	require.Equal(t, exitOK, code, errs)
	if externalSolvers(t, cnf, dir, func(solver, model string) {
		out, errs, code := cli(t, "", "decode", "cryptarithm", "--model", model, in)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, want, out, solver)
	}) == 0 {
		t.Skip("neither minisat nor cadical is on PATH")
	}
}

// TestCryptarithmTooLarge: the SAT backend refuses a formula whose bound
// passes --budget before building it; the DFS is not bounded by it.
func TestCryptarithmTooLarge(t *testing.T) {
	out, errs, code := cli(t, "SEND + MORE = MONEY\n", "solve", "cryptarithm", "--backend=sat", "--budget=1000")
	require.Equal(t, exitFailed, code)
	require.Equal(t, "too large\n", out)
	require.Contains(t, errs, "over the budget of 1000")
	out, errs, code = cli(t, "SEND + MORE = MONEY\n", "solve", "cryptarithm", "--budget=1000")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2\n", out)
}

func TestCryptarithmSwitches(t *testing.T) {
	in := "SEND + MORE = MONEY\nI + BB = ILL\n"
	checkKindSwitches(t, "cryptarithm", in, in+"TWO + TWO = FOUR\nA + B = C\n")
}
