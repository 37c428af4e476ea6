package solver_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/solver"
)

// fake writes an executable shell script called name to a fresh folder
// and returns its path. Run as an unknown program, it gets the DIMACS
// file as $1.
func fake(t *testing.T, name, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
	return path
}

// twoClauses returns (1 ∨ 2) ∧ (¬1 ∨ 2), whose models make 2 true.
func twoClauses() *cnf.CNF {
	f := cnf.New()
	a, b := f.Lit(), f.Lit()
	f.Add(a, b)
	f.Add(a.Not(), b)
	return f
}

// quietTemp points the temporary folder of the programs' files at a
// fresh one and returns it, to check that every run leaves it empty.
func quietTemp(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	return dir
}

// requireEmpty checks that a run left no file behind in dir.
func requireEmpty(t *testing.T, dir string) {
	t.Helper()
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, left, "temporary files left behind")
}

func TestParseEngine(t *testing.T) {
	notExec := filepath.Join(t.TempDir(), "solver")
	require.NoError(t, os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644))
	tests := []struct {
		name, want, err string
	}{
		{"", solver.Default().Name(), ""},
		{"gini", "gini", ""},
		{"cadical", "cadical", ""},
		{"portfolio", "portfolio", ""},
		{"portfolio:gini," + notExec, "", "not an executable"},
		{"portfolio:gini,gini", "portfolio:gini,gini", ""},
		{"portfolio:gini,portfolio", "", "portfolio member"},
		{"portfolio:", "", "portfolio member"},
		{"lingeling", "", "unknown SAT solver"},
		{"/nonexistent/solver", "", "no such file"},
		{notExec, "", "not an executable"},
		{filepath.Dir(notExec), "", "not an executable"},
	}
	for _, p := range solver.Programs() {
		if _, ok := solver.Cadical(); ok && p == "cadical" {
			continue // the library, in this build
		}
		if _, err := exec.LookPath(p); err != nil {
			tests = append(tests, struct{ name, want, err string }{p, "", "not on PATH"})
		} else {
			tests = append(tests, struct{ name, want, err string }{p, p, ""})
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := solver.ParseEngine(tc.name)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, e.Name())
		})
	}
}

// TestInstalledProgramsDifferential runs the solve-and-count
// differential against brute force through every known solver on PATH,
// and through the portfolio of them all with gini.
func TestInstalledProgramsDifferential(t *testing.T) {
	tmp := quietTemp(t)
	engines := append(solver.Installed(), solver.Portfolio(append([]solver.Engine{solver.Gini()}, solver.Installed()...)...))
	for _, name := range solver.Programs() {
		if _, err := exec.LookPath(name); err != nil {
			t.Logf("%s is not on PATH: not tested", name)
		}
	}
	for _, e := range engines {
		t.Run(e.Name(), func(t *testing.T) {
			reuseDifferential(t, solver.Config{Engine: e}, 6)
		})
	}
	requireEmpty(t, tmp)
}

