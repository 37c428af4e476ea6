package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/solver"
)

// cli runs puzzlesat in-process and returns stdout, stderr and the status.
// badInput is an input that a command must refuse: exit status 2,
// nothing on stdout, and one line on stderr that holds err.
type badInput struct{ name, in, err string }

// requireBadInput runs each case on stdin through each command line and
// requires it refused as badInput says.
func requireBadInput(t *testing.T, cases []badInput, commands ...[]string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range commands {
				out, errs, code := cli(t, tc.in, args...)
				require.Equal(t, exitUsage, code, "%v: %s", args, errs)
				require.Empty(t, out, args)
				require.Contains(t, errs, tc.err, args)
				require.Equal(t, 1, strings.Count(errs, "\n"), "%v, one line: %q", args, errs)
			}
		})
	}
}

func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errs bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errs)
	return out.String(), errs.String(), code
}

// readFile returns a file's text, failing the test when it cannot.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// fields compares outputs token by token, as the judges do.
func fields(s string) []string { return strings.Fields(s) }

// writeTemp writes text to a file in a fresh temporary folder.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// usageTest is a command line and how the command must take it: its exit
// status, and a text that stdout holds for help (exit 0), stderr for
// anything else.
type usageTest struct {
	name string
	args []string
	code int
	want string
}

// runUsageTests runs each command line on an empty stdin. Help prints on
// stdout and nothing on stderr; bad usage prints one line on stderr and
// nothing on stdout.
func runUsageTests(t *testing.T, tests []usageTest) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := cli(t, "", tc.args...)
			require.Equal(t, tc.code, code, "%v: %s", tc.args, errs)
			switch tc.code {
			case exitOK:
				require.Contains(t, out, tc.want)
				require.Empty(t, errs)
			case exitUsage:
				require.Empty(t, out)
				require.Contains(t, errs, tc.want)
				require.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
			default:
				require.Contains(t, errs, tc.want)
			}
		})
	}
}

// allKinds is how the command's messages list the kinds: every
// registered one, by name.
var allKinds = strings.Join(kindNames(), ", ")

