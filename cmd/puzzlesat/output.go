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
// removed.
type output struct {
	f      *os.File
	target string // where commit renames f to; "" when f is written in place
}

// createOutput opens the output to path.
func createOutput(path string) (*output, error) {
	target := path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		resolved, err := os.Stat(path)
		if err != nil || resolved.Mode().IsRegular() || resolved.IsDir() {
			return nil, fmt.Errorf("%s: a symbolic link, which puzzlesat does not write through: name its target, or remove it", path)
		}
		return inPlace(path, os.O_WRONLY)
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
		return inPlace(target, os.O_WRONLY)
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
			return nil, err
		}
	}
	return &output{f: f, target: target}, nil
}

// inPlace opens path to be written where it is.
func inPlace(path string, flag int) (*output, error) {
	f, err := os.OpenFile(path, flag, 0o666)
	if err != nil {
		return nil, err
	}
	return &output{f: f}, nil
}

// createTemp creates a new file beside path, with the mode 0666 that the
// umask narrows, as the file path would get.
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%08x.tmp", base, rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("%s: cannot create a temporary file beside it", path)
}

func (o *output) Write(p []byte) (int, error) { return o.f.Write(p) }

// Name returns the name of the file written, for messages.
func (o *output) Name() string {
	if o.target != "" {
		return o.target
	}
	return o.f.Name()
}

// commit closes the output and, for a regular file, renames it into
// place.
func (o *output) commit() error {
	err := o.f.Close()
	if o.target == "" {
		return err
	}
	if err == nil {
		err = os.Rename(o.f.Name(), o.target)
	}
	if err != nil {
		os.Remove(o.f.Name())
	}
	return err
}

// abort closes the output and, for a regular file, removes the temporary
// file, leaving what was at the path as it was.
func (o *output) abort() {
	o.f.Close()
	if o.target != "" {
		os.Remove(o.f.Name())
	}
}

// remove aborts the output and, for a regular file, removes what was at
// its path too, so that an output of a failed run is not taken for this
// run's; anything else (a device, a FIFO) is left as it is.
func (o *output) remove() {
	o.abort()
	if o.target != "" {
		os.Remove(o.target)
	}
}

// writeAtomically writes path as an output (see output): write's text
// is committed only when all of it was written and ctx is not done.
func writeAtomically(ctx context.Context, path string, write func(io.Writer) error) error {
	out, err := createOutput(path)
	if err != nil {
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
