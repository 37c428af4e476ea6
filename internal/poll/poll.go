// Package poll lets a long search look at its context now and then,
// cheaply enough to be called at every node.
package poll

import "context"

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