func TestUsage(t *testing.T) {
	runUsageTests(t, []usageTest{
		{"help", []string{"help"}, exitOK, "usage: puzzlesat COMMAND"},
		{"-h", []string{"-h"}, exitOK, "puzzlesat version"},
		{"--help", []string{"--help"}, exitOK, "KIND is one of: " + allKinds + "\n"},
		{"unknown command", []string{"frobnicate"}, exitUsage, `unknown command "frobnicate" (see puzzlesat -h)`},
		{"misspelled command", []string{"slove", "sudoku"}, exitUsage, `unknown command "slove": did you mean "solve"? (see puzzlesat -h)`},
		{"unknown kind", []string{"solve", "chess"}, exitUsage, `unknown puzzle kind "chess" (want one of ` + allKinds + `; see puzzlesat kinds)`},
		{"misspelled kind", []string{"solve", "sudoku9"}, exitUsage, `unknown puzzle kind "sudoku9": did you mean "sudoku"? (see puzzlesat kinds)`},
		{"kind in capitals", []string{"solve", "SUDOKU", "-h"}, exitOK, "usage: puzzlesat solve sudoku [flags]"},
		{"misspelled flag", []string{"solve", "sudoku", "--tiemout=1s"}, exitUsage, "puzzlesat: solve sudoku: flag provided but not defined: -tiemout: did you mean --timeout? (see puzzlesat solve sudoku -h)\n"},
		{"misspelled backend", []string{"solve", "sudoku", "--backend=bth"}, exitUsage, `--backend must be dfs, sat, both or race, not "bth": did you mean "both"?`},
		{"misspelled pruning", []string{"solve", "sudoku", "--dfs=-nakd-singles"}, exitUsage, `unknown pruning "nakd-singles": did you mean "naked-singles"?`},
		{"misspelled encoding", []string{"count", "sudoku", "--encoding=amo=sequental"}, exitUsage, `encoding "amo=sequental": did you mean "amo=sequential"?`},
		{"help CMD", []string{"help", "count"}, exitOK, "usage: puzzlesat count KIND [flags] [FILE...]\n"},
		{"help CMD KIND", []string{"help", "count", "sudoku"}, exitOK, "usage: puzzlesat count sudoku [flags] [FILE...]\n"},
		{"help version", []string{"help", "version"}, exitOK, "usage: puzzlesat version"},
		{"version -h", []string{"version", "-h"}, exitOK, "usage: puzzlesat version"},
		{"help of an unknown command", []string{"help", "sovle"}, exitUsage, `unknown command "sovle": did you mean "solve"?`},
		{"no kind", []string{"solve"}, exitUsage, "usage: puzzlesat solve KIND [flags] [FILE...]; KIND is one of " + strings.Join(kindNames(), ", ") + " ("},
		{"flag before the kind", []string{"solve", "--jobs=2", "sudoku"}, exitUsage, "(see puzzlesat solve -h)"},
		{"bad backend", []string{"solve", "alphametic", "--backend=quantum"}, exitUsage, "--backend must be dfs, sat, both or race, not \"quantum\" (see puzzlesat solve alphametic -h)"},
		{"missing file", []string{"solve", "alphametic", "/nonexistent/x.in"}, exitUsage, "no such file"},
		{"two files", []string{"encode", "alphametic", "a", "b"}, exitUsage, "at most one input file"},
		{"a missing file of several", []string{"solve", "alphametic", os.DevNull, "/nonexistent/b.in"}, exitUsage, "/nonexistent/b.in: no such file"},
		{"stdin twice", []string{"count", "alphametic", "-", "-"}, exitUsage, "only once"},
		// The prefix once, the subcommand and kind, and where to look.
		{"bad flag", []string{"solve", "sudoku", "--frob"}, exitUsage, "puzzlesat: solve sudoku: flag provided but not defined: -frob (see puzzlesat solve sudoku -h)\n"},
		{"jobs 0", []string{"solve", "sudoku", "--jobs=0"}, exitUsage, "puzzlesat: --jobs must be in 1..4096, got 0 (see puzzlesat solve sudoku -h)\n"},
		{"base 37", []string{"solve", "cryptarithm", "--base=37"}, exitUsage, "puzzlesat: --base must be in 2..36, got 37 (see puzzlesat solve cryptarithm -h)\n"},
		{"alphabet", []string{"solve", "sudoku", "--alphabet=112"}, exitUsage, `puzzlesat: --alphabet: alphabet "112" has 3 symbols, want 4, 9, 16, 25, 36, 49, 64 or 81 (see puzzlesat solve sudoku -h)` + "\n"},
		{"alphabet repeats", []string{"count", "sudoku", "--alphabet=1123"}, exitUsage, "--alphabet: alphabet \"1123\": want distinct printable symbols"},
		{"flag help", []string{"solve", "alphametic", "-h"}, exitOK, "usage: puzzlesat solve alphametic [flags] [FILE...]\n"},
		{"sat, empty stdin", []string{"sat"}, exitUsage, "<stdin>:1: no header"},
		{"sat, two files", []string{"sat", "a.cnf", "b.cnf"}, exitUsage, "usage: puzzlesat sat [flags] [CNF]"},
		{"sat help", []string{"sat", "-h"}, exitOK, "-timeout"},
		{"version", []string{"version"}, exitOK, "puzzlesat "},
		{"--version", []string{"--version"}, exitOK, " built with go1."},
		{"version with an argument", []string{"version", "x"}, exitUsage, "version takes no arguments"},
	})
	// No command at all: the usage, as an error.
	out, errs, code := cli(t, "")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.True(t, strings.HasPrefix(errs, "usage: puzzlesat COMMAND ...\n"), errs)
}

// TestHelpWithoutKind: every subcommand that takes a KIND prints its
// usage, the kinds and the flags every kind takes for -h alone, on
// stdout, and exits 0.
func TestHelpWithoutKind(t *testing.T) {
	for _, c := range commands() {
		if !strings.Contains(c.usage, "KIND") {
			continue
		}
		for _, h := range []string{"-h", "--help"} {
			out, errs, code := cli(t, "", c.name, h)
			require.Equal(t, exitOK, code, "%s %s: %s", c.name, h, errs)
			require.Empty(t, errs)
			require.True(t, strings.HasPrefix(out, "usage: puzzlesat "+c.usage+"\n"+c.short+"\n"), "%s %s:\n%s", c.name, h, out)
			require.Contains(t, out, "KIND is one of "+allKinds+"; puzzlesat "+c.name+" KIND -h also lists")
		}
	}
	out, _, _ := cli(t, "", "solve", "-h")
	require.Contains(t, out, "-backend NAME")
	require.Contains(t, out, "-jobs int")
	require.NotContains(t, out, "-alphabet", "a kind's own flag")
}

// TestEverySubcommandTakesHelp: -h, --help and help CMD print the
// subcommand's usage line on stdout, and nothing on stderr, and exit 0,
// for every subcommand.
func TestEverySubcommandTakesHelp(t *testing.T) {
	for _, c := range commands() {
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {"help", c.name}} {
			out, errs, code := cli(t, "", args...)
			require.Equal(t, exitOK, code, "%v: %s", args, errs)
			require.Empty(t, errs, args)
			require.True(t, strings.HasPrefix(out, "usage: puzzlesat "+c.usage+"\n"), "%v:\n%s", args, out)
		}
	}
}

