package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The tests of this file are issue 40's probe, each case and held-out
// variants on other commands, kinds and input shapes: a wait that never
// ends, input that never ends or never comes, a tree or a formula past
// its bound. Each runs the built command under an address-space cap and
// sees a clean exit: the documented status and message, never Go's
// "fatal error" or a stack.

// probeCap is the address-space cap of the probes, as the issue's.
const probeCap = 4_000_000_000

// probe runs the command under probeCap with stdin from feed (nil: none,
// or a pipe the function writes and closes) and returns its stdout,
// stderr and exit status, failing the test if it hangs.
func probe(t *testing.T, feed func(io.WriteCloser), args ...string) (string, string, int) {
	t.Helper()
	return probeUnder(t, probeCap, feed, args...)
}

// probeUnder is probe under the address-space cap limit.
func probeUnder(t *testing.T, limit int64, feed func(io.WriteCloser), args ...string) (string, string, int) {
	t.Helper()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is needed to cap the address space")
	}
	cmd := exec.Command(prlimit, append([]string{fmt.Sprintf("--as=%d", limit), binary(t)}, args...)...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	var in io.WriteCloser
	if feed != nil {
		in, err = cmd.StdinPipe()
		require.NoError(t, err)
	}
	require.NoError(t, cmd.Start())
	if feed != nil {
		go feed(in)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(probeHang):
		cmd.Process.Kill()
		t.Fatalf("%v: still running after %v; stderr: %s", args, probeHang, errs.String())
	}
	requireClean(t, errs.String())
	return out.String(), errs.String(), cmd.ProcessState.ExitCode()
}

// probeHang is the deadline past which a probe has hung: a safety net,
// not a measurement. The slowest, a trace at the node cap, takes 13 s on
// an idle machine, and several times that with both cores busy.
const probeHang = 5 * time.Minute

// requireClean fails on a Go runtime crash in stderr.
func requireClean(t *testing.T, errs string) {
	t.Helper()
	first, _, _ := strings.Cut(errs, "\n\n")
	require.NotContains(t, errs, "fatal error", first)
	require.NotContains(t, errs, "goroutine ", first)
	require.NotContains(t, errs, "panic:", first)
}

// mkfifo makes a FIFO in a folder of its own.
func mkfifo(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	return path
}

// repeat writes text to w until w fails, then closes it: an input that
// never ends.
func repeat(text string) func(io.WriteCloser) {
	return func(w io.WriteCloser) {
		defer w.Close()
		b := []byte(strings.Repeat(text, max(1, 64<<10/len(text))))
		for {
			if _, err := w.Write(b); err != nil {
				return
			}
		}
	}
}

// silent keeps stdin open and writes nothing, as sleep 30 | does.
func silent(w io.WriteCloser) {}

// TestProbeWaitsEnd (issue 40 items 2 and 4): a FIFO with no writer, a
// pipe that never writes, a FIFO output with no reader: every command
// ends at --timeout with its documented status.
func TestProbeWaitsEnd(t *testing.T) {
	in := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	cnf := writeTemp(t, "a.cnf", "p cnf 1 1\n1 0\n")
	for _, tc := range []struct {
		name string
		feed func(io.WriteCloser)
		args func() []string
		code int
		out  string
		errs string
	}{
		{"solve, a FIFO input", nil, func() []string { return []string{"solve", "sudoku", "--timeout=2s", mkfifo(t, "in")} }, exitFailed, "", "no complete instance came within --timeout=2s"},
		{"count, a pipe that never writes", silent, func() []string { return []string{"count", "queens", "--timeout=2s"} }, exitFailed, "", "<stdin>: no complete instance came"},
		{"compare, a pipe that never writes", silent, func() []string { return []string{"compare", "cats", "--timeout=2s"} }, exitFailed, "", "no complete instance came"},
		{"sat, a FIFO input", nil, func() []string { return []string{"sat", "--timeout=2s", mkfifo(t, "in.cnf")} }, exitOK, "s UNKNOWN\n", ""},
		{"sat, a pipe that never writes", silent, func() []string { return []string{"sat", "--timeout=2s"} }, exitOK, "s UNKNOWN\n", ""},
		{"encode, a FIFO input", nil, func() []string { return []string{"encode", "alphametic", "--timeout=2s", mkfifo(t, "in")} }, exitFailed, "", "encode: timeout after 2s"},
		{"encode, a FIFO output", nil, func() []string {
			return []string{"encode", "alphametic", "--timeout=2s", "-o", mkfifo(t, "out.cnf"), in}
		}, exitFailed, "", "encode: timeout after 2s"},
		{"check, a FIFO proof", nil, func() []string { return []string{"check", "--timeout=2s", cnf, mkfifo(t, "proof")} }, exitFailed, "s UNKNOWN\n", "timeout after 2s"},
		{"decode, a FIFO model", nil, func() []string {
			return []string{"decode", "alphametic", "--timeout=2s", "--model", mkfifo(t, "model"), in}
		}, exitFailed, "", "decode: timeout after 2s"},
		{"trace, a FIFO output", nil, func() []string { return []string{"trace", "alphametic", "--timeout=2s", "-o", mkfifo(t, "t.svg"), in} }, exitUsage, "", "t.svg: no one opened its other end within --timeout"},
		{"compare, a FIFO --json", nil, func() []string {
			return []string{"compare", "alphametic", "--timeout=2s", "--json", mkfifo(t, "r.json"), in}
		}, exitUsage, "", "r.json: no one opened its other end within --timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := probe(t, tc.feed, tc.args()...)
			require.Equal(t, tc.code, code, errs)
			if tc.out != "" || tc.code != exitUsage && !strings.HasPrefix(tc.name, "compare") {
				require.Equal(t, tc.out, out)
			}
			require.Contains(t, errs, tc.errs)
		})
	}
}

