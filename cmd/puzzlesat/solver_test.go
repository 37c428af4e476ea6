package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/ulikunitz/xz"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	solverpkg "github.com/puzzlesat/puzzlesat/solver"
)

// The tests of --solver: real solvers where installed, and fake ones,
// shell scripts that crash, lie or hang.

// TestSolverJudgeSamples solves every kind's judge sample with the SAT
// backend through MiniSat, CaDiCaL and the portfolio, and checks that the
// solver named answered.
func TestSolverJudgeSamples(t *testing.T) {
	solvers := []string{"minisat", "cadical", "portfolio"}
	if path, err := exec.LookPath("cadical"); err == nil && solverpkg.CadicalBuiltIn() {
		solvers = append(solvers, path) // "cadical" is the library: the program by its path
	}
	cadicalBuiltIn := solverpkg.CadicalBuiltIn()
	for _, solver := range solvers {
		t.Run(filepath.Base(solver), func(t *testing.T) {
			winner := solver
			if solver == "cadical" && cadicalBuiltIn {
				winner = "cadical(in-process)"
			} else if _, err := exec.LookPath(solver); err != nil && solver != "portfolio" {
				t.Skipf("%s is not on PATH", solver)
			}
			for _, k := range kindNames() {
				t.Run(k, func(t *testing.T) {
					in := judgedata.Path(t, k, "sample.in")
					want := readFile(t, judgedata.Path(t, k, "sample.out"))
					out, errs, code := cli(t, "", "solve", k, "--backend=sat", "--solver="+solver, "--stats", "--jobs=1", in)
					require.Equal(t, exitOK, code, errs)
					require.Equal(t, fields(want), fields(out))
					for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
						if solver == "portfolio" {
							require.Regexp(t, ` winner=\S+$`, line)
						} else {
							require.True(t, strings.HasSuffix(line, " winner="+winner), line)
						}
					}
				})
			}
		})
	}
}

// TestSolverCount counts through the solvers: the blocking clauses go to
// each process with the formula.
func TestSolverCount(t *testing.T) {
	for _, solver := range []string{"minisat", "cadical", "portfolio"} {
		t.Run(solver, func(t *testing.T) {
			if _, err := exec.LookPath(solver); err != nil && solver != "portfolio" {
				t.Skipf("%s is not on PATH", solver)
			}
			out, errs, code := cli(t, "", "count", "sudoku", "--backend=both", "--solver="+solver, "--limit=10", judgedata.Path(t, "sudoku", "two_solutions.txt"))
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, "2\n", out)
			out, errs, code = cli(t, "", "count", "digit-puzzle", "--backend=both", "--solver="+solver, "--limit=5", judgedata.Path(t, "digit-puzzle", "sample.in"))
			require.Equal(t, exitOK, code, errs)
			require.Equal(t, "1\n>=5\n", out)
		})
	}
}

// TestSolverSatCommand: sat --solver answers with the solver named.
func TestSolverSatCommand(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not on PATH")
	}
	winner := "cadical"
	if solverpkg.CadicalBuiltIn() {
		winner = `cadical\(in-process\)`
	}
	out, errs, code := cli(t, "p cnf 2 2\n1 2 0\n-1 0\n", "sat", "--solver=cadical", "--stats", "-")
	require.Equal(t, exitSat, code, errs)
	require.Regexp(t, `^c sat \S+ vars=2 clauses=2 solves=1 winner=`+winner+`\ns SATISFIABLE\nv -1 2 0\n$`, out)
	out, errs, code = cli(t, pigeonholeCNF(4), "sat", "--solver=cadical", "-")
	require.Equal(t, exitUnsat, code, errs)
	require.Equal(t, "s UNSATISFIABLE\n", out)
}

