//go:build unix

package main

import (
	"context"
	"io"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// watchReader returns ctx, cancelled with the cause brokenPipe when w is
// a pipe or a socket whose reader went away, as head -1 does once it has
// its line: the run then ends at once, its workers stopped, even while
// it writes nothing. The function returned stops the watch.
func watchReader(ctx context.Context, w io.Writer) (context.Context, func()) {
	f, ok := w.(*os.File)
	if !ok {
		return ctx, func() {}
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) == 0 {
		return ctx, func() {}
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return ctx, func() {}
	}
	fd := -1
	rc.Control(func(d uintptr) { fd = int(d) })
	ctx, cancel := context.WithCancelCause(ctx)
	stop := make(chan struct{})
	go func() {
		// No event asked for: poll reports POLLERR on a pipe's writing
		// end when its last reader closed, POLLHUP on a socket.
		fds := []unix.PollFd{{Fd: int32(fd)}}
		for {
			select {
			case <-stop:
				return
			default:
			}
			n, err := unix.Poll(fds, watchEvery)
			switch {
			case err == unix.EINTR:
			case err != nil:
				return
			case n > 0 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP|unix.POLLNVAL) != 0:
				cancel(brokenPipe{&fs.PathError{Op: "write", Path: "standard output", Err: syscall.EPIPE}})
				return
			}
		}
	}()
	return ctx, func() {
		close(stop)
		cancel(nil)
	}
}

// watchEvery is how often, in milliseconds, the watch of watchReader
// looks whether it was stopped; the reader's end wakes it at once.
const watchEvery = 250
