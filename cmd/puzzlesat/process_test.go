package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/solver"
)

// The tests of this file run the built command as a user does: Ctrl-C is
// a real SIGINT, and peak memory is what the OS counted (Maxrss).

var built struct {
	once sync.Once
	path string
	err  error
}

// TestMain removes the command built for the tests, if one was.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.path != "" {
		os.RemoveAll(filepath.Dir(built.path))
	}
	os.Exit(code)
}

// binary builds the command once per test run and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the command: not in -short")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "puzzlesat-test-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "puzzlesat")
		args := []string{"build", "-o", built.path}
		if solver.CadicalBuiltIn() { // the command as the tests are built
			args = append(args, "-tags", "cadical")
		}
		out, err := exec.Command("go", append(args, ".")...).CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, built.err)
	return built.path
}

// process is one run of the command.
type process struct {
	cmd           *exec.Cmd
	stdout, errs  bytes.Buffer
	firstOutput   chan struct{}
	once          sync.Once
	started, done time.Time
	timed         bool // run under /usr/bin/time, which prints the peak RSS last
}

// start runs the command with stdin from a file (or none) and watches
// for its first byte of output.
func start(t *testing.T, stdin string, args ...string) *process {
	t.Helper()
	return launch(t, exec.Command(binary(t), args...), stdin, false)
}

// measure runs the command as start does, under GNU time, whose peak RSS
// comes from the OS (wait4's rusage) for the command's process alone. The
// test's own rusage would not do: a child that the Go runtime starts
// shares the test's memory until it execs, and its Maxrss starts there.
func measure(t *testing.T, stdin string, args ...string) *process {
	t.Helper()
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("GNU time (/usr/bin/time, Debian package time) is needed to read peak memory")
	}
	bin := binary(t)
	return launch(t, exec.Command("/usr/bin/time", append([]string{"-f", "%M", bin}, args...)...), stdin, true)
}

// launch starts cmd.
func launch(t *testing.T, cmd *exec.Cmd, stdin string, timed bool) *process {
	t.Helper()
	p := &process{cmd: cmd, firstOutput: make(chan struct{}), timed: timed}
	if stdin != "" {
		f, err := os.Open(stdin)
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		p.cmd.Stdin = f
	}
	out, err := p.cmd.StdoutPipe()
	require.NoError(t, err)
	p.cmd.Stderr = &p.errs
	require.NoError(t, p.cmd.Start())
	p.started = time.Now()
	go func() {
		buf := make([]byte, 64*1024)
		for {
			n, err := out.Read(buf)
			if n > 0 {
				p.stdout.Write(buf[:n])
				p.once.Do(func() { close(p.firstOutput) })
			}
			if err != nil {
				p.once.Do(func() { close(p.firstOutput) })
				return
			}
		}
	}()
	return p
}

// wait waits for the end and returns the exit status and, for a
// measured run, the peak resident memory in KiB (else 0).
func (p *process) wait(t *testing.T) (int, int64) {
	t.Helper()
	err := p.cmd.Wait()
	p.done = time.Now()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	code := p.cmd.ProcessState.ExitCode()
	if !p.timed {
		return code, 0
	}
	// GNU time ends stderr with the peak RSS, after a line of its own
	// when the status is not 0.
	lines := strings.Split(strings.TrimSuffix(p.errs.String(), "\n"), "\n")
	var kb int64
	_, err = fmt.Sscan(lines[len(lines)-1], &kb)
	require.NoError(t, err, "GNU time's output: %q", p.errs.String())
	lines = lines[:len(lines)-1]
	if n := len(lines); n > 0 && strings.HasPrefix(lines[n-1], "Command exited with non-zero status") {
		lines = lines[:n-1]
	}
	p.errs.Reset()
	for _, l := range lines {
		p.errs.WriteString(l + "\n")
	}
	return code, kb
}

// writeBig writes n copies of text to a temporary file.
func writeBig(t *testing.T, name, text string, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	require.NoError(t, err)
	w := io.Writer(f)
	for range n {
		io.WriteString(w, text)
	}
	require.NoError(t, f.Close())
	return path
}

