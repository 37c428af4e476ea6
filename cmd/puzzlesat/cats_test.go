package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCatsSample(t *testing.T) {
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, "", "solve", "cats", "--backend="+backend, "../../kinds/cats/testdata/sample.in")
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, readFile(t, "../../kinds/cats/testdata/sample.out"), out, backend)
	}
	out, errs, code := cli(t, "", "solve", "cats", "--certificate", "../../kinds/cats/testdata/sample.in")
	require.Equal(t, exitOK, code, errs)
	require.True(t, strings.HasPrefix(out, "2\n# car 1: 1994 [3]"), out)
	require.Equal(t, 3, strings.Count(out, "\n"))
}

func TestCatsNoSolution(t *testing.T) {
	out, _, code := cli(t, "2 10\n5 11\n5 1996\n1 2 1994 12 29\n", "solve", "cats", "--backend=both")
	require.Equal(t, exitFailed, code)
	require.Equal(t, "no solution\n2\n", out)
}

func TestCatsBadInput(t *testing.T) {
	tests := []badInput{
		{"weight not a number", "2 10\n5 x\n", `<stdin>:2: expected the weight of cat 2 of 2, a whole number 1..1000000000, got "x"`},
		{"too few weights", "3 10\n1 2\n", "<stdin>:3: expected the weight of cat 3 of 3, got end of input"},
		{"zero capacity", "1 0\n1\n", "<stdin>:1: expected W (the capacity of a car)"},
		{"weight over 10^9", "1 10\n1000000001\n", "<stdin>:2: the weight of cat 1 of 1 is 1000000001: at most 1000000000 is supported"},
		{"N zero", "0 10\n", "<stdin>:1: expected N (the number of cats)"},
		{"empty input", "", "<stdin>:1: expected N (the number of cats), got end of input"},
	}
	requireBadInput(t, tests, []string{"solve", "cats", "--backend=dfs"}, []string{"solve", "cats", "--backend=sat"})
	_, errs, code := cli(t, "5 1996\n1 2 1994 12 29\n", "count", "cats")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "count is not defined for cats")
}

func TestCatsGen(t *testing.T) {
	out, errs, code := cli(t, "", "gen", "cats", "--count", "5", "--seed", "7", "--n", "12", "--w", "1000")
	require.Equal(t, exitOK, code, errs)
	again, _, _ := cli(t, "", "gen", "cats", "--count", "5", "--seed", "7", "--n", "12", "--w", "1000")
	require.Equal(t, out, again, "same seed, same instances")
	require.Equal(t, 10, strings.Count(out, "\n"))
	res, errs, code := cli(t, out, "solve", "cats", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, 5, strings.Count(res, "\n"))
	out, errs, code = cli(t, "", "gen", "cats", "--n", "30", "--w", "1000", "--lightest", "100", "--heaviest", "500")
	require.Equal(t, exitOK, code, errs)
	for _, v := range fields(out)[2:] {
		require.True(t, len(v) == 3 || v == "1000", v) // 100..500, after N and W
	}
	for _, bad := range [][]string{{"--n=0"}, {"--w=0"}, {"--w=10", "--heaviest=11"}, {"--w=10", "--lightest=11"}, {"--heaviest=5", "--lightest=6"}} {
		_, errs, code := cli(t, "", append([]string{"gen", "cats"}, bad...)...)
		require.Equal(t, exitUsage, code, bad)
		require.Contains(t, errs, "must be in")
	}
}

// TestCatsRoundTrip encodes the sample at the optimum and one car below,
// solves the DIMACS with the sat subcommand, and decodes both models; the
// certificate of the decoded packing passes Verify on the way.
func TestCatsRoundTrip(t *testing.T) {
	in := "../../kinds/cats/testdata/sample.in"
	cnf, errs, code := cli(t, "", "encode", "cats", in)
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, cnf, "c query cars<=2\n")
	model, _, code := cli(t, cnf, "sat", "-")
	require.Equal(t, exitSat, code)
	for _, m := range []string{model, minisatForm(model)} {
		out, errs, code := cli(t, "", "decode", "cats", "--certificate", "--model", writeTemp(t, "model", m), in)
		require.Equal(t, exitOK, code, errs)
		require.True(t, strings.HasPrefix(out, "2\n# car 1: "), out)
	}
	_, errs, code = cli(t, "", "decode", "cats", "--cars=3", "--model", writeTemp(t, "model", model), in)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "made for another")

	cnf, _, _ = cli(t, "", "encode", "cats", "--cars=1", in)
	model, _, code = cli(t, cnf, "sat", "-")
	require.Equal(t, exitUnsat, code)
	out, _, code := cli(t, "", "decode", "cats", "--cars=1", "--model", writeTemp(t, "u", model), in)
	require.Equal(t, exitFailed, code)
	require.Equal(t, "no solution\n", out)
}

// TestCatsExternalSolvers runs MiniSat and CaDiCaL, where installed, on
// an exported query of 18 cats and decodes what they say.
func TestCatsExternalSolvers(t *testing.T) {
	dir := t.TempDir()
	gen, errs, code := cli(t, "", "gen", "cats", "--seed", "165", "--n", "18")
	require.Equal(t, exitOK, code, errs)
	in := writeTemp(t, "cats.in", gen)
	want, errs, code := cli(t, "", "solve", "cats", in)
	require.Equal(t, exitOK, code, errs)
	cnf := filepath.Join(dir, "c.cnf")
	_, errs, code = cli(t, "", "encode", "cats", "-o", cnf, in)
	require.Equal(t, exitOK, code, errs)
	if externalSolvers(t, cnf, dir, func(solver, model string) {
		out, errs, code := cli(t, "", "decode", "cats", "--model", model, in)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, want, out, solver)
	}) == 0 {
		t.Skip("neither minisat nor cadical is on PATH")
	}
}

