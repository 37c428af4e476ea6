package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"

	"golang.org/x/term"
)

// input is the text of the instances and the name errors give it. A batch
// reads it whole to check it before anything is solved; an input whose
// instances do not fit in memory is then read again to solve it as it streams, so that memory does not
// follow its size, and stdin is spooled to a temporary file on the first
// reading for that.
type input struct {
	name   string
	path   string    // the file, "" for stdin
	stdin  io.Reader // when path is ""
	unread *os.File  // the file openInput opened, not read yet
	spool  *os.File  // stdin's copy, after a first reading
	open   []*os.File
	read   int64 // bytes read so far, over all readings
}

// openInput names FILE, or stdin when there is none or it is "-"; what
// says what the input holds ("sudoku instances"), for the line that says
// the command waits for input when stdin is a terminal.
func openInput(e env, args []string, what string) (*input, error) {
	switch {
	case len(args) > 1:
		return nil, usagef("expected at most one input file, got %d", len(args))
	case len(args) == 0 || args[0] == "-":
		hintTerminal(e, what)
		return &input{name: "<stdin>", stdin: e.stdin}, nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, err
	}
	return &input{name: args[0], path: args[0], unread: f, open: []*os.File{f}}, nil
}

// hintTerminal says on stderr, when stdin is a terminal, that the command
// reads what from it, and how to end: someone who typed a command without
// a file would otherwise see it wait and not know why.
func hintTerminal(e env, what string) {
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprintf(e.stderr, "puzzlesat: reading %s from the terminal; end with Ctrl-D\n", what)
	}
}

// reader returns the input from its start, read under ctx: a reading
// stops with ctx's error once ctx is done. With spool, stdin is copied to
// a temporary file as it is read, so that a later call can read it again.
func (in *input) reader(ctx context.Context, spool bool) (io.Reader, error) {
	var r io.Reader
	switch {
	case in.unread != nil:
		r, in.unread = in.unread, nil
	case in.path != "":
		f, err := os.Open(in.path)
		if err != nil {
			return nil, err
		}
		in.open = append(in.open, f)
		r = f
	case in.spool != nil:
		if _, err := in.spool.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		r = in.spool
	case spool:
		f, err := os.CreateTemp("", "puzzlesat-stdin-*")
		if err != nil {
			return nil, err
		}
		os.Remove(f.Name()) // the open file lives on; nothing is left behind
		in.spool = f
		in.open = append(in.open, f)
		r = io.TeeReader(in.stdin, f)
	default:
		r = in.stdin
	}
	return bufio.NewReaderSize(ctxReader{ctx, r, &in.read}, 64*1024), nil
}

// close closes every file the input opened.
func (in *input) close() {
	for _, f := range in.open {
		f.Close()
	}
}

// ctxReader reads from r until ctx is done, then returns ctx's error; it
// adds the bytes read to *n.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
	n   *int64
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	k, err := c.r.Read(p)
	*c.n += int64(k)
	return k, err
}
