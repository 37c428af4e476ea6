package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

func TestAlphameticJudgeData(t *testing.T) {
	for i := 1; i <= 10; i++ {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			in := judgedata.Path(t, "alphametic", fmt.Sprintf("alpha%d.in", i))
			want := readFile(t, strings.TrimSuffix(in, ".in")+".ans")
			out, errs, code := cli(t, "", "solve", "alphametic", "--backend=both", in)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, fields(want), fields(out))
		})
	}
}

func TestAlphameticSample(t *testing.T) {
	out, errs, code := cli(t, "", "solve", "alphametic", "../../kinds/alphametic/testdata/sample.in")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, readFile(t, "../../kinds/alphametic/testdata/sample.out"), out)
}

// ambiguous has two solutions (found by brute force over all 4! digit maps).
const ambiguous = "4\nBDAD\nCDDD\nADAD\n"

func TestAlphameticCount(t *testing.T) {
	for _, backend := range []string{"dfs", "sat", "both"} {
		out, errs, code := cli(t, ambiguous+"5 ABCED BDACE EBBAA\n", "count", "alphametic", "--backend="+backend, "--limit=5")
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, "2\n1\n", out, backend)
	}
	out, _, code := cli(t, ambiguous, "count", "alphametic")
	require.Equal(t, exitOK, code)
	require.Equal(t, ">=2\n", out)
}

func TestAlphameticBadInput(t *testing.T) {
	tests := []badInput{
		{"wrong length", "5\nABCDE\nBDACE\nEBDA\n", `<stdin>:4: expected 5 letters A-E, got "EBDA"`},
		{"letter beyond N", "5\nABCDE\nBDACE\nEBDAZ\n", `<stdin>:4: expected 5 letters A-E, got "EBDAZ"`},
		{"N zero", "0\nA\nA\nA\n", "<stdin>:1:"},
		{"N 27", "27\n", "<stdin>:1:"},
		{"missing line", "5\nABCDE\nBDACE\n", "<stdin>:4:"},
		{"lower case", "5\nABCDE\nbdace\nEBDAC\n", "<stdin>:3:"},
		{"other characters", "5\nABCDE\nBD-CE\nEBDAC\n", "<stdin>:3:"},
		{"not a number", "five\n", "<stdin>:1:"},
	}
	requireBadInput(t, tests, []string{"solve", "alphametic", "--backend=dfs"}, []string{"solve", "alphametic", "--backend=sat"})
}

func TestAlphameticNoSolution(t *testing.T) {
	out, _, code := cli(t, "3\nABC\nBAC\nCCC\n5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--backend=both")
	require.Equal(t, exitFailed, code)
	require.Equal(t, "no solution\n1 0 3 4 2\n", out)
}

func TestAlphameticGenUnique(t *testing.T) {
	out, errs, code := cli(t, "", "gen", "alphametic", "--n", "9", "--count", "3", "--seed", "7")
	require.Equal(t, exitOK, code, errs)
	again, _, _ := cli(t, "", "gen", "alphametic", "--n", "9", "--count", "3", "--seed", "7")
	require.Equal(t, out, again, "same seed, same instances")
	counts, errs, code := cli(t, out, "count", "alphametic", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1\n1\n1\n", counts)
}

// TestAlphameticRoundTrip encodes the official points, solves the DIMACS
// with the sat subcommand, and decodes the model, both as written and in
// MiniSat's result-file form.
func TestAlphameticRoundTrip(t *testing.T) {
	for _, i := range []int{1, 5, 9} {
		in := judgedata.Path(t, "alphametic", fmt.Sprintf("alpha%d.in", i))
		want := readFile(t, strings.TrimSuffix(in, ".in")+".ans")
		cnf, errs, code := cli(t, "", "encode", "alphametic", in)
		require.Equal(t, exitOK, code, errs)
		require.Contains(t, cnf, "c var 1 A=0\n")
		again, _, _ := cli(t, "", "encode", "alphametic", in)
		require.Equal(t, cnf, again, "deterministic DIMACS")
		model, _, code := cli(t, cnf, "sat", "-")
		require.Equal(t, exitSat, code)
		for _, m := range []string{model, minisatForm(model)} {
			out, errs, code := cli(t, "", "decode", "alphametic", "--model", writeTemp(t, "model", m), in)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, fields(want), fields(out))
		}
	}
}

// minisatForm rewrites SAT-competition output as MiniSat's result file.
func minisatForm(s string) string {
	var b strings.Builder
	b.WriteString("SAT\n")
	for _, line := range strings.Split(s, "\n") {
		if rest, ok := strings.CutPrefix(line, "v "); ok {
			b.WriteString(rest + " ")
		}
	}
	return strings.TrimSpace(b.String()) + "\n"
}

func TestAlphameticDecodeRefusesOtherInstance(t *testing.T) {
	in := judgedata.Path(t, "alphametic", "alpha1.in")
	other := judgedata.Path(t, "alphametic", "alpha2.in")
	cnf, _, _ := cli(t, "", "encode", "alphametic", other)
	model, _, _ := cli(t, cnf, "sat", "-")
	out, errs, code := cli(t, "", "decode", "alphametic", "--model", writeTemp(t, "m", model), in)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, "made for another")
	require.Regexp(t, `/m:\d+: `, errs, "the message names the model file and line")
	// An UNSAT answer decodes to "no solution".
	out, _, code = cli(t, "", "decode", "alphametic", "--model", writeTemp(t, "u", "s UNSATISFIABLE\n"), in)
	require.Equal(t, exitFailed, code)
	require.Equal(t, "no solution\n", out)
}

