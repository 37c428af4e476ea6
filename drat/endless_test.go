package drat_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
)

// endless is a reader that never ends: its byte, again and again.
type endless byte

func (e endless) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(e)
	}
	return len(b), nil
}

// TestEndlessProofStops: a proof that never ends, whatever loop of the
// parsers it keeps busy (a comment line, a number, blanks, a binary
// step, NULs), stops with its context.
func TestEndlessProofStops(t *testing.T) {
	f := cnf.New()
	x := f.Lit()
	f.Add(x)
	f.Add(x.Not())
	for name, b := range map[string]byte{"comment": 'c', "number": '7', "blanks": ' ', "newlines": '\n', "binary": 'a', "nul": 0} {
		t.Run(name, func(t *testing.T) {
			r := endless(b)
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := drat.Check(ctx, f, r, drat.Options{})
				done <- err
			}()
			select {
			case err := <-done:
				if err != nil && ctx.Err() != nil {
					require.ErrorIs(t, err, context.DeadlineExceeded)
				}
			case <-time.After(time.Minute): // endless: only the context can stop it
				t.Fatal("the check of an endless proof did not stop with its context")
			}
		})
	}
}
