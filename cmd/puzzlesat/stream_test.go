package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// The tests of this file pace the command's input themselves: they write
// an instance, read its answer, and only then write the next, so that
// the command can only pass by answering each instance as it comes.
// Their deadlines (hang) only catch a command that hangs.

// fed is a run of the command whose stdin the test writes and whose
// stdout it reads through pipes.
type fed struct {
	t    *testing.T
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	pipe io.Closer // stdout's reading end
	errs bytes.Buffer
}

// startFed starts the command with its input a pipe that the test
// writes: stdin, or, with via, a FIFO or /dev/fd/3 that args name as
// the word "INPUT".
func startFed(t *testing.T, via string, args ...string) *fed {
	t.Helper()
	f := &fed{t: t}
	cmd := exec.Command(binary(t))
	switch via {
	case "stdin":
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		f.in = in
	case "fifo":
		fifo := filepath.Join(t.TempDir(), "in.fifo")
		require.NoError(t, syscall.Mkfifo(fifo, 0o600))
		args = replaceWord(args, "INPUT", fifo)
		defer func() { // opening a FIFO waits for the command to open it too
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			require.NoError(t, err)
			f.in = w
		}()
	case "/dev/fd":
		r, w, err := os.Pipe()
		require.NoError(t, err)
		cmd.ExtraFiles = []*os.File{r} // fd 3, as bash's <(...) passes it
		args = replaceWord(args, "INPUT", "/dev/fd/3")
		f.in = w
		defer r.Close()
	}
	cmd.Args = append(cmd.Args, args...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = &f.errs
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	f.cmd, f.out, f.pipe = cmd, bufio.NewReader(out), out
	return f
}

// replaceWord returns args with every word w replaced by v.
func replaceWord(args []string, w, v string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == w {
			out[i] = v
		}
	}
	return out
}

// write writes s to the command's input.
func (f *fed) write(s string) {
	f.t.Helper()
	_, err := io.WriteString(f.in, s)
	require.NoError(f.t, err)
}

// lines reads n lines of output, failing the test if they do not come.
func (f *fed) lines(n int) string {
	f.t.Helper()
	got := make(chan string, 1)
	go func() {
		var b strings.Builder
		for range n {
			l, err := f.out.ReadString('\n')
			b.WriteString(l)
			if err != nil {
				break
			}
		}
		got <- b.String()
	}()
	select {
	case s := <-got:
		return s
	case <-time.After(hang):
		f.t.Fatalf("no answer within %v; stderr: %s", hang, f.errs.String())
		return ""
	}
}

// end closes the input and returns the rest of the output and the exit
// status.
func (f *fed) end() (string, int) {
	f.t.Helper()
	require.NoError(f.t, f.in.Close())
	return f.wait()
}

// wait returns the rest of the output and the exit status once the
// command ended, failing the test if it hangs.
func (f *fed) wait() (string, int) {
	f.t.Helper()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-done:
		case <-time.After(hang):
			f.cmd.Process.Kill() // the test fails below, on the status
		}
	}()
	rest, err := io.ReadAll(f.out)
	require.NoError(f.t, err)
	err = f.cmd.Wait()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		f.t.Fatal(err)
	}
	return string(rest), f.cmd.ProcessState.ExitCode()
}

