package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"time"
)

// redirect is -o PATH (or --output PATH), which every subcommand takes:
// what the subcommand prints on stdout goes to PATH instead, whole or
// not at all. PATH is written as every output the user names is (see
// output): a regular file through a temporary file renamed into place
// when the subcommand's output is complete, so that a bad input, a bug or
// Ctrl-C leaves what was there; "-" is stdout. Messages stay on stderr.
// trace's -o is its own: the file the tree is drawn to. A FIFO or a
// device is opened at the first write, as > would open it, waiting for a
// FIFO's reader until the run ends or, when the subcommand has one,
// --timeout after that write.
type redirect struct {
	stdout *checked        // where the subcommand writes; its writer is swapped for the file
	ctx    context.Context // the run's: Ctrl-C ends a wait for a FIFO's reader
	path   string
	wait   time.Duration // --timeout, which bounds that wait; 0: none
	out    *output       // the open file; nil until the flags are parsed
}

// addFlags registers -o and --output on fs.
func (r *redirect) addFlags(fs *flag.FlagSet) {
	fs.Var(r, "o", "write what would go to stdout to `PATH` instead, whole or not at all (- for stdout)")
	fs.Var(r, "output", "the same as -o `PATH`")
}

func (r *redirect) String() string {
	if r == nil {
		return ""
	}
	return r.path
}

func (r *redirect) Set(path string) error {
	if path == "" {
		return errors.New("want a PATH, or - for stdout")
	}
	r.path = path
	return nil
}

// open opens the file the flags named, if any, and sends stdout's writes
// to it.
func (r *redirect) open() error {
	if r == nil || r.path == "" || r.path == "-" || r.out != nil {
		return nil
	}
	out, err := createOutput(r.path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // its path is the temporary file's
		}
		return usagef("-o %s: %v", r.path, err)
	}
	r.out = out
	r.stdout.w, r.stdout.name = r, r.path
	return nil
}

// Write opens the output at the first write, if it is written in place,
// and writes p to it.
func (r *redirect) Write(p []byte) (int, error) {
	if r.out.f == nil {
		ctx, cancel := inputDeadline(r.ctx, r.wait)
		defer cancel()
		if err := r.out.open(ctx); err != nil {
			return 0, err
		}
	}
	return r.out.Write(p)
}

// close commits the file when the subcommand's output is complete, err
// being what the subcommand returned, and discards it otherwise; it
// returns err, or the error of the commit.
func (r *redirect) close(err error) error {
	if r == nil || r.out == nil {
		return err
	}
	var ee *exitError
	if err != nil && !errors.Is(err, errFailed) && !errors.As(err, &ee) {
		r.out.abort()
		return err
	}
	if cerr := r.out.commit(); cerr != nil {
		return fmt.Errorf("-o %s: %w", r.path, cerr)
	}
	return err
}

// openRedirect opens the -o of fs, once its flags are parsed; the
// subcommand's --timeout, if it has one, bounds a wait for a FIFO's
// reader.
func openRedirect(fs *flag.FlagSet) error {
	f := fs.Lookup("o")
	if f == nil {
		return nil
	}
	r, ok := f.Value.(*redirect)
	if !ok {
		return nil
	}
	if t := fs.Lookup("timeout"); t != nil {
		if g, ok := t.Value.(flag.Getter); ok {
			r.wait, _ = g.Get().(time.Duration)
		}
	}
	return r.open()
}