// TestProgramFailures runs fake solvers that crash, print what cannot be
// read, or lie: each solve fails with a *ProgramError that says why, and
// none leaves a file behind.
func TestProgramFailures(t *testing.T) {
	tests := []struct {
		name, body string
		assume     []cnf.Lit
		want       []string // in the message
		bad        bool     // errors.Is ErrBadModel
		liar       bool     // caught lying: not run again
	}{
		{"model falsifies a clause", "printf 's SATISFIABLE\\nv 1 -2 0\\n'; exit 10", nil,
			[]string{"claims SATISFIABLE", "clause 2 (-1 2 0) is false"}, true, true},
		{"model falsifies an assumption", "printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10", []cnf.Lit{cnf.Var(1).Pos()},
			[]string{"assumption 1 (1) is false"}, true, true},
		{"crash", "echo 'fake: out of cheese' >&2; kill -SEGV $$", nil,
			[]string{"signal: segmentation fault", `stderr ends "fake: out of cheese"`}, false, false},
		{"garbage", "printf 's SATISFIABLE\\nv 1 two 0\\n'; exit 10", nil,
			[]string{"cannot be read", `"two"`}, false, false},
		{"unknown", "echo 's UNKNOWN'; echo 'gave up' >&2; exit 0", nil,
			[]string{"exit status 0", `printed "UNKNOWN"`, "gave up"}, false, false},
		{"no output", "exit 10", nil, []string{"no status line"}, false, false},
		{"SAT status, UNSAT output", "echo 's UNSATISFIABLE'; exit 10", nil, []string{"printed UNSATISFIABLE"}, false, true},
		{"UNSAT status, SAT output", "printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 20", nil, []string{"printed a model"}, false, true},
		{"UNSAT with a model", "printf 's UNSATISFIABLE\\nv -1 2 0\\n'; exit 20", nil, []string{"contradicts itself", "model values, but line 1 says UNSATISFIABLE"}, false, true},
		{"SAT and UNSAT", "printf 's SATISFIABLE\\ns UNSATISFIABLE\\n'; exit 20", nil, []string{"contradicts itself", "contradicts the status SATISFIABLE"}, false, true},
		{"endless output", "yes 'c more'", nil, []string{"printed more than"}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tmp := quietTemp(t)
			e, err := solver.Program(fake(t, "fake", tc.body))
			require.NoError(t, err)
			s := solver.Config{Engine: e}.New(twoClauses())
			st, err := s.Solve(context.Background(), tc.assume...)
			require.Equal(t, solver.Unknown, st)
			var pe *solver.ProgramError
			require.ErrorAs(t, err, &pe)
			for _, w := range tc.want {
				require.ErrorContains(t, err, w)
			}
			require.Equal(t, tc.bad, errors.Is(err, solver.ErrBadModel), "%v", err)
			require.False(t, errors.Is(err, solver.ErrLiar), "%v", err)
			_, again := solver.Config{Engine: e}.New(twoClauses()).Solve(context.Background())
			require.Equal(t, tc.liar, errors.Is(again, solver.ErrLiar), "the next solve, of another formula: %v", again)
			requireEmpty(t, tmp)
		})
	}
}

// TestProgramMustReadItsInput: a solver that answers without reading the
// formula on its stdin fails. The fake is named cadical, so it is run as
// CaDiCaL is: the formula on stdin, larger than a pipe holds.
func TestProgramMustReadItsInput(t *testing.T) {
	f := cnf.New()
	for range 20000 {
		f.Add(f.Lit(), f.Lit())
	}
	e, err := solver.Program(fake(t, "cadical", "echo 's UNSATISFIABLE'; exit 20"))
	require.NoError(t, err)
	_, err = solver.Config{Engine: e}.New(f).Solve(context.Background())
	require.ErrorContains(t, err, "before it read the whole formula")
}

// hanger writes a fake solver that starts a child and waits for it
// forever, writing both pids to the returned file.
func hanger(t *testing.T) (path, pids string) {
	pids = filepath.Join(t.TempDir(), "pids")
	return fake(t, "hang", fmt.Sprintf("echo $$ > %s; sleep 1000 & echo $! >> %s; wait", pids, pids)), pids
}

// requireGone checks that the processes whose pids
// file holds have ended.
func requireGone(t *testing.T, pids string) {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to look for the processes in")
	}
	text, err := os.ReadFile(pids)
	require.NoError(t, err)
	fields := strings.Fields(string(text))
	require.Len(t, fields, 2, "the fake wrote its pid and its child's")
	for _, w := range fields {
		pid, err := strconv.Atoi(w)
		require.NoError(t, err)
		// The sweep itself may take up to 2 s (sweepWait) on a loaded machine.
		require.Eventually(t, func() bool { return gone(pid) }, time.Minute, 10*time.Millisecond, "process %d still runs", pid)
	}
}

// gone reports whether process pid has ended: it is absent, or a zombie
// that its parent has not reaped yet (init in a container may never).
func gone(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	i := bytes.LastIndexByte(b, ')') // the state follows the command name
	return i >= 0 && i+2 < len(b) && b[i+2] == 'Z'
}

