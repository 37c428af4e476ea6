package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/solver"
)

// TestQuotaBoundsTheSum: runs at once never hold more than the quota
// between their reservation and their release, and every run gets its
// turn.
func TestQuotaBoundsTheSum(t *testing.T) {
	const size = 1000
	q := solver.NewQuota(size)
	var held, most atomic.Int64
	var wg sync.WaitGroup
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			c := solver.Config{Lease: q.Lease()}
			defer c.Lease.Release()
			var mine int64
			for range 200 {
				n := int64(1 + rng.IntN(size))
				held.Add(-mine) // Reserve gives back the previous formula's first
				require.NoError(t, c.Reserve(context.Background(), n))
				mine = n
				now := held.Add(n)
				for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
				}
				time.Sleep(time.Duration(rng.IntN(20)) * time.Microsecond)
			}
			held.Add(-mine)
		}()
	}
	wg.Wait()
	require.LessOrEqual(t, most.Load(), int64(size))
	require.Positive(t, most.Load())
	// Everything given back: the whole quota is free again.
	c := solver.Config{Lease: q.Lease()}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	require.NoError(t, c.Reserve(ctx, size))
}

// TestQuotaWaits: a reservation that does not fit waits for the others to
// give back, comes before later small ones, and ends with its context,
// holding nothing; a reservation over the budget is too large at once,
// and one over the quota but within the budget takes the whole quota.
// It runs in a synctest bubble: synctest.Wait says when the big one
// waits, and the small one's deadline passes on the bubble's clock.
func TestQuotaWaits(t *testing.T) {
	synctest.Test(t, quotaWaits)
}

func quotaWaits(t *testing.T) {
	q := solver.NewQuota(100)
	a := solver.Config{Budget: 1000, Lease: q.Lease()}
	require.NoError(t, a.Reserve(context.Background(), 60))

	big := solver.Config{Budget: 1000, Lease: q.Lease()}
	got := make(chan error, 1)
	go func() { got <- big.Reserve(context.Background(), 500) }() // capped at the quota: 100
	synctest.Wait()
	require.Empty(t, got, "the big one waits while a holds 60")

	small := solver.Config{Budget: 1000, Lease: q.Lease()}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, small.Reserve(ctx, 10), context.DeadlineExceeded, "10 are free, but the big one came first")

	a.Lease.Release()
	require.NoError(t, <-got)
	big.Lease.Release()
	require.NoError(t, small.Reserve(context.Background(), 100), "the waiter that gave up holds nothing")

	var tl *solver.TooLarge
	require.True(t, errors.As(small.Reserve(context.Background(), 1001), &tl))
	require.Equal(t, int64(1001), tl.Literals)
	small.Lease.Release()
	require.NoError(t, a.Reserve(context.Background(), 100), "Release gave back all")
}

// TestQuotaNil: without a quota, Reserve only checks the budget.
func TestQuotaNil(t *testing.T) {
	var q *solver.Quota
	c := solver.Config{Budget: 10, Lease: q.Lease()}
	require.Nil(t, c.Lease)
	require.NoError(t, c.Reserve(context.Background(), 10))
	require.NoError(t, c.Reserve(context.Background(), 10))
	var tl *solver.TooLarge
	require.ErrorAs(t, c.Reserve(context.Background(), 11), &tl)
	c.Lease.Release()
}
