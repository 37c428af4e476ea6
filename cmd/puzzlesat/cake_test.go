package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestCakeJudgeData solves the book files with both backends; the SAT
// backend takes under a second on each (BenchmarkCakeSAT in package sat).
func TestCakeJudgeData(t *testing.T) {
	for _, name := range []string{"sample", "cake1", "cake2", "cake3", "cake4", "cake5"} {
		t.Run(name, func(t *testing.T) {
			in := judgedata.Path(t, "cake", name+".in")
			want := readFile(t, strings.TrimSuffix(in, ".in")+".out")
			out, errs, code := cli(t, "", "solve", "cake", "--backend=both", in)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, fields(want), fields(out))
		})
	}
}

func TestCakeSolve(t *testing.T) {
	tests := []struct {
		name string
		args []string
		in   string
		out  string
	}{
		{"sample file", []string{"../../kinds/cake/testdata/sample.in"}, "", "68\n"},
		{"several pairs, CRLF, no final newline", nil, "100 2\r\n9\r\n2\r\n1 1", "68\n14\n3\n"},
		{"no cake is the answer 0", []string{"--backend=both"}, "10 2\n10000 14\n79 3\n", "0\n0\n0\n"},
		{"certificate", []string{"--certificate", "--backend=sat"}, "9 2\n10 2\n",
			"14\n# layer 1: R=2 H=2\n# layer 2: R=1 H=1\n0\n# no cake of volume 10 with 2 layers\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := cli(t, tc.in, append([]string{"solve", "cake"}, tc.args...)...)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, tc.out, out)
		})
	}
}

func TestCakeBadInput(t *testing.T) {
	tests := []badInput{
		{"not a number", "100\nabc\n", `<stdin>:2: expected layer count M, got "abc"`},
		{"layers out of range", "100\n21\n", "<stdin>:2:"},
		{"zero layers", "100 0\n", "<stdin>:1:"},
		{"volume out of range", "10001\n2\n", "<stdin>:1:"},
		{"missing M", "100 2\n50\n", "<stdin>:2:"},
		{"empty", "", "<stdin>:"},
	}
	requireBadInput(t, tests, []string{"solve", "cake", "--backend=dfs"}, []string{"solve", "cake", "--backend=sat"}, []string{"solve", "cake", "--backend=both"})
	out, errs, code := cli(t, "100 2\n", "encode", "cake", "--area=-1")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, "--area")
	_, errs, code = cli(t, "100 2\n", "count", "cake")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "not defined")
}

// TestCakeRoundTrip encodes decision queries, solves the DIMACS with the
// sat subcommand and decodes the model.
func TestCakeRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		input string
		args  []string
		sat   bool
		out   string
	}{
		{"at the optimum", "100 2\n", []string{"--area=68"}, true, "68\n"},
		{"below the optimum", "100 2\n", []string{"--area=67"}, false, "no solution\n"},
		{"optimum by dfs", "1000\n3\n", nil, true, "316\n"},
		{"optimum by sat", "1000\n3\n", []string{"--backend=sat"}, true, "316\n"},
		{"second case", "100 2\n4999 8\n", []string{"--case=2", "--area=1015"}, true, "1015\n"},
		{"no cake", "20 2\n", nil, false, "no solution\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := writeTemp(t, "cake.in", tc.input)
			cnf, errs, code := cli(t, "", append([]string{"encode", "cake", in}, tc.args...)...)
			require.Equal(t, exitOK, code, errs)
			require.Contains(t, cnf, "c puzzlesat cake ")
			again, _, _ := cli(t, "", append([]string{"encode", "cake", in}, tc.args...)...)
			require.Equal(t, cnf, again, "deterministic DIMACS")
			model, _, code := cli(t, cnf, "sat", "-")
			if !tc.sat {
				require.Equal(t, exitUnsat, code)
				out, _, code := cli(t, model, append([]string{"decode", "cake", "--model", "-", in}, tc.args...)...)
				require.Equal(t, exitFailed, code)
				require.Equal(t, tc.out, out)
				return
			}
			require.Equal(t, exitSat, code)
			out, errs, code := cli(t, model, append([]string{"decode", "cake", "--model", "-", in}, tc.args...)...)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, tc.out, out)
			// A model of one bound is not a model of another query.
			out, errs, code = cli(t, model, "decode", "cake", "--model", "-", "--area=100000", in)
			require.Equal(t, exitUsage, code)
			require.Empty(t, out)
			require.Contains(t, errs, "made for another")
		})
	}
	// With --certificate, decode prints the layers of the model's cake,
	// which need not be the optimal one when the bound is loose.
	in := writeTemp(t, "cake.in", "9 2\n")
	cnf, _, _ := cli(t, "", "encode", "cake", "--area=27", in)
	model, _, _ := cli(t, cnf, "sat", "-")
	out, errs, code := cli(t, model, "decode", "cake", "--certificate", "--area=27", "--model", "-", in)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "14\n# layer 1: R=2 H=2\n# layer 2: R=1 H=1\n", out)
}

func TestCakeGen(t *testing.T) {
	out, errs, code := cli(t, "", "gen", "cake", "--count", "6", "--seed", "3")
	require.Equal(t, exitOK, code, errs)
	require.Len(t, fields(out), 12)
	again, _, _ := cli(t, "", "gen", "cake", "--count", "6", "--seed", "3")
	require.Equal(t, out, again, "same seed, same instances")
	other, _, _ := cli(t, "", "gen", "cake", "--count", "6", "--seed", "4")
	require.NotEqual(t, out, other)
	_, errs, code = cli(t, out, "solve", "cake")
	require.Equal(t, exitOK, code, errs)
}

// TestCakeTechniques lists cake's prunings and encodings, solves with
// some switched, and refuses an unknown name, listing the valid ones.
func TestCakeTechniques(t *testing.T) {
	out, errs, code := cli(t, "", "prunings", "cake")
	require.Equal(t, exitOK, code, errs)
	require.GreaterOrEqual(t, strings.Count(out, "\n")-1, 4, out)
	out, errs, code = cli(t, "", "encodings", "cake", "--json")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, `"point": "search"`)
	for _, args := range [][]string{
		{"--dfs=-area-bound,-large-first"},
		{"--backend=sat", "--encoding=search=tighten,domains=loose"},
		{"--backend=both", "--dfs=-room-above", "--encoding=product=scaler"},
	} {
		out, errs, code := cli(t, "", append([]string{"solve", "cake"}, append(args, "../../kinds/cake/testdata/cake3.in")...)...)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, readFile(t, "../../kinds/cake/testdata/cake3.out"), out, args)
	}
	_, errs, code = cli(t, "", "solve", "cake", "--dfs=-area", "../../kinds/cake/testdata/sample.in")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `unknown pruning "area": did you mean "area-bound"?`)
	_, errs, code = cli(t, "", "solve", "cake", "--backend=sat", "--encoding=search=guess", "../../kinds/cake/testdata/sample.in")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "want search one of cubes, bounds, tighten")
}