// TestCtrlCStopsBatch sends a real SIGINT to batches whose input never
// ends (the test keeps its pipe open): the command stops, prints answers
// finished in order, says interrupted and exits 130.
func TestCtrlCStopsBatch(t *testing.T) {
	top95 := judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt"))
	want := strings.Split(top95, "\n")[0]
	for _, args := range [][]string{
		{"solve", "sudoku", "--jobs=1"},
		{"solve", "sudoku", "--jobs=2"},
		{"solve", "sudoku", "--backend=sat", "--jobs=2"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			f := startFed(t, "stdin", args...)
			f.write(strings.Repeat(top95, 30))
			first := f.lines(1)
			require.NoError(t, f.cmd.Process.Signal(os.Interrupt))
			rest, code := f.wait()
			require.Equal(t, exitInterrupted, code, f.errs.String())
			require.Equal(t, "puzzlesat: interrupted\n", f.errs.String())
			require.Len(t, strings.TrimSuffix(first, "\n"), len(want))
			for _, l := range strings.Split(strings.TrimSuffix(first+rest, "\n"), "\n") {
				require.Len(t, l, len(want))
			}
		})
	}
}

// TestSecondCtrlCExitsAtOnce: two signals in a row end the process at
// once with 130. The command opening its FIFO input tells the test that
// it runs, its signals caught.
func TestSecondCtrlCExitsAtOnce(t *testing.T) {
	f := startFed(t, "fifo", "sat", "INPUT")
	require.NoError(t, f.cmd.Process.Signal(os.Interrupt))
	require.NoError(t, f.cmd.Process.Signal(os.Interrupt))
	_, code := f.wait()
	require.Equal(t, exitInterrupted, code)
	require.Contains(t, f.errs.String(), "interrupted")
}

// TestCtrlCStopsSat: sat prints s UNKNOWN and exits 130, whether the
// signal comes as it reads or as it solves.
func TestCtrlCStopsSat(t *testing.T) {
	f := startFed(t, "fifo", "sat", "INPUT")
	f.write(pigeonholeCNF(13))
	require.NoError(t, f.in.Close())
	require.NoError(t, f.cmd.Process.Signal(os.Interrupt))
	out, code := f.wait()
	require.Equal(t, exitInterrupted, code)
	require.Equal(t, "s UNKNOWN\n", out)
	require.Equal(t, "puzzlesat: interrupted\n", f.errs.String())
}

// TestMemoryFollowsTheFile: a header or a variable number that promises
// millions of variables costs nothing until clauses use them.
func TestMemoryFollowsTheFile(t *testing.T) {
	in := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	for _, tc := range []struct {
		name, stdin string
		args        []string
		code        int
	}{
		{"huge header", "p cnf 100000000 1\n1 0\n", []string{"sat", "-"}, exitSat},
		{"largest header", "p cnf 268435456 1\n1 0\n", []string{"sat", "-"}, exitSat},
		{"largest variable", "p cnf 268435456 1\n-268435456 0\n", []string{"sat", "-"}, exitSat},
		{"model of a huge variable", "v 268435456 0\n", []string{"decode", "alphametic", "--model", "-", in}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := measure(t, writeBig(t, "in", tc.stdin, 1), tc.args...)
			code, rss := p.wait(t)
			t.Logf("peak RSS %d KiB", rss)
			require.Equal(t, tc.code, code, p.errs.String())
			require.Less(t, rss, int64(64<<10))
		})
	}
}

// TestBatchMemoryIsBounded: a batch streams, so peak memory does not
// follow the number of instances.
func TestBatchMemoryIsBounded(t *testing.T) {
	in := writeBig(t, "many.in", "5\nABCED\nBDACE\nEBBAA\n", 400000)
	for _, args := range [][]string{
		{"solve", "alphametic", "--jobs=1", in},
		{"solve", "alphametic", "--jobs=2", in},
		{"solve", "alphametic", "--jobs=2", "-"},
	} {
		stdin := ""
		if args[3] == "-" {
			stdin = in
		}
		p := measure(t, stdin, args...)
		code, rss := p.wait(t)
		t.Logf("%v: peak RSS %d KiB", args[:3], rss)
		require.Equal(t, exitOK, code, p.errs.String())
		require.Equal(t, 400000, strings.Count(p.stdout.String(), "1 0 3 4 2\n"))
		require.Less(t, rss, int64(64<<10))
	}
}

