package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
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
// newWorker makes when the worker starts, with the function that the
// worker calls when it is done: each worker may keep state across the
// instances it solves (a puzzlesat.Session), used by it alone. A worker
// starts with the instance that first needs it, so that a batch of one
// instance makes one, whatever --jobs says.
func runWorkers[I any](ctx context.Context, e env, o *options, in stream[I], newWorker func() (func(context.Context, int, I) result, func())) error {
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	src := newSource[I](o.timeout, in.waits)
	go src.run(ctx, in.feed, in.bytes)
	prog := newProgress(e.stderr, src.total)
	p := newPrinter(e, prog, in.header)
	if o.jobs == 1 {
		solve, done := newWorker()
		defer done()
		var feedErr error
		for i := 0; ; i++ {
			x, err := src.next(ctx)
			if err != nil {
				feedErr = err
				break
			}
			if !p.print(safely(ctx, i, x, solve)) {
				break
			}
		}
		cancel()
		return p.finish(parent, in.name(), feedErr)
	}
	type job struct {
		i    int
		x    I
		r    result
		done chan struct{}
	}
	jobs := make(chan *job)
	order := make(chan *job, window*o.jobs) // in input order; its capacity bounds what is held
	var wg sync.WaitGroup
	worker := func() {
		defer wg.Done()
		solve, done := newWorker()
		defer done()
		for j := range jobs {
			j.r = safely(ctx, j.i, j.x, solve)
			close(j.done)
		}
	}
	var feedErr error
	go func() {
		defer close(order)
		defer close(jobs)
		for i := 0; ; i++ {
			x, err := src.next(ctx)
			if err != nil {
				feedErr = err
				return
			}
			j := &job{i: i, x: x, done: make(chan struct{})}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			if i < o.jobs {
				wg.Add(1)
				go worker()
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				// j is queued for printing but no worker will take it:
				// it ends the printing as a stopped instance.
				j.r = result{stopped: true}
				close(j.done)
				return
			}
		}
	}()
	for j := range order {
		select {
		case <-j.done:
		default:
			p.flush() // nothing ready: show what we have
			<-j.done
		}
		if !p.print(j.r) {
			cancel()
			break
		}
	}
	cancel()
	for range order { // let the feeder see the cancel and end
	}
	wg.Wait()
	return p.finish(parent, in.name(), feedErr)
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
