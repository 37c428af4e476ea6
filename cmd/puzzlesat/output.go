package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"
)

// output is a file that a subcommand writes to a path the user named
// (encode -o, compare --json, --plot and --markdown, check --core and
// --lrat). A regular file, or one that does not exist yet, is written
// through a temporary file beside it that commit renames into place, so
// that an error or Ctrl-C never leaves half a file: the file keeps its
// mode, and a new one gets the umask's default, as a shell's > gives it.
// Nothing is written through a symlink to a file or to nowhere: such a
// path is refused before any work, since writing it would change a file
// the user did not name. A character device such as /dev/null, a FIFO or
// a terminal, named or linked to (as /dev/stdout is), is written in
// place, as > would write it: it is never replaced, renamed over or
// removed, and it is opened only when it is written (open), so that a
// FIFO's reader is waited for under the command's deadline and Ctrl-C.
// Errors name the user's path, never the temporary file's.
type output struct {
	path   string    // the path the user named, for messages
	f      *os.File  // the temporary file, or the file in place once opened
	w      io.Writer // what writes to f
	target string    // where commit renames f to; "" when f is written in place
}

// createOutput opens the output to path; one written in place is only
// checked for now, and opened by open.
func createOutput(path string) (*output, error) {
	target := path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		resolved, err := os.Stat(path)
		if err != nil || resolved.Mode().IsRegular() || resolved.IsDir() {
			return nil, fmt.Errorf("%s: a symbolic link, which puzzlesat does not write through: name its target, or remove it", path)
		}
		return &output{path: path}, nil
	}
	fi, err := os.Stat(target)
	var mode fs.FileMode // 0: a new file, the umask's default
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	case fi.IsDir():
		return nil, fmt.Errorf("%s: is a directory", path)
	case !fi.Mode().IsRegular():
		return &output{path: path}, nil
	default:
		mode = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}
	f, err := createTemp(target)
	if err != nil {
		return nil, err
	}
	if mode != 0 {
		if err := f.Chmod(mode); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, renamed(err, f.Name(), path)
		}
	}
	return &output{path: path, f: f, w: f, target: target}, nil
}

// open opens an output written in place (a FIFO waits for its reader)
// until ctx ends, which then ends its writes too; a temporary file is
// open already.
func (o *output) open(ctx context.Context) error {
	if o.f != nil {
		return nil
	}
	f, err := openWaiting(ctx, o.path, os.O_WRONLY)
	if err != nil {
		return err
	}
	o.f, o.w = f, waitable(ctx, f)
	return nil
}

// createTemp creates a new file beside path, with the mode 0666 that the
// umask narrows, as the file path would get. Its errors name path.
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%08x.tmp", base, rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, renamed(err, name, path)
		}
	}
	return nil, fmt.Errorf("%s: cannot create a temporary file beside it", path)
}

// renamed returns err with the temporary file's name tmp, where it names
// it, replaced by the user's path: a message names what the user named.
func renamed(err error, tmp, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == tmp {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: path, Err: le.Err}
	}
	return err
}

func (o *output) Write(p []byte) (int, error) {
	if o.w == nil {
		return 0, fmt.Errorf("%s: written before it was opened", o.path)
	}
	n, err := o.w.Write(p)
	if o.f != nil {
		err = renamed(err, o.f.Name(), o.path)
	}
	return n, err
}

// Name returns the name of the file written, for messages.
func (o *output) Name() string { return o.path }

// commit closes the output and, for a regular file, renames it into
// place.
func (o *output) commit() error {
	if o.f == nil {
		return nil
	}
	f := o.f
	o.f, o.w = nil, nil
	err := f.Close()
	if o.target == "" {
		return err
	}
	if err == nil {
		err = os.Rename(f.Name(), o.target)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return renamed(err, f.Name(), o.path)
}

// abort closes the output and, for a regular file, removes the temporary
// file, leaving what was at the path as it was. It does nothing after
// commit.
func (o *output) abort() {
	if o.f == nil {
		return
	}
	o.f.Close()
	if o.target != "" {
		os.Remove(o.f.Name())
	}
	o.f, o.w = nil, nil
}

// remove aborts the output and, for a regular file, removes what was at
// its path too, so that an output of a failed run is not taken for this
// run's; anything else (a device, a FIFO) is left as it is.
func (o *output) remove() {
	temp := o.f != nil
	o.abort()
	if o.target != "" && temp {
		os.Remove(o.target)
	}
}

// writeAtomically writes path as an output (see output): write's text
// is committed only when all of it was written and ctx is not done. A
// path written in place (a FIFO) is opened under ctx.
func writeAtomically(ctx context.Context, path string, write func(io.Writer) error) error {
	return writeWaiting(ctx, path, 0, write)
}

// writeWaiting is writeAtomically where a FIFO's reader is waited for at
// most wait (0: until ctx ends).
func writeWaiting(ctx context.Context, path string, wait time.Duration, write func(io.Writer) error) error {
	out, err := createOutput(path)
	if err != nil {
		return err
	}
	octx, cancel := inputDeadline(ctx, wait)
	defer cancel()
	if err := out.open(octx); err != nil {
		return err
	}
	err = write(ctxWriter{ctx, out})
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		out.abort()
		return err
	}
	return out.commit()
}

// ctxWriter writes to w until ctx is done, then returns ctx's error.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
