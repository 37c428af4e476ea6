// Package poll lets a long search look at its context now and then,
// cheaply enough to be called at every node.
package poll

import (
	"context"
	"sync"
	"sync/atomic"
)

// Every is how many steps pass between two looks at the context: often
// enough that a search of millions of nodes per second stops within a
// millisecond of a cancel, rarely enough that the look costs nothing
// measurable. A power of two, so that the test is a mask.
const Every = 1024

// Ticker counts the steps of a search and looks at its context on the
// first step and every Every steps after. The zero value is not usable;
// call New.
type Ticker struct {
	ctx   context.Context
	steps int64
	err   error
}

// New returns a Ticker for ctx.
func New(ctx context.Context) Ticker { return Ticker{ctx: ctx} }

// Tick counts one step and reports whether the search may go on: false
// once the context was seen done, and from then on. Err says why.
func (t *Ticker) Tick() bool {
	if t.steps&(Every-1) == 0 && t.err == nil {
		t.err = t.ctx.Err()
	}
	t.steps++
	return t.err == nil
}

// Look looks at the context at once, without counting a step, and
// reports whether the search may go on: a search that may end without a
// step sees a done context all the same.
func (t *Ticker) Look() bool {
	if t.err == nil {
		t.err = t.ctx.Err()
	}
	return t.err == nil
}

// Steps returns the number of steps counted.
func (t *Ticker) Steps() int64 { return t.steps }

// Err returns the context's error once Tick has seen it done, else nil.
func (t *Ticker) Err() error { return t.err }

// Budget returns a context that ends with context.DeadlineExceeded once
// its Err has been called looks times, or when parent ends: a deadline
// counted in a search's work (a Ticker looks every Every steps) instead
// of seconds, so that a test of what a search does at its deadline sees
// the same work on any machine, however fast or busy. The search must
// look at this context itself, not at one derived from it.
func Budget(parent context.Context, looks int64) context.Context {
	b := &budget{Context: parent, done: make(chan struct{})}
	b.left.Store(looks)
	return b
}

type budget struct {
	context.Context
	left atomic.Int64
	once sync.Once
	done chan struct{}
}

func (b *budget) Err() error {
	if b.left.Add(-1) < 0 {
		b.once.Do(func() { close(b.done) })
		return context.DeadlineExceeded
	}
	return b.Context.Err()
}

// Done is closed once Err has reported the budget spent; a parent that
// ends shows through Err.
func (b *budget) Done() <-chan struct{} { return b.done }
