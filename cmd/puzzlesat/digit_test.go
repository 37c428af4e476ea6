package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"puzzlesat/internal/judgedata"
)

// digitProductsOf returns every product x*y=z with numbers of the lengths
// of A, B and C (no leading zero above one digit), as strings "xyz".
func digitProductsOf(la, lb, lc int) []string {
	var out []string
	for x := range 100 {
		for y := range 100 {
			sx, sy, sz := fmt.Sprint(x), fmt.Sprint(y), fmt.Sprint(x*y)
			if len(sx) == la && len(sy) == lb && len(sz) == lc {
				out = append(out, sx+sy+sz)
			}
		}
	}
	return out
}

// digitBruteCount returns how many products fit the pattern pat ("ABC").
func digitBruteCount(products []string, pat string) int {
	n := 0
	for _, t := range products {
		if digitFitsString(pat, t) {
			n++
		}
	}
	return n
}

func digitFitsString(pat, t string) bool {
	for i := range pat {
		if pat[i] != '*' && pat[i] != t[i] {
			return false
		}
	}
	return true
}

// digitBruteSolve answers one puzzle line "A B C" by iterative deepening
// over every pattern in the statement's order, scanning every product for
// each: the "Case k: ..." text without the prefix.
func digitBruteSolve(line string) string {
	f := strings.Fields(line)
	la, lb, lc := len(f[0]), len(f[1]), len(f[2])
	products := digitProductsOf(la, lb, lc)
	if len(products) == 0 {
		return "no solution"
	}
	given := f[0] + f[1] + f[2]
	lead := map[int]bool{0: la > 1, la: lb > 1, la + lb: lc > 1}
	pat := []byte(given)
	var try func(i, left int) bool
	try = func(i, left int) bool {
		if len(pat)-i < left {
			return false
		}
		if i == len(pat) {
			return digitBruteCount(products, string(pat)) == 1
		}
		for _, c := range []byte("*0123456789") {
			cost := 0
			if c != given[i] {
				cost = 1
			}
			if cost > left || c == '0' && lead[i] {
				continue
			}
			pat[i] = c
			if try(i+1, left-cost) {
				return true
			}
		}
		return false
	}
	for d := 0; ; d++ {
		if try(0, d) {
			s := string(pat)
			return s[:la] + " " + s[la:la+lb] + " " + s[la+lb:]
		}
	}
}

func TestDigitSample(t *testing.T) {
	for _, dir := range []string{judgedata.Dir(t) + "/digit_puzzle", "../../testdata/digit_puzzle"} {
		for _, backend := range []string{"dfs", "sat", "both"} {
			out, errs, code := cli(t, "", "solve", "digit-puzzle", "--backend="+backend, dir+"/sample.in")
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, readFile(t, dir+"/sample.out"), out, "%s, %s backend", dir, backend)
		}
	}
}

// TestDigitGenBothBackends solves generated puzzles with both backends,
// which compare their answers, and checks them against a brute force;
// then counts the patterns as given.
func TestDigitGenBothBackends(t *testing.T) {
	in, errs, code := cli(t, "", "gen", "digit-puzzle", "--seed", "12107", "--count", "150")
	require.Equal(t, exitOK, code, errs)
	lines := strings.Split(strings.TrimSuffix(in, "0\n"), "\n")
	lines = lines[:len(lines)-1]
	require.Len(t, lines, 150)

	out, errs, code := cli(t, in, "solve", "digit-puzzle", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	var want strings.Builder
	for i, line := range lines {
		fmt.Fprintf(&want, "Case %d: %s\n", i+1, digitBruteSolve(line))
	}
	require.Equal(t, want.String(), out)

	out, errs, code = cli(t, in, "count", "digit-puzzle", "--backend=both", "--limit=5")
	require.Equal(t, exitOK, code, errs)
	want.Reset()
	for _, line := range lines {
		f := strings.Fields(line)
		n := digitBruteCount(digitProductsOf(len(f[0]), len(f[1]), len(f[2])), f[0]+f[1]+f[2])
		want.WriteString(countText(n, 5))
	}
	require.Equal(t, want.String(), out)
}

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
		f := strings.Fields(line)
		require.Len(t, f, 3, line)
		require.NotEmpty(t, digitProductsOf(len(f[0]), len(f[1]), len(f[2])), "lengths of %q admit a product", line)
	}
}

func TestDigitNoSolution(t *testing.T) {
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, "** ** *\n7 ** 8*\n* * ***\n0\n", "solve", "digit-puzzle", "--backend="+backend)
		require.Equal(t, exitFailed, code, errs)
		require.Equal(t, "Case 1: no solution\nCase 2: 7 ** 8*\nCase 3: no solution\n", out, backend)
	}
}

// TestDigitLeadingZero: a leading zero in B or C is no input error; the
// search changes it, and a line "0 5 0" is a puzzle, not the end.
func TestDigitLeadingZero(t *testing.T) {
	in := "1* 05 0**\n0 5 0\n9 09 0*\n0\n"
	out, errs, code := cli(t, in, "solve", "digit-puzzle", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	var want strings.Builder
	for i, line := range strings.Split(in, "\n")[:3] {
		fmt.Fprintf(&want, "Case %d: %s\n", i+1, digitBruteSolve(line))
	}
	require.Equal(t, want.String(), out)
}

func TestDigitBadInput(t *testing.T) {
	tests := []struct{ name, in, err string }{
		{"A too long", "7 ** 8*\n123 4 5\n", `<stdin>:2: expected A as 1 to 2 characters, each a digit or '*', got "123"`},
		{"C too long", "7 ** 8*\n1 2 12345\n", `<stdin>:2: expected C as 1 to 4 characters`},
		{"letter", "7 ** 8*\n\n1 x 3\n", `<stdin>:3: expected B as 1 to 2 characters`},
		{"missing field", "7 **\n", `<stdin>:1: expected three patterns A B C (or a line 0 to end), got 2 field(s)`},
		{"fourth field", "7 ** 8* 9\n", `<stdin>:1: expected three patterns A B C (or a line 0 to end), got 4 field(s)`},
		{"sign", "7 -1 -7\n", "<stdin>:1:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, cmd := range []string{"solve", "count", "encode"} {
				out, errs, code := cli(t, tc.in, cmd, "digit-puzzle", "--backend=sat")
				require.Equal(t, exitUsage, code, cmd)
				require.Empty(t, out, cmd)
				require.Contains(t, errs, tc.err, cmd)
				require.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
			}
		})
	}
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
				require.True(t, digitFitsString(strings.Join(strings.Fields(tc.in), ""), strings.Join(f, "")), "%q fits %q", out, tc.in)
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
