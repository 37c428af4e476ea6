package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat"
)

// TestBatchCancelBeforeHandOff: a cancel that comes while an instance
// waits in the print queue for a free worker ends the batch; it once hung
// it, the printer waiting for an instance that no worker would take.
func TestBatchCancelBeforeHandOff(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o := newOptions(nil)
	o.jobs = 2
	feed := func(_ context.Context, yield func(int) error) error {
		for i := range 10 {
			if err := yield(i); err != nil {
				return err
			}
		}
		return nil
	}
	started := make(chan struct{})
	solve := func(ctx context.Context, _ int, x int) result {
		switch x {
		case 0: // both workers busy, instance 2 queued: cancel
			<-started
			time.Sleep(50 * time.Millisecond)
			cancel()
		case 1: // finishes after the cancel, as an instance may
			close(started)
			<-ctx.Done()
		}
		return result{out: "ok\n"}
	}
	var out, errs bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- runBatch(ctx, env{stdout: &out, stderr: &errs}, o, stream[int]{feed: feed, name: func() string { return "ten" }}, solve)
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, errInterrupted)
		require.Equal(t, "ok\nok\n", out.String())
	case <-time.After(10 * time.Second):
		t.Fatal("the batch hangs after a cancel")
	}
}

// TestBatchReadsItsInputOnce: a batch reads its input once, as a
// stream, from a file or from stdin (it used to read a large one twice,
// spooling stdin to a temporary file for that).
func TestBatchReadsItsInputOnce(t *testing.T) {
	text := "# two puzzles\n" +
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n" +
		"2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3\n"
	path := filepath.Join(t.TempDir(), "two.txt")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	k, err := lookupKind("sudoku")
	require.NoError(t, err)
	for _, fromStdin := range []bool{false, true} {
		var out, errs bytes.Buffer
		e := env{stdin: strings.NewReader(text), stdout: &out, stderr: &errs}
		args := []string{path}
		if fromStdin {
			args = nil
		}
		ins, err := openInputs(e, args, "sudoku instances")
		require.NoError(t, err)
		defer closeInputs(ins)
		o := newOptions(&errs)
		solve := func(ctx context.Context, lib puzzlesat.Options, x item) result {
			a, _, err := k.lib.Solve(ctx, x.p, lib)
			require.NoError(t, err)
			return result{out: a.Text}
		}
		require.NoError(t, k.batch(context.Background(), e, o, ins, solve))
		require.Equal(t, int64(len(text)), ins[0].read, "one reading")
		require.Equal(t, 2, strings.Count(out.String(), "\n"))
	}
}

// TestSeveralFiles (issue 36 item 4): solve and count answer the files
// they are given in turn, as one stream; a message names the file and
// its line, and cases count within each file.
func TestSeveralFiles(t *testing.T) {
	a := writeTemp(t, "a.in", "5 ABCED BDACE EBBAA\n")
	b := writeTemp(t, "b.in", "3\nABC\nABC\nAAA\n5 ABCED BDACE EBBAA\n")
	bad := writeTemp(t, "bad.in", "5 ABCED BDACE EBBAA\n5\nABCDE\nBCDEA\nABCDZ\n")
	out, errs, code := cli(t, "", "solve", "alphametic", "--stats", a, b)
	require.Equal(t, exitFailed, code, errs)
	require.Equal(t, "1 0 3 4 2\nno solution\n1 0 3 4 2\n", out)
	require.Contains(t, errs, a+" case 1: ")
	require.Contains(t, errs, b+" case 2: ")
	out, errs, code = cli(t, "", "count", "queens", writeTemp(t, "q1", "6\n"), writeTemp(t, "q2", "4\n5\n"))
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, ">=2\n>=2\n>=2\n", out)
	out, errs, code = cli(t, "", "solve", "alphametic", a, bad)
	require.Equal(t, exitUsage, code)
	require.Empty(t, out, "bad input in a small batch prints nothing")
	require.Equal(t, "puzzlesat: "+bad+":5: expected 5 letters A-E, got \"ABCDZ\"\n", errs)
	out, errs, code = cli(t, "5 ABCED BDACE EBBAA\n", "solve", "alphametic", a, "-", a)
	require.Equal(t, exitOK, code, errs)
	require.Equal(t, strings.Repeat("1 0 3 4 2\n", 3), out)
}
