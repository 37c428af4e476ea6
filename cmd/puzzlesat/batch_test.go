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
	"github.com/puzzlesat/puzzlesat/kind"
)

// TestBatchCancelBeforeHandOff: a cancel that comes while an instance
// waits in the print queue for a free worker ends the batch; it once hung
// it, the printer waiting for an instance that no worker would take.
func TestBatchCancelBeforeHandOff(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o := newOptions(nil)
	o.jobs = 2
	feed := func(yield func(int) error) error {
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
	go func() { done <- runBatch(ctx, env{stdout: &out, stderr: &errs}, o, 10, feed, solve) }()
	select {
	case err := <-done:
		require.ErrorIs(t, err, errInterrupted)
		require.Equal(t, "ok\nok\n", out.String())
	case <-time.After(10 * time.Second):
		t.Fatal("the batch hangs after a cancel")
	}
}

// TestBatchKeepsSmallInput: a batch solves the instances of its first
// reading when the input is small and reads a large one again, from a
// file or from spooled stdin; the answers are the same either way.
func TestBatchKeepsSmallInput(t *testing.T) {
	text := "# two puzzles\n" +
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n" +
		"2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3\n"
	path := filepath.Join(t.TempDir(), "two.txt")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	k, err := lookupKind("sudoku")
	require.NoError(t, err)
	answers := func(keep int64, fromStdin bool) (string, int64) {
		var out, errs bytes.Buffer
		e := env{stdin: strings.NewReader(text), stdout: &out, stderr: &errs}
		args := []string{path}
		if fromStdin {
			args = nil
		}
		in, err := openInput(e, args, "sudoku instances")
		require.NoError(t, err)
		defer in.close()
		o := newOptions(&errs)
		o.keep = keep
		solve := func(ctx context.Context, lib puzzlesat.Options, _ int, p kind.Instance) result {
			a, _, err := k.lib.Solve(ctx, p, lib)
			require.NoError(t, err)
			return result{out: a.Text}
		}
		require.NoError(t, k.batch(context.Background(), e, o, in, solve))
		return out.String(), in.read
	}
	for _, fromStdin := range []bool{false, true} {
		kept, readKept := answers(keepHeap, fromStdin)
		again, readAgain := answers(-1, fromStdin)
		require.Equal(t, again, kept)
		require.Equal(t, int64(len(text)), readKept, "kept: one reading")
		require.Equal(t, int64(2*len(text)), readAgain, "read again")
		require.Equal(t, 2, strings.Count(kept, "\n"))
	}
}
