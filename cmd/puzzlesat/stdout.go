package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// flushDelay is the longest an answer waits in the buffer of a batch's
// output to a pipe or a file: a fast batch writes in large blocks, and
// a reader still sees each answer within moments of its being ready.
const flushDelay = 100 * time.Millisecond

// flusher buffers a batch's answers on their way to stdout: on a
// terminal each is written at once; to a pipe or a file, flushDelay
// after the first byte that waits, or when the buffer is full. Safe for
// concurrent use: a timer's flush may meet the batch's writes.
type flusher struct {
	mu    sync.Mutex
	w     *bufio.Writer
	now   bool        // write every answer at once
	timer *time.Timer // the flush to come, nil when nothing waits
	err   error
}

// newFlusher returns a flusher to w, which writes every answer at once
// when now is set.
func newFlusher(w io.Writer, now bool) *flusher {
	return &flusher{w: bufio.NewWriterSize(w, 64*1024), now: now}
}

// write writes s, one answer, and returns the first error met so far.
func (f *flusher) write(s string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	if _, err := f.w.WriteString(s); err != nil {
		f.err = err
		return err
	}
	switch {
	case f.now:
		f.flushLocked()
	case f.timer == nil && f.w.Buffered() > 0:
		f.timer = time.AfterFunc(flushDelay, func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.timer = nil
			f.flushLocked()
		})
	}
	return f.err
}

// flush writes what is buffered and returns the first error met so far.
func (f *flusher) flush() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.timer != nil {
		f.timer.Stop()
		f.timer = nil
	}
	f.flushLocked()
	return f.err
}

// flushLocked flushes with f.mu held.
func (f *flusher) flushLocked() {
	if f.err == nil {
		f.err = f.w.Flush()
	}
}

// isTerminal reports whether w writes to a terminal.
func isTerminal(w io.Writer) bool {
	f := fileOf(w)
	return f != nil && term.IsTerminal(int(f.Fd()))
}

// waitWriter writes to a file whose writes may wait without end (a pipe
// whose reader reads nothing, a FIFO, a terminal on hold): each write
// runs in a goroutine, on a copy of what it writes. Once ctx ended (the
// first Ctrl-C), a write may still print the answers finished before it,
// but is waited for at most writeGrace: one still waiting then is left
// to the process's end, and so are the writes after it.
type waitWriter struct {
	ctx   context.Context
	w     io.Writer
	stuck bool
}

// writeGrace is how long a write to stdout is waited for after Ctrl-C.
const writeGrace = 300 * time.Millisecond

// waitable returns w as a waitWriter under ctx when w is a file that is
// not a regular one, and w itself otherwise.
func waitable(ctx context.Context, w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok {
		return w
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		return w
	}
	return &waitWriter{ctx: ctx, w: w}
}

func (w *waitWriter) Write(p []byte) (int, error) {
	if w.stuck {
		return 0, context.Cause(w.ctx)
	}
	type wrote struct {
		k   int
		err error
	}
	done := make(chan wrote, 1)
	b := append([]byte(nil), p...)
	go func() {
		k, err := w.w.Write(b)
		done <- wrote{k, err}
	}()
	select {
	case res := <-done:
		return res.k, res.err
	case <-w.ctx.Done():
	}
	select {
	case res := <-done:
		return res.k, res.err
	case <-time.After(writeGrace):
		w.stuck = true
		return 0, context.Cause(w.ctx)
	}
}

// lockedWriter serializes the writes to w, so that the messages of a
// batch's reader and of its printer never interleave.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// stopGrace is how long a command may take to end after Ctrl-C before
// guarded ends the process anyway: every wait of a command ends with its
// context, so this only bounds a wait that was missed.
const stopGrace = time.Second

// guarded runs f, a command, and returns its exit status, or
// exitInterrupted when ctx ended and f did not return within stopGrace.
func guarded(ctx context.Context, f func() int) int {
	done := make(chan int, 1)
	go func() { done <- f() }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	select {
	case code := <-done:
		return code
	case <-time.After(stopGrace):
		fmt.Fprintln(os.Stderr, "puzzlesat: interrupted")
		return exitInterrupted
	}
}
