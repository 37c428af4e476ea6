package main

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
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
