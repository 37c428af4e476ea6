package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// input is the text of the instances and the name errors give it.
type input struct {
	name string
	r    io.Reader
}

// result is the printed outcome of one instance.
type result struct {
	out    string // for stdout
	errs   string // for stderr
	stats  string // the --stats line
	failed bool
}

// progressMin is the batch size from which progress is shown on a terminal.
const progressMin = 200

// runBatch solves instances 0..n-1 with o.jobs workers and prints their
// results in input order as soon as each is ready. It returns errFailed
// when any instance failed.
func runBatch(ctx context.Context, e env, o *options, n int, solve func(context.Context, int) result) error {
	if o.jobs == 1 || n == 1 {
		return runSequential(ctx, e, n, solve)
	}
	results := make([]result, n)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(o.jobs, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = solve(ctx, i)
				close(done[i])
			}
		}()
	}
	go func() {
		for i := 0; i < n; i++ {
			next <- i
		}
		close(next)
	}()
	prog := newProgress(e.stderr, n)
	out := bufio.NewWriterSize(e.stdout, 64*1024)
	failed := false
	for i := 0; i < n; i++ {
		select {
		case <-done[i]:
		default:
			out.Flush() // nothing ready: show what we have
			<-done[i]
		}
		r := results[i]
		out.WriteString(r.out)
		if r.errs != "" || r.stats != "" {
			out.Flush()
			prog.clear()
			io.WriteString(e.stderr, r.errs+r.stats)
		}
		failed = failed || r.failed
		prog.update(i + 1)
	}
	wg.Wait()
	prog.clear()
	if err := out.Flush(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}

// runSequential is runBatch with one job, in the caller's goroutine: no
// hand-offs between goroutines, which cost more than quick instances.
func runSequential(ctx context.Context, e env, n int, solve func(context.Context, int) result) error {
	prog := newProgress(e.stderr, n)
	out := bufio.NewWriterSize(e.stdout, 64*1024)
	failed := false
	for i := 0; i < n; i++ {
		r := solve(ctx, i)
		out.WriteString(r.out)
		if r.errs != "" || r.stats != "" {
			out.Flush()
			prog.clear()
			io.WriteString(e.stderr, r.errs+r.stats)
		}
		failed = failed || r.failed
		prog.update(i + 1)
	}
	prog.clear()
	if err := out.Flush(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}

// progress shows "k/n" on stderr while a long batch runs, when stderr is
// a terminal.
type progress struct {
	w     io.Writer
	n     int
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, n int) *progress {
	f, ok := w.(*os.File)
	if !ok || n < progressMin {
		return &progress{}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return &progress{}
	}
	return &progress{w: w, n: n, last: time.Now()}
}

func (p *progress) update(k int) {
	if p.w == nil || time.Since(p.last) < 200*time.Millisecond {
		return
	}
	p.last = time.Now()
	fmt.Fprintf(p.w, "\rpuzzlesat: %d/%d solved", k, p.n)
	p.shown = true
}

func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// openInput opens FILE, or stdin when there is none or it is "-".
func openInput(e env, args []string) (input, func(), error) {
	switch {
	case len(args) > 1:
		return input{}, nil, usagef("expected at most one input file, got %d", len(args))
	case len(args) == 0 || args[0] == "-":
		return input{name: "<stdin>", r: e.stdin}, func() {}, nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return input{}, nil, err
	}
	return input{name: args[0], r: bufio.NewReaderSize(f, 64*1024)}, func() { f.Close() }, nil
}
