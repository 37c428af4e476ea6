package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// result is the printed outcome of one instance.
type result struct {
	out    string // for stdout
	errs   string // for stderr
	stats  string // the --stats line
	failed bool   // no solution, timeout, too large, or a disagreement
	bug    bool   // a wrong answer or a panic
	// stopped: the run was interrupted before this instance finished; it
	// is not printed, and the batch ends with it.
	stopped bool
}

// errStop ends a scan early; it never reaches the user.
var errStop = errors.New("stop")

// window is how many instances, per job, may be solved ahead of the one
// being printed: enough to keep every job busy while a slow instance
// holds up the output, and a bound on the answers held.
const window = 16

// runBatch solves the instances that feed yields, with o.jobs workers,
// and prints their results in input order as soon as each is ready. The
// input is read ahead of the answers, within bounds (see source). After
// Ctrl-C it prints the results finished before the first unfinished one
// and returns errInterrupted; it returns a failed write at once, and
// otherwise the input's error, errFailed when the input stopped coming
// (--timeout), or errBug or errFailed when an instance was a bug or
// failed.
func runBatch[I any](ctx context.Context, e env, o *options, in stream[I], solve func(context.Context, int, I) result) error {
	return runWorkers(ctx, e, o, in, func() (func(context.Context, int, I) result, func()) { return solve, func() {} })
}

// runWorkers is runBatch with a solve function per worker, which
// newWorker makes when the worker gets its first instance, with the
// function that the worker calls when it is done: each worker may keep
// state across the instances it solves (a puzzlesat.Session), used by it
// alone. A worker is started for each instance until there are o.jobs,
// so that a batch of one instance makes one, whatever --jobs says; the
// first is the calling goroutine.
//
// The workers take the instances from the source themselves, one at a
// time and in turn, and the one whose answer is next in input order
// prints it, with every answer after it that is ready: an instance costs
// a few uncontended locks, where a goroutine hand-off to a worker and
// another to a printer cost a 9x9 puzzle a quarter of its solving.
func runWorkers[I any](ctx context.Context, e env, o *options, in stream[I], newWorker func() (func(context.Context, int, I) result, func())) error {
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	src := newSource[I](o.timeout, in.waits)
	go src.run(ctx, in.feed, in.bytes)
	prog := newProgress(e.stderr, src.total)
	b := &batch[I]{
		ctx: ctx, cancel: cancel, src: src, p: newPrinter(e, prog, in.header),
		newWorker: newWorker, jobs: o.jobs, started: 1,
		ring:    make([]slot, window*o.jobs),
		advance: make(chan struct{}, 1),
	}
	b.work()
	b.wg.Wait()
	cancel()
	return b.p.finish(parent, in.name(), b.feedErr)
}

// batch is the state its workers share.
type batch[I any] struct {
	ctx       context.Context
	cancel    context.CancelFunc
	src       *source[I]
	p         *printer
	newWorker func() (func(context.Context, int, I) result, func())
	jobs      int
	wg        sync.WaitGroup // the workers but the first

	// take is held by the worker taking the next instance, so that the
	// instances are numbered in input order; what follows is its.
	take    sync.Mutex
	next    int   // the number of the next instance
	started int   // the workers started
	feedErr error // what ended the input, once it did

	mu       sync.Mutex
	ring     []slot        // the results of instances printed+0 .. printed+len(ring)-1
	printed  atomic.Int64  // the instances printed; written under mu
	printing bool          // a worker prints: the others leave their results to it
	halted   bool          // printing ended: an interrupted instance or a failed write
	advance  chan struct{} // printed grew, for a worker that waits for room in ring
}

// slot holds one instance's result until it is printed.
type slot struct {
	r     result
	ready bool
}

// work is a worker: it takes instances and solves them until the input
// or the batch ends.
func (b *batch[I]) work() {
	var solve func(context.Context, int, I) result
	for {
		i, x, ok := b.nextInstance()
		if !ok {
			return
		}
		if solve == nil {
			var done func()
			solve, done = b.newWorker()
			defer done()
		}
		b.finish(i, safely(b.ctx, i, x, solve))
	}
}

