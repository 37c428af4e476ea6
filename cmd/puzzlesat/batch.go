package main

import (
	"bufio"
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

// window is how many instances, per job, may be read ahead of the one
// being printed: enough to keep every job busy while a slow instance
// holds up the output, and a bound on memory whatever the input's size.
const window = 16

// runBatch solves the n instances that feed yields, with o.jobs workers,
// and prints their results in input order as soon as each is ready. At
// most window*jobs instances are held at once. After Ctrl-C it prints the
// results finished before the first unfinished one and returns
// errInterrupted; it returns a failed write at once, and otherwise
// errBug or errFailed when an instance was a bug or failed.
func runBatch[I any](ctx context.Context, e env, o *options, n int, feed func(yield func(I) error) error, solve func(context.Context, int, I) result) error {
	return runWorkers(ctx, e, o, n, feed, func() (func(context.Context, int, I) result, func()) { return solve, func() {} })
}

// runWorkers is runBatch with a solve function per worker, which
// newWorker makes when the worker starts, with the function that the
// worker calls when it is done: each worker may keep state across the
// instances it solves (a puzzlesat.Session), used by it alone.
func runWorkers[I any](ctx context.Context, e env, o *options, n int, feed func(yield func(I) error) error, newWorker func() (func(context.Context, int, I) result, func())) error {
	prog := newProgress(e.stderr, n)
	p := printer{out: bufio.NewWriterSize(prog.writer(e.stdout), 64*1024), stderr: e.stderr, prog: prog}
	if o.jobs == 1 || n == 1 {
		i := 0
		solve, done := newWorker()
		defer done()
		err := feed(func(x I) error {
			if !p.print(safely(ctx, i, x, solve)) {
				return errStop
			}
			i++
			return nil
		})
		return p.finish(ctx, err)
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		i    int
		x    I
		r    result
		done chan struct{}
	}
	jobs := make(chan *job)
	order := make(chan *job, window*o.jobs) // in input order; its capacity bounds what is held
	var wg sync.WaitGroup
	for range min(o.jobs, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			solve, done := newWorker()
			defer done()
			for j := range jobs {
				j.r = safely(ctx, j.i, j.x, solve)
				close(j.done)
			}
		}()
	}
	var feedErr error
	go func() {
		defer close(order)
		defer close(jobs)
		i := 0
		feedErr = feed(func(x I) error {
			j := &job{i: i, x: x, done: make(chan struct{})}
			i++
			select {
			case order <- j:
			case <-ctx.Done():
				return errStop
			}
			select {
			case jobs <- j:
				return nil
			case <-ctx.Done():
				// j is queued for printing but no worker will take it:
				// it ends the printing as a stopped instance.
				j.r = result{stopped: true}
				close(j.done)
				return errStop
			}
		})
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
	return p.finish(parent, feedErr)
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
	out         *bufio.Writer
	stderr      io.Writer
	prog        *progress
	printed     int
	failed, bug bool
	stopped     bool
	writeErr    error
}

// print writes one result and reports whether the batch may go on: not
// after an interrupted instance or a failed write.
func (p *printer) print(r result) bool {
	if r.stopped {
		p.stopped = true
		return false
	}
	if _, err := p.out.WriteString(r.out); err != nil {
		p.writeErr = err
		return false
	}
	if r.errs != "" || r.stats != "" {
		if !p.flush() {
			return false
		}
		p.prog.write(p.stderr, r.errs+r.stats)
	}
	p.failed = p.failed || r.failed
	p.bug = p.bug || r.bug
	p.printed++
	p.prog.update(p.printed)
	return true
}

// flush writes what is buffered and reports whether that worked.
func (p *printer) flush() bool {
	if err := p.out.Flush(); err != nil && p.writeErr == nil {
		p.writeErr = err
	}
	return p.writeErr == nil
}

// finish flushes and returns the batch's error: a failed write, an
// interrupt, a feed error, a bug, or a failed instance, in that order.
func (p *printer) finish(ctx context.Context, feedErr error) error {
	p.flush()
	p.prog.finish()
	switch {
	case p.writeErr != nil:
		return p.writeErr
	case p.stopped || context.Cause(ctx) == errInterrupted:
		return errInterrupted
	case feedErr != nil && !errors.Is(feedErr, errStop):
		return feedErr
	case p.bug:
		return errBug
	case p.failed:
		return errFailed
	}
	return nil
}