// TestAnswersStream (issue 36 item 2): a slow producer's instances, fed
// one at a time, each only once the answer before it was read, are
// answered as they come, with --jobs=1 and 2, through stdin, a FIFO and a
// process substitution's /dev/fd; the answers are byte for byte those
// of the same input from a file.
func TestAnswersStream(t *testing.T) {
	top95 := strings.SplitAfter(judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt")), "\n")[:4]
	grids := strings.SplitAfter(judgedata.Read(t, judgedata.Path(t, "sudoku", "poj3076_tedukuri_a.in")), "\n")
	grid := strings.Join(grids[:17], "") // one 16x16 grid and the blank line after it
	for _, tc := range []struct {
		name      string
		args      []string
		instances []string
		lines     int // lines per answer
	}{
		{"sudoku", []string{"solve", "sudoku"}, top95, 1},
		{"sudoku by sat", []string{"solve", "sudoku", "--backend=sat"}, top95, 1},
		{"16x16 grids", []string{"solve", "sudoku"}, []string{grid, grid, grid}, 17},
		{"alphametic", []string{"solve", "alphametic"}, []string{"5 ABCED BDACE EBBAA\n", "5\nABCED\nBDACE\nEBBAA\n", "5 ABCED BDACE EBBAA\n"}, 1},
		{"count queens", []string{"count", "queens", "--limit=100"}, []string{"6\n", "7\n", "8\n"}, 1},
	} {
		want, errs, code := cli(t, strings.Join(tc.instances, ""), tc.args...)
		require.Equal(t, exitOK, code, errs)
		for _, jobs := range []string{"1", "2"} {
			for _, via := range []string{"stdin", "fifo", "/dev/fd"} {
				t.Run(fmt.Sprintf("%s/jobs=%s/%s", tc.name, jobs, via), func(t *testing.T) {
					args := append([]string{tc.args[0], tc.args[1], "--jobs=" + jobs}, tc.args[2:]...)
					if via != "stdin" {
						args = append(args, "INPUT")
					}
					f := startFed(t, via, args...)
					var got string
					for _, in := range tc.instances {
						f.write(in)
						got += f.lines(tc.lines)
					}
					rest, code := f.end()
					require.Equal(t, exitOK, code, f.errs.String())
					require.Equal(t, want, got+rest)
				})
			}
		}
	}
}

// TestCompareStreams: compare prints its header and a row per instance
// as the instances come.
func TestCompareStreams(t *testing.T) {
	f := startFed(t, "stdin", "compare", "alphametic", "--backends=dfs")
	for i := range 3 {
		f.write("5 ABCED BDACE EBBAA\n")
		if i == 0 {
			require.Contains(t, f.lines(1), "winner") // the header
		}
		require.Regexp(t, fmt.Sprintf(`^<stdin>\s+%d\s`, i+1), f.lines(1))
	}
	rest, code := f.end()
	require.Equal(t, exitOK, code, f.errs.String())
	require.Contains(t, rest, "3/3")
}

// TestEndlessInputAnswers (issue 40 item 1): endless valid input gives
// endless answers, in order, in bounded memory: the test reads 20,000
// answers of an input that never ends, then closes the pipe (141).
func TestEndlessInputAnswers(t *testing.T) {
	line := strings.SplitAfter(judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt")), "\n")[0]
	for _, jobs := range []string{"1", "2"} {
		t.Run("jobs="+jobs, func(t *testing.T) {
			f := startFed(t, "stdin", "solve", "sudoku", "--jobs="+jobs)
			stop := make(chan struct{})
			go func() { // the producer: writes until the command is gone
				for {
					select {
					case <-stop:
						return
					default:
					}
					if _, err := io.WriteString(f.in, strings.Repeat(line, 100)); err != nil {
						return
					}
				}
			}()
			first := f.lines(1)
			for range 20000 - 1 {
				require.Equal(t, first, f.lines(1))
			}
			peak := peakRSS(t, f.cmd.Process.Pid)
			t.Logf("peak RSS %d KiB", peak)
			require.Less(t, peak, int64(64<<10))
			close(stop)
			f.pipe.Close()
			err := f.cmd.Wait()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee)
			require.Equal(t, exitBrokenPipe, ee.ExitCode(), f.errs.String())
		})
	}
}

// peakRSS returns the peak resident memory of a running process in KiB,
// as Linux counts it since the process's exec (VmHWM); it skips the test
// without /proc.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skip("no /proc to read the peak memory from")
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			var kb int64
			_, err := fmt.Sscan(v, &kb)
			require.NoError(t, err, l)
			return kb
		}
	}
	t.Fatalf("no VmHWM in /proc/%d/status", pid)
	return 0
}

// TestClosedPipeEndsTheRun (issue 36 item 2): a reader that closes the
// pipe after the first answer, as head -1 does, ends the run with 141
// and no message even while the command writes nothing, its second
// instance a search of minutes; its workers stop, and a racing external
// solver is killed with its temporary files removed. An earlier attempt
// noticed the pipe only at the next write, and ran for minutes.
func TestClosedPipeEndsTheRun(t *testing.T) {
	easy := "4\n1 2 3 4\n"
	in := writeTemp(t, "blocks.in", easy+hardBlock()+"0\n")
	top := strings.SplitAfter(judgedata.Read(t, judgedata.Path(t, "sudoku", "top95.txt")), "\n")[0]
	grids := writeTemp(t, "grids.txt", top+strings.Repeat(".", 81)+"\n") // one solution, then more than 10^9
	fake, pids := racingSolver(t)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"dfs, 1 job", []string{"solve", "sticks", "--jobs=1", in}},
		{"dfs, 2 jobs", []string{"solve", "sticks", "--jobs=2", in}},
		{"count, 2 jobs", []string{"count", "sudoku", "--jobs=2", "--limit=1000000000", grids}},
		{"race with an external solver", []string{"solve", "sticks", "--backend=race", "--solver=" + fake, in}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(binary(t), tc.args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			var errs bytes.Buffer
			cmd.Stderr = &errs
			out, err := cmd.StdoutPipe()
			require.NoError(t, err)
			require.NoError(t, cmd.Start())
			t.Cleanup(func() { cmd.Process.Kill() })
			line, err := bufio.NewReader(out).ReadString('\n')
			require.NoError(t, err)
			require.NotEmpty(t, line)
			if tc.name == "race with an external solver" {
				// The easy block's race, whose solver may have started
				// too, was over when its answer came: a solver that runs
				// now is the hard block's.
				requireProc(t)
				require.Eventually(t, func() bool {
					return slices.ContainsFunc(strings.Fields(readFileOrEmpty(pids)), func(w string) bool {
						pid, err := strconv.Atoi(w)
						return err == nil && running(pid)
					})
				}, hang, time.Millisecond, "the fake solver runs on the hard block")
			}
			out.Close()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err = <-done:
			case <-time.After(hang):
				t.Fatal("the run goes on after its reader closed the pipe")
			}
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, errs.String())
			require.Equal(t, exitBrokenPipe, ee.ExitCode(), errs.String())
			require.Empty(t, errs.String())
			if tc.name == "race with an external solver" {
				requirePidsGone(t, strings.Fields(readFileOrEmpty(pids))) // every solver started, and its child
				requireEmpty(t, tmp)
				os.Remove(pids)
			}
		})
	}
}