// TestAlphameticExternalSolvers runs MiniSat and CaDiCaL, where installed,
// on an exported CNF and decodes what they say.
func TestAlphameticExternalSolvers(t *testing.T) {
	in := judgedata.Path(t, "alphametic", "alpha4.in")
	want := readFile(t, strings.TrimSuffix(in, ".in")+".ans")
	dir := t.TempDir()
	cnf := filepath.Join(dir, "a.cnf")
	_, errs, code := cli(t, "", "encode", "alphametic", "-o", cnf, in)
	require.Equal(t, exitOK, code, errs)
	if externalSolvers(t, cnf, dir, func(solver, model string) {
		out, errs, code := cli(t, "", "decode", "alphametic", "--model", model, in)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, fields(want), fields(out), solver)
	}) == 0 {
		t.Skip("neither minisat nor cadical is on PATH")
	}
}

// TestAlphameticGenBothBackends solves a generated instance of every N
// from 3 to 26 with both backends, which must agree.
func TestAlphameticGenBothBackends(t *testing.T) {
	for n := 3; n <= 26; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			in, errs, code := cli(t, "", "gen", "alphametic", "--n", fmt.Sprint(n), "--seed", "2026")
			require.Equal(t, exitOK, code, errs)
			out, errs, code := cli(t, in, "solve", "alphametic", "--backend=both")
			require.Equal(t, exitOK, code, errs)
			require.Len(t, fields(out), n)
		})
	}
}

// checkKindSwitches runs the technique commands of kind: prunings lists
// at least four and encodings at least one choice point, as tables and
// as JSON; solving in (whose answers are unique), and counting countIn
// unless it is "", give the same output with each pruning off and each
// other encoding option picked; a pruning that others need says so; an
// unknown pruning or encoding is a usage error that lists the valid
// names.
func checkKindSwitches(t *testing.T, kind, in, countIn string) {
	t.Helper()
	out, errs, code := cli(t, "", "prunings", kind, "--json")
	require.Equal(t, exitOK, code, errs)
	var ps []struct {
		Name     string   `json:"name"`
		Default  bool     `json:"default"`
		NeededBy []string `json:"needed_by"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ps))
	require.GreaterOrEqual(t, len(ps), 4)
	table, _, code := cli(t, "", "prunings", kind)
	require.Equal(t, exitOK, code)
	for _, p := range ps { // a row per pruning, its name first, its description under it
		require.Regexp(t, "(?m)^"+regexp.QuoteMeta(p.Name)+" ", table)
	}
	out, errs, code = cli(t, "", "encodings", kind, "--json")
	require.Equal(t, exitOK, code, errs)
	var cs []struct {
		Point   string   `json:"point"`
		Options []string `json:"options"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &cs))
	require.NotEmpty(t, cs)

	want, errs, code := cli(t, in, "solve", kind, "--backend=both")
	require.Equal(t, exitOK, code, errs)
	wantCount := ""
	if countIn != "" {
		wantCount, errs, code = cli(t, countIn, "count", kind, "--backend=both", "--limit=50")
		require.Equal(t, exitOK, code, errs)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
		if !p.Default {
			continue
		}
		out, errs, code := cli(t, in, "solve", kind, "--dfs=-"+p.Name)
		require.Equal(t, exitOK, code, errs)
		require.Equal(t, want, out, "--dfs=-%s", p.Name)
		for _, n := range p.NeededBy {
			require.Contains(t, errs, "switching off "+p.Name+" also switches off "+n)
		}
		if countIn != "" {
			out, errs, code := cli(t, countIn, "count", kind, "--dfs=-"+p.Name, "--limit=50")
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, wantCount, out, "count --dfs=-%s", p.Name)
		}
	}
	for _, c := range cs {
		for _, o := range c.Options[1:] {
			out, errs, code := cli(t, in, "solve", kind, "--backend=sat", "--encoding="+c.Point+"="+o)
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, want, out, "--encoding=%s=%s", c.Point, o)
			if countIn != "" {
				out, errs, code := cli(t, countIn, "count", kind, "--backend=sat", "--encoding="+c.Point+"="+o, "--limit=50")
				require.Equal(t, exitOK, code, errs)
				require.Equal(t, wantCount, out, "count --encoding=%s=%s", c.Point, o)
			}
		}
	}
	out, errs, code = cli(t, in, "solve", kind, "--dfs=-no-such-pruning")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, `unknown pruning "no-such-pruning": want one of `+strings.Join(names, ", "))
	_, errs, code = cli(t, in, "solve", kind, "--backend=sat", "--encoding=no-such-point=x")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `unknown encoding choice "no-such-point"`)
	require.Contains(t, errs, cs[0].Point)
}

func TestAlphameticSwitches(t *testing.T) {
	in := readFile(t, "../../kinds/alphametic/testdata/sample.in") + "8\nEHACFADB\nBAGDFAFC\nEDFHGHBC\n"
	checkKindSwitches(t, "alphametic", in, in+ambiguous)
}
