package main

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// hang is the deadline of the source's tests: past it, a test has hung.
const hang = 60 * time.Second

// runSource starts s on feed and returns a function that takes the
// source's next instance, failing the test if it hangs.
func runSource(t *testing.T, s *source[int], feed feedFunc[int]) func() (int, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go s.run(ctx, feed, nil)
	return func() (int, error) {
		type got struct {
			x   int
			err error
		}
		ch := make(chan got, 1)
		go func() {
			x, err := s.next(ctx)
			ch <- got{x, err}
		}()
		select {
		case g := <-ch:
			return g.x, g.err
		case <-time.After(hang):
			t.Fatal("next hangs")
			return 0, nil
		}
	}
}

// count yields the numbers from..to-1.
func count(yield func(int) error, from, to int) error {
	for i := from; i < to; i++ {
		if err := yield(i); err != nil {
			return err
		}
	}
	return nil
}

// TestSourceChecksSmallInputFirst: bad input within the bound is found
// before any instance is handed out, whatever the clock says (the stall
// never comes), so that nothing is printed.
func TestSourceChecksSmallInputFirst(t *testing.T) {
	s := newSource[int](0, nil)
	s.stall = hang
	bad := errors.New("x.in:4: bad")
	next := runSource(t, s, func(_ context.Context, yield func(int) error) error {
		if err := count(yield, 0, 3); err != nil {
			return err
		}
		return bad
	})
	_, err := next()
	require.Equal(t, bad, err)
}

// TestSourceAnswersAtTheBound: an input past the bound is answered before
// it ends (the feed goes on only once the first instance was taken), and
// never more than the bound is held.
func TestSourceAnswersAtTheBound(t *testing.T) {
	s := newSource[int](0, nil)
	s.stall, s.maxInstances = hang, 4
	taken := make(chan struct{})
	most := 0
	next := runSource(t, s, func(ctx context.Context, yield func(int) error) error {
		for i := range 20 {
			if err := yield(i); err != nil {
				return err
			}
			s.mu.Lock()
			most = max(most, s.queue.len())
			s.mu.Unlock()
			if i == 6 {
				select {
				case <-taken:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		}
		return nil
	})
	for i := range 20 {
		x, err := next()
		require.NoError(t, err)
		require.Equal(t, i, x)
		if i == 0 {
			close(taken)
		}
	}
	_, err := next()
	require.Equal(t, io.EOF, err)
	require.LessOrEqual(t, most, 4)
}

// TestSourceAnswersAStalledInput: an input that stops bringing instances
// without ending has the ones it brought answered: a slow producer's
// instances are answered as they come.
func TestSourceAnswersAStalledInput(t *testing.T) {
	s := newSource[int](0, nil)
	more := make(chan struct{})
	next := runSource(t, s, func(ctx context.Context, yield func(int) error) error {
		for i := range 3 {
			if err := yield(i); err != nil {
				return err
			}
			select { // the next comes when this one was taken
			case <-more:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	for i := range 3 {
		x, err := next()
		require.NoError(t, err)
		require.Equal(t, i, x)
		more <- struct{}{}
	}
	_, err := next()
	require.Equal(t, io.EOF, err)
}

// TestSourceBadInstanceAfterAnswers: once answering has begun, the
// instances before a bad one are all handed out, then its error.
func TestSourceBadInstanceAfterAnswers(t *testing.T) {
	s := newSource[int](0, nil)
	s.stall, s.maxInstances = hang, 2
	taken := make(chan struct{})
	bad := errors.New("x.in:9: bad")
	next := runSource(t, s, func(ctx context.Context, yield func(int) error) error {
		if err := count(yield, 0, 3); err != nil {
			return err
		}
		<-taken
		if err := count(yield, 3, 5); err != nil {
			return err
		}
		return bad
	})
	for i := range 5 {
		x, err := next()
		require.NoError(t, err)
		require.Equal(t, i, x)
		if i == 0 {
			close(taken)
		}
	}
	_, err := next()
	require.Equal(t, bad, err)
}

// TestSourceTimeout: an input that brings no instance ends the wait at
// the timeout, when it may wait for a writer; a regular file is read to
// its end, however long that takes.
func TestSourceTimeout(t *testing.T) {
	s := newSource[int](time.Second, nil)
	s.timeout = time.Millisecond // below minInputWait, for the test
	next := runSource(t, s, func(ctx context.Context, yield func(int) error) error {
		<-ctx.Done()
		return ctx.Err()
	})
	_, err := next()
	var it *inputTimeout
	require.ErrorAs(t, err, &it)

	s = newSource[int](time.Second, func() bool { return false })
	s.timeout = time.Millisecond
	next = runSource(t, s, func(ctx context.Context, yield func(int) error) error {
		time.Sleep(20 * time.Millisecond) // a slow disk: longer than the timeout, whatever the machine
		return count(yield, 0, 1)
	})
	x, err := next()
	require.NoError(t, err)
	require.Equal(t, 0, x)
}

// TestSourceEndsWithCtx: a wait for input ends with its context.
func TestSourceEndsWithCtx(t *testing.T) {
	s := newSource[int](0, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go s.run(ctx, func(ctx context.Context, yield func(int) error) error {
		<-ctx.Done()
		return ctx.Err()
	}, nil)
	cancel()
	_, err := s.next(ctx)
	require.ErrorIs(t, err, context.Canceled)
}

// TestRing: the source's queue hands its values out in the order they
// came, across its growth and its wrapping around.
func TestRing(t *testing.T) {
	for _, tc := range []struct {
		name string
		ops  string // p: push the next number, o: pop and check
	}{
		{"empty", ""},
		{"one", "po"},
		{"grows", strings.Repeat("p", 40) + strings.Repeat("o", 40)},
		{"wraps", strings.Repeat("ppo", 30) + strings.Repeat("o", 30)},
		{"grows while wrapped", strings.Repeat("p", 10) + strings.Repeat("o", 8) + strings.Repeat("p", 30) + strings.Repeat("o", 32)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var q ring[int]
			pushed, popped := 0, 0
			for _, op := range tc.ops {
				if op == 'p' {
					q.push(pushed)
					pushed++
				} else {
					require.Equal(t, popped, q.pop())
					popped++
				}
				require.Equal(t, pushed-popped, q.len())
			}
		})
	}
}