// TestEncodeFlagsFollowTheKind: -backend and -solver, which pick how the
// optimum a query is made at is found, belong to the kinds with a bound.
func TestEncodeFlagsFollowTheKind(t *testing.T) {
	for _, k := range kinds() {
		for _, cmd := range []string{"encode", "decode"} {
			out, errs, code := cli(t, "", cmd, k.name(), "-h")
			require.Equal(t, exitOK, code, errs)
			if _, ok := k.bound(); ok {
				require.Contains(t, out, "-backend NAME\n", "%s %s", cmd, k.name())
				require.Contains(t, out, "the optimum", "%s %s", cmd, k.name())
				require.Contains(t, out, "-solver", "%s %s", cmd, k.name())
				continue
			}
			require.NotContains(t, out, "-backend", "%s %s", cmd, k.name())
			require.NotContains(t, out, "-solver", "%s %s", cmd, k.name())
			require.NotContains(t, out, "optimum", "%s %s", cmd, k.name())
		}
	}
}

func TestVersionText(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "puzzlesat", Version: "(devel)"}}
	require.Equal(t, "puzzlesat devel, built with go1.26.8 on "+runtime.GOOS+"/"+runtime.GOARCH+"\n", versionText(info))
	info.Main.Version = "v0.0.0-20261201232140-f3ce1fbb0efd+dirty"
	info.Settings = []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "f3ce1fbb0efd2c0497bdad9b2cbd0ced618475f2"},
		{Key: "vcs.time", Value: "2026-12-01T23:21:40Z"}, {Key: "vcs.modified", Value: "true"}}
	require.Equal(t, "puzzlesat v0.0.0-20261201232140-f3ce1fbb0efd+dirty, revision f3ce1fbb0efd2c0497bdad9b2cbd0ced618475f2 (modified), committed 2026-12-01T23:21:40Z, built with go1.26.8 on "+runtime.GOOS+"/"+runtime.GOARCH+"\n", versionText(info))
	require.Contains(t, versionText(nil), "puzzlesat devel, built with "+runtime.Version())
	out, errs, code := cli(t, "", "--version")
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "\n"+enginesText(solver.CadicalBuiltIn()))
	require.Contains(t, enginesText(true), "gini, cadical")
}

func TestSatCommand(t *testing.T) {
	tests := []struct {
		name, cnf string
		code      int
		out       string
	}{
		{"sat", "p cnf 2 2\n1 2 0\n-1 0\n", exitSat, "s SATISFIABLE\nv -1 2 0\n"},
		{"unsat", "p cnf 1 2\n1 0\n-1 0\n", exitUnsat, "s UNSATISFIABLE\n"},
		{"empty", "p cnf 0 0\n", exitSat, "s SATISFIABLE\nv 0\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := cli(t, tc.cnf, "sat", "-")
			require.Equal(t, tc.code, code, errs)
			require.Equal(t, tc.out, out)
		})
	}
	out, errs, code := cli(t, "p cnf 1 1\n1 x 0\n", "sat", "-")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, "<stdin>:2:")
}

func TestTimeoutKeepsLinesAligned(t *testing.T) {
	in := "5 ABCED BDACE EBBAA\n5 ABCED BDACE EBBAA\n"
	out, errs, code := cli(t, in, "solve", "alphametic", "--backend=sat", "--timeout=1ns")
	require.Equal(t, exitFailed, code, errs)
	require.Equal(t, "timeout\ntimeout\n", out)
}

func TestJobsKeepInputOrder(t *testing.T) {
	gen, errs, code := cli(t, "", "gen", "alphametic", "--n", "8", "--count", "40", "--seed", "3")
	require.Equal(t, exitOK, code, errs)
	one, errs, code := cli(t, gen, "solve", "alphametic", "--jobs=1")
	require.Equal(t, exitOK, code, errs)
	many, errs, code := cli(t, gen, "solve", "alphametic", "--jobs=8", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, one, many)
	require.Equal(t, 40, strings.Count(one, "\n"))
}