// TestCountMemoryIsBounded: counting by SAT keeps its blocking clauses
// within the budget and says so when it is reached.
func TestCountMemoryIsBounded(t *testing.T) {
	empty := writeBig(t, "e.txt", strings.Repeat(".", 81)+"\n", 1)
	p := measure(t, "", "count", "sudoku", "--backend=sat", "--limit=1000000", "--budget=2000000", empty)
	code, rss := p.wait(t)
	t.Logf("peak RSS %d KiB", rss)
	require.Equal(t, exitFailed, code)
	require.Equal(t, "too large\n", p.stdout.String())
	require.Contains(t, p.errs.String(), "over the budget of 2000000")
	require.Less(t, rss, int64(256<<10))
}

// TestSticksEncoderBudget: a block within the documented limits (1,000
// pieces of length up to 10,000) is sized before its formula is built:
// "too large" at once, in bounded memory, where it used to take 8.9 GB.
func TestSticksEncoderBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("1000\n")
	sum := 0
	for i := range 1000 {
		v := 1 + (i*7919+13)%10000
		sum += v
		fmt.Fprintf(&b, "%d ", v)
	}
	b.WriteString("\n0\n")
	in := writeBig(t, "big.in", b.String(), 1)
	for _, args := range [][]string{
		{"solve", "sticks", "--backend=sat", "--timeout=2s", in},
		{"encode", "sticks", fmt.Sprintf("--length=%d", sum), in},
	} {
		p := measure(t, "", args...)
		code, rss := p.wait(t)
		t.Logf("%v: peak RSS %d KiB in %v", args[:2], rss, p.done.Sub(p.started))
		require.Equal(t, exitFailed, code, p.errs.String())
		require.Contains(t, p.errs.String(), fmt.Sprintf("over the budget of %d", solver.Config{}.Limit()))
		require.Less(t, rss, int64(64<<10), "too large before the formula was built")
	}
}

// terminal is a tmux server of the test's own, with one session that
// runs a shell command in a real terminal.
type terminal struct {
	t    *testing.T
	tmux string
	dir  string // the server's socket folder
}

// newTerminal starts cmd (run by sh) in a terminal cols wide; it skips
// the test where tmux is missing or cannot start.
func newTerminal(t *testing.T, cols int, cmd string) *terminal {
	t.Helper()
	bin, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not on PATH")
	}
	dir, err := os.MkdirTemp("", "tmux") // short: a socket's path has a small limit
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	tm := &terminal{t: t, tmux: bin, dir: dir}
	t.Cleanup(func() { tm.command("kill-server").Run() })
	if b, err := tm.command("new-session", "-d", "-s", "t", "-x", fmt.Sprint(cols), "-y", "20", "sh", "-c", cmd).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v: %s", err, b) // it needs a pty
	}
	return tm
}

func (tm *terminal) command(args ...string) *exec.Cmd {
	c := exec.Command(tm.tmux, append([]string{"-L", "t", "-f", "/dev/null"}, args...)...)
	c.Env = append(os.Environ(), "TMUX_TMPDIR="+tm.dir)
	return c
}

// run runs a tmux command on the server and returns its output.
func (tm *terminal) run(args ...string) string {
	tm.t.Helper()
	b, err := tm.command(args...).CombinedOutput()
	require.NoError(tm.t, err, "tmux %v: %s", args, b)
	return string(b)
}

// TestTerminalHint (issue 23 item 8): reading stdin from a terminal, the
// command says so on stderr, and how to end; from a file or a pipe it
// says nothing (every other test).
func TestTerminalHint(t *testing.T) {
	bin := binary(t)
	for _, tc := range []struct {
		args, typed, out, hint string
	}{
		{"solve alphametic", "5 ABCED BDACE EBBAA", "1 0 3 4 2\n", "reading alphametic instances"},
		{"sat -", "p cnf 1 1\n1 0", "s SATISFIABLE\nv 1 0\n", "reading a DIMACS formula"},
	} {
		t.Run(tc.args, func(t *testing.T) {
			dir := t.TempDir()
			out, errs, done := filepath.Join(dir, "out"), filepath.Join(dir, "err"), filepath.Join(dir, "done")
			tm := newTerminal(t, 80, fmt.Sprintf("%s %s >%s 2>%s; echo $? >%s; sleep 60", bin, tc.args, out, errs, done))
			require.Eventually(t, func() bool { return readFileOrEmpty(errs) != "" }, 30*time.Second, 10*time.Millisecond, "the hint is shown before any input")
			for _, line := range strings.Split(tc.typed, "\n") {
				tm.run("send-keys", "-t", "t", "-l", line)
				tm.run("send-keys", "-t", "t", "Enter")
			}
			tm.run("send-keys", "-t", "t", "C-d")
			require.Eventually(t, func() bool { return readFileOrEmpty(done) != "" }, 30*time.Second, 10*time.Millisecond, "the command ends at Ctrl-D")
			require.Equal(t, "puzzlesat: "+tc.hint+" from the terminal; end with Ctrl-D\n", readFile(t, errs))
			require.Equal(t, tc.out, readFile(t, out))
		})
	}
}

