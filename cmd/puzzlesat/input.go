package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"golang.org/x/term"
)

// input is one input of a command, read once, as a stream, whatever it
// is: a file, stdin, a pipe, a FIFO or a process substitution. A regular
// file is opened when the command starts, so that a missing or unreadable
// one fails before anything runs; anything else that has a path (a FIFO,
// /dev/fd/N) is opened when its turn comes, since opening a FIFO waits
// for its writer, under the command's context and deadline.
type input struct {
	name string    // for messages: the path, or "<stdin>"
	path string    // "" for stdin
	r    io.Reader // stdin, or the file once opened
	f    *os.File  // the file opened, which close closes
	// wait says that a read may wait without end (anything but a
	// regular file), so that reads are made interruptible.
	wait bool
	read int64 // bytes read so far
}

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// openInputs names the inputs args lists, or stdin when args is empty;
// "-" is stdin, which may be named once. what says what the inputs hold
// ("sudoku instances"), for the line that says the command waits for
// input when stdin is a terminal ("": no line).
func openInputs(e env, args []string, what string) ([]*input, error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	var ins []*input
	stdin := false
	for _, a := range args {
		if a == "-" {
			if stdin {
				closeInputs(ins)
				return nil, usagef("standard input (-) can be read only once")
			}
			stdin = true
			if what != "" {
				hintTerminal(e, what)
			}
			ins = append(ins, &input{name: stdinName, r: e.stdin, wait: !isRegular(e.stdin)})
			continue
		}
		in, err := namedInput(a)
		if err != nil {
			closeInputs(ins)
			return nil, err
		}
		ins = append(ins, in)
	}
	return ins, nil
}

// openInput is openInputs for a command that reads at most one input.
func openInput(e env, args []string, what string) (*input, error) {
	if len(args) > 1 {
		return nil, usagef("expected at most one input file, got %d", len(args))
	}
	ins, err := openInputs(e, args, what)
	if err != nil {
		return nil, err
	}
	return ins[0], nil
}

// namedInput opens the file at path when it is a regular one, and only
// checks that anything else is there.
func namedInput(path string) (*input, error) {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, err
	case fi.IsDir():
		return nil, fmt.Errorf("%s: is a directory", path)
	case !fi.Mode().IsRegular():
		return &input{name: path, path: path, wait: true}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &input{name: path, path: path, r: f, f: f}, nil
}

// isRegular reports whether r is a regular file, whose reads end.
func isRegular(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}

// hintTerminal says on stderr, when stdin is a terminal, that the command
// reads what from it, and how to end: someone who typed a command without
// a file would otherwise see it wait and not know why.
func hintTerminal(e env, what string) {
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(e.stderr, "puzzlesat: reading %s from the terminal; end with Ctrl-D\n", what)
	}
}

// reader returns the input, read under ctx: it opens it first if it was
// not yet, waiting for a FIFO's writer until ctx ends, and a read stops
// with ctx's error once ctx is done, even one that waits for a writer
// that never writes. Call it once.
func (in *input) reader(ctx context.Context) (io.Reader, error) {
	if in.r == nil {
		f, err := openWaiting(ctx, in.path, os.O_RDONLY)
		if err != nil {
			return nil, err
		}
		in.r, in.f = f, f
	}
	if !in.wait {
		return &ctxReader{ctx: ctx, r: in.r, n: &in.read}, nil
	}
	return &waitReader{ctx: ctx, r: in.r, n: &in.read}, nil
}

// close closes the file the input opened, if any.
func (in *input) close() {
	if in.f != nil {
		in.f.Close()
	}
}

// closeInputs closes every input of ins.
func closeInputs(ins []*input) {
	for _, in := range ins {
		in.close()
	}
}

// openWaiting opens path with flag until ctx ends: opening a FIFO waits
// for the other end, which may never come. The open goes on in a
// goroutine of its own; a file it opens after ctx ended is closed.
func openWaiting(ctx context.Context, path string, flag int) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, flag, 0o666)
		done <- opened{f, err}
	}()
	select {
	case o := <-done:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-done; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, &fs.PathError{Op: "open", Path: path, Err: waitError(ctx)}
	}
}

// waitError is the error of a wait that ctx ended: its cause, worded for
// a deadline.
func waitError(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
		return errWaitedTooLong
	}
	return context.Cause(ctx)
}

// errWaitedTooLong ends a wait for a reader or a writer at --timeout.
var errWaitedTooLong = fmt.Errorf("no one opened its other end within --timeout: %w", context.DeadlineExceeded)

// ctxReader reads from r until ctx is done, then returns ctx's error; it
// adds the bytes read to *n. It suits a reader whose reads end, such as a
// regular file's.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
	n   *int64
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	k, err := c.r.Read(p)
	*c.n += int64(k)
	return k, err
}

// waitReader is a ctxReader for a reader whose reads may wait without
// end (a pipe, a FIFO, a terminal): each read runs in a goroutine, and
// one still waiting when ctx ends is left to the process's end.
type waitReader struct {
	ctx     context.Context
	r       io.Reader
	n       *int64
	buf     []byte
	pending chan readResult // the read under way, nil when none
	stuck   bool            // a read was left waiting: the reader is done
}

type readResult struct {
	k   int
	err error
}

func (w *waitReader) Read(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil || w.stuck {
		return 0, cmpErr(err, context.Canceled)
	}
	if len(p) == 0 {
		return 0, nil
	}
	if w.pending == nil {
		if cap(w.buf) < len(p) {
			w.buf = make([]byte, len(p))
		}
		buf := w.buf[:len(p)]
		ch := make(chan readResult, 1)
		w.pending = ch
		go func() {
			k, err := w.r.Read(buf)
			ch <- readResult{k, err}
		}()
	}
	select {
	case res := <-w.pending:
		w.pending = nil
		k := copy(p, w.buf[:res.k])
		*w.n += int64(k)
		return k, res.err
	case <-w.ctx.Done():
		// The read goes on into w.buf, which nothing reads again.
		w.stuck = true
		return 0, w.ctx.Err()
	}
}

// cmpErr returns err, or def when err is nil.
func cmpErr(err, def error) error {
	if err != nil {
		return err
	}
	return def
}

// inputDeadline returns the context of a wait for input that --timeout
// bounds: ctx itself when d is 0.
func inputDeadline(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}
