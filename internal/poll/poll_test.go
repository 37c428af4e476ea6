package poll_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/poll"
)

func TestTickerStopsWithinEvery(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	tk := poll.New(ctx)
	for range 10 {
		require.True(t, tk.Tick())
	}
	cancel()
	n := 0
	for tk.Tick() {
		n++
	}
	require.LessOrEqual(t, n, poll.Every)
	require.ErrorIs(t, tk.Err(), context.Canceled)
	require.False(t, tk.Tick(), "a stopped ticker stays stopped")
	require.Equal(t, int64(10+n+2), tk.Steps())
}

func TestTickerLooksAtTheFirstStep(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tk := poll.New(ctx)
	require.False(t, tk.Tick())
	require.ErrorIs(t, tk.Err(), context.Canceled)
}

func TestBudgetEndsAfterItsLooks(t *testing.T) {
	ctx := poll.Budget(context.Background(), 3)
	tk := poll.New(ctx)
	steps := 0
	for tk.Tick() {
		steps++
	}
	require.Equal(t, 3*poll.Every, steps, "three looks, Every steps each")
	require.ErrorIs(t, tk.Err(), context.DeadlineExceeded)
	select {
	case <-ctx.Done():
	default:
		t.Fatal("Done is open after the budget was spent")
	}
	parent, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, poll.Budget(parent, 100).Err(), context.Canceled, "the parent ends it")
}