// readFileOrEmpty returns the text of path, or "" when it cannot be read.
func readFileOrEmpty(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

// TestBrokenPipeStopsQuietly (issue 23 item 6): when the reader of stdout
// closes the pipe early, as head -1 does, the command stops within moments
// with no message and exit status 141, as a filter killed by SIGPIPE
// does, instead of dying by the signal with its solvers left running.
func TestBrokenPipeStopsQuietly(t *testing.T) {
	top95 := judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt"))
	many := writeBig(t, "many.txt", top95, 3000) // minutes of work
	alpha := writeBig(t, "a.in", "5 ABCED BDACE EBBAA\n", 100000)
	var units strings.Builder // a formula whose model fills many lines
	units.WriteString("p cnf 200000 200000\n")
	for v := 1; v <= 200000; v++ {
		fmt.Fprintf(&units, "%d 0\n", v)
	}
	cnf := writeBig(t, "units.cnf", units.String(), 1)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"solve", []string{"solve", "sudoku", "--jobs=1", many}},
		{"solve by sat", []string{"solve", "sudoku", "--jobs=2", "--backend=sat", many}},
		{"count", []string{"count", "alphametic", "--jobs=2", alpha}},
		{"gen", []string{"gen", "sudoku", "--count=100000000"}},
		{"compare", []string{"compare", "alphametic", alpha}},
		{"sat", []string{"sat", cnf}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(binary(t), tc.args...)
			var errs bytes.Buffer
			cmd.Stderr = &errs
			out, err := cmd.StdoutPipe()
			require.NoError(t, err)
			require.NoError(t, cmd.Start())
			line, err := bufio.NewReader(out).ReadString('\n')
			require.NoError(t, err)
			require.NotEmpty(t, line)
			closed := time.Now()
			out.Close() // as head -1 does once it has its line
			err = cmd.Wait()
			t.Logf("ended %v after the pipe closed", time.Since(closed))
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "stderr: %s", errs.String())
			ws := ee.Sys().(syscall.WaitStatus)
			require.False(t, ws.Signaled(), "killed by %v", ws.Signal())
			require.Equal(t, exitBrokenPipe, ws.ExitStatus(), errs.String())
			require.Empty(t, errs.String())
			require.Less(t, time.Since(closed), hang, "it ended at all")
		})
	}
}

// TestTimeoutsHold (issue 23 item 5): --timeout holds in the slowest
// phases found: setting up the DFS of a blank 400x400 (64 million
// candidates, once seconds without a look at the clock), reading and
// renumbering a large DIMACS file, building a sticks formula of 34
// million literals, and giving gini the clauses of a 400x400 sudoku as
// they are built (once far past the limit: gini took them without a
// look at the clock).
// Each run ends within a few seconds of its limit, the overshoot
// logged.
func TestTimeoutsHold(t *testing.T) {
	blank := writeBig(t, "blank400.txt", strings.TrimSuffix(strings.Repeat("0 ", 400), " ")+"\n", 400)
	var cnf strings.Builder // about 30 MB of random 3-CNF over 3 million variables
	rng := rand.New(rand.NewPCG(1, 2))
	fmt.Fprintf(&cnf, "p cnf 3000000 1100000\n")
	for range 1100000 {
		fmt.Fprintf(&cnf, "%d %d %d 0\n", 1+rng.IntN(3000000), -1-rng.IntN(3000000), 1+rng.IntN(3000000))
	}
	big := writeBig(t, "big.cnf", cnf.String(), 1)
	block := writeBig(t, "block.in", "64\n"+satHardBlock+"\n0\n", 1)
	grid, err := exec.Command(binary(t), "gen", "sudoku", "--box=20", "--blanks=30").Output()
	require.NoError(t, err)
	grid400 := writeBig(t, "grid400.txt", string(grid), 1)
	for _, tc := range []struct {
		name    string
		timeout time.Duration
		args    []string
		out     string
	}{
		{"dfs on a blank 400x400", time.Second, []string{"solve", "sudoku", blank}, "timeout\n\n"},
		{"sat reading 30 MB", 500 * time.Millisecond, []string{"sat", big}, "s UNKNOWN\n"},
		{"sticks formula of 34M literals", 3 * time.Second, []string{"solve", "sticks", "--backend=sat", block}, "timeout\n"},
		{"sat building a 400x400, 30% blank", 3 * time.Second, []string{"solve", "sudoku", "--backend=sat", grid400}, "timeout\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := start(t, "", append(tc.args, "--timeout="+tc.timeout.String())...)
			p.wait(t)
			took := p.done.Sub(p.started)
			t.Logf("%v for a limit of %v: %v over", took, tc.timeout, took-tc.timeout)
			require.Equal(t, tc.out, p.stdout.String(), p.errs.String())
			// It stopped at all: how far past its limit a run goes follows
			// the machine's load (a search looks at its context every
			// poll.Every steps, which TestWideUndoStops and the searches'
			// own tests count); the overshoot is logged.
			require.Less(t, took, tc.timeout+hang)
		})
	}
}