// TestStatsLines: --stats says that the backends of --backend=both
// agreed and leaves out the counters that are zero; --stats=all prints
// every counter.
func TestStatsLines(t *testing.T) {
	winner := regexp.QuoteMeta(defaultWinner())
	out, errs, code := cli(t, "5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--backend=both", "--stats=all")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1 0 3 4 2\n", out)
	require.Regexp(t, `^<stdin> case 1: both agree: dfs \S+ nodes=\d+ cuts=column-check:\d+(,[a-z-]+:\d+){8}; sat \S+ vars=\d+ clauses=\d+ solves=1 conflicts=\d+ decisions=\d+ propagations=\d+ winner=`+winner+` proofs=0\n$`, errs)
	require.Contains(t, errs, ":0", "a cut that never acted")

	out, errs, code = cli(t, "5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--backend=both", "--stats")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1 0 3 4 2\n", out)
	require.Regexp(t, `^<stdin> case 1: both agree: dfs \S+ nodes=\d+ cuts=[a-z-]+:\d+(,[a-z-]+:\d+)*; sat \S+ vars=\d+ clauses=\d+ solves=1 (conflicts=\d+ )?decisions=\d+ winner=`+winner+`\n$`, errs)
	require.NotRegexp(t, `[=:]0\b`, errs)
	require.NotContains(t, errs, "us ", "µs, as Go spells it")

	_, errs, code = cli(t, "5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--stats=some")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, `invalid boolean value "some" for -stats: want true, false or all`)
}

// defaultWinner is how --stats names the default solver when it wins an
// alphametic: gini; in a build with the tag cadical, gini picked by
// auto, or CaDiCaL in process when PUZZLESAT_ENGINE=cadical switched the
// default.
func defaultWinner() string {
	switch solver.Default().Name() {
	case "cadical":
		return "cadical(in-process)"
	case "auto":
		return "gini auto=gini(alphametic)"
	}
	return "gini"
}

// TestBothBackendsCertificatesMayDiffer solves generated blocks whose two
// backends build different sticks: the answers agree, and the certificate
// printed is a valid one.
func TestBothBackendsCertificatesMayDiffer(t *testing.T) {
	in, errs, code := cli(t, "", "gen", "sticks", "--count", "2", "--seed", "4")
	require.Equal(t, exitOK, code, errs)
	plain, errs, code := cli(t, in, "solve", "sticks", "--backend=both")
	require.Equal(t, exitOK, code, errs)
	out, errs, code := cli(t, in, "solve", "sticks", "--backend=both", "--certificate")
	require.Equal(t, exitOK, code, errs)
	var answers []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(line, "#") {
			answers = append(answers, line)
		}
	}
	require.Equal(t, fields(plain), answers)
	require.Contains(t, out, "# stick 1:")
}

// pigeonholeCNF returns "n+1 pigeons in n holes" as DIMACS: unsatisfiable,
// and slow for gini past n = 10.
func pigeonholeCNF(n int) string {
	v := func(p, h int) int { return p*n + h + 1 }
	var cls []string
	for p := 0; p <= n; p++ {
		var c []string
		for h := 0; h < n; h++ {
			c = append(c, fmt.Sprint(v(p, h)))
		}
		cls = append(cls, strings.Join(c, " ")+" 0")
	}
	for h := 0; h < n; h++ {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				cls = append(cls, fmt.Sprintf("-%d -%d 0", v(p, h), v(q, h)))
			}
		}
	}
	return fmt.Sprintf("p cnf %d %d\n%s\n", (n+1)*n, len(cls), strings.Join(cls, "\n"))
}

// TestSatCommandTimeout: at its deadline sat says s UNKNOWN and exits 0;
// a deadline that has passed before anything is read makes it so on any
// machine.
func TestSatCommandTimeout(t *testing.T) {
	out, errs, code := cli(t, pigeonholeCNF(12), "sat", "--timeout=1ns", "-")
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "s UNKNOWN\n", out)
	out, _, code = cli(t, pigeonholeCNF(4), "sat", "-")
	require.Equal(t, exitUnsat, code)
	require.Equal(t, "s UNSATISFIABLE\n", out)
}

// externalSolvers runs MiniSat and CaDiCaL, those on PATH, on a
// satisfiable cnf, writes each one's output to a file in dir and calls
// check with it; it returns how many ran.
func externalSolvers(t *testing.T, cnf, dir string, check func(solver, model string)) int {
	t.Helper()
	ran := 0
	for _, solver := range []string{"minisat", "cadical"} {
		bin, err := exec.LookPath(solver)
		if err != nil {
			t.Logf("%s not on PATH", solver)
			continue
		}
		model := filepath.Join(dir, solver+".out")
		var cmd *exec.Cmd
		if solver == "minisat" {
			cmd = exec.Command(bin, "-verb=0", cnf, model) // writes "SAT" and the literals to model
		} else {
			cmd = exec.Command(bin, "-q", cnf)
		}
		stdout, err := cmd.Output()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%s exits 10 on SAT", solver)
		require.Equal(t, 10, ee.ExitCode())
		if solver == "cadical" {
			require.NoError(t, os.WriteFile(model, stdout, 0o644))
		}
		check(solver, model)
		ran++
	}
	return ran
}