// TestProgramDeadlineKillsTheGroup: when the context ends, the solver and
// the process it started are killed at once and its file is removed.
func TestProgramDeadlineKillsTheGroup(t *testing.T) {
	tmp := quietTemp(t)
	path, pids := hanger(t)
	e, err := solver.Program(path)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	go func() { // cancel once the fake and its child run
		for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(time.Millisecond) {
			if b, _ := os.ReadFile(pids); len(strings.Fields(string(b))) == 2 {
				break
			}
		}
		cancelled = time.Now()
		cancel()
	}()
	st, err := solver.Config{Engine: e}.New(twoClauses()).Solve(ctx)
	t.Logf("returned %v after the cancel", time.Since(cancelled))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, solver.Unknown, st)
	// The fake hangs for ever: returning at all means it was stopped.
	requireGone(t, pids)
	requireEmpty(t, tmp)
}

// TestProgramDetachedChildIsKilled: a solver that starts a child in a
// session of its own (setsid), out of its process group, does not leave
// it running: neither when it answers and exits, nor when the context
// ends while it waits for the child.
func TestProgramDetachedChildIsKilled(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	if _, err := os.Stat("/proc/self/task"); err != nil {
		t.Skip("no /proc: only Linux sweeps what leaves the group")
	}
	for _, hang := range []bool{false, true} {
		t.Run(fmt.Sprintf("hang=%v", hang), func(t *testing.T) {
			pids := filepath.Join(t.TempDir(), "pids")
			end := "printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10"
			if hang {
				end = "wait"
			}
			// The child writes its pid once it has left the group, and the
			// fake goes on only then.
			e, err := solver.Program(fake(t, "detach", fmt.Sprintf(
				"echo $$ > %[1]s; setsid sh -c 'echo $$ >> %[1]s; exec sleep 1000' & while [ $(wc -l < %[1]s) -lt 2 ]; do sleep 0.01; done; %[2]s", pids, end)))
			require.NoError(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if hang {
				go func() { // cancel once the fake and its child run
					for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(time.Millisecond) {
						if b, _ := os.ReadFile(pids); len(strings.Fields(string(b))) == 2 {
							break
						}
					}
					cancel()
				}()
			}
			s := solver.Config{Engine: e}.New(twoClauses())
			st, err := s.Solve(ctx)
			if hang {
				require.ErrorIs(t, err, context.Canceled)
			} else {
				require.NoError(t, err)
				require.Equal(t, solver.Sat, st)
			}
			requireGone(t, pids)
		})
	}
}

// TestPortfolioStopsTheLosers: gini wins against a solver that hangs,
// which is killed with its child. gini answers only once the fake has
// started its child (Gated), so that there is a child to kill.
func TestPortfolioStopsTheLosers(t *testing.T) {
	tmp := quietTemp(t)
	path, pids := hanger(t)
	e, err := solver.Program(path)
	require.NoError(t, err)
	f := cnf.New()
	pigeons(f, 8, 0)
	started := func() bool {
		b, _ := os.ReadFile(pids)
		return len(strings.Fields(string(b))) == 2
	}
	s := solver.Config{Engine: solver.Portfolio(solver.Gated(solver.Gini(), started), e)}.New(f)
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
	require.Equal(t, "gini", s.Stats().Winner())
	requireGone(t, pids)
	requireEmpty(t, tmp)
}

// TestPortfolioSurvivesLiars: members that lie about a model or crash
// drop out of the race, which gini then wins; when every member fails,
// the solve fails with their errors.
func TestPortfolioSurvivesLiars(t *testing.T) {
	liar, err := solver.Program(fake(t, "liar", "printf 's SATISFIABLE\\nv 1 -2 0\\n'; exit 10"))
	require.NoError(t, err)
	crash, err := solver.Program(fake(t, "crash", "kill -SEGV $$"))
	require.NoError(t, err)
	for range 5 {
		s := solver.Config{Engine: solver.Portfolio(liar, solver.Gini(), crash)}.New(twoClauses())
		st, err := s.Solve(context.Background())
		require.NoError(t, err)
		require.Equal(t, solver.Sat, st)
		require.True(t, s.Model().Value(cnf.Var(2).Pos()))
		require.Equal(t, "gini", s.Stats().Winner())
	}
	_, err = solver.Config{Engine: solver.Portfolio(liar, crash)}.New(twoClauses()).Solve(context.Background())
	require.ErrorIs(t, err, solver.ErrBadModel)
	require.ErrorContains(t, err, "segmentation fault")
}

// TestPortfolioDropsCaughtLiars: a program the user named, caught with a
// model that falsifies the formula, drops out of every race after, of
// any formula: its quick UNSAT on the next solve, which no model can
// check, would otherwise win over the slower true answer.
func TestPortfolioDropsCaughtLiars(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs")
	liar, err := solver.Program(fake(t, "liar", fmt.Sprintf(
		"if [ -e %[1]s ]; then echo 's UNSATISFIABLE'; exit 20; fi; touch %[1]s; printf 's SATISFIABLE\\nv 1 -2 0\\n'; exit 10", runs)))
	require.NoError(t, err)
	honest, err := solver.Program(fake(t, "honest", "sleep 0.3; printf 's SATISFIABLE\\nv -1 2 0\\n'; exit 10"))
	require.NoError(t, err)
	p := solver.Portfolio(liar, honest)
	for i := range 3 {
		s := solver.Config{Engine: p}.New(twoClauses())
		st, err := s.Solve(context.Background())
		require.NoError(t, err, "solve %d", i)
		require.Equal(t, solver.Sat, st, "solve %d", i)
		require.Equal(t, honest.Name(), s.Stats().Winner())
	}
	_, err = solver.Config{Engine: liar}.New(twoClauses()).Solve(context.Background())
	require.ErrorIs(t, err, solver.ErrLiar)
	require.ErrorContains(t, err, "caught lying earlier in this run")
}

// TestPortfolioGiniLosesAndGoesOn: gini, stopped in the middle of a hard
// refutation that another member answered first, is neither poisoned nor
// rebuilt, and answers the next solves itself.
func TestPortfolioGiniLosesAndGoesOn(t *testing.T) {
	f := cnf.New()
	hard := f.Selector("hard")
	pigeons(f, 11, hard.Pos()) // minutes for gini under hard
	count := filepath.Join(t.TempDir(), "count")
	// The first run answers UNSAT, which is true under hard; later ones hang.
	oracle, err := solver.Program(fake(t, "oracle", fmt.Sprintf(
		"if [ -e %[1]s ]; then sleep 1000; fi; touch %[1]s; echo 's UNSATISFIABLE'; exit 20", count)))
	require.NoError(t, err)
	s := solver.Config{Engine: solver.Portfolio(solver.Gini(), oracle)}.New(f)
	st, err := s.Solve(context.Background(), hard.Pos())
	require.NoError(t, err)
	require.Equal(t, solver.Unsat, st)
	require.Equal(t, oracle.Name(), s.Stats().Winner())
	for range 3 {
		st, err = s.Solve(context.Background(), hard.Neg())
		require.NoError(t, err)
		require.Equal(t, solver.Sat, st)
		ok, _ := s.Model().Satisfies(f)
		require.True(t, ok)
	}
	require.Equal(t, []solver.Win{{Engine: "gini", Solves: 3}, {Engine: oracle.Name(), Solves: 1}}, s.Stats().Wins)
	require.Zero(t, s.Stats().Rebuilds)
}

// engines returns gini, every known solver on PATH, and the portfolio of
// them all.
func engines() []solver.Engine {
	installed := solver.Installed()
	es := append([]solver.Engine{solver.Gini()}, installed...)
	return append(es, solver.Portfolio(es...))
}

// BenchmarkEngineRoundTrip solves a formula of two clauses once per
// iteration, with each engine: for a program, the cost of a process per
// query (write the DIMACS, start, read the answer, check the model).
func BenchmarkEngineRoundTrip(b *testing.B) {
	for _, e := range engines() {
		b.Run(e.Name(), func(b *testing.B) {
			s := solver.Config{Engine: e}.New(twoClauses())
			for b.Loop() {
				if st, err := s.Solve(context.Background()); err != nil || st != solver.Sat {
					b.Fatal(st, err)
				}
			}
		})
	}
}