// satHardBlock is a block of 64 pieces up to 10^4 that the DFS answers at
// once (29046) and the SAT backend does not: its formula at L=29046 holds
// 34 million literals over 5 million variables.
const satHardBlock = "9921 4383 5342 1397 8153 9894 1046 873 4539 1574 7755 1380 3548 7178 2906 5878 5156 2591 4589 6560 3893 8843 1469 9421 3369 4392 4740 7450 4378 8551 3786 4689 1710 5157 4665 5987 8869 7425 1207 69 4481 8270 5672 3841 9704 5956 6186 7922 5938 3760 1001 8074 483 9493 8481 382 9644 864 2703 3160 4490 9368 1047 3853"

// TestSatUnderAddressLimit: sat on a random 3-CNF of a million clauses
// over ten million declared variables (2.6 million used), under an
// address-space limit as a container or ulimit -v sets: an answer, or
// "too large" at once, never a Go runtime crash. gini used to reserve
// room per variable (gini.NewV) and died under 2 GB.
func TestSatUnderAddressLimit(t *testing.T) {
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is needed to cap the address space")
	}
	bin := binary(t)
	path := filepath.Join(t.TempDir(), "random.cnf")
	f, err := os.Create(path)
	require.NoError(t, err)
	w := bufio.NewWriter(f)
	const vars, clauses = 10_000_000, 1_000_000
	fmt.Fprintf(w, "p cnf %d %d\n", vars, clauses)
	rng := rand.New(rand.NewPCG(23, 2))
	for range clauses {
		for range 3 {
			l := 1 + rng.IntN(vars)
			if rng.IntN(2) == 0 {
				l = -l
			}
			fmt.Fprintf(w, "%d ", l)
		}
		w.WriteString("0\n")
	}
	require.NoError(t, w.Flush())
	require.NoError(t, f.Close())
	engines := []string{"gini"}
	if solver.CadicalBuiltIn() {
		engines = append(engines, "cadical")
	}
	for _, e := range engines {
		for _, mb := range []int{2000, 3000} {
			t.Run(fmt.Sprintf("%s/%dMB", e, mb), func(t *testing.T) {
				cmd := exec.Command(prlimit, fmt.Sprintf("--as=%d", mb<<20), bin, "sat", "--solver="+e, "--timeout=60s", path)
				var out, errs bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errs
				err := cmd.Run()
				code := cmd.ProcessState.ExitCode()
				t.Logf("exit %d; %s", code, strings.TrimSpace(errs.String()))
				if _, ok := err.(*exec.ExitError); err != nil && !ok {
					t.Fatal(err)
				}
				require.NotContains(t, errs.String(), "fatal error")
				require.NotContains(t, errs.String(), "goroutine")
				switch code {
				case exitSat:
					require.True(t, strings.HasPrefix(out.String(), "s SATISFIABLE\n"), out.String()[:min(out.Len(), 80)])
				case exitOK:
					require.Equal(t, "s UNKNOWN\n", out.String(), "a timeout on a loaded machine")
				default:
					require.Equal(t, exitUsage, code)
					require.Contains(t, errs.String(), "more than the address-space limit of")
				}
				if e == "gini" && mb == 3000 {
					require.NotEqual(t, exitUsage, code, "gini answers under 3 GB")
				}
			})
		}
	}
}
