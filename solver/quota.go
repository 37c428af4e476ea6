package solver

import (
	"context"
	"sync"
)

// Quota shares one budget of literals among the formulas of runs that go
// on at once, so that together they hold at most its size, however many
// runs there are: a batch of instances solved in parallel then needs the
// memory of one formula at the budget, not one per worker.
//
// Each run takes a Lease. Before it builds a formula, a run reserves on
// its lease the literals the formula may hold (its size bound, the one
// that Config.Reserve also checks against the budget), which gives back
// what the lease held for its previous formula; Release gives back the
// rest when the run ends. A reservation that finds too few literals free
// waits until other runs give back enough, first come first served, so
// that a large formula is not passed over for ever by small ones. A run
// waits holding nothing, so runs never wait for each other in a circle.
type Quota struct {
	size int64
	mu   sync.Mutex
	free int64
	wait []*quotaWaiter // in order of arrival
}

// quotaWaiter is a reservation waiting for n literals; ready is closed
// once they are its.
type quotaWaiter struct {
	n     int64
	ready chan struct{}
}

// NewQuota returns a quota of the given number of literals (at least 1).
func NewQuota(literals int) *Quota {
	n := max(int64(literals), 1)
	return &Quota{size: n, free: n}
}

// Lease returns a new lease on q, holding nothing; a nil quota gives a
// nil lease, on which reservations take nothing and never wait.
func (q *Quota) Lease() *Lease {
	if q == nil {
		return nil
	}
	return &Lease{q: q}
}

// Lease is one run's share of a Quota. A run uses its lease from one
// goroutine at a time.
type Lease struct {
	q    *Quota
	held int64
}

// reserve makes l hold n literals (at most the quota's size, so that a
// formula within the budget is never refused by a smaller quota), giving
// back what it held first. It waits while the quota has too few free, and
// returns ctx's error, holding nothing, when ctx ends first.
func (l *Lease) reserve(ctx context.Context, n int64) error {
	if l == nil {
		return nil
	}
	l.Release()
	n = min(max(n, 0), l.q.size)
	if n == 0 {
		return nil
	}
	q := l.q
	q.mu.Lock()
	if len(q.wait) == 0 && q.free >= n {
		q.free -= n
		q.mu.Unlock()
		l.held = n
		return nil
	}
	w := &quotaWaiter{n: n, ready: make(chan struct{})}
	q.wait = append(q.wait, w)
	q.mu.Unlock()
	select {
	case <-w.ready:
		l.held = n
		return nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	select {
	case <-w.ready: // granted as ctx ended: give it back
		q.free += n
	default:
		for i, x := range q.wait {
			if x == w {
				q.wait = append(q.wait[:i], q.wait[i+1:]...)
				break
			}
		}
	}
	q.grant()
	q.mu.Unlock()
	return ctx.Err()
}

// Release gives back what l holds. A nil lease holds nothing.
func (l *Lease) Release() {
	if l == nil || l.held == 0 {
		return
	}
	q := l.q
	q.mu.Lock()
	q.free += l.held
	l.held = 0
	q.grant()
	q.mu.Unlock()
}

// grant hands free literals to the waiters in order, as long as the first
// one's reservation fits; q.mu is held.
func (q *Quota) grant() {
	for len(q.wait) > 0 && q.wait[0].n <= q.free {
		w := q.wait[0]
		q.wait = q.wait[1:]
		q.free -= w.n
		close(w.ready)
	}
}
