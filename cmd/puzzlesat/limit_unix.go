//go:build unix

package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// addressLimit returns the process's address-space limit in bytes
// (RLIMIT_AS, ulimit -v); 0 when there is none.
func addressLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return int64(r.Cur)
}

// addressUsed returns the size of the process's address space in bytes,
// from /proc/self/statm; 0 where it cannot be read.
func addressUsed() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	pages, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}