func TestSolverUsage(t *testing.T) {
	runUsageTests(t, []usageTest{
		{"unknown name", []string{"solve", "alphametic", "--solver=lingeling"}, exitUsage, `unknown SAT solver "lingeling"`},
		{"missing path", []string{"count", "sudoku", "--solver=/nonexistent/solver"}, exitUsage, "no such file"},
		{"not executable", []string{"solve", "sudoku", "--solver=" + writeTemp(t, "solver", "#!/bin/sh\n")}, exitUsage, "not an executable"},
		{"encode", []string{"encode", "sticks", "--solver=lingeling"}, exitUsage, "--solver"},
		{"sat", []string{"sat", "--solver=lingeling", "-"}, exitUsage, "--solver"},
	})
	out, errs, code := cli(t, "5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--solver="+fakeSolver(t, "exit 1"))
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, "1 0 3 4 2\n", out)
	require.Contains(t, errs, "--backend=dfs does not use it")
	out, _, code = cli(t, "", "solve", "alphametic", "-h")
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "portfolio")
	require.Contains(t, out, "minisat, glucose, cadical, kissat, picosat, cryptominisat5, clasp")
}

// fakeSolver writes an executable shell script to a fresh folder; run as
// an unknown program, it gets the DIMACS file as $1.
func fakeSolver(t *testing.T, body string) string {
	t.Helper()
	return writeExec(t, "fake", "#!/bin/sh\n"+body+"\n")
}

// writeExec writes an executable file to a fresh folder.
func writeExec(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o755))
	return path
}

// TestSolverLies: a solver that claims SAT with a model that falsifies a
// clause fails the instance, caught by the model check; one that claims
// UNSAT on a satisfiable instance shows as a disagreement of the
// backends.
func TestSolverLies(t *testing.T) {
	in := judgedata.Path(t, "alphametic", "alpha1.in")
	allFalse := fakeSolver(t, "printf 's SATISFIABLE\\nv 0\\n'; exit 10")
	out, errs, code := cli(t, "", "solve", "alphametic", "--backend=sat", "--solver="+allFalse, in)
	require.Equal(t, exitFailed, code, errs)
	require.Empty(t, out)
	require.Contains(t, errs, "case 1: sat backend: "+allFalse+": claims SATISFIABLE, but its model falsifies the formula: clause ")

	unsat := fakeSolver(t, "echo 's UNSATISFIABLE'; exit 20")
	out, errs, code = cli(t, "", "solve", "alphametic", "--backend=both", "--solver="+unsat, in)
	require.Equal(t, exitFailed, code, errs)
	require.Empty(t, out)
	require.Contains(t, errs, "the backends disagree")
	require.Contains(t, errs, "-- sat:\nno solution\n")
	out, _, code = cli(t, "", "count", "alphametic", "--backend=both", "--solver="+unsat, in)
	require.Equal(t, exitFailed, code)
	require.Empty(t, out)
}

// TestCaughtLiarNotBelieved (issue 23 item 1): a solver caught with a
// model that falsifies the formula on one instance is not run again, so
// its UNSAT on the next instance does not pass as "no solution": both
// instances fail, and the second says why.
func TestCaughtLiarNotBelieved(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs")
	liar := fakeSolver(t, fmt.Sprintf("if [ -e %[1]s ]; then echo 's UNSATISFIABLE'; exit 20; fi; touch %[1]s; printf 's SATISFIABLE\\nv 0\\n'; exit 10", runs))
	in := "5 ABCED BDACE EBBAA\n5 ABCED BDACE EBBAA\n"
	out, errs, code := cli(t, in, "solve", "alphametic", "--backend=sat", "--jobs=1", "--solver="+liar)
	require.Equal(t, exitFailed, code, errs)
	require.NotContains(t, out, "no solution")
	require.Contains(t, errs, "<stdin> case 1: sat backend: "+liar+": claims SATISFIABLE, but its model falsifies the formula")
	require.Contains(t, errs, "<stdin> case 2: sat backend: "+liar+": it was caught lying earlier in this run, so its answers are no longer taken")
}

