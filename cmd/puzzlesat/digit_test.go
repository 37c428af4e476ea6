package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

func TestDigitSample(t *testing.T) {
	in, want := judgedata.Path(t, "digit-puzzle", "sample.in"), judgedata.Path(t, "digit-puzzle", "sample.out")
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, "", "solve", "digit-puzzle", "--backend="+backend, in)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, readFile(t, want), out, "%s backend", backend)
	}
}

// TestDigitGen: gen is reproducible from its seed and ends its output
// with the line 0. (The kind's tests check generated puzzles against the
// brute force.)
func TestDigitGen(t *testing.T) {
	out, errs, code := cli(t, "", "gen", "digit-puzzle", "--seed", "3", "--count", "20")
	require.Equal(t, exitOK, code, errs)
	again, _, _ := cli(t, "", "gen", "digit-puzzle", "--seed", "3", "--count", "20")
	require.Equal(t, out, again, "same seed, same instances")
	other, _, _ := cli(t, "", "gen", "digit-puzzle", "--seed", "4", "--count", "20")
	require.NotEqual(t, out, other, "another seed, other instances")
	require.True(t, strings.HasSuffix(out, "\n0\n"), "ends with the line 0: %q", out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 21)
	for _, line := range lines[:20] {
		require.Len(t, strings.Fields(line), 3, line)
	}
}

func TestDigitNoSolution(t *testing.T) {
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, "** ** *\n7 ** 8*\n* * ***\n0\n", "solve", "digit-puzzle", "--backend="+backend)
		require.Equal(t, exitFailed, code, errs)
		require.Equal(t, "Case 1: no solution\nCase 2: 7 ** 8*\nCase 3: no solution\n", out, backend)
	}
}

func TestDigitBadInput(t *testing.T) {
	tests := []badInput{
		{"A too long", "7 ** 8*\n123 4 5\n", `<stdin>:2: expected A as 1 to 2 characters, each a digit or '*', got "123"`},
		{"C too long", "7 ** 8*\n1 2 12345\n", `<stdin>:2: expected C as 1 to 4 characters`},
		{"letter", "7 ** 8*\n\n1 x 3\n", `<stdin>:3: expected B as 1 to 2 characters`},
		{"missing field", "7 **\n", `<stdin>:1: expected three patterns A B C (or a line 0 to end), got 2 field(s)`},
		{"fourth field", "7 ** 8* 9\n", `<stdin>:1: expected three patterns A B C (or a line 0 to end), got 4 field(s)`},
		{"sign", "7 -1 -7\n", "<stdin>:1:"},
	}
	requireBadInput(t, tests, []string{"solve", "digit-puzzle", "--backend=sat"}, []string{"count", "digit-puzzle", "--backend=sat"}, []string{"encode", "digit-puzzle"})
	path := writeTemp(t, "bad.in", "7 ** 8*\r\n1 2 3 4\r\n")
	out, errs, code := cli(t, "", "solve", "digit-puzzle", path)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, path+":2: ")
}

func TestDigitCount(t *testing.T) {
	in := "7 ** 8*\n** ** ***\n** ** *\n1* 05 0**\n* * *\n0\n"
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, in, "count", "digit-puzzle", "--backend="+backend, "--limit=100")
		require.Equal(t, exitOK, code, errs)
		// * * *: the one-digit products, 0*y and x*0 (19) and 1..9 (23).
		require.Equal(t, "1\n>=100\n0\n0\n42\n", out, backend)
	}
	out, _, code := cli(t, in, "count", "digit-puzzle")
	require.Equal(t, exitOK, code)
	require.Equal(t, "1\n>=2\n0\n0\n>=2\n", out)
}