// nextInstance returns the next instance and its number, and starts a
// worker for the one after it while there are fewer than jobs; false
// once the input ended, or the batch did. It waits while the instance
// would be more than the ring ahead of the printing.
func (b *batch[I]) nextInstance() (int, I, bool) {
	var zero I
	b.take.Lock()
	defer b.take.Unlock()
	if b.feedErr != nil || b.ctx.Err() != nil {
		return 0, zero, false
	}
	i := b.next
	for int64(i) >= b.printed.Load()+int64(len(b.ring)) {
		select {
		case <-b.advance:
		case <-b.ctx.Done():
			return 0, zero, false
		}
	}
	x, err := b.src.next(b.ctx)
	if err != nil {
		b.feedErr = err
		return 0, zero, false
	}
	b.next++
	if b.started < b.jobs && b.started <= i+1 {
		b.started++
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			b.work()
		}()
	}
	return i, x, true
}

// finish keeps r, the result of instance i, and prints it and the ones
// after it that are ready if it is next, unless another worker prints,
// who then does.
func (b *batch[I]) finish(i int, r result) {
	b.mu.Lock()
	n := int64(len(b.ring))
	b.ring[int64(i)%n] = slot{r, true}
	if b.printing || b.halted {
		b.mu.Unlock()
		return
	}
	b.printing = true
	for {
		k := b.printed.Load()
		s := &b.ring[k%n]
		if !s.ready {
			break
		}
		r := s.r
		*s = slot{}
		b.mu.Unlock()
		ok := b.p.print(r) // outside the lock: a write may wait
		b.mu.Lock()
		if !ok {
			b.halted = true
			b.cancel()
			break
		}
		b.printed.Store(k + 1)
		notify(b.advance)
	}
	b.printing = false
	b.mu.Unlock()
}

// safely solves instance i, x, turning a panic into a bug result that
// names it; once ctx is done it solves nothing.
func safely[I any](ctx context.Context, i int, x I, solve func(context.Context, int, I) result) (r result) {
	if ctx.Err() != nil {
		return result{stopped: true}
	}
	defer func() {
		if v := recover(); v != nil {
			r = result{errs: fmt.Sprintf("puzzlesat: BUG: %v\n%s", v, debug.Stack()), bug: true}
		}
	}()
	return solve(ctx, i, x)
}

// printer writes results in order and keeps the batch's verdict.
type printer struct {
	out         *flusher
	header      string // printed before the first result
	stderr      io.Writer
	prog        *progress
	printed     int
	failed, bug bool
	stopped     bool
	writeErr    error
}

// newPrinter returns the printer of a batch to e's stdout, with the
// progress line prog on stderr.
func newPrinter(e env, prog *progress, header string) *printer {
	return &printer{out: newFlusher(prog.writer(e.stdout), isTerminal(e.stdout)), header: header, stderr: e.stderr, prog: prog}
}

// print writes one result and reports whether the batch may go on: not
// after an interrupted instance or a failed write.
func (p *printer) print(r result) bool {
	if r.stopped {
		p.stopped = true
		return false
	}
	if p.header != "" {
		if err := p.out.write(p.header); err != nil {
			p.writeErr = err
			return false
		}
		p.header = ""
	}
	if r.errs != "" || r.stats != "" {
		if !p.flush() {
			return false
		}
		p.prog.write(p.stderr, r.errs+r.stats)
	}
	if err := p.out.write(r.out); err != nil {
		p.writeErr = err
		return false
	}
	p.failed = p.failed || r.failed
	p.bug = p.bug || r.bug
	p.printed++
	p.prog.update(p.printed)
	return true
}

// flush writes what is buffered and reports whether that worked.
func (p *printer) flush() bool {
	if err := p.out.flush(); err != nil && p.writeErr == nil {
		p.writeErr = err
	}
	return p.writeErr == nil
}

// finish flushes and returns the batch's error: a failed write, an
// interrupt, a feed error, a bug, or a failed instance, in that order.
// The end of the input is no error; a wait for input that reached
// --timeout is said on stderr and fails the batch.
func (p *printer) finish(ctx context.Context, in string, feedErr error) error {
	p.flush()
	p.prog.finish()
	var it *inputTimeout
	switch {
	case p.writeErr != nil:
		return p.writeErr
	case p.stopped || context.Cause(ctx) != nil:
		if cause := context.Cause(ctx); cause != nil && cause != context.Canceled {
			return cause
		}
		return errInterrupted
	case errors.As(feedErr, &it):
		fmt.Fprintf(p.stderr, "puzzlesat: %s: %v\n", in, feedErr)
		return errInputStopped
	case feedErr != nil && feedErr != io.EOF:
		return feedErr
	case p.bug:
		return errBug
	case p.failed:
		return errFailed
	}
	return nil
}