// TestUnsatWithModel: a solver that prints UNSATISFIABLE with a model,
// here one that satisfies the formula, contradicts itself: sat with it
// fails (exit 2), and so does decode of such an output; neither is taken
// as UNSAT.
func TestUnsatWithModel(t *testing.T) {
	liar := fakeSolver(t, "printf 's UNSATISFIABLE\\nv -1 2 0\\n'; exit 20")
	out, errs, code := cli(t, "p cnf 2 2\n1 2 0\n-1 0\n", "sat", "--solver="+liar, "-")
	require.Equal(t, exitUsage, code, errs)
	require.Empty(t, out)
	require.Contains(t, errs, "model values, but line 1 says UNSATISFIABLE")

	in := judgedata.Path(t, "alphametic", "alpha1.in")
	model := writeTemp(t, "model", "s UNSATISFIABLE\nv 1 -2 0\n")
	out, errs, code = cli(t, "", "decode", "alphametic", "--model", model, in)
	require.Equal(t, exitUsage, code, errs)
	require.NotContains(t, out, "no solution")
	require.Contains(t, errs, "model values, but line 1 says UNSATISFIABLE")
}

// TestSolverFailures: a solver that crashes or prints garbage fails its
// instance with a message that quotes its stderr; the other instances go
// on.
func TestSolverFailures(t *testing.T) {
	in := "5 ABCED BDACE EBBAA\n5 ABCED BDACE EBBAA\n"
	tests := []struct{ name, body, err string }{
		{"crash", "echo 'fake: out of cheese' >&2; kill -SEGV $$", `signal: segmentation fault, not the 10 of SAT or the 20 of UNSAT; its stderr ends "fake: out of cheese"`},
		{"garbage", "echo 'hello'; echo 'warming up' >&2; exit 10", `fake output:1: unexpected "hello"; its stderr ends "warming up"`},
		{"unknown", "echo 's UNKNOWN'; exit 0", `exit status 0, not the 10 of SAT or the 20 of UNSAT; it printed "UNKNOWN"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := cli(t, in, "solve", "alphametic", "--backend=sat", "--solver="+fakeSolver(t, tc.body))
			require.Equal(t, exitFailed, code, errs)
			require.Empty(t, out)
			require.Equal(t, 2, strings.Count(errs, tc.err), errs)
			require.Contains(t, errs, "<stdin> case 2: sat backend: ")
		})
	}
}

// hangingSolver writes a fake solver that starts a child and waits for
// it forever, writing both pids to the returned file.
func hangingSolver(t *testing.T) (path, pids string) {
	pids = filepath.Join(t.TempDir(), "pids")
	return fakeSolver(t, fmt.Sprintf("echo $$ > %[1]s; sleep 1000 & echo $! >> %[1]s; wait", pids)), pids
}

// requireGone checks that the processes whose pids the file holds have
// ended (or are zombies that init has yet to reap), waiting for them no
// longer than a hung test would.
func requireGone(t *testing.T, pids string) {
	t.Helper()
	requireProc(t)
	var ws []string
	require.Eventually(t, func() bool {
		b, _ := os.ReadFile(pids)
		ws = strings.Fields(string(b))
		return len(ws) == 2
	}, hang, 10*time.Millisecond, "the fake solver wrote its pid and its child's")
	requirePidsGone(t, ws)
}

// racingSolver writes a fake solver that starts a child and waits for it
// forever, appending a line with both pids to the returned file: one
// line for each time it is started.
func racingSolver(t *testing.T) (path, pids string) {
	pids = filepath.Join(t.TempDir(), "pids")
	return fakeSolver(t, fmt.Sprintf(`sleep 1000 & echo "$$ $!" >> %s; wait`, pids)), pids
}

// requirePidsGone checks that the processes ws have ended (or are
// zombies that init has yet to reap), waiting for them no longer than a
// hung test would.
func requirePidsGone(t *testing.T, ws []string) {
	t.Helper()
	requireProc(t)
	for _, w := range ws {
		pid, err := strconv.Atoi(w)
		require.NoError(t, err)
		require.Eventually(t, func() bool { return !running(pid) }, hang, 10*time.Millisecond, "process %d still runs", pid)
	}
}

// requireProc skips the test where there is no /proc to look for
// processes in.
func requireProc(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to look for the processes in")
	}
}

// running reports whether process pid runs: it exists and is not a
// zombie.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')') // the state follows the command name
	return i < 0 || i+2 >= len(b) || b[i+2] != 'Z'
}

// requireEmpty checks that no file was left in dir.
func requireEmpty(t *testing.T, dir string) {
	t.Helper()
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, left, "temporary files left behind")
}

// TestSolverTimeoutKillsTheGroup: at the deadline the solver and its
// child are killed, its temporary file is removed, and the instance
// prints timeout.
func TestSolverTimeoutKillsTheGroup(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	hang, pids := hangingSolver(t)
	start := time.Now()
	out, errs, code := cli(t, "5 ABCED BDACE EBBAA\n", "solve", "alphametic", "--backend=sat", "--solver="+hang, "--timeout=1s")
	t.Logf("took %v with a timeout of 1s", time.Since(start))
	require.Equal(t, exitFailed, code, errs)
	require.Equal(t, "timeout\n", out)
	requireGone(t, pids)
	requireEmpty(t, tmp)
}

// TestCtrlCStopsExternalSolver sends a real SIGINT while an external
// solver runs, alone or racing gini on a pigeonhole: the command kills its
// process group, removes its file and exits 130 at once.
func TestCtrlCStopsExternalSolver(t *testing.T) {
	for _, tc := range []struct {
		name, stdout string
		args         func(hang string) []string
	}{
		{"solve", "", func(hang string) []string {
			return []string{"solve", "alphametic", "--backend=sat", "--solver=" + hang, writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")}
		}},
		{"sat portfolio", "s UNKNOWN\n", func(hang string) []string {
			return []string{"sat", "--solver=portfolio:gini," + hang, writeBig(t, "php.cnf", pigeonholeCNF(13), 1)}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			fake, pids := hangingSolver(t)
			cmd := exec.Command(binary(t), tc.args(fake)...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			p := launch(t, cmd, "", false)
			require.Eventually(t, func() bool {
				b, _ := os.ReadFile(pids)
				return len(strings.Fields(string(b))) == 2
			}, hang, time.Millisecond, "the fake solver started")
			sent := time.Now()
			require.NoError(t, p.cmd.Process.Signal(os.Interrupt))
			code, _ := p.wait(t)
			stop := p.done.Sub(sent)
			t.Logf("stopped %v after SIGINT", stop)
			require.Equal(t, exitInterrupted, code, p.errs.String())
			require.Equal(t, "puzzlesat: interrupted\n", p.errs.String())
			require.Equal(t, tc.stdout, p.stdout.String())
			requireGone(t, pids)
			requireEmpty(t, tmp)
		})
	}
}

// TestSatReadsStdinAndCompressed (issue 36 item 4): sat reads stdin when
// given no file, and gzip and xz files by their first bytes, as MiniSat
// and CaDiCaL do, from a file or from stdin; check reads a compressed
// formula too.
func TestSatReadsStdinAndCompressed(t *testing.T) {
	cnf := pigeonholeCNF(3)
	var gz, xzb bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, cnf)
	require.NoError(t, zw.Close())
	xw, err := xz.NewWriter(&xzb)
	require.NoError(t, err)
	io.WriteString(xw, cnf)
	require.NoError(t, xw.Close())
	gzPath := writeTemp(t, "php.cnf.gz", gz.String())
	xzPath := writeTemp(t, "php.cnf.xz", xzb.String())
	for _, tc := range []struct {
		name, stdin string
		args        []string
	}{
		{"stdin, no file", cnf, []string{"sat"}},
		{"gzip", "", []string{"sat", gzPath}},
		{"xz", "", []string{"sat", xzPath}},
		{"gzip from stdin", gz.String(), []string{"sat"}},
		{"xz from stdin", xzb.String(), []string{"sat", "-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := cli(t, tc.stdin, tc.args...)
			require.Equal(t, exitUnsat, code, errs)
			require.Equal(t, "s UNSATISFIABLE\n", out)
		})
	}
	_, errs, code := cli(t, "", "sat", gzPath, xzPath)
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "usage: puzzlesat sat [flags] [CNF]")
	_, errs, code = cli(t, "\x1f\x8bnot gzip", "sat")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "<stdin>: gzip: invalid header")
	proof := writeTemp(t, "empty.drat", "")
	out, errs, code := cli(t, "", "check", gzPath, proof)
	require.Contains(t, []int{exitOK, exitFailed}, code, errs)
	require.True(t, strings.HasPrefix(out, "s "), out)
}