// TestDigitRoundTrip encodes patterns, solves the DIMACS with the sat
// subcommand and decodes the model: a product that fits the pattern,
// printed as the judge prints a pattern; the unique one where the
// pattern has one.
func TestDigitRoundTrip(t *testing.T) {
	tests := []struct {
		in   string
		code int
		want string // the decoded line, or "" for any product that fits
	}{
		{"7 ** 8*\n", exitOK, "Case 1: 7 12 84\n"},
		{"** ** 1*1\n", exitOK, "Case 1: 11 11 121\n"},
		{"0 5 0\n", exitOK, "Case 1: 0 5 0\n"},
		{"** ** ****\n", exitOK, ""},
		{"* 1* 1**\n", exitOK, ""},
		{"** ** *\n", exitFailed, "Case 1: no solution\n"},   // no product of these lengths
		{"1* 05 0**\n", exitFailed, "Case 1: no solution\n"}, // leading zeros
		{"7 ** 6*\n", exitFailed, "Case 1: no solution\n"},
	}
	for _, tc := range tests {
		for _, enc := range []string{"table", "circuit"} {
			t.Run(strings.TrimSpace(tc.in)+" "+enc, func(t *testing.T) {
				cnf, errs, code := cli(t, tc.in, "encode", "digit-puzzle", "--encoding="+enc)
				require.Equal(t, exitOK, code, errs)
				require.Contains(t, cnf, "c var 1 A[0]=0\n")
				require.Contains(t, cnf, "c pattern "+strings.TrimSpace(tc.in)+"\n")
				again, _, _ := cli(t, tc.in, "encode", "digit-puzzle", "--encoding="+enc)
				require.Equal(t, cnf, again, "deterministic DIMACS")
				model, _, code := cli(t, cnf, "sat", "-")
				if tc.code == exitOK {
					require.Equal(t, exitSat, code)
				} else {
					require.Equal(t, exitUnsat, code)
				}
				out, errs, code := cli(t, "", "decode", "digit-puzzle", "--encoding="+enc, "--model", writeTemp(t, "model", model), writeTemp(t, "in", tc.in))
				require.Equal(t, tc.code, code, errs)
				if tc.want != "" {
					require.Equal(t, tc.want, out)
					return
				}
				f := strings.Fields(strings.TrimPrefix(out, "Case 1: "))
				require.Len(t, f, 3, out)
				var x, y, z int
				_, err := fmt.Sscan(out[len("Case 1: "):], &x, &y, &z)
				require.NoError(t, err)
				require.Equal(t, x*y, z, out)
				pat := strings.Fields(tc.in)
				require.True(t, fitsPattern(strings.Join(pat, " "), strings.Join(f, " ")), "%q fits %q", out, tc.in)
			})
		}
	}
}

// TestDigitDecodeRefusesOtherQuery decodes a model with the input or the
// encoding it was not made for.
func TestDigitDecodeRefusesOtherQuery(t *testing.T) {
	in := "7 ** 8*\n** ** 1*1\n"
	cnf, _, _ := cli(t, in, "encode", "digit-puzzle", "--case=2")
	model, _, _ := cli(t, cnf, "sat", "-")
	m := writeTemp(t, "model", model)
	out, errs, code := cli(t, "", "decode", "digit-puzzle", "--case=2", "--model", m, writeTemp(t, "in", in))
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "Case 2: 11 11 121\n", out)
	for _, args := range [][]string{{"--case=1"}, {"--case=2", "--encoding=circuit"}} {
		out, errs, code := cli(t, "", append([]string{"decode", "digit-puzzle", "--model", m, writeTemp(t, "in", in)}, args...)...)
		require.Equal(t, exitUsage, code, "%v", args)
		require.Empty(t, out)
		require.NotEmpty(t, errs)
	}
}

func TestDigitSwitches(t *testing.T) {
	in := readFile(t, "../../kinds/digitpuzzle/testdata/sample.in")
	checkKindSwitches(t, "digit-puzzle", in, "** ** ***\n7 ** 8*\n* * *\n0\n")
}

// fitsPattern reports whether the digits of s fit the pattern pat, '*'
// standing for any digit, character by character.
func fitsPattern(pat, s string) bool {
	if len(pat) != len(s) {
		return false
	}
	for i := range len(pat) {
		if pat[i] != '*' && pat[i] != s[i] {
			return false
		}
	}
	return true
}