// TestProbeFirstCtrlC (issue 40 items 2 and 4): the first Ctrl-C ends a
// command that waits for input with 130. The command opening its FIFO
// tells the test that it runs, its signals caught.
func TestProbeFirstCtrlC(t *testing.T) {
	in := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	for _, args := range [][]string{
		{"solve", "sudoku", "INPUT"},
		{"count", "queens", "--jobs=1", "INPUT"},
		{"sat", "INPUT"},
		{"encode", "alphametic", "INPUT"},
		{"decode", "alphametic", "--model", "INPUT", in},
		{"check", "INPUT", in},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			f := startFed(t, "fifo", args...)
			require.NoError(t, f.cmd.Process.Signal(os.Interrupt))
			_, code := f.wait()
			require.Equal(t, exitInterrupted, code, f.errs.String())
			require.Contains(t, f.errs.String(), "puzzlesat: interrupted\n")
		})
	}
}

// TestProbeBounded (issue 40 items 1, 3 and 6): endless input, endless
// comments, a tree or a search past its bounds: a clean end in bounded
// memory, under the address-space cap.
func TestProbeBounded(t *testing.T) {
	for _, tc := range []struct {
		name string
		feed func(io.WriteCloser)
		args []string
		code int
		out  string
		errs string
	}{
		{"sat fed endless comments", repeat("c a comment\n"), []string{"sat", "--timeout=3s"}, exitOK, "s UNKNOWN\n", ""},
		{"decode fed endless comments", repeat("c a comment\n"), []string{"decode", "alphametic", "--timeout=3s", "--model", "-", "INSTANCE"}, exitFailed, "", "decode: timeout after 3s"},
		{"sat fed endless clauses", func(w io.WriteCloser) { io.WriteString(w, "p cnf 3 4000000000000\n"); repeat("1 -2 3 0\n")(w) }, []string{"sat", "--timeout=120s"}, exitUsage, "", "literals: too large"},
		{"solve fed an endless line", repeat("1"), []string{"solve", "sudoku", "--timeout=3s"}, exitUsage, "", "line longer than the limit"},
		{"solve fed endless comments", repeat("# a comment\n"), []string{"solve", "sudoku", "--timeout=3s"}, exitFailed, "", "no complete instance came within --timeout=3s"},
		{"trace at the node cap", nil, []string{"trace", "queens", "--nodes=1048576", "--timeout=10m", "-o", "TREE", "INSTANCE13"}, exitOK, "", ""},
		{"trace past the node cap", nil, []string{"trace", "queens", "--nodes=3000000", "-o", "TREE", "INSTANCE13"}, exitUsage, "", "--nodes must be in 1..1048576"},
		{"the empty 400x400 by the DFS, under 1.5 GB", nil, []string{"solve", "sudoku", "--timeout=10s", "BLANK400"}, exitFailed, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := replaceWord(tc.args, "INSTANCE", writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n"))
			args = replaceWord(args, "INSTANCE13", writeTemp(t, "q.in", "13\n"))
			args = replaceWord(args, "TREE", filepath.Join(t.TempDir(), "t.svg"))
			limit := int64(probeCap)
			if strings.Contains(tc.name, "400x400") {
				args = replaceWord(args, "BLANK400", writeBig(t, "blank400.txt", strings.TrimSuffix(strings.Repeat("0 ", 400), " ")+"\n", 400))
				limit = 1_500_000_000
			}
			out, errs, code := probeUnder(t, limit, tc.feed, args...)
			require.Equal(t, tc.code, code, errs)
			if tc.out != "" {
				require.Equal(t, tc.out, out)
			}
			require.Contains(t, errs, tc.errs)
		})
	}
}