// TestCatsTooLarge: the SAT backend and encode refuse a formula whose
// bound passes --budget before building it. The sample's formula holds
// about 350 literals (bound 419), so 100 is too few and 1000 enough.
func TestCatsTooLarge(t *testing.T) {
	in := "../../kinds/cats/testdata/sample.in"
	out, errs, code := cli(t, "", "solve", "cats", "--backend=sat", "--budget=100", in)
	require.Equal(t, exitFailed, code)
	require.Equal(t, "too large\n", out)
	require.Contains(t, errs, "over the budget of 100")
	_, errs, code = cli(t, "", "encode", "cats", "--cars=2", "--budget=100", in)
	require.Equal(t, exitFailed, code)
	require.Contains(t, errs, "over the budget of 100")
	out, errs, code = cli(t, "", "solve", "cats", "--backend=sat", "--budget=1000", in)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "2\n", out)
}

// TestCatsTechniques lists cats' prunings and encodings, solves with
// some switched (the seed's search among them, whose dependants go with
// a note), and refuses an unknown name, listing the valid ones.
func TestCatsTechniques(t *testing.T) {
	out, errs, code := cli(t, "", "prunings", "cats", "--json")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, `"name": "bin-completion"`)
	out, errs, code = cli(t, "", "encodings", "cats")
	require.Equal(t, exitOK, code, errs)
	require.GreaterOrEqual(t, strings.Count(out, "\n")-1, 1, out)
	for _, args := range [][]string{
		{"--dfs=-lp-bound,-nogoods"},
		{"--backend=sat", "--encoding=direction=up,capacity=adder"},
		{"--backend=both", "--dfs=-bin-completion,-exact-fit", "--encoding=symmetry=none"},
	} {
		out, errs, code := cli(t, "", append([]string{"solve", "cats"}, append(args, "../../kinds/cats/testdata/sample.in")...)...)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, readFile(t, "../../kinds/cats/testdata/sample.out"), out, args)
		if strings.Contains(strings.Join(args, " "), "-bin-completion") {
			require.Contains(t, errs, "switching off bin-completion also switches off lp-bound, which needs it")
		}
	}
	_, errs, code = cli(t, "", "solve", "cats", "--dfs=-lp", "../../kinds/cats/testdata/sample.in")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `unknown pruning "lp": want one of bin-completion, heaviest-first,`)
}

// TestCatsCutsJobs checks that --stats prints the same nodes and cuts of
// every instance, in both searches, with one job and with two.
func TestCatsCutsJobs(t *testing.T) {
	in, errs, code := cli(t, "", "gen", "cats", "--count", "8", "--seed", "3", "--n", "24", "--w", "1000",
		"--lightest", "100", "--heaviest", "500")
	require.Equal(t, exitOK, code, errs)
	for _, dfs := range []string{"", "-bin-completion"} {
		var work [2][]string
		for i, jobs := range []string{"--jobs=1", "--jobs=2"} {
			_, errs, code := cli(t, in, "solve", "cats", "--stats=all", "--dfs="+dfs, jobs)
			require.Equal(t, exitOK, code, errs)
			for _, line := range strings.Split(errs, "\n") {
				if at := strings.Index(line, " nodes="); at >= 0 {
					case_ := line[:strings.Index(line, ": dfs ")]
					work[i] = append(work[i], case_+line[at:]) // without the time
				}
			}
			require.Len(t, work[i], 8, errs)
			require.Contains(t, errs, " cuts=")
		}
		slices.Sort(work[0])
		slices.Sort(work[1])
		require.Equal(t, work[0], work[1], dfs)
	}
}

// TestCatsTraceCLI draws both searches of the judge's sample and of a
// generated instance, as SVG and JSON.
func TestCatsTraceCLI(t *testing.T) {
	dir := t.TempDir()
	gen, _, _ := cli(t, "", "gen", "cats", "--seed", "7", "--n", "12", "--w", "100")
	in := filepath.Join(dir, "gen.in")
	require.NoError(t, os.WriteFile(in, []byte(gen), 0o644))
	for _, file := range []string{"../../kinds/cats/testdata/sample.in", in} {
		for _, dfs := range []string{"", "-bin-completion"} {
			for _, ext := range []string{".svg", ".json"} {
				out := filepath.Join(dir, "tree"+ext)
				stdout, errs, code := cli(t, "", "trace", "cats", "--dfs="+dfs, "-o", out, file)
				require.Equal(t, exitOK, code, errs)
				require.Contains(t, stdout, "wrote "+out)
				b, err := os.ReadFile(out)
				require.NoError(t, err)
				if ext == ".json" {
					var v map[string]any
					require.NoError(t, json.Unmarshal(b, &v), file)
					continue
				}
				d := xml.NewDecoder(bytes.NewReader(b))
				for {
					_, err := d.Token()
					if err == io.EOF {
						break
					}
					require.NoError(t, err, file)
				}
			}
		}
	}
}
